"""The game log: one entry appended per event. The bottom layer of the engine (imports
nothing of ours), so that both :mod:`rules.engine.rng` and :mod:`rules.engine.state` use it."""

from __future__ import annotations

from typing import Any


def log(state: dict[str, Any], text: str, *, rule: str = "", kind: str = "info",
        seat: str | None = None, where: str | None = None) -> None:
    """Append a log entry. ``rule`` names the rule applied ("5.2.3"); ``where`` a map element."""
    entry: dict[str, Any] = {"n": len(state["log"]) + 1, "text": text, "rule": rule, "kind": kind}
    if seat:
        entry["seat"] = seat
    if where:
        entry["where"] = where
    state["log"].append(entry)
