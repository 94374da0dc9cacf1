"""Random-bot playouts of 12.1 'New Hopes' for three Turns, Rome by bot, invariants after
every choice (issue 12)."""

import pytest

from rules.engine.runner import play

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _run(n: int, first: int, options: dict | None = None) -> list:
    outs = [play("hubris", "new-hopes", SEATS, seed, options={"turns": "3", **(options or {})},
                 check_invariants=True) for seed in range(first, first + n)]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    return outs


@pytest.mark.rule("hubris", "12.1")
def test_three_turns_of_new_hopes_end_with_a_result_and_rome_takes_part():
    outs = _run(3, 1)
    assert all(o.result is not None for o in outs)
    assert all(o.session.state["turn"] == 3 for o in outs)
    logs = [e for o in outs for e in o.session.state["log"]]
    assert any(e.get("rule") == "3.4" and "Belligerence" in e["text"] for e in logs)
    assert any(e.get("rule") == "8.6.2" for e in logs)          # Rome Activates
    assert any(e.get("rule") == "3.5" for e in logs)            # Mercenaries are hired


@pytest.mark.rule("hubris", "8.6.2")
def test_rome_decided_by_the_handling_player_plays_to_the_end():
    outs = _run(1, 11, {"rome": "player"})
    assert all(o.result is not None for o in outs)


@pytest.mark.slow
@pytest.mark.rule("hubris", "12.1")
def test_a_hundred_games_of_three_turns_end_with_a_result():
    outs = _run(100, 1)
    assert all(o.result is not None for o in outs)
