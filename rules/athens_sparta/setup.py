"""A new game of the one scenario, The Peloponnesian War (431 BC; reconstructed set-up)."""

from __future__ import annotations

from rules.engine.state import new_state

from .data import GAME_ID, SIDES, ed
from .model import State, mats, new_decks


def new_game(scenario: str, seats: list[str], options: dict[str, str], seed: int) -> State:
    st = new_state(GAME_ID, scenario, seats, options, seed)
    sides = mats()["sides"]
    st.update({
        "turn": 1, "round": 0, "phasing": "sparta", "stage": "assessment", "step": "",
        "pend": {}, "over": None, "battle": None, "next_force": 0,
        "infl": {sid: dict(sp.start) for sid, sp in ed().spaces.items() if sp.start},
        "raided": [], "sieges": {}, "colonies": [], "tiles": dict.fromkeys(ed().regions),
        "treasury": {s: sides[s]["treasury"] for s in SIDES},
        "army": {s: sides[s]["army"] for s in SIDES},
        "navy": {s: sides[s]["navy"] for s in SIDES},
        "favour": {s: {c["id"]: 0 for c in mats()["favour"]["colours"]} for s in SIDES},
        "assets": dict.fromkeys(ed().assets, "play"),
        "leaders": {lid: {"state": "ready" if ld.enters <= 1 else "future", "gold": False}
                    for lid, ld in ed().leaders.items()},
        "forces": [], "hands": {s: [] for s in SIDES}, "battle_hands": {s: [] for s in SIDES},
    })
    st.pop("battle")
    new_decks(st)
    return st
