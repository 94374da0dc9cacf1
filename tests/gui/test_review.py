"""Review a game (issue #32): the history slider, step buttons and log clicks move the
position shown; Analyse judges a seat's decisions in the background (progress, marks,
chart); and a review never changes the save."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gui.review.launch import review_path
from rules.engine import search
from rules.engine.search import Budget
from rules.engine.session import Session


def finished_duel(seed: int = 3) -> Session:
    session = Session.new("duel", "long", {"north": "human", "south": "bot"}, {}, seed)
    session.controllers["north"] = "random"
    while session.result() is None:
        session.bot_step()
    session.controllers["north"] = "human"
    return session


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "duel.json"
    finished_duel().save(path)
    return path


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    monkeypatch.setitem(search.THINK, "fast", Budget(steps=150))


def review_of(qtbot, window, path):
    review = review_path(window, str(path))
    assert review is not None
    qtbot.addWidget(review)
    qtbot.waitExposed(review)
    return review


def test_review_moves_through_the_game_and_analyses_five_decisions(qtbot, window, save):
    review = review_of(qtbot, window, save)
    total = review.total
    assert total > 10 and review.position == total
    final_log = review.log.count()
    assert final_log and not any(review.log.item(i).foreground().color().name() == "#b3ab9c"
                                 for i in range(final_log))   # at the end, nothing is later
    review.go(total // 2)
    assert [review.log.item(i).foreground().color().name() == "#b3ab9c"
            for i in range(final_log)] == [review.log.item(i).data(Qt.ItemDataRole.UserRole)
                                           > total // 2 for i in range(final_log)]
    # the slider to the start and back
    review.slider.setValue(0)
    qtbot.waitUntil(lambda: review.position == 0)
    assert "The start" in review.where.text()
    assert review.scene is not None and not review.first_button.isEnabled()
    start_scores = dict(review.timeline.state_at(0)["score"])
    assert start_scores == {"north": 0, "south": 0}
    review.slider.setValue(total)
    qtbot.waitUntil(lambda: review.position == total)
    assert "Game over" in review.where.text()
    # a step button
    qtbot.mouseClick(review.back_button, Qt.MouseButton.LeftButton)
    assert review.position == total - 1 and review.slider.value() == total - 1
    d = review.timeline.decisions[total - 1]
    assert d.label in review.where.text()
    # a log click goes to the position the entry was written in
    row = next(i for i in range(final_log)
               if 0 < review.log.item(i).data(Qt.ItemDataRole.UserRole) < total - 3)
    item = review.log.item(row)
    review.log.scrollToItem(item)
    rect = review.log.visualItemRect(item)
    qtbot.mouseClick(review.log.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    k = item.data(Qt.ItemDataRole.UserRole)
    assert review.position == k
    assert review.timeline.decisions[k - 1].log_after > row     # written by decision k
    assert review.log.count() == final_log                    # the whole log stays listed
    greyed = [review.log.item(i).foreground().color().name() == "#b3ab9c"
              for i in range(final_log)]
    assert greyed == [review.log.item(i).data(Qt.ItemDataRole.UserRole) > k
                      for i in range(final_log)]
    assert any(greyed) and not all(greyed)
    # Analyse five of North's decisions from the start
    review.go(0)
    review.seat_box.setCurrentIndex(review.seat_box.findData("north"))
    review.limit.setValue(5)
    review.think.setCurrentIndex(review.think.findData("fast"))
    qtbot.mouseClick(review.analyse_button, Qt.MouseButton.LeftButton)
    assert review.cancel_button.isEnabled()
    with qtbot.waitSignal(review.analysis.finished, timeout=120_000) as done:
        pass
    assert done.args == [False]
    assert review.progress.value() == review.progress.maximum() == 5
    assert len(review.verdicts) == 5
    assert all(v.seat == "north" for v in review.verdicts.values())
    assert len(review.chart.verdicts) == 5
    assert all(set(v.chances) == {"north", "south"} for v in review.chart.verdicts)
    marked = [v for v in review.verdicts.values() if v.marked]
    assert review.marks.count() == len(marked)
    assert "5 decisions analysed" in review.summary.text()
    first = min(review.verdicts)
    review.go(first)
    assert "Search" in review.where.text()
    assert review.analyse_button.isEnabled() and not review.cancel_button.isEnabled()


def test_a_review_and_its_analysis_never_change_the_save(qtbot, window, save):
    before = save.read_bytes()
    stamp = os.stat(save).st_mtime_ns
    files = sorted(save.parent.iterdir())
    review = review_of(qtbot, window, save)
    review.go(0)
    review.step(3)
    review.seat_box.setCurrentIndex(review.seat_box.findData("south"))
    review.think.setCurrentIndex(review.think.findData("fast"))
    review.analyse()
    with qtbot.waitSignal(review.analysis.finished, timeout=120_000):
        pass
    assert review.verdicts
    review.go(review.total)
    review.close()
    assert save.read_bytes() == before
    assert hashlib.sha256(save.read_bytes()).digest() == hashlib.sha256(before).digest()
    assert os.stat(save).st_mtime_ns == stamp
    assert sorted(save.parent.iterdir()) == files       # no file written beside it


def test_cancel_stops_the_analysis(qtbot, window, save, monkeypatch):
    monkeypatch.setitem(search.THINK, "strong", Budget(steps=10_000_000))
    review = review_of(qtbot, window, save)
    review.go(0)
    review.think.setCurrentIndex(review.think.findData("strong"))
    review.analyse()
    qtbot.wait(100)
    with qtbot.waitSignal(review.analysis.finished, timeout=30_000) as done:
        qtbot.mouseClick(review.cancel_button, Qt.MouseButton.LeftButton)
    assert done.args == [True]
    assert review.analyse_button.isEnabled()
    assert "cancelled" in review.summary.text()


def test_the_end_of_game_dialog_offers_a_review(qtbot, window):
    window.set_session(finished_duel(5))
    qtbot.waitUntil(lambda: window.result_dialog is not None)
    button = window.result_dialog.findChild(QPushButton, "reviewButton")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(getattr(window, "reviews", [])))
    review = window.reviews[-1]
    qtbot.addWidget(review)
    assert review.total == len(window.session.choices) and review.position == review.total
    assert "North" in review.headline.text() or "South" in review.headline.text() \
        or "Draw" in review.headline.text()


def test_a_save_that_does_not_open_gives_a_message(qtbot, window, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert review_path(window, str(path)) is None
    assert "Could not review" in window.error_box.text()


def test_a_game_in_progress_that_hides_cards_is_reviewed_as_the_seat_at_the_screen(
        qtbot, window):
    """Review this game, mid-game: North (the human at the screen) sees its own hand and
    choices, not South's, and can analyse only its own decisions."""
    session = Session.new("duel", "long", {"north": "human", "south": "bot"}, {}, 8)
    session.controllers["north"] = "random"
    for _ in range(6):
        session.bot_step()
    session.controllers["north"] = "human"
    window.set_session(session)
    from gui.review.launch import review_session

    review = review_session(window)
    assert review is not None
    qtbot.addWidget(review)
    assert review.result is None and review.viewer == "north"
    assert [review.seat_box.itemData(i) for i in range(review.seat_box.count())] == ["north"]
    south = next(d for d in review.timeline.decisions if d.seat == "south")
    review.go(south.index)
    assert review.where.text().endswith("South: Play a card — decided.")
    view = review._view(review.position)
    assert isinstance(view["hands"]["south"], int) and isinstance(view["hands"]["north"], list)
    north = next(d for d in review.timeline.decisions if d.seat == "north")
    review.go(north.index)
    assert north.label in review.where.text()


