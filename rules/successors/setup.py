"""Set-up (section 5): deal the generals (5.4; deal two, keep one, pass in the five-player
game), place each general's package, the Independent PCs and armies, the royal family and
Alexander's body."""

from __future__ import annotations

from typing import Any

from rules.engine.deck import new_deck
from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import shuffle
from rules.engine.state import log, new_state

from .data import GAME_ID
from .model import NAMES, PROCS, State, add_units, ed, gname, sname
from .prompts import ask
from .turn import start_turn

OPTION_KEYS = ("abilities", "prestige_independents", "intercept_transit", "interceptor_attacks",
               "ind_surprise", "avoid_transit",
               "forage_attrition", "dispersed_fleets", "capitals", "elephants_outside",
               "faster_cart",
               "illegitimate_son")


def new_game(scenario: str, seats: list[str], options: dict[str, str], seed: int) -> State:
    sc = ed().scenarios[scenario]
    st = new_state(GAME_ID, scenario, seats, options, seed)
    st.update({
        "players": list(seats), "turn": 1, "turns": 5, "round": 0, "rounds": sc["rounds"],
        "order": [], "usurper": None, "active": None, "phase": "setup",
        "vp_target": sc["victory_vp"], "hand_size": sc["hand"],
        "table_cards": list(sc.get("table", [0, 0])),
        "options": {k: options.get(k, "no") == "yes" for k in OPTION_KEYS},
        "gen": {}, "cu": {}, "inside": {}, "pc": {}, "sp": {},
        "royals": {}, "married": {}, "body": {"loc": ed().body["start"], "tomb": False,
                                              "pella": None},
        "fleets": {}, "ind": {}, "status": {s: "champion" for s in seats}, "condemn": None,
        "persian": None, "training": {s: {"unit": "mercenary", "points": 0} for s in seats},
        "dispersed": {s: {} for s in seats}, "hands": {s: [] for s in seats},
        "removed": [], "in_play": [], "table": [], "kept": {s: [] for s in seats}, "bonus": {},
        "seg": {}, "lost_major": {s: False for s in seats}, "stack": [], "windows": [],
        "over": None,
    })
    for gid in ed().generals:
        st["gen"][gid] = {"owner": None, "loc": "aside"}
    for s in seats:
        for i in range(1, ed().minor["per_player"] + 1):
            st["gen"][f"{s}-minor-{i}"] = {"owner": s, "loc": "supply"}
    for sid, sp in ed().spaces.items():
        if sp.shield:
            st["pc"][sid] = "ind"
    for rid, rec in ed().royals.items():
        start = rec["start"]
        if rid == "herakles" and st["options"]["illegitimate_son"]:
            start = "halikarnassos"
        st["royals"][rid] = {"loc": start, "active": bool(rec["heir"]) and start != "box"}
    for pid, prov in ed().provinces.items():
        if prov.fleet:
            st["fleets"][pid] = {"dispersed": False, "strong": False}
    st["fleets"]["athenai"] = {"dispersed": False, "strong": False}
    for fid in ed().card_fleets:
        st["fleets"][fid] = {"owner": None, "dispersed": False, "strong": False,
                             "out": True}
    for iid, rec in ed().independents.items():
        st["ind"][iid] = {"loc": rec["start"]}
    st["deck"] = new_deck(st, sorted(ed().cards, key=lambda c: ed().cards[c].n),
                          name="Tyche", rule="5.2")
    pool = list(sc["deal"])
    shuffle(st, pool, purpose="deal of the generals", rule="5.4", quiet=True)
    if sc.get("keep"):
        st["deal"] = {s: [pool.pop(), pool.pop()] for s in seats}
        st["deal_pool"] = []
        PROCS.push(st, "deal_keep", left=list(seats))
    else:
        for s in seats:
            for _ in range(sc["each"]):
                give(st, pool.pop(), s)
        PROCS.push(st, "place_packages")
    return st


def give(st: State, gid: str, seat: str) -> None:
    st["gen"][gid] = {"owner": seat, "loc": "pending"}
    log(st, f"{NAMES[seat]} receives {gname(gid)}", rule="5.4")


@PROCS.register
class DealKeep(Proc):
    """5.4.5: each player, dealt two generals face down, keeps one and passes the other to a
    pool; the pool is shuffled and dealt out, one each."""

    name = "deal_keep"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if fr["left"]:
            return False
        pool = st.pop("deal_pool")
        shuffle(st, pool, purpose="the passed generals", rule="5.4.5", quiet=True)
        for s in st["players"]:
            give(st, pool.pop(), s)
        st.pop("deal")
        PROCS.pop(st)
        PROCS.push(st, "place_packages")
        return True

    def prompt(self, st, fr):
        seat = fr["left"][0]
        return ask(st, seat, "keep one of the two generals dealt to you (the other is passed "
                   "on face down)", [Choice(g, f"Keep {gname(g)}") for g in st["deal"][seat]],
                   rule="5.4.5", secret=True)

    def answer(self, st, fr, cid):
        seat = fr["left"].pop(0)
        other = [g for g in st["deal"][seat] if g != cid][0]
        st["gen"][cid] = {"owner": seat, "loc": "pending"}
        st["deal_pool"].append(other)
        log(st, f"{NAMES[seat]} keeps one general and passes one on", rule="5.4.5")


def placement_order(st: State) -> list[str]:
    """From the holder of Perdikkas, clockwise (5.4.2-5.4.5)."""
    holder = st["gen"]["perdikkas"]["owner"] or st["players"][0]
    i = st["players"].index(holder)
    return st["players"][i:] + st["players"][:i]


def place_package(st: State, gid: str, seat: str, at: str) -> None:
    pkg = ed().packages[gid]
    for sid in pkg["pcs"]:
        st["pc"][sid] = seat
    st["gen"][gid] = {"owner": seat, "loc": at}
    for kind, n in pkg["units"].items():
        add_units(st, at, seat, kind, n)
    for rec in st["royals"].values():
        if rec["loc"] == at and rec["active"]:
            rec["held"] = seat
    log(st, f"{gname(gid)} ({NAMES[seat]}) sets up at {sname(at)}", rule="5.4.1",
        where=at)


@PROCS.register
class PlacePackages(Proc):
    name = "place_packages"

    def _next(self, st: State) -> tuple[str, str] | None:
        for seat in placement_order(st):
            for gid, rec in sorted(st["gen"].items(), key=lambda kv: kv[0]):
                if rec["owner"] == seat and rec["loc"] == "pending":
                    return seat, gid
        return None

    def auto(self, st, fr):
        nxt = self._next(st)
        if nxt is None:
            PROCS.pop(st)
            st["phase"] = "play"
            start_turn(st)
            return True
        seat, gid = nxt
        at = ed().packages[gid]["at"]
        if len(at) == 1:
            place_package(st, gid, seat, at[0])
            return True
        return False

    def prompt(self, st, fr):
        seat, gid = self._next(st)
        return ask(st, seat, f"where does {gname(gid)} set up?",
                   [Choice(a, sname(a), target=a) for a in ed().packages[gid]["at"]],
                   kind="choose-space", rule="5.4.1")

    def answer(self, st, fr, cid):
        seat, gid = self._next(st)
        place_package(st, gid, seat, cid)
