"""Successors (Richard Berg and Mark Simonitch, 4th edition), a reconstructed edition: the
Game seam."""

from __future__ import annotations

from rules.engine.game import Option, Prompt, Scenario
from rules.engine.hands import hide_hands, shown
from rules.engine.plain import copy_state
from rules.engine.point_game import PointMapGame

from . import bot, events, ind_reaction, movement, setup, strategy, turn  # noqa: F401
from .data import GAME_ID
from .model import NAMES, PROCS, State, ed, gname, sname, units
from .search_hooks import determinize, evaluate, evaluate_seats
from .victory import (
    body_controller,
    check_immediate,
    legitimacy,
    legitimacy_breakdown,
    royal_controller,
    vp,
    vp_breakdown,
)

BLURBS = {
    "two-player": "Four generals each, Babylon to Pella; ten table cards stir up unrest.",
    "three-player": "Three generals each, Eumenes among them; five table cards.",
    "four-player": "Two generals each from the eight who held Alexander's empire.",
    "five-player": "Deal two, keep one: Eumenes and Seleukos join the scramble; four rounds "
                   "a turn.",
}

OPTIONS = [
    Option("prestige_independents", "19.1 Prestige for beating Independent Armies", "no",
           help="A general gains +1 Prestige for each Independent Army he defeats"),
    Option("abilities", "19.2 Major Generals' special abilities", "no",
           help="Each Major General's ability (on his card) works while he commands"),
    Option("intercept_transit", "19.3.1 Interception into a transit point -1", "no"),
    Option("interceptor_attacks", "19.3.2 The interceptor may attack", "no",
           help="A successful interceptor may be the Attacker; the mover fights or tries to "
                "avoid battle"),
    Option("ind_surprise", "19.4 Surprise cards make Independent Armies react", "no",
           help="A player not moving may discard a Surprise card to have an Independent Army "
                "intercept or avoid battle (Initiative 4)"),
    Option("avoid_transit", "19.5 Avoiding battle via a transit point -1", "no"),
    Option("forage_attrition", "19.6 Foraging costs full Attrition", "no",
           help="An army over its Forage Limit rolls Attrition; a '-' counts as 1"),
    Option("dispersed_fleets", "19.7 Dispersed fleets come back by discard only", "no",
           help="A discard brings back one Dispersed fleet, weak side up"),
    Option("capitals", "19.8 Capital cities (reconstructed building rule)", "no",
           help="Once a game, build a capital at a Minor City you hold: it stands after two "
                "more of your Surrender Segments, holds 1 CU inside and needs 2 SP to take"),
    Option("elephants_outside", "19.10 Elephants never inside a Major City", "no"),
    Option("faster_cart", "19.11 Faster Funeral Cart", "no",
           help="On turn 1 a 4-OP card may be discarded to let the Funeral Cart move"),
    Option("illegitimate_son", "19.12 Herakles the illegitimate son", "no",
           help="Herakles starts at Halikarnassos and does not come of age"),
]


def _card_face(cid: str) -> dict[str, object]:
    """A card as its holder reads it."""
    card = ed().cards[cid]
    return {"id": cid, "title": card.title, "text": card.text, "value": card.ops}


def _after(st: State) -> None:
    check_immediate(st)


PROCS.after = _after


