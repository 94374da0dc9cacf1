"""Plain-data game state: the keys the engine owns, the log, the out-of-turn queue, hashing.

Engine-owned keys of every state (games own all other keys):

``meta``   {game, scenario, seats, options, seed}
``rng``    the seeded generator (:mod:`rules.engine.rng`)
``log``    list of entries {n, text, rule, kind, seat?, where?}
``queue``  out-of-turn prompts waiting, oldest first: {seat, proc, ...game data}
``commit`` a counter bumped at every commit point (roll, draw, reveal); undo stops there
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from typing import Any

from .logbook import log  # re-exported: games import it from here
from .rng import seed_state

# json is imported where used: a game starts without it

State = dict[str, Any]


def new_state(game: str, scenario: str, seats: list[str], options: dict[str, str],
              seed: int) -> State:
    """A state holding only the engine's keys; the game adds its own."""
    return {
        "meta": {"game": game, "scenario": scenario, "seats": list(seats),
                 "options": dict(options), "seed": int(seed)},
        "rng": seed_state(seed),
        "log": [],
        "queue": [],
        "commit": 0,
    }


def commit(state: State, reason: str, rule: str = "") -> None:
    """Mark a commit point (a card drawn or revealed ...): undo cannot go back past it."""
    state["commit"] = state.get("commit", 0) + 1
    log(state, reason, rule=rule, kind="commit")


def ask(state: State, seat: str, proc: str, **data: Any) -> None:
    """Queue an out-of-turn decision for ``seat`` (served before the normal flow)."""
    state["queue"].append({"seat": seat, "proc": proc, **data})


def pending(state: State) -> dict[str, Any] | None:
    """The oldest queued out-of-turn decision, if any."""
    return state["queue"][0] if state["queue"] else None


def done_pending(state: State) -> dict[str, Any]:
    """Remove and return the oldest queued decision."""
    return state["queue"].pop(0)


def frac(value: str | int | Fraction) -> Fraction:
    """Read a Fraction stored in state as a string such as ``"7/2"``."""
    return Fraction(value)


def frac_str(value: Fraction | int) -> str:
    """Store a Fraction in state (JSON has no fractions)."""
    return str(value if isinstance(value, Fraction) else Fraction(value))


def canonical(state: State) -> bytes:
    """The canonical JSON bytes of a state (sorted keys, no spaces).

    A top-level key that begins with ``_`` is upkeep: it tells what the rules may skip, never
    where the game stands, so it is left out here, and with it out of every hash and save (a
    game saved by a version without that key replays to the same hash)."""
    if any(k.startswith("_") for k in state):
        state = {k: v for k, v in state.items() if not k.startswith("_")}
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def state_hash(state: State) -> str:
    """SHA-256 of the canonical JSON: same scenario + seed + choices => same hash."""
    return hashlib.sha256(canonical(state)).hexdigest()
