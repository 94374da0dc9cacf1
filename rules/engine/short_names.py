"""Two-letter forms of leaders' names for their counters (the full name goes in the
counter's tooltip): the first two letters, or, where another name starts the same, the
first letter and the first one that tells them apart (Antipatros Ap, Antigonos Ag;
Perdikkas Pr, Peithon Pi)."""

from __future__ import annotations


def short_forms(names: dict[str, str]) -> dict[str, str]:
    """Each id's two letters, unique among ``names`` where the names allow it."""
    out = {}
    for key, name in names.items():
        clash = [o for k, o in names.items() if k != key and o[:2] == name[:2] and o != name]
        if not clash:
            out[key] = name[:2]
            continue
        k = next((i for i in range(1, len(name))
                  if all(i >= len(o) or o[i] != name[i] for o in clash)), 1)
        out[key] = name[0] + name[k]
    return out
