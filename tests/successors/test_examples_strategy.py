"""The rulebook's worked examples of the Strategy Phase (6.6.2-6.6.5) and the Isolation
Phase (6.7), each set up on a bare board and played through the rules' own procedures."""

import pytest

from rules.successors.model import (
    count,
    ed,
    fleet_owner,
    fleet_strength,
    province_controller,
    units,
)
from rules.successors.strategy import pc_targets, sources
from rules.successors.turn import isolated_pcs, isolation
from rules.successors.victory import royal_controller
from tests.dice import rig_draws

from .helpers import bare, choose, give, ids, prompt, push, put


def tyche(st, seat, *cards):
    """``seat`` holds ``cards`` and begins its Tyche Segment."""
    st["hands"][seat] = list(cards)
    st["seg"]["segment"] = "tyche"
    push(st, "tyche", seat=seat, stage="start")


def yellow_in_karia(st):
    """6.6.2's board: a Yellow Minor General with Mercenaries at Halikarnassos, Antigonos
    with 3 CUs at Sagalassos (an Independent Stronghold)."""
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=3)
    give(st, "yellow-minor-1", "yellow", "halikarnassos")
    st["pc"]["sagalassos"] = "ind"


# --- 6.6.2 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.2/1")
@pytest.mark.rule("successors", "6.6.2")
def test_example_surrender_a_pc_at_halikarnassos_and_a_subjugation_at_sagalassos():
    st = bare()
    yellow_in_karia(st)
    put(st, "halikarnassos", "yellow", mercenary=1)
    st["seg"]["segment"] = "surrender"
    push(st, "surrender", seat="yellow")
    # exactly: the PC at the uncontrolled Major City, the one subjugation, or nothing
    assert sorted(ids(st)) == ["done", "place:halikarnassos", "siege:sagalassos"]
    labels = {c.id: c.label for c in prompt(st).choices}
    assert labels["siege:sagalassos"].startswith("Subjugate")
    st = choose(st, "place:halikarnassos")               # no siege: it had no other PC
    assert st["pc"]["halikarnassos"] == "yellow"
    assert sorted(ids(st)) == ["done", "siege:sagalassos"]
    st = choose(st, "siege:sagalassos")
    assert st["seg"]["free_sieges"] == ["sagalassos"]     # one attempt, for no MP
    assert "siege:sagalassos" not in ids(st)


# --- 6.6.3 A: the event ----------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.3/1")
@pytest.mark.rule("successors", "6.6.3")
def test_example_kilikia_pirates_as_an_event_gives_the_kilikian_fleet():
    st = bare()
    yellow_in_karia(st)
    assert fleet_owner(st, "kilikia_pirates") is None
    tyche(st, "yellow", "c14")
    st = choose(st, "c14")
    assert ed().cards["c14"].ops == 3
    st = choose(st, "event")
    assert fleet_owner(st, "kilikia_pirates") == "yellow"
    assert fleet_strength(st, "kilikia_pirates") == 1
    assert "c14" in st["deck"]["discard"] and not st["hands"]["yellow"]


# --- 6.6.3.1: forced march -------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.3/2")
@pytest.mark.rule("successors", "6.6.3.1")
def test_example_forced_march_from_halikarnassos_to_join_antigonos():
    st = bare()
    yellow_in_karia(st)
    put(st, "halikarnassos", "yellow", mercenary=2)
    tyche(st, "yellow", "c14")
    st = choose(st, "c14")
    st = choose(st, "march")
    assert sorted(ids(st)) == ["antigonos", "yellow-minor-1"]
    st = choose(st, "yellow-minor-1")
    assert st["stack"][-1]["mp"] == 3                      # the card's 3 OPs
    st = choose(st, "go:sagalassos")                       # the mountain path: 2 MP
    assert st["stack"][-1]["mp"] == 1
    st = choose(st, "stop")
    assert st["gen"]["yellow-minor-1"]["loc"] == "sagalassos"
    assert count(st, "halikarnassos", "yellow") == 0
    assert units(st, "sagalassos", "yellow") == {"mercenary": 5}
    assert "c14" in st["deck"]["discard"]


