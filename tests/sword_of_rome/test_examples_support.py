"""The worked examples of adding and removing support (7.3.1, 7.3.2)."""

import pytest

from rules.sword_of_rome.model import current_prompt

from .helpers import bare, choose, ids, put
from .test_support_after_battle import etruscans_take_roma, support_card_play


def two_point_card_play():
    """Rome plays a 2-value card for support; Roman CU stand on two Etruscan PCs (Falerii,
    Volsinii: a reconstructed board, the example names no spaces)."""
    st = bare()
    st["spaces"]["volsinii"].update(loy=0)        # an unwalled PC for the example's purpose
    put(st, "falerii", "rome", 1)
    put(st, "volsinii", "rome", 1)
    support_card_play(st, "rome", 2)
    return st


@pytest.mark.example("sword-of-rome", "7.3.1/1")
@pytest.mark.rule("sword-of-rome", "7.3.1")
def test_example_a_two_value_card_for_support():
    st = two_point_card_play()
    cities = {f"loy:{s}" for s, sp in st["spaces"].items()
              if sp["ctl"] == "rome" and sp["loy"] and sp["loy"] < 3 and sp["siege"] is None}
    assert "2 support points" in current_prompt(st).text
    assert set(ids(st)) == cities | {"pc:falerii", "pc:volsinii", "done"}
    # one city from 1 to 3
    choose(st, "loy:sutrium")
    choose(st, "loy:sutrium")
    assert st["spaces"]["sutrium"]["loy"] == 3 and current_prompt(st) is None
    # two cities +1 each
    st = two_point_card_play()
    choose(st, "loy:sutrium")
    choose(st, "loy:capua")
    assert st["spaces"]["sutrium"]["loy"] == st["spaces"]["capua"]["loy"] == 2
    # one city +1 and one enemy PC replaced where Rome has CU
    st = two_point_card_play()
    choose(st, "loy:narnia")
    choose(st, "pc:falerii")
    assert st["spaces"]["narnia"]["loy"] == 2 and st["spaces"]["falerii"]["ctl"] == "rome"
    # two enemy PCs replaced
    st = two_point_card_play()
    choose(st, "pc:falerii")
    choose(st, "pc:volsinii")
    assert st["spaces"]["falerii"]["ctl"] == st["spaces"]["volsinii"]["ctl"] == "rome"


@pytest.mark.example("sword-of-rome", "7.3.2/1")
@pytest.mark.rule("sword-of-rome", "7.3.2")
def test_example_adding_and_removing_support_after_the_etruscan_victory(dice):
    """Set up as the example says, except that the Etruscan army comes from Veii (on our
    reconstructed map Clusium is not next to Roma); the Samnites hold Fregellae, beside
    Capua."""
    def samnite_fregellae(st):
        st["spaces"]["fregellae"]["ctl"] = "samnites"

    st = etruscans_take_roma(dice, extra=samnite_fregellae)
    assert "2 support points" in current_prompt(st).text
    got = set(ids(st))
    # remove one Roman support point
    assert {"rm:praeneste", "rm:tarracina", "cut:roma", "cut:capua", "cut:sutrium"} <= got
    assert "rm:velitrae" not in got                  # Roman CU there
    assert "cut:narnia" not in got                   # its 1 CU keeps loyalty 1
    # add one Etruscan support point
    assert {"loy:tarquinii", "loy:pisae"} <= got
    assert {c.split(":")[0] for c in got} <= {"rm", "cut", "loy", "pc", "done"}
    # Capua to 0: independent, the Samnites' land beside it does not matter
    choose(st, "cut:capua")
    assert st["spaces"]["capua"]["ctl"] == "independent" and st["spaces"]["capua"]["loy"] == 1
    choose(st, "cut:roma")
    assert st["spaces"]["roma"]["loy"] == 2
    # Sutrium to 0: Etruscan loyalty 1 (Falerii was Etruscan at the start), then raised to 2
    st = etruscans_take_roma(dice, extra=samnite_fregellae)
    choose(st, "cut:sutrium")
    assert st["spaces"]["sutrium"]["ctl"] == "etruscans" and st["spaces"]["sutrium"]["loy"] == 1
    assert "loy:sutrium" in ids(st)
    choose(st, "loy:sutrium")
    assert st["spaces"]["sutrium"]["loy"] == 2
    # the other ways: Praeneste or Tarracina turn independent
    st = etruscans_take_roma(dice, extra=samnite_fregellae)
    choose(st, "rm:praeneste")
    choose(st, "loy:tarquinii")
    assert st["spaces"]["praeneste"]["ctl"] == "independent"
    assert st["spaces"]["tarquinii"]["loy"] == 2
