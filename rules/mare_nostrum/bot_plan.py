"""What the Mare Nostrum bot reads from a state before it scores (:mod:`.bot`): the scale of
its points, the merchandise hexes near every hex (the static map, read once per game) and
:class:`Plan`, what one empire can gain now (one reading of the state per prompt)."""

from __future__ import annotations

import functools
from typing import Protocol

from .armistice import at_peace
from .context import GameData, State
from .control import laurels
from .geography import MapData
from .supply import maintenance_cost
from .units import ship_mp

NOTHING = -4.0            # an action with nothing useful to do (chosen only to block, 9.7)
VP = 10.0                 # one victory point (ch.2)
STAB = 1.5                # one box of stability (9.5)
NEED = 10.0               # a merchandise a coming development phase asks for (9.6)
LAND_RADIUS = 7           # how far (steps over land) a legion looks for merchandise hexes
SEA_RADIUS = 12           # how far (steps by sea) a loaded ship looks for them
RIVAL_GAP = 4             # an empire this close to the target VP is held back ...
RIVAL = 2.0               # ... with these points a step nearer (and a VP of lead)



# ---- the map, read once: merchandise hexes near every hex -----------------------------------
class NearMerchandise:
    """For every hex: merchandise hexes within a few steps by land / by sea, with distance.
    Made once per game from the static map (:attr:`MareNostrum.near_merchandise`)."""

    def __init__(self, m: MapData) -> None:
        self.map = m
        merch = sorted(h for h, x in m.hexes.items() if x.merchandise)
        self.merch = tuple(merch)
        self.land = self._fill(merch, m.land_adj, LAND_RADIUS)
        self.sea = self._fill([h for h in merch if m.hexes[h].is_coast], m.sea_adj, SEA_RADIUS)

    @staticmethod
    def _fill(sources: list[str], adj: dict[str, tuple[str, ...]],
              radius: int) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for s in sources:
            dist = {s: 0}
            frontier = [s]
            for d in range(1, radius + 1):
                nxt = []
                for h in frontier:
                    for n in adj.get(h, ()):
                        if n not in dist:
                            dist[n] = d
                            nxt.append(n)
                frontier = nxt
            for h, d in dist.items():
                out.setdefault(h, {})[s] = d
        return out


