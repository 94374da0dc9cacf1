"""Persistent preferences (QSettings): recent files, bot pace."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 8

#: bot pace menu: label -> milliseconds between bot decisions
PACES: dict[str, int] = {"Instant": 0, "Fast": 250, "Normal": 700, "Slow": 1500}
DEFAULT_PACE = 700


def bot_pace() -> int:
    """Milliseconds between two bot decisions."""
    value = QSettings().value("bots/pace_ms", DEFAULT_PACE)
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return DEFAULT_PACE


def set_bot_pace(ms: int) -> None:
    QSettings().setValue("bots/pace_ms", int(ms))


def recent_files() -> list[str]:
    value = QSettings().value("files/recent", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in (value or []) if v]


def add_recent_file(path: str) -> list[str]:
    """Put ``path`` first in the recent list and return the list."""
    items = [path] + [p for p in recent_files() if p != path]
    items = items[:MAX_RECENT]
    QSettings().setValue("files/recent", items)
    return items


def clear_recent_files() -> None:
    QSettings().setValue("files/recent", [])


def _play_key(path: str) -> str:
    resolved = str(Path(path).expanduser().resolve())
    return "play/" + hashlib.sha1(resolved.encode()).hexdigest()


def remember_play_mode(path: str, curtain: bool, solo: bool) -> None:
    """How the game saved at ``path`` is played at this screen (hand-over curtain, New
    Game's Solo): a save holds the game, not the table's arrangement, so it is kept here."""
    QSettings().setValue(_play_key(path), f"{int(bool(curtain))}{int(bool(solo))}")


def play_mode(path: str) -> tuple[bool, bool] | None:
    """``(curtain, solo)`` as last played from ``path``, or None if never seen here."""
    value = QSettings().value(_play_key(path))
    if not isinstance(value, str) or len(value) != 2:
        return None
    return value[0] == "1", value[1] == "1"
