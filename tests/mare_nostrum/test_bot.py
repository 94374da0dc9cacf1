"""The ``bot`` seat's strategy (rules/mare_nostrum/bot.py, docs/mare-nostrum-bot.md)."""

from __future__ import annotations

import pytest

from rules.engine.runner import play
from rules.engine.state import ask
from rules.mare_nostrum import GAME
from rules.mare_nostrum.bot import EXPLORE, weights
from rules.mare_nostrum.game import SCENARIOS
from rules.mare_nostrum.refresh import refresh
from rules.mare_nostrum.tables import EMPIRES, ROWS

from .helpers import act, bare, game, hx, place

G = game()


def share(s: dict, choice: str) -> float:
    """The chance that the bot picks ``choice`` in ``s``."""
    p = G.prompt(s)
    w = weights(G, s, p)
    return w[[c.id for c in p.choices].index(choice)] / sum(w)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_bot_game_ends_with_a_winner_and_weights_fit_every_prompt(scenario, monkeypatch):
    """Every prompt gets one positive weight per choice, at least the exploration share;
    the game keeps its invariants and ends by victory points well under the step cap."""
    seen = []

    def checked(view, prompt):
        w = weights(GAME, view, prompt)
        assert len(w) == len(prompt.choices)
        floor = EXPLORE / len(w) * sum(w) * 0.999
        assert all(x >= floor > 0 for x in w), prompt.text
        seen.append(len(w))
        return w

    monkeypatch.setattr(GAME, "bot_weights", checked)
    out = play("mare-nostrum", scenario, dict.fromkeys(EMPIRES, "bot"), 3, step_cap=20_000,
               check_invariants=True)
    assert not out.error, out.error
    assert out.result is not None and len(out.result.winners) == 1
    assert "victory points" in out.result.reason
    assert len(seen) == out.decisions < 10_000


def test_mixed_table_of_random_and_bot_seats_finishes():
    seats = {e: ("bot" if i % 2 else "random") for i, e in enumerate(EMPIRES)}
    out = play("mare-nostrum", "short", seats, 2, step_cap=60_000)
    assert not out.error and out.result is not None and len(out.result.winners) == 1


def _one_vp_short(s: dict, e: str) -> None:
    """``e`` at 7 VP in the short game (8 wins): Golden Ages on all four rows and on the
    Stability Track, and two monuments (ch.2)."""
    place(s, hx(0, 0), e, post="trade_post", monument=True)
    place(s, hx(7, 1), e, post="trade_post", monument=True)
    emp = s["empires"][e]
    emp["dev"] = {r: len(G.tables.boxes[r]) for r in ROWS}
    emp["stability"] = 11
    refresh(G, s)
    assert emp["vp"] == s["vp_target"] - 1 == 7


@pytest.mark.rule("mare-nostrum", "2")
@pytest.mark.rule("mare-nostrum", "12")
def test_bot_takes_the_winning_monument():
    """One VP short with a monument affordable: BUILD is the action, the monument the build."""
    s = bare(scenario="short")
    _one_vp_short(s, "rome")
    city = hx(2, 2)                      # a city of Rome's with a trade post, no monument
    place(s, city, "rome", post="trade_post", legions=1)
    s["cycle"]["next"] = s["order"].index("rome")          # Rome chooses its action (ch.8)
    G.forget_prompt(s)
    assert share(s, "action:build") > 0.9
    act(s, "rome", "build")
    assert {"monument:" + city, "fortress:" + city, "done"} <= {c.id for c in G.prompt(s).choices}
    assert share(s, "monument:" + city) > 0.9
    s = G.apply(s, "monument:" + city)
    assert s["empires"]["rome"]["vp"] == s["vp_target"]


@pytest.mark.rule("mare-nostrum", "2")
@pytest.mark.rule("mare-nostrum", "9.6")
def test_bot_develops_the_golden_age_box_first():
    """The last box of a row is a Golden Age, a victory point (ch.2, 9.6)."""
    s = bare()
    emp = s["empires"]["greece"]
    emp["dev"] = {"military": 1, "fleet": 0, "economy": 1, "culture": 10}
    refresh(G, s)
    act(s, "greece", "develop")
    assert "dev:culture" in {c.id for c in G.prompt(s).choices}
    assert share(s, "dev:culture") > 0.9


@pytest.mark.rule("mare-nostrum", "9.5")
def test_bot_pays_for_the_stability_golden_age():
    """At +10 one box more is the Golden Age of the Stability Track: a VP (9.5, ch.2)."""
    s = bare()
    s["empires"]["egypt"]["stability"] = 10
    refresh(G, s)
    act(s, "egypt", "stability")
    assert share(s, "raise") > 0.9


@pytest.mark.rule("mare-nostrum", "9.8")
@pytest.mark.rule("mare-nostrum", "14")
def test_bot_never_refuses_an_armistice_into_revolution():
    """At -7 refusing Rome costs 3 boxes: revolution (ch.14). Only exploration picks it."""
    s = bare()
    s["empires"]["carthage"]["stability"] = -7
    ask(s, "carthage", "armistice-answer", asker="rome", price=35)
    G.forget_prompt(s)
    assert G.prompt(s).seat == "carthage"
    assert share(s, "refuse") <= EXPLORE


@pytest.mark.rule("mare-nostrum", "9.2")
@pytest.mark.rule("mare-nostrum", "11")
def test_bot_takes_over_the_post_that_wins_an_island():
    """An ungarrisoned Greek post on a one-hex island, contested by Roman legions: taking
    it over (9.2) gives Rome the island (ch.11)."""
    s = bare()
    isle = hx(12, 8)
    place(s, isle, "greece", post="trade_post")
    place(s, isle, "rome", legions=2, contested=True)
    act(s, "rome", "attack")
    assert {c.id for c in G.prompt(s).choices} == {"takeover:" + isle, "done"}
    assert share(s, "takeover:" + isle) > 0.9
    s = G.apply(s, "takeover:" + isle)
    assert "isle_b" in s["empires"]["rome"]["control"]


@pytest.mark.rule("mare-nostrum", "9.2")
def test_bot_does_not_start_a_losing_combat():
    """Two Phase I legions (CV 1 each) against a fortress (CV 5): the attacker loses a
    legion and kills nothing (9.2), so the bot ends the attack instead."""
    s = bare()
    h = hx(7, 1)
    place(s, h, "greece", post="fortress")
    place(s, h, "rome", legions=2, contested=True)
    act(s, "rome", "attack")
    assert "land:" + h in {c.id for c in G.prompt(s).choices}
    assert share(s, "done") > 0.9


def test_bot_is_stateless_a_reloaded_game_continues_the_same():
    """The bot reads everything from the state at each decision: a game replayed from its
    save continues with the very same choices."""
    from rules.engine.session import Session

    seats = dict.fromkeys(EMPIRES, "bot")
    a = Session.new("mare-nostrum", "short", seats, {}, 11)
    for _ in range(400):
        a.bot_step()
    b = Session.from_save(a.to_save())
    kept = [b.bot_step() for _ in range(600)]
    again = [a.bot_step() for _ in range(600)]
    assert again == kept
    assert b.state == a.state
