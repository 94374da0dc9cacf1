"""Upward calls: the few places where a lower layer of the Hubris rules must call a function
of a higher one (``core`` asking Rome's handler or Non-Player Macedon's decider who decides,
a card's effect showing the card, ...). The lower module calls ``upcalls.<name>(...)``; the
package wires every name to its function when it is imported (:func:`wire`, called from
``rules/hubris/__init__.py``), so no module imports one above it (docs/ARCHITECTURE.md).
Always call through the module (``upcalls.rome_handler(state)``): a name imported from it
would keep the unwired stub.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Fn = Callable[..., Any]


def _unwired(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("rules.hubris.upcalls used before rules.hubris wired it")


# core (the bottom layer)
rome_handler: Fn = _unwired             # rome.handler: who decides for Rome, a Minor (8.6.2)
np_decider: Fn = _unwired               # two_player.decider: who decides for Macedon (10.1)
always_friendly: Fn = _unwired          # solitaire.always_friendly: Seas of 12.5, 12.6
# components, mapdata (data loading)
validate_effects: Fn = _unwired         # event_effects.validate: a card's operations
load_scenarios: Fn = _unwired           # scenarios.load_scenarios, for check_data
# leaders
shuffle_in_succession_crisis: Fn = _unwired     # events (2.12)
contest_succession: Fn = _unwired               # rebels (2.9.5)
# event_effects
show_card: Fn = _unwired                # cards.show (4.3)
# rome
rearm_for_war_side: Fn = _unwired       # roman_war (8.3.1)
remove_consul: Fn = _unwired            # roman_war (8.8)
release_minors: Fn = _unwired           # roman_war (8.8)
# battles
consul_rating: Fn = _unwired            # roman_war (8.6.3)
withdraw_groups: Fn = _unwired          # reactions (6.3)
group_name: Fn = _unwired               # reactions
# reactions, sieges, roman_war: Non-Player Macedon (10.5-10.7)
np_emergency_muster: Fn = _unwired      # two_player.emergency_muster
np_may_intercept: Fn = _unwired         # two_player.may_intercept
np_option_choices: Fn = _unwired        # two_player.option_choices
np_sea_support: Fn = _unwired           # two_player.sea_support
np_roman_war_turn: Fn = _unwired        # two_player.roman_war_turn
# two_player
np_announce_options: Fn = _unwired      # land_campaign.np_announce_options

NAMES = tuple(k for k, v in list(globals().items()) if v is _unwired and k[0] != "_")


def wire(**functions: Fn) -> None:
    """Set every upward call; each name exactly once, none left out."""
    if set(functions) != set(NAMES):
        raise ValueError(f"upcalls: wire {sorted(set(NAMES) ^ set(functions))}")
    globals().update(functions)
