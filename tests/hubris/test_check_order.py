"""The checks before every step (``flow.SETTLE``) run in one fixed order, whatever order
their modules were imported in: the GUI imports ``victory`` and ``rome`` before the rules'
entry point, tests import single modules, and a different order played some games
differently (a save made by one process then failed to replay in another)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.engine.state import state_hash
from rules.hubris import flow, tables
from rules.hubris.play import prepare

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "saves" / "hubris--last-glimmers.json"
PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
from rules.hubris import flow, play
print(",".join(flow.check_name(c) for c in flow.SETTLE))
"""
FIRSTS = [[], ["rules.hubris.victory", "rules.hubris.rome"],
          ["rules.hubris.two_player", "rules.hubris.minors", "rules.hubris.rebels",
           "rules.hubris.capitals", "rules.hubris.courts", "rules.hubris.solitaire"]]


@pytest.mark.parametrize("first", FIRSTS, ids=["play-first", "gui-panels-first", "reversed"])
def test_the_checks_run_in_one_order_whatever_was_imported_first(first):
    out = subprocess.run([sys.executable, "-c", PROBE, *first], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out.split(",") == list(flow.CHECK_ORDER)


def test_a_check_without_a_place_in_the_order_is_refused():
    def stray(data, state):
        return None

    with pytest.raises(ValueError, match="no place in flow.CHECK_ORDER"):
        flow.add_check(flow.Check(stray))


def test_a_game_replays_the_same_after_modules_were_imported_in_another_order():
    """The game that showed it: Last Glimmers' recorded game, replayed in a process where the
    other checks' modules were imported before the Capitals' (it replays in any order now)."""
    script = (f"import rules.hubris.minors, rules.hubris.rebels\n"
              f"from rules.engine.session import Session\n"
              f"Session.load({str(FIXTURE)!r}, verify='full')\nprint('ok')\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-500:]
    assert state_hash(Session.load(FIXTURE, verify="full").state)


@pytest.mark.parametrize("scenario, options, expected", [
    ("fourth-syrian-war", {}, {"courts.elite_swaps", "minors.settle", "rome_surrender.settle",
                               "solitaire.settle", "solitaire.settle_eumenes",
                               "two_player.settle"}),      # no Minors, no Rome (12.3)
    ("new-hopes", {"players": "2"}, {"solitaire.settle_eumenes", "solitaire.settle"}),
    ("antiochos-hubris", {}, {"courts.elite_swaps", "two_player.settle"}),
])
def test_the_checks_that_apply_are_asked_once_and_kept_as_upkeep(scenario, options, expected):
    """``Check.applies`` reads facts of the set-up: the names of the checks that apply are
    kept under the upkeep key ``tables.APPLYING`` (out of hashes and saves) and found again,
    the same, on a state without it (a loaded save)."""
    state = prepare(Session.new("hubris", scenario, {}, options, 1).state)
    names = state[tables.APPLYING]
    assert names == [n for n in flow.CHECK_ORDER if n in names]        # in their order
    assert set(flow.CHECK_ORDER) - set(names) == expected             # the others left out
    before = state_hash(state)
    del state[tables.APPLYING]
    assert state_hash(state) == before
    assert [flow.check_name(c) for c in flow.applying(state)] == names
