"""Rules completed in the last pass of issue 16: Royal Army disbanding (3.3.4.6),
reinforcement overflow (6.4.3), Friendly Passage (8.3.8), the generals' special abilities
(optional 19.2)."""

import pytest

from rules.successors.model import PROCS, count, units

from .helpers import activate, bare, choose, give, issos_march, prompt, put, tarsos_battle


@pytest.mark.rule("successors", "3.3.4.6")
def test_royal_army_cus_may_be_disbanded_before_the_army_moves():
    st = bare()
    give(st, "krateros", "yellow", "issos")
    put(st, "issos", "yellow", mercenary=2, royal=3)
    activate(st, "krateros", 3)
    ids = [c.id for c in prompt(st).choices]
    assert "disband" in ids
    st = choose(st, "disband")
    assert units(st, "issos", "yellow") == {"mercenary": 2}
    assert PROCS.top(st)["army"] == {"mercenary": 2}
    assert "disband" not in [c.id for c in prompt(st).choices]


@pytest.mark.rule("successors", "3.3.4.6")
def test_no_disbanding_once_the_army_has_moved():
    st = bare()
    give(st, "krateros", "yellow", "issos")
    put(st, "issos", "yellow", royal=2)
    activate(st, "krateros", 3)
    go = next(c.id for c in prompt(st).choices if c.id.startswith("go:"))
    st = choose(st, go)
    assert PROCS.top(st)["proc"] == "activation" and PROCS.top(st)["army"] == {"royal": 2}
    assert "disband" not in [c.id for c in prompt(st).choices]
    assert count(st, go[3:], "yellow") == 2


def _reinforce(st, seat, n):
    PROCS.push(st, "reinforce", seat=seat, pieces=[["unit", "mercenary"]] * n, placed={},
                start=[])
    PROCS.advance(st)


@pytest.mark.rule("successors", "6.4.3")
def test_overflow_reinforcements_go_to_free_provinces_two_each_with_a_general():
    st = bare()
    for sid in ("mazaka", "komana", "dana", "melitene"):
        st["pc"][sid] = "yellow"                 # Kappadokia is Yellow's
    _reinforce(st, "blue", 3)                    # Blue has no PC and no general on the map
    spaces = {c.id for c in prompt(st).choices}
    assert "zela" not in spaces and "mazaka" not in spaces   # a province another controls
    assert "tarsos" in spaces and "kilikian_gates" not in spaces   # no transit point
    st = choose(st, "tarsos")
    minor = [g for g, r in st["gen"].items() if r["owner"] == "blue" and r["loc"] == "tarsos"]
    assert len(minor) == 1 and "-minor-" in minor[0]          # a general goes with them
    st = choose(st, "issos")
    spaces = {c.id for c in prompt(st).choices}
    assert "tarsos" not in spaces and "issos" not in spaces  # two in Kilikia already
    st = choose(st, sorted(spaces)[0])
    assert count(st, "tarsos", "blue") + count(st, "issos", "blue") == 2
    assert not any(f["proc"] == "reinforce" for f in st["stack"])


@pytest.mark.rule("successors", "6.4.3")
def test_overflow_needs_a_general_else_the_cu_stays_dispersed():
    st = bare()
    for rec in st["gen"].values():
        if rec["owner"] == "blue" and rec["loc"] == "supply":
            rec["loc"] = "dead"
    _reinforce(st, "blue", 1)
    assert not any(f["proc"] == "reinforce" for f in st["stack"])
    assert st["dispersed"]["blue"] == {"mercenary": 1}


def _at_issos_asking_passage():
    """Blue's Krateros (4 CUs) marches into Issos, held by White's Ptolemaios (2 CUs), who
    stands; Blue is asked whether to ask for Friendly Passage."""
    st = bare()
    st = issos_march(st, 2)
    st = choose(st, "stay")                          # White does not avoid
    p = prompt(st)
    assert p.seat == "blue" and p.rule == "8.3.8.1"
    return choose(st, "passage")


