"""Random-bot playouts of 12.3 'The Fourth Syrian War' with invariants after every choice."""

import pytest

from rules.engine.runner import play

SEATS = {"seleucids": "random", "ptolemies": "random"}


def _run(n: int, first: int) -> list:
    outs = [play("hubris", "fourth-syrian-war", SEATS, seed, check_invariants=True)
            for seed in range(first, first + n)]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    return outs


@pytest.mark.rule("hubris", "12.3")
def test_thirty_random_games_end_with_a_result():
    outs = _run(30, 1)
    assert all(o.result is not None and o.result.level for o in outs)
    levels = {o.result.level for o in outs}
    assert levels <= {"Major Victory", "Minor Victory", "Draw"}
    # the engine really plays: battles, sieges and Actions change the score across games
    assert len({tuple(sorted(o.result.scores.items())) for o in outs}) > 3


@pytest.mark.slow
@pytest.mark.rule("hubris", "12.3")
def test_three_hundred_random_games_end_with_a_result():
    _run(300, 1000)


@pytest.mark.rule("hubris", "2.2.10")
def test_a_random_game_where_the_seleucid_crisis_raises_a_rebel_plays_to_the_end():
    """Seed 308 (181 before the Peace proposals with terms, 85 before the open auctions of
    issue 13): the Seleucid Succession Crisis
    (Ev 10) comes up and its loser Rebels (4.5);
    the game goes on to its result with the invariants (Rebels included) after every choice."""
    (out,) = _run(1, 308)
    state = out.session.state
    risen = [e["text"] for e in state["log"] if e.get("rule") == "4.5"
             and "Rebels against the Seleucids" in e["text"]]
    assert risen and out.result is not None
    assert state["rebels"] or any("Rebellion of" in e["text"] for e in state["log"])
