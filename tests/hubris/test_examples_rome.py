"""The rulebook's worked examples that exercise Rome: 3.3 (Revenue At War with Rome), 3.7.2
(Winter Peace beside a War with Rome), 8.2.1 (Aggression), 8.5 (Casus Belli), 8.6.4 (Roman
Diplomacy), 8.6.6 (Free Passage), 8.7 (Victory over Rome).

Each sets the example's situation on the 12.1 'New Hopes' set-up through the rules' own
setters (our reconstructed map and Courts differ from the examples' boards: the Places they
name are set as printed and every other Place of the Kingdoms concerned is cleared where it
would change the outcome). Dice come from the state's seeded generator (``tests.dice.rig``).
"""

from fractions import Fraction

import pytest

from rules.hubris import (
    consul_routes,
    core,
    flow,
    land_campaign,
    roman_war,
    rome,
    sieges,
    turn,
    winter_peace,
)
from tests.dice import rig
from tests.hubris.rome_setup import DATA, at_war, clear_region, nh, place


def _only(s, k, places):
    """``k`` holds exactly ``places`` ({place: marker}); its other Places are Unaligned."""
    for p, r in s["places"].items():
        if r.get("power") == k and p not in places:
            place(s, p, None)
    for p, marker in places.items():
        place(s, p, k, marker)
    DATA.refresh(s)


def _log_since(s, n):
    return [e["text"] for e in s["log"][n:]]


# --- 3.3 -----------------------------------------------------------------------------------
@pytest.mark.example("hubris", "3.3/1")
@pytest.mark.rule("hubris", "3.3")
def test_example_revenue_at_war_with_rome():
    """Macedon, At War with Rome under LIMITED WAR, Fully Controls MAKEDONIA (4|6) and
    THESSALIA (2|3), Simply BOIOTIA-EUBOIA (2|3) and PELOPONNESOS (4|6), none by a majority of
    Alliances: 6+3+2+4 = 15 T. Then FULL WAR, THESSALIA Ravaged, one more Alliance in the
    PELOPONNESOS (now a majority of Alliances): 6 + 1.5 + 2 + 2 = 11.5, halved 5.75, 6 T."""
    def macedon_holds(s, extra_alliance):
        held = {"pella": "garrison", "thessalonike": "garrison", "amphipolis": "garrison",
                "paiones": "alliance", "larisa": "garrison", "pherai": "garrison",
                "demetrias": "garrison", "chalkis": "garrison", "athenai": "garrison",
                "korinthos": "garrison", "messene": "garrison", "achaia": "alliance",
                "megalopolis": "alliance"}
        if extra_alliance:
            held["sparte"] = "alliance"
        for p in DATA.satrapies["peloponnesos"].places + DATA.satrapies["boiotia-euboia"].places:
            place(s, p, None)
        _only(s, "macedon", held)
        ctrl = s["derived"]["control"]
        assert (ctrl["makedonia"]["level"], ctrl["thessalia"]["level"]) == ("full", "full")
        assert ctrl["boiotia-euboia"]["level"] == ctrl["peloponnesos"]["level"] == "simple"
        assert ctrl["peloponnesos"]["halved"] == extra_alliance

    s = nh(agenda_side="limited-war")
    s["wars"]["macedon|rome"] = "war"
    macedon_holds(s, False)
    assert Fraction(s["derived"]["tax_base"]["macedon"]) == 15
    before = s["kingdoms"]["macedon"]["treasury"]
    turn.revenue(DATA, s)                                   # LIMITED WAR: not halved
    assert s["kingdoms"]["macedon"]["treasury"] - before == 15

    s = nh(agenda_side="full-war")
    s["wars"]["macedon|rome"] = "war"
    core.set_satrapy(s, "thessalia", ravaged=True)
    macedon_holds(s, True)
    assert Fraction(s["derived"]["tax_base"]["macedon"]) == Fraction(23, 2)
    before = s["kingdoms"]["macedon"]["treasury"]
    turn.revenue(DATA, s)                                   # 5.75 rounded up
    assert s["kingdoms"]["macedon"]["treasury"] - before == 6


