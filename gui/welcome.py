"""The welcome page: what the window shows in the map's place until a game is on.

Each game on a card (a small picture of its map, its title, how many play, the scenarios
that play, a New Game button), Resume for the autosaved game, and the recent saves. The
map pictures are drawn from each game's own map data in ``assets/`` once the window is on
screen (:meth:`WelcomePage.draw_pictures`), so they cost the start nothing.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rules.engine import registry
from rules.engine.game import Game
from rules.engine.registry import asset_dir

from . import settings
from .paths import autosave_path

PICTURE = (270, 150)                 # a card's map picture, pixels
#: a card lists this many scenarios at most, then "and N more"
MAX_SCENARIO_LINES = 4
#: from this width of the page on, the cards stand three in a row (else two)
THREE_FROM = 1400
SEA = QColor("#b9cfd6")
LAND = QColor("#efe3c4")
COAST = QColor("#7d6a4a")
BORDER = QColor(125, 106, 74, 90)

STYLE = """
QWidget#welcome { background: #f3ecdc; }
QFrame#card, QFrame#side { background: #fffdf7; border: 1px solid #d9ccb0; border-radius: 8px; }
QFrame#card QLabel, QFrame#side QLabel { border: none; background: transparent; }
QLabel#heading { font-family: serif; font-size: 30pt; color: #3e3322; }
QLabel#tagline { font-size: 11pt; color: #6b5d45; }
QLabel#cardTitle { font-family: serif; font-size: 15pt; color: #3e3322; }
QLabel#sideTitle { font-family: serif; font-size: 13pt; color: #3e3322; }
QLabel#muted { color: #6b5d45; }
QLabel#picture { border: 1px solid #cdbf9f; }
QPushButton#primary { background: #7a4b22; color: white; border: none; border-radius: 4px;
                      padding: 7px 12px; font-weight: bold; }
QPushButton#primary:hover { background: #915a2a; }
QPushButton#primary:disabled { background: #c9bba0; }
"""

Rings = list[list[tuple[float, float]]]
#: a game's map outline in its own scene units: (land rings, border rings, view box)
Outline = tuple[Rings, Rings, tuple[float, float, float, float]]


def _hubris_outline() -> Outline:
    geo = json.loads((asset_dir("hubris") / "geo.json").read_text(encoding="utf-8"))
    land = [ring for poly in geo["land"] for ring in poly]
    borders = [ring for area in geo["areas"].values() if area["kind"] == "satrapy"
               for poly in area["polygons"] for ring in poly[:1]]
    x0, y0, x1, y1 = geo["frame"]
    inset = 0.03 * (x1 - x0)                  # the frame's straight edges stay outside
    return land, borders, (x0 + inset, y0 + inset, x1 - inset, y1 - inset)


def _mare_nostrum_outline() -> Outline:
    coast = json.loads((asset_dir("mare-nostrum") / "map-coast.json").read_text(
        encoding="utf-8"))
    x0, y0, x1, y1 = coast["box"]
    return coast["rings"], [], (x0, y0 + 0.12 * (y1 - y0), x1, y1)   # less of the Alps


def _point_map_outline(game_id: str) -> Outline:
    """A point-to-point game's ``coast.json`` (lon/lat land rings in its ``bbox``), drawn
    equirectangular about the box's middle latitude, north up."""
    coast = json.loads((asset_dir(game_id) / "coast.json").read_text(encoding="utf-8"))
    x0, y0, x1, y1 = coast["bbox"]
    k = math.cos(math.radians((y0 + y1) / 2))
    rings = [[(x * k, -y) for x, y in ring] for ring in coast["land"]]
    return rings, [], (x0 * k, -y1, x1 * k, -y0)


#: game id -> the reader of its map outline (a game without one gets a plain tile)
OUTLINES: dict[str, Callable[[], Outline]] = {
    "hubris": _hubris_outline,
    "mare-nostrum": _mare_nostrum_outline,
    "successors": lambda: _point_map_outline("successors"),
    "sword-of-rome": lambda: _point_map_outline("sword-of-rome"),
    "athens-sparta": lambda: _point_map_outline("athens-sparta"),
}


