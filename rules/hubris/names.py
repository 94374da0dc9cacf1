"""Kingdom names as a sentence reads them: "Macedon", "the Ptolemies", "the Seleucids"."""

from __future__ import annotations

PLURAL = {"ptolemies", "seleucids"}


def the(power: str, start: bool = False) -> str:
    """``Macedon`` / ``the Ptolemies`` (``The Ptolemies`` at the start of a sentence)."""
    name = "Rome" if power == "rome" else power.replace("-", " ").title()
    if power in PLURAL:
        return ("The " if start else "the ") + name
    return name
