"""Helpers for the Event card tests: a new-hopes state in its Action Phase and a driver that
resolves one card through the prompt/apply seam."""

from __future__ import annotations

import copy
from typing import Any

from rules.hubris import event_effects, events, flow, play
from tests.hubris.rules_helpers import DATA, GAME

_BASE: dict[str, Any] = {}


def new_hopes(seed: int = 1) -> dict[str, Any]:
    """The set-up state of 12.1 (three Kingdoms and Rome), in the Action Phase of Turn 1."""
    if seed not in _BASE:
        s = GAME.new_game("new-hopes", ["seleucids", "ptolemies", "macedon"], {}, seed)
        play.add_squadron_pools(DATA, s)
        DATA.refresh(s)
        _BASE[seed] = s
    state = copy.deepcopy(_BASE[seed])
    state["stack"] = [{"proc": "game", "next": "winter", "started": True}]
    state["phase"] = "action"
    return state


def settle(state: dict[str, Any], pick=lambda prompt: prompt.choices[0].id,
           depth: int = 1, limit: int = 200) -> dict[str, Any]:
    """Answer every prompt (``pick``) until the stack is back to ``depth`` frames and no
    question is queued."""
    for _ in range(limit):
        if len(state["stack"]) <= depth and not state.get("queue"):
            return state
        frame, queued, prompt = flow.current(DATA, state)
        if prompt is not None:
            _apply(state, prompt, pick(prompt))
        elif queued:
            state["queue"].pop(0)
        else:
            flow.PROCS[frame["proc"]].run(DATA, state, frame)
    raise AssertionError("the Event did not settle")


def _apply(state, prompt, choice) -> None:
    """Apply ``choice`` to the due decision, through the proc's own ``apply`` (legality
    checked by the prompt)."""
    frame, queued = flow.due_frame(state)
    prompt.choice(choice)
    if queued:
        state["queue"].pop(0)
    flow.PROCS[frame["proc"]].apply(DATA, state, frame, choice)


def draw(state: dict[str, Any], eid: str, **kw) -> dict[str, Any]:
    """Resolve card ``eid`` as if drawn now (its text, not a Recurrent card's mechanic or
    Activations), answering its questions."""
    flow.push(state, "one-off", card=eid, log_at=len(state["log"]))
    return settle(state, **kw)


def trigger(state: dict[str, Any], k: str, eid: str, **kw) -> dict[str, Any]:
    """``k`` Triggers Pending ``eid`` with the first Leader that may (4.3)."""
    from rules.hubris import activation
    ch = event_effects.trigger_choices(DATA, state, k, activation.candidates(state, k))
    mine = [c.id for c in ch if c.id.split(":")[1] == eid]
    assert mine, f"{k} may not Trigger {eid}"
    event_effects.trigger(DATA, state, k, mine[0])
    return settle(state, **kw)


def lines(state: dict[str, Any], since: int = 0) -> str:
    return "\n".join(e["text"] for e in state["log"][since:])


__all__ = ["DATA", "GAME", "draw", "events", "lines", "new_hopes", "settle", "trigger"]
