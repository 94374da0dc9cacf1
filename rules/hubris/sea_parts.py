"""Which Friendly Seas a Path of Friendly Seas (2.7) joins, found by a plain search.

The Campaign and Naval Campaign prompts ask it for every Activation; nine Seas make a
search over the Sea borders cheaper than the networkx graph of
:func:`rules.hubris.core.friendly_sea_graph` (same components: tests/hubris checks both).
"""

from __future__ import annotations

from typing import Any

from . import core
from .rulesdata import RulesData

State = dict[str, Any]


def sea_parts(state: State, data: RulesData, power: str) -> dict[str, frozenset[str]]:
    """Each Sea Friendly to ``power`` (for Campaigns, 2.5.3) -> the Friendly Seas a Path of
    Friendly Seas joins it to, itself included: :func:`rules.hubris.core.sea_parts`."""
    friendly = set(core.friendly_seas(state, data, power))
    parts: dict[str, frozenset[str]] = {}
    for start in friendly:
        if start in parts:
            continue
        part, todo = {start}, [start]
        while todo:
            for sea in data.seas[todo.pop()]:
                if sea in friendly and sea not in part:
                    part.add(sea)
                    todo.append(sea)
        frozen = frozenset(part)
        parts.update(dict.fromkeys(part, frozen))
    return parts

