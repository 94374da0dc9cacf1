"""The optional VP bid for Kingdoms at set-up (2.1.6), New Game option ``kingdom_bid``.

The rule speaks of players distinct from Kingdoms; Hegemon's seats are named for the Kingdom
each was first given (ruling R70). With the option, before the first Turn the players bid
for the Kingdoms, one Kingdom at a time in the order Seleucids, Ptolemies, Macedon (the
player Kingdoms only):

1. each seat still without a Kingdom says whether it wants this one;
2. nobody: it goes to the seat named for it if free, else to the first free seat, at no
   cost; one: that seat takes it at no cost; two or more: an open auction in VPs among them
   (ruling R7's rounds, minimum 1 VP), "as for Mercenaries" (3.5); 2.1.6 sets no maximum:
   the only bound is :func:`max_bid`, every VP the map could give the Kingdom (the choices
   need an end); a tie at the top, or nobody bidding, goes to the highest die roll;
3. the Kingdom's ``seat`` becomes the winning seat, and it starts with Dynastic VPs less
   the bid (2.11.2);
4. when one seat is left it takes the last Kingdom unopposed.

Prompts and the hand-over curtain then name the seat a player sat down at; texts and the
log name the Kingdom he plays.
"""

from __future__ import annotations

from typing import Any

from rules.engine import auction
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.rng import roll
from rules.engine.state import frac, frac_str

from . import alignment, core
from .core import note
from .flow import pop, proc, push
from .names import name, the

State = dict[str, Any]
RULE = "2.1.6"
OPTION = "kingdom_bid"


def wanted(state: State) -> bool:
    return state.get("meta", {}).get("options", {}).get(OPTION) == "yes"


def start(state: State) -> None:
    """Push the bid when the option is on and it has not been held (once per game)."""
    if not wanted(state) or state.get("setup", {}).get("kingdom_bid_done"):
        return
    state["setup"]["kingdom_bid_done"] = True
    kingdoms = core.player_kingdoms(state)
    if len(kingdoms) < 2:
        return
    note(state, "The players bid Victory Points for the Kingdoms.", RULE)
    push(state, "kingdom-bid", todo=list(kingdoms), free=[state["kingdoms"][k]["seat"]
                                                          for k in kingdoms],
         wants=None, asked=[], auction=None)


def seat_label(seat: str) -> str:
    return f"{name(seat)} seat"


@proc("kingdom-bid")
class KingdomBid:
    def prompt(self, data, state, frame):
        if not frame["todo"]:
            return None
        k = frame["todo"][0]
        if frame["auction"] is not None:
            a = frame["auction"]
            bidder = auction.current(a)
            if bidder is None:
                return None
            return Prompt(bidder, f"VP bid for {the(k)}: how many VPs do you give up?",
                          auction.choices(a, bidder), kind="bid", rule=RULE,
                          context=auction.context(a, bidder, the(k), seat_label))
        if len(frame["free"]) <= 1:
            return None
        seat = next((s for s in frame["free"] if s not in frame["asked"]), None)
        if seat is None:
            return None
        return Prompt(seat, f"Player at the {seat_label(seat)}: do you want to play "
                            f"{the(k)}?",
                      [Choice("want", f"Yes: I want {the(k)}"),
                       Choice("not", f"No: leave {the(k)} to the others")],
                      kind="yes-no", rule=RULE)

    def apply(self, data, state, frame, choice):
        if frame["auction"] is not None:
            a = frame["auction"]
            who = auction.current(a)
            try:
                line = auction.apply(a, choice, seat_label)
            except ValueError as err:
                raise IllegalChoice(str(err)) from err
            note(state, line, RULE, seat=who)
            return
        seat = next(s for s in frame["free"] if s not in frame["asked"])
        frame["asked"].append(seat)
        if choice == "want":
            frame["wants"] = (frame["wants"] or []) + [seat]
        note(state, f"The {seat_label(seat)} " + ("wants" if choice == "want"
                                                  else "does not want")
             + f" {the(frame['todo'][0])}.", RULE, seat=seat)

    def run(self, data, state, frame):
        if not frame["todo"]:
            pop(state, frame)
            return
        k = frame["todo"][0]
        free = frame["free"]
        if frame["auction"] is not None:           # the auction is over
            a = frame["auction"]
            tied = sorted(auction.top(a)) or list(a["bidders"])
            bid = a["standing"]
            self._assign(data, state, frame, k, highest_roll(state, tied, k), bid)
            return
        if len(free) == 1:
            self._assign(data, state, frame, k, free[0], 0)
            return
        wants = frame["wants"] or []
        if len(wants) >= 2:
            sealed = state.get("meta", {}).get("options", {}).get("sealed_first_round") == "yes"
            frame["auction"] = auction.start(wants, 1, dict.fromkeys(wants,
                                                                 max_bid(data, state, k)),
                                             sealed_first=sealed, unit="VP")
            return
        seat = wants[0] if wants else (state["kingdoms"][k]["seat"]
                                       if state["kingdoms"][k]["seat"] in free else free[0])
        self._assign(data, state, frame, k, seat, 0)

    def _assign(self, data, state, frame, k, seat, bid):
        kd = state["kingdoms"][k]
        kd["seat"] = seat
        if bid:
            core.set_kingdom(state, k,
                             dynastic_vp=frac_str(frac(kd.get("dynastic_vp", "0")) - bid))
            alignment.refresh(data, state)
        note(state, f"The player at the {seat_label(seat)} plays {the(k)}"
                    + (f", giving up {bid} VP{'s' if bid > 1 else ''} (Dynastic VPs)."
                       if bid else "."), RULE, seat=seat)
        frame["free"].remove(seat)
        frame["todo"].pop(0)
        frame.update(wants=None, asked=[], auction=None)


def max_bid(data: Any, state: State, k: str) -> int:
    """The most VPs a seat may give up for ``k`` (2.1.6 names no limit): the Full Control
    VPs of every Satrapy in play for ``k`` (2.11.1), rounded down; a bid above it gives up
    more than the whole map could ever give the Kingdom."""
    total = sum(data.satrapies[s].vp.get(k, (0, 0))[1] for s in core.satrapies_in_play(state))
    return max(1, int(total))


def highest_roll(state: State, seats: list[str], k: str) -> str:
    """2.1.6: ties go to the highest die roll (rolled again among those tied)."""
    while len(seats) > 1:
        faces = roll(state, len(seats), purpose=f"VP bid for {the(k)}: tie ("
                     + ", ".join(seat_label(s) for s in seats) + ")", rule=RULE)
        best = max(faces)
        seats = [s for s, f in zip(seats, faces, strict=True) if f == best]
    return seats[0]
