"""Re-record the finished-game save fixtures in tests/fixtures/saves/.

Each fixture is a random-bot game of an implemented scenario played to its end, written as
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


def main(argv: list[str]) -> int:
    games = [registry.get(g) for g in (argv or registry.KNOWN)]
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games:
        for info in game.scenarios():
            if not info.playable:
                continue
            out = play(game.id, info.id, {s: "random" for s in info.seats}, SEED)
            if out.error or out.session is None:
                print(f"{game.id}/{info.id}: FAILED {out.error}")
                return 1
            path = OUT / f"{game.id}--{info.id}.json"
            record = out.session.to_save()
            keep = ("format", "game", "scenario", "options", "seats", "seed", "choices",
                    "hash")
            fixture = {"version": 1, **{k: record[k] for k in keep}}
            fixture = {k: fixture[k] for k in ("format", "version", *keep[1:])}
            path.write_text(json.dumps(fixture, separators=(",", ":")))
            print(f"{path.name}: {out.decisions} decisions, {out.result.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
