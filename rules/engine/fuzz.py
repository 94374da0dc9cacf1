"""``hegemon fuzz``: random legal play of every scenario, invariants checked after every choice.

``bots="bot"`` (the default) weights the random pick by each game's strategy
(:meth:`Game.bot_weights`): every legal choice keeps a positive weight, so all legal play
stays reachable, while games move toward their end as real games do; a game without a
strategy is uniform. ``bots="random"`` is uniform everywhere.

A failing game is saved (the choices up to the failure) so ``hegemon open``/``replay``
reproduces it: bots are stateless, so continuing from the save fails the same way.
"""

from __future__ import annotations

from pathlib import Path

from . import registry
from .runner import play

#: seat controllers the fuzz can play with
FUZZ_BOTS = ("bot", "random")


def fuzz(game_id: str | None = None, scenario: str | None = None, games: int = 20,
         seed: int = 1, out_dir: Path = Path("fuzz-failures"),
         step_cap: int = 200_000, echo=print, bots: str = "bot") -> int:
    """Run the fuzz; returns the number of failures (0 = clean) capped at 1 for exit status.

    ``bots``: ``bot`` (each game's strategy, every legal choice still possible) or
    ``random`` (uniform) in every seat."""
    if bots not in FUZZ_BOTS:
        raise ValueError(f"unknown bots '{bots}' (use {' or '.join(FUZZ_BOTS)})")
    targets = [registry.get(game_id)] if game_id else registry.available()
    total = failures = 0
    for game in targets:
        for info in game.scenarios():
            if scenario and info.id != scenario:
                continue
            if not info.playable:
                echo(f"{game.id}/{info.id}: skipped (set-up only; play not implemented yet)")
                continue
            seats = {s: bots for s in info.seats}
            for i in range(games):
                out = play(game.id, info.id, seats, seed + i, step_cap=step_cap,
                           check_invariants=True)
                total += 1
                if out.error:
                    failures += 1
                    path = out_dir / f"{game.id}-{info.id}-seed{seed + i}.json"
                    if out.session is not None:
                        out_dir.mkdir(parents=True, exist_ok=True)
                        out.session.save(path)
                    echo(f"FAIL {game.id}/{info.id} seed {seed + i} ({out.problem}) after "
                         f"{out.decisions} decisions: {out.error.splitlines()[0]}"
                         + (f" -> {path}" if out.session is not None else ""))
            echo(f"{game.id}/{info.id}: {games} games ({bots} seats)")
    echo(f"fuzz: {total} games, {failures} failures")
    return 1 if failures else 0