def _fight_out(st):
    while (p := prompt(st)) is not None and p.kind == "battle":
        st = choose(st, "pass")
    return st


@pytest.mark.rule("successors", "8.3.8.1")
def test_friendly_passage_granted_lets_the_army_move_on():
    st = _at_issos_asking_passage()
    p = prompt(st)
    assert p.seat == "white" and {c.id for c in p.choices} == {"grant", "refuse"}
    st = choose(st, "grant")
    p = prompt(st)
    assert p.seat == "blue" and PROCS.top(st)["proc"] == "activation"
    go = next(c.id for c in p.choices if c.id.startswith("go:") and c.id != "go:tarsos")
    st = choose(st, go)
    assert count(st, "issos", "white") == 2 and count(st, go[3:], "blue") == 4
    assert st["status"]["blue"] == "champion"        # no attack was made


@pytest.mark.rule("successors", "8.3.8.1")
def test_friendly_passage_refused_means_battle():
    st = _at_issos_asking_passage()
    assert "last_battle" not in st
    st = _fight_out(choose(st, "refuse"))
    assert st.get("last_battle") and st["status"]["blue"] == "successor"
    assert not (count(st, "issos", "white") and count(st, "issos", "blue"))


@pytest.mark.rule("successors", "8.3.8.2")
def test_stopping_among_the_army_that_let_you_pass_is_a_battle():
    st = _at_issos_asking_passage()
    st = choose(st, "grant")
    assert "last_battle" not in st
    st = _fight_out(choose(st, "stop"))
    assert st.get("last_battle")
    assert st["status"]["blue"] == "successor"       # Blue attacked the Champion White
    assert not (count(st, "issos", "white") and count(st, "issos", "blue"))


# --- optional rule 19.2: special abilities ---------------------------------------------
def _besiege_damaskos(gid, abilities):
    st = bare()
    st["options"]["abilities"] = abilities
    st["pc"]["damaskos"] = "white"
    put(st, "damaskos", "white", mercenary=1)
    st["inside"]["damaskos"] = 1
    give(st, gid, "blue", "damaskos")
    put(st, "damaskos", "blue", mercenary=4)
    return st


@pytest.mark.rule("successors", "19.2")
def test_demetrios_adds_one_to_his_siege_rolls_only_with_the_option(dice):
    from rules.successors import sieges

    dice.set(3, 3)
    plain = sieges.siege(_besiege_damaskos("demetrios", False), "damaskos", "blue")
    with_it = sieges.siege(_besiege_damaskos("demetrios", True), "damaskos", "blue")
    assert with_it["total"] == plain["total"] + 1
    dice.set(3)
    other = sieges.siege(_besiege_damaskos("seleukos", True), "damaskos", "blue")
    assert other["total"] == plain["total"]          # Seleukos: subjugation only


@pytest.mark.rule("successors", "19.2")
def test_antigonos_gets_one_more_mp_in_the_movement_segment():
    for abilities, extra in ((False, 0), (True, 1)):
        st = bare()
        st["options"]["abilities"] = abilities
        give(st, "antigonos", "yellow", "kelainai")
        put(st, "kelainai", "yellow", mercenary=2)
        PROCS.push(st, "movement", seat="yellow", stage="moving", roll=2)
        PROCS.advance(st)
        st = choose(st, "antigonos")
        assert PROCS.top(st)["mp"] == 3 + extra        # a roll of 2 gives him 3 (8.1)


@pytest.mark.rule("successors", "19.2")
def test_kassandros_adds_one_legitimacy_while_his_faction_holds_makedonia():
    from rules.successors.victory import legitimacy

    st = bare()
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"
    give(st, "kassandros", "blue", "pella")
    before = legitimacy(st, "blue")
    st["options"]["abilities"] = True
    assert legitimacy(st, "blue") == before + 1
    st["pc"]["pella"] = "white"                          # Makedonia lost: no bonus
    with_option = legitimacy(st, "blue")
    st["options"]["abilities"] = False
    assert legitimacy(st, "blue") == with_option


