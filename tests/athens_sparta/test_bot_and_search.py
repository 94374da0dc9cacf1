"""The ``bot`` policy's weights in built positions, and the search seat's hooks: it deals
only cards its side cannot see, and decides the same whatever those hidden cards are."""

from __future__ import annotations

import copy
import random

from rules.athens_sparta import bot
from rules.athens_sparta.data import ed
from rules.athens_sparta.search_hooks import determinize, evaluate
from rules.engine.rng import seed_state
from rules.engine.runner import play
from rules.engine.search import Budget, SearchBot, can_search

from .helpers import GAME, at_step, force, fresh


def _weights(st, seat):
    prompt = GAME.prompt(st)
    assert prompt.seat == seat
    return dict(zip([c.id for c in prompt.choices],
                    bot.weights(GAME.view(st, seat), prompt), strict=True))


def _midgame(seed: int, plies: int):
    """A state after ``plies`` random decisions in which both hands hold cards."""
    st = fresh(seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        p = GAME.prompt(st)
        st = GAME.apply(st, rnd.choice(p.choices).id)
    return st


def test_card_step_never_wastes_a_card_on_favour():
    st = at_step(fresh(2), "athens", "card")
    st["favour"]["athens"]["blue"] = 3
    st["hands"]["athens"] = ["greater-envoy-1", "festival-1"]
    w = _weights(st, "athens")
    assert w["play:greater-envoy-1"] > w["play:festival-1"] > w["discard:festival-1"]
    assert w["discard:greater-envoy-1"] < 0.05 * w["play:greater-envoy-1"]


def test_battle_cards_are_played_behind_and_kept_ahead():
    st = fresh(3)
    force(st, "sparta", "hoplite", "archidamus", "plataea")
    force(st, "athens", "hoplite", "pericles", "plataea")
    st = at_step(st, "sparta", "battle")
    st = GAME.apply(st, "fight:plataea")
    while GAME.prompt(st).choices[0].id in ("draw", "nodraw"):
        st = GAME.apply(st, "nodraw")
    b = st["battle"]
    who = b["turn"]
    st["battle_hands"][who] = ["phalanx-push-1"]
    b["extra"][who], b["extra"][b["attacker"] if who != b["attacker"] else b["defender"]] \
        = 0, 5
    w = _weights(st, who)
    assert w["bcard:phalanx-push-1"] > 10 * w["pass"]          # behind: play
    b["extra"] = {s: 0 for s in b["extra"]}
    b["extra"][who] = 5
    w = _weights(st, who)
    assert w["pass"] > 10 * w["bcard:phalanx-push-1"]          # ahead: keep it


def test_determinize_deals_only_unseen_cards_and_keeps_sizes():
    st = _midgame(7, 60)
    for seat in ("athens", "sparta"):
        other = "sparta" if seat == "athens" else "athens"
        d = determinize(GAME.view(st, seat), seat, seed_state(3))
        assert not GAME.invariants(d)
        assert d["hands"][seat] == st["hands"][seat]
        assert d["battle_hands"][seat] == st["battle_hands"][seat]
        for k in ("hands", "battle_hands"):
            assert len(d[k][other]) == len(st[k][other])
        for k in ("action", "battle"):
            assert len(d["decks"][k]["draw"]) == len(st["decks"][k]["draw"])
            assert d["decks"][k]["discard"] == st["decks"][k]["discard"]
        assert GAME.prompt(d).seat == GAME.prompt(st).seat


def _hidden_twin(st, seat):
    """The same state with the enemy's hidden cards and the draw order changed."""
    other = "sparta" if seat == "athens" else "athens"
    twin = copy.deepcopy(st)
    for hand, deck in (("hands", "action"), ("battle_hands", "battle")):
        pile = twin["decks"][deck]["draw"]
        if twin[hand][other] and pile:
            twin[hand][other][0], pile[-1] = pile[-1], twin[hand][other][0]
        pile.reverse()
    return twin


def test_search_decides_the_same_whatever_it_cannot_see():
    assert can_search(GAME)
    checked = 0
    for seed in range(1, 40):
        st = _midgame(seed, 40 + seed)
        p = GAME.prompt(st)
        if p is None or len(p.choices) < 2:
            continue
        twin = _hidden_twin(st, p.seat)
        assert twin != st
        assert GAME.view(twin, p.seat) == GAME.view(st, p.seat)
        a = SearchBot(11, p.seat, GAME, Budget(steps=80, sure=2.0))
        b = SearchBot(11, p.seat, GAME, Budget(steps=80, sure=2.0))
        assert a.choose(GAME.view(st, p.seat), p, 5) == \
            b.choose(GAME.view(twin, p.seat), GAME.prompt(twin), 5)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_evaluate_reads_the_regions():
    st = fresh(1)
    ath, spa = evaluate(st, "athens"), evaluate(st, "sparta")
    assert abs(ath + spa - 1.0) < 1e-9
    for rid in ed().regions:
        st["tiles"][rid] = "athens"
    st["infl"] = {}
    assert evaluate(st, "athens") > 0.9 > 0.1 > evaluate(st, "sparta")


def test_bot_beats_random_both_sides():
    """A quick statistical check (4 games a side): the policy wins most of them (it wins
    over 90 % of 100 games a side, docs/BOTS.md)."""
    wins = 0
    for seed in range(1, 5):
        for seats in ({"athens": "bot", "sparta": "random"},
                      {"athens": "random", "sparta": "bot"}):
            res = play("athens-sparta", "peloponnesian-war", seats, seed)
            wins += [s for s, k in seats.items() if k == "bot"][0] in res.result.winners
    assert wins >= 6


def test_the_bot_survives_choices_it_does_not_know():
    from rules.engine.game import Choice, Prompt

    st = at_step(fresh(2), "athens", "card")
    view = GAME.view(st, "athens")
    odd = Prompt("athens", "?", [Choice("play:no-such-card", "?"), Choice("hail", "?")])
    assert bot.weights(view, odd) == [1.0, 1.0]
    p = GAME.prompt(st)
    mixed = Prompt("athens", "?", list(p.choices) + [Choice("hail", "?")], rule=p.rule)
    w = bot.weights(view, mixed)
    assert len(w) == len(mixed.choices) and w[-1] == 1.0