# --- 3.7.2 ---------------------------------------------------------------------------------
@pytest.mark.example("hubris", "3.7.2/1")
@pytest.mark.rule("hubris", "3.7.2")
def test_example_winter_peace_beside_a_war_with_rome():
    """Macedon At War with the Ptolemies, the Seleucids and Rome wants Peace with both
    Kingdoms. The Ptolemies agree (status quo). The Seleucids want War and name a Friend with
    Diplomacy 4 (Antipatros); Macedon offers Garrisons in MYSIA and IONIA and 10 T for -2
    (no Battle between them this Turn); the Seleucids roll, a Success: the War goes on,
    Macedon keeps its 10 T and Garrisons. The War with Rome does not end in Winter."""
    s = nh()
    s["phase"] = "winter"
    s["wars"].update({"macedon|ptolemies": "war", "macedon|seleucids": "war"})
    at_war(s, "macedon", "italia", "ra-9")
    _only(s, "macedon", {"pella": "garrison", "abydos": "garrison", "ephesos": "garrison"})
    place(s, "sardeis", "seleucids", "garrison")            # LYDIA-PHRYGIA, beside both
    core.set_kingdom(s, "macedon", treasury=12)
    assert DATA.card("S7").diplomacy == 4 and s["leaders"]["S7"]["role"] is None
    winter_peace.start(s)
    wp = winter_peace.WinterPeace()
    first, second = s["stack"][-1], s["stack"][-2]
    assert {first["a"], first["b"]} == {"macedon", "ptolemies"}
    assert {second["a"], second["b"]} == {"macedon", "seleucids"}
    for who in ("macedon", "ptolemies"):
        assert wp.prompt(DATA, s, first).seat == who
        wp.apply(DATA, s, first, "peace")
    assert not core.at_war(s, "macedon", "ptolemies")       # status quo Peace
    assert first not in s["stack"]
    wp.apply(DATA, s, second, "peace")                      # Macedon
    wp.apply(DATA, s, second, "war")                        # the Seleucids
    assert second["step"] == "offers" and second["seeker"] == "seleucids"
    offered = {c.id for c in wp.prompt(DATA, s, second).choices}
    assert {"offer:talents", "offer:garrison:abydos", "offer:garrison:ephesos"} <= offered
    for c in ("offer:talents", "offer:garrison:abydos", "offer:garrison:ephesos",
              "offer:done"):
        wp.apply(DATA, s, second, c)
    assert dict(winter_peace.threshold_parts(DATA, s, second, "S7")) == {
        "Diplomacy": 4, "ten Talents or a Squadron offered": -1, "two Garrisons offered": -1}
    rig(s, 2)                                               # 2 <= 4 - 2: a Success
    wp.apply(DATA, s, second, "roll:S7")
    assert core.at_war(s, "macedon", "seleucids")
    assert s["kingdoms"]["macedon"]["treasury"] == 12
    assert s["places"]["abydos"]["power"] == s["places"]["ephesos"]["power"] == "macedon"
    assert rome.at_war(s, "macedon")                        # Rome's War goes on
    assert ("macedon", "rome") not in winter_peace.kingdom_wars(s)


# --- 8.2.1 ---------------------------------------------------------------------------------
@pytest.mark.example("hubris", "8.2.1/1")
@pytest.mark.rule("hubris", "8.2.1")
def test_example_aggression_targets_the_seleucids():
    """GRAECIA FULL WAR (Scope: Europe). Ptolemies: no Territorial VP in Europe, 1 Dynastic
    VP, King at 0 Renown: 1. Seleucids: 4 Territorial VPs in Europe, King at 4 Renown: 8.
    Macedon: 8 of its 10 Territorial VPs in Europe, King at 1 Renown: 9. The Ptolemies are 8
    short, the Seleucids 1: the Seleucids roll 4 (3), Macedon a natural 2: the Seleucids."""
    s = nh(rb=2, agenda="graecia", agenda_side="full-war")
    for k in ("ptolemies", "seleucids", "macedon"):
        clear_region(s, k, "europe")
        clear_region(s, k, "asia-minor")
    _only(s, "macedon", {"pella": "garrison", "thessalonike": "garrison",
                         "amphipolis": "garrison",                        # MAKEDONIA 5
                         "chalkis": "garrison", "athenai": "garrison",
                         "herakleia-trachis": "garrison",                 # BOIOTIA 3
                         "pergamon": "alliance", "abydos": "alliance",
                         "kyzikos": "alliance"})                          # MYSIA 2
    for p in ("lysimacheia", "perinthos"):
        place(s, p, "seleucids", "garrison")
    for p in ("odrysai", "bessoi"):
        place(s, p, "seleucids", "alliance")                # THRAKE, Full: 3
    place(s, "larisa", "seleucids", "garrison")
    place(s, "pherai", "seleucids", "garrison")             # THESSALIA, Simple: 1
    for k, dyn in (("ptolemies", "1"), ("seleucids", "0"), ("macedon", "0")):
        core.set_kingdom(s, k, dynastic_vp=dyn)
    for k, renown in (("ptolemies", 0), ("seleucids", 4), ("macedon", 1)):
        core.set_leader(s, core.king(s, k), renown=renown)
    DATA.refresh(s)
    assert s["derived"]["vp"]["macedon"]["territorial"] == "10"
    assert {k: rome.scoped_total(DATA, s, k) for k in ("ptolemies", "seleucids", "macedon")} \
        == {"ptolemies": 1, "seleucids": 8, "macedon": 9}
    order = core.kingdoms(s)
    faces = {"seleucids": 4, "ptolemies": 6, "macedon": 2}
    rig(s, 5, *[faces[k] for k in order])                   # Aggression: an unmodified 5
    n = len(s["log"])
    rome.shift_rb(DATA, s, 1, "the example", "3.4")
    assert rome.at_war(s, "seleucids") and not rome.at_war(s, "macedon")
    assert not rome.at_war(s, "ptolemies")
    assert s["rome"]["rb"] == 2                             # back to Very High
    (line,) = [t for t in _log_since(s, n) if t.startswith("Rome declares War on")]
    assert "Seleucids 3" in line and "Macedon 2" in line and "Ptolemies -2" in line


