"""The Event cards' records (4.0): a card's data from the components, else our reconstructed
fallback (:data:`RECONSTRUCTED`, to which the two-player game adds its alternate cards,
10.4). The bottom layer for reading a card: :mod:`rules.hubris.events` (the deck and its
draw) and :mod:`rules.hubris.cards` (what a card shows) both read cards through it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .rulesdata import EventCard, LeaderCard, RulesData

#: cards whose text is a function rather than operations in events.yaml: the alternate
#: cards of the two-player game (10.4), registered by ``two_player``
TEXT_FUNCTIONS: dict[str, Callable[[RulesData, dict[str, Any], str], None]] = {}

#: Our reconstruction of the cards 12.3 uses (card faces are not in the rulebook).
RECONSTRUCTED: dict[str, EventCard] = {
    "ev-01": EventCard("ev-01", 1, "Winter Quarters", "winter",
                     source="rule 3.6"),
    "ev-03": EventCard("ev-03", 3, "Stasis & Intrigues", "recurrent",
                     sequence=("seleucids", "ptolemies", "macedon", "rome"),
                     mechanic="storms-and-worms",
                     source="reconstructed: sequence not printed in the rulebook"),
    "ev-04": EventCard("ev-04", 4, "Northern Border Aflame", "recurrent",
                     sequence=("macedon", "rome", "ptolemies", "seleucids"),
                     mechanic="spw-continuation",
                     source="reconstructed: sequence not printed in the rulebook"),
    "ev-05": EventCard("ev-05", 5, "Enemies at the Gates", "recurrent",
                     sequence=("ptolemies", "seleucids", "rome", "macedon"),
                     mechanic="ferryman-of-souls",
                     source="reconstructed: sequence not printed in the rulebook"),
    "ev-06": EventCard("ev-06", 6, "Revolt!", "recurrent",
                     sequence=("rome", "seleucids", "macedon", "ptolemies"),
                     mechanic="intrigues-at-court",
                     source="reconstructed: sequence not printed in the rulebook"),
    "ev-07": EventCard("ev-07", 7, "Skerdilaidas", "recurrent",
                     sequence=("ptolemies", "macedon", "seleucids", "rome"),
                     source="reconstructed: sequence not printed in the rulebook"),
    "ev-15": EventCard("ev-15", 15, "Reputed Mercenary General", "one-off", turn=1,
                      leader="U3", source="reconstructed: card text not in the rulebook"),
}
#: The Unaffiliated general Ev 15 offers, if the components data has no such card.
RECONSTRUCTED_LEADERS: dict[str, LeaderCard] = {
    "U3": LeaderCard("U3", "Skopas", "unaffiliated", start=None, end=5, battle=3, siege=2,
                     loyalty=2, intrigue=3,
                     source="reconstructed: fallback copy of leaders.yaml U3"),
}

def card_fallback(eid: str) -> EventCard:
    return RECONSTRUCTED.get(eid) or EventCard(eid, 0, eid, "one-off")


def card(data: RulesData, eid: str) -> EventCard:
    if eid in data.events:
        return data.events[eid]
    return RECONSTRUCTED[eid]


def event_leader(data: RulesData, lid: str) -> LeaderCard:
    if lid not in data.leaders and lid in RECONSTRUCTED_LEADERS:
        data.leaders[lid] = RECONSTRUCTED_LEADERS[lid]
    return data.leaders[lid]


def norm_event(eid: str) -> str:
    """Event ids as the components data spells them: ``ev-03`` (scenarios say ``ev03``)."""
    m = re.fullmatch(r"ev-?(\d+)", str(eid))
    return f"ev-{int(m.group(1)):02d}" if m else str(eid)
