"""How often each seat wins: the engine of ``hegemon balance``.

Two measures, both over headless games (:func:`.runner.play`) on consecutive seeds:

* :func:`shares`: one table of seats (``bot`` everywhere, say); the share of games each
  seat wins. A fair game with equal players gives every seat about the same share.
* :func:`one_against_rest`: for every seat in turn, that seat played by one kind of player
  (``bot``) against the other kind (``random``) everywhere else; the share it wins. A
  strategy that is good for every side wins nearly all of them from every seat.

A game that fails (raises, dead-ends, reaches the step cap) counts as won by nobody and is
reported with its seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .runner import DEFAULT_STEP_CAP, play


@dataclass
class Tally:
    """Games played and won per seat, plus the seeds of games without a winner."""

    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    failed: list[int] = field(default_factory=list)
    seconds: float = 0.0

    def share(self, seat: str) -> float:
        return self.wins.get(seat, 0.0) / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": dict(self.wins), "failed": list(self.failed),
                "seconds": round(self.seconds, 1)}


def _count(tally: Tally, out) -> None:
    tally.games += 1
    tally.seconds += out.seconds
    winners = out.result.winners if out.result and not out.error else []
    if not winners:
        tally.failed.append(out.seed)
    for w in winners:                       # a shared win counts as a share
        tally.wins[w] = tally.wins.get(w, 0.0) + 1.0 / len(winners)


def shares(game_id: str, scenario: str, seats: dict[str, str], games: int, seed: int,
           options: dict[str, str] | None = None, step_cap: int = DEFAULT_STEP_CAP,
           progress: Callable[[int, Any], None] | None = None) -> Tally:
    """Play ``games`` games with ``seats`` on seeds ``seed``.. and count each seat's wins."""
    tally = Tally()
    for i in range(games):
        out = play(game_id, scenario, seats, seed + i, options, step_cap=step_cap)
        _count(tally, out)
        if progress:
            progress(i, out)
    return tally


def one_against_rest(game_id: str, scenario: str, one: str, rest: str, games: int, seed: int,
                     options: dict[str, str] | None = None, step_cap: int = DEFAULT_STEP_CAP,
                     progress: Callable[[int, Any], None] | None = None) -> dict[str, Tally]:
    """For every seat: ``games`` games with ``one`` in that seat and ``rest`` in the others
    (seeds ``seed``..; the same seeds for every seat)."""
    game = registry.get(game_id)
    playing = game.seats_for(game.scenario(scenario), options or {})
    out: dict[str, Tally] = {}
    for seat in playing:
        seats = {s: (one if s == seat else rest) for s in playing}
        out[seat] = shares(game_id, scenario, seats, games, seed, options, step_cap, progress)
    return out
