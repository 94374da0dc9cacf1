"""The Leaders a new Turn brings (3.2, step 3): every Kingdom Leader whose Start Turn is the
new Turn joins his Kingdom's Court (a Replacement goes back to the pool, 2.2.11); the King
is checked afterwards by the Decks Preparation (2.3.1). On a scenario's first Turn its
Courts are complete (ruling R18). "By Event" Leaders wait for their Event; Minor Leaders
are not brought in yet (docs/hubris-rulings.md, not implemented)."""

from __future__ import annotations

from typing import Any

from . import core, leaders
from .rulesdata import RulesData

State = dict[str, Any]


def enter_leaders(data: RulesData, state: State) -> list[str]:
    """Bring in this Turn's Leaders; the ids that entered."""
    turn = state.get("turn", 1)
    if turn <= state.get("scenario", {}).get("start_turn", turn):
        return []
    gone = set(state.get("removed_leaders", []))
    live = set(core.kingdoms(state))
    entered = []
    for lid, card in sorted(data.leaders.items()):
        if card.start != turn or card.replacement or lid in state["leaders"] or lid in gone:
            continue
        if card.affiliation in live:
            leaders.join_court(data, state, card.affiliation, lid, rule="3.2")
            state["leaders"][lid].setdefault("of", card.affiliation)
            entered.append(lid)
    return entered
