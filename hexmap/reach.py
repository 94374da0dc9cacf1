"""How far a piece can go on a movement budget: a bounded Dijkstra over any adjacency.

Game-agnostic: nodes are any hashable ids (hex ids, spaces). Kept hand-written rather than
``networkx.single_source_dijkstra`` because the rules ask it thousands of times a game with
per-call blocking; measured, this loop is several times faster than building a filtered view.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

N = TypeVar("N", bound=Hashable)  # comparable too (str, tuple)


def within_budget(start: N, budget: int, adjacent: Mapping[N, Iterable[N]],
                  enter_cost: Mapping[N, int] | None = None, *,
                  may_enter: Callable[[N], bool] | None = None,
                  must_stop: Callable[[N], bool] | None = None) -> dict[N, int]:
    """Every node reachable from ``start`` within ``budget``, with its cheapest cost.

    ``enter_cost[n]`` is the cost of entering ``n`` (1 if no mapping is given);
    ``may_enter(n)`` false: ``n`` cannot be entered; ``must_stop(n)`` true: ``n`` can be
    entered but not left (the start never stops the mover). ``start`` is not in the result.
    """
    best = {start: 0}
    heap: list[tuple[int, N]] = [(0, start)]      # ties pop in node order: deterministic
    while heap:
        d, node = heapq.heappop(heap)
        if d > best[node]:
            continue
        if node != start and must_stop is not None and must_stop(node):
            continue
        for nxt in adjacent.get(node, ()):
            if may_enter is not None and not may_enter(nxt):
                continue
            cost = d + (enter_cost[nxt] if enter_cost is not None else 1)
            if cost <= budget and cost < best.get(nxt, budget + 1):
                best[nxt] = cost
                heapq.heappush(heap, (cost, nxt))
    del best[start]
    return best
