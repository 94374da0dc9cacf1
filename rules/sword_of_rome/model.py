"""Predicates over the state, named as the rulebook speaks (friendly, enemy, army, home ...).

State keys owned by this game:

``sides``      player sides in play, clockwise (5.4); ``seats``: seat -> sides
``spaces``     sid -> {ctl, loy, siege, sieger, tribe, inside}; ``cu``: sid -> {power: n}
``leaders``    lid -> where ("<space>", "displaced", "pool", "out")
``hands``      side -> card ids; ``decks``: side -> deck; ``dt``: side -> Desperate Times left
``vp``         side -> VP; ``turn``, ``round``; ``flags``; ``alliances``: [[p, q], ...]
``stack``      the procedures waiting (PROCS below); ``windows``: open response windows
``active_side`` the player active now (16.1); ``np_ally``: [power, side] while a player moves a
               non-player power (16.1.2); ``over``: the result once decided
"""

from __future__ import annotations

from typing import Any

from rules.engine import response
from rules.engine.game import Choice, Prompt
from rules.engine.procs import Procedures
from rules.engine.state import log

from .data import INDEPENDENT, Edition, edition
from .data import POWER_NAMES as POWER_NAMES  # noqa: F401 (the names rules and tests read here)

State = dict[str, Any]
PLAYER_POWERS = {"rome": "rome", "gauls": "gauls", "etruscans": "etruscans-samnites",
                 "samnites": "etruscans-samnites", "greeks": "greeks", "carthage": "carthage"}
SIDE_NAMES = {"rome": "Roman", "gauls": "Gallic", "etruscans-samnites": "Etruscan-Samnite",
              "greeks": "Greek", "carthage": "Carthaginian"}


def ed() -> Edition:
    return edition()


def players(state: State) -> int:
    return state["players"]


def five(state: State) -> bool:
    return state["players"] == 5


# --- sides, seats, powers -------------------------------------------------------------------
def side_of(state: State, power: str) -> str | None:
    """The player side that holds ``power``; None for a non-player power (16)."""
    side = PLAYER_POWERS.get(power)
    return side if side in state["sides"] else None


def powers_of(state: State, side: str) -> list[str]:
    return list(state["side_powers"][side])


def seat_of(state: State, side: str) -> str:
    for seat, sides in state["seats"].items():
        if side in sides:
            return seat
    raise KeyError(side)


def nonplayer(state: State, power: str) -> bool:
    return side_of(state, power) is None


def leader_name(lid: str) -> str:
    return ed().leaders[lid].name


def space_name(sid: str) -> str:
    return ed().spaces[sid].name


# --- control and friendship (2.2, 7.3, 15.2, 16.1.2) ------------------------------------------
def ctl(state: State, sid: str) -> str:
    return state["spaces"][sid]["ctl"]


def allied(state: State, p: str, q: str) -> bool:
    if p == q:
        return True
    if {p, q} == {"etruscans", "samnites"}:
        return True                        # one player's two powers never fight (ruling)
    if [p, q] in state["alliances"] or [q, p] in state["alliances"]:
        return True
    np_ally = state.get("np_ally")         # an NP power moved by a player is his ally (16.1.2)
    if np_ally:
        np, side = np_ally
        if (p == np and q in powers_of(state, side)) or (q == np and p in powers_of(state, side)):
            return True
    return False


def friendly(state: State, power: str, sid: str) -> bool:
    """The space is controlled by ``power`` or an ally (15.2)."""
    owner = ctl(state, sid)
    return owner != INDEPENDENT and allied(state, power, owner)


def enemy_power(state: State, p: str, q: str) -> bool:
    return not allied(state, p, q)


# --- pieces ----------------------------------------------------------------------------------
def cu(state: State, sid: str, power: str) -> int:
    return state["cu"].get(sid, {}).get(power, 0)


def militia(state: State, sid: str) -> int:
    """Carthaginian Citizen Militia CU among the Carthaginian CU in ``sid`` (17.1.2)."""
    return min(state.get("militia", {}).get(sid, 0), cu(state, sid, "carthage"))


def move_militia(state: State, src: str, dest: str, n: int) -> None:
    """``n`` militia CU go with Carthaginian CU moved from ``src`` to ``dest`` (their count
    at ``src`` is cut when the CU leave it)."""
    if n > 0:
        mil = state.setdefault("militia", {})
        mil[dest] = mil.get(dest, 0) + n


def add_cu(state: State, sid: str, power: str, n: int) -> None:
    here = state["cu"].setdefault(sid, {})
    here[power] = here.get(power, 0) + n
    mil = state.get("militia")
    if n < 0 and power == "carthage" and mil and mil.get(sid):   # lost: never replaced
        left = max(0, here[power])
        if left:
            mil[sid] = min(mil[sid], left)
        else:
            mil.pop(sid)
    sp = state["spaces"][sid]
    if n < 0 and sp.get("inside") and sp["ctl"] == power:     # losses reach the garrison
        sp["inside"] = min(sp["inside"], max(0, here[power]))
    if here[power] <= 0:
        here.pop(power)
    if not here:
        state["cu"].pop(sid)


def powers_here(state: State, sid: str) -> list[str]:
    return sorted(p for p, n in state["cu"].get(sid, {}).items() if n > 0)


def outside(state: State, sid: str, power: str) -> int:
    """CU of ``power`` in the space but outside its walls (9.3.1)."""
    n = cu(state, sid, power)
    sp = state["spaces"][sid]
    if sp["ctl"] == power and sp.get("inside"):
        n -= sp["inside"]
    return max(0, n)


def leaders_at(state: State, sid: str, power: str | None = None) -> list[str]:
    out = [lid for lid, at in state["leaders"].items() if at == sid]
    if power is not None:
        out = [lid for lid in out if ed().leaders[lid].power == power]
    return sorted(out, key=lambda lid: (-ed().leaders[lid].tactics, lid))


