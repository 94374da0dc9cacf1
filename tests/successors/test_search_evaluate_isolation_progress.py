"""Session 14 (issue #32): what the search's evaluation and the ``bot`` policy read of the
race to the VP total. The evaluation counts PCs that will be lost at the turn's isolation
check (6.7) as lost once the turn is under way, and gives a share of a province's VP for
the PCs placed towards it; the bot, choosing the first player (6.2), plays first."""

from __future__ import annotations

from rules.successors import bot
from rules.successors.model import ed
from rules.successors.search_hooks import evaluate, progress, standing_vp

from .helpers import GAME, bare, set_up


def _province(major: bool, avoid: set[str] = frozenset()):
    return next(p for p in ed().provinces.values() if (p.major is not None) == major
                and p.vp >= 2 and p.id not in avoid and p.id != "makedonia")


def _held_board():
    """Two seats, no CU anywhere: the first holds a province without a Major City (so its
    PCs trace to nothing, 6.7), the second one with its Major City (a supply source)."""
    st = bare("two-player", 1, turn=1)
    a, b = st["players"]
    lone = _province(False)
    walled = next(p for p in ed().provinces.values() if p.major is not None
                  and p.vp == lone.vp and not set(p.spaces) & set(lone.spaces))
    for sid in lone.spaces:
        st["pc"][sid] = a
    for sid in walled.spaces:
        st["pc"][sid] = b
    return st, a, b, lone


def test_isolated_pcs_count_as_lost_as_the_turn_goes_on():
    st, a, b, lone = _held_board()
    st["round"] = 0
    early = {s: evaluate(st, s) for s in (a, b)}
    assert standing_vp(st)[a] == standing_vp(st)[b] == lone.vp
    st["round"] = st["rounds"]                      # the last Strategy Round
    assert standing_vp(st)[a] == 0 and standing_vp(st)[b] == lone.vp
    late = {s: evaluate(st, s) for s in (a, b)}
    assert late[a] < early[a] - 0.05
    assert late[b] > early[b] + 0.05
    assert abs(late[a] + late[b] - 1.0) < 1e-9


def test_pcs_towards_a_province_are_worth_a_share_of_its_vp():
    st = bare("two-player", 1, turn=2)
    st["round"] = 0
    a, b = st["players"]
    prov = next(p for p in ed().provinces.values() if p.need >= 3 and p.vp >= 3)
    before = evaluate(st, a)
    minor = [s for s in prov.spaces if s != prov.major]
    st["pc"][minor[0]] = a
    assert progress(st)[a] > 0 and progress(st)[b] == 0
    one = evaluate(st, a)
    st["pc"][minor[1]] = a
    two = evaluate(st, a)
    assert before < one < two
    assert two - before > 0.02


def test_the_bot_plays_first_when_it_chooses():
    st = set_up("two-player", 1)
    p = GAME.prompt(st)
    assert p.rule == "6.2"
    w = bot.weights(GAME.view(st, p.seat), p)
    mine = w[[c.id for c in p.choices].index(p.seat)]
    assert all(mine > x for c, x in zip(p.choices, w, strict=True) if c.id != p.seat)
