"""Set-ups shared by the Rome tests: 12.1 'New Hopes' as a plain state, Places and Consuls
placed directly (the rules' own setters), nothing driven."""

from __future__ import annotations

from typing import Any

from rules.hubris import core, play, roman_war, rome
from rules.hubris.mapdata import load_map
from tests.hubris.rules_helpers import DATA, GAME

State = dict[str, Any]


def nh(**rome_state: Any) -> State:
    """The set-up of 12.1 'New Hopes' (seed 1) in its first Action Phase, pools added."""
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    play.add_squadron_pools(DATA, s)
    s["rome"].update(rome_state)
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "winter", "started": True},
                  {"proc": "action-phase"}]
    s["phase"] = "action"
    s["turn"] = 1
    s["queue"] = []
    return s


def place(s: State, p: str, power: str | None, marker: str | None = None) -> None:
    core.set_place(s, p, power=power, marker=marker if power else None, revolt=False,
                   rebel=None, sd=False)


def clear_region(s: State, k: str, region: str) -> None:
    """Unalign every Place of ``k`` in ``region``."""
    md = load_map()
    for p, info in DATA.places.items():
        if s["places"][p].get("power") == k and region in md.satrapies[info.satrapy].regions:
            place(s, p, None)


def at_war(s: State, foe: str, where: str, card: str) -> None:
    """Rome At War with ``foe``, its Consul in ``where`` with the Legions of ``card``."""
    rome.go_to_war(DATA, s, foe, "test", "8.5")
    s["queue"].clear()
    s["rome"]["consuls"][foe]["card"] = card
    roman_war.set_legions(DATA, s, foe, roman_war.box(s, card).legions)
    core.set_leader(s, roman_war.consul(foe), location=where)


def refresh(s: State) -> None:
    DATA.refresh(s)
