"""The ``bot``'s leanings (``bot.py``) corrected by what a sensible player reads off the board
before deciding: a PC only where it will trace to supply at the Isolation Phase (6.7), and a
battle (12) sought, refused or avoided by the odds (``bot_odds``): Friendly Passage asked,
granted or refused (8.3.8.1), an interception (11.2), standing or avoiding (10.1, 14.5), an
intercepted army fighting or withdrawing (11.7), an army marching into an enemy's."""

from __future__ import annotations

from rules.engine.game import Prompt

from .bot_odds import (
    attack_chance,
    defend_chance,
    ind_side,
    side,
    stranded,
    win_chance,
)
from .model import State, commander, ed, units
from .turn import supplied

#: how much less a PC is worth where it would be removed at the Isolation Phase (6.7)
ISOLATED = 0.1
#: a move that would cut one more PC of the mover's from supply (6.7) weighs this much less
STRANDED = 0.75
#: a reinforcement CU that brings one more PC back into supply (6.7) weighs this much more
RESCUED = 2.0
#: the odds ratio a weight is multiplied by is kept within these bounds
LEAST, MOST = 0.05, 8.0


def odds(p: float) -> float:
    """The odds ``p / (1 - p)`` of a chance in [0, 1], within [LEAST, MOST]."""
    return min(MOST, max(LEAST, p / max(1e-9, 1.0 - p)))


def _frame(view: State) -> dict | None:
    stack = view.get("stack")
    return stack[-1] if stack else None


def judged(view: State, prompt: Prompt, raw: list[float]) -> list[float]:
    """``raw`` (one weight per choice of ``prompt``) corrected; a prompt it has nothing to say
    of is returned as it is."""
    rule, seat = prompt.rule, prompt.seat
    ids = [c.id for c in prompt.choices]
    out = list(raw)
    spaces = ed().spaces
    if rule == "6.6.3.2" or any(i.startswith("place:") for i in ids):
        ok = supplied(view, seat)      # where a PC would trace to supply now (6.7)
        for k, cid in enumerate(ids):
            sid = cid.split(":", 1)[1] if cid.startswith("place:") else \
                cid if rule == "6.6.3.2" else None
            if sid in spaces and spaces[sid].kind != "major" and sid not in ok:
                out[k] *= ISOLATED
        return out
    fr = _frame(view)
    if fr is None:
        return out
    if rule == "6.4.2" and fr.get("proc") == "reinforce" and fr.get("pieces") \
            and fr["pieces"][0][0] == "unit":
        return [w * _reinforcing(view, seat, cid, fr["pieces"][0][1]) if cid in spaces else w
                for w, cid in zip(out, ids, strict=True)]
    sid, mover = fr.get("space"), fr.get("seat")
    if rule == "8.3.8.1" and sid in spaces:
        if "refuse" in ids:                       # asked to let ``mover`` pass
            p = defend_chance(view, sid, seat, mover)
            return [odds(p) if cid == "refuse" else 1.0 for cid in ids]
        p = attack_chance(view, sid, seat)
        if p is not None:                         # pass on, or stop and attack
            return [odds(p) if cid == "attack" else 1.0 for cid in ids]
    elif rule == "10.1" and sid in spaces and "stay" in ids:
        p = defend_chance(view, sid, seat, mover)
        return [odds(p) if cid == "stay" else 1.0 for cid in ids]
    elif rule == "14.5" and sid in spaces and "stay" in ids:
        pa, pd = win_chance(ind_side(view, sid), side(view, sid, seat))
        p = 0.5 + 0.5 * (pd - pa)
        return [odds(p) if cid == "stay" else 1.0 for cid in ids]
    elif rule in ("11.2", "14.5") and sid in spaces and "pass" in ids:
        out = []
        for cid in ids:
            p = None if cid == "pass" or cid not in spaces else attack_chance(
                view, sid, seat, dict(units(view, cid, seat)), commander(view, cid, seat))
            out.append(1.0 if p is None else odds(p))
        return out
    elif rule == "11.7" and sid in spaces and "fight" in ids:
        p = attack_chance(view, sid, seat)
        if p is not None:
            return [odds(p) if cid == "fight" else 1.0 for cid in ids]
    elif rule == "8.3" and fr.get("proc") == "activation":
        army = {k: n for k, n in (fr.get("army") or {}).items() if n}
        if not army:
            return out
        at = fr.get("at")
        for k, cid in enumerate(ids):
            if cid.startswith("go:") and at in spaces:
                dest = cid[3:]
                p = attack_chance(view, dest, seat, army, fr.get("gen"))
                if p is not None:
                    out[k] *= min(3.0, odds(p))
                out[k] *= STRANDED ** max(-3, stranded(view, seat, at, dest, army))
    return out


def _reinforcing(view: State, seat: str, sid: str, kind: str) -> float:
    """How much better a reinforcement CU of ``kind`` is at ``sid``: with a general of the
    seat's there (an army that can march), and where it brings PCs back into supply (6.7)."""
    w = 2.0 if any(r["loc"] == sid and r["owner"] == seat for r in view["gen"].values()) \
        else 1.0
    rescued = -stranded(view, seat, sid, sid, {}, add={kind: 1})
    return w * RESCUED ** min(3, max(0, rescued))
