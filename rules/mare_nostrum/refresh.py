"""Recompute what the board implies (income, supply, pieces, control, VP) and fire the
stability events of changes in control (ch.6, ch.10, ch.11, 17.3). Called after every change.

The board is read once per call (:class:`~.tally.Tally`), again only when an event changed
it (a revolution removes units, ch.14).
"""

from __future__ import annotations

from .context import DERIVED_INPUTS, KEPT_PROMPT, GameData, State, log, opt
from .develop import fifth_column
from .leaders import settle
from .stability import GOLDEN_AGE, shift
from .tables import GOLDEN, ROWS
from .tally import Tally


def supply(g: GameData, state: State, empire: str, merch: dict[str, int]) -> int:
    """ch.10: legions an empire can supply: 2 per uncontested food post."""
    cls = g.tables.merch_class
    food = sum(n for m, n in merch.items() if cls[m] == "supply")
    return food * g.tables.legions_per_post


def _derive(g: GameData, state: State, empire: str, t: Tally) -> None:
    """Income (ch.6), supply (ch.10), pieces (ch.16) and phases of one empire."""
    emp = state["empires"][empire]
    tables = g.tables
    merch = dict(sorted(t.merch[empire].items()))
    emp["merchandise"] = merch
    dev = emp["dev"]
    phases = {r: (tables.box_phase[r][dev[r] - 1] if dev[r] > 0 else 0) for r in ROWS}
    emp["phases"] = phases
    emp["income"] = sum(tables.merch_value(m, n) for m, n in merch.items()) + \
        tables.economy_bonus[phases["economy"]]
    emp["supply"] = supply(g, state, empire, merch)
    pieces = t.pieces[empire]
    emp["legions"], emp["ships"] = pieces["legions"], pieces["ships"]
    emp["pieces"] = dict(pieces)
    emp["posts_by_merch"] = dict(sorted(t.posts[empire].items()))


def _vp(g: GameData, state: State, empire: str) -> None:
    """ch.2: monuments, Golden Ages (4 Development rows + Stability), control laurels."""
    emp = state["empires"][empire]
    golden = sum(p == GOLDEN for p in emp["phases"].values()) + \
        (emp["stability"] >= GOLDEN_AGE)
    held = len(emp["control"])
    laurels = g.tables.light_laurels if opt(state, "17.8") else g.tables.dark_laurels
    detail = {"monuments": emp["pieces"]["monuments"], "golden_ages": golden,
              "control": sum(1 for box in laurels if held >= box)}
    emp["vp_detail"] = detail
    emp["vp"] = sum(detail.values())


DERIVED = ("merchandise", "phases", "income", "supply", "legions", "ships", "pieces",
           "posts_by_merch", "vp_detail", "vp")


def _settle(g: GameData, state: State, empire: str, t: Tally, light: bool) -> None:
    """:func:`_derive` and :func:`_vp`, kept in the state by their inputs
    (:data:`.context.DERIVED_INPUTS`): most choices leave most empires' inputs as they were."""
    emp = state["empires"][empire]
    # (unsorted: the same counts in another key order only cost a recomputation)
    sig = (tuple(t.merch[empire].items()), tuple(t.pieces[empire].values()),
           tuple(t.posts[empire].items()), tuple(emp["dev"].values()),
           emp["stability"], len(emp["control"]), light)
    kept = state.get(DERIVED_INPUTS)
    if kept is None:
        kept = {}
    memo = kept.get(empire)
    if memo is None or memo[0] != sig:
        _derive(g, state, empire, t)
        _vp(g, state, empire)
        kept = dict(kept)                     # shared with the previous state: copy on write
        kept[empire] = (sig, {k: (emp[k].copy() if type(emp[k]) is dict else emp[k])
                              for k in DERIVED})
        state[DERIVED_INPUTS] = kept
        return
    for k, v in memo[1].items():
        emp[k] = v.copy() if type(v) is dict else v


def _revolts(state: State) -> int:
    return sum(1 for emp in state["empires"].values() if emp["revolted"])


def refresh(g: GameData, state: State, *, events: bool = True) -> None:
    """Bring every derived value up to date; each province lost costs 1 stability (ch.11).
    The prompt kept in the state is dropped (:data:`.context.KEPT_PROMPT`)."""
    state.pop(KEPT_PROMPT, None)
    empires = state["empires"]
    if opt(state, "17.5"):
        settle(g, state)
    fifth = opt(state, "17.2")
    t = Tally(g, state)
    for rnd in range(10):
        changed = False
        if rnd:
            t.catch_up(g, state)
        stale = False                  # the board changed under the tally (revolution)
        for e, emp in empires.items():
            if stale:
                t.catch_up(g, state)
                stale = False
            now = list(t.control[e]) if not emp["revolted"] else []
            before = emp["control"]
            if now != before:
                emp["control"] = now
                if events and not emp["revolted"]:
                    revolts = _revolts(state)
                    for a in sorted(set(before) - set(now)):
                        name = g.map.areas[a].name
                        log(state, f"{e.capitalize()} loses control of {name}.", "11", seat=e)
                        if g.map.areas[a].kind == "province":
                            changed = True
                            shift(g, state, e, -1, f"lost the province {name}", "11")
                    for a in sorted(set(now) - set(before)):
                        name = g.map.areas[a].name
                        log(state, f"{e.capitalize()} gains control of {name}.", "11", seat=e)
                        if opt(state, "17.3") and g.map.areas[a].kind == "province":
                            changed = True
                            shift(g, state, e, +1, f"won the province {name}", "17.3")
                    stale = _revolts(state) != revolts
            if fifth and not emp["revolted"]:
                _derive(g, state, e, t)          # 17.2 reads the chart and the phases
                changed |= fifth_column(g, state, e)
        if changed or stale:
            t.catch_up(g, state)
        light = opt(state, "17.8")
        for e in empires:
            _settle(g, state, e, t, light)
        if not changed:
            return