class Successors(PointMapGame):
    id = GAME_ID
    title = "Successors"
    package = "rules.successors"
    steps = "model"
    #: the search scores a playout after this many decisions (docs/BOTS.md)
    search_horizon = 10

    def scenarios(self) -> list[Scenario]:
        out = []
        for sid, rec in ed().scenarios.items():
            out.append(Scenario(sid, rec["title"], "323-301 BC", tuple(rec["seats"]),
                                BLURBS[sid], lengths=()))
        return out

    def options(self) -> list[Option]:
        return list(OPTIONS)

    def view(self, state: State, seat: str | None) -> State:
        """Only ``seat``'s hand, as readable cards; other hands by size; no deck order, no
        table cards, no general being dealt."""
        view = hide_hands(state, seat, face=_card_face, view=copy_state(state))
        view["hand_ids"] = shown(state["hands"], (seat,))
        view["deck"] = {"draw": len(state["deck"]["draw"]),
                        "discard": list(state["deck"]["discard"])}
        view["table"] = len(state["table"])
        if "deal" in view:
            view["deal"] = shown(state["deal"], (seat,))
            view["private"] = shown(state["deal"], (seat,), lambda g: f"Dealt: {gname(g)}")
            view["deal_pool"] = len(state.get("deal_pool", []))
        return view

    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:
        return determinize(view, seat, rng)

    def search_prior_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The search's prior: the ``bot``'s leanings read with sense (``bot_sense``:
        isolation, the odds of a battle, the rival nearest the VP total)."""
        return bot.sensible_weights(view, prompt)

    def evaluate(self, state: State, seat: str) -> float:
        return evaluate(state, seat)

    def evaluate_seats(self, state: State, seats: list[str]) -> dict[str, float]:
        return evaluate_seats(state, seats)

    def in_opening(self, state: State) -> bool:
        """The deal of the generals and their packages' set-up spaces (5.4)."""
        return state.get("phase") == "setup"

    def names(self, state: State) -> dict[str, str]:
        """Ids and the names players read: spaces, provinces, generals, cards, royals,
        Independent Armies, seats."""
        e = ed()
        out = {sid: sp.name for sid, sp in e.spaces.items()}
        out.update({pid: p.name for pid, p in e.provinces.items()})
        out.update({gid: g.name for gid, g in e.generals.items()})
        out.update({cid: c.name for cid, c in e.cards.items()})
        out.update({rid: r["name"] for rid, r in e.royals.items()})
        out.update({iid: r["name"] for iid, r in e.independents.items()})
        out.update({s: NAMES[s] for s in state.get("players", [])})
        for gid in state.get("gen", {}):
            if "-minor-" in gid:
                out[gid] = gname(gid)
        return out

    def status(self, state: State) -> list[tuple[str, str]]:
        rows = [("Turn", f"{state['turn']} of {state['turns']}"
                         + (f" · round {state['round']} of {state['rounds']}"
                            if state['round'] else " · before the first round"))]
        sizes = state.get("hand_sizes") or {s: len(h) for s, h in state["hands"].items()}
        for s in state["players"]:
            mark = " · Usurper" if state.get("usurper") == s else ""
            rows.append((NAMES[s], f"{vp(state, s)} VP · {legitimacy(state, s)} L · "
                         f"{state['status'][s].title()}{mark} · {sizes.get(s, 0)} cards"))
        rows.append(("Victory", f"{state['vp_target']} VP or 18 L from turn 2"))
        royals = []
        for rid, rec in state["royals"].items():
            if rec["loc"] in ("dead",):
                continue
            who = royal_controller(state, rid)
            where = sname(rec["loc"]) if rec["loc"] in ed().spaces else "off the map"
            royals.append(f"{ed().royals[rid]['name']} {where}"
                          + (f" ({NAMES[who]})" if who else "")
                          + ("" if rec["active"] else " inactive"))
        rows.append(("Royal family", "; ".join(royals)))
        body = state["body"]
        if body["loc"] in ed().spaces:
            who = body_controller(state)
            rows.append(("Alexander", ("Tomb at " if body["tomb"] else "Funeral Cart at ")
                         + sname(body["loc"]) + (f" ({NAMES[who]})" if who else "")))
        return rows

    def describe(self, state: State, element: str) -> str:
        sp = ed().spaces.get(element)
        if sp is None:
            card = ed().cards.get(element)
            if card:
                return f"{card.title} [{card.type}]: {card.text} [source: {card.source}]"
            if element in state.get("players", []):
                vb = ", ".join(f"{k} {v}" for k, v in vp_breakdown(state, element).items())
                lb = ", ".join(f"{k} {v:+d}" for k, v in
                               legitimacy_breakdown(state, element).items())
                return f"{NAMES[element]}: VP {vb or 'none'}; L {lb or 'none'}"
            return element
        prov = ed().provinces[sp.province]
        kinds = {"major": "Major City", "minor": "Minor City", "stronghold": "Stronghold",
                 "transit": "Transit Point"}
        parts = [f"{sp.name}, {kinds[sp.kind]} of {prov.name} ({prov.vp} VP, {prov.need} to "
                 "control)"]
        pc = state["pc"].get(element)
        parts.append(f"control: {NAMES.get(pc, 'none') if pc else 'none'}")
        if sp.port:
            parts.append("port")
        for seat in state["players"]:
            g = units(state, element, seat)
            if g:
                gens = [gname(x) for x, r in state["gen"].items() if r["loc"] == element
                        and r["owner"] == seat]
                parts.append(f"{NAMES[seat]}: " + ", ".join(f"{n} {ed().units[k]['name']}"
                                                            for k, n in g.items())
                             + (f" under {', '.join(gens)}" if gens else ""))
        if element in state["sp"]:
            parts.append(f"siege points {state['sp'][element]['n']} "
                         f"({NAMES[state['sp'][element]['by']]})")
        parts.append(f"[source: {sp.source}]")
        return "; ".join(parts)


GAME = Successors()