def map_picture(game_id: str, size: tuple[int, int] = PICTURE) -> QPixmap:
    """A small picture of the game's map: land on sea, fitted and centred."""
    w, h = size
    pixmap = QPixmap(w, h)
    pixmap.fill(SEA)
    reader = OUTLINES.get(game_id)
    if reader is None:
        return pixmap
    try:
        land_rings, border_rings, (x0, y0, x1, y1) = reader()
    except (OSError, KeyError, ValueError):
        return pixmap          # no picture is no reason to refuse the welcome
    scale = max(w / (x1 - x0), h / (y1 - y0))       # fill the picture, centred
    dx = w / 2 - (x0 + x1) / 2 * scale
    dy = h / 2 - (y0 + y1) / 2 * scale

    def path(rings: Rings) -> QPainterPath:
        out = QPainterPath()
        out.setFillRule(Qt.FillRule.OddEvenFill)
        for ring in rings:
            out.addPolygon(QPolygonF([QPointF(x * scale + dx, y * scale + dy)
                                      for x, y in ring]))
            out.closeSubpath()
        return out

    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    land = path(land_rings)
    painter.fillPath(land, LAND)
    painter.strokePath(path(border_rings), QPen(BORDER, 0.7))
    painter.strokePath(land, QPen(COAST, 0.6))
    painter.end()
    return pixmap


def short_title(game: Game) -> str:
    """The game's name for a button: before a colon, without a parenthesis
    ("Athens and Sparta (reconstruction)" -> "Athens and Sparta"), "The" dropped
    ("New Sword of Rome game")."""
    title = (game.title or game.id).split(":")[0].split(" (")[0].strip()
    return title.removeprefix("The ") or game.id


def players_text(game: Game) -> str:
    """How many may play, over every scenario: "1–3 players"."""
    counts: set[int] = set()
    for s in game.scenarios():
        counts.update(range(s.min_seats or len(s.seats), len(s.seats) + 1))
    low, high = min(counts), max(counts)
    return f"{low} player" if low == high == 1 else (
        f"{low} players" if low == high else f"{low}–{high} players")


class GameCard(QFrame):
    """One game: its map picture, title, players, the scenarios that play, New Game."""

    def __init__(self, game: Game, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.game = game
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 16)
        layout.setSpacing(8)
        self.picture = QLabel()
        self.picture.setObjectName("picture")
        self.picture.setFixedSize(*PICTURE)
        self.picture.setStyleSheet(f"background: {SEA.name()};")
        layout.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignHCenter)
        title = QLabel(game.title or game.id)
        title.setObjectName("cardTitle")
        title.setWordWrap(True)
        layout.addWidget(title)
        scenarios = game.scenarios()
        playable = [s for s in scenarios if s.playable]
        others = len(scenarios) - len(playable)
        lines = [f"<b>{players_text(game)}</b>"]
        shown = playable if len(playable) <= MAX_SCENARIO_LINES else \
            playable[:MAX_SCENARIO_LINES - 1]
        lines += [f"▸ {s.title}" for s in shown]
        if len(shown) < len(playable):
            lines.append(f"▸ and {len(playable) - len(shown)} more scenarios")
        if others:
            lines.append(f"<i>and {others} scenario{'s' if others > 1 else ''} "
                         "to look at (set-up only)</i>")
        info = QLabel("<br>".join(lines))
        info.setObjectName("muted")
        info.setWordWrap(True)
        info.setMaximumWidth(PICTURE[0])
        layout.addWidget(info)
        layout.addStretch(1)
        self.new_button = QPushButton(f"New {short_title(game)} game…")
        self.new_button.setObjectName("primary")
        self.new_button.setEnabled(bool(playable))
        layout.addWidget(self.new_button)
        self.setFixedWidth(PICTURE[0] + 32)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)

    def draw_picture(self) -> None:
        self.picture.setPixmap(map_picture(self.game.id))


