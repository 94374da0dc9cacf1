"""Optional rule 19.2: each Major General's special ability, used only while he commands.

The texts are reconstructed (assets/successors/generals.yaml, ``ability``); each function
below gives one kind of effect and is 0/False unless the New Game switch ``abilities`` is on.
Leonnatos has none beyond his L; Eumenes' hiring text is not used (a ruling in
docs/successors-rulings.md).
"""

from __future__ import annotations

from .model import State, ed, province_controller

EUROPE_SIEGE = ("antipatros", "polyperchon")     # +1 to siege rolls in Europe
ANY_SIEGE = ("demetrios",)                       # +1 to siege rolls anywhere


def on(st: State) -> bool:
    return bool(st["options"].get("abilities"))


def siege_bonus(st: State, gid: str | None, sid: str, what: str) -> int:
    """Antipatros/Polyperchon +1 besieging in Europe, Demetrios +1 besieging, Seleukos +1
    subjugating."""
    if not on(st) or gid is None:
        return 0
    if what == "siege":
        europe = ed().provinces[ed().spaces[sid].province].region == "europe"
        return int(gid in ANY_SIEGE or (gid in EUROPE_SIEGE and europe))
    return int(gid == "seleukos")


def movement_bonus(st: State, gid: str) -> int:
    """Antigonos One-Eyed: +1 MP in the Movement Segment."""
    return int(on(st) and gid == "antigonos")


def avoid_bonus(st: State, gid: str | None) -> int:
    """Ptolemaios: +1 to his avoid-battle rolls."""
    return int(on(st) and gid == "ptolemaios")


def intercept_bonus(st: State, gid: str | None, sid: str) -> int:
    """Peithon: +1 to interception rolls into Media."""
    return int(on(st) and gid == "peithon" and ed().spaces[sid].province == "media")


def independent_bonus(st: State, gid: str | None) -> int:
    """Lysimachos: +1 to his battle dice against Independent Armies."""
    return int(on(st) and gid == "lysimachos")


def royal_army_loyal(st: State, gid: str | None) -> bool:
    """Perdikkas, commanding in a besieged city: its Royal Army never defects (3.3.4.5)."""
    return on(st) and gid == "perdikkas"


def royal_army_shuns(st: State, gid: str | None) -> bool:
    """Krateros: the Royal Army facing him is set aside in battle (as in 3.3.4.2)."""
    return on(st) and gid == "krateros"


def legitimacy_bonus(st: State, seat: str) -> int:
    """Kassandros, on the map: +1 L while his faction controls Makedonia."""
    rec = st["gen"].get("kassandros")
    return int(on(st) and rec is not None and rec["owner"] == seat
               and rec["loc"] in ed().spaces and province_controller(st, "makedonia") == seat)
