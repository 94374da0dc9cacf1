"""The ``bot`` seat's strategy: a weight per choice of each prompt, from what the seat sees.

The prompts that decide the game (which card, how to play it, where to march, where support
goes, whether to fight) are weighed by what they win or save in victory points
(:mod:`.bot_decide`, :mod:`.bot_cards`, :mod:`.bot_values`); the rest by the rules of thumb
below: it plays cards rather than passing, attacks when clearly stronger, avoids or shelters
when clearly weaker, plays its battle responses and declines most alliances. A choice it
does not know weighs 1; every legal choice keeps a small weight.
"""

from __future__ import annotations

from functools import cache

from rules.engine.game import Prompt

from . import bot_decide as decide
from .bot_values import Ctx
from .data import INDEPENDENT
from .model import State, deciding, ed

FLOOR = 0.02


@cache
def _distances() -> dict[str, dict[str, int]]:
    import networkx as nx  # late: heavy, optional; start-up never loads it

    return dict(nx.all_pairs_shortest_path_length(ed().graph))


def dist(a: str, b: str) -> int:
    return _distances().get(a, {}).get(b, 99)


def mine(view: State, side: str) -> list[str]:
    return list(view["side_powers"].get(side, []))


def cu_of(view: State, sid: str, powers: list[str]) -> int:
    here = view["cu"].get(sid, {})
    return sum(here.get(p, 0) for p in powers)


def enemy_cu(view: State, sid: str, powers: list[str]) -> int:
    here = view["cu"].get(sid, {})
    allies = set(powers)
    for a, b in view["alliances"]:
        if a in allies:
            allies.add(b)
        if b in allies:
            allies.add(a)
    return sum(n for p, n in here.items() if p not in allies)


def leader_powers(view: State, powers: list[str]) -> set[str]:
    """The powers of the other player with the most VP, if he leads alone: every bot leans
    on him (so Rome, the strongest side, is not left alone to run away with the game)."""
    vp = view["vp"]
    mine = {s for s, ps in view["side_powers"].items() if set(ps) & set(powers)}
    others = sorted(((v, s) for s, v in vp.items() if s not in mine), reverse=True)
    if not others or (len(others) > 1 and others[0][0] == others[1][0]):
        return set()
    if others[0][0] < max((vp[s] for s in mine), default=0):
        return set()
    return set(view["side_powers"].get(others[0][1], []))


def is_target(view: State, sid: str, powers: list[str]) -> float:
    """How much a space is worth taking for ``powers``; a victory space of the leading
    player (:func:`leader_powers`) more."""
    sp = view["spaces"].get(sid)
    if sp is None or sp["ctl"] in powers:
        return 0.0
    val = 1.0
    if ed().spaces[sid].vp:
        val += 4.0
        if sp["ctl"] in leader_powers(view, powers):
            val += 2.0
    if sp["loy"]:
        val += 1.0
    if sp["ctl"] == INDEPENDENT:
        val += 0.5
    return val


def targets(view: State, powers: list[str]) -> list[tuple[str, float]]:
    return [(sid, is_target(view, sid, powers)) for sid in view["spaces"]
            if is_target(view, sid, powers) >= 4.0]


def pull(goals: list[tuple[str, float]], sid: str) -> float:
    """Attraction of a space: near valuable enemy spaces (``goals``: :func:`targets`)."""
    best = 0.0
    for t, val in goals:
        d = dist(sid, t)
        best = max(best, val / (1 + d))
    return best


def weights(view: State, prompt: Prompt) -> list[float]:
    side = deciding(view) or ""
    top = view["stack"][-1]["proc"] if view.get("stack") else ""
    smart: list[float | None] | None = None
    if side in view.get("side_powers", {}):
        smart = decide.weights(Ctx(view, side), top, prompt)
    if smart is not None and all(w is not None for w in smart):
        return [max(FLOOR, w) for w in smart]          # type: ignore[type-var]
    powers = mine(view, side)
    goals = targets(view, powers) if top in ("use", "move", "place") else []
    out = [w if w is not None else _weight(view, prompt, c.id, side, powers, goals)
           for c, w in zip(prompt.choices, smart or [None] * len(prompt.choices),
                           strict=True)]
    return [max(FLOOR, w) for w in out]


