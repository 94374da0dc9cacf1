"""Set-up (ch.4): capital fortress, nearest trade posts, legions and ships, tracks."""

from __future__ import annotations

from rules.engine.data import DataError

from .context import GameData, State, log
from .pieces import add_units, cell, units
from .refresh import refresh
from .trade import found, luxury_first


def empire_record(g: GameData, empire: str) -> dict:
    pool = g.tables.pools[empire]
    return {"money": 0, "stability": 0,
            "dev": {"military": 0, "fleet": 0, "economy": 0, "culture": 0},
            "luxury_firsts": [], "revolted": False, "revolted_turn": None,
            "meeples": {"armies": pool["armies"], "fleets": pool["fleets"]}, "leader": None,
            "income": 0, "merchandise": {}, "supply": 0, "legions": 0, "ships": 0,
            "pieces": {}, "posts_by_merch": {},
            "control": [], "phases": {}, "vp": 0, "vp_detail": {}}


def _preferred(g: GameData, posts: list[str], merch: list[str]) -> list[str]:
    """``posts`` (nearest first) with the first post of each named merchandise put first, in
    the order named (the sheet's placements, e.g. the ch.4 Greek example)."""
    first = []
    for m in merch:
        h = next((h for h in posts if g.map.hexes[h].merchandise == m and h not in first), None)
        if h is not None:
            first.append(h)
    return first + [h for h in posts if h not in first]


def place_empire(g: GameData, state: State, empire: str) -> None:
    """ch.4 steps 1-4, 8, 10 for one empire."""
    rec = g.tables.setups[empire]
    cap = g.map.capital(empire, rec["capital"])
    if cap is None:
        raise DataError("map", None, empire, f"the map has no capital for {empire} "
                        f"({rec['capital']})")
    emp = state["empires"][empire]
    emp["money"] = rec["talents"]
    emp["stability"] = rec["stability"]
    cell(state, cap)["post"] = {"owner": empire, "kind": "fortress", "count": 1}
    luxury_first(g, state, empire, g.map.hexes[cap].merchandise)    # a fortress is a post
    # step 2: merchandise hexes nearest to the capital over land; ties by hex id (ruling R-4)
    capitals = {g.map.capital(e, g.tables.setups[e]["capital"]) for e in state["empires"]}

    def free(h: str) -> bool:
        cell_ = state["hexes"].get(h)
        return (h != cap and bool(g.map.hexes[h].merchandise) and h not in capitals
                and not (cell_ and (cell_["post"] or cell_["units"])))

    posts = [h for _, h in g.map.nearest_over_land(cap, free, rec["trade_posts"])]
    for h in posts:
        found(g, state, empire, h, setup=True)
    # step 4: ships in the capital if it is a port, else at coastal trade posts
    ships = rec["ships"]
    port = g.map.hexes[cap].is_coast
    harbours = _preferred(g, [h for h in posts if g.map.hexes[h].is_coast],
                          rec.get("ships_at", []))
    if port:
        k = min(ships, rec.get("capital_ships", 1) or 0) if harbours else ships
        if k:
            add_units(state, cap, empire, ships=k)
        ships -= k
    for h in harbours:
        if ships <= 0:
            break
        add_units(state, h, empire, ships=1)
        ships -= 1
    if ships > 0:
        spot = cap if port else (harbours[0] if harbours else None)
        if spot:
            add_units(state, spot, empire, ships=ships)
    # step 3: legions in the capital, at trade posts, or aboard ships
    legions = rec["legions"]
    k = min(legions, rec.get("capital_legions", 1))
    if k:
        add_units(state, cap, empire, legions=k)
    legions -= k
    for h in _preferred(g, posts, rec.get("legions_at", [])):
        if legions <= 0:
            break
        if not units(state, h, empire)["ships"] and not units(state, h, empire)["legions"]:
            add_units(state, h, empire, legions=1)
            legions -= 1
    if legions > 0:
        add_units(state, cap, empire, legions=legions)
    log(state, f"{empire.capitalize()} sets up around {g.map.label(cap)}.", "4", seat=empire,
        where=cap)


def set_up(g: GameData, state: State) -> None:
    for e in g.tables.setup_order:
        if e in state["empires"]:
            place_empire(g, state, e)
    refresh(g, state, events=False)
