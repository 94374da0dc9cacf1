"""The plain searches over the Sea borders (:func:`rules.hubris.core.sea_parts`, the Envoy's
chain of Seas) find what networkx finds, on every state of a few seeded 12.3 and New Hopes games."""

from __future__ import annotations

import networkx as nx
import pytest

from rules.engine.session import Session
from rules.hubris import core, envoy

from .rules_helpers import DATA


def _states(scenario: str, seats: tuple[str, ...], options: dict[str, str], seed: int):
    session = Session.new("hubris", scenario, dict.fromkeys(seats, "random"), options, seed)
    while session.result() is None and session.prompt() is not None and \
            len(session.choices) < 150:
        yield session.state
        session.bot_step()


def _envoy_reach(state, bases: list[str]) -> set[str]:
    """5.5.1 by networkx: the components, in the graph of the Seas in play and the bases'
    Seas, of the bases' Seas."""
    base_seas = {sea for s in bases for sea in DATA.satrapies[s].seas}
    in_play = set(core.seas_in_play(state))
    g = nx.Graph()
    g.add_nodes_from(base_seas | in_play)
    g.add_edges_from((a, b) for a in base_seas | in_play for b in DATA.seas.get(a, ())
                     if b in in_play)
    return {t for sea in base_seas for t in nx.node_connected_component(g, sea)}


def test_sea_borders_are_symmetric():
    """The searches follow each Sea's own list of neighbours."""
    assert all(a in DATA.seas[b] for a, near in DATA.seas.items() for b in near)


@pytest.mark.parametrize("scenario, seats, options, seed", [
    ("fourth-syrian-war", ("seleucids", "ptolemies"), {}, 3),
    ("new-hopes", ("seleucids", "ptolemies", "macedon"), {"turns": "3"}, 1),
])
def test_plain_searches_match_networkx(scenario, seats, options, seed):
    seen = 0
    for state in _states(scenario, seats, options, seed):
        for k in core.kingdoms(state):
            graph = core.friendly_sea_graph(state, DATA, k)
            assert core.sea_parts(state, DATA, k) == {
                s: part for part in map(frozenset, nx.connected_components(graph)) for s in part}
            bases = [s for s in core.satrapies_in_play(state)
                     if core.aligned_places(state, DATA, k, s)]
            assert envoy._seas_reached(DATA, state, bases) == _envoy_reach(state, bases)
            seen += 1
    assert seen > 100
