"""Peace by agreement during the Action Phase (2.12).

Two Kings (a regency included) may agree to Peace at any time in the Action Phase, on the
status quo or with conditions drawn only from the four of 2.12 (:mod:`peace_terms`).
Ruling R19: a Kingdom proposes Peace when it holds the screen, at its own Activation
(choice ``peace:<enemy>``); it then writes the terms (prompt ``peace-terms``, kind
``peace``: add a term of a kind, pick it, send or withdraw), and the enemy's seat answers
out of turn (prompt ``peace-answer``, kind ``peace``: accept or refuse). One proposal sent
per enemy per Activation; a withdrawn one does not count. Accepted: every term is honoured
and the War marker flips to Peace, binding both Kings (no Act of War between them while
both live).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.state import ask

from . import core, wars
from .core import note
from .flow import pop, proc, push
from .names import name
from .peace_terms import (
    KINDS,
    describe,
    feasible,
    honour,
    kept_markers,
    markers_of,
    squadrons_at_sea,
)
from .rulesdata import RulesData

State = dict[str, Any]
GROUP = "Diplomacy (2.12)"
#: what a term of each kind is called in the menu, by who gives
MENU = {
    ("talents", "us"): "We pay Talents", ("talents", "them"): "They pay us Talents",
    ("garrison", "us"): "We hand over a Garrison",
    ("garrison", "them"): "They hand over a Garrison",
    ("squadron", "us"): "We hand over a Squadron",
    ("squadron", "them"): "They hand over a Squadron",
    ("unalign", "us"): "We give up an Alliance", ("unalign", "them"): "They give up an Alliance",
}


def may_propose(state: State, k: str, e: str) -> bool:
    """Two player Kingdoms At War, during the Action Phase (2.12)."""
    return e in state["kingdoms"] and state["kingdoms"][e].get("player", True) and \
        core.at_war(state, k, e) and state.get("phase") == "action"


def offer_choices(state: State, k: str, done: list[str] | tuple[str, ...] = ()) -> list[Choice]:
    """A Peace proposal to each Kingdom ``k`` is At War with (not yet sent this Activation)."""
    return [Choice(f"peace:{e}", f"Propose Peace to the {name(e)}", group=GROUP)
            for e in core.enemies_of(state, k) if e not in done and may_propose(state, k, e)]


def start(state: State, k: str, choice: str) -> None:
    """Open the terms of a proposal of ``k`` (choice ``peace:<enemy>``)."""
    enemy = choice.split(":")[1]
    push(state, "peace-terms", by=k, to=enemy, terms=[], step="menu")


# --- the items a term of each kind may name -------------------------------------------------
def items(data: RulesData, state: State, kind: str, giver: str, receiver: str,
          terms: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(what, label) of the terms of ``kind`` ``giver`` may still add."""
    return [(what, _label(data, state, kind, what))
            for what in _whats(data, state, kind, giver, terms)]


def _talents(cap: int) -> list[int]:
    """The sums a Talents term may name, ``cap`` the giver's Treasury: 1 to 5, every fifth
    from 10, and the whole Treasury, in increasing order."""
    values = [*range(1, min(cap, 5) + 1), *range(10, cap + 1, 5)]
    if values and values[-1] != cap:
        values.append(cap)
    return values


def _whats(data: RulesData, state: State, kind: str, giver: str,
           terms: list[dict[str, Any]]) -> Iterator[str]:
    """What the terms of :func:`items` name, one by one."""
    taken = {t["what"] for t in terms if t["kind"] == kind}
    if kind == "talents":
        if any(t["kind"] == "talents" for t in terms):
            return
        yield from map(str, _talents(core.treasury(state, giver)))
    elif kind in ("garrison", "unalign"):
        marker = "garrison" if kind == "garrison" else "alliance"
        yield from (p for p in markers_of(data, state, giver, marker) if p not in taken)
    elif kind == "squadron":
        yield from (u for u in squadrons_at_sea(state, giver) if u not in taken)