def commander(state: State, sid: str, power: str) -> str | None:
    """The leader commanding ``power`` in the space: the best tactics, named before minor
    (8.2.1: the owner chooses; we choose the best)."""
    here = leaders_at(state, sid, power)
    here.sort(key=lambda lid: (not ed().leaders[lid].named, -ed().leaders[lid].tactics, lid))
    return here[0] if here else None


def tactics(state: State, sid: str, power: str) -> int:
    lid = commander(state, sid, power)
    return ed().leaders[lid].tactics if lid else 0


def enemy_cu_powers(state: State, power: str, sid: str, only_outside: bool = True) -> list[str]:
    out = []
    for p in powers_here(state, sid):
        if enemy_power(state, power, p):
            n = outside(state, sid, p) if only_outside else cu(state, sid, p)
            if n > 0:
                out.append(p)
    return out


def has_enemy_cu(state: State, power: str, sid: str) -> bool:
    return bool(enemy_cu_powers(state, power, sid, only_outside=False))


def total_cu(state: State, power: str) -> int:
    return sum(here.get(power, 0) for here in state["cu"].values())


# --- home, victory ---------------------------------------------------------------------------
def home_of(sid: str) -> str | None:
    return ed().spaces[sid].home


def in_play(state: State, sid: str) -> bool:
    return sid in state["spaces"]


def is_walled(state: State, sid: str) -> bool:
    return bool(state["spaces"][sid].get("loy"))


def is_tribal(state: State, sid: str) -> bool:
    return bool(state["spaces"][sid].get("tribe"))


def deciding_side(state: State, power: str) -> str | None:
    """Who decides for ``power`` now: its side; for a non-player power the side moving it
    (16.1.2), Rome for an allied Carthage (18), else the player 16.1 names; None outside the
    Action Phase (a fixed policy decides then: rulings)."""
    side = side_of(state, power)
    if side:
        return side
    np_ally = state.get("np_ally")
    if np_ally and np_ally[0] == power:
        return np_ally[1]
    if power == "carthage" and state["flags"].get("rome_carthage_alliance") \
            and "rome" in state["sides"]:
        return "rome"
    active = state.get("active_side")
    if power == "rebels":
        active = "carthage"         # 16.1, five players: never Carthage or its ally decides
    if not active or power == INDEPENDENT:
        return None
    # 16.1: while inactive, the player with the fewest VP who is not allied with the active
    # player decides (ties 4.4); if every other player is, the fewest-VP player
    order = ("gauls", "etruscans-samnites", "greeks", "carthage", "rome")
    live = sorted((s for s in state["sides"] if s not in state["out_sides"]),
                  key=lambda s: (state["vp"][s], order.index(s)))
    free = [s for s in live if s != active and not any(
        allied(state, p, q) for p in powers_of(state, s) for q in powers_of(state, active))]
    return (free or live or [None])[0]


# --- ties and VP order (4.4, 5.5) -----------------------------------------------------------
TIE_RANK = ("gauls", "etruscans-samnites", "greeks", "carthage", "rome")


def rank(side: str) -> int:
    """Tie-break order (4.4): Gauls, Etruscans, Samnites, Greeks, Carthage, Romans."""
    return TIE_RANK.index(side) if side in TIE_RANK else 9


def live_sides(st: State) -> list[str]:
    return [s for s in st["sides"] if s not in st["out_sides"]]


def by_vp(st: State, descending: bool = True) -> list[str]:
    """Sides in VP order (5.5), ties by 4.4 (the tie-winner first)."""
    sides = live_sides(st)
    return sorted(sides, key=lambda s: ((-st["vp"][s]) if descending else st["vp"][s], rank(s)))


# --- the procedures (rules.engine.procs) ---------------------------------------------------------
# ``state["stack"]`` holds frames ``{"proc": name, ...}``; each module of the game registers its
# steps here with ``@proc`` (rules/sword_of_rome/game.py imports them all).
PROCS = Procedures()
proc = PROCS.register
push, pop, top = Procedures.push, Procedures.pop, Procedures.top
advance = PROCS.advance
current_prompt = PROCS.prompt
apply_choice = PROCS.apply


def ask(st: State, side: str, text: str, choices: list[Choice], *, kind: str = "choose",
        rule: str = "", context: dict[str, Any] | None = None) -> Prompt:
    """A prompt addressed to the seat holding ``side``; labels must all differ."""
    labels = [c.label for c in choices]
    if len(set(labels)) != len(labels):
        seen: dict[str, int] = {}
        fixed = []
        for c in choices:
            k = seen.get(c.label, 0)
            seen[c.label] = k + 1
            label = c.label if k == 0 else f"{c.label} ({k + 1})"
            fixed.append(Choice(c.id, label, c.target, c.detail, c.group))
        choices = fixed
    ctx = dict(context or {})
    return Prompt(seat_of(st, side), f"{SIDE_NAMES.get(side, side)}: {text}", choices,
                  kind=kind, rule=rule, context=ctx)


def deciding(st: State) -> str | None:
    """The side the pending decision belongs to (the seat may hold two sides)."""
    fr = top(st)
    if fr is None or st.get("over"):
        return None
    name = fr["proc"]
    if name == "respond":
        return response.asked_seat(response.current(st))
    if name == "dt_window":
        return fr["holders"][fr["at"]]
    if name == "renew":
        return side_of(st, fr["pair"][fr["at"]])
    if name == "battle":
        return deciding_side(st, fr["attacker"]) or fr["side"]
    return fr.get("side")


def note(st: State, text: str, rule: str = "", where: str | None = None) -> None:
    log(st, text, rule=rule, where=where)
