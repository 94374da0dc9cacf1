"""Showing a drawn Event card to every player (3.6): a ``card`` prompt per player seat with
the card's number, kind, our summary, whether it is reconstructed and why, and what it did
(the log lines of its resolution, and of earlier draws this game).

The rules decide nothing here; the prompt only lets each player read the card (the GUI
opens its card dialog on kind ``card``). The seat that acts next reads it last, so showing
the card adds no hand-over of the screen.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import core, event_cards, event_effects, names
from .flow import proc
from .rulesdata import EventCard, RulesData

State = dict[str, Any]

#: how the kinds of card read on the card (2.4.2, 4.1-4.5)
KIND_NAMES = {"winter": "Winter Quarters", "recurrent": "Recurrent Event",
              "succession": "Succession Crisis", "one-off": "One-Off Event"}
FIELD_NAMES = {"ops": "Immediate part", "pending": "Pending part", "winter": "Winter part",
               "effect": "the effect", "activation_sequence": "Activation Sequence",
               "one_off_type": "Immediate or Pending", "title": "title", "turn": "Turn"}
ONE_OFF_NAMES = {"immediate": "Immediate", "pending": "Pending",
                 "immediate-pending": "Immediate/Pending"}


def card_text(data: RulesData, eid: str) -> str:
    """Our summary of the card (events.yaml ``effect``)."""
    return _card_text(event_cards.card(data, eid))


def _card_text(c: EventCard) -> str:
    return c.summary or f"{KIND_NAMES.get(c.kind, c.kind)}: its text is not in the rulebook " \
                        "and has no effect on the areas in play."


def _kind_line(c: EventCard) -> str:
    text = KIND_NAMES.get(c.kind, c.kind)
    if c.one_off_type:
        text += f" ({ONE_OFF_NAMES[c.one_off_type]})"
    if c.active_turns:
        text += f", Turns {c.active_turns[0]}-{c.active_turns[1]}"
    elif c.turn:
        text += f", Turn {c.turn}"
    if c.mechanic:
        text += f"; then {c.mechanic.replace('-', ' ').title().replace('And', '&')}"
    return text


def provenance(data: RulesData, eid: str) -> str:
    """Whether the card is reconstructed, and why (the card texts are not in the rules)."""
    return _provenance(event_cards.card(data, eid))


def _provenance(c: EventCard) -> str:
    if not c.reconstructed and not c.source.startswith("reconstructed"):
        return f"From the rules ({c.source})."
    fields = ", ".join(FIELD_NAMES.get(f, f.replace("_", " ")) for f in c.reconstructed) \
        or "the effect"
    why = c.why or c.source.split("reconstructed:", 1)[-1].strip()
    return f"Reconstructed ({fields}): {why}"


def history(state: State, eid: str) -> list[str]:
    """What the card did in this game: the log lines of each time it was resolved or
    Triggered (``state["card_log"]``)."""
    return list(state.get("card_log", {}).get(eid, []))


def remember(state: State, eid: str, lines: list[str]) -> None:
    """Keep what the card did (the last lines of each resolution) for its dialog."""
    if lines:
        book = dict(state.get("card_log", {}))   # replaced, never changed: see core.SHARED_PARTS
        entries = [*book.get(eid, []), f"Turn {state.get('turn', 1)}: " + " ".join(lines[-6:])]
        book[eid] = entries[-4:]
        state["card_log"] = book


def _walk(ops: Any):
    """Every operation of a list, those inside results, options and loops included."""
    for o in ops or ():
        yield o
        for sub in (o.get("results") or {}).values():
            yield from _walk(sub)
        for opt in o.get("options") or ():
            yield from _walk(opt.get("ops"))
        yield from _walk(o.get("ops"))


def _rome_cues(c: EventCard) -> str:
    out: list[str] = []
    for when, ops in (("", c.ops), (" if Triggered", (c.pending or {}).get("ops", ()))):
        for o in ops:
            _cues(o, " on some results" if o.get("when") else when, out)
            for inner in _inside(o):      # what only some results or choices do
                for sub in _walk(inner):
                    _cues(sub, " on some results", out)
    return "; ".join(dict.fromkeys(out))


def _inside(o: dict[str, Any]) -> list[Any]:
    """The operation lists inside ``o``: its results', options' and loop's, in that order."""
    results, options, loop = o.get("results"), o.get("options"), o.get("ops")
    if not (results or options or loop):
        return []
    return [*(results or {}).values(), *(opt.get("ops") for opt in options or ()), loop]


