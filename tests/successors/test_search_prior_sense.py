"""Session 16 (issue #32): the search seat's prior (``Game.search_prior_weights``) reads the
board as a sensible player would where the ``bot``'s leanings do not: no PC where it will
not trace to supply at the Isolation Phase (6.7), Friendly Passage asked, granted or refused
and a battle stood or avoided by the odds (8.3.8.1, 10.1), and a province taken first from
the rival nearest the VP total (7.1). Each test fails on main (no such hook there)."""

from __future__ import annotations

import pytest

from rules.successors import bot
from rules.successors.model import PROCS, ed
from rules.successors.turn import isolated_pcs

from .helpers import GAME, activate, bare, choose, give, prompt, put


def _shares(weights: list[float]) -> list[float]:
    total = sum(weights)
    return [w / total for w in weights]


def _prior(st, p) -> dict[str, float]:
    view = GAME.view(st, p.seat)
    return dict(zip((c.id for c in p.choices), GAME.search_prior_weights(view, p),
                    strict=True))


def _leanings(st, p) -> dict[str, float]:
    view = GAME.view(st, p.seat)
    return dict(zip((c.id for c in p.choices), bot.weights(view, p), strict=True))


def _walled_board():
    """Yellow has a CU and a PC at one space (its PCs near there trace to supply) and a lone
    PC far off, walled in by Independent PCs all round, with no CU or Major City near (its PCs
    there will not trace, 6.7). :func:`_placing_board`: Yellow is asked where to place a PC
    (6.6.3.2)."""
    st = bare("four-player", 1, turn=2)
    seat, g = "yellow", ed().graph
    minors = [s for s, sp in ed().spaces.items() if sp.kind == "minor"]
    fed = minors[0]
    near = {fed} | set(g[fed]) | {m for n in g[fed] for m in g[n]}
    far = next(s for s in minors if not ({s} | {m for n in g[s] for m in g[n]}) & near
               and any(ed().spaces[n].kind == "minor" for n in g[s]))
    keep = near | {far} | set(g[far])
    for sid in ed().spaces:
        if sid not in keep:
            st["pc"][sid] = "ind"
    st["pc"][fed] = st["pc"][far] = seat
    put(st, fed, seat, mercenary=2)
    return st, seat, fed, far


def _placing_board():
    st, seat, fed, far = _walled_board()
    PROCS.push(st, "place_pcs", seat=seat, left=3, start=[fed, far])
    PROCS.advance(st)
    return st, seat, fed, far


@pytest.mark.rule("successors", "6.7")
def test_the_prior_places_no_pc_that_will_be_isolated():
    st, seat, fed, far = _placing_board()
    p = prompt(st)
    assert p.rule == "6.6.3.2"
    targets = [c.id for c in p.choices if c.id != "stop"]
    lost = []
    for sid in targets:                      # what the Isolation Phase would remove
        trial = {**st, "pc": {**st["pc"], sid: seat}}
        lost.append(sid in isolated_pcs(trial, seat))
    assert any(lost) and not all(lost)
    prior, leaning = _prior(st, p), _leanings(st, p)
    cut = [s for s, x in zip(targets, lost, strict=True) if x and ed().spaces[s].kind != "major"]
    kept = [s for s, x in zip(targets, lost, strict=True) if not x]
    # the bot leans towards some isolated space at least as much as towards a supplied one ...
    assert max(leaning[s] for s in cut) >= min(leaning[s] for s in kept)
    # ... the prior weighs every isolated space below every supplied one
    assert max(prior[s] for s in cut) < min(prior[s] for s in kept)


