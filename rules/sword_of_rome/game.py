"""The Sword of Rome (Wray Ferrell, GMT 2004), a reconstructed edition: the Game seam."""

from __future__ import annotations

from typing import Any

from rules.engine.deck import power_deck_view
from rules.engine.game import Option, Prompt, Scenario
from rules.engine.hands import shown, sizes
from rules.engine.point_game import PointMapGame

from . import (  # noqa: F401 (each registers its procedures)
    actions,
    alliances,
    bot,
    combat,
    events,
    flanking,
    flow,
    mercenaries,
    movement,
    nonplayer,
    phases,
    revolt,
    search_hooks,
    setup,
    sieges,
    support,
)
from .data import GAME_ID
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    advance,
    apply_choice,
    cu,
    current_prompt,
    ed,
    leaders_at,
)

BLURBS = {
    "two-player": "Rome with the Etruscans and Samnites against the Gauls and the Greeks; "
                  "combined victory points decide.",
    "three-player": "Rome, the Etruscans and Samnites, and the Greeks; a table of Gallic "
                    "events stands in for the Gauls.",
    "four-player": "Rome, the Gauls, the Etruscans and Samnites, and the Greeks; Carthage, the "
                   "Volsci and the Transalpine Gauls are moved by cards.",
    "five-player": "Carthage joins as the fifth player, with its Garrison box and its unrest.",
}


FLAG_NAMES = {"punic_envoys": "Punic Envoys", "appian_way": "Appian Way",
              "duoviri_navales": "Duoviri Navales", "naval_transports": "Naval Transports",
              "rome_carthage_alliance": "Rome-Carthage Alliance",
              "carthage_mistrust": "Carthaginian Mistrust", "storms_at_sea": "Storms at Sea",
              "mines_depleted": "Mines Depleted", "carthage_fallen": "Carthago fallen",
              "unrest_raised": "Unrest raised this round"}