# --- 8.5 -----------------------------------------------------------------------------------
def _thessalia(rb):
    s = nh(rb=rb, freedom_of_greeks=True)
    place(s, "larisa", "rome", "alliance")
    place(s, "pherai", None)
    place(s, "demetrias", "ptolemies", "alliance")
    DATA.refresh(s)
    return s


def _cb_rolls(s, n):
    return [t.split(":")[0] for t in _log_since(s, n) if t.startswith("Casus Belli")]


@pytest.mark.example("hubris", "8.5/1")
@pytest.mark.rule("hubris", "8.5")
def test_example_casus_belli_one_roll_at_the_lowest_threshold():
    """Macedon Campaigns in THESSALIA (a Roman Alliance, an Unaligned Place, a Ptolemaic
    Alliance, all Greek; the Freedom of the Greeks proclaimed) targeting all three: one roll,
    Threshold 5. A Garrison placed later on a captured Place: another roll, Threshold 7."""
    s = _thessalia(rb=1)
    for p in ("larisa", "pherai", "demetrias"):
        assert land_campaign.guaranteed(DATA, s, p)
    camp = {"proc": "campaign", "id": "c1", "kingdom": "macedon", "leader": "M6",
            "target": "thessalia", "origin": "makedonia", "mode": "land",
            "announce": "alliances"}
    camp["announced"] = land_campaign.announced(DATA, s, camp)
    assert sieges.targetable(DATA, s, camp, "city") == ["larisa", "pherai", "demetrias"]
    rig(s, 1, 1)                                            # 1 + 1 < 5, then 1 + 1 < 7
    n = len(s["log"])
    land_campaign.provoked_casus_belli(DATA, s, camp)
    assert _cb_rolls(s, n) == ["Casus Belli 5 against Macedon"]
    assert not rome.at_war(s, "macedon")
    s["stack"].append(camp)
    opts = {"proc": "options", "id": "c1-o", "campaign": "c1", "step": "siege-alloc",
            "dice": [1], "index": 0, "supported": [], "successes": {}, "supporters": []}
    s["stack"].append(opts)
    n = len(s["log"])
    sieges.Options().apply(DATA, s, opts, "die:pherai:garrison")
    assert s["places"]["pherai"]["power"] == "macedon"
    assert _cb_rolls(s, n) == ["Casus Belli 7 against Macedon"]


@pytest.mark.example("hubris", "8.5/1")
@pytest.mark.rule("hubris", "8.5")
def test_example_casus_belli_without_the_roman_ally_is_six():
    """The same Campaign leaving out the Roman-allied Place: still one roll, Threshold 6
    (ungarrisoned Guaranteed Places)."""
    s = _thessalia(rb=1)
    opts = land_campaign.announce_options(DATA, s, "macedon", "thessalia")
    pick = [o for o, label in opts if "Ptolemies" in label and "Rome" not in label]
    assert pick, opts
    camp = {"kingdom": "macedon", "target": "thessalia", "announce": pick[0]}
    camp["announced"] = land_campaign.announced(DATA, s, camp)
    assert sieges.targetable(DATA, s, camp, "city") == ["pherai", "demetrias"]
    rig(s, 1)
    n = len(s["log"])
    land_campaign.provoked_casus_belli(DATA, s, camp)
    assert _cb_rolls(s, n) == ["Casus Belli 6 against Macedon"]


