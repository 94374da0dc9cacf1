"""Olympic Games dialog: both sides' dice and successes, the winner's choice of reward.

``prompt.context``: ``{"title", "<side> rolled", "success", "winner"}``, plain rows.
"""

from __future__ import annotations

from .form_dialog import FormDialog


class OlympicsDialog(FormDialog):
    title = "Olympic Games"