@pytest.mark.rule("successors", "6.4.2")
def test_a_reinforcement_goes_where_it_brings_pcs_back_into_supply():
    st, seat, fed, far = _walled_board()
    assert isolated_pcs(st, seat) == [far]
    PROCS.push(st, "reinforce", seat=seat, pieces=[["unit", "mercenary"]], placed={},
               start=[])
    PROCS.advance(st)
    p = prompt(st)
    assert p.rule == "6.4.2" and {fed, far} <= {c.id for c in p.choices}
    leaning, prior = _leanings(st, p), _prior(st, p)
    assert leaning[far] == leaning[fed]
    assert prior[far] > 2 * prior[fed]


def _march(blue: int, white: int):
    """Krateros (Blue, ``blue`` Mercenaries) marches from Tarsos into Issos, held by
    Ptolemaios (White, ``white`` Mercenaries); White's reaction comes next."""
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=blue)
    give(st, "ptolemaios", "white", "issos")
    put(st, "issos", "white", mercenary=white)
    activate(st, "krateros", 3)
    return choose(st, "go:issos")


def _grant_asked(blue: int, white: int):
    """:func:`_march`, White standing: Blue is asked whether to ask for Friendly Passage."""
    st = choose(_march(blue, white), "stay")
    assert prompt(st).rule == "8.3.8.1" and prompt(st).seat == "blue"
    return st


@pytest.mark.rule("successors", "8.3.8.1")
def test_friendly_passage_is_granted_or_refused_by_the_odds():
    for blue, white, answer in ((2, 8, "refuse"), (8, 2, "grant")):
        st = choose(_grant_asked(blue, white), "passage")
        p = prompt(st)
        assert p.seat == "white" and {c.id for c in p.choices} == {"grant", "refuse"}
        assert _leanings(st, p)["grant"] == _leanings(st, p)["refuse"]   # the bot: even
        prior = _prior(st, p)
        assert prior[answer] > 4 * prior[({"grant", "refuse"} - {answer}).pop()]


@pytest.mark.rule("successors", "8.3.8.1")
def test_the_mover_attacks_when_the_odds_favour_it_and_asks_passage_when_not():
    for blue, white, answer in ((8, 2, "attack"), (2, 8, "passage")):
        st = _grant_asked(blue, white)
        p = prompt(st)
        prior = _prior(st, p)
        assert prior[answer] > 4 * prior[({"attack", "passage"} - {answer}).pop()]


@pytest.mark.rule("successors", "10.1")
def test_a_weaker_army_tries_to_avoid_battle_and_a_stronger_one_stands():
    for blue, white, answer in ((8, 2, "avoid"), (2, 8, "stay")):
        st = _march(blue, white)
        p = prompt(st)
        assert p.rule == "10.1" and p.seat == "white"
        prior = _prior(st, p)
        assert prior[answer] > 2 * prior[({"avoid", "stay"} - {answer}).pop()]


@pytest.mark.rule("successors", "7.1")
def test_a_province_is_taken_first_from_the_rival_nearest_the_vp_total():
    """Two rivals each hold a province of the same VP; the one with more VP (near the
    four-player total of 23) is the one whose province is worth more to break."""
    st = bare("four-player", 1, turn=2)
    provs = [p for p in ed().provinces.values() if p.major is None and p.vp == 2]
    a, b = provs[0], next(p for p in provs[1:] if not set(p.spaces) & set(provs[0].spaces))
    for prov, who in ((a, "blue"), (b, "white")):
        for sid in prov.spaces[:prov.need]:
            st["pc"][sid] = who
    view = GAME.view(st, "yellow")
    even = {"blue": 10, "white": 10, "yellow": 5, "black": 5}
    lead = {"blue": 21, "white": 10, "yellow": 5, "black": 5}
    at_a, at_b = a.spaces[0], b.spaces[0]
    assert bot.pc_value(view, "yellow", at_a, even) == bot.pc_value(view, "yellow", at_b, even)
    assert bot.pc_value(view, "yellow", at_a, lead) > bot.pc_value(view, "yellow", at_b, lead) + 1
    assert bot.pc_value(view, "yellow", at_b, lead) == bot.pc_value(view, "yellow", at_b, even)
