"""Random-bot playouts of the two-player game (section 10) of 12.1 'New Hopes': the
Ptolemies and the Seleucids against a Non-Player Macedon, invariants after every choice."""

import pytest

from rules.engine.runner import play

SEATS = {"ptolemies": "random", "seleucids": "random"}


def _run(n: int, first: int, turns: str) -> list:
    outs = [play("hubris", "new-hopes", SEATS, seed,
                 options={"players": "2", "turns": turns}, check_invariants=True)
            for seed in range(first, first + n)]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    assert all(o.result is not None for o in outs)
    return outs


@pytest.mark.rule("hubris", "10.5")
def test_two_player_new_hopes_ends_with_a_result_and_macedon_acts():
    outs = _run(2, 1, "3")
    logs = [e for o in outs for e in o.session.state["log"]]
    assert any(e.get("rule") == "10.5" and "Roll" in e["text"] for e in logs)
    assert all(set(o.result.scores) == {"ptolemies", "seleucids"} for o in outs)


@pytest.mark.slow
def test_a_hundred_two_player_games_of_eleven_turns_end_with_a_result():
    _run(100, 1, "11")
