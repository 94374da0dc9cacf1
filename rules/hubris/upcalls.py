"""Upward calls: the few places where a lower layer of the Hubris rules must call a function
of a higher one (``core`` asking Rome's handler or Non-Player Macedon's decider who decides,
a card's effect showing the card, ...). The lower module calls ``upcalls.<name>(...)`` and
imports nothing above it (docs/ARCHITECTURE.md); the package fills the table, name -> (module,
function), when it is imported (:func:`provide`, from ``rules/hubris/__init__.py``). The
function is looked up at its first call (its module, above the caller, cannot be imported by
it) and is then an attribute here.
Always call through the module (``upcalls.rome_handler(state)``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

#: every upward call: name -> (module of rules.hubris, function), set by :func:`provide`
TABLE: dict[str, tuple[str, str]] = {}

#: the names the lower layers call (each must be provided exactly once)
NAMES = (
    "rome_handler", "np_decider", "always_friendly",                    # core
    "validate_effects", "load_scenarios",                                # components, mapdata
    "shuffle_in_succession_crisis", "contest_succession",              # leaders
    "show_card", "special_event",                                        # event_effects
    "rearm_for_war_side", "remove_consul", "release_minors",           # rome
    "consul_rating", "withdraw_groups", "group_name",                  # battles
    "np_emergency_muster", "np_may_intercept",                         # reactions
    "np_option_choices", "np_sea_support",                             # sieges
    "np_roman_war_turn",                                                 # roman_war
    "np_announce_options",                                               # two_player
)


def provide(**table: tuple[str, str]) -> None:
    """Fill the table; every name of :data:`NAMES` exactly once."""
    if set(table) != set(NAMES):
        raise ValueError(f"upcalls: provide {sorted(set(NAMES) ^ set(table))}")
    TABLE.update(table)


def __getattr__(name: str) -> Callable[..., Any]:
    """The function behind ``name``, imported at its first call and kept as an attribute."""
    if name not in TABLE:
        raise AttributeError(f"rules.hubris.upcalls has no {name!r}")
    module, function = TABLE[name]
    fn = getattr(import_module(f"rules.hubris.{module}"), function)
    globals()[name] = fn
    return fn
