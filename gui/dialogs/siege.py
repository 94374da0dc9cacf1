"""Siege dialog: the besieged place, the besiegers, modifiers with rules, dice, outcome.

``prompt.context``: ``{"title", "place", "attacker", "defender", "need", "modifiers",
"dice", ...}`` — plain values shown as rows, anything missing is skipped.
"""

from __future__ import annotations

from .form_dialog import FormDialog


class SiegeDialog(FormDialog):
    title = "Siege"
