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
