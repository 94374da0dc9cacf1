"""MOVE (9.1): every unit may move once, up to its movement potential; transport (9.1.1),
mountains (9.1.2), contested hexes (9.1.3), armies and fleets on the move (ch.13).

One MOVE action is a sequence of prompts: pick a group (hex, kind, how many), then its
destination; embark / land legions; ``done`` ends the action.
"""

from __future__ import annotations

from hexmap.reach import within_budget
from rules.engine.game import Choice, Prompt
from rules.engine.names import count

from . import leaders, spartacus
from .armistice import at_peace
from .context import GameData, State, log, opt
from .pieces import SPARTACUS, add_units, cell, others, owners, peek, units
from .units import fits_meeples, legion_mp, meeples_in_use, ship_mp, ships_contest

ZERO = {"legions": 0, "ships": 0, "cargo": 0, "embarked": 0}


def _moved(state: State, h: str) -> dict[str, int]:
    return dict(ZERO, **state["action"].get("moved", {}).get(h, {}))


def _bump(state: State, h: str, **delta: int) -> None:
    m = state["action"].setdefault("moved", {}).setdefault(h, dict(ZERO))
    for k, v in delta.items():
        m[k] = max(0, m[k] + v)


def may_enter(state: State, h: str, empire: str) -> bool:
    """9.1.3 / 9.8: never into a hex contested by two others, holding two foreign owners
    (ruling R-9.1-3), or holding a piece of an armistice partner."""
    foreign = others(state, h, empire)
    if not foreign:
        return True
    if any(at_peace(state, empire, o) for o in foreign):
        return False
    if len(foreign) >= 2:
        return False
    if SPARTACUS in foreign and empire != "rome":
        return False                                   # ruling R-17.9d
    c = peek(state, h)
    return not (c and c["contested"] and empire not in owners(state, h))


def obstacles(state: State, empire: str) -> tuple[set[str], set[str]]:
    """(hexes with enemy pieces, where a move stops; hexes the empire may not enter), read
    from the board once for every path search of a prompt (9.1, 9.1.3, 9.8)."""
    stops: set[str] = set()
    closed: set[str] = set()
    peace = {x for a in state["armistices"] for x in (a["asker"], a["accepter"])
             if empire in (a["asker"], a["accepter"])} - {empire}
    sp = state.get("spartacus")
    sp_hex = sp.get("hex") if sp else None
    for h, c in state["hexes"].items():
        post, mon, here = c["post"], c["monument"], c["units"]   # (tidy: units are there)
        if (post is None or post["owner"] == empire) and (mon is None or mon == empire) \
                and h != sp_hex and (not here or (len(here) == 1 and empire in here)):
            continue                                  # empty or only ours: the usual case
        foreign = set(here)
        if post:
            foreign.add(post["owner"])
        if mon:
            foreign.add(mon)
        if h == sp_hex:
            foreign.add(SPARTACUS)
        mine = empire in foreign
        foreign.discard(empire)
        if not foreign:
            continue
        stops.add(h)
        if SPARTACUS in foreign and empire != "rome":
            closed.add(h)                              # ruling R-17.9d
        if foreign & peace or len(foreign) >= 2 or (c["contested"] and not mine):
            closed.add(h)
    if sp_hex is not None and sp_hex not in state["hexes"]:
        stops.add(sp_hex)                              # Spartacus alone in his hex (17.9)
        if empire != "rome":
            closed.add(sp_hex)
    return stops, closed


def reachable(g: GameData, state: State, empire: str, start: str, kind: str,
              seen: tuple[set[str], set[str]] | None = None) -> dict[str, int]:
    """Hexes a group of legions or ships can reach from ``start`` (cost in MP).

    9.1: 1 MP a hex, 2 for a mountain; units must stop on entering a hex with enemy pieces;
    they may pass through their own units. ``seen``: :func:`obstacles`, if already read.
    """
    legions = kind == "legions"
    mp = legion_mp(g, state, empire) if legions else ship_mp(g, state, empire)
    graph = g.map.land_graph if legions else g.map.sea_graph
    cost_of = g.map.legion_cost if legions else None
    stops, closed = seen if seen is not None else obstacles(state, empire)
    # 9.1: a hex with enemy pieces must be stopped in; closed hexes cannot be entered
    return within_budget(start, mp, graph, cost_of, may_enter=lambda n: n not in closed,
                         must_stop=stops.__contains__)


