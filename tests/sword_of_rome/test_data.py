"""The reconstructed edition's data files: provenance on every record, the card inventory."""

import pytest

from rules.engine import registry
from rules.sword_of_rome.data import edition


def test_check_data_counts_every_record_by_source():
    counts = registry.get("sword-of-rome").check_data()
    assert set(counts) <= {"rule", "example", "derived", "reconstructed"}
    assert sum(counts.values()) > 700 and counts["rule"] > 50


@pytest.mark.rule("sword-of-rome", "2.1")
def test_201_strategy_cards_with_two_desperate_times_per_player():
    ed = edition()
    assert len(ed.cards) + sum(ed.desperate.values()) == 201
    assert ed.desperate == dict.fromkeys(ed.decks, 2)
    assert all(1 <= c.value <= 3 for c in ed.cards.values())


@pytest.mark.rule("sword-of-rome", "21")
@pytest.mark.parametrize("card,title", [
    ("rome-12", "Appian Way"), ("gauls-5", "Wild Beasts"), ("gauls-9", "Too Far From Home"),
    ("gauls-10", "To The Brave Belongs Everything"), ("gauls-11", "Titus Manlius"),
    ("gauls-15", "Flight Before the Barbarians"), ("etruscans-samnites-31", "Caudine Forks"),
    ("greeks-29", "Carthaginian Mistrust"), ("carthage-15", "Blockade"),
    ("carthage-16", "Blockade")])
def test_cards_the_rulebook_numbers_keep_their_numbers(card, title):
    assert edition().cards[card].title == title


def test_every_card_says_what_it_does_in_our_words():
    for c in edition().cards.values():
        assert c.text and c.text != c.event["do"], c.id