class SwordOfRome(PointMapGame):
    id = GAME_ID
    title = "The Sword of Rome"
    package = "rules.sword_of_rome"
    steps = "model"

    # the turn runs on the engine's procedure stack, the game's registry in model.py
    def advance(self, state: State) -> None:
        advance(state)

    def prompt(self, state: State) -> Prompt | None:
        return current_prompt(state)

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        apply_choice(state, choice_id, prompt)      # found among its choices by apply

    def apply_in_place(self, state: State, choice_id: str) -> State:
        """:meth:`apply` without the copy, for a caller that gives ``state`` up (a headless
        game, a search playout after its first step): the legality check first, then the
        rules change ``state`` itself."""
        self.do_apply(state, self.prompt_offering(state, choice_id), choice_id)
        return state

    def scenarios(self) -> list[Scenario]:
        out = []
        for rec in ed().scenarios["scenarios"]:
            out.append(Scenario(rec["id"], rec["title"], "386-272 BC", tuple(rec["seats"]),
                                BLURBS[rec["id"]], lengths=("standard", "short")))
        return out

    def options(self) -> list[Option]:
        return [Option("turns", "Game length", "standard", ("standard", "short"),
                       "standard: nine turns (386-272 BC); short: the first five")]

    def view(self, state: State, seat: str | None) -> State:
        """Only ``seat``'s hands (as readable cards); other hands by size; no deck order.

        A shallow copy: the hidden parts are replaced, the rest is shared (read-only)."""
        view = dict(state)
        mine = state["seats"].get(seat, []) if seat else []
        view["hand_sizes"] = sizes(state["hands"])
        view["side_hands"] = shown(state["hands"], mine)
        view["hands"] = {}
        for seat_id, sides in state["seats"].items():
            cards: list[dict[str, Any]] = []
            for side in sides:
                for cid in view["side_hands"][side]:
                    c = ed().cards[cid]
                    cards.append({"id": cid, "title": f"{c.title} ({c.value})"
                                  + (" · response" if c.response else ""),
                                  "value": c.value, "text": c.text, "side": side})
            view["hands"][seat_id] = cards if seat_id == seat else []
        view["decks"] = {s: power_deck_view(d) for s, d in state["decks"].items()}
        return view

    def check_data(self) -> dict[str, int]:
        counts = super().check_data()
        _ = ed().graph                 # building the graph checks that Italy is connected
        return counts

    def names(self, state: State) -> dict[str, str]:
        """Ids of spaces, leaders, cards, powers and seats with the names players read."""
        ed_ = ed()
        out = {sid: sp.name for sid, sp in ed_.spaces.items()}
        out.update({lid: ld.name for lid, ld in ed_.leaders.items()})
        out.update({cid: c.title for cid, c in ed_.cards.items()})
        out.update({p: n for p, n in POWER_NAMES.items() if p != "independent"})
        out.update({s: SIDE_NAMES[s] for s in SIDE_NAMES if "-" in s})
        out.update({seat: " and ".join(SIDE_NAMES[s] for s in sides)
                    for seat, sides in state["seats"].items()})
        return out

    def status(self, state: State) -> list[tuple[str, str]]:
        rows = [("Turn", f"{state['turn']} of {state['turns']}"
                 + (f" · round {state['round']}" if state['round']
                    else " · before the first round"))]
        sizes = state.get("hand_sizes") or {s: len(h) for s, h in state["hands"].items()}
        for side in state["sides"]:
            out = " (out)" if side in state["out_sides"] else ""
            rows.append((SIDE_NAMES[side], f"{state['vp'][side]} VP · "
                         f"{sizes.get(side, 0)} cards · DT {state['dt'][side]}{out}"))
        if state["alliances"]:
            rows.append(("Alliances", "; ".join(f"{POWER_NAMES[a]}-{POWER_NAMES[b]}"
                                                for a, b in state["alliances"])))
        if "gauls" in state["sides"]:
            rows.append(("Plunder", f"Gallic {state['plunder']['gauls']}, Transalpine "
                         f"{state['plunder']['transalpine']} of "
                         f"{ed().tables['plunder_track']['length']}"))
        if state["players"] == 5:
            rows.append(("Unrest", str(state["unrest"])))
            rows.append(("Mercenaries", f"{mercenaries.count(state)} Carthaginian CU"))
        flags = [FLAG_NAMES.get(f, f.replace("_", " ").capitalize())
                 for f, v in state["flags"].items() if v]
        if flags:
            rows.append(("Events", ", ".join(sorted(flags))))
        return rows

    def describe(self, state: State, element: str) -> str:
        sp = ed().spaces.get(element)
        if sp is None:
            card = ed().cards.get(element)
            if card:
                return f"{card.title} ({card.value}): {card.text} [source: {card.source}]"
            return element
        s = state["spaces"].get(element)
        parts = [sp.name]
        kind = "walled city" if s and s["loy"] else ("tribe" if s and s["tribe"] else "space")
        if s:
            parts.append(f"{kind}, controlled by {POWER_NAMES.get(s['ctl'], s['ctl'])}")
            if s["loy"]:
                parts.append(f"loyalty {s['loy']}")
            if s["tribe"]:
                parts.append(f"subjugation {s['tribe']}")
            if s["siege"] is not None:
                parts.append(f"besieged by the {POWER_NAMES[s['sieger']]} ({s['siege']})")
        if sp.home:
            parts.append(f"home of the {POWER_NAMES[sp.home]}")
        if sp.reinf:
            parts.append(f"reinforcement {sp.reinf}")
        if sp.vp:
            parts.append("victory space")
        if sp.port:
            parts.append("port")
        for p, n in sorted(state["cu"].get(element, {}).items()):
            leaders = ", ".join(ed().leaders[lid].name for lid in leaders_at(state, element, p))
            parts.append(f"{POWER_NAMES[p]} {n} CU" + (f" ({leaders})" if leaders else ""))
        lone = [ed().leaders[lid].name for lid in leaders_at(state, element)
                if cu(state, element, ed().leaders[lid].power) == 0]
        if lone:
            parts.append("leaders alone: " + ", ".join(lone))
        parts.append(f"[source: {sp.source}]")
        return "; ".join(parts)

    # --- the search seat (docs/BOTS.md) ----------------------------------------------------
    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:

        return search_hooks.determinize(view, seat, rng)

    def evaluate(self, state: State, seat: str) -> float:

        return search_hooks.evaluate(state, seat)

    def playout_weights(self, state: State, prompt: Prompt) -> list[float] | None:
        """The ``bot`` policy read straight off the simulated state (itself a guess at the
        hidden cards), sparing a view per simulated decision."""

        return bot.weights(state, prompt)
