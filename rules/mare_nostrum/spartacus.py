"""Optional rule 17.9: Spartacus, the slave revolt in Rome's Italian provinces.

Once per game an opponent of Rome choosing ATTACK places him in a hex of Samnium, Etruria,
Lucania or Apulia holding a Roman trade post; the hex becomes contested (no income). In a
later ATTACK any opponent of Rome may have him destroy the Roman trade post in his hex; in
a MOVE any opponent of Rome may move him (4 MP over land). Only Roman legions fight him:
Rome eliminates him with 5 CV or more, and he hits back with 4 CV (rulings R-17.9).
``state["spartacus"]``: None before, ``{"hex": h | None, "used": True}`` after activation.
"""

from __future__ import annotations

from hexmap.reach import within_budget
from rules.engine.game import Choice

from .combat import combat_value
from .context import GameData, State, log, opt
from .pieces import SPARTACUS, add_units, cell, owners, peek, tidy, units
from .refresh import refresh

ROME = "rome"
AREAS = ("samnium", "etruria", "lucania", "apulia")


def in_play(state: State) -> bool:
    """17.9 on and Rome in the game (not in revolution)."""
    emp = state["empires"].get(ROME)
    return opt(state, "17.9") and emp is not None and not emp["revolted"]


def where(state: State) -> str | None:
    sp = state.get("spartacus")
    return sp.get("hex") if sp else None


def is_foe(state: State, e: str) -> bool:
    return in_play(state) and e != ROME


def _roman_post_only(state: State, h: str) -> bool:
    """A hex whose only piece is a Roman trade post (R-17.9b)."""
    c = peek(state, h)
    return bool(c and c["post"] and c["post"]["owner"] == ROME and c["post"]["kind"] ==
                "trade_post" and not c["units"] and not c["monument"])


def placements(g: GameData, state: State) -> list[str]:
    """17.9: hexes with a Roman trade post in the four provinces (R-17.9a/b)."""
    if state.get("spartacus") is not None:
        return []
    return sorted(h for h in state["hexes"] if g.map.hexes[h].area in AREAS
                  and _roman_post_only(state, h))


def moves(g: GameData, state: State) -> dict[str, int]:
    """17.9: 4 MP over land (mountains 2); through empty hexes only, ending in an empty hex
    or one holding only a Roman trade post (R-17.9c)."""
    start = where(state)
    if start is None:
        return {}
    mp = g.tables.unit("spartacus_cv")        # CV and MP are both 4 (17.9)
    # through empty hexes; may end on (and stops at) a hex holding only a Roman trade post
    return within_budget(start, mp, g.map.land_graph, g.map.legion_cost,
                         may_enter=lambda n: not peek(state, n) or _roman_post_only(state, n),
                         must_stop=lambda n: bool(peek(state, n)))


def attack_choices(g: GameData, state: State, e: str) -> list[Choice]:
    out: list[Choice] = []
    if not in_play(state):
        return out
    h = where(state)
    if e != ROME:
        for p in placements(g, state):
            out.append(Choice(f"spartacus:place:{p}", f"Raise Spartacus in {g.map.label(p)}",
                              target=p, group="Spartacus"))
        c = peek(state, h) if h else None
        if c and c["post"] and c["post"]["owner"] == ROME and c["post"]["kind"] == "trade_post":
            out.append(Choice("spartacus:raze", f"Spartacus destroys the Roman trade post in "
                              f"{g.map.label(h)}", target=h, group="Spartacus"))
    elif h and units(state, h, ROME)["legions"] and \
            h not in state["action"].get("fought", []):
        out.append(Choice("spartacus:fight", f"Land combat in {g.map.label(h)} against "
                          "Spartacus", target=h, group="Spartacus"))
    return out


def move_choices(g: GameData, state: State, e: str) -> list[Choice]:
    if not is_foe(state, e) or state["action"].get("spartacus_moved"):
        return []
    return [Choice(f"spartacus:to:{h}", f"Move Spartacus to {g.map.label(h)} ({cost} MP)",
                   target=h, group="Spartacus")
            for h, cost in sorted(moves(g, state).items())]


def _put(state: State, h: str | None) -> None:
    old = where(state)
    state["spartacus"] = {"hex": h, "used": True}
    if h is not None and owners(state, h) - {SPARTACUS}:
        cell(state, h)["contested"] = True
    if old is not None:
        tidy(state, old)


def apply(g: GameData, state: State, choice: str) -> None:
    """The ``spartacus:...`` choices of ATTACK and MOVE."""
    e = state["action"]["seat"]
    parts = choice.split(":")
    verb = parts[1]
    if verb == "place":
        h = parts[2]
        _put(state, h)
        log(state, f"{e.capitalize()} raises Spartacus in {g.map.label(h)}: the hex is "
            "contested.", "17.9", seat=e, where=h)
    elif verb == "to":
        h, old = parts[2], where(state)
        state["action"]["spartacus_moved"] = True
        _put(state, h)
        log(state, f"{e.capitalize()} moves Spartacus from {g.map.label(old)} to "
            f"{g.map.label(h)}.", "17.9", seat=e, where=h)
    elif verb == "raze":
        h = where(state)
        cell(state, h)["post"] = None
        tidy(state, h)
        log(state, f"{e.capitalize()} has Spartacus destroy the Roman trade post in "
            f"{g.map.label(h)}.", "17.9", seat=e, where=h)
    elif verb == "fight":
        h = where(state)
        state["action"].setdefault("fought", []).append(h)
        cv, _ = combat_value(g, state, h, ROME, SPARTACUS, "land", True)
        sp_cv = g.tables.unit("spartacus_cv")
        lost = min(units(state, h, ROME)["legions"], sp_cv // g.tables.unit("cv_per_kill"))
        if lost:
            add_units(state, h, ROME, legions=-lost)
        killed = cv >= g.tables.unit("spartacus_kill")
        log(state, f"Rome attacks Spartacus in {g.map.label(h)}: {cv} CV against {sp_cv} CV; "
            f"Rome loses {lost}" + ("; Spartacus is eliminated." if killed else
                                     "; Spartacus holds out."), "17.9", seat=ROME, where=h)
        if killed:
            _put(state, None)
    refresh(g, state)


def invariants(g: GameData, state: State) -> list[str]:
    h = where(state)
    if h is None:
        return []
    bad = []
    info = g.map.hexes.get(h)
    if info is None or info.terrain not in ("land", "coastal"):
        bad.append(f"Spartacus on hex {h} that is not land")
    if not opt(state, "17.9"):
        bad.append("Spartacus on the map without rule 17.9")
    return bad
