"""Optional rules 17.5 (Leaders) and 17.9 (Spartacus), and a random game with both on."""

from __future__ import annotations

import pytest

from rules.mare_nostrum import GAME
from rules.mare_nostrum.attack import resolve
from rules.mare_nostrum.move import may_enter
from rules.mare_nostrum.pieces import cell, units
from rules.mare_nostrum.refresh import refresh
from rules.mare_nostrum.spartacus import AREAS

from .helpers import act, bare, game, hx, ids, place
from .test_fuzz import _ends_with_a_winner

G = game()
LEAD = {"17.5": "yes"}
SPART = {"17.9": "yes"}


def _apply(g, s, choice):
    """Apply a choice to a hand-made state in place (as the tests' ``act`` states are)."""
    g.forget_prompt(s)
    return g.apply(s, choice)


# ---- 17.5 Leaders -------------------------------------------------------------------------

@pytest.mark.rule("mare-nostrum", "17.5")
def test_leaders_start_with_a_unit_of_their_empire():
    s = GAME.new_game("standard", [], LEAD, 3)
    for e, emp in s["empires"].items():
        h = emp["leader"]
        assert h is not None
        u = units(s, h, e)
        assert u["legions"] + u["ships"] > 0
    off = GAME.new_game("standard", [], {}, 3)
    assert all(emp["leader"] is None for emp in off["empires"].values())


@pytest.mark.rule("mare-nostrum", "17.5")
def test_leader_adds_two_cv_to_the_combat_in_its_hex():
    def fight(options):
        s = bare(options)
        h = hx(4, 2)
        place(s, h, "greece", legions=1)
        s["empires"]["greece"]["leader"] = h
        place(s, h, "rome", legions=3, contested=True)
        act(s, "rome", "attack")
        return resolve(G, s, h, "rome", "land")["cv"]

    with_leader, without = fight(LEAD), fight({})
    assert with_leader[1] == without[1] + 2
    assert with_leader[0] == without[0]


@pytest.mark.rule("mare-nostrum", "17.5")
def test_leader_walks_six_mp_over_land():
    s = bare(LEAD)
    h = hx(2, 2)
    place(s, h, "rome", legions=1)
    s["empires"]["rome"]["leader"] = h
    act(s, "rome", "move")
    dest = [c.split(":")[1] for c in ids(s) if c.startswith("leader:")]
    steps = G.map.land_distances(h)
    assert dest and max(steps[d] for d in dest) == 6       # legions have 3 MP here
    assert all(G.map.hexes[d].terrain in ("land", "coastal") for d in dest)
    s = _apply(G, s, f"leader:{dest[-1]}")
    assert s["empires"]["rome"]["leader"] == dest[-1]
    assert not any(c.startswith("leader:") for c in ids(s))  # once per MOVE


@pytest.mark.rule("mare-nostrum", "17.5")
def test_leader_sails_at_the_ships_speed():
    s = bare(LEAD)
    port = G.map.capital("rome")
    place(s, port, "rome", legions=1, ships=1)
    s["empires"]["rome"]["leader"] = port
    act(s, "rome", "move")
    assert f"ships:{port}:1:0:L" in ids(s)
    s = _apply(G, s, f"ships:{port}:1:0:L")
    to = [c for c in ids(s) if c.startswith("to:")][-1]
    s = _apply(G, s, to)
    assert s["empires"]["rome"]["leader"] == to[3:]
    assert units(s, to[3:], "rome")["ships"] == 1


@pytest.mark.rule("mare-nostrum", "17.5")
def test_leader_alone_in_a_contested_hex_goes_to_the_nearest_own_unit():
    s = bare(LEAD)
    h, near, far = hx(4, 2), hx(6, 2), hx(0, 0)
    place(s, near, "rome", legions=1)
    place(s, far, "rome", legions=1)
    place(s, h, "rome", legions=1)
    s["empires"]["rome"]["leader"] = h
    s["empires"]["greece"]["dev"]["military"] = 3             # legion CV 3: one kill each
    place(s, h, "greece", legions=3, contested=True)
    act(s, "greece", "attack")
    resolve(G, s, h, "greece", "land")
    assert units(s, h, "rome")["legions"] == 0
    assert s["empires"]["rome"]["leader"] == near               # never eliminated
    assert not [b for b in G.invariants(s) if "leader" in b]


# ---- 17.9 Spartacus -----------------------------------------------------------------------

def real_bare(options):
    s = GAME.new_game("standard", [], options, 5)
    s["hexes"] = {}
    refresh(GAME, s, events=False)
    return s


def italy(n):
    """``n`` merchandise hexes of the four provinces and one outside them."""
    inside = sorted(h for h, i in GAME.map.hexes.items() if i.area in AREAS and i.merchandise
                    and i.terrain in ("land", "coastal"))
    outside = sorted(h for h, i in GAME.map.hexes.items() if i.area == "gallia_cisalpina"
                     and i.merchandise)
    return inside[:n], outside[0]