def can_leave(g: GameData, state: State, empire: str, start: str, kind: str,
              seen: tuple[set[str], set[str]], mp: int | None = None) -> bool:
    """Whether :func:`reachable` would find any hex: a first step the units can afford
    (``mp``: the units' movement points, if already known)."""
    legions = kind == "legions"
    if mp is None:
        mp = legion_mp(g, state, empire) if legions else ship_mp(g, state, empire)
    closed = seen[1]
    if legions:
        cost = g.map.legion_cost
        return any(n not in closed and cost[n] <= mp for n in g.map.land_adj[start])
    return mp >= 1 and any(n not in closed for n in g.map.sea_adj[start])


def _free(state: State, h: str, e: str) -> dict[str, int]:
    u, m = units(state, h, e), _moved(state, h)
    cargo = max(0, u["carried"] - m["cargo"])
    free_ships = max(0, u["ships"] - m["ships"])
    return {"legions": max(0, u["legions"] - m["legions"]), "ships": free_ships,
            "cargo": min(cargo, free_ships),
            "landable": max(0, u["carried"] - m["cargo"] - m["embarked"]),
            "room": max(0, free_ships - cargo)}


def prompt(g: GameData, state: State) -> Prompt:
    act = state["action"]
    e = act["seat"]
    if act.get("group"):
        return _destination_prompt(g, state)
    choices: list[Choice] = []
    seen = obstacles(state, e)
    base = meeples_in_use(state, e)
    leader = (state["empires"][e].get("leader") if opt(state, "17.5")
              and not act.get("leader_moved") else None)
    lmp, smp = legion_mp(g, state, e), ship_mp(g, state, e)
    for h in sorted(h for h, c in state["hexes"].items() if e in c["units"]):
        f = _free(state, h, e)
        where = g.map.label(h)
        coast = g.map.hexes[h].is_coast
        if f["legions"] and can_leave(g, state, e, h, "legions", seen, lmp):
            for n in range(1, f["legions"] + 1):
                choices.append(Choice(f"legions:{h}:{n}", f"Move {count(n, 'legion')} from {where}",
                                      target=h, group="move legions"))
        if f["ships"] and can_leave(g, state, e, h, "ships", seen, smp):
            u = units(state, h, e)
            sail = leader == h
            for n in range(1, f["ships"] + 1):
                low = max(0, u["carried"] - (u["ships"] - n))      # the rest must stay aboard
                for c in range(low, min(n, f["cargo"]) + 1):
                    extra = f" carrying {count(c, 'legion')}" if c else ""
                    choices.append(Choice(f"ships:{h}:{n}:{c}",
                                          f"Move {count(n, 'ship')}{extra} from {where}",
                                          target=h, group="move ships"))
                    if sail:
                        choices.append(Choice(f"ships:{h}:{n}:{c}:L",
                                              f"Move {count(n, 'ship')}{extra} and the Leader "
                                              f"from {where}", target=h, group="move ships"))
        if coast and f["legions"] and f["room"]:
            for n in range(1, min(f["legions"], f["room"]) + 1):
                choices.append(Choice(f"embark:{h}:{n}", f"Embark {count(n, 'legion')} in {where}",
                                      target=h, group="transport"))
        if coast and f["landable"] and h not in seen[1] and \
                fits_meeples(state, e, {h: (1, 0)}, base):
            for n in range(1, f["landable"] + 1):
                if fits_meeples(state, e, {h: (n, 0)}, base):
                    choices.append(Choice(f"land:{h}:{n}", f"Land {count(n, 'legion')} in {where}",
                                          target=h, group="transport"))
    if opt(state, "17.5") and not act.get("leader_moved"):
        for h, cost in sorted(leaders.land_moves(g, state, e, seen).items()):
            choices.append(Choice(f"leader:{h}", f"Move the Leader to {g.map.label(h)} "
                                  f"({cost} MP)", target=h, group="Leader"))
    choices += spartacus.move_choices(g, state, e)
    choices.append(Choice("done", "End the move"))
    return Prompt(e, "Move: pick units to move (or end the move)", choices, kind="choose",
                  rule="9.1")


def _destination_prompt(g: GameData, state: State) -> Prompt:
    act = state["action"]
    e, grp = act["seat"], act["group"]
    kind, src, n = grp["kind"], grp["from"], grp["n"]
    choices = []
    base = meeples_in_use(state, e)
    seen = obstacles(state, e)
    # ch.13: a meeple for every army / fleet after the move (units.fits_meeples, inlined:
    # only the counts in the two hexes change)
    field, meeple = ("legions", "armies") if kind == "legions" else ("ships", "fleets")
    room = max(state["empires"][e]["meeples"][meeple], base[meeple])
    left = units(state, src, e)[field]
    used = base[meeple] + (left - n >= 2) - (left >= 2)
    hexes = state["hexes"]
    for h, cost in sorted(reachable(g, state, e, src, kind, seen).items()):
        c = hexes.get(h)
        u = c["units"].get(e) if c else None
        there = u[field] if u else 0
        if used + (there + n >= 2) - (there >= 2) > room:
            continue
        stop = " (enemy pieces: stops)" if h in seen[0] else ""
        choices.append(Choice(f"to:{h}", f"To {g.map.label(h)} ({cost} MP){stop}", target=h))
    choices.append(Choice("back", "Choose other units"))
    what = f"{count(n, 'legion')}" if kind == "legions" else f"{count(n, 'ship')}"
    return Prompt(e, f"Move {what} from {g.map.label(src)}: choose the destination", choices,
                  kind="choose-space", rule="9.1", context={"from": src})