class WelcomePage(QScrollArea):
    """The page in the map's place before a game. Signals say what the player asked for."""

    newGame = Signal(str)        # a game id: New Game, preselected on that game
    resume = Signal()            # open the autosaved game
    openFile = Signal(str)       # open a recent save (its path)
    openDialog = Signal()        # the Open dialog

    def __init__(self, games: list[Game], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        page = QWidget()
        page.setObjectName("welcome")
        page.setStyleSheet(STYLE)
        self.setWidget(page)
        centred = QHBoxLayout(page)
        centred.addStretch(1)
        column = QWidget()
        column.setMaximumWidth(1460)
        centred.addWidget(column, 100)
        centred.addStretch(1)
        outer = QVBoxLayout(column)
        outer.setContentsMargins(32, 20, 32, 24)
        outer.setSpacing(6)
        heading = QLabel("Hegemon")
        heading.setObjectName("heading")
        outer.addWidget(heading)
        tagline = QLabel("Strategy board games of the ancient Mediterranean, every rule "
                         "enforced: hot-seat, solo or against bots.")
        tagline.setObjectName("tagline")
        tagline.setWordWrap(True)
        outer.addWidget(tagline)
        outer.addSpacing(18)

        body = QHBoxLayout()
        body.setSpacing(24)
        cards = QGridLayout()
        cards.setSpacing(18)
        self.grid = cards
        self.columns = 0
        self.cards: list[GameCard] = []
        for game in games:
            card = GameCard(game)
            card.new_button.clicked.connect(lambda _=False, g=game.id: self.newGame.emit(g))
            self.cards.append(card)
        self._place_cards(2)
        body.addLayout(cards)
        body.addWidget(self._side(), 1, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(body)
        outer.addStretch(1)
        self.refresh()

    def _place_cards(self, columns: int) -> None:
        """The cards in ``columns`` columns (three on a wide page: all in view)."""
        if columns == self.columns:
            return
        self.columns = columns
        for card in self.cards:
            self.grid.removeWidget(card)
        for i, card in enumerate(self.cards):
            self.grid.addWidget(card, i // columns, i % columns, Qt.AlignmentFlag.AlignTop)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self._place_cards(3 if event.size().width() >= THREE_FROM else 2)
        super().resizeEvent(event)

    def _side(self) -> QFrame:
        """Resume and the recent saves."""
        side = QFrame()
        side.setObjectName("side")
        side.setMinimumWidth(280)
        side.setMaximumWidth(420)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(16, 16, 16, 16)
        self.resume_box = QWidget()
        box = QVBoxLayout(self.resume_box)
        box.setContentsMargins(0, 0, 0, 12)
        title = QLabel("Continue")
        title.setObjectName("sideTitle")
        box.addWidget(title)
        self.resume_text = QLabel()
        self.resume_text.setObjectName("muted")
        self.resume_text.setWordWrap(True)
        box.addWidget(self.resume_text)
        self.resume_button = QPushButton("Resume")
        self.resume_button.setObjectName("primary")
        self.resume_button.clicked.connect(self.resume.emit)
        box.addWidget(self.resume_button)
        layout.addWidget(self.resume_box)
        title = QLabel("Recent saves")
        title.setObjectName("sideTitle")
        layout.addWidget(title)
        self.recent = QListWidget()
        self.recent.setMinimumHeight(140)
        self.recent.setSpacing(3)
        self.recent.itemActivated.connect(self._recent_chosen)
        layout.addWidget(self.recent)
        self.no_recent = QLabel("None yet: a game you save appears here.")
        self.no_recent.setObjectName("muted")
        self.no_recent.setWordWrap(True)
        layout.addWidget(self.no_recent)
        self.open_button = QPushButton("Open a saved game…")
        self.open_button.clicked.connect(self.openDialog.emit)
        layout.addWidget(self.open_button)
        return side

    def refresh(self) -> None:
        """Resume and the recent saves as they are now (call before showing the page)."""
        autosave = autosave_path()
        self.resume_box.setVisible(autosave.exists())
        if autosave.exists():
            when = time.strftime("%d %b %Y, %H:%M", time.localtime(autosave.stat().st_mtime))
            self.resume_text.setText(f"{_save_title(autosave) or 'An unfinished game'}, "
                                     f"saved automatically on {when}.")
        self.recent.clear()
        for path in settings.recent_files():
            p = Path(path)
            item = QListWidgetItem(f"{p.name}\n{p.parent}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path)
            if not p.exists():
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                item.setText(f"{p.name} (no longer there)\n{p.parent}")
            self.recent.addItem(item)
        self.recent.setVisible(self.recent.count() > 0)
        self.no_recent.setVisible(self.recent.count() == 0)

    def draw_pictures(self) -> None:
        """Draw each card's map picture (after the window's first paint)."""
        for card in self.cards:
            if card.picture.pixmap().isNull():
                card.draw_picture()

    def _recent_chosen(self, item: QListWidgetItem) -> None:
        self.openFile.emit(item.data(Qt.ItemDataRole.UserRole))


def _save_title(path: Path) -> str:
    """The game and scenario of a save ("Hubris: 12.3 ..."), or "" if it cannot tell."""
    try:
        head = json.loads(path.read_text(encoding="utf-8"))
        game = registry.get(head["game"])
        return f"{game.title.split(':')[0]}: {game.scenario(head['scenario']).title}"
    except (OSError, ValueError, KeyError, TypeError, RecursionError, AttributeError):
        return ""

