"""Mare Nostrum (History of the Ancient Seas III): the Game seam.

A turn (ch.5): income and armistice tracks (6, 9.8), turn order (7), action cycle (8, 9),
victory check (15), fleet maintenance and supply (10): :mod:`.sequence`, the procedures
of the engine's stack (``rules/engine/procs.py``).
"""

from __future__ import annotations

import functools
from typing import Any

from rules.engine.data import load_yaml, source_kind
from rules.engine.game import Choice, Game, Option, Prompt, Result, Scenario
from rules.engine.names import count
from rules.engine.registry import asset_dir
from rules.engine.state import new_state

from . import action_cycle
from .board import check_board, load_board, load_map_data
from .bot import NearMerchandise, weights
from .context import DERIVED_INPUTS, KEPT_PROMPT, State, active, fingerprint, log
from .geography import MapData
from .invariants import check_invariants
from .names import PHASE_NAMES
from .pieces import BASE, OWNED, SHARED
from .search_hooks import evaluate
from .sequence import choose, drive, prompt_of, start_turn
from .setup import empire_record, set_up
from .tables import EMPIRES, ROWS, Tables, default_tables, load_tables
from .victory import result

SCENARIOS = {"standard": 10, "mid": 9, "short": 8}

OPTIONS = (
    Option("17.1", "17.1 Pay 100 Talents to lower an opponent's stability",
           help="PAY FOR STABILITY may instead move an opponent one box left."),
    Option("17.2", "17.2 Fifth column: lost conditions undo development",
           help="Development cubes fall back when a required merchandise is lost."),
    Option("17.3", "17.3 +1 stability for each province won"),
    Option("17.4", "17.4 Greek ships cannot create trade posts"),
    Option("17.5", "17.5 Leaders", help="Each empire has a Leader: +2 CV in its hex, 6 MP "
           "on land, never eliminated."),
    Option("17.6", "17.6 Turn-order draft", help="In ch.7 order each empire picks its position."),
    Option("17.7", "17.7 Double trade posts from Manufacturing"),
    Option("17.8", "17.8 Light laurels on the Control Track", help="Territorial VPs come sooner."),
    Option("17.9", "17.9 Spartacus", help="Once per game Rome's opponents may raise "
           "Spartacus in Samnium, Etruria, Lucania or Apulia."),
    Option("victory_after_upkeep", "Ruling: check victory after maintenance and supply",
           help="Default follows the phase list of ch.5 (victory first)."),
    Option("takeover_same_attack", "Ruling: take over a trade post in the same ATTACK "
           "that cleared its garrison"),
)


