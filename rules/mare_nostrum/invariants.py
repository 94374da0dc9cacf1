"""Checks every reachable state must pass (ch.16 limits, money, terrain, control)."""

from __future__ import annotations

from . import leaders, spartacus
from .context import GameData, State
from .geography import LEGION_TERRAIN, SHIP_TERRAIN
from .pieces import SPARTACUS
from .tally import Tally


def check_invariants(g: GameData, state: State) -> list[str]:
    """Broken invariants of ``state``; empty when sound."""
    bad: list[str] = []
    t = Tally(g, state)
    control = t.control
    for e, emp in state["empires"].items():
        if emp["money"] < 0:
            bad.append(f"{e} has negative money {emp['money']}")
        pool = g.tables.pools[e]
        have = t.pieces[e]
        if emp["pieces"] != have or emp["legions"] != have["legions"]:
            bad.append(f"{e} derived pieces {emp['pieces']} != board {have}")
        if emp["merchandise"] != dict(sorted(t.merch[e].items())):
            bad.append(f"{e} merchandise chart {emp['merchandise']} != board {t.merch[e]}")
        for k in ("legions", "ships", "fortresses", "trade_posts", "monuments"):
            if have[k] > pool[k]:
                bad.append(f"{e} has {have[k]} {k} on the map, stock is {pool[k]}")
        if have["trade_posts"] + have["fortresses"] > 25 + 4:
            bad.append(f"{e} has too many posts")
        if emp["revolted"] and (have["legions"] or have["ships"]):
            bad.append(f"{e} is in revolution but still has units")
        if not emp["revolted"] and emp["control"] != control[e]:
            bad.append(f"{e} control track {emp['control']} != board {control[e]}")
        if not (g.tables.stab_min - 1 <= emp["stability"] <= g.tables.stab_max + 1):
            bad.append(f"{e} stability {emp['stability']} off the track")
        for m, n in emp["merchandise"].items():
            if n > g.tables.merch_boxes(m):
                bad.append(f"{e} holds {n} {m}, more than the chart's row")
    hexinfo = g.map.hexes
    sp = state.get("spartacus")
    sp_hex = sp.get("hex") if sp else None
    for h, c in state["hexes"].items():
        info = hexinfo.get(h)
        if info is None:
            bad.append(f"pieces on unknown hex {h}")
            continue
        terrain = info.terrain
        here = set()
        for e, u in c["units"].items():
            legions, ships, carried = u["legions"], u["ships"], u["carried"]
            if legions or ships:
                here.add(e)
            else:
                bad.append(f"empty unit record of {e} in {h}")
            if legions and terrain not in LEGION_TERRAIN:
                bad.append(f"{e} legions on {terrain} hex {h}")
            if ships and terrain not in SHIP_TERRAIN:
                bad.append(f"{e} ships on {terrain} hex {h}")
            if carried > ships:
                bad.append(f"{e} carries more legions than ships in {h}")
            if legions < 0 or ships < 0 or carried < 0:
                bad.append(f"negative units in {h}")
        post = c["post"]
        if post:
            here.add(post["owner"])
            if not info.merchandise:
                bad.append(f"post on hex {h} without merchandise")
            if post["kind"] == "fortress" and not info.city:
                bad.append(f"fortress on hex {h} without a city")
            if not 1 <= post["count"] <= 2:
                bad.append(f"post count {post['count']} in {h}")
        if c["monument"]:
            here.add(c["monument"])
            if not info.city:
                bad.append(f"monument outside a city in {h}")
        if h == sp_hex:
            here.add(SPARTACUS)
        if len(here) > 2:
            bad.append(f"{len(here)} empires share hex {h}")
        if c["contested"] and len(here) < 2:
            bad.append(f"hex {h} contested with one owner")
    bad += leaders.invariants(g, state) + spartacus.invariants(g, state)
    return bad
