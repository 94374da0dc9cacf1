"""The rulebook's worked examples of land movement (8.3.1-8.3.11) and of the Independent
Armies' strait crossings (8.4.8), set up on a bare board and moved through the rules' own
procedures (the Movement Segment's roll forced through the state's generator)."""

import pytest

from rules.successors.events import ind_moves
from rules.successors.model import count, ed, units
from rules.successors.victory import royal_controller
from tests.dice import rig

from .helpers import activate, bare, choose, give, ids, prompt, push, put


def movement_segment(st, seat, roll):
    """``seat`` begins its Movement Segment and rolls ``roll`` (8.1)."""
    st["seg"]["segment"] = "movement"
    push(st, "movement", seat=seat, stage="start")
    rig(st, roll)
    return choose(st, "roll")


def labels(st):
    return {c.id: c.label for c in prompt(st).choices}


def go_moves(st):
    return sorted(c for c in ids(st) if c.startswith("go:"))


def act(st):
    """The activation frame under way."""
    return next(fr for fr in reversed(st["stack"]) if fr["proc"] == "activation")


def let_pass(st, seat):
    """``seat``'s armies stand and do not intercept in the Reaction Step."""
    while prompt(st) and prompt(st).seat == seat and prompt(st).rule in ("10.1", "11.2"):
        st = choose(st, "stay" if prompt(st).rule == "10.1" else "pass")
    return st


# --- 8.3.1 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.3.1/1")
@pytest.mark.rule("successors", "8.3.1")
def test_example_minor_general_joins_antigonos_who_leaves_him_a_mercenary():
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=3)
    st["pc"]["sagalassos"] = "ind"
    give(st, "yellow-minor-1", "yellow", "halikarnassos")
    put(st, "halikarnassos", "yellow", mercenary=1)
    st["pc"]["halikarnassos"] = "yellow"
    st = movement_segment(st, "yellow", 2)
    lab = labels(st)
    assert lab["antigonos"].endswith("(3 MP)")             # a 2 equals his Initiative
    assert lab["yellow-minor-1"].endswith("(2 MP)")        # below a Minor General's 4
    st = choose(st, "yellow-minor-1")
    st = choose(st, "go:sagalassos")                       # the mountain path: both MPs
    assert st["stack"][-1]["mp"] == 0
    st = choose(st, "stop")
    st = choose(st, "antigonos")
    assert st["stack"][-1]["army"] == {"mercenary": 3}     # the minor general's CU has moved
    st = choose(st, "leave:mercenary")                     # 1 Mercenary stays with him
    st = choose(st, "go:aspendos")
    assert st["stack"][-1]["mp"] == 2
    transit = [m for m in go_moves(st) if ed().spaces[m[3:]].kind == "transit"]
    assert transit == ["go:tracheia"] and ed().kind("aspendos", "tracheia") == "mountain"
    st = choose(st, "go:tracheia")
    assert units(st, "sagalassos", "yellow") == {"mercenary": 2}
    assert st["gen"]["yellow-minor-1"]["loc"] == "sagalassos"
    assert units(st, "tracheia", "yellow") == {"mercenary": 2}
    assert st["gen"]["antigonos"]["loc"] == "tracheia"


# --- 8.3.2 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.3.2/1")
@pytest.mark.rule("successors", "8.3.2")
def test_example_krateros_takes_command_and_the_army_stops_one_space_on():
    """Our map's Issos had a 1-MP land path to the Amanian Gates (a transit point) and to
    Bambyke; by this example the transit point beyond Issos takes a 2-MP mountain path and
    only Chalybon and Myriandos lie 1 MP onward, so map_rules.yaml now says so."""
    st = bare()
    give(st, "antigonos", "yellow", "tarsos")
    put(st, "tarsos", "yellow", mercenary=3)
    st["pc"]["tarsos"] = "yellow"
    give(st, "krateros", "yellow", "issos")
    st["pc"]["issos"] = "yellow"
    st = movement_segment(st, "yellow", 3)
    lab = labels(st)
    assert lab["antigonos"].endswith("(4 MP)") and lab["krateros"].endswith("(2 MP)")
    st = choose(st, "antigonos")
    st = choose(st, "go:issos")
    assert "takes command" in labels(st)["take:krateros"]  # he outranks Antigonos
    st = choose(st, "take:krateros")
    fr = st["stack"][-1]
    assert fr["gen"] == "krateros" and fr["subs"] == ["antigonos"] and fr["mp"] == 1
    # onward only Chalybon or Myriandos (or back to Tarsos); no path of 2 MP
    assert go_moves(st) == ["go:chalybon", "go:myriandos", "go:tarsos"]
    assert any(ed().spaces[n].kind == "transit" and ed().kind("issos", n) == "mountain"
               for n in ed().graph["issos"])
    st = choose(st, "go:chalybon")
    assert st["stack"][-1]["mp"] == 0 and go_moves(st) == []
    st = choose(st, "stop")
    assert {st["gen"][g]["loc"] for g in ("krateros", "antigonos")} == {"chalybon"}
    assert count(st, "chalybon", "yellow") == 3


