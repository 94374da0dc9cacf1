"""Random-bot games of 12.1 'New Hopes' at full length: every Turn's One-Offs enter the deck,
resolve, and Pending cards get Triggered or leave in Winter (3.2, 4.3), invariants checked
after every choice."""

import pytest

from rules.engine.runner import play

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _games(seeds) -> list:
    outs = [play("hubris", "new-hopes", SEATS, seed, options={"turns": "11"},
                 check_invariants=True) for seed in seeds]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    return outs


@pytest.mark.rule("hubris", "4.3")
def test_an_eleven_turn_game_draws_the_one_offs_of_every_turn():
    (out,) = _games([1])
    s = out.session.state
    assert out.result is not None and s["turn"] == 11
    drawn = set(s["card_log"])
    turns = {int(line.split(":")[0].removeprefix("Turn ")) for book in s["card_log"].values()
             for line in book}
    assert turns == set(range(1, 12))                       # cards acted on every Turn
    assert {"ev-12", "ev-15", "ev-16"} <= drawn             # Turn 1's One-Offs
    assert any(f"ev-{n}" in drawn for n in range(43, 64))   # and late ones
    assert s["pending_events"] == []                        # none outlives its Winter


@pytest.mark.slow
@pytest.mark.rule("hubris", "4.3")
def test_twenty_eleven_turn_games_draw_all_63_cards_between_them():
    outs = _games(range(1, 21))
    drawn = set().union(*(o.session.state["card_log"] for o in outs))
    assert all(o.result is not None for o in outs)
    assert len(drawn) == 63               # seeds 1-20 see every card, the Crises included
