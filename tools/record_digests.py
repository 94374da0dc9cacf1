"""Re-record the 30 seeded 12.3 games of tests/hubris/test_speed_determinism.py (decisions,
choices digest, state hash) after a deliberate rules change that alters play; say why in
the commit:

    python tools/record_digests.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.engine.runner import play  # noqa: E402
from rules.engine.state import state_hash  # noqa: E402
from tests.hubris.test_speed_determinism import EXPECTED, SEATS, _digest  # noqa: E402

TEST = ROOT / "tests" / "hubris" / "test_speed_determinism.py"


def main() -> int:
    text = TEST.read_text()
    for seed in EXPECTED:
        out = play("hubris", "fourth-syrian-war", SEATS, seed)
        if out.error:
            print(f"seed {seed}: {out.error}")
            return 1
        row = (out.decisions, _digest(out.session.choices), state_hash(out.session.state)[:32])
        text = re.sub(rf"^    {seed}: \(.*\),$", f'    {seed}: ({row[0]}, "{row[1]}", "{row[2]}"),',
                      text, flags=re.M)
    TEST.write_text(text)
    print(f"{TEST.name}: {len(EXPECTED)} games re-recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
