"""The Gallic player's ``bot`` (four players) keeps its home victory spaces: each one not
held costs a VP at every Scoring Phase (5.8.1), and the map gives the Gauls no other VP.
Constructed positions, the weights read off the bot (rules/sword_of_rome/bot*.py)."""

from __future__ import annotations

from rules.sword_of_rome import bot
from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance

from .helpers import GAME, bare, ids, put, run

HOME_VP = ("mediolanum", "bononia", "brixia")


def _weights(st: dict) -> dict[str, float]:
    prompt = GAME.prompt(st)
    view = GAME.view(st, prompt.seat)
    return dict(zip((c.id for c in prompt.choices), bot.weights(view, prompt), strict=True))


def _gallic_home(st: dict) -> None:
    for sid in HOME_VP:
        st["spaces"][sid]["ctl"] = "gauls"


def test_a_new_cu_goes_to_the_empty_home_victory_space():
    """Mediolanum and Bononia hold 3 CU each, Brixia none: the reinforcement goes to Brixia,
    where a single support point or raid would take it (7.3.3)."""
    st = bare("four-player")
    _gallic_home(st)
    put(st, "mediolanum", "gauls", 3, "gauls_minor")
    put(st, "bononia", "gauls", 3, "britomaris")
    run(st, "place", side="gauls", powers=["gauls"], n=1)
    w = _weights(st)
    assert "at:gauls:brixia" in w
    assert max(w, key=w.get) == "at:gauls:brixia"


def test_an_army_marching_out_of_a_home_victory_space_leaves_a_cu():
    """Britomaris with 4 CU at Bononia (no walled city) marches: he leaves one CU behind
    (support removes a PC only where its power has no CU, 7.3.3)."""
    st = bare("four-player")
    _gallic_home(st)
    put(st, "bononia", "gauls", 4, "britomaris")
    start_move(st, "gauls", "britomaris", 3)
    advance(st)
    assert "take:4" in ids(st) and "take:3" in ids(st)
    w = _weights(st)
    assert max(w, key=w.get) == "take:3"


def test_solidarity_buys_back_a_home_victory_space_not_a_plain_one():
    """Plunder spent on Gallic Solidarity (14.6): Bononia (a victory space) is worth its
    marker, Patavium (none) is not worth one."""
    st = bare("four-player")
    _gallic_home(st)
    st["spaces"]["bononia"]["ctl"] = "independent"
    st["spaces"]["patavium"]["ctl"] = "independent"
    st["plunder"]["gauls"] = 2
    put(st, "mediolanum", "gauls", 3, "gauls_minor")
    st["active_side"] = "gauls"
    run(st, "active", side="gauls", played=False)
    w = _weights(st)
    assert "solidarity:bononia" in w and "solidarity:patavium" in w
    assert w["solidarity:bononia"] > 10 * w["solidarity:patavium"]
    assert w["solidarity:bononia"] > 100 * w["end"]
