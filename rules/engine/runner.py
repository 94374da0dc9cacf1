"""Headless games to the end: the engine of ``hegemon play`` and ``hegemon fuzz``."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from .game import Result
from .session import Session

DEFAULT_STEP_CAP = 200_000


@dataclass
class Outcome:
    """How one headless game went. ``error`` is set when it raised, dead-ended or hit the cap."""

    game: str
    scenario: str
    seed: int
    seats: dict[str, str]
    decisions: int = 0
    seconds: float = 0.0
    result: Result | None = None
    error: str = ""
    problem: str = ""           # "raised" | "dead-end" | "step-cap" | "invariant"
    session: Session | None = field(default=None, repr=False)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "scenario": self.scenario, "seed": self.seed,
                               "seats": self.seats, "decisions": self.decisions,
                               "seconds": round(self.seconds, 4),
                               "result": self.result.as_dict() if self.result else None}
        if self.error:
            out["error"] = self.error
            out["problem"] = self.problem
        return out


def play(game_id: str, scenario: str, seats: dict[str, str], seed: int,
         options: dict[str, str] | None = None, *, step_cap: int = DEFAULT_STEP_CAP,
         check_invariants: bool = False) -> Outcome:
    """Play one game with bots in every seat until it has a result (or fails)."""
    out = Outcome(game_id, scenario, seed, dict(seats))
    start = time.perf_counter()
    try:
        session = Session.new(game_id, scenario, seats, options or {}, seed, undo=False)
        out.session = session
        game = session.game
        while True:
            if check_invariants:
                broken = game.invariants(session.state)
                if broken:
                    out.problem, out.error = "invariant", "; ".join(broken[:5])
                    break
            result = session.result()
            if result is not None:
                out.result = result
                break
            prompt = session.prompt()
            if prompt is None or not prompt.choices:
                out.problem = "dead-end"
                out.error = "no legal choice and no result"
                if prompt:
                    out.error += f" ({prompt.text})"
                break
            if out.decisions >= step_cap:
                out.problem, out.error = "step-cap", f"no result after {step_cap} decisions"
                break
            session.bot_step()
            out.decisions += 1
    except Exception as exc:  # reported, with the save that reproduces it
        out.problem = "raised"
        out.error = f"{type(exc).__name__}: {exc}"
        out.error += "\n" + traceback.format_exc(limit=-3)
    out.seconds = time.perf_counter() - start
    return out
