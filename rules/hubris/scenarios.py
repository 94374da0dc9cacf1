"""The seven scenarios of section 12, loaded from scenarios.yaml and checked against the map.

Every record (scenario, court line, alignment line, unit line, printed figures ...) carries
``source:``; :func:`load_scenarios` validates them and every id they name, once per process.
"""

# no ``from __future__ import annotations``: NamedTuple would compile each string annotation
# into a ForwardRef at every start; these evaluate cheaply as they stand

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from rules.engine.data import DataError, LineDict, cached_derived, load_yaml, require, source_kind
from rules.engine.game import Option, Scenario
from rules.engine.registry import asset_dir

from .mapdata import KINGDOMS, MapData, field_sources, load_map

POWERS = (*KINGDOMS, "rome", "rebel")
SCENARIO_IDS = (
    "new-hopes",
    "seleucid-thunderbolt",
    "fourth-syrian-war",
    "antiochos-the-great",
    "antiochos-hubris",
    "dance-of-ares",
    "last-glimmers",
)


class ScenarioData(NamedTuple):
    path: Path
    records: dict[str, LineDict]  # scenario id -> raw validated record
    source_counts: Counter[str]

    def get(self, scenario_id: str) -> LineDict:
        if scenario_id not in self.records:
            raise KeyError(
                f"hubris has no scenario '{scenario_id}' (known: {', '.join(self.records)})"
            )
        return self.records[scenario_id]


def _walk_sources(node: Any, counts: Counter[str]) -> None:
    """Count the ``source:`` of every mapping that has one (and check its ``sources:``)."""
    if isinstance(node, LineDict):
        if "source" in node:
            counts[source_kind(node)] += 1
            field_sources(node)
        for value in node.values():
            _walk_sources(value, counts)
    elif isinstance(node, list):
        for item in node:
            _walk_sources(item, counts)


def _need_source(node: Any) -> None:
    if isinstance(node, LineDict) and "source" not in node:
        raise node.error(None, "record without 'source:'")


def _check_alignment(line: LineDict, md: MapData) -> None:
    _need_source(line)
    power = require(line, "power", str)
    if power not in POWERS:
        raise line.error("power", f"unknown power '{power}'")
    if power == "rebel":
        require(line, "rebel", str)
    sat = require(line, "satrapy", str)
    if sat not in md.satrapies:
        raise line.error("satrapy", f"unknown satrapy '{sat}'")
    if "all" in line:
        if require(line, "all", str) not in ("default", "garrison", "alliance"):
            raise line.error("all", "all: default | garrison | alliance")
    for marker in ("garrison", "alliance"):
        for pid in require(line, marker, list, optional=True, default=[]):
            if pid not in md.places:
                raise line.error(marker, f"unknown place '{pid}'")
            place = md.places[pid]
            if place.satrapy != sat:
                raise line.error(marker, f"{pid} is in {place.satrapy}, not {sat}")
            if marker == "garrison" and place.kind == "tribe":
                raise line.error(marker, f"{pid} is a Tribe: no Garrison (2.5.4)")
            if (
                marker == "alliance"
                and place.kind == "city"
                and place.status == "subject"
                and power != "rome"
            ):
                raise line.error(marker, f"{pid} is a Subject City: no Kingdom Alliance (2.5.4)")


def _check_scenario(rec: LineDict, md: MapData) -> None:
    _need_source(rec)
    sid = require(rec, "id", str)
    seats = require(rec, "seats", list)
    for seat in seats:
        if seat not in KINGDOMS:
            raise rec.error("seats", f"'{seat}' is not a kingdom")
    kingdoms = require(rec, "kingdoms", dict)
    if set(kingdoms) != set(seats):
        raise rec.error("kingdoms", f"{sid}: kingdoms must be exactly the seats {seats}")
    for block in kingdoms.values():
        require(block, "treasury", int)
        for line in require(block, "court", list):
            _need_source(line)
            require(line, "leader", str)
        printed = require(block, "printed", dict)
        _need_source(printed)
        for s in printed.get("controlled", []):
            if s not in md.satrapies:
                raise printed.error("controlled", f"unknown satrapy '{s}'")
    for line in require(rec, "alignments", list):
        _check_alignment(line, md)
    fill = require(rec, "default_fill", dict)
    _need_source(fill)
    for k, sats in fill.items():
        if k == "source":
            continue
        if k not in KINGDOMS:
            raise fill.error(k, f"'{k}' is not a kingdom")
        for s in sats:
            if s not in md.satrapies:
                raise fill.error(k, f"unknown satrapy '{s}'")
    where = set(md.satrapies) | set(md.seas) | {"banner", "offmap", "spw", "out-of-play", "removed"}
    for line in require(rec, "units", list):
        _need_source(line)
        if "unit" in line and require(line, "location", str) not in where:
            raise line.error("location", f"unknown location '{line['location']}'")
    for line in rec.get("wars", []):
        _need_source(line)


