"""How far a piece can go on a movement budget: a bounded Dijkstra over any graph.

Game-agnostic: nodes are any hashable ids (hex ids, spaces). The movement rules enter as a
weight function of networkx's ``single_source_dijkstra_path_length``: the cost of entering
a node, no edge into a node that may not be entered, none out of a node that must stop.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import networkx as nx  # late: heavy, optional; start-up never loads it

N = TypeVar("N", bound=Hashable)


def within_budget(start: N, budget: int, graph: nx.Graph,
                  enter_cost: Mapping[N, int] | None = None, *,
                  may_enter: Callable[[N], bool] | None = None,
                  must_stop: Callable[[N], bool] | None = None) -> dict[N, int]:
    """Every node reachable from ``start`` within ``budget``, with its cheapest cost.

    ``enter_cost[n]`` is the cost of entering ``n`` (1 if no mapping is given);
    ``may_enter(n)`` false: ``n`` cannot be entered; ``must_stop(n)`` true: ``n`` can be
    entered but not left (the start never stops the mover). ``start`` is not in the result.
    """
    import networkx as nx  # late: heavy, optional; start-up never loads it

    def step(here: N, there: N, _edge: dict) -> int | None:
        if here != start and must_stop is not None and must_stop(here):
            return None
        if may_enter is not None and not may_enter(there):
            return None
        return enter_cost[there] if enter_cost is not None else 1

    best = nx.single_source_dijkstra_path_length(graph, start, cutoff=budget, weight=step)
    del best[start]
    return best
