"""Random-bot playouts of 12.1 'New Hopes' through the Winter Peace Segment (3.7.2) and
Peace proposals (2.12), and with the VP bid for Kingdoms (2.1.6), invariants after every
choice."""

import pytest

from rules.engine.runner import play

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _run(seeds, turns: str, **options) -> list:
    outs = [play("hubris", "new-hopes", SEATS, seed, options={"turns": turns, **options},
                 check_invariants=True) for seed in seeds]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    return outs


@pytest.mark.rule("hubris", "2.1.6")
def test_a_game_after_the_vp_bid_for_kingdoms_plays_to_its_result():
    (out,) = _run([2], "3", kingdom_bid="yes")
    state = out.session.state
    assert out.result is not None
    assert sorted(kd["seat"] for kd in state["kingdoms"].values()) == sorted(SEATS)
    assert any(e.get("rule") == "2.1.6" and "giving up" in e["text"] for e in state["log"])


@pytest.mark.slow
@pytest.mark.rule("hubris", "3.7.2")
def test_eleven_turn_games_settle_their_wars_in_winter():
    outs = _run(range(1, 4), "11")
    assert all(o.result is not None for o in outs)
    logs = [e for o in outs for e in o.session.state["log"]]
    assert any(e.get("rule") == "3.7.2" for e in logs)
