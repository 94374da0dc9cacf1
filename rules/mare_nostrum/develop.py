"""DEVELOP (9.6): one box further on any rows the empire can pay for and qualifies for;
optional 17.2 (the "fifth column": losing a condition takes the cube back)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, log, phase
from .stability import shift
from .tables import GOLDEN, ROWS


def next_box(g: GameData, state: State, empire: str, row: str) -> tuple[int, int] | None:
    """(cost, phase) of the next box of a row, or None at the Golden Age."""
    boxes = state["empires"][empire]["dev"][row]
    if boxes >= len(g.tables.boxes[row]):
        return None
    return g.tables.boxes[row][boxes], g.tables.box_phase[row][boxes]


def meets(g: GameData, state: State, empire: str, row: str, target: int,
          phases: dict[str, int] | None = None, *, keep: bool = False) -> bool:
    """9.6: the conditions of phase ``target`` on ``row`` (uncontested posts of given
    merchandise, distinct luxuries, phases reached on other rows); entering a phase asks
    only its own (the 9.6 examples). ``keep``: those of every phase up to ``target``, what
    17.2 asks to stay there (ruling R-17.2-1)."""
    emp = state["empires"][empire]
    merch = emp["merchandise"]
    have = phases or {r: phase(g, state, empire, r) for r in ROWS}
    luxuries = sum(1 for m, n in merch.items() if n and g.tables.merch_class[m] == "luxury")
    for c in g.tables.conditions:
        if c.row != row or c.phase > target or (c.phase < target and not keep):
            continue
        if any(not merch.get(m) for m in c.merch):
            return False
        if luxuries < c.luxuries:
            return False
        if any(have[r] < p for r, p in c.rows):
            return False
    return True


def may_develop(g: GameData, state: State, empire: str, row: str) -> bool:
    nxt = next_box(g, state, empire, row)
    if nxt is None or row in state["action"].get("done_rows", []):
        return False
    cost, ph = nxt
    if state["empires"][empire]["money"] < cost:
        return False
    current = phase(g, state, empire, row)
    return ph <= current or ph == GOLDEN or meets(g, state, empire, row, ph)


def prompt(g: GameData, state: State) -> Prompt:
    e = state["action"]["seat"]
    choices = []
    for row in ROWS:
        if may_develop(g, state, e, row):
            cost, ph = next_box(g, state, e, row)
            name = g.tables.phase_names[row].get(ph, "")
            choices.append(Choice(f"dev:{row}", f"{row.capitalize()}: box {cost} ({name}), "
                                  f"{cost} Talents"))
    choices.append(Choice("done", "End the development"))
    return Prompt(e, "Develop: advance rows one box each", choices, rule="9.6")


def apply(g: GameData, state: State, choice: str) -> None:
    act = state["action"]
    e = act["seat"]
    if choice == "done":
        state["action"] = None
        return
    row = choice.split(":", 1)[1]
    cost, ph = next_box(g, state, e, row)
    before = phase(g, state, e, row)
    emp = state["empires"][e]
    emp["money"] -= cost
    emp["dev"][row] += 1
    act.setdefault("done_rows", []).append(row)
    name = g.tables.phase_names[row].get(ph, "")
    log(state, f"{e.capitalize()} develops {row} to box {cost} ({name}).", "9.6", seat=e)
    if ph > before:
        if ph == GOLDEN:
            log(state, f"{e.capitalize()} reaches the Golden Age in {row} (+1 VP).", "9.6", seat=e)
        elif row in ("economy", "culture"):
            shift(g, state, e, +1, f"entered {name}", "9.6")


def box_label(g: GameData, row: str, boxes: int) -> str:
    """The chart's name for the cube after ``boxes`` boxes: the box's printed number (its
    entry cost) and phase name."""
    if boxes <= 0:
        return "the start of the row (before Phase I)"
    ph = g.tables.box_phase[row][boxes - 1]
    return f"box {g.tables.boxes[row][boxes - 1]} ({g.tables.phase_names[row].get(ph, '')})"


def fifth_column(g: GameData, state: State, empire: str) -> bool:
    """17.2: move cubes back to the last box whose conditions still hold (cascading)."""
    emp = state["empires"][empire]
    changed = False
    for _ in range(len(ROWS) + 1):
        moved = False
        for row in ROWS:
            boxes = emp["dev"][row]
            while boxes > 0:
                ph = g.tables.box_phase[row][boxes - 1]
                target = min(ph, 5)
                if meets(g, state, empire, row, target, keep=True):
                    break
                first = g.tables.box_phase[row].index(target)     # first box of that phase
                boxes = first
            if boxes != emp["dev"][row]:
                log(state, f"{empire.capitalize()} loses a condition: {row} falls back to "
                    f"{box_label(g, row, boxes)}.", "17.2", seat=empire)
                emp["dev"][row] = boxes
                moved = changed = True
        if not moved:
            break
    return changed
