"""After the Reaction Step, where the mover meets an army: Friendly Passage (8.3.8), Overrun
(8.3.6, 11.5), the city's CUs sallying (12.1.2), a window for Surprise cards (4.31.1), the
land battle (12) with the losses a side chooses (12.5.2) and a drawn Attacker's retreat
(12.6)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.response import asked_seat, current, open_window, pass_turn
from rules.engine.state import log

from .armies import carry_along, mover_frame
from .battle import after_losses, fight, fight_independent, overrun, preview
from .data import UNIT_TYPES
from .events import discard_card, replace_surprise
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    count,
    ed,
    enemies_outside,
    ind_armies_at,
    is_surprise,
    outside,
    remove_units,
    sname,
    units,
)
from .prompts import ask


class Combat(Proc):
    """What meets the mover in the space: nothing, Friendly Passage to ask for, an Overrun,
    the city's CUs to sally, or a battle."""

    name = "combat"

    def auto(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        par = mover_frame(st, fr)
        army = count(st, sid, mover)
        foes = enemies_outside(st, sid, mover)
        inds = ind_armies_at(st, sid)
        if not foes and not inds:
            PROCS.pop(st)
            return True
        if army == 0:                    # a lone general cannot stay (8.3.3): back he goes
            par["done"] = True
            PROCS.pop(st)
            return True
        if foes and not inds and not fr.get("passage_asked") and not fr.get("intercepted") \
                and par["mp"] > 0:
            fr["passage_asked"] = True                   # 8.3.8.1: the mover may ask
            fr["stage"] = "passage"
            return True
        if foes and not inds:            # 8.3.6, 11.5: interceptors too may be overrun
            target = max(foes, key=lambda s: outside(st, sid, s))
            if outside(st, sid, mover) >= 5 * outside(st, sid, target):
                overrun(st, sid, mover, target)
                return True
        fr["target"] = (inds and "ind") or max(foes, key=lambda s: outside(st, sid, s))
        fr["bonus"] = {}
        if fr["target"] != "ind" and st["pc"].get(sid) in (mover, fr["target"]) \
                and st["inside"].get(sid, 0):
            fr["stage"] = "sally"                        # 12.1.2: the city's CUs may join
            return True
        open_battle(st, fr)
        return False


def open_battle(st: State, fr: dict[str, Any]) -> None:
    """The window in which every player may play a Surprise card before the battle."""
    fr["stage"] = "window"
    open_window(st, "battle", list(st["order"]), react=fr["parent"], space=fr["space"],
                parties=[fr["seat"], fr["target"]])


class Passage(Proc):
    """8.3.8.1: the mover asks for Friendly Passage, or stops and attacks."""

    name = "passage"

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        foes = enemies_outside(st, sid, mover)
        return ask(st, mover, f"you enter {sname(sid)}, held by "
                   f"{' and '.join(NAMES[s] for s in foes)}",
                   [Choice("passage", "Ask for Friendly Passage and move on"),
                    Choice("attack", "Stop and attack")], rule="8.3.8.1")

    def answer(self, st, fr, cid):
        sid, mover = fr["space"], fr["seat"]
        if cid == "attack":
            fr["stage"] = "combat"
        else:
            fr["stage"] = "grant"
            fr["grant_left"] = [s for s in st["order"]
                                if s in enemies_outside(st, sid, mover)]


class Grant(Proc):
    """8.3.8.1: every army there must let the mover pass; one refusal means battle."""

    name = "grant"

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        s = fr["grant_left"][0]
        return ask(st, s, f"{NAMES[mover]} asks for Friendly Passage through your army "
                   f"at {sname(sid)}",
                   [Choice("grant", f"Let {NAMES[mover]} pass"),
                    Choice("refuse", "Refuse: they must stop and fight")], rule="8.3.8.1")

    def answer(self, st, fr, cid):
        sid, mover = fr["space"], fr["seat"]
        s = fr["grant_left"].pop(0)
        if cid == "refuse":
            log(st, f"{NAMES[s]} refuses {NAMES[mover]} Friendly Passage at {sname(sid)}",
                rule="8.3.8.1", where=sid)
            fr["stage"] = "combat"
        elif not fr["grant_left"]:
            log(st, f"{NAMES[mover]} is granted Friendly Passage at {sname(sid)}",
                rule="8.3.8.1", where=sid)
            mover_frame(st, fr)["passage"] = sid
            PROCS.pop(st)


class Sally(Proc):
    """12.1.2: the CUs inside the city may join the battle."""

    name = "sally"

    def prompt(self, st, fr):
        sid = fr["space"]
        n = st["inside"][sid]
        return ask(st, st["pc"][sid], f"battle at {sname(sid)}: your {n} CU inside the city "
                   "may join it (and share its losses if it is lost)",
                   [Choice("sally", f"Sally: the {n} CU inside join the battle"),
                    Choice("inside", "Keep them inside the city")], rule="12.1.2")

    def answer(self, st, fr, cid):
        sid = fr["space"]
        fr["sally"] = cid == "sally"
        if fr["sally"]:
            log(st, f"{NAMES[st['pc'][sid]]} sallies from {sname(sid)}", rule="12.1.2",
                where=sid)
        open_battle(st, fr)


class SurpriseWindow(Proc):
    """4.31.1: before the battle each player may play Surprise cards (a battle bonus, or the
    Silver Shields changing sides, 3.3.3.2); the battle follows when the window closes."""

    name = "window"

    def auto(self, st, fr):
        win = current(st)
        if win is None or win.get("react") != fr["parent"]:
            fr["stage"] = "fight"
            return True
        return False

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        win = current(st)
        seat = asked_seat(win)
        return ask(st, seat, f"battle at {sname(sid)} between {NAMES[mover]} and "
                   f"{NAMES.get(fr['target'], 'the Independents')}: play a Surprise card?",
                   battle_cards(st, seat, win), kind="battle", rule="4.31.1",
                   context=preview(st, sid, mover, fr["target"]))

    def answer(self, st, fr, cid):
        sid = fr["space"]
        win = current(st)
        seat = asked_seat(win)
        if cid == "pass":
            pass_turn(st)
            return
        card = cid
        st["hands"][seat].remove(card)
        discard_card(st, card)
        replace_surprise(st, seat)
        if card == "c16":                        # the Silver Shields change sides (3.3.3.2)
            for who in win["parties"]:
                n = units(st, sid, who).get("silver", 0) if who in st["players"] else 0
                if who != seat and n:
                    remove_units(st, sid, who, "silver", n)
                    if n > 1:
                        add_units(st, sid, seat, "silver", n - 1)
                    log(st, f"{NAMES[seat]} wins over the Silver Shields in the middle of the "
                            "battle (they lose 1 CU)", rule="3.3.3.2", where=sid)
            win["played"].append({"seat": seat, "card": card})
            return
        b = ed().cards[card].effect.get("battle_bonus", 0)
        fr["bonus"][seat] = fr["bonus"].get(seat, 0) + b
        log(st, f"{NAMES[seat]} plays {ed().cards[card].name} (+{b} to its battle dice)",
            rule="4.31.1", where=sid)
        win["played"].append({"seat": seat, "card": card})


def battle_cards(st: State, seat: str, win: dict[str, Any]) -> list[Choice]:
    out = [Choice("pass", "Play no card")]
    if seat in win["parties"]:
        for c in st["hands"].get(seat, []):
            card = ed().cards[c]
            if card.type == "surprise" and card.effect.get("battle_bonus"):
                out.append(Choice(c, f"Play {card.name} (+{card.effect['battle_bonus']})",
                                  detail=card.text))
            if c == "c16" and is_surprise(st, c) and any(
                    units(st, win["space"], o).get("silver") for o in win["parties"]
                    if o != seat and o in st["players"]):
                out.append(Choice(c, "Play Silver Shields: they change sides (3.3.3.2)"))
    return out


class Fight(Proc):
    """12: the battle, against a player (the interceptor attacking with optional 19.3.2) or
    an Independent Army."""

    name = "fight"

    def auto(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        par = mover_frame(st, fr)
        bonus = fr.get("bonus", {})
        par["battled"] = True
        par["done"] = True
        if fr["target"] == "ind":
            rec = fight_independent(st, sid, mover, ind_armies_at(st, sid), player_attacks=True,
                                    bonus=bonus.get(mover, 0),
                                    failed_avoid=False)
            if rec.get("winner") is None and par["prev"]:
                retreat(st, par)
        elif fr.get("int_attacks") and fr["target"] == fr.get("intercepted"):
            rec = fight(st, sid, fr["target"], mover, def_failed_avoid=mover in fr["failed"],
                        bonus=bonus, sally=fr.get("sally", False),
                        owner_chooses=True)                  # 19.3.2
        else:
            rec = fight(st, sid, mover, fr["target"], def_failed_avoid=fr["target"] in fr["failed"],
                        bonus=bonus, sally=fr.get("sally", False), owner_chooses=True)
        st["last_battle"] = rec
        fr["owed"] = list(rec.get("owed", []))
        fr["stage"] = "losses"
        return after_battle(st, fr)


class Losses(Proc):
    """12.5.2: each side owing a CU of its choice picks it."""

    name = "losses"

    def auto(self, st, fr):
        return after_battle(st, fr)

    def prompt(self, st, fr):
        sid = fr["space"]
        s = fr["owed"][0]
        return ask(st, s, f"the battle at {sname(sid)} costs you 1 CU of your choice",
                   [Choice(k, f"Lose 1 {ed().units[k]['name']} CU")
                    for k in UNIT_TYPES if units(st, sid, s).get(k)],
                   rule="12.5.2")          # in data order, not the state's key order

    def answer(self, st, fr, cid):
        sid = fr["space"]
        s = fr["owed"].pop(0)
        remove_units(st, sid, s, cid)
        after_losses(st, sid, s)
        log(st, f"{NAMES[s]} loses 1 {ed().units[cid]['name']} CU", rule="12.5.2",
            where=sid)


def after_battle(st: State, fr: dict[str, Any]) -> bool:
    """Once every side owing a CU of its choice has chosen: a drawn Attacker retreats
    (12.6), and the Reaction Step is over."""
    if fr["owed"]:
        return False
    par = mover_frame(st, fr)
    rec = st["last_battle"]
    if rec.get("result") == "draw" and par["prev"] and fr["target"] != "ind" \
            and not (fr.get("int_attacks") and fr["target"] == fr.get("intercepted")):
        retreat(st, par)
    PROCS.pop(st)
    return True


def retreat(st: State, par: dict[str, Any]) -> None:
    """12.6: the Attacker goes back where it came from; no Reaction Step."""
    seat, at = par["seat"], par["at"]
    back = par.get("embark") if par["naval"] == "done" and par.get("embark") else par["prev"]
    if st["gen"][par["gen"]]["loc"] != at:
        return
    par["army"] = dict(units(st, at, seat))
    carry_along(st, par, back)
    log(st, f"{NAMES[seat]} retreats to {sname(back)}", rule="12.6", where=back)
