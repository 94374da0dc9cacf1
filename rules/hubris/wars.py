"""War and Peace (2.12): Acts of War, Initiating War, sworn Peace."""

from __future__ import annotations

from typing import Any

from . import core
from .core import note
from .names import name

State = dict[str, Any]


def may_commit_act_of_war(state: State, actor: str, victim: str) -> bool:
    """Forbidden under a sworn Peace, or to Initiate War the Turn the King died (2.12, 2.3.1);
    a Rebel faction is a Power too (2.1.2): Initiating War on it obeys the same rule."""
    if actor == victim or (victim not in state.get("kingdoms", {})
                           and not core.is_rebel(victim)):
        return True
    if core.at_war(state, actor, victim):
        return True
    if core.sworn_peace(state, actor, victim):
        return False
    return state.get("king_died", {}).get(actor) != state.get("turn", 1)


def act_of_war(state: State, actor: str, victim: str | None, what: str) -> None:
    """An Act of War against a Kingdom or a Rebel Initiates War if none exists (2.12)."""
    if not victim or victim == actor or (victim not in state.get("kingdoms", {})
                                         and not core.is_rebel(victim)):
        return
    if core.at_war(state, actor, victim):
        return
    if not may_commit_act_of_war(state, actor, victim):
        raise ValueError(f"{actor} may not commit an Act of War against {victim}")
    state.setdefault("wars", {})[core.war_key(actor, victim)] = "war"
    note(state, f"{what}: an Act of War. The {name(actor)} Initiate War on the "
                f"{core.power_name(state, victim)}.", "2.12")


def make_peace(state: State, a: str, b: str, rule: str) -> None:
    """Peace on the status quo: the War marker flips to Peace, binding both Kings (2.12).
    A Non-Player Macedon is at War with the Kingdoms at all times (10.1): no Peace."""
    if core.non_player(state, a) or core.non_player(state, b):
        note(state, f"Non-Player Macedon stays at War with the "
                    f"{name(b if core.non_player(state, a) else a)} (10.1).", "10.1")
        return
    state.setdefault("wars", {})[core.war_key(a, b)] = "peace"
    note(state, f"Peace between the {name(a)} and the {name(b)}.", rule)
