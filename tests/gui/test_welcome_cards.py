"""The welcome page at 1600x1000 (issue 12): every game's card in view, each with a map
picture (not a blank tile) and a New Game button whose text fits."""

from PySide6.QtGui import QColor

from gui.welcome import SEA

GAMES = {"hubris", "mare-nostrum", "sword-of-rome", "successors", "athens-sparta"}


def test_every_card_is_in_view_with_a_picture_and_a_whole_button(qtbot, window):
    window.resize(1600, 1000)
    window.show_welcome()
    qtbot.wait(50)
    page = window.welcome
    page.draw_pictures()
    qtbot.wait(20)
    view = page.viewport().rect()
    ids = [card.game.id for card in page.cards]
    assert {"athens-sparta", "sword-of-rome"} <= set(ids)
    for card in page.cards:
        corner = card.new_button.mapTo(page.viewport(), card.new_button.rect().bottomRight())
        assert view.contains(corner), f"{card.game.id}'s button is below the fold"
        button = card.new_button
        need = button.fontMetrics().horizontalAdvance(button.text()) + 24
        assert need <= button.width(), (card.game.id, button.text(), button.width())
        if card.game.id not in GAMES:
            continue                            # (the tests' Duel game has no map)
        image = card.picture.pixmap().toImage()
        colours = {image.pixelColor(x, y).rgb() for x in range(0, image.width(), 15)
                   for y in range(0, image.height(), 15)}
        assert colours - {QColor(SEA).rgb()}, f"{card.game.id}: a blank tile"
