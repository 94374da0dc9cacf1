"""Five players (5.10.1): Carthage's 3 CU come from Carthago, so only while Carthage holds it
unbesieged; the mercenaries come regardless."""

import pytest

from rules.sword_of_rome.model import cu, current_prompt

from .helpers import bare, choose, ids, put, run


def _placed(st):
    out = []
    while current_prompt(st) and current_prompt(st).rule == "5.10.1":
        if "mercenary" in current_prompt(st).text or "new" in current_prompt(st).text:
            out.append("mercenary" in current_prompt(st).text)
        choose(st, ids(st)[0])
    return out


@pytest.mark.rule("sword-of-rome", "5.10.1")
def test_five_players_a_besieged_carthago_raises_no_carthaginian_cu():
    st = bare("five-player")
    put(st, "carthago", "carthage", 2)
    put(st, "garrison_box", "carthage", 1)
    put(st, "carthago", "greeks", 4)
    st["spaces"]["carthago"].update(siege=0, sieger="greeks", inside=2)
    run(st, "side_reinforce", side="carthage")
    assert _placed(st) == [True, True]                   # the 2 mercenaries only


@pytest.mark.rule("sword-of-rome", "5.10.1")
def test_five_players_carthago_held_raises_three_and_two():
    st = bare("five-player")
    put(st, "carthago", "carthage", 2)
    run(st, "side_reinforce", side="carthage")
    assert _placed(st) == [False] * 3 + [True] * 2


@pytest.mark.rule("sword-of-rome", "17")
def test_five_players_ignore_section_17_no_militia_no_hamilcar_recall():
    from rules.sword_of_rome import combat

    from .helpers import fresh

    st = fresh("five-player")
    assert st["militia"] == {}
    st = bare("five-player")
    put(st, "lilybaeum", "carthage", 5, "hamilcar5")
    put(st, "kerkouane", "greeks", 4)
    combat.consequences(st, {"attacker": "greeks", "defender": "carthage",
                             "winner": "attacker", "removed": 0, "space": "kerkouane",
                             "adjacent": {}})
    assert st["leaders"]["hamilcar5"] == "lilybaeum"
    assert cu(st, "lilybaeum", "carthage") == 5
