"""Re-hash the save fixtures in tests/fixtures/saves/ after a change of wording only.

A log line is part of the state, so rewording one (names instead of ids, issue 11 §4)
changes every final-state hash while every game still plays the same choices. This replays
each fixture's choices (each must still be legal and the game must still end), and writes
the new hash into the file, nothing else. A rules change that alters play needs
``tools/record_fixtures.py`` instead; say which you ran, and why, in the commit.

    python tools/rehash_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.engine.session import Session
from rules.engine.state import state_hash

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "saves"


def main() -> int:
    for path in sorted(FIXTURES.glob("*.json")):
        text = path.read_text()
        data = json.loads(text)
        session = Session.new(data["game"], data["scenario"], data["seats"], data["options"],
                              data["seed"])
        for choice in data["choices"]:
            session.choose(choice)           # IllegalChoice: the rules changed, re-record
        if session.result() is None:
            print(f"{path.name}: the choices no longer reach the end: re-record it")
            return 1
        new = state_hash(session.state)
        if data.get("version", 1) != 1 or text.count(data["hash"]) != 1:
            print(f"{path.name}: not a format-1 fixture: re-record it")
            return 1
        path.write_text(text.replace(data["hash"], new))
        print(f"{path.name}: {data['hash'][:12]} -> {new[:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