# --- 6.6.3.2: placing PCs --------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.3/3")
@pytest.mark.rule("successors", "6.6.3.2")
def test_example_three_pcs_within_two_mp_but_not_lesbos():
    st = bare()
    st["pc"].update(halikarnassos="yellow", kelainai="yellow")
    tyche(st, "yellow", "c14")
    st = choose(st, "c14")
    st = choose(st, "pcs")
    offered = ids(st)
    for sid in ("sardeis", "miletos", "ephesos"):
        assert sid in offered
    assert "lesbos" not in offered                         # 3 MP from Halikarnassos/Kelainai
    for sid in ("sardeis", "miletos", "ephesos"):
        st = choose(st, sid)
    assert all(st["pc"][s] == "yellow" for s in ("sardeis", "miletos", "ephesos"))
    assert prompt(st) is None or prompt(st).rule != "6.6.3.2"   # the 3 OPs are spent
    assert "lesbos" not in st["pc"]


@pytest.mark.rule("successors", "6.6.3.2")
def test_pcs_are_not_counted_through_an_enemy_pc():
    st = bare()
    st["pc"].update(halikarnassos="yellow", mylasa="blue")
    # Halikarnassos' only land way east is Mylasa (Blue): Sardeis is out of reach by land
    assert "sardeis" not in pc_targets(st, "yellow", sources(st, "yellow"))
    del st["pc"]["mylasa"]
    assert "sardeis" in pc_targets(st, "yellow", sources(st, "yellow"))


# --- 6.6.3.3: training -----------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.3/4")
@pytest.mark.rule("successors", "6.6.3.3")
def test_example_three_ops_toward_a_phalangite():
    st = bare()
    tyche(st, "yellow", "c14")
    st = choose(st, "c14")
    st = choose(st, "train")
    assert sorted(ids(st)) == ["macedonian", "mercenary"]  # a Mercenary or a Phalangite
    st = choose(st, "macedonian")
    tr = st["training"]["yellow"]
    assert tr == {"unit": "macedonian", "points": 3}
    assert 7 - tr["points"] == 4                           # 4 more OPs for the Phalangite
    assert prompt(st) is None or prompt(st).rule != "6.4.2"  # nothing raised yet


@pytest.mark.rule("successors", "6.6.3.3")
def test_ops_go_to_the_troop_in_training_without_a_new_choice():
    """Already training a Phalangite (3 of 7), a 4-OP card completes it: no Troop type is
    asked, and the Loyal Macedonian CU comes as a Reinforcement."""
    st = bare()
    st["training"]["yellow"] = {"unit": "macedonian", "points": 3}
    st["pc"]["kelainai"] = "yellow"
    tyche(st, "yellow", "c23")                             # Traitor, 4 OP
    st = choose(st, "c23")
    st = choose(st, "train")
    assert st["training"]["yellow"] == {"unit": "macedonian", "points": 0}
    assert prompt(st).rule == "6.4.2"                      # placing the Phalangite
    st = choose(st, "kelainai")
    assert units(st, "kelainai", "yellow") == {"macedonian": 1}


@pytest.mark.rule("successors", "6.6.3.3")
def test_excess_ops_go_toward_a_newly_chosen_troop():
    """Training a Mercenary (2 of 3), a 4-OP card completes it with 3 OP over: a new Troop
    is chosen for them (a Phalangite: 3 of 7)."""
    st = bare()
    st["training"]["yellow"] = {"unit": "mercenary", "points": 2}
    st["pc"]["kelainai"] = "yellow"
    tyche(st, "yellow", "c23")
    st = choose(st, "c23")
    st = choose(st, "train")
    assert sorted(ids(st)) == ["macedonian", "mercenary"]
    st = choose(st, "macedonian")
    assert st["training"]["yellow"] == {"unit": "macedonian", "points": 3}
    st = choose(st, "kelainai")                            # the Mercenary completed
    assert units(st, "kelainai", "yellow") == {"mercenary": 1}


# --- 6.6.3.C: hiring a general ---------------------------------------------------------------
def eligible_provinces(st, seat):
    return sorted(p for p in ed().provinces if province_controller(st, p) in (None, "ind", seat))