# --- 8.3.7 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.3.7/1")
@pytest.mark.rule("successors", "8.3.7")
def test_example_kassandros_leaves_a_mercenary_to_garrison_athenai():
    st = bare()
    give(st, "kassandros", "yellow", "athenai")
    put(st, "athenai", "yellow", mercenary=4)
    st["pc"]["athenai"] = "yellow"
    activate(st, "kassandros", 3)
    st = choose(st, "leave:mercenary")                     # free, in his friendly city
    assert st["stack"][-1]["mp"] == 3
    st = choose(st, "go:lamia")
    assert units(st, "athenai", "yellow") == {"mercenary": 1}
    assert units(st, "lamia", "yellow") == {"mercenary": 3}
    # the garrison goes inside the walls when an enemy army comes (9.1.1)
    st = choose(st, "stop")
    give(st, "leonnatos", "blue", "chalkis")
    put(st, "chalkis", "blue", mercenary=3)
    activate(st, "leonnatos", 3)
    st = choose(st, "go:athenai")
    assert st["inside"]["athenai"] == 1
    assert prompt(st) is None or prompt(st).rule != "4.31.1"   # none outside: no battle


# --- 8.3.8 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.3.8.3/1")
@pytest.mark.rule("successors", "8.3.8")
def test_example_leonnatos_crosses_the_strait_with_white_passage():
    st = bare()
    give(st, "leonnatos", "yellow", "abydos")
    put(st, "abydos", "yellow", mercenary=6)
    give(st, "lysimachos", "white", "chersonesos")
    put(st, "chersonesos", "white", mercenary=2)
    st["pc"]["chersonesos"] = "white"
    activate(st, "leonnatos", 4)
    st = choose(st, "go:chersonesos")
    assert act(st)["mp"] == 2                              # the Strait costs 2 MP
    st = let_pass(st, "white")
    assert prompt(st).seat == "yellow" and sorted(ids(st)) == ["attack", "passage"]
    st = choose(st, "passage")
    assert prompt(st).seat == "white" and sorted(ids(st)) == ["grant", "refuse"]
    st = choose(st, "grant")
    fr = st["stack"][-1]
    assert fr["proc"] == "activation" and fr["at"] == "chersonesos" and fr["mp"] == 2
    assert count(st, "chersonesos", "white") == 2          # no battle
    assert "go:kabyle" in ids(st)                          # he moves on toward Lamia


@pytest.mark.rule("successors", "8.3.8.3")
def test_an_independent_army_neither_grants_nor_is_asked_for_passage():
    st = bare()
    give(st, "leonnatos", "yellow", "abydos")
    put(st, "abydos", "yellow", mercenary=6)
    st["ind"]["seuthes"]["loc"] = "chersonesos"
    activate(st, "leonnatos", 4)
    st = choose(st, "go:chersonesos")
    while prompt(st) and prompt(st).rule in ("10.1", "11.2", "19.4"):
        st = choose(st, prompt(st).choices[0].id)
    assert "passage" not in ids(st)                        # straight to the battle
    assert prompt(st).rule == "4.31.1"


# --- 8.3.9, 8.3.10 -------------------------------------------------------------------------
def kassandros_at_lamia(st, mp=4):
    give(st, "kassandros", "yellow", "lamia")
    put(st, "lamia", "yellow", mercenary=5)
    st["pc"].update(lamia="yellow", larisa="black", pella="black")
    activate(st, "kassandros", mp)


@pytest.mark.example("successors", "8.3.9/1")
@pytest.mark.rule("successors", "8.3.9")
def test_example_kassandros_removes_the_black_pc_at_larisa():
    st = bare()
    kassandros_at_lamia(st)
    assert "remove" not in ids(st)                         # Lamia is his own
    st = choose(st, "go:larisa")
    assert "Remove the Black PC" in labels(st)["remove"]
    st = choose(st, "remove")
    assert "larisa" not in st["pc"] and st["stack"][-1]["mp"] == 1
    assert "remove" not in ids(st)


