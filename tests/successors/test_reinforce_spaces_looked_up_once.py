"""The spaces a reinforcement may go to (6.4.2, 6.4.3) are worked out with each general's
space looked up once, not by a search of every general for each of the map's spaces (the
prompt is asked at each click on the map): the same spaces as that search gives."""

from __future__ import annotations

import random

from rules.engine import registry
from rules.successors import turn
from rules.successors.model import besieged, ed, enemies_outside, generals_at, is_major


def _by_search(st, seat, piece, placed, start) -> list[str]:
    """6.4.2-6.4.3 as the rules read, each space's generals searched for."""
    with_gen = {st["gen"][g]["loc"] for g in start if st["gen"][g]["loc"] in ed().spaces}
    out = []
    for sid, sp in ed().spaces.items():
        if sp.kind == "transit" and sid not in with_gen:
            continue
        mine = st["pc"].get(sid) == seat
        foes = enemies_outside(st, sid, seat) or [g for g in generals_at(st, sid)
                                                  if st["gen"][g]["owner"] != seat]
        if not ((mine and not foes) or sid in with_gen):
            continue
        if mine and besieged(st, sid):
            continue
        if piece[0] == "unit" and not ((mine and sp.kind == "major") or any(
                is_major(g) for g in generals_at(st, sid, seat))) and placed.get(sid, 0) >= 2:
            continue
        out.append(sid)
    return out


def test_reinforcement_spaces_search_no_space_for_its_generals(monkeypatch):
    game = registry.get("successors")
    rng = random.Random(2)
    seen = 0
    for seed in (1, 2, 3):
        st = game.new_game("two-player", list(game.scenario("two-player").seats), {}, seed)
        for _ in range(300):
            prompt = game.prompt(st)
            if prompt is None:
                break
            for fr in st["stack"][-1:]:
                if fr["proc"] == "reinforce" and fr["pieces"]:
                    args = (st, fr["seat"], fr["pieces"][0], fr["placed"], fr["start"])
                    searched: list[tuple] = []

                    def counted(*a, log=searched):
                        log.append(a)
                        return generals_at(*a)

                    monkeypatch.setattr(turn, "generals_at", counted)
                    assert turn.reinforce_spaces(*args) == _by_search(*args)
                    monkeypatch.undo()
                    assert not searched
                    seen += 1
            st = game.apply(st, rng.choice(prompt.choices).id)
    assert seen >= 10
