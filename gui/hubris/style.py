"""Colours and sizes of the Hubris map (scene units are warped map kilometres)."""

from __future__ import annotations

from PySide6.QtGui import QColor


class _Powers(dict):
    """Power colours; a Rebel faction ``rebel:<leader id>`` takes the Rebel colour (2.9)."""

    @staticmethod
    def _key(power: object) -> object:
        return "rebel" if isinstance(power, str) and power.startswith("rebel:") else power

    def __getitem__(self, power: object) -> QColor:
        return super().__getitem__(self._key(power))

    def __contains__(self, power: object) -> bool:
        return super().__contains__(self._key(power))

    def get(self, power: object, default: QColor | None = None) -> QColor | None:  # type: ignore[override]
        return super().get(self._key(power), default)


POWER = _Powers({
    "macedon": QColor("#7d4a9e"),      # purple (2.5.1)
    "ptolemies": QColor("#2f6db5"),    # blue
    "seleucids": QColor("#d9a514"),    # yellow
    "rome": QColor("#b8322a"),         # red
    "rebel": QColor("#3b3b3b"),
})
POWER_INK = {"seleucids": QColor("#2b2118")}   # dark text on the light yellow
PARCHMENT = QColor("#efe5c9")
NEUTRAL_LAND = QColor("#d8d0bb")
WATER = QColor("#c3d3dc")
SEA = QColor("#a7c4d8")
DEEP_SEA = QColor("#7fa6c6")
OFF_PLAY = QColor("#c8c3b6")
INK = QColor("#2b2118")
BORDER = QColor("#6b5640")
GOLD = QColor("#e8b10b")
ROME_ARROW = QColor("#c0392b")

PLACE_SIZE = 34.0        # marker edge, km
NAME_PX = 29.0           # place name font size, km
LABEL_PX = 34.0          # satrapy name font size, km
BANNER_PX = 25.0         # banner font size, km
SEA_PX = 36.0


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` blended towards ``b`` by ``t`` (0..1)."""
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def ink_on(power: str | None) -> QColor:
    return POWER_INK.get(power or "", QColor("white"))

#: VP figures on the banners, one colour per Kingdom (darker than the fills, for contrast)
POWER_TEXT = {
    "macedon": QColor("#6a3491"),
    "ptolemies": QColor("#1f5ca8"),
    "seleucids": QColor("#9b6b00"),
}
BANNER_INK = QColor("#4a3b2a")
CROWDED_LOD = 0.75       # crowded Place names appear from this many pixels per km
BANNER_PLATE = QColor(251, 246, 232, 200)
CHIP_ROOM = 24.0         # room kept under a Satrapy banner (its counters go nearby), km
COUNTER = 52.0           # a counter's edge, km