@pytest.mark.rule("successors", "8.3.9")
def test_no_pc_removal_with_fewer_than_three_cus_or_enemy_cus_there():
    st = bare()
    give(st, "kassandros", "yellow", "lamia")
    put(st, "lamia", "yellow", mercenary=2)
    st["pc"]["larisa"] = "black"
    activate(st, "kassandros", 4)
    st = choose(st, "go:larisa")
    assert "remove" not in ids(st)


@pytest.mark.example("successors", "8.3.10/1")
@pytest.mark.rule("successors", "8.3.10")
def test_example_kassandros_besieges_pella_with_his_last_two_mp():
    st = bare()
    kassandros_at_lamia(st)
    put(st, "pella", "black", royal=2)
    for rid in ("olympias", "alexandros"):
        st["royals"][rid].update(loc="pella", active=True, held="black")
    st = choose(st, "go:larisa")
    st = choose(st, "go:pella")
    # Black's 2 Royal Army CUs are inside the walls: none outside, no battle (9.1.1)
    assert st["inside"]["pella"] == 2
    for rid in ("olympias", "alexandros"):                 # the royals stay in the city
        assert st["royals"][rid]["loc"] == "pella" and royal_controller(st, rid) == "black"
    fr = st["stack"][-1]
    assert fr["proc"] == "activation" and fr["at"] == "pella" and fr["mp"] == 2
    assert "Besiege Pella (2 MP)" in labels(st)["siege"]
    st = choose(st, "siege")
    assert st["seg"]["sieges"] == {"pella": ["kassandros", 1]} and act(st)["mp"] == 0
    assert any(e.get("rule", "").startswith("13") for e in st["log"][-8:])


# --- 8.3.11 --------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.3.11/1")
@pytest.mark.rule("successors", "8.3.11")
def test_example_peithon_passes_kossaioi_and_suffers_attrition_on_the_2_column():
    st = bare()
    give(st, "peithon", "blue", "ekbatana")
    put(st, "ekbatana", "blue", mercenary=6)
    st["pc"].update(ekbatana="blue", kossaioi="ind")
    activate(st, "peithon", 3)
    st = choose(st, "go:kossaioi")                          # 2 MP: no attrition for entering
    assert count(st, "kossaioi", "blue") == 6 and st["stack"][-1]["mp"] == 1
    rig(st, 5)             # a 5: 1 CU on the '2' column (2 on the 5-7 column of 6 CUs)
    st = choose(st, "go:sousa")
    assert count(st, "sousa", "blue") == 5
    assert any("attrition" in e.get("text", "") and e.get("rule") == "8.3.11"
               for e in st["log"])


@pytest.mark.rule("successors", "8.3.11")
def test_stopping_on_the_independent_stronghold_costs_no_attrition():
    st = bare()
    give(st, "peithon", "blue", "ekbatana")
    put(st, "ekbatana", "blue", mercenary=6)
    st["pc"]["kossaioi"] = "ind"
    activate(st, "peithon", 3)
    st = choose(st, "go:kossaioi")
    st = choose(st, "stop")
    assert count(st, "kossaioi", "blue") == 6
    assert not any(e.get("rule") == "8.3.11" for e in st["log"])


# --- 8.4.8 ---------------------------------------------------------------------------------
@pytest.mark.example("successors", "8.4.8/1")
@pytest.mark.rule("successors", "8.4.8")
def test_example_seuthes_crosses_the_strait_from_byzantion_to_astakos():
    """Byzantion's other ways out are Sea paths, which an Independent Army may not take."""
    st = bare()
    st["ind"]["seuthes"]["loc"] = "byzantion"
    assert ed().kind("byzantion", "astakos") == "strait"
    # 3 MP: the Strait (2), then 1 MP of land beyond Astakos; never by sea
    assert ind_moves(st, "seuthes") == ["astakos", "gordion", "pessinous"]
    push(st, "independent", seat="yellow", army="seuthes")
    assert sorted(ids(st)) == ["astakos", "gordion", "pessinous", "raise", "stay"]
    st = choose(st, "astakos")
    assert st["ind"]["seuthes"]["loc"] == "astakos"