def put(s, h, e, legions=0, post=None, contested=False):
    from rules.mare_nostrum.pieces import add_units

    if legions:
        add_units(s, h, e, legions=legions)
    c = cell(s, h)
    if post:
        c["post"] = {"owner": e, "kind": post, "count": 1}
    if contested:
        c["contested"] = True
    refresh(GAME, s)


def open_action(s, seat, kind):
    s["action"] = {"seat": seat, "kind": kind}
    s["cycle"]["next"] = s["order"].index(seat)
    GAME.forget_prompt(s)


def choice_ids(s):
    GAME.forget_prompt(s)
    return [c.id for c in GAME.prompt(s).choices]


@pytest.mark.rule("mare-nostrum", "17.9")
def test_rome_foes_raise_spartacus_once_on_a_roman_post_in_the_four_provinces():
    s = real_bare(SPART)
    (a, b), out = italy(2)
    put(s, a, "rome", post="trade_post")
    put(s, b, "greece", post="trade_post")
    put(s, out, "rome", post="trade_post")
    income = s["empires"]["rome"]["income"]
    open_action(s, "rome", "attack")
    assert not any(c.startswith("spartacus:") for c in choice_ids(s))
    open_action(s, "carthage", "attack")
    places = [c for c in choice_ids(s) if c.startswith("spartacus:place:")]
    assert places == [f"spartacus:place:{a}"]                 # Roman posts, these areas only
    s = GAME.apply(s, places[0])
    assert s["spartacus"]["hex"] == a and s["hexes"][a]["contested"]
    assert s["empires"]["rome"]["income"] < income            # the hex gives no income
    open_action(s, "greece", "attack")
    assert not any(c.startswith("spartacus:place") for c in choice_ids(s))   # once
    s = GAME.apply(s, "spartacus:raze")
    assert s["hexes"].get(a) is None                           # the post is destroyed
    off = real_bare({})
    put(off, a, "rome", post="trade_post")
    open_action(off, "carthage", "attack")
    assert not any(c.startswith("spartacus:") for c in choice_ids(off))


@pytest.mark.rule("mare-nostrum", "17.9")
def test_spartacus_moves_four_mp_for_any_foe_of_rome_and_only_rome_may_enter():
    s = real_bare(SPART)
    (a,), _ = italy(1)
    s["spartacus"] = {"hex": a, "used": True}
    open_action(s, "rome", "move")
    assert not any(c.startswith("spartacus:") for c in choice_ids(s))
    open_action(s, "egypt", "move")
    moves = [c for c in GAME.prompt(s).choices if c.id.startswith("spartacus:to:")]
    steps = GAME.map.land_distances(a)
    assert moves and all(steps[c.target] <= 4 for c in moves)
    assert not may_enter(s, a, "greece") and may_enter(s, a, "rome")
    s = GAME.apply(s, moves[0].id)
    assert s["spartacus"]["hex"] == moves[0].target
    assert not any(c.startswith("spartacus:") for c in choice_ids(s))   # once per MOVE


@pytest.mark.rule("mare-nostrum", "17.9")
@pytest.mark.parametrize("legions,killed", [(4, False), (5, True)])
def test_rome_needs_five_cv_to_eliminate_spartacus(legions, killed):
    s = real_bare(SPART)
    (a,), _ = italy(1)
    s["spartacus"] = {"hex": a, "used": True}
    put(s, a, "rome", legions=legions, contested=True)           # legion CV 1 at Phase 0
    open_action(s, "greece", "attack")
    assert "spartacus:fight" not in choice_ids(s)                 # Roman units only
    open_action(s, "rome", "attack")
    s = GAME.apply(s, "spartacus:fight")
    assert (s["spartacus"]["hex"] is None) == killed
    assert units(s, a, "rome")["legions"] == legions - 1          # he strikes back with 4 CV
    assert s["spartacus"]["used"]
    assert bool(s["hexes"][a]["contested"]) != killed


# ---- both on: a whole random game -----------------------------------------------------------

@pytest.mark.rule("mare-nostrum", "17.5")
@pytest.mark.rule("mare-nostrum", "17.9")
def test_random_short_game_with_leaders_and_spartacus():
    """Seed 14: about 11,000 choices, ends by victory points (about 3 s)."""
    import random

    rng = random.Random(14)
    s = GAME.new_game("short", [], {"17.5": "yes", "17.9": "yes"}, 14)
    n = 0
    while (p := GAME.prompt(s)) is not None:
        assert p.choices and len({c.id for c in p.choices}) == len(p.choices)
        s = GAME.apply(s, rng.choice(p.choices).id)
        n += 1
        broken = GAME.invariants(s)
        assert not broken, f"after {n} choices: {broken}"
    _ends_with_a_winner(s)
    rules = {entry.get("rule") for entry in s["log"]}
    assert {"17.5", "17.9"} <= rules
