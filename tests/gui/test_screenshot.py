"""``render`` writes the main window, at the size asked, to a PNG."""

from PySide6.QtGui import QImage

from gui.screenshot import render


def test_render_writes_a_png_of_the_window(qtbot, tmp_path):
    out = tmp_path / "duel.png"
    render("duel", "short", str(out), size=(1024, 700))
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1024, 700)
    colours = {image.pixel(x, y) for x in range(0, 1024, 37) for y in range(0, 700, 29)}
    assert len(colours) > 5                         # not a blank grab
