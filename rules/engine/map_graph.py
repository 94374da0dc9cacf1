"""The graph of a point-to-point map (The Sword of Rome, Successors, Athens and Sparta): one
node per space, one edge per connection with its attributes, both in data order, the order
in which the rules meet a space's neighbours."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # networkx is imported at the first graph built, not at start-up
    import networkx as nx

Link = tuple[str, str] | tuple[str, str, dict[str, Any]]


def map_graph(spaces: Iterable[str], links: Iterable[Link]) -> nx.Graph:
    """An undirected graph of ``spaces`` joined by ``links`` (``(a, b)`` or ``(a, b, attrs)``)."""
    import networkx as nx  # optional heavy dependency: loaded by the first graph

    g = nx.Graph()
    g.add_nodes_from(spaces)
    g.add_edges_from(links)
    return g


def links_of_kind(g: nx.Graph, kinds: Collection[str]) -> nx.Graph:
    """The part of ``g`` made of the edges whose ``kind`` is one of ``kinds`` (and the spaces
    they join)."""
    import networkx as nx  # optional heavy dependency: loaded by the first graph

    return nx.Graph([(a, b, d) for a, b, d in g.edges(data=True) if d["kind"] in kinds])
