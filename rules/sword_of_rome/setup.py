"""A new game: the map, pieces, decks and hands of one scenario (3.0, reconstructed)."""

from __future__ import annotations

from rules.engine.deck import new_power_deck
from rules.engine.state import new_state

from .data import GAME_ID, INDEPENDENT
from .model import SIDE_NAMES, State, ed, push

NO_GAULS_SPACES = {"ligures", "veneti", "transalpine_box"}


def scenario_record(scenario: str) -> dict:
    for rec in ed().scenarios["scenarios"]:
        if rec["id"] == scenario:
            return rec
    known = ", ".join(r["id"] for r in ed().scenarios["scenarios"])
    raise KeyError(f"sword-of-rome has no scenario '{scenario}' (known: {known})")


def new_game(scenario: str, seats: list[str], options: dict[str, str], seed: int) -> State:
    rec = scenario_record(scenario)
    common = ed().scenarios["common"]
    st = new_state(GAME_ID, scenario, seats, options, seed)
    players = rec["players"]
    no_gauls = bool(rec.get("no_gauls"))
    st["players"] = players
    st["seats"] = {seat: list(sides) for seat, sides in rec["seats"].items()}
    in_play_sides = [s for sides in st["seats"].values() for s in sides]
    st["sides"] = [s for s in ed().scenarios["side_order"] if s in in_play_sides]
    st["side_powers"] = {s: list(ed().scenarios["side_powers"][s]) for s in st["sides"]}
    st["nonplayer"] = list(rec["nonplayer"])
    st["slots"] = [s for s in ed().scenarios["side_order"]
                   if s in st["sides"] or (s == "gauls" and no_gauls)]
    st["no_gauls"] = no_gauls
    st["turns"] = int(common["short_turns"] if options.get("turns") == "short"
                      else common["turns"])
    st["turn"] = 1
    st["round"] = 0
    st["flags"] = {"punic_envoys": players != 5}
    st["alliances"] = []
    st["plunder"] = {"gauls": 0, "transalpine": 0}
    st["unrest"] = 0
    st["sieged"] = []                          # spaces rolled on this round (13.1.1)
    st["npa_used"] = []                        # non-player powers activated this round
    st["over"] = None

    # the map: every space starts controlled by its home power (2.2), tan = independent
    spaces: dict[str, dict] = {}
    for sid, sp in ed().spaces.items():
        if sp.five_player and players != 5:
            continue
        if no_gauls and (sp.home in ("gauls", "transalpine") or sid in NO_GAULS_SPACES):
            continue
        spaces[sid] = {"ctl": sp.home or INDEPENDENT, "loy": sp.loyalty, "siege": None,
                       "sieger": None, "tribe": sp.tribe, "inside": 0}
    st["spaces"] = spaces
    st["cu"] = {}
    st["militia"] = {}                         # Carthaginian Citizen Militia CU (17.1.2)
    st["leaders"] = {}
    for lid, ld in ed().leaders.items():
        if players not in ld.players:
            continue
        if no_gauls and ld.power in ("gauls", "transalpine"):
            continue
        st["leaders"][lid] = "out" if ld.enters else "pool"
    for rec_setup in ed().scenarios["setup"]:
        if players not in rec_setup.get("players", [players]):
            continue
        if no_gauls and rec_setup.get("no3p"):
            continue
        sid, power = rec_setup["space"], rec_setup["power"]
        here = st["cu"].setdefault(sid, {})
        here[power] = here.get(power, 0) + rec_setup["cu"]
        if rec_setup.get("militia"):
            st["militia"][sid] = st["militia"].get(sid, 0) + rec_setup["militia"]
        for lid in rec_setup.get("leaders", []):
            st["leaders"][lid] = sid
    # leaders not placed: Roman consuls wait in the pool (8.2.2), event leaders are "out"
    for lid, at in st["leaders"].items():
        if at == "pool" and not ed().leaders[lid].consul:
            st["leaders"][lid] = "reserve"      # placed later with its CU (8.3, 5.10.2)

    # decks, hands, Desperate Times (6, 7.4)
    st["decks"], st["hands"], st["dt"] = {}, {}, {}
    for side in st["sides"]:
        st["decks"][side] = new_power_deck(st, list(ed().decks[side]), name=SIDE_NAMES[side],
                                           rule="6.1")
        st["hands"][side] = []
        st["dt"][side] = ed().desperate.get(side, 0)
    st["vp"] = {side: int(common["start_vp"]) for side in st["sides"]}
    st["out_sides"] = []                       # eliminated (5.10.3)
    st["stack"] = []
    push(st, "game")
    return st
