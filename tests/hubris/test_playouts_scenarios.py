"""Random-bot playouts of the three-Kingdom scenarios of section 12 (12.1, 12.2, 12.4, 12.7)
with the invariants checked after every choice, and the special rules their set-ups state
(issue 13). Short games here; 100 games of each at its longest length under ``slow``."""

from __future__ import annotations

import pytest

from rules.engine.runner import play
from rules.hubris.scenarios import lengths, load_scenarios

from .rules_helpers import GAME

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}
#: scenario -> its longest length (12.1, 12.2: 11 Turns; 12.4: 8; 12.7: 3)
LONGEST = {"new-hopes": 11, "seleucid-thunderbolt": 11, "antiochos-the-great": 8,
           "last-glimmers": 3}


def _run(scenario: str, turns: int, seeds: range) -> list:
    outs = [play("hubris", scenario, SEATS, seed, options={"turns": str(turns)},
                 check_invariants=True) for seed in seeds]
    failed = [(o.seed, o.problem, (o.error or "").splitlines()[:1]) for o in outs if o.error]
    assert not failed, failed
    for o in outs:
        state = o.session.state
        assert o.result is not None, o.seed
        if o.result.level == "Final Victory":
            assert state["turn"] == state["last_turn"] == \
                load_scenarios().get(scenario)["start_turn"] + turns - 1
        assert [e["turn"] for e in state["vp_history"]] == list(
            range(state["vp_history"][0]["turn"], state["turn"] + 1))
    return outs


@pytest.mark.rule("hubris", "12.2")
def test_seleucid_thunderbolt_plays_three_turns_to_a_result():
    _run("seleucid-thunderbolt", 3, range(1, 2))


@pytest.mark.rule("hubris", "12.4")
def test_antiochos_the_great_plays_four_turns_to_a_result():
    (out,) = _run("antiochos-the-great", 4, range(1, 2))
    assert out.session.state["last_turn"] == 7
    if out.result.level == "Final Victory":             # 12.4's modifier at the end of Turn 7
        assert "Macedon +3 by the scenario" in out.result.reason


@pytest.mark.rule("hubris", "12.7")
def test_last_glimmers_plays_its_three_turns_to_a_result():
    (out,) = _run("last-glimmers", 3, range(1, 2))
    assert out.session.state["turn"] <= 11


@pytest.mark.rule("hubris", "12.1")
def test_new_hopes_plays_a_length_the_player_picks():
    """12.0: any scenario for any number of Turns: New Hopes for two Turns."""
    (out,) = _run("new-hopes", 2, range(2, 3))
    assert out.session.state["last_turn"] == 2


@pytest.mark.rule("hubris", "12.1")
def test_every_length_up_to_turn_eleven_is_offered_recommended_first():
    recs = load_scenarios()
    assert lengths(recs.get("new-hopes"))[:3] == [3, 7, 11]
    assert sorted(lengths(recs.get("new-hopes"))) == list(range(1, 12))
    assert lengths(recs.get("antiochos-the-great")) == [4, 8, 1, 2, 3, 5, 6, 7]
    assert lengths(recs.get("last-glimmers")) == [3, 1, 2]
    assert lengths(recs.get("fourth-syrian-war")) == [1]
    state = GAME.new_game("antiochos-the-great", list(SEATS), {"turns": "8"}, 1)
    assert (state["turn"], state["last_turn"]) == (4, 11)


@pytest.mark.slow
@pytest.mark.rule("hubris", "12.1")
@pytest.mark.parametrize("scenario", list(LONGEST))
def test_a_hundred_games_at_the_longest_length_end_with_a_result(scenario):
    outs = _run(scenario, LONGEST[scenario], range(1, 101))
    assert all(o.result is not None for o in outs)


@pytest.mark.rule("hubris", "8.9")
def test_a_hostage_leaves_his_units_where_he_stood():
    """Found by the 100-game runs (new-hopes seed 25): an Heir taken Hostage on the map left
    the Royal Army on his card, off the map with him."""
    from rules.hubris import core, rome_surrender

    from .rules_helpers import DATA

    state = GAME.new_game("antiochos-the-great", list(SEATS), {}, 1)
    heir = rome_surrender.heirs(DATA, state, "seleucids")[0]
    state["leaders"][heir]["location"] = "kilikia"
    state["units"]["seleucids-royal-army"]["location"] = core.card_of(heir)
    rome_surrender.hostage(DATA, state, "seleucids")
    assert state["leaders"][heir]["location"] == "hostage"
    assert state["units"]["seleucids-royal-army"]["location"] == "kilikia"
    assert not core.on_card(state, heir)