def parse_scenarios(path: Path, md: MapData) -> ScenarioData:
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        raise DataError(path, None, None, "expected a mapping at the top")
    records: dict[str, LineDict] = {}
    for rec in require(raw, "scenarios", list):
        _check_scenario(rec, md)
        if rec["id"] in records:
            raise rec.error("id", f"duplicate scenario '{rec['id']}'")
        records[rec["id"]] = rec
    counts: Counter[str] = Counter()
    _walk_sources(raw, counts)
    return ScenarioData(path, records, counts)


@cache
def load_scenarios(path: str | None = None) -> ScenarioData:
    """scenarios.yaml (or ``path``), validated against the map, loaded once per process.

    The validated records are cached under the SHA-256 of this file, the map and the code
    that checks them (:func:`rules.engine.data.cached_derived`); any edit checks them again.
    """
    p = Path(path) if path else asset_dir("hubris") / "scenarios.yaml"
    here = Path(__file__).parent

    def build() -> tuple[dict[str, LineDict], dict[str, int]]:
        data = parse_scenarios(p, load_map())
        return data.records, dict(data.source_counts)

    records, counts = cached_derived(
        "hubris-scenarios",
        [p, asset_dir("hubris") / "map.yaml", Path(__file__), here / "mapdata.py"], build)
    return ScenarioData(p, records, Counter(counts))


#: scenarios whose play is implemented end to end; the others show their set-up only
PLAYABLE = frozenset({"fourth-syrian-war", "new-hopes", "seleucid-thunderbolt",
                      "antiochos-the-great", "last-glimmers", "antiochos-hubris",
                      "dance-of-ares"})
#: 12.0: a scenario may be played for any number of Turns, up to the last Turn of the game
#: (Turn 11, 9.3); the three-Kingdom scenarios offer every length after their recommended
#: ones (12.3, 12.5 and 12.6 have victory conditions made for their one length)
ANY_LENGTH = frozenset({"new-hopes", "seleucid-thunderbolt", "antiochos-the-great",
                        "last-glimmers"})
LAST_TURN = 11


def lengths(rec: dict[str, Any]) -> list[int]:
    """The lengths a scenario offers: its recommended ones first (the first is the default),
    then, where 12.0 allows, every other length up to the end of Turn 11."""
    recommended = [int(n) for n in rec.get("lengths", [])]
    if rec["id"] not in ANY_LENGTH:
        return recommended
    longest = LAST_TURN - int(rec["start_turn"]) + 1
    return recommended + [n for n in range(1, longest + 1) if n not in recommended]


#: section 10: every three-Kingdom scenario may be played by two, Macedon run by the rules
PLAYERS_OPTION = Option(
    "players", "Players", default="3", choices=("3", "2"),
    help="3: Macedon, the Ptolemies and the Seleucids; 2: the two-player game of section 10, "
         "the Ptolemies and the Seleucids against a Non-Player Macedon the program runs.")
#: the seats of the two-player game (10.0), in list order
TWO_PLAYER_SEATS = ("ptolemies", "seleucids")


def two_player_ok(rec: LineDict) -> bool:
    """A three-Kingdom scenario (10.0: 'every 3-player scenario')."""
    return bool(rec.get("two_player")) and len(rec["seats"]) == 3


def menu_entries() -> list[Scenario]:
    """The New Game menu entries (engine :class:`Scenario`), a new list each call."""
    return list(_menu())


@cache
def _menu() -> tuple[Scenario, ...]:
    """The menu entries, made once per process as :func:`load_scenarios` is loaded once
    (every new game looks its scenario up in them)."""
    return tuple(_menu_entries(load_scenarios()))


def _menu_entries(data: ScenarioData) -> list[Scenario]:
    out = []
    for rec in data.records.values():
        out.append(
            Scenario(
                id=rec["id"],
                title=f"{rec['section']} {rec['title']}",
                year=rec["year"],
                seats=tuple(rec["seats"]),
                blurb=rec.get("blurb", ""),
                lengths=tuple(str(n) for n in lengths(rec)) if len(lengths(rec)) > 1 else (),
                recommended=tuple(str(n) for n in rec.get("lengths", []))
                if rec["id"] in ANY_LENGTH else (),
                options=(PLAYERS_OPTION,) if two_player_ok(rec) else (),
                playable=rec["id"] in PLAYABLE,
            )
        )
    return out
