"""Athens and Sparta (reconstructed from a player aid): the Game seam."""

from __future__ import annotations

from rules.engine.game import Scenario
from rules.engine.hands import hide_hands
from rules.engine.point_game import PointMapGame

from .data import GAME_ID, SIDES, ed
from .model import NAMES, State, contested, controlled_by, influence, leader_name, owner
from .search_hooks import determinize, evaluate


def _card_face(cid: str) -> dict[str, str]:
    """An action card as its holder reads it."""
    return {"id": cid, "title": ed().cards[cid].name, "text": ed().cards[cid].text}


class AthensSparta(PointMapGame):
    id = GAME_ID
    title = "Athens and Sparta (reconstruction)"
    package = "rules.athens_sparta"
    steps = "sequence"
    #: the search scores a playout after this many decisions (docs/BOTS.md)
    search_horizon = 10

    def scenarios(self) -> list[Scenario]:
        return [Scenario("peloponnesian-war", "The Peloponnesian War", "431-404 BC",
                         SIDES, "Athens' fleet and League against Sparta's hoplites: six "
                         "turns of envoys, raids, sieges and battles; most regions wins. "
                         "A reconstruction from a two-page player aid.")]

    def view(self, state: State, seat: str | None) -> State:
        """Only ``seat``'s hands (action cards readable); other hands by size; no deck order."""
        view = hide_hands(state, seat, face=_card_face)
        hide_hands(state, seat, key="battle_hands", sizes_key="battle_hand_sizes", view=view)
        if seat in SIDES:
            view["private"] = {seat: [f"Battle card: {ed().cards[c].name} - "
                                      f"{ed().cards[c].text}"
                                      for c in state["battle_hands"][seat]]}
        view["decks"] = {k: {"draw": len(d["draw"]), "discard": list(d["discard"])}
                         for k, d in state["decks"].items()}
        return view

    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:
        return determinize(view, seat, rng)

    def evaluate(self, state: State, seat: str) -> float:
        return evaluate(state, seat)

    def names(self, state: State) -> dict[str, str]:
        """Every id a label might mention, with the name a player reads."""
        e = ed()
        out = {s: NAMES[s] for s in SIDES}
        for table in (e.spaces, e.regions, e.leaders, e.assets, e.cards):
            out.update({k: v.name for k, v in table.items()})
        return out

    def status(self, state: State) -> list[tuple[str, str]]:
        rows = [("Turn", f"{state['turn']} of 6 · "
                 + (f"round {state['round']}" if state['round'] else "before the first round")
                 + f" · {NAMES[state['phasing']]} to act")]
        sizes = state.get("hand_sizes") or {s: len(state["hands"][s]) for s in SIDES}
        bsizes = state.get("battle_hand_sizes") or {s: len(state["battle_hands"][s])
                                                    for s in SIDES}
        for s in SIDES:
            tiles = sum(1 for v in state["tiles"].values() if v == s)
            fav = ", ".join(f"{n} {c}" for c, n in state["favour"][s].items() if n) or "none"
            rows.append((NAMES[s], f"{tiles} regions · {state['treasury'][s]} talents · army "
                         f"{state['army'][s]} · navy {state['navy'][s]} · {sizes[s]} action, "
                         f"{bsizes[s]} battle cards · favour {fav}"))
            ready = [leader_name(lid) for lid, r in sorted(state["leaders"].items())
                     if r["state"] == "ready" and ed().leaders[lid].side == s]
            rows.append((f"{NAMES[s]} leaders ready", ", ".join(ready) or "none"))
        for rid, reg in ed().regions.items():
            tile = state["tiles"].get(rid)
            rows.append((reg.name, NAMES[tile] if tile else "no tile"))
        return rows

    def describe(self, state: State, element: str) -> str:
        sp = ed().spaces.get(element)
        if sp is None:
            card = ed().cards.get(element)
            if card:
                return f"{card.name}: {card.text} [source: {card.source}]"
            return element
        parts = [sp.name]
        if sp.kind == "ally":
            parts.append(f"ally (reward {sp.reward} talents"
                         + "".join(f", {v} {b.replace('_', ' ')}" for b, v in sp.box.items())
                         + ")")
        else:
            parts.append(f"{ed().regions[sp.region].name}")
        parts.append(f"autonomy {sp.autonomy}")
        if sp.megapolis:
            parts.append("Megapolis")
        if sp.capital:
            parts.append(f"capital of {NAMES[sp.capital]}")
        if sp.harbour:
            parts.append("harbour")
        side = owner(state, element)
        if side:
            ctl = " (controlled)" if controlled_by(state, element) else ""
            parts.append(f"{NAMES[side]} influence {influence(state, element, side)}{ctl}")
        if contested(state, element):
            parts.append("besieged" if element in state["sieges"] else "raided")
        for f in state["forces"]:
            if f["where"] == element:
                parts.append(f"{NAMES[f['side']]} {f['type']}s under {leader_name(f['leader'])}")
        parts.append(f"[source: {sp.source}]")
        return "; ".join(parts)
