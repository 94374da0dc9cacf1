"""Graph searches of the Paths rule (2.7) on plain adjacency dicts, without networkx.

The rules ask for Land and Sea Paths many times a decision (every Origin, Target and Unit
that might Muster), on graphs of a dozen or so nodes, where building a networkx graph cost
more than the search; and networkx is a 0.1-0.2 s import the first decision need not pay.
:func:`shortest_path` returns exactly the path ``networkx.shortest_path`` (bidirectional
breadth-first search) returns on a graph built in the same order, so games replay unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Adjacency = dict[str, dict[str, None]]


def undirected(nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> Adjacency:
    """Neighbours of each node in the order networkx's ``Graph`` keeps them: the order the
    edges touching the node were first added."""
    adj: Adjacency = {n: {} for n in nodes}
    for a, b in edges:
        adj.setdefault(a, {})[b] = None
        adj.setdefault(b, {})[a] = None
    return adj


def components(adj: Mapping[str, Iterable[str]], nodes: Iterable[str]) -> dict[str, int]:
    """A component number for each of ``nodes`` in the subgraph they induce."""
    keep = set(nodes)
    out: dict[str, int] = {}
    for n in keep:
        if n in out:
            continue
        label = len(out)
        out[n] = label
        todo = [n]
        while todo:
            v = todo.pop()
            for w in adj.get(v, ()):
                if w in keep and w not in out:
                    out[w] = label
                    todo.append(w)
    return out


def distances(adj: Mapping[str, Iterable[str]], source: str) -> dict[str, int]:
    """Edges on a shortest path from ``source`` to each node it reaches (itself: 0)."""
    dist = {source: 0}
    level, d = [source], 0
    while level:
        d += 1
        nxt = []
        for v in level:
            for w in adj[v]:
                if w not in dist:
                    dist[w] = d
                    nxt.append(w)
        level = nxt
    return dist


def shortest_path(adj: Mapping[str, Iterable[str]], source: str, target: str
                  ) -> list[str] | None:
    """The path networkx's ``bidirectional_shortest_path`` finds (None: no path)."""
    if source == target:
        return [source]
    pred: dict[str, str | None] = {source: None}
    succ: dict[str, str | None] = {target: None}
    forward, reverse = [source], [target]
    meet = None
    while forward and reverse and meet is None:
        if len(forward) <= len(reverse):
            level, forward = forward, []
            for v in level:
                for w in adj[v]:
                    if w not in pred:
                        forward.append(w)
                        pred[w] = v
                    if w in succ:
                        meet = w
                        break
                if meet is not None:
                    break
        else:
            level, reverse = reverse, []
            for v in level:
                for w in adj[v]:
                    if w not in succ:
                        succ[w] = v
                        reverse.append(w)
                    if w in pred:
                        meet = w
                        break
                if meet is not None:
                    break
    if meet is None:
        return None
    path: list[str] = []
    w: str | None = meet
    while w is not None:
        path.append(w)
        w = pred[w]
    path.reverse()
    w = succ[path[-1]]
    while w is not None:
        path.append(w)
        w = succ[w]
    return path