def test_analyse_is_off_where_the_search_cannot_guess_the_hidden_cards(qtbot, window,
                                                                       tmp_path):
    from rules.engine import registry

    blind = [g for g in sorted(registry.KNOWN) if not search.can_search(registry.get(g))]
    if not blind:
        pytest.skip("every game draws its hidden part now")
    game = registry.get(blind[0])
    info = next(s for s in game.scenarios() if s.playable)
    session = Session.new(game.id, info.id,
                          {seat: "bot" for seat in game.seats_for(info, {})}, None, 5)
    for _ in range(20):
        session.bot_step()
    path = tmp_path / "sor.json"
    session.save(path)
    review = review_of(qtbot, window, path)
    assert not review.analyse_button.isEnabled()
    assert "Analyse is off" in review.summary.text()
    review.go(0)
    review.step(5)
    assert review.position == 5


def test_the_start_of_a_hubris_game_is_shown_as_its_first_decision_was_asked(qtbot, window,
                                                                           tmp_path):
    """A new Fourth Syrian War's state is before the Decks Phase; its first decision is asked
    in the Action Phase (the main window shows that, issue #31): so does the review."""
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "bot", "seleucids": "bot"}, {}, 2, undo=False)
    while session.result() is None:
        session.bot_step()
    path = tmp_path / "syrian.json"
    session.save(path)
    review = review_of(qtbot, window, path)
    review.go(0)
    assert "Action Phase (3.6)" in review.panel.sections["turn"].text()
    # the automatic start's log (the deck shuffled, the first Event drawn) is not greyed
    first = review.timeline.log_start
    assert first > 5 and all(review.timeline.position_of_log_entry(i) == 0 for i in range(first))
