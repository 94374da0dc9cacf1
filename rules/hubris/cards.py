"""Showing a drawn Event card to both players (3.6): a ``card`` prompt per player seat with
the card's effect in our words and what it did (the log lines of its resolution).

The rules decide nothing here; the prompt only lets each player read the card (the GUI
opens its card dialog on kind ``card``). The seat that acts next reads it last, so showing
the card adds no hand-over of the screen.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import core
from .flow import proc
from .rulesdata import RulesData

State = dict[str, Any]

#: The Event cards of 12.3 and the Succession Crises, in our words (the card faces are not in
#: the rulebook; reconstructed effects are marked in docs/hubris-rulings.md).
CARD_TEXT = {
    "ev-01": "Ends the Action Phase once four or more Recurrent Events have been drawn this "
             "Turn; otherwise it is shuffled back into the cards not yet drawn (3.6).",
    "ev-03": "Strife in a Greek city: 2d6 on the Greek Stasis table (reconstructed). On this "
             "map only Kyrene, Paphos or Salamis can be hit; an Aligned one Revolts on a "
             "further 1-3. Then Storms & Worms: each Squadron is lost on a 6, a Power's last "
             "one only on a second 6 (4.8).",
    "ev-04": "Trouble on Macedon's northern border: no effect on this map. Its Second Punic "
             "War Continuation needs Rome, which is not in play (4.9).",
    "ev-05": "Frontier raids (reconstructed): 1d6; on a 2 nomads raid MEDIA, on a 3 desert "
             "tribes raid THEBAIS; if the Seleucids, respectively the Ptolemies, Control it, "
             "a random Aligned Place there Revolts. Ferryman of Souls is ignored in 12.3.",
    "ev-06": "Revolt! (reconstructed): each Kingdom rolls 1d6; on a 1 a random Place holding "
             "one of its Alliances Revolts. Intrigues at Court is ignored in 12.3.",
    "ev-07": "Skerdilaidas sends his Illyrian corsairs to sea, far from this map: no effect.",
    "ev-09": "Lagid Succession Crisis (reconstructed): the King, or the Chief Minister of a "
             "regency, faces the best intriguer among the Friends At Court. Both Check "
             "Intrigue + half Renown; if one succeeds, the worse margin loses and Defects "
             "(2.2.9); a losing King is deposed. Set aside once resolved (4.5).",
    "ev-10": "Seleucid Succession Crisis (reconstructed): the King, or the Chief Minister of "
             "a regency, faces the best intriguer among the Friends At Court. Both Check "
             "Intrigue + half Renown; if one succeeds, the worse margin loses and is removed "
             "from play. Set aside once resolved (4.5).",
    "ev-15": "Skopas the Aitolian, a reputed mercenary general, offers his sword: each "
             "Kingdom may bid in open rounds (at least 1 T); the highest bid wins, ties by "
             "a die, only the winner pays; with no bid he leaves (2.2.7). His CONDOTTIERE "
             "ability hires Mercenaries into his Muster without the 2 T fee.",
}


def card_text(data: RulesData, eid: str) -> str:
    from .events import card
    return CARD_TEXT.get(eid) or f"{card(data, eid).kind.title()} Event: its text is not in " \
                                 "the rulebook and has no effect on the areas in play."


def title(data: RulesData, eid: str) -> str:
    from .events import card
    c = card(data, eid)
    alt = "Alt " if eid.startswith("alt-") else ""     # the two-player alternates (10.4)
    return f"{alt}Ev {c.number} '{c.name}'"


def happened(state: State, since: int) -> list[str]:
    """The log lines written since index ``since``, commit markers left out."""
    return [e["text"] for e in state["log"][since:] if e.get("kind") != "commit"]


def show(data: RulesData, state: State, eid: str, since: int, order: list[str] | None = None,
         first: str | None = None, kind: str = "") -> None:
    """Ask every player seat to read the card; the Kingdom acting next (``first``, else the
    first of the Activation ``order``) reads last."""
    seats = [core.seat_of(state, k) for k in core.player_kingdoms(state)]
    first = first or (order[0] if order else None)
    first = core.seat_of(state, first) if first else None
    seats = sorted(dict.fromkeys(seats), key=lambda s: s == first)
    lines = happened(state, since)
    for seat in seats:
        ask(state, seat, "show-card", card=eid, lines=lines,
            order=[k.title() for k in (order or [])], kind=kind)


@proc("show-card")
class ShowCard:
    def prompt(self, data, state, frame):
        eid = frame["card"]
        text = card_text(data, eid)
        if frame.get("order"):
            text += " Activations: " + ", then ".join(frame["order"]) + "."
        ctx: dict[str, Any] = {"card": {"title": title(data, eid), "text": text,
                                        "rule": "3.6"}}
        if frame.get("lines"):
            ctx["what happened"] = "\n".join(frame["lines"][-8:])
        return Prompt(frame["seat"], f"Event drawn: {title(data, eid)}",
                      [Choice("ok", "Continue")], kind="card", rule="3.6", context=ctx)

    def apply(self, data, state, frame, choice):
        return None

    def run(self, data, state, frame):  # pragma: no cover - never on the stack
        pass
