"""Re-record the finished-game save fixtures in tests/fixtures/saves/.

Each fixture is a random-seat game (Mare Nostrum: `bot` seats) of an implemented scenario
played to its end, written as
a version-1 save (choices and final hash, no snapshot: docs/SAVES.md);
tests/test_fixture_saves.py replays each to the same hash. Re-record only
deliberately (a rules change that alters play), and say why in the commit:

    python tools/record_fixtures.py            # every playable scenario
    python tools/record_fixtures.py hubris     # one game
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.engine import registry
from rules.engine.runner import play

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "saves"
SEED = 7
#: extra fixtures: (game, scenario, seed, file suffix); seed 103 gives the longest 12.3 game
#: of seeds 1-200, the one the saves bench and the determinism test use
EXTRA = [("hubris", "fourth-syrian-war", 103, "--longest")]


#: games whose fixtures are played by the game's `bot` seats. Mare Nostrum: five random
#: empires rarely reach the VP target since one ATTACK fights one round per hex (9.2); their
#: games mostly end by the stalemate ruling R-15-2, while bot seats play to a VP victory
BOT_SEATS = {"mare-nostrum"}


def record(game_id: str, scenario: str, seats: tuple[str, ...], seed: int,
           suffix: str = "") -> bool:
    """Play one random game (`bot` seats for :data:`BOT_SEATS`) to its end and write it as a
    version-1 fixture."""
    kind = "bot" if game_id in BOT_SEATS else "random"
    out = play(game_id, scenario, {s: kind for s in seats}, seed)
    if out.error or out.session is None:
        print(f"{game_id}/{scenario}: FAILED {out.error}")
        return False
    path = OUT / f"{game_id}--{scenario}{suffix}.json"
    record = out.session.to_save()
    keep = ("format", "game", "scenario", "options", "seats", "seed", "choices", "hash")
    fixture = {"version": 1, **{k: record[k] for k in keep}}
    fixture = {k: fixture[k] for k in ("format", "version", *keep[1:])}
    path.write_text(json.dumps(fixture, separators=(",", ":")))
    print(f"{path.name}: {out.decisions} decisions, {out.result.reason}")
    return True


def main(argv: list[str]) -> int:
    games = [registry.get(g) for g in (argv or registry.KNOWN)]
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games:
        for info in game.scenarios():
            if not info.playable:
                continue
            if not record(game.id, info.id, info.seats, SEED):
                return 1
        for game_id, scenario, seed, suffix in EXTRA:
            if game_id == game.id:
                record(game_id, scenario, game.scenario(scenario).seats, seed, suffix)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
