"""The Mare Nostrum strategy of the ``bot`` seat (:meth:`MareNostrum.bot_weights`).

One-ply scoring, no search: every legal choice gets a score in "points" (a victory point
is worth 10, see ``docs/mare-nostrum-bot.md``), read from the state with the rules' own
helpers; scores become weights ``exp(score - best)``, so the best choices dominate, and
``EXPLORE`` of the total is spread evenly so that every legal choice keeps a positive weight
(the fuzz relies on it).
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

from rules.engine.game import Prompt
from rules.engine.state import pending

from . import attack as attack_rules
from .armistice import at_peace
from .build import price as build_price
from .context import State
from .control import laurels
from .develop import meets, next_box
from .monuments import may_build as may_build_monument
from .monuments import price as monument_price
from .stability import GOLDEN_AGE
from .stability import price as stability_price
from .supply import maintenance_cost
from .tables import GOLDEN, ROWS
from .trade import price as post_price
from .units import legion_cv, legion_mp, ship_mp

if TYPE_CHECKING:
    from .game import MareNostrum
    from .geography import MapData

NOTHING = -4.0            # an action with nothing useful to do (chosen only to block, 9.7)
#: share of the total weight spread evenly over all legal choices (exploration)
EXPLORE = 0.02
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


# ---- what an empire can gain: one reading of the state ---------------------------------------
class Plan:
    """The acting empire's view of the board: what a merchandise hex is worth to it (ch.6
    income, 9.6 conditions, 9.5 luxuries, ch.11 control and ch.2 laurels), and the hexes
    it could found a trade post in."""

    def __init__(self, g: MareNostrum, state: State, e: str) -> None:
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


# ---- scores per prompt -----------------------------------------------------------------------
def scores(g: MareNostrum, state: State, prompt: Prompt) -> list[float]:
    """A score per choice of ``prompt`` (higher is better), for the seat to decide."""
    e = prompt.seat
    ids = [c.id for c in prompt.choices]
    if pending(state) is not None:
        return _answer(g, state, e, ids)
    ph = state["phase"]
    if ph == "draft":
        return [3.0 - 0.5 * int(i.split(":")[1]) for i in ids]
    if ph == "supply":
        return _disband(g, state, e, ids)
    act = state["action"]
    plan = Plan(g, state, e)
    if act is None:
        return _action(plan, ids)
    return SCORERS[act["kind"]](plan, ids)


def weights(g: MareNostrum, state: State, prompt: Prompt) -> list[float]:
    """Sharp weights from :func:`scores`, every choice > 0 (``EXPLORE`` spread evenly)."""
    s = scores(g, state, prompt)
    top = max(s)
    raw = [math.exp(max(-30.0, x - top)) for x in s]
    total = sum(raw)
    n = len(raw)
    return [(1 - EXPLORE) * w / total + EXPLORE / n for w in raw]


# -- choosing the action (ch.8) ----------------------------------------------------------------
def _action(p: Plan, ids: list[str]) -> list[float]:
    """Each action scored by the best thing it could do now; PASS only when nothing pays."""
    out = []
    for cid in ids:
        a = cid.split(":", 1)[1]
        out.append(ACTION_VALUE[a](p) if a in ACTION_VALUE else 0.0)
    return out


def _best(values: list[float]) -> float:
    return max(values) if values else NOTHING


def _value_develop(p: Plan) -> float:
    vals = [_row_value(p, r) for r in ROWS if _may_develop(p, r)]
    if not vals:
        return NOTHING
    vals.sort(reverse=True)
    return vals[0] + 0.3 * sum(vals[1:])


def _value_build(p: Plan) -> float:
    g, state, e = p.g, p.state, p.e
    vals = []
    mon = monument_price(g, state, e) <= p.money
    fort = 0.5 + _post_back(p) if p.emp["pieces"]["fortresses"] < g.tables.pools[e]["fortresses"] \
        and build_price(g, state, e, "fortress") + p.upkeep <= p.money else 0.0
    for h, c in state["hexes"].items():
        post = c["post"]
        if post and post["owner"] == e:
            if mon and may_build_monument(g, state, e, h):
                vals.append(_monument_value(p))
                break
            if post["kind"] == "fortress" and not c["contested"]:
                vals.append(_legion_value(p))
            elif fort and not c["contested"] and g.map.hexes[h].city:
                vals.append(fort)
    return _best(vals)


def _value_trade(p: Plan) -> float:
    cost = post_price(p.g, p.state, p.e)
    n = p.money // cost if cost else 0
    vals = sorted((v for v in p.targets.values() if v > 0), reverse=True)[:n]
    return sum(vals) + 0.5 if vals else NOTHING


def _value_move(p: Plan) -> float:
    g, state, e = p.g, p.state, p.e
    mp = legion_mp(g, state, e)
    smp = ship_mp(g, state, e)
    best = NOTHING
    targets = p.targets
    for h, c in state["hexes"].items():
        u = c["units"].get(e)
        if not u:
            continue
        if u["legions"] and h not in targets and not c["contested"]:
            best = max(best, p.land_pull(h, mp) - 0.5, p.pickup_pull(h, mp) - 1.0)
            if u["ships"] > u["carried"]:
                best = max(best, p.sea_pull(h, smp) - 1.0)     # embark (9.1.1)
        if u["carried"]:
            best = max(best, p.sea_pull(h, smp) - 0.5, p.land_pull(h, mp) - 0.5)
    return best


def _value_attack(p: Plan) -> float:
    state, e = p.state, p.e
    vals = []
    for h, c in state["hexes"].items():
        if e not in c["units"] or not (c["contested"] or len(c["units"]) > 1):
            continue
        for dom in ("land", "sea"):
            if attack_rules.may_fight(state, h, e, dom):
                vals.append(_combat_value(p, h, dom))
        post = c["post"]
        if post and post["owner"] != e and post["kind"] == "trade_post" and \
                c["units"][e]["legions"] and not c["units"].get(post["owner"]) and \
                not at_peace(state, e, post["owner"]):
            vals.append(_takeover_value(p, h))
    return _best(vals)


def _value_stability(p: Plan) -> float:
    if p.money < stability_price(p.g, p.state, p.e) or p.emp["stability"] >= GOLDEN_AGE:
        return NOTHING
    return _raise_value(p)


def _value_armistice(p: Plan) -> float:
    return 1.5 if _threatened(p) else -3.0


ACTION_VALUE = {"develop": _value_develop, "build": _value_build, "trade": _value_trade,
                "move": _value_move, "attack": _value_attack, "stability": _value_stability,
                "armistice": _value_armistice, "pass": lambda p: 0.3}


# -- DEVELOP (9.6) -----------------------------------------------------------------------------
def _may_develop(p: Plan, row: str) -> bool:
    nxt = next_box(p.g, p.state, p.e, row)
    if nxt is None:
        return False
    cost, ph = nxt
    if p.money < cost:
        return False
    return ph <= p.emp["phases"][row] or ph == GOLDEN or meets(p.g, p.state, p.e, row, ph)


def _row_value(p: Plan, row: str) -> float:
    """A box on a row: the Golden Age is a VP (ch.2); a new Economy/Culture phase is a box of
    stability (9.6) and Economy more income (ch.6); every box is a step toward a Golden Age."""
    g = p.g
    cost, ph = next_box(g, p.state, p.e, row)
    boxes = p.emp["dev"][row]
    if ph == GOLDEN:
        return VP * (2 if p.winning else 1)
    cur = p.emp["phases"][row]
    v = 1.0 + VP / (len(g.tables.boxes[row]) - boxes)    # a step toward the Golden Age
    if ph > cur:
        if row in ("economy", "culture"):
            v += STAB
        if row == "economy":
            v += (g.tables.economy_bonus[ph] - g.tables.economy_bonus[cur]) / 5.0
        if row == "military" and cur == 0:
            v += 1.5                          # legions can be built (9.3)
        if row == "culture" and cur == 0:
            v += 1.0                          # Military Phase I needs City State (9.6)
    return v - p.short(cost)


def _develop(p: Plan, ids: list[str]) -> list[float]:
    return [_row_value(p, cid.split(":", 1)[1]) if cid.startswith("dev:") else 0.3
            for cid in ids]


# -- BUILD (9.3, ch.12) ------------------------------------------------------------------------
def _monument_value(p: Plan) -> float:
    return VP * (2 if p.winning else 1) + STAB - p.short(monument_price(p.g, p.state, p.e))


def _post_back(p: Plan) -> float:
    """A fortress replaces a trade post, which goes back to stock (9.3): worth it when the
    stock is nearly empty."""
    return 3.0 if p.posts_left() <= 2 else 0.0


def _legion_value(p: Plan) -> float:
    """A legion is worth building while supply feeds it (ch.10) and posts wait for it; it
    needs Military Phase I, a legion in stock and its price (9.3)."""
    emp = p.emp
    if emp["legions"] >= emp["supply"] or emp["phases"]["military"] < 1 or \
            emp["legions"] >= p.g.tables.pools[p.e]["legions"] or \
            p.money < build_price(p.g, p.state, p.e, "legion"):
        return NOTHING
    idle = emp["legions"]
    free = p.free_hexes()
    return 2.5 if free > idle else 0.5


def _build(p: Plan, ids: list[str]) -> list[float]:
    out = []
    emp = p.emp
    built = 0
    for cid in ids:
        verb, _, h = cid.partition(":")
        if verb == "monument":
            out.append(_monument_value(p))
        elif verb == "legion":
            out.append(_legion_value(p) - 0.3 * built
                       - p.short(build_price(p.g, p.state, p.e, "legion")))
        elif verb == "ship":
            out.append((1.2 if emp["ships"] < 2 else -1.0)
                       - p.short(build_price(p.g, p.state, p.e, "ship")))
        elif verb == "fortress":
            c = p.state["hexes"][h]
            v = 0.5 + (2.0 if c["monument"] == p.e else 0.0) + _post_back(p)
            out.append(v - p.short(build_price(p.g, p.state, p.e, "fortress") + 40))
        else:
            out.append(1.0)
    return out


# -- CREATE TRADE POSTS (9.4) ------------------------------------------------------------------
def _trade(p: Plan, ids: list[str]) -> list[float]:
    return [p.hex_value(cid.split(":", 1)[1]) + 1.0 if cid.startswith("post:") else 0.3
            for cid in ids]


# -- PAY FOR STABILITY (9.5, 17.1) -------------------------------------------------------------
def _raise_value(p: Plan) -> float:
    """A box of stability: a step toward the Golden Age beyond +10 (a VP, ch.2), worth more
    the nearer it is and the richer the empire; away from revolution (ch.14) when low."""
    stab = p.emp["stability"]
    cost = stability_price(p.g, p.state, p.e)
    left = GOLDEN_AGE - stab
    v = 0.5 + VP / left * (1.0 if p.money >= 2 * cost + p.upkeep else 0.5)
    if stab == GOLDEN_AGE - 1 and p.winning:
        v += VP
    if stab <= -3:
        v += 3.0
    if stab <= -6:
        v += 6.0
    return v - p.short(cost)


def _stability(p: Plan, ids: list[str]) -> list[float]:
    out = []
    for cid in ids:
        if cid == "raise":
            out.append(_raise_value(p))
        elif cid.startswith("lower:"):
            o = p.state["empires"][cid.split(":", 1)[1]]
            v = 0.0
            if o["stability"] <= p.g.tables.stab_min:
                v += 4.0                      # ch.14: one box more is a revolution
            if o["vp"] + 1 >= p.state["vp_target"]:
                v += 2.0
            out.append(v)
        else:
            out.append(1.0)
    return out


# -- MOVE (9.1, 9.1.1, ch.13) ------------------------------------------------------------------
def _stay_value(p: Plan, h: str, c: dict[str, Any], n: int, total: int) -> float:
    """What ``n`` of the ``total`` free legions in ``h`` are worth where they stand."""
    e = p.e
    v = p.target_value(h)
    if v is not None:
        return v + 1.0 if n >= total else 0.0
    if c["contested"]:
        return 2.0
    post = c["post"]
    if post and post["owner"] == e and n >= total and (c["monument"] == e or
                                                      p.g.map.hexes[h].capital_of == e):
        return 1.5                            # a garrison where a takeover would hurt
    return 0.0


def _move(p: Plan, ids: list[str]) -> list[float]:
    act = p.state["action"]
    if act.get("group"):
        return _destination(p, ids, act["group"])
    g, state, e = p.g, p.state, p.e
    hexes = state["hexes"]
    mp, smp = legion_mp(g, state, e), ship_mp(g, state, e)
    out = []
    pull: dict[str, float] = {}
    for cid in ids:
        parts = cid.split(":")
        verb = parts[0]
        if verb == "done":
            out.append(1.0)
            continue
        h = parts[1] if len(parts) > 1 else ""
        c = hexes.get(h)
        if verb == "legions" and c:
            n = int(parts[2])
            total = c["units"][e]["legions"]
            if h not in pull:
                pull[h] = max(p.land_pull(h, mp), p.pickup_pull(h, mp) - 0.5)
            go = pull[h] - _stay_value(p, h, c, n, total)
            out.append(go - 0.3 * (n - 1))
        elif verb == "ships" and c:
            n, cargo = int(parts[2]), int(parts[3])
            if cargo:
                out.append(max(p.sea_pull(h, smp), p.land_pull(h, mp)) + 0.5
                           - 0.3 * (n - cargo))
            else:
                out.append(-1.0)
        elif verb == "embark" and c:
            n = int(parts[2])
            if p.target_value(h) is not None:
                out.append(-1.0)
            else:
                sea = p.sea_pull(h, smp) - p.land_pull(h, mp)
                out.append(sea - 0.5 - 0.3 * (n - 1))
        elif verb == "land" and c:
            n = int(parts[2])
            v = p.open_value(h)
            if v is not None and v > 0 and not c["post"]:
                out.append(v + 2.0 - 0.3 * (n - 1))
            else:
                out.append(p.land_pull(h, mp) - 0.2 * (n - 1))
        elif verb == "spartacus":
            out.append(1.2 if parts[1] == "to" and _near_roman_post(p, parts[2]) else 0.0)
        else:
            out.append(0.0)                   # the Leader (17.5): wherever it is
    return out


def _near_roman_post(p: Plan, h: str) -> bool:
    c = p.state["hexes"].get(h)
    return bool(c and c["post"] and c["post"]["owner"] == "rome")


def _destination(p: Plan, ids: list[str], grp: dict[str, Any]) -> list[float]:
    """Where a group goes: an open merchandise hex (legions found posts there, loaded ships
    land them there), else nearer to the best open hexes seen from where it stands."""
    g, state, e = p.g, p.state, p.e
    hexes = state["hexes"]
    legions = grp["kind"] == "legions"
    src, n, cargo = grp["from"], grp["n"], grp.get("cargo", 0)
    mp, smp = legion_mp(g, state, e), ship_mp(g, state, e)
    by_land = p.best_open(src) if legions or cargo else []
    by_sea = p.best_open(src, True) if cargo else []
    picks = p.pickups() if legions else {}
    by_ship = [(v - 0.5, x) for x, v in picks.items() if x != src]
    out = []
    for cid in ids:
        if cid == "back":
            out.append(-1.0)
            continue
        h = cid.split(":", 1)[1]
        c = hexes.get(h)
        foes = _foes(c, e)
        if legions:
            if foes:
                out.append(_enter_value(p, h, c, n, foes))
                continue
            v = p.open_value(h)
            if v is not None and v > 0 and (c is None or not c["post"]):
                # one legion founds a post; more are better used elsewhere
                out.append(v + 2.0 - 0.5 * (n - 1))
            elif h in picks and h != src:
                out.append(picks[h] - 0.5)        # embark there in the next MOVE (9.1.1)
            else:
                out.append(max(p.pull(h, mp, by_land), p.pull(h, mp, by_ship)))
        else:
            if foes:
                out.append(-2.0 if cargo else -1.0)
                continue
            if not cargo:
                out.append(0.0)
                continue
            v = p.open_value(h)
            if v is not None and v > 0 and g.map.hexes[h].is_coast:
                out.append(v + 2.5)
            else:
                out.append(max(p.pull(h, smp, by_sea, True), p.pull(h, mp, by_land) + 0.5))
    return out


def _foes(c: dict[str, Any] | None, e: str) -> list[str]:
    if not c:
        return []
    out = [o for o, u in c["units"].items() if o != e and (u["legions"] or u["ships"])]
    post = c["post"]
    if post and post["owner"] != e and post["owner"] not in out:
        out.append(post["owner"])
    if c["monument"] and c["monument"] != e and c["monument"] not in out:
        out.append(c["monument"])
    return out


def _enter_value(p: Plan, h: str, c: dict[str, Any], n: int, foes: list[str]) -> float:
    """Legions entering foreign pieces (9.1.3): worth it for an unguarded trade post to take
    over (9.2), or where the next ATTACK would win the land combat."""
    g, state, e = p.g, p.state, p.e
    foe = sorted(foes)[0]
    if foe not in state["empires"] or at_peace(state, e, foe):
        return -1.0
    theirs = c["units"].get(foe, {"legions": 0})["legions"]
    post = c["post"]
    fort = bool(post and post["owner"] == foe and post["kind"] == "fortress")
    if not theirs and not fort:
        v = p.open_value(h)
        return (v if v is not None else 0.0) + 0.5
    have = c["units"].get(e, {"legions": 0})["legions"] + n
    ours = have * legion_cv(g, state, e) + attack_rules.modifiers(g, state, e)
    defence = theirs * legion_cv(g, state, foe) + attack_rules.modifiers(g, state, foe) + \
        (g.tables.unit("fortress_cv") if fort else 0) + \
        (g.tables.unit("mountain_defence") if g.map.hexes[h].mountain else 0)
    per = g.tables.unit("cv_per_kill")
    kills, losses = min(theirs, ours // per), min(have, max(0, defence) // per)
    v = 1.2 * kills - 1.5 * losses - (2.0 if losses and not kills else 0.0)
    if kills >= theirs and losses < have:
        v += 1.0 + (0.5 * p.hex_value(h) if post else 0.0) + p.break_value(h, foe)
    return v - 0.5


# -- ATTACK (9.2, ch.12) -----------------------------------------------------------------------
def _combat_value(p: Plan, h: str, domain: str) -> float:
    """The exact outcome of the one combat round (9.2 is deterministic): units killed and
    lost, a fortress burned, a monument destroyed (a VP less for the foe, ch.12)."""
    g, state, e = p.g, p.state, p.e
    foe = attack_rules.defender(state, h, e)
    cv_a, _ = attack_rules.combat_value(g, state, h, e, foe, domain, True)
    cv_d, _ = attack_rules.combat_value(g, state, h, foe, e, domain, False)
    field = "legions" if domain == "land" else "ships"
    c = state["hexes"][h]
    theirs = c["units"].get(foe, {}).get(field, 0)
    ours = c["units"][e][field]
    per = g.tables.unit("cv_per_kill")
    kills, losses = min(theirs, cv_a // per), min(ours, cv_d // per)
    v = 1.2 * kills - 1.5 * losses
    if losses and not kills:
        v -= 2.0                              # blood for nothing
    if kills >= theirs and losses < ours:
        v += 1.0
        if domain == "land":
            surplus = cv_a - per * theirs
            post = c["post"]
            if post and post["owner"] == foe and post["kind"] == "fortress":
                if surplus >= g.tables.unit("fortress_kill"):
                    surplus -= g.tables.unit("fortress_kill")
                    v += 3.0 + p.hex_value(h) * 0.3
                else:
                    surplus = -1
            if surplus >= g.tables.unit("monument_kill") and c["monument"] == foe:
                v += 5.0
    elif losses >= ours:
        v -= 2.0
    return v


def _takeover_value(p: Plan, h: str) -> float:
    return p.hex_value(h) + 2.0 + p.rival(p.state["hexes"][h]["post"]["owner"])


def _attack(p: Plan, ids: list[str]) -> list[float]:
    out = []
    for cid in ids:
        verb, _, h = cid.partition(":")
        if verb in ("land", "sea"):
            out.append(_combat_value(p, h, verb))
        elif verb == "takeover":
            out.append(_takeover_value(p, h))
        elif cid == "spartacus:fight":
            out.append(3.0)
        elif cid == "spartacus:raze":
            out.append(2.5)
        elif verb == "spartacus":
            out.append(1.5)
        else:
            out.append(0.5)
    return out


# -- ASK FOR ARMISTICE (9.8) -------------------------------------------------------------------
def _threatened(p: Plan) -> bool:
    """Another empire's units contest a hex holding our post."""
    e = p.e
    for c in p.state["hexes"].values():
        if c["contested"] and c["post"] and c["post"]["owner"] == e:
            return True
    return False


