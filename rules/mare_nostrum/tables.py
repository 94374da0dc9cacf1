"""The printed charts of Mare Nostrum, loaded from ``assets/mare-nostrum/tables.yaml`` and
``setups.yaml`` (Development Chart, Cost Table, Merchandise Control Chart, tracks, pools)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from rules.engine import data as engine_data
from rules.engine.data import (
    DataError,
    LineDict,
    cached_derived,
    load_yaml,
    require,
    source_kind,
)
from rules.engine.registry import asset_dir

ROWS = ("military", "fleet", "economy", "culture")
EMPIRES = ("rome", "carthage", "greece", "persia", "egypt")
LUXURY, SUPPLY = "luxury", "supply"
GOLDEN = 6                       # the Golden Age box counts as "phase 6" in our tables


class Condition(NamedTuple):
    """What an empire needs to enter ``phase`` of ``row`` (9.6)."""

    row: str
    phase: int
    merch: tuple[str, ...] = ()
    luxuries: int = 0
    rows: tuple[tuple[str, int], ...] = ()
    source: str = ""


class Tables(NamedTuple):
    """Every number the rules read; indexes by phase run 0 (before Phase I) .. 6 (Golden Age)."""

    merch_class: dict[str, str]
    merch_values: dict[str, tuple[int, ...]]
    legions_per_post: int
    boxes: dict[str, tuple[int, ...]]
    box_phase: dict[str, tuple[int, ...]]
    phase_names: dict[str, dict[int, str]]
    conditions: tuple[Condition, ...]
    units: dict[str, Any]
    economy_bonus: tuple[int, ...]
    culture_cv: tuple[int, ...]
    costs: dict[str, Any]
    stab_min: int
    stab_max: int
    stab_bands: tuple[tuple[int, int, int], ...]
    stab_refusal: int
    stab_refusal_rome: int
    stab_capital: int
    dark_laurels: tuple[int, ...]
    light_laurels: tuple[int, ...]
    actions_per_player: int
    per_player_same: int
    action_limits: dict[int, int]
    armistice_turns: int
    pools: dict[str, dict[str, int]]
    setups: dict[str, dict[str, Any]]
    setup_order: tuple[str, ...]

    # ---- lookups -----------------------------------------------------------------------
    def cost(self, what: str, phase: int = 0) -> int:
        rec = self.costs[what]
        return int(rec["values"][phase]) if "values" in rec else int(rec["value"])

    def unit(self, what: str, phase: int = 0) -> int:
        rec = self.units[what]
        return int(rec["values"][phase]) if "values" in rec else int(rec["value"])

    def merch_value(self, merch: str, count: int) -> int:
        if count <= 0:
            return 0
        values = self.merch_values[merch]
        return values[min(count, len(values)) - 1]

    def merch_boxes(self, merch: str) -> int:
        """Boxes in a Merchandise Control Chart row: the most hexes of one type (ch.16)."""
        return len(self.merch_values[merch])

    def stability_cv(self, level: int) -> int:
        for low, high, cv in self.stab_bands:
            if low <= level <= high:
                return cv
        return 0

    def action_limit(self, active: int) -> int:
        if active in self.action_limits:
            return self.action_limits[active]
        return self.action_limits[min(self.action_limits, key=lambda k: abs(k - active))]


def _values(rec: LineDict, key: str = "values") -> tuple[int, ...]:
    vals = require(rec, key, list)
    for v in vals:
        if not isinstance(v, int) or isinstance(v, bool):
            raise rec.error(key, f"expected whole numbers, got {v!r}")
    return tuple(vals)


def _leaf_sources(node: Any) -> None:
    """Every mapping that holds data values must carry a valid ``source:``."""
    if isinstance(node, LineDict):
        if "source" in node:
            source_kind(node)
        for value in node.values():
            _leaf_sources(value)
    elif isinstance(node, list):
        for value in node:
            _leaf_sources(value)


def load_tables(folder: Path | None = None) -> Tables:
    """Read and check both data files; a broken value names file, line and key."""
    base = folder or asset_dir("mare-nostrum")
    t = load_yaml(base / "tables.yaml")
    s = load_yaml(base / "setups.yaml")
    _leaf_sources(t)
    _leaf_sources(s)
    merch = require(t, "merchandise", dict)
    merch_class, merch_values = {}, {}
    for name, rec in merch.items():
        source_kind(rec)
        cls = require(rec, "class", str)
        if cls not in ("supply", "luxury", "normal"):
            raise rec.error("class", f"unknown merchandise class '{cls}'")
        merch_class[name] = cls
        merch_values[name] = _values(rec)
    dev = require(t, "development", dict)
    boxes, box_phase, names = {}, {}, {}
    for row in ROWS:
        rec = require(dev, row, dict)
        source_kind(rec)
        boxes[row] = _values(rec, "boxes")
        box_phase[row] = _values(rec, "phases")
        if len(boxes[row]) != len(box_phase[row]):
            raise rec.error("phases", "needs one phase per box")
        if box_phase[row][-1] != GOLDEN:
            raise rec.error("phases", "the last box must be the Golden Age (6)")
        names[row] = {int(k): str(v) for k, v in require(rec, "names", dict).items()}
    conds = []
    for rec in require(t, "conditions", list):
        source_kind(rec)
        row = require(rec, "row", str)
        if row not in ROWS:
            raise rec.error("row", f"unknown row '{row}'")
        needs_row = require(rec, "needs_row", dict, optional=True, default={})
        conds.append(Condition(row, require(rec, "phase", int),
                               tuple(require(rec, "needs_merch", list, optional=True, default=[])),
                               require(rec, "needs_luxuries", int, optional=True, default=0),
                               tuple(sorted(needs_row.items())), rec["source"]))
    for c in conds:
        for m in c.merch:
            if m not in merch_class:
                raise DataError(base / "tables.yaml", None, "conditions",
                                f"unknown merchandise {m}")
    stab = require(t, "stability", dict)
    bands = tuple(tuple(b) for b in require(require(stab, "combat", dict), "bands", list))
    control = require(t, "control", dict)
    actions = require(t, "actions", dict)
    limits = require(actions, "limits", dict)
    pools = {}
    for emp, rec in require(t, "pools", dict).items():
        source_kind(rec)
        pools[emp] = {k: int(v) for k, v in rec.items() if k != "source"}
    setups = {}
    for emp, rec in require(s, "empires", dict).items():
        source_kind(rec)
        for key in ("capital", "legions", "ships", "trade_posts", "talents", "stability"):
            require(rec, key, str if key == "capital" else int)
        setups[emp] = dict(rec)
    for emp in EMPIRES:
        if emp not in pools or emp not in setups:
            raise DataError(base, None, emp, "every empire needs a pool and a setup")
    return Tables(
        merch_class=merch_class, merch_values=merch_values,
        legions_per_post=int(
            require(require(t, "supply", dict), "legions_per_post", dict)["value"]),
        boxes=boxes, box_phase=box_phase, phase_names=names, conditions=tuple(conds),
        units=dict(require(t, "units", dict)),
        economy_bonus=_values(require(t, "economy_bonus", dict)),
        culture_cv=_values(require(t, "culture_cv", dict)),
        costs=dict(require(t, "costs", dict)),
        stab_min=require(require(stab, "min", dict), "value", int),
        stab_max=require(require(stab, "max", dict), "value", int),
        stab_bands=bands,  # type: ignore[arg-type]
        stab_refusal=require(require(stab, "armistice_refusal", dict), "value", int),
        stab_refusal_rome=require(require(stab, "armistice_refusal_rome", dict), "value", int),
        stab_capital=require(require(stab, "capital_conquered", dict), "value", int),
        dark_laurels=_values(require(control, "dark_laurels", dict)),
        light_laurels=_values(require(control, "light_laurels", dict)),
        actions_per_player=require(require(actions, "per_player_cycle", dict), "value", int),
        per_player_same=require(require(actions, "per_player_same", dict), "value", int),
        action_limits={int(k): int(v) for k, v in require(limits, "values", dict).items()},
        armistice_turns=require(require(actions, "armistice_turns", dict), "value", int),
        pools=pools, setups=setups,
        setup_order=tuple(require(s, "setup_order", list)),
    )


def _plain_tables() -> tuple:
    """:func:`load_tables` as plain data (it raises for a broken file: nothing is cached)."""
    t = load_tables()
    return tuple(tuple(tuple(c) for c in t.conditions) if f == "conditions" else v
                 for f, v in zip(Tables._fields, t, strict=True))


@lru_cache(maxsize=1)
def default_tables() -> Tables:
    """The game's tables, read and checked once; kept as plain data between runs
    (:func:`rules.engine.data.cached_derived`, keyed on both data files and the code that
    reads and checks them: an edited file or check is read and checked again)."""
    base = asset_dir("mare-nostrum")
    plain = cached_derived("mare-nostrum-tables",
                           [base / "tables.yaml", base / "setups.yaml", Path(__file__),
                            Path(engine_data.__file__)], _plain_tables)
    fields = dict(zip(Tables._fields, plain, strict=True))
    fields["conditions"] = tuple(Condition(*c) for c in fields["conditions"])
    return Tables(**fields)
