"""Hubris bids as open auctions (2.2.7, 2.2.9, 3.5; ruling R7): the engine's auction in a
frame's ``auction`` key, its prompts (kind ``bid``) and the tie broken by a die (2.2.7, 3.5)."""

from __future__ import annotations

from typing import Any

from rules.engine import auction
from rules.engine.game import IllegalChoice, Prompt
from rules.engine.rng import pick

from . import core, names

State = dict[str, Any]


def begin(state: State, bidders: list[str], minimum: int) -> dict[str, Any]:
    """An auction among ``bidders`` (turn order), each capped by its Treasury; the first round
    sealed when the New Game option ``sealed_first_round`` is ``yes``."""
    sealed = state.get("meta", {}).get("options", {}).get("sealed_first_round") == "yes"
    return auction.start(bidders, minimum, {k: core.treasury(state, k) for k in bidders},
                         sealed_first=sealed)


def prompt(state: State, a: dict[str, Any], text: str, what: str, rule: str) -> Prompt | None:
    k = auction.current(a)
    if k is None:
        return None
    return Prompt(core.seat_of(state, k), text,
                  auction.choices(a, k), kind="bid", rule=rule,
                  context=auction.context(a, k, what, names.name))


def act(state: State, a: dict[str, Any], choice: str, rule: str) -> None:
    k = auction.current(a)
    try:
        line = auction.apply(a, choice, names.name)
    except ValueError as err:
        raise IllegalChoice(str(err)) from err
    core.note(state, line, rule, seat=core.seat_of(state, k) if k else None)


def winner(state: State, a: dict[str, Any], purpose: str, rule: str) -> str | None:
    """The highest bidder; a tie at the top by a die roll; None if nobody bid."""
    tied = sorted(auction.top(a))
    if len(tied) > 1:
        return pick(state, tied, purpose=f"{purpose}: tie between bids (die roll)", rule=rule,
                    show=names.name)
    return tied[0] if tied else None
