"""The sequence of play (5.0): the game, the turn's ten phases and the Action Phase rounds."""

from __future__ import annotations

from rules.engine.deck import discard, draw_to, mark_reshuffle
from rules.engine.game import Choice, Prompt
from rules.engine.hands import take
from rules.engine.procs import Frame, Proc

from . import phases
from .gallic_events import gallic_event
from .model import (
    SIDE_NAMES,
    State,
    ask,
    by_vp,
    ed,
    five,
    live_sides,
    note,
    players,
    pop,
    proc,
    push,
)
from .revolt import between_actions


def hand_size(st: State, side: str) -> int:
    """Seven cards; Rome eight with three or more players; five-player Carthage 5 + one per
    Carthaginian port in Sicily - half the unrest (6.2.2, 20.2)."""
    if side == "rome" and players(st) >= 3:
        return 8
    if side == "carthage" and five(st):
        ports = sum(1 for sid, sp in st["spaces"].items()
                    if ed().spaces[sid].region == "sicily" and ed().spaces[sid].port
                    and sp["ctl"] == "carthage")
        return max(1, 5 + ports - st["unrest"] // 2)
    return int(ed().scenarios["common"]["hand"])


def discard_kept(st: State, side: str, card: str) -> None:
    """A card kept from the last turn is discarded in the Draw Cards Phase (6.2.1); a
    RESHUFFLE card so discarded reshuffles the deck at the next Draw Cards Phase (6.4.1),
    not at this one's draw."""
    discard(st["decks"][side], card)
    if ed().cards[card].reshuffle:
        pending = st["flags"].setdefault("reshuffle_next", [])
        if side not in pending:
            pending.append(side)


@proc
class GameProc(Proc):
    name = "game"

    def auto(self, st: State, fr: Frame) -> bool:
        if st["turn"] > st["turns"]:
            phases.final_victory(st)
            return True
        push(st, "turn", step=0)
        return True


@proc
class TurnProc(Proc):
    """Phases 5.1-5.11 in order; each step runs once."""

    name = "turn"

    def auto(self, st: State, fr: Frame) -> bool:
        step = fr["step"]
        fr["step"] += 1
        if step == 0:
            note(st, f"Turn {st['turn']} ({ed().scenarios['common']['years'][st['turn'] - 1]})"
                 if st["turn"] <= 9 else f"Turn {st['turn']}", "5.0")
            phases.mine_depletion(st)
        elif step == 1:
            for side in reversed(live_sides(st)):      # a pending reshuffle: draw_to (6.4.1)
                if side == "gauls" and players(st) >= 4:
                    for card in list(st["hands"][side]):
                        take(st, side, card)
                        discard_kept(st, side, card)
                    if st["turn"] > 1:
                        note(st, "The Gauls discard their whole hand.", "6.2.1")
                elif st["hands"][side]:
                    push(st, "discard", side=side)
        elif step == 2:
            for side in live_sides(st):
                draw_to(st, st["decks"][side], st["hands"][side], hand_size(st, side),
                        name=SIDE_NAMES[side], rule="6.2")
            for side in st["flags"].pop("reshuffle_next", []):     # 6.4.1: next turn's
                mark_reshuffle(st["decks"][side])
            note(st, "Every player draws to his hand size.", "5.2")
        elif step == 3:
            push(st, "first", side=by_vp(st, descending=False)[0])
        elif step == 4:
            push(st, "action", round=1, idx=0, stage="dt", after_dt=False)
        elif step == 5:
            for side in reversed(by_vp(st)):
                if st["dt"].get(side):
                    push(st, "dt_offer", side=side, end_sweep=True)
        elif step == 6:
            phases.attrition(st)
        elif step == 7:
            phases.surrender(st)
        elif step == 8:
            phases.isolation(st)
        elif step == 9:
            phases.scoring(st)
        elif step == 10:
            phases.renewals(st)
        elif step == 11:
            phases.reinforcements(st)
        else:
            pop(st)
            st["turn"] += 1
            st["flags"].pop("carthage_mistrust", None)   # it lasts the turn (21.4)
        return True


@proc
class DiscardProc(Proc):
    """Draw phase: discard any kept cards, one at a time (5.2, 6.2.1); hidden."""

    name = "discard"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        side = fr["side"]
        cs = [Choice("keep", "Keep the rest")]
        cs += [Choice(f"drop:{c}", f"Discard {ed().cards[c].title} ({ed().cards[c].value})")
               for c in st["hands"][side]]
        return ask(st, side, "discard any cards kept from last turn", cs, rule="5.2",
                   kind="choose-card")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = fr["side"]
        if cid == "keep":
            pop(st)
            return
        card = cid.split(":", 1)[1]                 # drop:<card>
        take(st, side, card)
        discard_kept(st, side, card)
        if not st["hands"][side]:
            pop(st)


@proc
class FirstProc(Proc):
    """The fewest-VP player picks who is first in every round (5.3)."""

    name = "first"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        cs = [Choice(f"first:{s}", f"The {SIDE_NAMES[s]} player goes first")
              for s in live_sides(st)]
        return ask(st, fr["side"], "choose the first player of this turn", cs, rule="5.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = cid.split(":", 1)[1]                 # first:<side>
        slots = st["slots"]
        i = slots.index(side)
        st["order"] = slots[i:] + slots[:i]
        note(st, f"The {SIDE_NAMES[side]} player goes first this turn.", "5.3")
        pop(st)


@proc
class ActionProc(Proc):
    """Five rounds; each player active once a round, clockwise from the first (5.4).
    Before each activation anyone may play Desperate Times (7.4.1)."""

    name = "action"

    def auto(self, st: State, fr: Frame) -> bool:
        depth = len(st["stack"])
        between_actions(st)                              # 16.4: the Insurrection
        if len(st["stack"]) != depth:
            return True
        order = st["order"]
        if fr["idx"] >= len(order):
            fr["round"] += 1
            fr["idx"] = 0
            st["npa_used"] = []
            st["sieged"] = []
            st["flags"].pop("storms_at_sea", None)
            st["flags"].pop("unrest_raised", None)
            if fr["round"] > int(ed().scenarios["common"]["rounds"]):
                st["active_side"] = None
                pop(st)
                return True
        st["round"] = fr["round"]
        slot = order[fr["idx"]]
        if slot not in st["sides"]:                      # three players: the Gallic seat
            gallic_event(st)
            fr["idx"] += 1
            return True
        if slot in st["out_sides"]:
            fr["idx"] += 1
            return True
        if fr["stage"] == "dt":
            fr["stage"] = "act"
            if not fr.pop("after_dt", False):
                holders = [s for s in by_vp(st, descending=False) if st["dt"].get(s)]
                if holders:
                    push(st, "dt_window", holders=holders, at=0, before=slot)
            return True
        fr["stage"] = "dt"
        fr["idx"] += 1
        st["active_side"] = slot
        push(st, "active", side=slot, played=False)
        return True


@proc
class DTWindow(Proc):
    """Desperate Times before an activation: each holder, fewest VP first, may claim it; the
    first claimant (fewest VP, 7.4.2) plays (7.4.3) and the interrupted player follows."""

    name = "dt_window"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["at"] >= len(fr["holders"]):
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        side = fr["holders"][fr["at"]]
        cs = [Choice("no", "No Desperate Times now"),
              Choice("yes", f"Play Desperate Times ({st['dt'][side]} left)")]
        return ask(st, side, f"play Desperate Times before the {SIDE_NAMES[fr['before']]} "
                   "player's turn?", cs, rule="7.4.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = fr["holders"][fr["at"]]
        if cid == "no":
            fr["at"] += 1
            return
        pop(st)
        st["active_side"] = side
        push(st, "dt_action", side=side)


@proc
class DTOffer(Proc):
    """After round 5 each player in descending VP may play one Desperate Times (7.4.5)."""

    name = "dt_offer"

    def auto(self, st: State, fr: Frame) -> bool:
        if not st["dt"].get(fr["side"]) or fr["side"] in st["out_sides"]:
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        cs = [Choice("no", "No Desperate Times now"),
              Choice("yes", f"Play Desperate Times ({st['dt'][fr['side']]} left)")]
        return ask(st, fr["side"], "play Desperate Times after the fifth round?", cs,
                   rule="7.4.5")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        if cid == "yes":
            st["active_side"] = fr["side"]
            push(st, "dt_action", side=fr["side"])
