"""Athens and Sparta's reconstructed components are labelled as ours and counted as the
docs say (docs/athens-sparta-components.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.athens_sparta.data import ed

DOC = Path(__file__).resolve().parents[2] / "docs" / "athens-sparta-components.md"


@pytest.mark.rule("athens-sparta", "action-round")
def test_every_card_is_labelled_reconstructed():
    """The aid gives no card: names and counts are ours, only some mechanisms are the aid's."""
    cards = ed().cards.values()
    assert len(cards) == 53
    assert [c.id for c in cards if not c.source.startswith("reconstructed:")] == []


@pytest.mark.rule("athens-sparta", "battles")
def test_the_docs_count_the_decks_as_they_are():
    text = DOC.read_text()
    said = {kind: int(n) for kind, n in
            re.findall(r"\*\*(Action|Battle) cards\*\* \((\d+)\)", text)}
    assert said == {"Action": len(ed().action_deck), "Battle": len(ed().battle_deck)}
    assert said == {"Action": 30, "Battle": 23}