class MareNostrum(Game):
    """The five empires of the ancient seas; no dice, no cards."""

    id = "mare-nostrum"
    title = "Mare Nostrum: History of the Ancient Seas III"
    hidden_information = False
    search_horizon = 10         # a turn is hundreds of decisions: score a playout early
    map_kind = "hexes"

    def __init__(self, board: MapData | None = None, tables: Tables | None = None) -> None:
        self._map = board
        self._tables = tables

    # ---- data ------------------------------------------------------------------------------
    @functools.cached_property
    def tables(self) -> Tables:
        return self._tables if self._tables is not None else default_tables()

    @functools.cached_property
    def map(self) -> MapData:
        return self._map if self._map is not None else load_map_data()

    @functools.cached_property
    def near_merchandise(self) -> NearMerchandise:
        """The bot's reading of the static map: merchandise hexes near every hex."""
        return NearMerchandise(self.map)

    def check_data(self) -> dict[str, int]:
        load_tables()
        counts: dict[str, int] = {}

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                if "source" in node and isinstance(node["source"], str):
                    k = source_kind(node)
                    counts[k] = counts.get(k, 0) + 1
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)

        for name in ("tables.yaml", "setups.yaml"):
            walk(load_yaml(asset_dir(self.id) / name))
        for kind, n in check_board().items():   # the hex map (tools/build_mare_nostrum_map.py)
            counts[kind] = counts.get(kind, 0) + n
        return counts

    # ---- menus -----------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        blurbs = {"standard": "The full game: first to 10 victory points at the end of a turn.",
                  "mid": "The mid-length game: 9 victory points win (ch.2).",
                  "short": "The short game: 8 victory points win (ch.2)."}
        titles = {"standard": "Mare Nostrum (10 VP)", "mid": "Mid game (9 VP)",
                  "short": "Short game (8 VP)"}
        return [Scenario(sid, titles[sid], "c. 500 BC", EMPIRES, blurbs[sid], min_seats=2)
                for sid in SCENARIOS]

    def options(self) -> list[Option]:
        return list(OPTIONS)

    # ---- the seam --------------------------------------------------------------------------
    def new_game(self, scenario: str, seats: list[str], options: dict[str, str],
                 seed: int) -> State:
        self.scenario(scenario)
        seats = [s for s in EMPIRES if s in seats] if seats else list(EMPIRES)
        unknown = [s for s in seats if s not in EMPIRES]
        if unknown or len(seats) < 2:
            raise ValueError(f"Mare Nostrum needs 2-5 of {', '.join(EMPIRES)}")
        state = new_state(self.id, scenario, seats, options, seed)
        state.update({"turn": 0, "phase": "actions", "vp_target": SCENARIOS[scenario],
                      "order": [], "cycle": None, "action": None, "draft": None,
                      "hexes": {}, "spartacus": None, "armistices": [], "result": None,
                      "empires": {e: empire_record(self, e) for e in seats}})
        if len(seats) < 5:
            log(state, f"{len(seats)} empires: the action limits of ch.14 apply; the other "
                "empires' lands start empty (unofficial, see rulings).", "14")
        set_up(self, state)
        start_turn(self, state)
        self._advance(state)
        return state

    def prompt(self, state: State) -> Prompt | None:
        """The pending decision of ``state``: the one :meth:`_advance` kept in it, else
        computed (:data:`.context.KEPT_PROMPT`)."""
        kept = state.get(KEPT_PROMPT)
        if kept is not None and kept[0] == fingerprint(state):
            return kept[1]
        return self._compute_prompt(state)

    def forget_prompt(self, state: State) -> None:
        """Drop the prompt kept in ``state`` (a test changed it by hand)."""
        state.pop(KEPT_PROMPT, None)

    def apply(self, state: State, choice_id: str) -> State:
        """As :meth:`Game.apply`, but copying only what a choice may change.

        The log is copied shallowly (entries never change once written), the meta record is
        shared, and hex records are copied on write (:func:`.pieces.cell`)."""
        prompt = self.prompt_offering(state, choice_id)
        new: State = {}
        for k, v in state.items():
            if k == "log":
                new[k] = list(v)
            elif k == "hexes":
                new[k] = v                      # copied at the first change (pieces.cell)
            elif k == "meta" or k == DERIVED_INPUTS:
                new[k] = v                      # shared: entries are replaced, never changed
            elif k == KEPT_PROMPT:
                continue                        # the new state's is kept by _advance
            elif k == "empires":
                new[k] = {e: _copy_empire(emp) for e, emp in v.items()}
            elif k == "cycle" and v is not None:
                new[k] = _copy_cycle(v)
            else:
                new[k] = _copy(v)
        new[OWNED], new[BASE], new[SHARED] = set(), state["hexes"], True
        try:
            self.do_apply(new, prompt, choice_id)
        finally:
            del new[OWNED], new[BASE], new[SHARED]
        return new

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        self._keep(state, choose(self, state, choice_id, prompt))

    def _advance(self, state: State) -> None:
        """Run automatic steps until someone must decide (:mod:`.sequence`); forced decisions
        are taken (ruling R-8e)."""
        self._keep(state, drive(self, state))

    @staticmethod
    def _keep(state: State, prompt: Prompt | None) -> None:
        """Keep the prompt the sequence stopped on for the seat that decides
        (:data:`.context.KEPT_PROMPT`)."""
        if prompt is not None:
            state[KEPT_PROMPT] = (fingerprint(state), prompt)

    def _compute_prompt(self, state: State) -> Prompt | None:
        return prompt_of(self, state)

    # ---- reading the state -----------------------------------------------------------------
    def result(self, state: State) -> Result | None:
        return result(state)

    def invariants(self, state: State) -> list[str]:
        return check_invariants(self, state)

    def bot_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The ``bot`` seat's strategy (:mod:`.bot`, docs/mare-nostrum-bot.md)."""
        return weights(self, view, prompt)

    def view(self, state: State, seat: str | None) -> State:
        return state

    def evaluate(self, state: State, seat: str) -> float:
        """For the search seat: :mod:`.search_hooks` (VPs and what leads to them)."""
        return evaluate(state, seat)

    def status(self, state: State) -> list[tuple[str, str]]:
        """Turn, turn order (the empire to act marked), the Action Cycle Table (ch.8), then
        per empire: VP, Talents (income), stability, development phases, legions / supply."""
        cyc = state.get("cycle")
        act = state.get("action")
        now = act["seat"] if act else (action_cycle.current(state)
                                       if cyc and state["phase"] == "actions" else None)
        phase = PHASE_NAMES.get(state["phase"], state["phase"])
        rows = [("Turn", f"{state['turn']} · {phase} · {state['vp_target']} VP wins"),
                ("Order", " › ".join(("▶ " if e == now else "") + e.capitalize()
                                     for e in state["order"]))]
        if cyc:
            rows.append(("Actions", f"round {cyc['round']}, each ≤ {cyc['limit']}: " + " · ".join(
                f"{action_cycle.SHORT[a]} {cyc['counts'].get(a, 0)}"
                for a in action_cycle.ACTIONS if a != "pass")))
        roman = ("–", "I", "II", "III", "IV", "V", "GA")
        for e in list(state["order"]) + [e for e in state["empires"] if e not in state["order"]]:
            emp = state["empires"][e]
            if emp["revolted"]:
                rows.append((e.capitalize(), f"{emp['vp']} VP · in revolution"))
                continue
            dev = " ".join(f"{r[:3].capitalize()} {roman[emp['phases'].get(r, 0)]}" for r in ROWS)
            stab = "Golden Age" if emp["stability"] > 10 else f"{emp['stability']:+d}"
            rows.append((e.capitalize(), f"{emp['vp']} VP · {emp['money']} T "
                         f"(+{emp['income']}) · stability {stab} · {dev} · legions "
                         f"{emp['legions']}/{emp['supply']}"))
        for a in state["armistices"]:
            rows.append(("Armistice", f"{a['asker'].capitalize()} - {a['accepter'].capitalize()}"
                         f" (box {a['box']}/3)"))
        return rows

    def describe(self, state: State, element: str) -> str:
        info = self.map.hexes.get(element)
        if info is None:
            area = self.map.areas.get(element)
            if area is None:
                return element
            holder = [e for e, v in state["empires"].items() if element in v["control"]]
            return f"{area.name} ({area.kind}); controlled by " + \
                (holder[0].capitalize() if holder else "nobody")
        parts = [f"{self.map.label(element)}: {info.terrain}"
                 + (", mountain" if info.mountain else "")]
        if info.city:
            parts.append(f"city {info.city}" + (f", capital of {info.capital_of.capitalize()}"
                                                 if info.capital_of else ""))
        if info.merchandise:
            parts.append(f"merchandise {info.merchandise}")
        if info.area:
            area = self.map.areas.get(info.area)
            parts.append(f"in {area.name if area else info.area}")
        c = state["hexes"].get(element)
        if c:
            if c["post"]:
                parts.append(f"{c['post']['kind'].replace('_', ' ')} of "
                             f"{c['post']['owner'].capitalize()}")
            if c["monument"]:
                parts.append(f"monument of {c['monument'].capitalize()}")
            for e, u in c["units"].items():
                parts.append(f"{e.capitalize()}: {count(u['legions'], 'legion')}, "
                             f"{count(u['ships'], 'ship')}"
                             + (f" ({u['carried']} aboard)" if u["carried"] else ""))
            if c["contested"]:
                parts.append("CONTESTED")
        return "; ".join(parts)

    def names(self, state: State) -> dict[str, str]:
        """Hexes, provinces and islands, cities and empires by their ids."""
        out = {h: self.map.label(h) for h in self.map.hexes}
        out.update({a.id: a.name for a in self.map.areas.values()})
        out.update({e: e.capitalize() for e in EMPIRES})
        if self._map is None:               # the shipped board: its cities have ids too
            out.update({c.id: c.name for c in load_board().cities.values()})
        return out


#: the container fields of an empire record, all flat (docs/mare-nostrum-state.md)
EMPIRE_CONTAINERS = ("dev", "luxury_firsts", "meeples", "merchandise", "control", "phases",
                     "vp_detail", "pieces", "posts_by_merch")


def _copy_empire(emp: dict[str, Any]) -> dict[str, Any]:
    out = dict(emp)
    for f in EMPIRE_CONTAINERS:
        out[f] = out[f].copy()
    return out


def _copy_cycle(cyc: dict[str, Any]) -> dict[str, Any]:
    """The Action Cycle Table: flat records, ``by`` two deep, history rows never change."""
    out = dict(cyc)
    out["counts"] = dict(cyc["counts"])
    out["taken"] = dict(cyc["taken"])
    out["by"] = {e: dict(x) for e, x in cyc["by"].items()}
    out["history"] = list(cyc["history"])
    return out


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (much faster than copy.deepcopy)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


__all__ = ["MareNostrum", "Choice", "active"]