@functools.lru_cache(maxsize=32)
def _decay(mp: int) -> tuple[float, ...]:
    """Discount of a hex ``d`` steps away for a unit going ``mp`` a MOVE: 0.85 a step beyond
    this MOVE's reach, halved again for every further MOVE needed."""
    return tuple(0.85 ** max(0, d - mp) / (1 + d // (mp + 1))
                 for d in range(max(LAND_RADIUS, SEA_RADIUS) + 1))


class BotData(GameData, Protocol):
    """The game as the bot reads it: the rules' data and the merchandise near each hex."""

    @property
    def near_merchandise(self) -> NearMerchandise: ...


# ---- what an empire can gain: one reading of the state ---------------------------------------
class Plan:
    """The acting empire's view of the board: what a merchandise hex is worth to it (ch.6
    income, 9.6 conditions, 9.5 luxuries, ch.11 control and ch.2 laurels), and the hexes
    it could found a trade post in."""

    def __init__(self, g: BotData, state: State, e: str) -> None:
        self.g, self.state, self.e = g, state, e
        emp = state["empires"][e]
        self.emp = emp
        self.money = emp["money"]
        self.upkeep = maintenance_cost(g, state, e)
        self.near = g.near_merchandise
        self.winning = emp["vp"] + 1 >= state["vp_target"]
        # values read during this one decision (a Plan lives for one decision)
        self._merch_value: dict[str, float] = {}
        self._held: dict[str, int] = {}
        self._open: dict[str, float | None] = {}
        self._target: dict[str, float | None] = {}
        self._best: dict[tuple[str, bool], list[tuple[float, str]]] = {}
        self._pull: dict[tuple[str, int, bool], float] = {}
        self._pick: dict[str, dict[str, float]] = {}
        self._rival: dict[str, float] = {}
        self._targets: dict[str, float] | None = None
        self._needs_memo: set[str] | None = None

    def short(self, cost: int) -> float:
        """A penalty for spending what the fleet's upkeep at the end of the turn needs
        (ch.10: unpaid upkeep costs a box of stability)."""
        return 3.0 if self.money - cost < self.upkeep else 0.0

    @property
    def _needs(self) -> set[str]:
        if self._needs_memo is None:
            self._needs_memo = self._needed_merch()
        return self._needs_memo

    # -- merchandise -------------------------------------------------------------------------
    def _needed_merch(self) -> set[str]:
        """Merchandise named by the conditions of the next two phases of every row (9.6),
        not held yet; every luxury type not held while a culture phase wants more."""
        g, emp = self.g, self.emp
        held = emp["merchandise"]
        tables = g.tables
        phases = emp["phases"]
        lux = sum(1 for m, n in held.items() if n and tables.merch_class[m] == "luxury")
        out: set[str] = set()
        for c in tables.conditions:
            if phases[c.row] < c.phase <= phases[c.row] + 2:
                out.update(m for m in c.merch if not held.get(m))
                if c.luxuries > lux:
                    out.update(m for m, k in tables.merch_class.items()
                               if k == "luxury" and not held.get(m))
        return out

    def merch_value(self, m: str) -> float:
        """Points for one more uncontested post of merchandise ``m``."""
        v = self._merch_value.get(m)
        if v is None:
            t = self.g.tables
            n = self.emp["merchandise"].get(m, 0)
            v = (t.merch_value(m, n + 1) - t.merch_value(m, n)) / 4.0
            if m in self._needs:
                v += NEED
            cls = t.merch_class[m]
            if cls == "luxury" and m not in self.emp["luxury_firsts"]:
                v += STAB
            elif cls == "supply":
                v += 0.5
            if self.emp["posts_by_merch"].get(m, 0) >= t.merch_boxes(m):
                v = -1.0                     # ch.16: the row is full
            self._merch_value[m] = v
        return v

    def area_bonus(self, h: str, extra: int = 1) -> float:
        """ch.11 / ch.2: points for holding one more merchandise hex of ``h``'s area."""
        g = self.g
        area = g.map.hexes[h].area
        if not area:
            return 0.0
        hexes = g.map.merch_hexes(area)
        if not hexes or area in self.emp["control"]:
            return 0.0
        held = self._held.get(area)
        if held is None:
            held = self._held[area] = self._count_held(hexes)
        if h not in hexes or held + extra < len(hexes):
            return 1.5 * (held + extra) / len(hexes)
        bonus = 4.0
        have = len(self.emp["control"])
        if (have + 1) in g.tables.dark_laurels or (have + 1) in g.tables.light_laurels:
            bonus += VP                       # a laurel box (17.8 light ones too: a guess)
        return bonus

    def _count_held(self, hexes: tuple[str, ...]) -> int:
        board, e = self.state["hexes"], self.e
        held = 0
        for x in hexes:
            c = board.get(x)
            if c and not c["contested"] and ((c["post"] and c["post"]["owner"] == e)
                                             or (e in c["units"] and c["units"][e]["legions"])):
                held += 1
        return held

    def posts_left(self) -> int:
        """ch.16: trade posts still in stock."""
        return self.g.tables.pools[self.e]["trade_posts"] - self.emp["pieces"]["trade_posts"]

    def scarcity(self) -> float:
        """The last trade posts in stock are kept for hexes that matter (ch.16)."""
        return 2.0 * max(0, 4 - self.posts_left())

    def hex_value(self, h: str) -> float:
        """Points for a new trade post in merchandise hex ``h``."""
        info = self.g.map.hexes[h]
        if not info.merchandise:
            return 0.0
        v = self.merch_value(info.merchandise) + self.area_bonus(h) - self.scarcity()
        cap = info.capital_of
        if cap and cap != self.e and cap in self.state["empires"]:
            v += 3.0                          # 9.5: conquering a capital
        return v

    # -- where posts can go ------------------------------------------------------------------
    def open_value(self, h: str) -> float | None:
        """Points of merchandise hex ``h`` if a legion could go and found (or take over) a
        post there: no piece at all, or an enemy trade post with no legion, which a legion
        may contest and take over (9.1.3, 9.2); None otherwise. Remembered per hex."""
        memo = self._open
        if h in memo:
            return memo[h]
        c = self.state["hexes"].get(h)
        v: float | None = None
        if c is None:
            v = self.hex_value(h)
        elif not c["contested"] and not c["monument"]:
            post, here = c["post"], c["units"]
            if post is None:
                # our own ships there (a fleet waiting to land its legions) keep it open;
                # our own legion (or Greek ship, 9.4) there will found the post already
                mine = here.get(self.e)
                if all(o == self.e for o in here) and not (
                        mine and (mine["legions"] or self.e == "greece")):
                    v = self.hex_value(h)
            elif post["owner"] != self.e and post["kind"] == "trade_post" and not here \
                    and post["owner"] in self.state["empires"] \
                    and not at_peace(self.state, self.e, post["owner"]):
                v = 0.7 * self.hex_value(h) + 1.0 + self.break_value(h, post["owner"])
        memo[h] = v
        return v

    def rival(self, o: str) -> float:
        """Points for setting back empire ``o`` by one merchandise hex: nothing while it is
        far from the target, more the nearer it comes and the further it leads (ch.2: five
        empires, one winner; the others hold back whoever is about to win)."""
        got = self._rival.get(o)
        if got is None:
            emps = self.state["empires"]
            them = emps.get(o)
            got = 0.0
            if them is not None and o != self.e:
                gap = self.state["vp_target"] - them["vp"]
                lead = them["vp"] - max(v["vp"] for x, v in emps.items() if x != o)
                if gap <= RIVAL_GAP:
                    got = RIVAL * (RIVAL_GAP + 1 - gap) + RIVAL * max(0, lead)
            self._rival[o] = got
        return got

    def break_value(self, h: str, o: str) -> float:
        """:meth:`rival`, plus what contesting ``h`` costs ``o`` in control (ch.11): its
        area, and the laurel's VP when the area held it on a laurel box (ch.2)."""
        v = self.rival(o)
        area = self.g.map.hexes[h].area
        them = self.state["empires"].get(o)
        if v and them is not None and area in them["control"]:
            v += 2.0
            if len(them["control"]) in laurels(self.g, self.state):
                v += VP / 2
        return v

    def target_value(self, h: str) -> float | None:
        """Points of a post the empire could found in ``h`` now (9.4), else None."""
        memo = self._target
        if h in memo:
            return memo[h]
        c = self.state["hexes"].get(h)
        v = None
        if c is not None:
            u = c["units"].get(self.e)
            if u and (u["legions"] or self.e == "greece") and c["post"] is None \
                    and self.g.map.hexes[h].merchandise and not c["contested"] \
                    and not c["monument"] and len(c["units"]) == 1:
                v = self.hex_value(h)
        memo[h] = v
        return v

    @property
    def targets(self) -> dict[str, float]:
        """Hexes where the empire could found a post now (its legion, or a Greek ship,
        stands in an empty merchandise hex, 9.4), with their points."""
        if self._targets is None:
            e, info = self.e, self.g.map.hexes
            out = {}
            for h, c in self.state["hexes"].items():
                u = c["units"].get(e)
                if u and (u["legions"] or e == "greece") and c["post"] is None \
                        and info[h].merchandise and not c["contested"] \
                        and not c["monument"] and len(c["units"]) == 1:
                    out[h] = self.hex_value(h)
            self._targets = out
        return self._targets

    def free_hexes(self) -> int:
        """Merchandise hexes with nothing on them."""
        hexes = self.state["hexes"]
        return sum(1 for h in self.near.merch if h not in hexes)

    def best_open(self, h: str, sea: bool = False, k: int = 4) -> list[tuple[float, str]]:
        """The ``k`` most valuable open hexes near ``h`` (by land or by sea)."""
        got = self._best.get((h, sea))
        if got is not None:
            return got
        found = []
        memo, miss = self._open, self.open_value
        for m in (self.near.sea if sea else self.near.land).get(h, ()):
            v = memo[m] if m in memo else miss(m)
            if v is not None and v > 0:
                found.append((v, m))
        found.sort(reverse=True)
        got = self._best[h, sea] = found[:k]
        return got

    def pull(self, h: str, mp: int, among: list[tuple[float, str]], sea: bool = False) -> float:
        """Points of the best of ``among`` seen from ``h``, discounted by the moves needed to
        reach it (a unit goes ``mp`` hexes a MOVE)."""
        dist = (self.near.sea if sea else self.near.land).get(h)
        if not dist:
            return 0.0
        best = 0.0
        decay = _decay(mp)
        for v, m in among:
            d = dist.get(m)
            if d is not None:
                v *= decay[d]
                if v > best:
                    best = v
        return best

    def land_pull(self, h: str, mp: int, sea: bool = False) -> float:
        """:meth:`pull` toward the best open hexes near ``h`` itself."""
        got = self._pull.get((h, mp, sea))
        if got is None:
            got = self._pull[h, mp, sea] = self.pull(h, mp, self.best_open(h, sea), sea)
        return got

    def sea_pull(self, h: str, mp: int) -> float:
        return self.land_pull(h, mp, True)

    def pickups(self) -> dict[str, float]:
        """Coastal hexes where the empire's ships have room for legions (9.1.1), with what
        a voyage from there could reach (:meth:`sea_pull`, 80 %)."""
        got = self._pick.get("")
        if got is None:
            g, e = self.g, self.e
            smp = ship_mp(g, self.state, e)
            info = g.map.hexes
            got = {}
            for h, c in self.state["hexes"].items():
                u = c["units"].get(e)
                if u and u["ships"] > u["carried"] and not c["contested"] and info[h].is_coast:
                    v = self.sea_pull(h, smp)
                    if v > 0:
                        got[h] = 0.8 * v
            self._pick[""] = got
        return got

    def pickup_pull(self, h: str, mp: int) -> float:
        """:meth:`pull` by land toward the ships that could carry legions from ``h`` on."""
        picks = self.pickups()
        if not picks:
            return 0.0
        return self.pull(h, mp, [(v, x) for x, v in picks.items() if x != h])