def _open_kinds(data: RulesData, state: State, by: str, to: str,
                terms: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """The (kind, giver) pairs, of either Kingdom, for which :func:`_whats` finds an item:
    what the menu offers to add. Found without listing the items: each Kingdom's markers
    (:func:`kept_markers`, kept between prompts) are looked at until one not yet named by a
    term is found, and the Units are gone through once."""
    taken: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for t in terms:
        taken[t["kind"]].add(t["what"])
    found = {("talents", k) for k in (by, to)
             if not taken["talents"] and core.treasury(state, k) >= 1}
    for k, held in kept_markers(data, state, (by, to)).items():
        # a Garrison is the item of a garrison term, an Alliance of an unalign term
        for marker, kind in (("garrison", "garrison"), ("alliance", "unalign")):
            named = taken[kind]
            if any(p not in named for p in held[marker]):
                found.add((kind, k))
    seas = state.get("seas", {})
    for u, r in state["units"].items():
        if r["type"] == "squadron" and r.get("owner") in (by, to) and r["location"] in seas \
                and u not in taken["squadron"]:
            found.add(("squadron", r["owner"]))
    return found


def _label(data: RulesData, state: State, kind: str, what: str) -> str:
    """How a term's item of ``kind`` (:func:`_whats`) reads in the menu."""
    if kind == "talents":
        return f"{what} T"
    if kind == "squadron":
        return f"{name(what)} in {name(state['units'][what]['location'])}"
    return f"{name(what)} ({name(data.places[what].satrapy)})"


def _context(state: State, by: str, to: str, terms: list[dict[str, Any]]) -> dict[str, Any]:
    by_name, to_name = name(by), name(to)
    return {"title": f"Peace between the {by_name} and the {to_name}",
            "proposed by": by_name, "to": to_name,
            "terms": describe(state, terms, (by, to)),
            "treasuries": f"{by_name} {core.treasury(state, by)} T, "
                          f"{to_name} {core.treasury(state, to)} T",
            "effect": "the War ends; no Act of War between the two Kingdoms while both Kings "
                      "live (2.12)"}


@proc("peace-terms")
class PeaceTerms:
    """The proposer writes the terms: a menu of kinds, then the item of the kind chosen."""

    def prompt(self, data, state, frame):
        by, to, terms = frame["by"], frame["to"], frame["terms"]
        if not core.at_war(state, by, to):
            return None
        seat = core.seat_of(state, by)
        ctx = _context(state, by, to, terms)
        if frame["step"] == "menu":
            n = len(terms)
            ch = [Choice("send", f"Send the proposal to the {name(to)} ("
                         + ("status quo" if not n else f"{n} term{'s' if n > 1 else ''}")
                         + ")")]
            open_kinds = _open_kinds(data, state, by, to, terms)
            for (kind, who), text in MENU.items():
                if (kind, by if who == "us" else to) in open_kinds:
                    ch.append(Choice(f"add:{kind}:{who}", text, group="Add a term"))
            ch.append(Choice("withdraw", "Withdraw: propose nothing"))
            return Prompt(seat, f"Peace with the {name(to)}: the terms", ch, kind="peace",
                          rule="2.12", context=ctx)
        kind, who = frame["step"].split(":")
        giver, receiver = (by, to) if who == "us" else (to, by)
        ch = [Choice(f"term:{what}", text, group=MENU[(kind, who)])
              for what, text in items(data, state, kind, giver, receiver, terms)]
        ch.append(Choice("back", "Back to the terms"))
        return Prompt(seat, f"Peace with the {name(to)}: {MENU[(kind, who)].lower()}", ch,
                      kind="peace", rule="2.12", context=ctx)

    def apply(self, data, state, frame, choice):
        by, to = frame["by"], frame["to"]
        if choice == "withdraw":
            pop(state, frame)
            return
        if choice == "send":
            pop(state, frame)
            act = next((f for f in reversed(state["stack"]) if f["proc"] == "activation"
                        and f.get("kingdom") == by), None)
            if act is not None:
                act.setdefault("peace_offered", []).append(to)
            terms = "; ".join(describe(state, frame["terms"], (by, to)))
            note(state, f"The {name(by)} propose Peace to the {name(to)}: {terms}.", "2.12",
                 seat=core.seat_of(state, by))
            ask(state, core.seat_of(state, to), "peace-answer", by=by, to=to,
                terms=frame["terms"])
            return
        if choice.startswith("add:"):
            _, kind, who = choice.split(":")
            frame["step"] = f"{kind}:{who}"
            return
        if choice == "back":
            frame["step"] = "menu"
            return
        kind, who = frame["step"].split(":")
        giver = by if who == "us" else to
        frame["terms"].append({"kind": kind, "giver": giver, "what": choice.split(":", 1)[1]})
        frame["step"] = "menu"

    def run(self, data, state, frame):      # the War ended meanwhile: nothing to propose
        pop(state, frame)


@proc("peace-answer")
class PeaceAnswer:
    """The enemy King accepts or refuses a Peace proposal (2.12)."""

    def prompt(self, data, state, frame):
        by, to, terms = frame["by"], frame["to"], frame["terms"]
        if not core.at_war(state, by, to) or not feasible(data, state, terms):
            return None
        ctx = _context(state, by, to, terms)
        return Prompt(core.seat_of(state, to),
                      f"The {name(by)} propose Peace: {'; '.join(ctx['terms'])}. Swear Peace?",
                      [Choice("accept", "Accept: swear Peace on these terms"),
                       Choice("refuse", "Refuse: the War goes on")],
                      kind="peace", rule="2.12", context=dict(ctx, answer=True))

    def apply(self, data, state, frame, choice):
        by, to = frame["by"], frame["to"]
        if choice == "refuse":
            note(state, f"The {name(to)} refuse the Peace proposal.", "2.12",
                 seat=core.seat_of(state, to))
            return
        if not feasible(data, state, frame["terms"]):
            raise IllegalChoice("the terms can no longer be honoured")
        honour(data, state, (by, to), frame["terms"], "2.12")
        wars.make_peace(state, by, to, "2.12")

    def run(self, data, state, frame):  # pragma: no cover - never on the stack
        pass
