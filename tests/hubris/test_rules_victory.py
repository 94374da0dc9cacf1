"""Victory (section 9): Automatic Victory at 30, Final Victory with the scenario's VP
modifiers and 9.2's tie-breaks, the Historical Victory Performance table (9.3) and the
Turn-by-Turn record of Total VPs."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rules.engine.data import DataError
from rules.engine.registry import asset_dir
from rules.engine.state import frac, frac_str
from rules.hubris import core, victory
from rules.hubris.history import load_history, parse_history

from .rules_helpers import DATA, GAME

KINGDOMS = ("macedon", "ptolemies", "seleucids")


def _state(scenario: str = "new-hopes", turns: int = 11, turn: int = 1) -> dict:
    state = GAME.new_game(scenario, list(KINGDOMS), {"turns": str(turns)}, 1)
    state["turn"] = turn
    DATA.refresh(state)
    return state


def _set_total(state: dict, k: str, total: int) -> None:
    """Give ``k`` exactly ``total`` Total VPs through its Dynastic VPs (2.11)."""
    DATA.refresh(state)
    vp = state["derived"]["vp"][k]
    dyn = frac(state["kingdoms"][k]["dynastic_vp"])
    state["kingdoms"][k]["dynastic_vp"] = frac_str(dyn + total - frac(vp["total"]))
    DATA.refresh(state)
    assert frac(state["derived"]["vp"][k]["total"]) == total


def _renown(state: dict, k: str, value: int) -> None:
    state["leaders"][state["kingdoms"][k]["king"]]["renown"] = value


@pytest.mark.rule("hubris", "9.1")
def test_thirty_total_vps_win_automatically_before_the_last_turn():
    state = _state(turn=3)
    _set_total(state, "seleucids", 29)
    assert victory.assess(DATA, state) is None           # 29: the game goes on
    _set_total(state, "seleucids", 30)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["seleucids"] and res["level"] == "Automatic Victory"
    assert res["scores"]["seleucids"] == 30


@pytest.mark.rule("hubris", "9.1")
def test_a_half_point_rounds_up_to_thirty():
    state = _state(turn=2)
    _set_total(state, "ptolemies", 29)
    core.set_kingdom(state, "ptolemies", dynastic_vp=frac_str(
        frac(state["kingdoms"]["ptolemies"]["dynastic_vp"]) + Fraction(1, 2)))
    res = victory.assess(DATA, state)            # 29½ rounds to 30 (2.1.5)
    assert res is not None and res["winners"] == ["ptolemies"]


@pytest.mark.rule("hubris", "9.1")
def test_two_kingdoms_over_thirty_the_higher_wins():
    state = _state(turn=4)
    _set_total(state, "macedon", 31)
    _set_total(state, "ptolemies", 33)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["ptolemies"] and res["level"] == "Automatic Victory"


@pytest.mark.rule("hubris", "9.2")
def test_the_most_total_vps_win_on_the_last_turn_only():
    state = _state(turns=3, turn=2)
    for k, v in zip(KINGDOMS, (12, 18, 15), strict=True):
        _set_total(state, k, v)
    assert victory.assess(DATA, state) is None
    state["turn"] = 3
    res = victory.assess(DATA, state)
    assert res["winners"] == ["ptolemies"] and res["level"] == "Final Victory"
    assert res["scores"] == {"macedon": 12, "ptolemies": 18, "seleucids": 15}


@pytest.mark.rule("hubris", "9.2")
@pytest.mark.parametrize("turns,winner", [(7, "macedon"), (11, "seleucids"), (3, "seleucids")])
def test_macedon_gains_three_vps_only_if_the_game_ends_with_turn_seven(turns, winner):
    """12.1: +3 for Macedon if ending at the end of Turn 7."""
    state = _state(turns=turns, turn=turns)
    for k, v in zip(KINGDOMS, (14, 10, 16), strict=True):
        _set_total(state, k, v)
    res = victory.assess(DATA, state)
    assert res["winners"] == [winner]
    assert res["scores"]["macedon"] == (17 if turns == 7 else 14)


@pytest.mark.rule("hubris", "9.2")
def test_antiochos_the_great_four_turns_ends_with_turn_seven_and_its_modifier():
    state = _state("antiochos-the-great", turns=4, turn=7)
    assert state["last_turn"] == 7
    for k, v in zip(KINGDOMS, (20, 18, 22), strict=True):
        _set_total(state, k, v)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["macedon"] and res["scores"]["macedon"] == 23


@pytest.mark.rule("hubris", "9.2")
def test_last_glimmers_has_no_modifier():
    state = _state("last-glimmers", turns=3, turn=11)
    for k, v in zip(KINGDOMS, (15, 16, 14), strict=True):
        _set_total(state, k, v)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["ptolemies"] and res["scores"]["macedon"] == 15


@pytest.mark.rule("hubris", "9.2")
def test_a_tie_goes_to_the_highest_senate_influence():
    state = _state(turns=3, turn=3)
    for k in KINGDOMS:
        _set_total(state, k, 15)
    state["kingdoms"]["ptolemies"]["senate"] = "none"
    state["kingdoms"]["macedon"]["senate"] = "influential"
    state["kingdoms"]["seleucids"]["senate"] = "predominant"
    res = victory.assess(DATA, state)
    assert res["winners"] == ["seleucids"] and "Senate" in res["reason"]


@pytest.mark.rule("hubris", "9.2")
def test_then_the_king_with_the_lowest_renown():
    state = _state(turns=3, turn=3)
    for k in KINGDOMS:
        state["kingdoms"][k]["senate"] = "none"
    for k, r in zip(KINGDOMS, (2, 0, 1), strict=True):
        _renown(state, k, r)
    for k in KINGDOMS:
        _set_total(state, k, 15)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["ptolemies"] and "Renown" in res["reason"]


@pytest.mark.rule("hubris", "9.2")
def test_then_the_most_dynastic_vps():
    state = _state(turns=3, turn=3)
    for k in KINGDOMS:
        state["kingdoms"][k]["senate"] = "none"
        _renown(state, k, 0)
    for k in KINGDOMS:
        _set_total(state, k, 15)
    dyn = {k: frac(state["kingdoms"][k]["dynastic_vp"]) for k in KINGDOMS}
    res = victory.assess(DATA, state)      # equal totals: fewest Territorial VPs = most Dynastic
    assert res["winners"] == [max(dyn, key=dyn.get)] and "Dynastic" in res["reason"]


@pytest.mark.rule("hubris", "9.2")
def test_a_kingdom_out_of_the_game_cannot_win():
    state = _state(turns=3, turn=3)
    for k, v in zip(KINGDOMS, (12, 18, 15), strict=True):
        _set_total(state, k, v)
    state["kingdoms"]["ptolemies"]["eliminated"] = True       # a second Surrender (8.8.2)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["seleucids"]


@pytest.mark.rule("hubris", "9.3")
def test_the_historical_table_sums_and_years():
    hist = load_history()
    assert hist.years[1] == "220-216 BCE" and hist.years[11] == "170-166 BCE"
    sel = hist.of("seleucids", 7)
    assert (sel.territorial, sel.dynastic, sel.renown, sel.total) == (Fraction(27, 2), 2, 0, 16)
    assert hist.totals("macedon")[11] == 0              # Macedon gone by 168 BCE
    assert hist.totals("ptolemies")[1] == 22


@pytest.mark.rule("hubris", "9.3")
def test_a_printed_total_that_is_not_the_rounded_sum_is_refused(tmp_path: Path):
    src = asset_dir("hubris") / "history.yaml"
    bad = tmp_path / "history.yaml"
    bad.write_text(src.read_text().replace("total: [11, 19,", "total: [12, 19,"))
    with pytest.raises(DataError, match="Turn 1: 12 is not the rounded sum"):
        parse_history(bad)


@pytest.mark.rule("hubris", "9.3")
def test_the_result_compares_each_kingdom_with_history():
    state = _state(turns=3, turn=3)
    for k, v in zip(KINGDOMS, (20, 18, 25), strict=True):
        _set_total(state, k, v)
    res = victory.assess(DATA, state)
    # Turn 3 in history: Seleucids 22, Ptolemies 24, Macedon 22
    assert res["history"]["seleucids"] == {"total": 25, "historical": 22, "margin": 3}
    assert res["history"]["ptolemies"]["margin"] == -6
    assert res["history"]["macedon"]["historical"] == 22


@pytest.mark.rule("hubris", "9.3")
def test_total_vps_are_recorded_at_set_up_and_every_victory_segment():
    state = _state(turns=3, turn=1)
    assert state["vp_history"] == [{"turn": 0, "total": {
        k: v["total"] for k, v in state["derived"]["vp"].items()}}]
    assert frac(state["vp_history"][0]["total"]["seleucids"]) == Fraction(21, 2)   # 12.1
    for turn, v in ((1, 12), (2, 14), (2, 15)):
        state["turn"] = turn
        _set_total(state, "seleucids", v)
        victory.assess(DATA, state)
    assert [e["turn"] for e in state["vp_history"]] == [0, 1, 2]       # once per Turn
    assert [frac(e["total"]["seleucids"]) for e in state["vp_history"]] == [
        Fraction(21, 2), 12, 15]


@pytest.mark.rule("hubris", "9.2")
def test_a_kingdom_no_seat_plays_neither_scores_nor_wins():
    state = _state(turns=3, turn=3)
    for k, v in zip(KINGDOMS, (25, 18, 15), strict=True):
        _set_total(state, k, v)
    state["kingdoms"]["macedon"]["player"] = False    # e.g. a Non-Player Macedon (10.1)
    res = victory.assess(DATA, state)
    assert res["winners"] == ["ptolemies"] and "macedon" not in res["scores"]
    assert "macedon" not in state["vp_history"][-1]["total"]


@pytest.mark.rule("hubris", "9.2")
def test_the_game_ends_without_a_winner_once_rome_has_conquered_every_kingdom():
    from rules.hubris import play

    state = _state(turns=3, turn=1)
    for k in KINGDOMS:
        state["kingdoms"][k]["eliminated"] = True      # a second Surrender each (8.8.2)
    play.prepare(state, DATA)
    res = GAME.result(state)
    assert res is not None and res.winners == [] and "Rome" in res.reason
    assert play.prompt(state, DATA) is None


@pytest.mark.rule("hubris", "9.2")
def test_no_modifier_for_a_kingdom_no_seat_plays():
    state = _state(turns=7, turn=7)
    for k, v in zip(KINGDOMS, (14, 10, 16), strict=True):
        _set_total(state, k, v)
    state["kingdoms"]["macedon"]["player"] = False
    res = victory.assess(DATA, state)
    assert res["winners"] == ["seleucids"] and "Macedon" not in res["reason"]