# --- 8.6.4 ---------------------------------------------------------------------------------
@pytest.mark.example("hubris", "8.6.4/1")
@pytest.mark.rule("hubris", "8.6.4")
def test_example_roman_diplomacy_courts_pergamon():
    """GRAECIA FULL WAR, Allies Sought: the Aitolian League, Pergamon, the Achaian League. A
    card with a Diplomacy icon in its Full War box: the Aitolians are already Roman, so
    Pergamon (Unaligned) gets a Roman Alliance, and so does Kyzikos (Unaligned) in MYSIA, not
    Abydos (a Seleucid Alliance). MYSIA lies outside the Scope: Diplomacy is not bound by it."""
    s = nh(agenda="graecia", agenda_side="full-war")
    assert rome.agenda_side(s).allies_sought == ("aitolian-league", "pergamon",
                                                 "achaian-league")
    place(s, "aitolia", "rome", "alliance")
    place(s, "pergamon", None)
    place(s, "kyzikos", None)
    place(s, "abydos", "seleucids", "alliance")
    DATA.refresh(s)
    card = "ra-7"
    assert roman_war.box(s, card).diplomacy and not roman_war.box(s, card).military
    deck = {"draw": [c for c in sorted(rome._cards().roman_activation) if c != card] + [card],
            "discard": []}
    s["decks"] = {**s["decks"], "roman_activation": deck}
    act = flow.push(s, "roman-activation")
    roman_war.RomanActivation().run(DATA, s, act)           # Rome at Peace: its icon only
    assert not rome.in_scope(s, "mysia")
    assert s["places"]["pergamon"]["power"] == "rome"
    assert s["places"]["kyzikos"]["power"] == "rome"
    assert s["places"]["kyzikos"]["marker"] == s["places"]["pergamon"]["marker"] == "alliance"
    assert s["places"]["abydos"]["power"] == "seleucids"
    assert s["minors"]["pergamon"]["allied_with"] == "rome"


# --- 8.6.6 ---------------------------------------------------------------------------------
def _passage_example():
    """At War with the Seleucids (their Places in Asia Minor); Rome Controls ILLYRIA;
    MAKEDONIA Fully Macedon's; THRAKE: a Macedonian Alliance, an Unaligned Place and two
    Ptolemaic Garrisons."""
    s = nh(agenda="orbi", agenda_side="limited-war")        # Scope: Europe and Asia Minor
    clear_region(s, "seleucids", "europe")
    place(s, "abydos", "seleucids", "alliance")
    for p in DATA.satrapies["makedonia"].places:
        place(s, p, "macedon", "garrison" if DATA.places[p].kind == "city" else "alliance")
    place(s, "lysimacheia", "ptolemies", "garrison")
    place(s, "perinthos", "ptolemies", "garrison")
    place(s, "odrysai", "macedon", "alliance")
    place(s, "bessoi", None)
    place(s, "lissos", "rome", "alliance")                 # ILLYRIA: 3 Roman Places of 4
    DATA.refresh(s)
    assert core.controller(s, "illyria") == "rome"
    assert s["derived"]["control"]["makedonia"]["level"] == "full"
    assert core.controller(s, "thrake") is None
    at_war(s, "seleucids", "illyria", "ra-9")
    return s


def _answer_passage(s, answers):
    (q,) = [q for q in s["queue"] if q["proc"] == "free-passage"]
    s["queue"].remove(q)
    roman_war.FreePassage().apply(DATA, s, q, answers[q["kingdom"]])
    return q["kingdom"], q["sat"]


