"""The ``bot`` strategy for Successors: leanings per choice, from the seat's own view."""

from __future__ import annotations

from rules.engine.game import Prompt
from rules.engine.policy import weights_or_uniform

from .bot_sense import judged
from .model import State, ed, province_controller
from .victory import all_vp, body_controller, royal_controller


def royal_spaces(view: State, seat: str) -> set[str]:
    """Spaces with an heir or Alexander's body that ``seat`` does not hold yet."""
    out = {r["loc"] for rid, r in view["royals"].items() if r["active"]
           and r["loc"] in ed().spaces and royal_controller(view, rid) != seat}
    body = view["body"]
    if body["loc"] in ed().spaces and not body["tomb"] and body_controller(view) != seat:
        out.add(body["loc"])
    return out


def pc_value(view: State, seat: str, sid: str, vps: dict[str, int] | None = None) -> float:
    """What a PC of ``seat`` at ``sid`` is worth: the province's VP if it turns the province
    (4.22, 7.4), half that for taking it from a rival, and a little for getting nearer.
    With ``vps`` (every seat's VP), taking a province from a rival near the VP total (7.1)
    is worth more, up to three times as much (``lead_factor``)."""
    sp = ed().spaces.get(sid)
    prov = ed().provinces.get(sp.province) if sp else None
    if prov is None or sid not in prov.spaces:
        return 0.0
    before = province_controller(view, prov.id)
    old = view["pc"].get(sid)
    view["pc"][sid] = seat
    try:
        after = province_controller(view, prov.id)
    finally:
        if old is None:
            view["pc"].pop(sid, None)
        else:
            view["pc"][sid] = old
    w = 0.0
    if after == seat and before != seat:
        w += 2.0 + prov.vp
    if before not in (None, seat, "ind") and after != before:
        w += (1.0 + 0.5 * prov.vp) * lead_factor(view, before, vps)
    mine = sum(1 for s in prov.spaces if view["pc"].get(s) == seat)
    if before != seat and mine < prov.need:
        w += 0.6 * (mine + 1) / prov.need * (1.0 + 0.3 * prov.vp)
    if sid == prov.major:
        w += 0.5
    if old not in (None, seat, "ind"):
        w += 0.3
    return w


def lead_factor(view: State, rival: str, vps: dict[str, int] | None) -> float:
    """How much more it is worth to take VP from ``rival`` than from a rival far from the
    scenario's VP total (7.1): 1 at 12 VP short of it or more, 3 at it."""
    if vps is None:
        return 1.0
    target = view.get("vp_target") or 25
    return 1.0 + 2.0 * min(1.0, max(0.0, vps.get(rival, 0) - (target - 12)) / 12.0)


#: the weight of a choice, by its id or the prefix of its id, that needs no look at the board
#: (any other: 1)
FIXED = {"remove": 0.3,       # 6.6.2: flipping the PC is offered beside it and better
         "discard": 0.1,      # a card thrown away for nothing
         "event": 2.0, "roll": 5.0, "forgo": 0.5, "disband": 0.05,
         "withdraw": 0.7, "avoid": 1.5,
         "pick:": 2.0,        # gather the army's strength (8.3.1)
         "take:": 0.8, "minor:": 4.0, "hire:": 5.0,
         "capital:": 3.0,     # 19.8: a walled city of one's own
         "ind:": 0.4}         # 19.4: a card spent on an Independent Army


#: weights are raised to this power: a sensible player mostly takes the best move
SHARP = 2.0


def weights(view: State, prompt: Prompt) -> list[float]:
    """A weight >= 0 per choice of ``prompt``; a choice this policy does not know weighs 1,
    and a prompt it cannot read at all (a choice naming an unknown card or space) is uniform."""
    return weights_or_uniform(_weights, view, prompt)


def sensible_weights(view: State, prompt: Prompt) -> list[float]:
    """:func:`weights` with the board read as a sensible player reads it (``bot_sense``): no PC
    where it will not trace to supply (6.7), a battle, Friendly Passage (8.3.8.1), an
    interception or an avoidance weighed by the odds, a rival near the VP total (7.1) the
    first to take a province from."""
    return weights_or_uniform(_sensible, view, prompt)


def _weights(view: State, prompt: Prompt) -> list[float]:
    return [w ** SHARP for w in _leanings(view, prompt)]


def _sensible(view: State, prompt: Prompt) -> list[float]:
    return [w ** SHARP for w in judged(view, prompt, _leanings(view, prompt, all_vp(view)))]


def _leanings(view: State, prompt: Prompt, vps: dict[str, int] | None = None
              ) -> list[float]:
    out = []
    seat = prompt.seat
    royal = royal_spaces(view, seat) if any(c.target for c in prompt.choices) else set()
    for c in prompt.choices:
        cid = c.id
        w = FIXED.get(cid, FIXED.get(cid.split(":", 1)[0] + ":", 1.0))
        if prompt.rule == "6.6.5":          # foraging: the cheapest CU first
            w = {"mercenary": 4.0, "elephant": 1.0}.get(cid, 0.3)
        elif prompt.rule == "6.2":          # the first player reaches the VP total first
            w = 3.0 if cid == seat else 1.0
        elif cid in ("stop", "end", "done", "pass", "stay", "skip"):
            w = 0.6
        elif cid.startswith(("place:", "flip:")):
            w = 3.0 + 2.0 * pc_value(view, seat, cid.split(":", 1)[1], vps)
        elif cid == "pcs":
            w = 6.0
        elif prompt.rule == "6.6.3.2" and cid in ed().spaces:
            w = 1.0 + 2.0 * pc_value(view, seat, cid, vps)
        elif cid.startswith("siege"):
            w = 5.0
        elif cid == "bury":
            w = 10.0 if view["body"]["loc"] == "pella" else 2.0
        elif cid.startswith("go:") or cid.startswith("sail:"):
            dest = cid.split(":", 1)[1]
            pc = view["pc"].get(dest)
            w = 1.5 if pc not in (None, seat) else 1.0
            if pc is None and ed().spaces[dest].kind != "transit":
                w = 2.5
            if dest in ed().spaces:
                w += 0.5 * pc_value(view, seat, dest, vps)
            if cid.startswith("sail:"):
                w *= 0.5
        elif cid == "land":
            pc = view["pc"].get(c.target)
            w = 2.0 if pc in (None, seat) else 1.2
        elif cid.startswith(("leave:", "drop:")):
            # a garrison for a friendly Major City or a space about to be lost
            w = 0.8 if view["pc"].get(c.target) == seat and \
                ed().spaces[c.target].kind == "major" else 0.15
        elif cid in ed().cards and prompt.kind == "battle":
            w = 3.0
        elif cid in ed().cards and prompt.kind == "choose-card":
            w = 1.0 + ed().cards[cid].ops
        if c.target in royal and (cid.startswith(("go:", "sail:", "place:")) or
                                  cid == c.target):
            w *= 4.0
        out.append(w)
    return out
