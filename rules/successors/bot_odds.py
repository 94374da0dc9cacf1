"""What the ``bot`` reads of a land battle before it is fought: each side's chance of winning,
from the Battle Table (12.3) over every roll of the two dice, and whether a PC would trace to
supply at the Isolation Phase as the board stands (6.7).

An estimate, not the battle: Elephants count their mean (a d6 less 2, at least 0: 5/3 each),
Surprise cards and Prestige's Royal Army rules (3.3.4) are left out."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .battle import local_troops, score
from .model import (
    State,
    commander,
    ed,
    enemies_outside,
    ind_armies_at,
    outside,
    units,
)
from .model import battle_rating as rating
from .turn import isolated_pcs

#: the mean strength an Elephant adds (a d6 less 2, never below 0: 3.3.2)
ELEPHANT = 5.0 / 3.0


def strength(st: State, sid: str, seat: str, group: dict[str, int] | None = None) -> int:
    """``seat``'s Battle Strength at ``sid`` (12.2): ``group`` (default: its CUs outside the
    walls there) plus the local troops of the space and the province."""
    if group is None:
        group = dict(units(st, sid, seat))
        inside = st["inside"].get(sid, 0) if st["pc"].get(sid) == seat else 0
        total = sum(group.values())
        if inside and total:
            group = {k: n * (total - inside) / total for k, n in group.items()}
    s = 0.0
    for kind, n in group.items():
        s += ELEPHANT * n if kind == "elephant" else ed().units[kind]["strength"] * n
    return int(round(s + local_troops(st, sid, seat)))


@lru_cache(maxsize=4096)
def _scores(strength_: int, br: int) -> tuple[tuple[int, float], ...]:
    """The Battle Table's score for ``strength_`` over the 36 rolls, each die below the
    commander's battle rating counting as it (12.3.1): (score, chance) pairs."""
    out: dict[int, float] = {}
    for a, b in product(range(1, 7), repeat=2):
        k = score(strength_, max(a, br) + max(b, br))
        out[k] = out.get(k, 0.0) + 1 / 36
    return tuple(sorted(out.items()))


def win_chance(att: tuple[int, int], dfn: tuple[int, int]) -> tuple[float, float]:
    """(the attacker's chance of the higher score, the defender's) for (strength, battle
    rating) of each side; a tie is a draw (12.6)."""
    a, d = _scores(*att), _scores(*dfn)
    pa = sum(p * q for sa, p in a for sd, q in d if sa > sd)
    pd = sum(p * q for sa, p in a for sd, q in d if sd > sa)
    return pa, pd


def side(st: State, sid: str, seat: str, group: dict[str, int] | None = None,
         general: str | None = None) -> tuple[int, int]:
    """(strength, battle rating) of ``seat`` at ``sid``; ``group`` and ``general`` for an army
    not there yet."""
    g = general if general is not None else commander(st, sid, seat)
    return strength(st, sid, seat, group), rating(g)


def ind_side(st: State, sid: str) -> tuple[int, int]:
    """(strength, battle rating) of the Independent Armies at ``sid`` (14.7)."""
    armies = ind_armies_at(st, sid)
    s = sum(ed().independents[i]["strength"] for i in armies) + local_troops(st, sid, "ind")
    return s, max((ed().independents[i]["battle"] for i in armies), default=1)


def main_foe(st: State, sid: str, seat: str) -> str | None:
    """The enemy ``seat`` would fight at ``sid``: the one with the most CUs outside, or
    'ind' for Independent Armies; None if nobody."""
    if ind_armies_at(st, sid):
        return "ind"
    foes = enemies_outside(st, sid, seat)
    return max(foes, key=lambda s: outside(st, sid, s)) if foes else None


def attack_chance(st: State, sid: str, seat: str, group: dict[str, int] | None = None,
                  general: str | None = None) -> float | None:
    """``seat``'s chance of winning a battle it attacks at ``sid`` (its army there, or
    ``group`` led by ``general`` arriving), less the chance of losing it, mapped to [0, 1]
    (0.5 even); None if no enemy army is there."""
    foe = main_foe(st, sid, seat)
    if foe is None:
        return None
    dfn = ind_side(st, sid) if foe == "ind" else side(st, sid, foe)
    pa, pd = win_chance(side(st, sid, seat, group, general), dfn)
    return 0.5 + 0.5 * (pa - pd)


def defend_chance(st: State, sid: str, seat: str, mover: str) -> float:
    """``seat``'s chance of winning (less that of losing, in [0, 1]) when ``mover``'s army at
    ``sid`` attacks it there."""
    pa, pd = win_chance(side(st, sid, mover), side(st, sid, seat))
    return 0.5 + 0.5 * (pd - pa)


def stranded(st: State, seat: str, at: str, dest: str, army: dict[str, int],
             add: dict[str, int] | None = None) -> int:
    """How many more of ``seat``'s PCs would not trace to supply (6.7) were ``army`` (CUs
    of ``seat`` at ``at``) to stand at ``dest`` instead, and ``add`` (new CUs) there too
    (fewer: negative)."""
    cus = dict(st["cu"])
    here = {s: dict(g) for s, g in cus.get(at, {}).items()}
    there = {s: dict(g) for s, g in cus.get(dest, {}).items()}
    mine_here, mine_there = here.setdefault(seat, {}), there.setdefault(seat, {})
    for kind, n in army.items():
        mine_here[kind] = mine_here.get(kind, 0) - n
        mine_there[kind] = mine_there.get(kind, 0) + n
    for kind, n in (add or {}).items():
        mine_there[kind] = mine_there.get(kind, 0) + n
    here[seat] = {k: n for k, n in mine_here.items() if n > 0}
    cus[at], cus[dest] = here, there
    if not here[seat]:
        del here[seat]
    return len(isolated_pcs({**st, "cu": cus}, seat)) - len(isolated_pcs(st, seat))