def apply(g: GameData, state: State, choice: str) -> None:
    act = state["action"]
    e = act["seat"]
    parts = choice.split(":")
    verb = parts[0]
    if verb == "done":
        state["action"] = None
    elif verb == "back":
        act["group"] = None
    elif verb == "legions":
        act["group"] = {"kind": "legions", "from": parts[1], "n": int(parts[2]), "cargo": 0}
    elif verb == "ships":
        act["group"] = {"kind": "ships", "from": parts[1], "n": int(parts[2]),
                        "cargo": int(parts[3])}
        if len(parts) > 4:
            act["group"]["leader"] = True
    elif verb == "leader":
        old = state["empires"][e]["leader"]
        state["empires"][e]["leader"] = parts[1]
        act["leader_moved"] = True
        log(state, f"The {e.capitalize()} Leader moves from {g.map.label(old)} to "
            f"{g.map.label(parts[1])}.", "17.5", seat=e, where=parts[1])
    elif verb == "spartacus":
        spartacus.apply(g, state, choice)
    elif verb == "embark":
        h, n = parts[1], int(parts[2])
        add_units(state, h, e, legions=-n, carried=n)
        _bump(state, h, embarked=n)
        log(state, f"{e.capitalize()} embarks {count(n, 'legion')} in {g.map.label(h)}.", "9.1.1",
            seat=e, where=h)
    elif verb == "land":
        h, n = parts[1], int(parts[2])
        hostile = bool(others(state, h, e))
        add_units(state, h, e, legions=n, carried=-n)
        log(state, f"{e.capitalize()} lands {count(n, 'legion')} in {g.map.label(h)}.", "9.1.1",
            seat=e, where=h)
        if hostile:
            _contest(g, state, h, e)
            _bump(state, h, legions=n)
    elif verb == "to":
        _go(g, state, parts[1])


def _go(g: GameData, state: State, dest: str) -> None:
    act = state["action"]
    e, grp = act["seat"], act["group"]
    src, n, c = grp["from"], grp["n"], grp["cargo"]
    act["group"] = None
    hostile = bool(others(state, dest, e))
    if grp["kind"] == "legions":
        add_units(state, src, e, legions=-n)
        add_units(state, dest, e, legions=n)
        _bump(state, dest, legions=n)
        what = f"{count(n, 'legion')}"
    else:
        add_units(state, src, e, ships=-n, carried=-c)
        add_units(state, dest, e, ships=n, carried=c)
        m = _moved(state, src)
        _bump(state, src, embarked=-min(m["embarked"], c))
        _bump(state, dest, ships=n, cargo=c)
        what = f"{count(n, 'ship')}" + (f" with {count(c, 'legion')} aboard" if c else "")
        if grp.get("leader") or _sails_along(g, state, e, src):
            state["empires"][e]["leader"] = dest            # 17.5: at the ships' speed
            act["leader_moved"] = True
            what += " and the Leader"
    log(state, f"{e.capitalize()} moves {what} from {g.map.label(src)} to {g.map.label(dest)}.",
        "9.1", seat=e, where=dest)
    if hostile:
        if grp["kind"] == "legions" or (ships_contest(g, state, e) and g.map.hexes[dest].is_coast):
            _contest(g, state, dest, e)


def _contest(g: GameData, state: State, h: str, e: str) -> None:
    """9.1.3: the hex becomes contested; posts in it stop producing at once."""
    c = cell(state, h)
    if not c["contested"]:
        c["contested"] = True
        foes = ", ".join(o.capitalize() for o in sorted(others(state, h, e)))
        log(state, f"{g.map.label(h)} is now contested ({e.capitalize()} against {foes}).",
            "9.1.3", seat=e, where=h)


def _sails_along(g: GameData, state: State, e: str, src: str) -> bool:
    """R-17.5b: a Leader at sea sails on with the last of its empire's ships there."""
    return (opt(state, "17.5") and state["empires"][e].get("leader") == src
            and g.map.hexes[src].terrain == "sea" and not units(state, src, e)["ships"])
