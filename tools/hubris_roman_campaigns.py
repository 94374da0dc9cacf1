"""Count Roman Campaigns by the Target's region over seeded random-seat Hubris games.

Usage: PYTHONPATH=<tree> python tools/hubris_roman_campaigns.py SCENARIO TURNS GAMES [SEED]
Same games as `play --game hubris --scenario S --seats random,random,random --seed SEED
--games N --option turns=T` (seed SEED+i for game i).
"""
import collections
import json
import sys

from rules.engine.runner import play
from rules.hubris.mapdata import load_map

scen, turns, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
seed0 = int(sys.argv[4]) if len(sys.argv) > 4 else 1
md = load_map()
by_region = collections.Counter()
wars = collections.Counter()
per_game = []
for i in range(games):
    out = play("hubris", scen, dict.fromkeys(["macedon", "ptolemies", "seleucids"], "random"),
               seed0 + i, {"turns": turns})
    log = out.session.state["log"]
    n_am = 0
    for e in log:
        t = e.get("text", "")
        if t.startswith("Roman Campaign against"):
            regs = md.satrapies[e["where"]].regions
            reg = "asia-minor" if "asia-minor" in regs else "europe" if "europe" in regs \
                else regs[0]
            by_region[reg] += 1
            n_am += reg == "asia-minor"
        if t.startswith("Rome declares War on"):
            wars[t.split(":")[0].removeprefix("Rome declares War on ")] += 1
    per_game.append(n_am)
    print(i + seed0, out.result.as_dict().get("reason") if out.result else out.error[:80],
          n_am, file=sys.stderr)
print(json.dumps({"campaigns_by_region": by_region, "wars_declared": wars,
                  "asia_minor_per_game": per_game}, default=dict))