def _armistice(p: Plan, ids: list[str]) -> list[float]:
    e = p.e
    hexes = p.state["hexes"]
    foes: dict[str, int] = {}
    for c in hexes.values():
        if c["contested"] and c["post"] and c["post"]["owner"] == e:
            for o in c["units"]:
                if o != e:
                    foes[o] = foes.get(o, 0) + 1
    return [1.0 + foes.get(cid.split(":", 1)[1], 0) if cid.startswith("offer:") else 1.0
            for cid in ids]


def _answer(g: MareNostrum, state: State, e: str, ids: list[str]) -> list[float]:
    """9.8: accepting brings Talents; refusing costs stability (never into revolution)."""
    q = pending(state)
    emp = state["empires"][e]
    penalty = g.tables.stab_refusal_rome if q.get("asker") == "rome" else g.tables.stab_refusal
    out = []
    for cid in ids:
        if cid == "accept":
            out.append(3.0)
        elif emp["stability"] >= GOLDEN_AGE:
            out.append(1.0)
        elif emp["stability"] - penalty < g.tables.stab_min:
            out.append(-30.0)
        else:
            out.append(-1.0)
    return out


# -- supply (ch.10) ----------------------------------------------------------------------------
def _disband(g: MareNostrum, state: State, e: str, ids: list[str]) -> list[float]:
    """Remove the legions doing least: aboard, or standing where nothing is to be founded."""
    p = Plan(g, state, e)
    hexes = state["hexes"]
    out = []
    for cid in ids:
        parts = cid.split(":")
        h = parts[1]
        if len(parts) == 3:
            out.append(2.0)
            continue
        c = hexes[h]
        n = c["units"][e]["legions"]
        out.append(2.0 - _stay_value(p, h, c, 1, n) - (0.5 if c["contested"] else 0.0))
    return out


SCORERS = {"move": _move, "attack": _attack, "build": _build, "trade": _trade,
           "stability": _stability, "develop": _develop, "armistice": _armistice}