@pytest.mark.example("successors", "6.6.3/5")
@pytest.mark.rule("successors", "6.6.3.C")
def test_example_eumenes_hired_into_kappadokia():
    """Perdikkas has fallen; Blue discards Traitor (4 OP) and hires Eumenes. The Province
    card drawn is Kappadokia (forced through the state's generator): an Independent Army at
    Komana, a Yellow Minor General with 3 Mercenaries at Dana, Independent PCs on the
    other spaces."""
    st = bare()
    st["gen"]["perdikkas"] = {"owner": "blue", "loc": "dead", "former": "blue"}
    st["lost_major"]["blue"] = True
    for sid in ed().provinces["kappadokia"].spaces:
        st["pc"][sid] = "ind"
    st["ind"]["ariarathes"]["loc"] = "komana"
    give(st, "yellow-minor-1", "yellow", "dana")
    put(st, "dana", "yellow", mercenary=3)
    provs = eligible_provinces(st, "blue")
    rig_draws(st, (len(provs), provs.index("kappadokia")))
    tyche(st, "blue", "c23")
    st = choose(st, "c23")
    assert "hire:eumenes" in ids(st)
    st = choose(st, "hire:eumenes")
    # any space of Kappadokia without enemy CUs or an Independent Army
    assert sorted(ids(st)) == ["amaseia", "mazaka", "melitene", "zela"]
    st = choose(st, "melitene")
    assert st["gen"]["eumenes"] == {"owner": "blue", "loc": "melitene"}
    assert units(st, "melitene", "blue") == {"mercenary": 2}
    for sid in ("melitene", "mazaka", "zela", "amaseia"):
        assert st["pc"][sid] == "blue"
    assert st["pc"]["komana"] == "ind" and st["pc"]["dana"] == "ind"
    assert "c23" in st["deck"]["discard"]


# --- 6.6.3.4: Bonus cards --------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.3.4/1")
@pytest.mark.rule("successors", "6.6.3.4")
def test_example_philippos_breaks_from_guardian_ops_then_event():
    st = bare()
    give(st, "antipatros", "black", "pella")
    put(st, "pella", "black", macedonian=3)
    st["pc"]["pella"] = "black"
    tyche(st, "black", "c27")
    st = choose(st, "c27")
    assert ed().cards["c27"].type == "bonus" and ed().cards["c27"].ops == 3
    st = choose(st, "train")                               # its 3 OPs first
    st = choose(st, "mercenary")
    st = choose(st, "pella")                               # the Mercenary trained
    assert sorted(ids(st)) == ["event", "skip"]            # then the event, if he wishes
    st = choose(st, "event")
    assert st["royals"]["philippos"]["loc"] == "pella" and st["royals"]["philippos"]["active"]
    assert royal_controller(st, "philippos") == "black"    # with Antipatros' army
    assert "c27" in st["removed"]


# --- 6.6.5: foraging -------------------------------------------------------------------------
@pytest.mark.example("successors", "6.6.5/1")
@pytest.mark.rule("successors", "6.6.5")
def test_example_antigonos_forages_at_kelainai_and_loses_a_mercenary():
    st = bare()
    give(st, "antigonos", "yellow", "kelainai")
    put(st, "kelainai", "yellow", macedonian=4, mercenary=12, elephant=2)
    push(st, "segment", seat="yellow", segment="forage", started=False)
    assert prompt(st).seat == "yellow" and prompt(st).rule == "6.6.5"
    assert sorted(ids(st)) == ["elephant", "macedonian", "mercenary"]   # the owner's choice
    st = choose(st, "mercenary")
    assert units(st, "kelainai", "yellow") == {"macedonian": 4, "mercenary": 11, "elephant": 2}
    assert prompt(st) is None                              # one CU only


@pytest.mark.rule("successors", "6.6.5")
def test_forage_counts_only_the_owners_cus_and_transit_points_feed_three():
    st = bare()
    give(st, "antigonos", "yellow", "kelainai")
    put(st, "kelainai", "yellow", mercenary=8)
    put(st, "kelainai", "blue", mercenary=5)               # a siege: not counted
    give(st, "krateros", "yellow", "kilikian_gates")
    put(st, "kilikian_gates", "yellow", macedonian=4)
    push(st, "segment", seat="yellow", segment="forage", started=False)
    assert count(st, "kelainai", "yellow") == 8            # at the limit: nothing lost
    assert units(st, "kilikian_gates", "yellow") == {"macedonian": 3}   # one type: no question