def _weight(view: State, prompt: Prompt, cid: str, side: str, powers: list[str],
            goals: list[tuple[str, float]]) -> float:
    verb, _, arg = cid.partition(":")
    top = view["stack"][-1]["proc"] if view.get("stack") else ""
    vp = view["vp"]
    trailing = vp.get(side, 0) <= min(vp.values())
    if top == "minor_adjust" and verb == "done":
        return 3.0
    if top in ("active", "minor_adjust"):
        if verb == "minor":                    # a minor leader to a big leaderless army
            lid, _, sid = arg.partition(":")
            power = ed().leaders[lid].power
            led = any(at == sid and ed().leaders[other].power == power
                      for other, at in view["leaders"].items())
            return 1.5 if not led and view["cu"].get(sid, {}).get(power, 0) >= 4 else 0.02
        if verb == "npa" and ed().cards[arg].event["do"] != "npa":
            return 0.3                         # 18: a 3-value card spent on Carthage
        return {"play": 10.0, "npa": 2.0, "hire": 1.0, "ally": 0.03, "break": 0.01,
                "solidarity": 4.0,
                "end": 0.3 if "play:" in " ".join(c.id for c in prompt.choices) else 5.0
                }.get(verb, 1.0)
    if top == "use":
        if verb == "move":
            at = view["leaders"].get(arg)
            n = cu_of(view, at, powers) if at else 0
            return 1.0 + 0.6 * n + 4 * pull(goals, at) if n else 0.3
        return {"siege": 14.0, "colony": 3.0, "support": 3.0, "reinforce": 4.0,
                "event": 6.0, "back": 0.05,
                "unrest": 2.0 * view.get("unrest", 0)}.get(verb, 1.0)
    if top == "move":
        fr = view["stack"][-1]
        if verb == "take":
            return 1.0 + int(arg)
        if verb == "sortie":
            at = fr.get("at")
            return 6.0 if cu_of(view, at, powers) >= 1.3 * enemy_cu(view, at, powers) else 0.2
        if verb in ("to", "sail"):
            n = fr.get("cu", 0)
            foes = enemy_cu(view, arg, powers)
            if foes:
                return 8.0 if n >= 1.5 * foes and n >= 3 else 0.1
            w = 1.0 + 6 * pull(goals, arg) + is_target(view, arg, powers)
            return w * (0.5 if verb == "sail" else 1.0)
        if verb == "raid":
            return 6.0
        if verb == "unrest":
            return 3.0 * view.get("unrest", 0)
        if verb == "pick":
            return 4.0
        if verb == "drop":
            return 0.2
        if verb == "with":
            return 0.3
        if verb == "stop":
            at = fr.get("at")
            return 1.0 + 2 * is_target(view, at, powers) if at else 1.0
    if top == "intercept":
        if verb == "icpt":
            src = arg.split("|")[0]
            target = next((f for f in reversed(view["stack"]) if f["proc"] == "move"), None)
            theirs = target.get("cu", 0) if target else 0
            return 3.0 if cu_of(view, src, powers) > theirs else 0.1
        return 1.0
    if top == "defend":
        fr = view["stack"][-1]
        here = cu_of(view, fr["space"], powers)
        theirs = enemy_cu(view, fr["space"], powers)
        strong = here * 1.3 >= theirs
        return {"stand": 4.0 if strong else 0.5, "avoid": 0.5 if strong else 4.0,
                "sea": 0.2 if strong else 1.5, "ships": 0.2 if strong else 1.5,
                "inside": 0.5 if strong else 3.0}.get(verb, 1.0)
    if top == "flank":
        return 4.0 if verb == "flank" else 1.0
    if top == "flank_march":                    # 9.5.6: a Gallic raid on the way
        return 4.0 if verb == "raid" else 1.0
    if top == "interdict":
        return 2.0 if verb == "no" else 0.4
    if top == "lend":                           # five players: ships for an ally in need,
        if verb == "no":                        # the cheapest card that does
            return 2.0
        need = view["stack"][-1].get("what") != "move"
        value = 3 if arg == "dt" else ed().cards[arg].value
        return (1.2 if need else 0.1) / value
    if top == "respond":
        return {"pass": 1.0, "card": 4.0, "bribe": 1.5}.get(verb, 1.0)
    if top == "support":
        sid = arg
        vp_space = bool(sid) and sid in ed().spaces and ed().spaces[sid].vp
        if verb in ("pc", "rm", "cut"):
            return 2.0 + (3.0 if vp_space else 0.0)
        if verb == "loy":
            return 1.5 + (4.0 if vp_space else 0.0)
        return {"plunder": 1.5, "unrest": 2.5, "done": 0.01}.get(verb, 1.0)
    if top == "place":
        sid = cid.split(":")[-1]
        sp = view["spaces"][sid]
        guard = 3.0 if ed().spaces[sid].vp and cu_of(view, sid, powers) < max(2, sp["loy"]) \
            else 0.0
        return 1.0 + guard + 0.3 * cu_of(view, sid, powers) + 2 * pull(goals, sid)
    if top == "discard":
        return 4.0 if verb == "keep" else 0.3
    if top == "first":
        return 3.0 if arg == side else 1.0
    if top == "dt_window":
        return (0.3 if trailing else 0.03) if verb == "yes" else 1.0
    if top == "dt_offer":
        return (0.6 if trailing else 0.1) if verb == "yes" else 1.0
    if top == "dt_refresh":                     # 7.4.3: drop the low cards, then draw
        if verb == "drop":
            return 2.5 / ed().cards[arg].value
        return 1.0
    if top == "dt_action":
        return {"ops": 3.0, "refresh": 1.0, "search": 0.5}.get(verb, 1.0)
    if top == "alliance_answer":
        return 0.2 if verb == "yes" else 3.0
    if top == "renew":
        return 2.0 if verb == "yes" else 1.0
    if top == "campaign":
        return {"move": 3.0, "siege": 6.0, "ally": 0.5, "finish": 0.2,
                "unrest": 2.0 * view.get("unrest", 0)}.get(verb, 1.0)
    if top == "unrest_attack":                  # 20.3: the more CU, the better the odds
        return 1.0 + int(arg)
    if top == "break_cost":                     # 15.5: spare the victory spaces
        return 0.3 if ed().spaces[arg].vp else 1.0 + view["spaces"][arg]["loy"]
    if top == "loot":                           # 14.4: plunder fills the track: VP
        return 2.0 if verb == "loot" else 1.0
    if top == "place_leader":                   # 5.10: a leader to the biggest army
        return 1.0 + view["cu"].get(arg, {}).get(
            ed().leaders[view["stack"][-1]["leader"]].power, 0)
    if top == "greek_upkeep":                   # 8.2.3: keep him, from the most loyal city
        return 0.05 if verb == "dismiss" else 1.0 + view["spaces"][arg]["loy"]
    if top == "permit":
        return 1.0 if verb == "yes" else 2.0
    if top == "npa":
        return {"unrest": 3.0, "raise": 2.0, "support": 1.0, "move": 2.0,
                "minor": 0.1}.get(verb, 1.0)
    if top == "attrition_pick":
        return 1.0 + cu_of(view, cid.split(":")[1], [cid.split(":")[2]])
    if top == "retreat":
        if verb == "sea":                       # 12.4.3: free ships, or a card's worth
            return 3.0 if arg.startswith("-:") else 1.2
        if verb == "ships":                     # an ally's ships, already paid for
            return 3.0
        return 2.0 if "lose" not in prompt.choice(cid).label else 1.0
    return 1.0