def _cues(o: dict[str, Any], cond: str, out: list[str]) -> None:
    """Add to ``out`` the RB and Casus Belli cues of operation ``o`` (:func:`_rome_cues`)."""
    if "rb" in o:
        out.append(f"RB {int(o['rb']):+d}{cond}")
    if "casus_belli" in o:
        thr = o["casus_belli"]
        who = o.get("who", "")
        target = f" against {names.the(who)}" if who in ("macedon", "seleucids",
                                                          "ptolemies") else ""
        out.append(("Casus Belli Automatic" if thr == "auto"
                    else f"Casus Belli {thr}") + target + cond)


def card_context(data: RulesData, state: State, eid: str) -> dict[str, Any]:
    """The card as the card dialog shows it: its faces (:func:`_faces`), then its status
    in this game."""
    faces = data.card_faces.get(eid)
    if faces is None:
        faces = data.card_faces[eid] = _faces(event_cards.card(data, eid), eid)
    ctx: dict[str, Any] = dict(faces)
    c = event_cards.card(data, eid)
    if eid in event_effects.pending(state):
        ctx["status"] = "Pending: " + (c.pending or {}).get("text", "")
    elif eid in event_effects.ongoing(state):
        ctx["status"] = "In effect"
    return ctx


def _faces(c: EventCard, eid: str) -> dict[str, str]:
    """What the card's dialog shows of the card itself: title, kind line, text, provenance
    and, when it has any, its Rome cues (4.4)."""
    faces = {"title": _title(c, eid), "subtitle": _kind_line(c), "text": _card_text(c),
             "footnote": _provenance(c)}
    cues = _rome_cues(c)
    if cues:
        faces["Rome (4.4)"] = cues
    return faces


def describe_card(data: RulesData, state: State, eid: str) -> str:
    """The card as text (the Info panel): title, kind, summary, status, provenance and what
    it did this game."""
    ctx = card_context(data, state, eid)
    lines = [ctx["title"], ctx["subtitle"], ctx["text"]]
    if ctx.get("status"):
        lines.append(ctx["status"])
    lines.append(ctx["footnote"])
    lines += ["This game:", *history(state, eid)] if history(state, eid) else []
    return "\n".join(lines)


def title(data: RulesData, eid: str) -> str:
    return _title(event_cards.card(data, eid), eid)


def _title(c: EventCard, eid: str) -> str:
    alt = "Alt " if eid.startswith("alt-") else ""     # the two-player alternates (10.4)
    return f"{alt}Ev {c.number} '{c.name}'"


def happened(state: State, since: int) -> list[str]:
    """The log lines written since index ``since``, commit markers left out."""
    return [e["text"] for e in state["log"][since:] if e.get("kind") != "commit"]


def outcome(state: State, since: int) -> list[str]:
    """What a card did since ``since``: its dice and its effects, not the random picks that
    chose where (the effect line names the place)."""
    return [e["text"] for e in state["log"][since:] if e.get("kind") != "commit"
            and (e.get("kind") != "random" or "rolled" in e["text"])]


def show(data: RulesData, state: State, eid: str, since: int, order: list[str] | None = None,
         first: str | None = None, kind: str = "") -> None:
    """Ask every player seat to read the card; the Kingdom acting next (``first``, else the
    first of the Activation ``order``) reads last."""
    seats = [core.seat_of(state, k) for k in core.player_kingdoms(state)]
    first = first or (order[0] if order else None)
    first = core.seat_of(state, first) if first else None
    seats = sorted(dict.fromkeys(seats), key=lambda s: s == first)
    lines = happened(state, since)
    remember(state, eid, outcome(state, since))
    for seat in seats:
        ask(state, seat, "show-card", card=eid, lines=lines,
            order=[k.title() for k in (order or [])], kind=kind)


@proc("show-card")
class ShowCard:
    def prompt(self, data, state, frame):
        eid = frame["card"]
        card = card_context(data, state, eid)
        if frame.get("order"):
            card["text"] += " Activations: " + ", then ".join(frame["order"]) + "."
        ctx: dict[str, Any] = {"card": card}
        if frame.get("lines"):
            ctx["what happened"] = "\n".join(frame["lines"][-8:])
        earlier = history(state, eid)[:-1]
        if earlier:
            ctx["earlier this game"] = "\n".join(earlier)
        return Prompt(frame["seat"], f"Event drawn: {title(data, eid)}",
                      [Choice("ok", "Continue")], kind="card", rule="3.6", context=ctx)

    def apply(self, data, state, frame, choice):
        return None

    def run(self, data, state, frame):  # pragma: no cover - never on the stack
        pass
