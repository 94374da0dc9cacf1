"""A card's choice shows what the card does, not only in a tooltip (issue 10)."""

from gui.prompt_dock import PromptDock, news_in
from rules.engine.game import Choice, Prompt

from .fit_check import cut_texts

CARDS = [Choice("play:11", "Play 11 Pontic Fleet (3)",
                detail="Take the Pontic Fleet; it does not count for the Largest Fleet."),
         Choice("play:16", "Play 16 Silver Shields (3)",
                detail="Take the Silver Shields (2 CUs of strength 3) with one of your "
                       "generals. Afterwards a Surprise card: the Shields come over to you.")]


def test_a_card_choice_shows_the_cards_text(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.resize(330, 600)
    dock.show()
    dock.show_prompt(Prompt("yellow", "Tyche Segment: choose a card", CARDS,
                            kind="choose-card"))
    qtbot.wait(20)
    button = dock.buttons["play:11"]
    assert button.detail is not None and button.detail.isVisible()
    assert button.detail.text() == CARDS[0].detail
    assert cut_texts(dock) == []


def test_a_detail_that_only_repeats_the_label_is_not_shown_twice():
    same = Choice("act", "Taurion: Raise Additional Taxes (5.8)",
                  detail="Taurion [M1]: Raise Additional Taxes (5.8)")
    assert news_in(same) == ""
    assert news_in(CARDS[0]) == CARDS[0].detail
