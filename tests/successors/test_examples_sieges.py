"""The rulebook's worked examples of sieges and subjugation (13.2.1, 13.2.5, 13.3.1, 13.4).
Dice are forced through the state's generator (``tests.dice.rig``)."""

import pytest

from rules.successors.model import count
from rules.successors.sieges import required
from tests.dice import rig, rolled

from .helpers import activate, bare, choose, give, ids, prompt, put


def siege_line(st) -> str:
    return next(e["text"] for e in reversed(st["log"]) if e["rule"] == "13.2")


@pytest.mark.example("successors", "13.2.1/1")
@pytest.mark.rule("successors", "13.2.1")
def test_example_13_2_1_demetrios_rolls_3_before_pella():
    """Demetrios (Yellow, 4 Mercenaries) besieges Pella, Black's, with 2 CUs inside; a 3 on
    the Siege Table is 1/1: 1 Siege Point, 1 CU lost. Pella has no modifier and is no port
    in our map (19.2's abilities are off: no +1 for Demetrios)."""
    st = bare()
    give(st, "demetrios", "yellow", "pella")
    put(st, "pella", "yellow", mercenary=4)
    st["pc"]["pella"] = "black"
    put(st, "pella", "black", mercenary=2)
    st["inside"]["pella"] = 2
    activate(st, "demetrios", 4)
    assert "siege" in ids(st)
    rig(st, 3)
    st = choose(st, "siege")
    assert rolled(st)[-1].endswith("rolled 3")
    assert st["sp"]["pella"] == {"by": "yellow", "n": 1}
    assert count(st, "pella", "yellow") == 3
    assert required(st, "pella") == 3                                 # 2 CUs inside (13.2.2)
    assert st["pc"]["pella"] == "black"
    assert "1 SP, 1 CU lost (1 of 3)" in siege_line(st)


@pytest.mark.example("successors", "13.2.5/1")
@pytest.mark.rule("successors", "13.2.5")
def test_example_13_2_5_lysimachos_beats_the_besiegers_of_pella():
    """Demetrios (Yellow, 3 Mercenaries) besieges Pella (2 Black CUs inside) with 1 Siege
    Point; Lysimachos (White, 6 Mercenaries) attacks him and wins: Yellow's army is gone
    and the siege is lifted at once. Our map puts Chersonesos far from Pella, so Lysimachos
    starts next door, at Amphipolis."""
    st = bare()
    give(st, "demetrios", "yellow", "pella")
    put(st, "pella", "yellow", mercenary=3)
    st["pc"]["pella"] = "black"
    put(st, "pella", "black", mercenary=2)
    st["inside"]["pella"] = 2
    st["sp"]["pella"] = {"by": "yellow", "n": 1}
    give(st, "lysimachos", "white", "amphipolis")
    put(st, "amphipolis", "white", mercenary=6)
    activate(st, "lysimachos", 3)
    st = choose(st, "go:pella")
    assert prompt(st).seat == "yellow"
    st = choose(st, "stay")
    st = choose(st, "attack")                         # no Friendly Passage
    rig(st, 6, 6, 1, 1)                                # White 12, Yellow 2+2 (rating 3): 6
    while (p := prompt(st)) is not None and p.kind == "battle":
        st = choose(st, "pass")
    assert st["last_battle"]["winner"] == "white"
    assert count(st, "pella", "yellow") == 0
    assert st["gen"]["demetrios"]["loc"] == "dispersed"
    assert "pella" not in st["sp"]                    # lifted, not inherited by White
    assert count(st, "pella", "black") == 2 and st["inside"]["pella"] == 2


@pytest.mark.example("successors", "13.3.1/1")
@pytest.mark.rule("successors", "13.3.1")
def test_example_13_3_1_antigonos_subjugates_sagalassos():
    """Antigonos (Yellow, 4 Mercenaries, as in example 8.3.1) before the Independent
    Stronghold of Sagalassos: a 3 is 1/1, 1 Siege Point of the 3 a Stronghold needs."""
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=4)
    st["pc"]["sagalassos"] = "ind"
    activate(st, "antigonos", 3)
    labels = {c.id: c.label for c in prompt(st).choices}
    assert labels["siege"].startswith("Subjugate Sagalassos")
    rig(st, 3)
    st = choose(st, "siege")
    assert st["sp"]["sagalassos"] == {"by": "yellow", "n": 1}
    assert count(st, "sagalassos", "yellow") == 3
    assert "subjugates Sagalassos: 1 SP, 1 CU lost (1 of 3)" in siege_line(st)


@pytest.mark.example("successors", "13.4/1")
@pytest.mark.rule("successors", "13.4")
def test_example_13_4_two_attempts_in_a_space_per_segment():
    """Blue's army of 6 CUs spends 4 MP on two siege attempts at Sardeis (Yellow's); then
    another Blue army marches in: it may not besiege Sardeis again this Segment."""
    st = bare()
    st["pc"]["sardeis"] = "yellow"
    give(st, "krateros", "blue", "sardeis")
    put(st, "sardeis", "blue", mercenary=6)
    give(st, "leonnatos", "blue", "ephesos")
    put(st, "ephesos", "blue", mercenary=4)
    activate(st, "krateros", 4)
    for _ in range(2):
        assert "siege" in ids(st)
        rig(st, 2)                                     # 0/0: no SP, no loss
        st = choose(st, "siege")
    assert st["sp"]["sardeis"]["n"] == 0 and count(st, "sardeis", "blue") == 6
    assert "siege" not in ids(st)                      # no MP left anyway
    st = choose(st, "stop")
    activate(st, "leonnatos", 4)
    st = choose(st, "go:sardeis")
    assert count(st, "sardeis", "blue") == 10
    assert "siege" not in ids(st)                      # two attempts there this Segment
    assert "go:smyrna" in ids(st)


@pytest.mark.rule("successors", "13.4")
def test_two_attempts_in_a_segment_are_made_by_one_general():
    """After one attempt by Krateros, Leonnatos' army may not make the second (13.4)."""
    st = bare()
    st["pc"]["sardeis"] = "yellow"
    give(st, "krateros", "blue", "sardeis")
    put(st, "sardeis", "blue", mercenary=6)
    give(st, "leonnatos", "blue", "ephesos")
    put(st, "ephesos", "blue", mercenary=4)
    activate(st, "krateros", 3)
    rig(st, 2)
    st = choose(st, "siege")
    st = choose(st, "stop")
    activate(st, "leonnatos", 4)
    st = choose(st, "go:sardeis")
    assert "siege" not in ids(st)
