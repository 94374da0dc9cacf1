"""The Mare Nostrum bot's scores per phase (:mod:`.bot`): which action to choose (ch.8) and,
within each action, which order to give (DEVELOP 9.6, BUILD 9.3, TRADE 9.4, STABILITY 9.5,
MOVE 9.1, ATTACK 9.2, ARMISTICE 9.8), answers to an armistice (9.8) and the legions to
disband for supply (ch.10). Scores are in points (:data:`.bot_plan.VP` a victory point)."""

from __future__ import annotations

from typing import Any

from rules.engine.state import pending

from . import attack as attack_rules
from . import combat
from .armistice import at_peace
from .bot_plan import NOTHING, STAB, VP, BotData, Plan
from .build import price as build_price
from .context import State
from .develop import meets, next_box
from .monuments import may_build as may_build_monument
from .monuments import price as monument_price
from .stability import GOLDEN_AGE
from .stability import price as stability_price
from .tables import GOLDEN, ROWS
from .trade import price as post_price
from .units import legion_cv, legion_mp, ship_mp


# -- choosing the action (ch.8) ----------------------------------------------------------------
def choose_action(p: Plan, ids: list[str]) -> list[float]:
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
    ours = have * legion_cv(g, state, e) + combat.modifiers(g, state, e)
    defence = theirs * legion_cv(g, state, foe) + combat.modifiers(g, state, foe) + \
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
    cv_a, _ = combat.combat_value(g, state, h, e, foe, domain, True)
    cv_d, _ = combat.combat_value(g, state, h, foe, e, domain, False)
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

def answer(g: BotData, state: State, e: str, ids: list[str]) -> list[float]:
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
def disband(g: BotData, state: State, e: str, ids: list[str]) -> list[float]:
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
