"""Victory points (ch.2) and the end of the game (ch.15)."""

from __future__ import annotations

from rules.engine.game import Result

from .context import GameData, State, active, log, phase
from .control import laurels
from .pieces import count_pieces
from .stability import is_golden
from .tables import GOLDEN, ROWS


def vp_detail(g: GameData, state: State, empire: str) -> dict[str, int]:
    """ch.2: monuments, Golden Ages (4 Development rows + Stability), control laurels."""
    golden = sum(phase(g, state, empire, r) == GOLDEN for r in ROWS) + is_golden(state, empire)
    held = len(state["empires"][empire]["control"])
    return {"monuments": count_pieces(state, empire)["monuments"], "golden_ages": golden,
            "control": sum(1 for box in laurels(g, state) if held >= box)}


def rank_key(state: State, empire: str) -> tuple:
    """ch.2 tie-breaks: VP, monuments, stability, income; then turn order (ruling R-15)."""
    emp = state["empires"][empire]
    order = state["order"]
    pos = order.index(empire) if empire in order else len(order)
    return (emp["vp"], emp["vp_detail"]["monuments"], emp["stability"], emp["income"], -pos)


TIE_BREAKS = ("monuments", "stability", "income", "the earlier place in the turn order")


def tie_note(state: State, best: str, hopefuls: list[str]) -> str:
    """ch.2: name the tie-break that decided, only when another empire at the target has as
    many VP as the winner (more VP alone decides otherwise)."""
    mine = rank_key(state, best)
    tied = [e for e in hopefuls if e != best and rank_key(state, e)[0] == mine[0]]
    if not tied:
        return ""
    step = max(next(i for i in range(1, len(mine)) if rank_key(state, e)[i] != mine[i])
               for e in tied)
    names = ", ".join(e.capitalize() for e in tied)
    return f" (tied on VP with {names}; decided by {TIE_BREAKS[step - 1]})"


def check_revolutions(g: GameData, state: State) -> bool:
    """ch.15: the game ends at once when only one empire is left."""
    if state.get("result"):
        return True
    left = active(state)
    if len(left) <= 1 and len(state["empires"]) > 1:
        winners = left
        state["result"] = {"winners": winners, "reason": "revolution: every other empire fell"
                           if winners else "every empire fell", "scores": scores(state)}
        state["phase"] = "over"
        log(state, f"Game over: {', '.join(w.capitalize() for w in winners) or 'nobody'} "
            "survives the revolutions.", "15")
        return True
    return False


#: ruling R-15-2: turns in a row without a new VP high or a revolution that end a game
STALEMATE_TURNS = 30


def progressed(state: State) -> bool:
    """Ruling R-15-2: note, at the end of a turn, whether an empire still in the game reached
    more VP than ever before or an empire fell since the last turn that did; True if so."""
    prog = state.get("progress")
    best = {e: state["empires"][e]["vp"] for e in active(state)}
    fallen = len(state["empires"]) - len(best)
    if prog is None or fallen != prog["fallen"] or \
            any(v > prog["best"].get(e, v - 1) for e, v in best.items()):
        if prog is not None:
            best = {e: max(v, prog["best"].get(e, v)) for e, v in best.items()}
        state["progress"] = {"best": best, "fallen": fallen, "turn": state["turn"]}
        return True
    return False


def check_stalemate(g: GameData, state: State) -> bool:
    """Ruling R-15-2: the rulebook sets no last turn (ch.15) and a Golden Age on the
    Stability Track is never lost (9.5), so empires that cannot reach the target may never
    fall either. After :data:`STALEMATE_TURNS` turns in a row in which no empire still in
    the game raised its best VP total and none fell, the game ends; the ch.2 order (VP,
    monuments, stability, income, turn order; ruling R-2) names the winner."""
    if progressed(state) or state["turn"] - state["progress"]["turn"] < STALEMATE_TURNS:
        return False
    left = active(state)
    best = max(left, key=lambda e: rank_key(state, e))
    vp = state["empires"][best]["vp"]
    reason = (f"stalemate: no empire gained ground for {STALEMATE_TURNS} turns; "
              f"{best.capitalize()} leads with {vp} victory points"
              + tie_note(state, best, left))
    state["result"] = {"winners": [best], "reason": reason, "scores": scores(state)}
    state["phase"] = "over"
    log(state, f"Game over: {reason} (ruling R-15-2).", "15")
    return True


def check_vp(g: GameData, state: State) -> bool:
    """ch.2 / ch.15: at the end of a turn, an empire with the target VP wins; ties broken.
    Otherwise a game without progress ends by ruling R-15-2 (:func:`check_stalemate`)."""
    if state.get("result"):
        return True
    hopefuls = [e for e in active(state) if state["empires"][e]["vp"] >= state["vp_target"]]
    if not hopefuls:
        return check_stalemate(g, state)
    best = max(hopefuls, key=lambda e: rank_key(state, e))
    reason = f"{state['empires'][best]['vp']} victory points" + tie_note(state, best, hopefuls)
    state["result"] = {"winners": [best], "reason": reason, "scores": scores(state)}
    state["phase"] = "over"
    log(state, f"Game over: {best.capitalize()} wins with {reason}.", "15")
    return True


def scores(state: State) -> dict[str, float]:
    return {e: float(v["vp"]) for e, v in state["empires"].items()}


def result(state: State) -> Result | None:
    r = state.get("result")
    if not r:
        return None
    return Result(list(r["winners"]), r["reason"], dict(r["scores"]))