@pytest.mark.example("hubris", "8.6.6/1")
@pytest.mark.rule("hubris", "8.6.6")
def test_example_free_passage_to_asia_through_makedonia_and_thrake():
    s = _passage_example()
    # Macedon's Free Passage makes MAKEDONIA count as Roman, not THRAKE (2 Places of 4)
    assert consul_routes.held(DATA, s, "makedonia", {"macedon"})
    assert not consul_routes.held(DATA, s, "thrake", {"macedon"})
    assert consul_routes.held(DATA, s, "thrake", {"macedon", "ptolemies"})
    assert roman_war.targets(DATA, s, "seleucids") == ["mysia"]
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = []
    for _ in range(6):
        roman_war.RomanCampaign().run(DATA, s, frame)
        if any(q["proc"] == "free-passage" for q in s["queue"]):
            asked.append(_answer_passage(s, {"macedon": "grant", "ptolemies": "grant"}))
        if frame["step"] == "battle" or frame not in s["stack"]:
            break
    assert asked == [("macedon", "makedonia"), ("ptolemies", "thrake")]
    assert frame["origin"] == "thrake" and frame["target"] == "mysia"   # across the Straits
    assert s["leaders"]["consul-seleucids"]["location"] == "mysia"
    assert not rome.at_war(s, "macedon") and not rome.at_war(s, "ptolemies")


@pytest.mark.example("hubris", "8.6.6/1")
@pytest.mark.rule("hubris", "8.6.6")
def test_example_free_passage_denied_by_macedon():
    """Macedon denies: Rome goes to War on it at once and draws a card for that War; the
    Consul against the Seleucids cannot Campaign in MAKEDONIA (no Seleucid Place) and waits."""
    s = _passage_example()
    act = flow.push(s, "roman-activation", todo=[])
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert _answer_passage(s, {"macedon": "deny"}) == ("macedon", "makedonia")
    assert rome.at_war(s, "macedon")
    while frame in s["stack"]:
        roman_war.RomanCampaign().run(DATA, s, frame)
    assert s["leaders"]["consul-seleucids"]["location"] == "illyria"
    assert roman_war.targets(DATA, s, "seleucids") == []
    roman_war.RomanActivation().run(DATA, s, act)
    assert s["rome"]["consuls"]["macedon"]["card"]          # the new War's card


# --- 8.7 -----------------------------------------------------------------------------------
@pytest.mark.example("hubris", "8.7/1")
@pytest.mark.rule("hubris", "8.7")
def test_example_victory_over_rome_shares_the_roman_garrisons():
    """At War with Macedon and the Ptolemies, Rome holds Garrisons in Korinthos, Athenai and
    Larisa; Macedon a Garrison in Chalkis and Alliances in Achaia and Megalopolis, the
    Ptolemies an Alliance in Sparte. War Weariness: Macedon takes Athenai (the only one with
    a Place in BOIOTIA-EUBOIA), Larisa (THESSALIA is Macedon's colour) and Korinthos (two
    Places against one). Roman Alliances stay. Each victor: +1 Dynastic VP, King +2 Renown,
    and no Casus Belli for the rest of the Turn."""
    s = nh(rb=-2)
    for k in ("macedon", "ptolemies"):
        rome.go_to_war(DATA, s, k, "test", "8.5")
    s["queue"].clear()
    for p in DATA.satrapies["peloponnesos"].places + DATA.satrapies["boiotia-euboia"].places \
            + DATA.satrapies["thessalia"].places:
        place(s, p, None)
    for p in ("korinthos", "athenai", "larisa"):
        place(s, p, "rome", "garrison")
    place(s, "chalkis", "macedon", "garrison")
    place(s, "achaia", "macedon", "alliance")
    place(s, "megalopolis", "macedon", "alliance")
    place(s, "sparte", "ptolemies", "alliance")
    place(s, "taulantioi", "rome", "alliance")
    DATA.refresh(s)
    dyn = {k: Fraction(s["kingdoms"][k]["dynastic_vp"]) for k in ("macedon", "ptolemies")}
    renown = {k: s["leaders"][core.king(s, k)]["renown"] for k in ("macedon", "ptolemies")}
    rome.shift_rb(DATA, s, -1, "the example", "8.2.2")      # War Weariness, no single cause
    for p in ("korinthos", "athenai", "larisa"):
        assert s["places"][p]["power"] == "macedon", p
    assert s["places"]["taulantioi"] == {**s["places"]["taulantioi"], "power": "rome",
                                         "marker": "alliance"}
    assert s["places"]["apollonia"]["power"] == "rome"      # Apollonia is never given up
    assert s["rome"]["rb"] == -2
    for k in ("macedon", "ptolemies"):
        assert not rome.at_war(s, k)
        assert Fraction(s["kingdoms"][k]["dynastic_vp"]) == dyn[k] + 1
        assert s["leaders"][core.king(s, k)]["renown"] == min(4, renown[k] + 2)
        assert not rome.may_provoke(s, k)
        rome.casus_belli(DATA, s, k, None, "an attack on a Roman Garrison")
        assert not rome.at_war(s, k)                        # not again this Turn
