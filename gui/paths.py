"""Where the client keeps its files (QStandardPaths.AppDataLocation)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def app_data_dir() -> Path:
    """The per-user data folder, created on demand."""
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    path = Path(loc)
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The autosave written after every choice."""
    return app_data_dir() / "autosave.json"
