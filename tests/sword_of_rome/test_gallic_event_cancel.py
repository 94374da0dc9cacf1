"""Three players: a card with the "cancels Gallic event" icon, discarded, stops the Gallic
event rolled at the Gallic seat (7.1.1 icons, 5.4)."""

import pytest

from rules.sword_of_rome.model import current_prompt, ed

from .helpers import choose, fresh, ids, run


def gallic_seat_rolls(dice, hand):
    """The three-player Gallic seat rolls 4 (raiders burn the northernmost Roman or
    Etruscan PC); Rome holds ``hand``."""
    st = fresh("three-player")
    for side in st["hands"]:
        st["hands"][side] = []
    st["hands"]["rome"] = list(hand)
    st["stack"] = []
    st["order"] = list(st["slots"])
    dice.queue = [2, 2]
    run(st, "action", round=1, idx=st["slots"].index("gauls"), stage="dt", after_dt=False)
    return st


def burnt(st):
    return [e for e in st["log"] if e["rule"] == "5.4" and "becomes independent" in e["text"]
            and not e["text"].startswith("Gallic event")]


LATIN_COLONIES = next(c.id for c in ed().cards.values() if c.title == "Latin Colonies")


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_a_cancel_icon_card_stops_the_gallic_event(dice):
    """Error 10: the icon did nothing; the event always happened."""
    assert "cancels-gallic-event" in ed().cards[LATIN_COLONIES].icons
    st = gallic_seat_rolls(dice, [LATIN_COLONIES])
    p = current_prompt(st)
    assert p.rule == "5.4" and p.seat == "rome"
    assert ids(st) == ["pass", f"cancel:{LATIN_COLONIES}"]
    choose(st, f"cancel:{LATIN_COLONIES}")
    assert not burnt(st)
    assert LATIN_COLONIES in st["decks"]["rome"]["discard"]
    assert LATIN_COLONIES not in st["hands"]["rome"]


@pytest.mark.rule("sword-of-rome", "5.4")
def test_the_gallic_event_happens_if_the_card_is_kept(dice):
    st = gallic_seat_rolls(dice, [LATIN_COLONIES])
    choose(st, "pass")
    assert burnt(st) and LATIN_COLONIES in st["hands"]["rome"]


@pytest.mark.rule("sword-of-rome", "5.4")
def test_nobody_is_asked_without_a_cancel_card(dice):
    plain = next(c.id for c in ed().cards.values() if c.deck == "rome"
                 and "cancels-gallic-event" not in c.icons)
    st = gallic_seat_rolls(dice, [plain])
    assert burnt(st)
    assert current_prompt(st) is None or current_prompt(st).rule != "5.4"
