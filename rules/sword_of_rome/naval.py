"""What ships carry and who may stop them: naval capacity for a move, an avoidance or a
retreat by sea (9.6.3, 11.1.1, 12.4.3); five players, the Carthaginian player contesting a
crossing (9.6.4) and lending his ships to an ally (9.6.3, 11.1.1, 12.4.3)."""

from __future__ import annotations

from rules.engine.rng import roll

from .cards import DT, card_value
from .model import State, allied, ed, five, side_of

CARTHAGE_CARD = {1: 3, 2: 6, 3: 10}      # five players: CU per card value (9.6.3)


def transports(card: str) -> bool:
    """Whether ``card`` is the Etruscans' Naval Transports: played as its event for one
    naval move, avoidance or retreat of up to 3 CU (9.6.3, 11.1.1, 12.4.3)."""
    c = ed().cards.get(card)
    return c is not None and c.event.get("flag") == "naval_transports"


def capacity(st: State, power: str, value: int, frm: str, dest: str, *,
             fleet: bool = False, dest_only: bool = False, card: str = "") -> int:
    """CU ``power`` may carry from ``frm`` to ``dest`` paying a card of ``value`` (0: no
    card); 0 if none may sail. ``fleet``: Carthage's own ships are at hand without a card
    (2-4 players: a move with a Neutral Power Activates or Rome's card, 9.6.3; any avoidance
    or retreat, 11.1.1, 12.4.3). ``dest_only``: for an avoidance or a retreat, Syracuse (and
    Lilybaeum) count only as the port sailed to ("retreats to"); a move may sail to or from
    them. ``card``: the card paying, when its event rather than its value counts (the
    Etruscans' Naval Transports)."""
    flags = st["flags"]
    if flags.get("storms_at_sea"):
        return 0
    if power == "etruscans":
        return 3 if transports(card) else 0
    if power == "carthage":
        if five(st):
            return CARTHAGE_CARD.get(value, 0)
        return 10 if fleet else 0
    if value < 3:
        return 0
    ends = {dest} if dest_only else {frm, dest}
    if power == "greeks":
        if five(st) and st["spaces"].get("lilybaeum", {}).get("ctl") == "greeks" \
                and ends & {"syracuse", "lilybaeum"}:
            return 10
        return 6 if "syracuse" in ends else 3
    if power == "rome":
        if flags.get("rome_carthage_alliance"):
            return 10
        return 3 if flags.get("duoviri_navales") else 0
    return 0


def carthage_cards(st: State) -> list[str]:
    """The cards the Carthaginian player may spend on ships or on contesting a crossing: his
    hand and a Desperate Times, a 3-value card (7.4.6)."""
    cards = list(st["hands"].get("carthage", []))
    if st["dt"].get("carthage"):
        cards.append(DT)
    return cards


def carthage_plays(st: State) -> bool:
    """Five players, the Carthaginian player still in the game."""
    return five(st) and "carthage" in st["sides"] and "carthage" not in st["out_sides"]


def contestable(st: State, power: str, side: str | None) -> bool:
    """Five players: whether the Carthaginian player may contest a crossing of ``power``
    decided by ``side`` (9.6.4): not his own, not an ally's (15.2.4), only with a card."""
    return (carthage_plays(st) and power != "carthage" and side != "carthage"
            and not allied(st, power, "carthage") and bool(carthage_cards(st)))


def contest_roll(st: State, value: int, into_friendly: bool) -> str:
    """The naval combat roll a contesting card forces (9.6.4): its first OP forces the roll,
    each further OP adds 1; -2 into a port friendly to the fleet (the example)."""
    return combat_roll(st, into_friendly, value - 1)


def combat_roll(st: State, into_friendly: bool, plus: int = 0) -> str:
    """A roll on the Naval Combat table (9.6.4): success, return or attrition; ``plus``
    added, and -2 for sailing to a port friendly to the fleet (the 9.6.4 example: a table
    modifier, so with any number of players)."""
    die = roll(st, 1, 6, purpose="Naval combat", rule="9.6.4")[0]
    mod = plus - (2 if into_friendly else 0)
    return ed().tables["naval_combat"]["rolls"][max(1, min(6, die + mod))]


def lenders_cards(st: State, power: str, side: str | None, n: int) -> list[str]:
    """Five players: the Carthaginian cards that could carry ``n`` CU of ``power``, an ally
    of Carthage, on Carthaginian ships whatever its own naval capability (9.6.3, 11.1.1,
    12.4.3); none if Carthage is not a player, not allied, or the power is Carthage's own."""
    if not carthage_plays(st) or power == "carthage" or side in (None, "carthage") \
            or st["flags"].get("storms_at_sea") or side_of(st, power) is None \
            or not allied(st, power, "carthage"):
        return []
    return [c for c in carthage_cards(st) if CARTHAGE_CARD[card_value(c)] >= n]
