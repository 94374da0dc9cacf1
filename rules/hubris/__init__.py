"""Hubris: Twilight of the Hellenistic World, 220-165 BCE (GMT Games).

Layers (docs/ARCHITECTURE.md, "Import layers"): a module imports only modules below it,
never one above, even inside a function (tests/test_import_graph.py). From the bottom: data
(``rulesdata``, ``components``, ``event_cards``, ``mapdata``, ``names``, ``flow``, ``control``,
``upcalls``) < ``core`` < the rule sections (``leaders``, ``rome``, ``battles``, ``reactions``,
``sieges``, ``roman_war``, ``two_player``, ``events``, ``land_campaign`` ...) < ``play`` <
``game``. Where a lower section must call a higher one (``core`` asks Rome's handler who
decides, 8.6.2), it calls :mod:`rules.hubris.upcalls`, wired here once every module is loaded.
"""

from . import (
    cards,
    event_effects,
    events,
    land_campaign,
    reactions,
    rebels,
    roman_war,
    rome,
    scenarios,
    solitaire,
    solitaire_landing,  # noqa: F401 - registers its procedure (12.5)
    two_player,
    upcalls,
)
from .game import Hubris

upcalls.wire(
    rome_handler=rome.handler,
    np_decider=two_player.decider,
    always_friendly=solitaire.always_friendly,
    validate_effects=event_effects.validate,
    load_scenarios=scenarios.load_scenarios,
    shuffle_in_succession_crisis=events.shuffle_in_succession_crisis,
    contest_succession=rebels.contest_succession,
    show_card=cards.show,
    rearm_for_war_side=roman_war.rearm_for_war_side,
    remove_consul=roman_war.remove_consul,
    release_minors=roman_war.release_minors,
    consul_rating=roman_war.consul_rating,
    withdraw_groups=reactions.withdraw_groups,
    group_name=reactions.group_name,
    np_emergency_muster=two_player.emergency_muster,
    np_may_intercept=two_player.may_intercept,
    np_option_choices=two_player.option_choices,
    np_sea_support=two_player.sea_support,
    np_roman_war_turn=two_player.roman_war_turn,
    np_announce_options=land_campaign.np_announce_options,
)

GAME = Hubris()
