"""Random-bot playouts of the two-player game (section 10): the Ptolemies and the Seleucids
against a Non-Player Macedon, invariants after every choice, on every playable three-Kingdom
scenario (a short game each) and 100 full games of 12.1 'New Hopes' (slow)."""

import pytest

from rules.engine.runner import play
from rules.hubris.game import Hubris

SEATS = {"ptolemies": "random", "seleucids": "random"}
TWO_PLAYER = [s for s in Hubris().scenarios()
              if s.playable and any(o.key == "players" for o in s.options)]


def _run(scenario: str, n: int, first: int, turns: str | None) -> list:
    options = {"players": "2", **({"turns": turns} if turns else {})}
    outs = [play("hubris", scenario, SEATS, seed, options=options, check_invariants=True)
            for seed in range(first, first + n)]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    assert all(o.result is not None for o in outs)
    assert all(set(o.result.scores) <= {"ptolemies", "seleucids"} for o in outs)
    return outs


@pytest.mark.rule("hubris", "10.5")
@pytest.mark.parametrize("scenario", TWO_PLAYER, ids=[s.id for s in TWO_PLAYER])
def test_a_two_player_game_ends_with_a_result_and_macedon_acts(scenario):
    shortest = min(scenario.lengths, key=int) if scenario.lengths else None
    outs = _run(scenario.id, 1, 1, shortest)
    logs = outs[0].session.state["log"]
    assert any(e.get("rule") == "10.5" and "Roll" in e["text"] for e in logs)


@pytest.mark.slow
def test_a_hundred_two_player_games_of_new_hopes_eleven_turns_end_with_a_result():
    _run("new-hopes", 100, 1, "11")
