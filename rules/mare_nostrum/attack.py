"""ATTACK (9.2): combats in contested hexes, destroying fortresses and monuments (ch.12),
taking over ungarrisoned trade posts."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from . import spartacus
from .armistice import at_peace
from .combat import combat_value
from .context import GameData, State, log, opt
from .pieces import SPARTACUS, add_units, cell, others, peek, pieces_of, tidy, units
from .refresh import refresh
from .stability import shift
from .trade import conquered, may_hold_more


def defender(state: State, h: str, empire: str) -> str | None:
    foes = sorted(others(state, h, empire) - {SPARTACUS})
    return foes[0] if foes else None


def land_targets(state: State, h: str, foe: str) -> bool:
    c = peek(state, h)
    return bool(c and (units(state, h, foe)["legions"] or
                       (c["post"] and c["post"]["owner"] == foe and c["post"]["kind"] == "fortress")
                       or c["monument"] == foe))


def _lose(state: State, h: str, side: str, domain: str, k: int) -> int:
    """Remove ``k`` units; ships sink empty ones first, legions aboard sink with theirs."""
    u = units(state, h, side)
    if domain == "land":
        k = min(k, u["legions"])
        add_units(state, h, side, legions=-k)
        return k
    k = min(k, u["ships"])
    empty = u["ships"] - u["carried"]
    drowned = max(0, k - empty)
    add_units(state, h, side, ships=-k, carried=-drowned)
    return k


def resolve(g: GameData, state: State, h: str, att: str, domain: str) -> dict[str, Any]:
    """One round of combat, losses at the same time (9.2); surplus CV destroys a fortress
    (6) and then a monument (8) (9.2, ch.12)."""
    foe = defender(state, h, att)
    assert foe is not None
    cv_a, notes_a = combat_value(g, state, h, att, foe, domain, True)
    cv_d, notes_d = combat_value(g, state, h, foe, att, domain, False)
    per = g.tables.unit("cv_per_kill")
    d_units = units(state, h, foe)["legions" if domain == "land" else "ships"]
    a_units = units(state, h, att)["legions" if domain == "land" else "ships"]
    d_lost = min(d_units, cv_a // per)
    a_lost = min(a_units, cv_d // per)
    _lose(state, h, foe, domain, d_lost)
    _lose(state, h, att, domain, a_lost)
    out = {"hex": h, "domain": domain, "attacker": att, "defender": foe, "cv": [cv_a, cv_d],
           "notes": [notes_a, notes_d], "lost": [a_lost, d_lost], "fortress": False,
           "monument": False}
    log(state, f"{att.capitalize()} attacks {foe.capitalize()} in {g.map.label(h)} "
        f"({domain}): {cv_a} CV against {cv_d} CV; {att.capitalize()} loses {a_lost}, "
        f"{foe.capitalize()} loses {d_lost}.", "9.2", seat=att, where=h)
    if domain == "land" and d_lost == d_units:
        surplus = cv_a - per * d_units
        c = cell(state, h)
        if c["post"] and c["post"]["owner"] == foe and c["post"]["kind"] == "fortress":
            if surplus >= g.tables.unit("fortress_kill"):
                surplus -= g.tables.unit("fortress_kill")
                c["post"] = None
                out["fortress"] = True
                log(state, f"The {foe.capitalize()} fortress in {g.map.label(h)} is burned "
                    "down.", "9.2", seat=att, where=h)
            else:
                surplus = -1
        if surplus >= g.tables.unit("monument_kill") and c["monument"] == foe:
            c["monument"] = None
            out["monument"] = True
            log(state, f"The {foe.capitalize()} monument in {g.map.label(h)} is destroyed.",
                "12", seat=att, where=h)
            shift(g, state, foe, -1, "a monument was destroyed", "12")
        tidy(state, h)
    refresh(g, state)
    return out


def fought(state: State, h: str, domain: str) -> bool:
    """9.2: one round of combat per hex in an ATTACK, legions and ships apart; survivors
    leave the hex contested until a later ATTACK."""
    act = state.get("action") or {}
    return f"{domain}:{h}" in act.get("combats", [])


def may_fight(state: State, h: str, att: str, domain: str) -> bool:
    foe = defender(state, h, att)
    if foe is None or at_peace(state, att, foe) or fought(state, h, domain):
        return False
    if domain == "land":
        return bool(units(state, h, att)["legions"]) and land_targets(state, h, foe)
    return bool(units(state, h, att)["ships"] and units(state, h, foe)["ships"])


def may_take_over(g: GameData, state: State, h: str, att: str) -> bool:
    """9.2: an enemy trade post with no enemy legion in the hex, entered by our legion."""
    c = peek(state, h)
    if not c or not c["post"] or c["post"]["kind"] != "trade_post":
        return False
    foe = c["post"]["owner"]
    if foe == att or at_peace(state, att, foe) or units(state, h, foe)["legions"]:
        return False
    if not units(state, h, att)["legions"]:
        return False
    if h in state["action"].get("fought", []) and not opt(state, "takeover_same_attack"):
        return False
    others_here = others(state, h, att) - {foe}
    if others_here or (c["monument"] and c["monument"] != att):
        return False
    merch = g.map.hexes[h].merchandise
    return merch is not None and may_hold_more(g, state, att, merch) and \
        pieces_of(state, att)["trade_posts"] < g.tables.pools[att]["trade_posts"]


def prompt(g: GameData, state: State) -> Prompt:
    e = state["action"]["seat"]
    choices = []
    for h in sorted(h for h, c in state["hexes"].items() if e in c["units"]):
        where = g.map.label(h)
        foe = defender(state, h, e)
        if may_fight(state, h, e, "land"):
            choices.append(Choice(f"land:{h}", f"Land combat in {where} against "
                                  f"{foe.capitalize()}", target=h))
        if may_fight(state, h, e, "sea"):
            choices.append(Choice(f"sea:{h}", f"Sea combat in {where} against "
                                  f"{foe.capitalize()}", target=h))
        if may_take_over(g, state, h, e):
            choices.append(Choice(f"takeover:{h}", f"Take over the trade post in {where}",
                                  target=h))
    choices += spartacus.attack_choices(g, state, e)
    choices.append(Choice("done", "End the attack"))
    return Prompt(e, "Attack: choose a combat (or end the action)", choices, kind="choose-space",
                  rule="9.2")


def apply(g: GameData, state: State, choice: str) -> None:
    act = state["action"]
    e = act["seat"]
    verb, _, h = choice.partition(":")
    if verb == "done":
        state["action"] = None
        return
    if verb == "spartacus":
        spartacus.apply(g, state, choice)
        return
    if verb in ("land", "sea"):
        act.setdefault("fought", []).append(h)
        act.setdefault("combats", []).append(f"{verb}:{h}")
        resolve(g, state, h, e, verb)
    else:
        c = cell(state, h)
        foe = c["post"]["owner"]
        c["post"] = {"owner": e, "kind": "trade_post", "count": 1}
        log(state, f"{e.capitalize()} takes over the {foe.capitalize()} trade post in "
            f"{g.map.label(h)}.", "9.2", seat=e, where=h)
        tidy(state, h)
        conquered(g, state, e, h)
