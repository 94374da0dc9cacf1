"""Hubris ids as players read them (issue 11 §4): map areas, Places and Seas by their printed
names, Leaders as "Antiochos III Megas [S4]" (the card's name and code), a Kingdom's own
counters with its adjective ("Ptolemaic Squadron 1"), Kingdoms by name.
"""

from __future__ import annotations

from functools import cache

from rules.engine.names import join, possessive

from .mapdata import load_map
from .rulesdata_load import production

KINGDOM_NAMES = {"macedon": "Macedon", "ptolemies": "Ptolemies", "seleucids": "Seleucids",
                 "rome": "Rome"}
#: a Kingdom's counters and armies ("the Seleucid Royal Army")
ADJECTIVES = {"macedon": "Macedonian", "ptolemies": "Ptolemaic", "seleucids": "Seleucid",
              "rome": "Roman"}
#: the phases of a Turn (3.0) by their keys in ``state["phase"]``
PHASES = {"decks": "Decks Phase (3.2)", "revenue": "Revenue Phase (3.3)",
          "roman-politics": "Roman Politics Phase (3.4)", "mercenaries": "Mercenaries Phase (3.5)",
          "action": "Action Phase (3.6)", "winter": "Winter Quarters Phase (3.7)"}
REBEL_PREFIX = "rebel:"

__all__ = ["ADJECTIVES", "KINGDOM_NAMES", "join", "name", "names", "phase", "possessive", "the"]


@cache
def _printed() -> dict[str, str]:
    """Every id with a printed name: Kingdoms, then map areas, Places and Seas, then
    Leaders (the first of these that names an id names it)."""
    md = load_map()
    out = {lid: f"{card.name} [{lid}]" for lid, card in production().leaders.items()}
    out.update({s.id: s.name.title() for s in md.satrapies.values()})   # printed in capitals
    out.update({p.id: p.name for p in md.places.values()})
    out.update({s.id: s.name for s in md.seas.values()})
    out.update(KINGDOM_NAMES)
    return out


def _titled(text: str) -> str:
    return text.replace("-", " ").title()


def name(element: str | None) -> str:
    """The name of a map area, Place, Sea, Leader, Unit, Kingdom or Rebel faction."""
    if not element:
        return "nowhere"
    got = _printed().get(element)
    if got:
        return got
    if element.startswith(REBEL_PREFIX):
        return f"Rebel {name(element[len(REBEL_PREFIX):])}"
    owner, dash, rest = element.partition("-")     # a Kingdom's counter: "ptolemies-..."
    adjective = ADJECTIVES.get(owner) if dash else None
    if adjective:
        return f"{adjective} {_titled(rest)}"
    return _titled(element)


def names(elements: list[str] | tuple[str, ...] | set[str]) -> str:
    """``A, B and C`` of :func:`name`."""
    return join(name(e) for e in elements)


def phase(key: str | None) -> str:
    return PHASES.get(str(key), _titled(str(key)))


def phase_shown(state: dict) -> str:
    """The Phase a player is told about: the scenario's set-up (e.g. "Set-up (12.1)") while
    its Royal Armies are still being placed, else the state's Phase."""
    setup = state.get("setup")
    if isinstance(setup, dict) and setup.get("royal_army_placement"):
        section = (state.get("scenario") or {}).get("section", "12")
        return f"Set-up ({section})"
    return phase(state.get("phase"))


#: Kingdoms a sentence names with an article ("the Ptolemies"), the others without ("Macedon")
PLURAL = {"ptolemies", "seleucids"}


def the(power: str, start: bool = False) -> str:
    """``Macedon`` / ``the Ptolemies`` (``The Ptolemies`` at the start of a sentence)."""
    text = name(power)
    if power in PLURAL:
        return ("The " if start else "the ") + text
    return text


#: The Minors Rome seeks as allies (8.6), by name.
MINOR_NAMES = {"aitolian-league": "the Aitolian League", "achaian-league": "the Achaian League",
               "sparta": "Sparta", "rhodes": "Rhodes", "pergamon": "Pergamon",
               "parthians": "the Parthians"}
