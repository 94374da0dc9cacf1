"""Political support from a card play and after a battle (7.3.1-7.3.4, 12.5): a card only
adds support; a battle's winner takes support only from the power it beat, and converts a
city or PC next to any space it held when the battle began."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt

from .helpers import bare, choose, ids, pass_responses, put, run


def card_of_value(side, value, *, response=False):
    from rules.sword_of_rome.model import ed

    return next(c.id for c in ed().cards.values() if c.deck == side and c.value == value
                and c.response == response)


def support_card_play(st, side, value):
    """``side`` plays a card of ``value`` for political support (7.1, 7.3.1)."""
    card = card_of_value(side, value)
    st["hands"][side] = [card]
    run(st, "use", side=side, card=card, parent=None)
    choose(st, "support")


def etruscans_take_roma(dice, *, extra=None):
    """The 7.3.2 example's battle: the Etruscan army (here from Veii: our reconstructed map
    does not join Clusium to Roma) beats Valerius in Roma, who loses 4 CU and retreats to
    Velitrae, where Camillus stands; 1 Roman CU holds Narnia. Paused at the winner's support
    prompt."""
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    put(st, "roma", "rome", 5, "valerius")
    put(st, "velitrae", "rome", 3, "camillus")
    put(st, "narnia", "rome", 1)
    put(st, "veii", "etruscans", 10, "spurinna")
    if extra:
        extra(st)
    start_move(st, "etruscans-samnites", "spurinna", 3)
    advance(st)
    choose(st, "take:10")
    choose(st, "to:roma")
    choose(st, "stand")
    dice.queue = [5, 5, 1, 2, 2, 3]                  # Etruscan hits 2 + 2 + 0; Rome none
    pass_responses(st)
    assert "the Romans lose 4 CU" in current_prompt(st).text
    choose(st, "ok")
    retreat = current_prompt(st)
    assert retreat.rule == "12.4"
    choose(st, next(c.id for c in retreat.choices if c.target == "velitrae"))
    assert st["cu"]["velitrae"]["rome"] == 4 and st["leaders"]["valerius"] == "velitrae"
    assert current_prompt(st).rule == "12.5"
    return st


@pytest.mark.rule("sword-of-rome", "7.3.1")
def test_a_card_played_for_support_only_adds_support():
    """Error 1: a 2-value card for support offered "remove PC" and "-1 loyalty" choices over
    the whole map; 7.3.1 only replaces enemy PCs where the player has CU and raises the
    loyalty of his unbesieged cities."""
    st = bare()
    put(st, "falerii", "rome", 2)
    support_card_play(st, "rome", 2)
    got = ids(st)
    assert not [c for c in got if c.startswith(("rm:", "cut:"))]
    assert "pc:falerii" in got and "loy:sutrium" in got and "loy:roma" not in got


@pytest.mark.rule("sword-of-rome", "7.3.1")
def test_a_gallic_card_for_support_raises_no_city_past_one():
    st = bare()
    support_card_play(st, "gauls", 2)
    assert not [c for c in ids(st) if c.startswith(("loy:", "rm:", "cut:"))]


@pytest.mark.rule("sword-of-rome", "15.2.3")
def test_in_an_ally_s_home_a_card_removes_an_enemy_pc_instead_of_replacing_it():
    st = bare()
    st["alliances"].append(["rome", "etruscans"])
    st["spaces"]["nepet"]["ctl"] = "gauls"          # a Roman home space held by the Gauls
    put(st, "nepet", "etruscans", 2)
    support_card_play(st, "etruscans-samnites", 2)
    assert "rm:nepet" in ids(st) and "pc:nepet" not in ids(st)


@pytest.mark.rule("sword-of-rome", "12.5")
def test_after_a_battle_only_the_defeated_power_loses_support(dice):
    """Error 2: the Etruscans beat Rome and could cut Syracuse's loyalty or the Gallic PCs;
    12.5 and 7.3.4 let them take support from the Romans alone."""
    st = etruscans_take_roma(dice)
    got = ids(st)
    owners = {c: st["spaces"][c.split(":")[1]]["ctl"] for c in got
              if c.startswith(("rm:", "cut:"))}
    assert owners and set(owners.values()) == {"rome"}
    assert "cut:syracuse" not in got and "cut:mediolanum" not in got


@pytest.mark.rule("sword-of-rome", "7.3.4")
def test_a_city_reduced_to_nothing_goes_to_a_winner_next_to_it_not_to_the_battle(dice):
    """Error 3: the winner's adjacency was measured from the battle space (Roma, with no
    Etruscan space beside it), so Sutrium went independent; the Etruscans held Falerii,
    next to Sutrium, when the battle began."""
    st = etruscans_take_roma(dice)
    choose(st, "cut:sutrium")
    assert st["spaces"]["sutrium"]["ctl"] == "etruscans"
    assert st["spaces"]["sutrium"]["loy"] == 1


@pytest.mark.rule("sword-of-rome", "7.3.4")
def test_a_space_won_during_the_battle_does_not_count_as_held_at_its_start(dice):
    """Falerii, Volsinii and Tarquinii turned Roman before the battle: Sutrium has no
    Etruscan neighbour, and goes independent."""
    def roman_etruria(st):
        for s in ("falerii", "volsinii", "tarquinii", "caere"):
            st["spaces"][s]["ctl"] = "rome"

    st = etruscans_take_roma(dice, extra=roman_etruria)
    choose(st, "cut:sutrium")
    assert st["spaces"]["sutrium"]["ctl"] == "independent"
