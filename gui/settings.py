"""Persistent preferences (QSettings): recent files, bot pace."""

from __future__ import annotations

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
