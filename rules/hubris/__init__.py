"""Hubris: Twilight of the Hellenistic World, 220-165 BCE (GMT Games).

Layers (docs/ARCHITECTURE.md, "Import layers"): a module imports only modules below it,
never one above, even inside a function (tests/test_import_graph.py). From the bottom: data
(``rulesdata``, ``components``, ``event_cards``, ``mapdata``, ``names``, ``flow``, ``control``,
``upcalls``) < ``core`` < the rule sections (``leaders``, ``rome``, ``battles``, ``reactions``,
``sieges``, ``roman_war``, ``two_player``, ``events``, ``land_campaign`` ...) < ``play`` <
``game``. Where a lower section must call a higher one (``core`` asks Rome's handler who
decides, 8.6.2), it calls :mod:`rules.hubris.upcalls`, whose table is filled here.
"""

from . import upcalls
from .game import Hubris

# who answers each upward call of a lower layer: (module, function)
upcalls.provide(
    rome_handler=("rome", "handler"),                       # 8.6.2, asked by core.seat_of
    np_decider=("two_player", "decider"),                   # 10.1, asked by core.seat_of
    always_friendly=("solitaire", "always_friendly"),       # 12.5, 12.6, core.friendly_sea
    validate_effects=("event_effects", "validate"),         # components: a card's operations
    load_scenarios=("scenarios", "load_scenarios"),         # mapdata.check_data
    shuffle_in_succession_crisis=("events", "shuffle_in_succession_crisis"),   # leaders, 2.12
    contest_succession=("rebels", "contest_succession"),    # leaders, 2.9.5
    show_card=("cards", "show"),                            # event_effects, 4.3
    special_event=("events", "special_event"),              # event_effects: a card's function
    rearm_for_war_side=("roman_war", "rearm_for_war_side"),  # rome, 8.3.1
    remove_consul=("roman_war", "remove_consul"),           # rome, 8.8
    release_minors=("roman_war", "release_minors"),         # rome, 8.8
    consul_rating=("roman_war", "consul_rating"),           # battles, 8.6.3
    withdraw_groups=("reactions", "withdraw_groups"),       # battles, 6.3
    group_name=("reactions", "group_name"),                 # battles, 6.3
    np_emergency_muster=("two_player", "emergency_muster"),  # reactions, 10.6
    np_may_intercept=("two_player", "may_intercept"),       # reactions, 10.6
    np_option_choices=("two_player", "option_choices"),     # sieges, 10.5
    np_sea_support=("two_player", "sea_support"),           # sieges, 10.6
    np_roman_war_turn=("two_player", "roman_war_turn"),     # roman_war, 10.7
    np_announce_options=("campaign_initiation", "np_announce_options"),  # two_player, 10.5
)

GAME = Hubris()
