"""The optional VP bid for Kingdoms at set-up (2.1.6, ruling R48): New Game option
``kingdom_bid``; seats are the players, the auction is the open one of Mercenaries (3.5)."""

import pytest

from rules.engine.state import frac
from rules.hubris import core, kingdom_bid
from tests.hubris.rules_helpers import GAME, Dice, prompt

SEATS = ["macedon", "ptolemies", "seleucids"]


def new(**options):
    return GAME.new_game("new-hopes", SEATS, {"kingdom_bid": "yes", **options}, 1)


def run(s, *choices):
    for c in choices:
        s = GAME.apply(s, c)
    return s


def dyn(s, k):
    return frac(s["kingdoms"][k]["dynastic_vp"])


@pytest.mark.rule("hubris", "2.1.6")
def test_the_option_is_offered_and_off_by_default():
    opt = next(o for o in GAME.options() if o.key == "kingdom_bid")
    assert opt.default == "no"
    s = GAME.new_game("new-hopes", SEATS, {}, 1)
    assert prompt(s).rule != "2.1.6"


@pytest.mark.rule("hubris", "2.1.6")
def test_two_players_wanting_a_kingdom_bid_vps_and_the_winner_starts_that_many_down():
    s = new()
    p = prompt(s)
    assert (p.seat, p.rule, p.kind) == ("seleucids", "2.1.6", "yes-no")   # Seleucids first
    before = {k: dyn(s, k) for k in SEATS}
    s = run(s, "not", "want")           # the Seleucid seat does not want them, Ptolemaic does
    p = prompt(s)
    assert p.seat == "macedon"
    s = run(s, "want")                  # nor does Macedon's: an auction between the two
    p = prompt(s)
    assert (p.kind, p.seat) == ("bid", "ptolemies") and "bid:1" in [c.id for c in p.choices]
    s = run(s, "bid:2", "bid:3", "bid:pass")     # Ptolemaic 2, Macedonian 3, Ptolemaic pass
    assert s["kingdoms"]["seleucids"]["seat"] == "macedon"
    assert dyn(s, "seleucids") == before["seleucids"] - 3
    # the Ptolemies next, between the two seats left
    s = run(s, "not", "not")            # neither wants them: the seat named for them keeps them
    assert s["kingdoms"]["ptolemies"]["seat"] == "ptolemies"
    assert s["kingdoms"]["macedon"]["seat"] == "seleucids"       # the last, unopposed
    assert dyn(s, "ptolemies") == before["ptolemies"] and dyn(s, "macedon") == before["macedon"]
    assert core.seat_of(s, "seleucids") == "macedon"
    assert prompt(s).rule != "2.1.6"    # the game goes on


@pytest.mark.rule("hubris", "2.1.6")
def test_a_kingdom_one_player_wants_goes_to_him_for_nothing():
    s = new()
    before = dyn(s, "seleucids")
    s = run(s, "not", "not", "want")
    assert s["kingdoms"]["seleucids"]["seat"] == "macedon" and dyn(s, "seleucids") == before


@pytest.mark.rule("hubris", "2.1.6")
def test_a_tie_goes_to_the_highest_die_roll(monkeypatch):
    s = new()
    s = run(s, "want", "want", "not", "bid:2")    # the Seleucid seat bids 2
    monkeypatch.setattr(kingdom_bid, "roll", Dice(5, 2))
    assert prompt(s).seat == "ptolemies"
    s = run(s, "bid:match", "bid:hold")           # the Ptolemaic seat matches: tied at 2
    # one die each, in seat order (Ptolemaic 5, Seleucid 2): the highest roll wins
    assert s["kingdoms"]["seleucids"]["seat"] == "ptolemies"
    assert dyn(s, "seleucids") == frac(new()["kingdoms"]["seleucids"]["dynastic_vp"]) - 2


@pytest.mark.rule("hubris", "2.1.6")
def test_with_a_sealed_first_round_no_seat_sees_another_seats_vp_bid():
    s = new(sealed_first_round="yes")
    s = run(s, "want", "want", "not", "bid:4")     # the Seleucid seat seals 4 VPs
    frame = s["stack"][-1]
    assert frame["proc"] == "kingdom-bid" and frame["auction"]["sealed"] == {"seleucids": 4}
    theirs = GAME.view(s, "ptolemies")["stack"][-1]["auction"]["sealed"]
    mine = GAME.view(s, "seleucids")["stack"][-1]["auction"]["sealed"]
    assert theirs == {"seleucids": "sealed"} and mine == {"seleucids": 4}
