"""Roman colonies (7.2.1): where an army may found one, and the founding."""

from __future__ import annotations

from .army import activatable
from .model import State, add_cu, cu, ed, note, powers_of, space_name


def colony_sites(st: State, side: str) -> list[str]:
    """A Roman army of 3+ CU on a Roman PC may found a colony (7.2.1)."""
    if "rome" not in powers_of(st, side):
        return []
    out = []
    for lid in activatable(st, side, 3):
        at = st["leaders"][lid]
        sp = st["spaces"][at]
        if (ed().leaders[lid].power == "rome" and cu(st, at, "rome") >= 3 and sp["ctl"] == "rome"
                and not sp["loy"] and not sp["tribe"] and not ed().spaces[at].box
                and at not in (st["leaders"][x] for x in out)):
            out.append(lid)
    return out


def found_colony(st: State, lid: str) -> None:
    """The army of ``lid`` leaves 1 CU as colonists: the Roman PC becomes a Roman walled city
    of loyalty 1 (7.2.1)."""
    at = st["leaders"][lid]
    add_cu(st, at, "rome", -1)
    st["spaces"][at].update(loy=1, siege=None, sieger=None)
    note(st, f"Rome founds a colony at {space_name(at)} (a walled city, loyalty 1).", "7.2.1",
         where=at)