# --- 6.7: isolation --------------------------------------------------------------------------
@pytest.mark.example("successors", "6.7/1")
@pytest.mark.rule("successors", "6.7")
def test_example_hekatompylos_is_cut_off_from_ekbatana():
    """Filon's army has put an Independent PC at Rhagai; Kadousioi is Independent. Our
    reconstructed map gives Hekatompylos a third way to Ekbatana, over the Caspian Gates and
    Aspadana, that the example's map does not have: a Yellow CU at the Caspian Gates closes
    it (an uncontrolled space with enemy CUs is no path, 6.7)."""
    st = bare()
    st["pc"].update(ekbatana="blue", hekatompylos="blue", rhagai="ind", kadousioi="ind")
    st["ind"]["filon"]["loc"] = "rhagai"
    give(st, "yellow-minor-1", "yellow", "caspian_gates")
    put(st, "caspian_gates", "yellow", mercenary=1)
    assert isolated_pcs(st, "blue") == ["hekatompylos"]
    isolation(st)
    assert "hekatompylos" not in st["pc"]
    assert st["pc"]["ekbatana"] == "blue"                  # a Major City is never removed
    assert st["pc"]["rhagai"] == "ind" and st["pc"]["kadousioi"] == "ind"


@pytest.mark.rule("successors", "6.7")
def test_without_the_independent_pc_at_rhagai_hekatompylos_traces_to_ekbatana():
    st = bare()
    st["pc"].update(ekbatana="blue", hekatompylos="blue", kadousioi="ind")
    give(st, "yellow-minor-1", "yellow", "caspian_gates")
    put(st, "caspian_gates", "yellow", mercenary=1)
    assert isolated_pcs(st, "blue") == []
    give(st, "white-minor-1", "white", "rhagai")           # enemy CUs in an uncontrolled space
    put(st, "rhagai", "white", mercenary=1)
    assert isolated_pcs(st, "blue") == ["hekatompylos"]
    put(st, "rhagai", "blue", mercenary=1)                 # a friendly CU supplies it itself
    assert isolated_pcs(st, "blue") == []


@pytest.mark.rule("successors", "6.6.3.2")
def test_no_pc_placed_into_or_counted_through_an_independent_army():
    """Independent Armies are enemies to every player (4.13): their space is neither a
    place for a PC nor a way to count the 2 MPs through."""
    st = bare()
    st["pc"].update(halikarnassos="yellow", kyklades="ind")   # Miletos by land, by Mylasa
    assert {"mylasa", "miletos"} <= set(pc_targets(st, "yellow", sources(st, "yellow")))
    st["ind"]["leosthenes"]["loc"] = "mylasa"
    targets = pc_targets(st, "yellow", sources(st, "yellow"))
    assert "mylasa" not in targets and "miletos" not in targets


@pytest.mark.rule("successors", "6.7")
def test_an_independent_army_in_an_uncontrolled_space_blocks_the_trace():
    st = bare()
    st["pc"].update(ekbatana="blue", hekatompylos="blue", kadousioi="ind")
    give(st, "yellow-minor-1", "yellow", "caspian_gates")
    put(st, "caspian_gates", "yellow", mercenary=1)
    assert isolated_pcs(st, "blue") == []
    st["ind"]["filon"]["loc"] = "rhagai"                   # no PC placed there yet
    assert isolated_pcs(st, "blue") == ["hekatompylos"]


@pytest.mark.rule("successors", "6.6.2")
def test_surrender_an_enemy_minor_city_pc_may_be_removed_then_replaced_or_not():
    """6.6.2, first step: the enemy PC may be removed, and then one's own placed (or not);
    an Independent PC is not (it must be subjugated)."""
    st = bare()
    give(st, "yellow-minor-1", "yellow", "mylasa")
    put(st, "mylasa", "yellow", mercenary=1)
    st["pc"].update(mylasa="blue", miletos="ind")
    give(st, "yellow-minor-2", "yellow", "miletos")
    put(st, "miletos", "yellow", mercenary=1)
    st["seg"]["segment"] = "surrender"
    push(st, "surrender", seat="yellow")
    assert sorted(ids(st)) == ["done", "flip:mylasa", "remove:mylasa"]
    st = choose(st, "remove:mylasa")
    assert "mylasa" not in st["pc"]
    assert sorted(ids(st)) == ["done", "place:mylasa"]     # now uncontrolled: his choice
    st = choose(st, "done")
    assert "mylasa" not in st["pc"] and st["pc"]["miletos"] == "ind"
