"""Session 15 (issue #32, decision time): the search scores every seat at the end of a
playout; Successors works out the isolation trace (6.7), the provinces' progress and each
player's worth once for all seats (``evaluate_seats``) instead of once per seat; the trace
itself (``turn.supplied``) and the spaces a PC may be placed in (6.6.3.2,
``strategy.pc_targets``) read the board once. None of them changes a value."""

from __future__ import annotations

from collections import deque

from rules.engine.rng import seed_state
from rules.engine.search import THINK, SearchBot
from rules.engine.session import Session
from rules.successors import search_hooks, strategy, turn
from rules.successors.model import ed, ind_armies_at, occupants, sname, sources

from .helpers import GAME


def _positions(scenario: str, seed: int, every: int = 37):
    """States of a seeded four-player ``bot`` game, every ``every``-th decision."""
    seats = GAME.scenario(scenario).seats
    ses = Session.new("successors", scenario, dict.fromkeys(seats, "bot"), {}, seed,
                      undo=False)
    n = 0
    while ses.result() is None and ses.prompt() is not None:
        n += 1
        if n % every == 0:
            yield ses.state
        ses.bot_step()
    yield ses.state


def _plain_supplied(st, seat):
    """6.7's trace as written before session 15: every space asked of the board in turn."""
    g = ed().graph
    sources = {sid for sid in ed().spaces
               if (st["pc"].get(sid) == seat and ed().spaces[sid].kind == "major")
               or sum(st["cu"].get(sid, {}).get(seat, {}).values()) > 0}

    def passable(sid):
        pc = st["pc"].get(sid)
        if pc == seat:
            return True
        if pc is None:
            return not [s for s in st["cu"].get(sid, {}) if s != seat] \
                and not any(r["loc"] == sid for r in st["ind"].values())
        return sum(st["cu"].get(sid, {}).get(seat, {}).values()) > 0

    seen, todo = set(sources), deque(sources)
    while todo:
        for n in g[todo.popleft()]:
            if n not in seen and passable(n):
                seen.add(n)
                todo.append(n)
    return seen


def test_the_isolation_trace_finds_what_the_plain_trace_finds():
    checked = 0
    for st in _positions("four-player", 3):
        for seat in st["players"]:
            assert turn.supplied(st, seat) == _plain_supplied(st, seat)
            checked += 1
    assert checked > 40


def _plain_pc_targets(st, seat, start):
    """6.6.3.2's reach as written before session 15: a shortest-path search with a 2 MP
    cutoff on the board without the blocked spaces."""
    import networkx as nx

    def blocked(sid):
        pc = st["pc"].get(sid)
        return (pc not in (None, seat)) or any(s != seat for s in occupants(st, sid)) \
            or bool(ind_armies_at(st, sid))

    g = ed().no_trans
    keep = [n for n in g if n in start or not blocked(n)]
    starts = [s for s in start if s in g]
    if not starts:
        return []
    dist = nx.multi_source_dijkstra_path_length(g.subgraph(keep), starts, cutoff=2,
                                                weight="cost")
    return sorted((n for n in dist if n not in starts and st["pc"].get(n) is None
                   and ed().spaces[n].kind != "transit"), key=sname)


def test_pc_placement_reaches_what_the_shortest_path_search_reaches():
    checked = found = 0
    for st in _positions("four-player", 4, every=17):
        for seat in st["players"]:
            start = sources(st, seat)
            got = strategy.pc_targets(st, seat, start)
            assert got == _plain_pc_targets(st, seat, start)
            checked += 1
            found += bool(got)
    assert checked > 60 and found > 20


def test_every_seat_is_valued_at_once_as_it_is_one_by_one():
    checked = 0
    for st in _positions("four-player", 5):
        seats = st["meta"]["seats"]
        for r in (0, 2, st.get("rounds") or 5):       # early, mid and end of a turn
            pos = {**st, "round": r}
            alone = {s: search_hooks.evaluate(pos, s) for s in seats}
            assert GAME.evaluate_seats(pos, seats) == alone
            checked += 1
    assert checked > 30
    st = next(_positions("four-player", 5))
    assert GAME.evaluate_seats(st, ["nobody"]) == {"nobody": 0.5}


def test_a_scored_playout_traces_each_seat_once(monkeypatch):
    traced = []
    real = search_hooks.isolated_pcs

    def counting(st, seat):
        traced.append(seat)
        return real(st, seat)

    monkeypatch.setattr(search_hooks, "isolated_pcs", counting)
    ses = Session.new("successors", "four-player", dict.fromkeys(GAME.scenario(
        "four-player").seats, "bot"), {}, 2, undo=False)
    while True:
        p = ses.prompt()
        if len(p.choices) > 1 and (ses.state.get("round") or 0) >= 2:
            break
        ses.bot_step()
    bot = SearchBot(2, p.seat, GAME, THINK["fast"])
    bot.search(ses.view(p.seat), p, seed_state(12345))
    iterations = bot.last["iterations"]
    assert iterations > 5
    assert len(traced) <= len(ses.state["players"]) * iterations