@pytest.mark.rule("successors", "19.2")
def test_perdikkas_keeps_his_royal_army_loyal_in_a_siege(dice):
    from rules.successors import sieges

    for abilities in (False, True):
        st = bare()
        st["options"]["abilities"] = abilities
        st["pc"]["damaskos"] = "white"
        give(st, "perdikkas", "white", "damaskos")
        put(st, "damaskos", "white", royal=2)
        st["inside"]["damaskos"] = 2
        st["status"]["white"] = "successor"               # White: less L than Blue
        put(st, "damaskos", "blue", mercenary=4)
        give(st, "leonnatos", "blue", "damaskos")
        dice.set(4)
        sieges.siege(st, "damaskos", "blue")
        assert units(st, "damaskos", "white").get("royal", 0) == (2 if abilities else 0)


@pytest.mark.rule("successors", "19.2")
def test_ptolemaios_adds_one_to_his_avoid_battle_roll(dice):
    for abilities, avoided in ((False, False), (True, True)):
        st = bare()
        st["options"]["abilities"] = abilities
        st = issos_march(st, 2)
        dice.set(2)                                      # 2 is not above his Initiative 2
        st = choose(st, "avoid")
        assert (prompt(st).rule == "10.2") == avoided


def _battle_at_besieged_damaskos(choice, dice):
    """Blue (Krateros, 6 CUs) marches into Damaskos, held by White: 2 CUs inside the city,
    Leonnatos with 3 outside. White is asked whether the garrison sallies."""
    st = bare()
    st["pc"]["damaskos"] = "white"
    give(st, "leonnatos", "white", "damaskos")
    put(st, "damaskos", "white", mercenary=5)
    st["inside"]["damaskos"] = 2
    give(st, "krateros", "blue", "sidon")
    put(st, "sidon", "blue", mercenary=6)
    activate(st, "krateros", 3)
    st = choose(st, "go:damaskos")
    while prompt(st).seat == "white" and prompt(st).rule != "12.1.2":
        st = choose(st, "stay")
    st = choose(st, "attack")                            # no Friendly Passage asked
    p = prompt(st)
    assert p.seat == "white" and p.rule == "12.1.2"
    st = choose(st, choice)
    dice.set(6, 6, 1, 1)                                 # Blue wins
    return _fight_out(st)


@pytest.mark.rule("successors", "12.1.2")
def test_a_sally_adds_the_garrison_and_shares_the_losses(dice):
    kept = _battle_at_besieged_damaskos("inside", dice)
    sallied = _battle_at_besieged_damaskos("sally", dice)
    strength = {k: s["last_battle"]["sides"]["white"]["strength"]
                for k, s in (("kept", kept), ("sallied", sallied))}
    assert strength["sallied"] == strength["kept"] + 2
    assert kept["last_battle"]["winner"] == sallied["last_battle"]["winner"] == "blue"
    assert count(kept, "damaskos", "white") == 2 and kept["inside"]["damaskos"] == 2
    assert count(sallied, "damaskos", "white") == 0       # the Mercenaries inside are lost


@pytest.mark.rule("successors", "12.6")
def test_a_side_with_a_choice_picks_the_cu_it_loses(dice):
    st = tarsos_battle(bare(), blue={"mercenary": 2, "macedonian": 1},
                       white={"mercenary": 3})
    dice.set(3, 3, 3, 4)                                 # strength 4 rolls 6, 3 rolls 7: 3-3
    st = _fight_out(st)
    assert st["last_battle"]["result"] == "draw"
    p = prompt(st)
    assert p.seat == "blue" and p.rule == "12.5.2"
    assert {c.id for c in p.choices} == {"mercenary", "macedonian"}
    assert count(st, "tarsos", "white") == 2             # one type only: no question
    st = choose(st, "macedonian")                        # Blue keeps its Mercenaries
    assert units(st, "kilikian_gates", "blue") == {"mercenary": 2}   # and retreats (12.6)
