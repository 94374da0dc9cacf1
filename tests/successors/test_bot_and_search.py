"""The ``bot`` policy's weights in built positions, and the search seat's hooks: it deals
only the Tyche cards and generals its seat cannot see, and decides the same whatever those
hidden cards are."""

from __future__ import annotations

import copy
import random

from rules.engine.rng import seed_state
from rules.engine.runner import play
from rules.engine.search import Budget, SearchBot, can_search
from rules.successors import bot
from rules.successors.model import ed
from rules.successors.search_hooks import determinize, evaluate

from .helpers import GAME, set_up


def _midgame(scenario: str, seed: int, plies: int):
    st = GAME.new_game(scenario, [], {}, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        p = GAME.prompt(st)
        if p is None:
            break
        st = GAME.apply(st, rnd.choice(p.choices).id)
    return st


def test_a_pc_that_turns_a_province_outweighs_one_that_does_not():
    st = set_up("two-player", 1)
    seat = st["players"][0]
    prov = next(p for p in ed().provinces.values() if p.need >= 2 and len(p.spaces) >= 3
                and p.major)
    for s in prov.spaces:
        st["pc"].pop(s, None)
    others = [s for s in prov.spaces if s != prov.major]
    for s in others[:prov.need - 1]:
        st["pc"][s] = seat
    view = GAME.view(st, seat)
    turning = bot.pc_value(view, seat, prov.major)
    lone = next(p for p in ed().provinces.values() if p.id != prov.id and p.need >= 3)
    for s in lone.spaces:
        view["pc"].pop(s, None)
    far = bot.pc_value(view, seat, lone.spaces[0])
    assert turning > 2.0 + prov.vp - 0.01
    assert turning > 3 * far > 0
    assert view["pc"].get(prov.major) is None            # the look-ahead put it back


def test_determinize_deals_only_unseen_cards_and_keeps_sizes():
    for scenario, plies in (("two-player", 150), ("four-player", 200)):
        st = _midgame(scenario, 5, plies)
        for seat in st["players"]:
            d = determinize(GAME.view(st, seat), seat, seed_state(9))
            assert not GAME.invariants(d)
            assert d["hands"][seat] == st["hands"][seat]
            assert {s: len(h) for s, h in d["hands"].items()} == \
                {s: len(h) for s, h in st["hands"].items()}
            assert len(d["deck"]["draw"]) == len(st["deck"]["draw"])
            assert len(d["table"]) == len(st["table"])
            assert d["deck"]["discard"] == st["deck"]["discard"]


def test_determinize_the_five_player_deal():
    st = GAME.new_game("five-player", [], {}, 4)
    st = GAME.apply(st, GAME.prompt(st).choices[0].id)       # the first seat keeps one
    seat = st["players"][1]
    d = determinize(GAME.view(st, seat), seat, seed_state(2))
    assert d["deal"][seat] == st["deal"][seat]
    assert len(d["deal_pool"]) == len(st["deal_pool"]) == 1
    first = st["players"][0]
    kept = [g for g in st["deal"][first] if st["gen"][g]["owner"] == first]
    assert d["deal"][first][0] == kept[0]
    dealt = [g for pair in d["deal"].values() for g in pair]
    assert sorted(dealt) == sorted(g for pair in st["deal"].values() for g in pair)


def _hidden_twin(st, seat):
    """The same state with the others' Tyche cards, the table and the draw order changed."""
    twin = copy.deepcopy(st)
    pile = twin["deck"]["draw"]
    for s, hand in twin["hands"].items():
        if s != seat and hand and pile:
            hand[0], pile[-1] = pile[-1], hand[0]
            pile.insert(0, pile.pop())
    if twin["table"] and pile:
        twin["table"][0], pile[0] = pile[0], twin["table"][0]
    pile.reverse()
    return twin


def test_search_decides_the_same_whatever_it_cannot_see():
    assert can_search(GAME)
    checked = 0
    for seed in range(1, 60):
        st = _midgame("two-player", seed, 60 + 7 * seed)
        p = GAME.prompt(st)
        if p is None or len(p.choices) < 2:
            continue
        twin = _hidden_twin(st, p.seat)
        if twin == st:
            continue
        assert GAME.view(twin, p.seat) == GAME.view(st, p.seat)
        a = SearchBot(11, p.seat, GAME, Budget(steps=60, sure=2.0))
        b = SearchBot(11, p.seat, GAME, Budget(steps=60, sure=2.0))
        assert a.choose(GAME.view(st, p.seat), p, 3) == \
            b.choose(GAME.view(twin, p.seat), GAME.prompt(twin), 3)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_evaluate_reads_victory_points():
    st = _midgame("two-player", 3, 100)
    a, b = st["players"]
    assert abs(evaluate(st, a) + evaluate(st, b) - 1.0) < 1e-9
    for p in ed().provinces.values():
        for s in p.spaces:
            st["pc"][s] = a
    assert evaluate(st, a) > 0.95 > 0.05 > evaluate(st, b)


def test_bot_beats_random():
    """A quick statistical check (2 games a side, two players): the policy wins most."""
    wins = 0
    for seed in range(1, 3):
        for bot_first in (True, False):
            seats = dict(zip(("yellow", "blue"),
                             ("bot", "random") if bot_first else ("random", "bot"),
                             strict=True))
            res = play("successors", "two-player", seats, seed)
            wins += [s for s, k in seats.items() if k == "bot"][0] in res.result.winners
    assert wins >= 3


def test_the_bot_survives_choices_it_does_not_know():
    from rules.engine.game import Choice, Prompt

    st = set_up("two-player", 1)
    seat = st["players"][0]
    view = GAME.view(st, seat)
    odd = Prompt(seat, "?", [Choice("flip:atlantis", "?"), Choice("hail", "?")])
    w = bot.weights(view, odd)              # an unknown space is worth no PC, but no error
    assert len(w) == 2 and w[0] > 0 and w[1] == 1.0
    assert bot.weights(view, Prompt(seat, "?", [Choice("hail", "?"), Choice("pcs", "?")])) \
        == [1.0, 36.0]
