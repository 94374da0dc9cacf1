"""Hubris component data (units, leaders, events, Rome's cards) against the rulebook."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rules.engine.data import SOURCE_KINDS, DataError, load_yaml
from rules.engine.registry import asset_dir
from rules.hubris.components import (
    FILES,
    KINGDOMS,
    MINORS,
    Components,
    check_components,
    components,
    load_components,
)

ASSETS = asset_dir("hubris")
SCENARIO_TURN = {"12.1": 1, "12.2": 1, "12.3": 1, "12.4": 4, "12.5": 6, "12.6": 7, "12.7": 9}

# Courts as the scenario set-ups print them (12.x), by card id; hostages and Rebels included.
COURTS = {
    "12.1": {"macedon": ["M6", "M2", "M3", "M1", "M4", "M5", "U7"],
             "ptolemies": ["P1", "P2", "P5", "P3"], "seleucids": ["S4", "S6", "S7"],
             "rebel": ["S5"]},
    "12.2": {"macedon": ["M6", "M2", "M3", "M1", "M4", "M5", "U7"],
             "ptolemies": ["P1", "P2", "P4", "P5", "P3"],
             "seleucids": ["S1", "S2", "S4", "S5", "S3", "S6", "S7", "U1"]},
    "12.3": {"ptolemies": ["P1", "P2", "P5", "P3"], "seleucids": ["S4", "S6", "S7"]},
    "12.4": {"ptolemies": ["P1", "P2", "P5", "P6", "P7", "P8", "P9"],
             "macedon": ["M6", "M9", "M4", "M7", "M8", "U8"],
             "seleucids": ["S4", "S6", "S8", "S7", "S10", "P3", "S9"]},
    "12.5": {"seleucids": ["S4", "S6", "S10", "S7", "S9", "S12", "U4"]},
    "12.6": {"seleucids": ["S4", "S6", "S10", "S9", "U4"]},
    "12.7": {"ptolemies": ["P10", "S11", "P7", "P11", "P12", "P13"],
             "macedon": ["M6", "M9", "M11", "M12", "M10", "M7", "M8", "M13"],
             "seleucids": ["S10", "S6", "S12", "S14", "S13"], "rome": ["U6"]},
}
KINGS = {"12.1": ["M6", "P1", "S4"], "12.2": ["M6", "P1", "S1"], "12.3": ["P1", "S4"],
         "12.4": ["P1", "M6", "S4"], "12.5": ["S4"], "12.6": ["S4"], "12.7": ["P10", "M6", "S10"]}
HOSTAGES = {"12.7": ["S13"]}


@pytest.fixture(scope="module")
def comps() -> Components:
    return components()


def _copy_assets(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(ASSETS / name, tmp_path / name)
    return tmp_path


# ------------------------------------------------------------------ counts and provenance
@pytest.mark.rule("hubris", "1.2")
def test_component_counts(comps):
    assert len(comps.events) == 63
    assert sorted(e.number for e in comps.events.values()) == list(range(1, 64))
    assert len(comps.leaders) == 69
    assert len(comps.roman_activation) == 9
    assert len(comps.agendas) == 3
    assert {(s.card, s.side) for s in comps.spw.values()} == {
        (card, side) for card in (1, 2, 3, 4) for side in ("front", "back")}


def test_ids_unique_in_every_file():
    for name in FILES:
        doc = load_yaml(ASSETS / name)
        ids = [rec["id"] for section in doc.values() for rec in section]
        assert len(ids) == len(set(ids)), name


def test_every_record_has_a_valid_source(comps):
    counts = check_components()
    assert set(counts) == set(SOURCE_KINDS)
    records = list(comps.records())
    assert sum(counts.values()) == len(records)
    for _file, _section, record in records:
        assert record.source.split(":")[0].split(" ")[0] in SOURCE_KINDS
        assert record.source_kind in SOURCE_KINDS
        for ability in getattr(record, "abilities", ()):
            assert ability.source_kind in SOURCE_KINDS
    # reconstructed values are labelled: every reconstructed-only record says why
    for _file, _section, record in records:
        if record.source_kind == "reconstructed":
            assert ":" in record.source and len(record.source.split(":", 1)[1].strip()) > 10


def test_loader_is_cached():
    assert components() is components()
    assert load_components(ASSETS) is components()


# ------------------------------------------------------------------ units (1.2, 2.13)
@pytest.mark.rule("hubris", "2.13.4")
def test_royal_armies_and_siege_trains(comps):
    army, train = comps.units["royal-army"], comps.units["siege-train"]
    assert {k: army.limit(k) for k in KINGDOMS} == dict.fromkeys(KINGDOMS, 1)
    assert {k: train.limit(k) for k in KINGDOMS} == dict.fromkeys(KINGDOMS, 1)
    assert army.is_elite("macedon") and army.is_elite("seleucids")
    assert not army.is_elite("ptolemies")
    assert army.troop and not train.troop and not train.naval


@pytest.mark.rule("hubris", "2.13.5")
def test_military_colonists_homes(comps):
    homes = {"katoikoi-asia-minor": "lydia-phrygia", "katoikoi-lower-satrapies": "mesopotamia",
             "katoikoi-upper-satrapies": "media", "kataphraktoi": "media", "cleruchs": "delta",
             "machimoi": "delta", "neomacedonians": "makedonia"}
    colonists = {u.id: u.home for u in comps.units.values() if u.kind == "colonist"}
    assert colonists == homes
    assert comps.units["kataphraktoi"].is_elite()
    assert comps.units["kataphraktoi"].replaces == "katoikoi-upper-satrapies"
    assert comps.units["kataphraktoi"].enters == "ev-29"
    assert comps.units["neomacedonians"].enters == "ev-42"
    assert comps.units["machimoi"].enters == "P2/egyptian-phalanx"


@pytest.mark.rule("hubris", "3.5")
def test_mercenary_homes(comps):
    homes = {"illyrians": {"illyria", "makedonia", "thrake"},
             "aitolians": {"aitolia-epeiros", "boiotia-euboia"}, "arcadians": {"peloponnesos"},
             "galatians": {"galatia"}, "mysians": {"mysia", "ionia", "lydia-phrygia"},
             "cretans": {"krete", "koinon-nesioton", "lykia-pamphylia"}}
    for uid, expected in homes.items():
        unit = comps.units[uid]
        assert unit.kind == "mercenary" and set(unit.homes) == expected
        assert unit.costs == {"min_bid": 2, "campaign_hire": 2}
    assert comps.units["galatians"].is_elite()          # 2.13.2
    assert comps.units["pirates"].naval and comps.units["pirates"].enters == "ev-07"


@pytest.mark.rule("hubris", "2.13.10")
def test_minor_units_and_limits(comps):
    minors = {u.owner for u in comps.units.values() if u.kind in ("minor", "minor-squadron")}
    assert set(MINORS) <= minors
    assert comps.units["aitolian-league"].allowed_regions == ("greece",)
    for uid in ("achaians", "philopoemen", "spartans"):
        assert set(comps.units[uid].allowed_satrapies) == {"peloponnesos", "boiotia-euboia"}
    for uid in ("pergamon-army", "eumenes"):
        assert set(comps.units[uid].allowed_regions) == {"europe", "asia-minor"}
    assert set(comps.units["pergamon-squadron"].allowed_seas) == {"aigaion-pelagos", "propontis"}
    assert set(comps.units["rhodian-squadron"].allowed_seas) == {
        "aigaion-pelagos", "propontis", "pamphylion-pelagos"}
    assert set(comps.units["carthaginian-squadron"].allowed_seas) == {"sikelikon-pelagos",
                                                                      "adrias"}
    # Elite Philopoemen / Eumenes replace the standard units while their Leader is in play
    assert comps.units["philopoemen"].replaced_by_leader == "U8"
    assert comps.leaders["U8"].elite_unit == "philopoemen"
    assert comps.units["eumenes"].replaced_by_leader == "U6"
    assert comps.leaders["U6"].elite_unit == "eumenes"


@pytest.mark.rule("hubris", "2.13.8")
def test_elite_squadrons_and_legions(comps):
    elite_naval = [u.id for u in comps.units.values() if u.naval and any(u.elite.values())]
    assert elite_naval == ["rhodian-squadron"]             # the only Elite Squadron
    legion = comps.units["legion"]
    assert legion.is_elite() and legion.owner == "rome"      # 2.13.9
    assert comps.units["squadron"].costs["build"] == 8       # 5.9.1


@pytest.mark.rule("hubris", "1.2")
def test_counter_mix_and_absolute_markers(comps):
    assert sum(u.total for u in comps.units.values()) <= 68
    markers = comps.markers
    assert markers["strengthened-defenses"].per_kingdom == 5    # 6.2
    assert markers["strategos"].per_kingdom == 3                 # 2.3.4
    assert markers["leader-block"].count == 25                   # 1.2
    supplementable = {m.id for m in markers.values() if not m.absolute}
    assert supplementable == {"alignment", "ravaged", "taxes-increased", "revolt", "renown",
                              "elite-training", "rebel", "forces"}


# ------------------------------------------------------------------ leaders (2.2)
@pytest.mark.rule("hubris", "2.2.2")
def test_leader_affiliation_matches_card_id(comps):
    prefix = {"M": "macedon", "P": "ptolemies", "S": "seleucids"}
    for leader in comps.leaders.values():
        if leader.is_consul:
            assert leader.affiliation == "rome"
        elif leader.id[0] in prefix:
            assert leader.kingdom == prefix[leader.id[0]], leader.id
        else:
            assert leader.affiliation in MINORS + ("unaffiliated",), leader.id


@pytest.mark.rule("hubris", "2.2.3")
def test_leader_ratings_in_range(comps):
    for leader in comps.leaders.values():
        if leader.is_consul:
            assert leader.capabilities == ()
            continue
        assert 1 <= len(leader.capabilities) <= 3, leader.id
        for rating in (leader.battle, leader.siege, leader.diplomacy, leader.admin):
            assert rating is None or 1 <= rating <= 6
        assert (leader.battle is None) == (leader.siege is None)
        assert 0 <= leader.intrigue <= 6
        if leader.replacement:
            assert leader.loyalty is None                     # 11.0 Loyalty Rating
        else:
            assert 1 <= leader.loyalty <= 6, leader.id
            assert leader.by_event or 1 <= leader.start_turn <= 11
            assert leader.start_turn is None or leader.start_turn <= leader.end_turn <= 12


@pytest.mark.rule("hubris", "2.2.11")
def test_replacement_pools_and_consuls(comps):
    for kingdom in KINGDOMS:
        pool = comps.replacements(kingdom)
        assert len(pool) == 3
        ratings = {(p.battle, p.siege, p.diplomacy, p.admin) for p in pool}
        assert len(ratings) == 3                              # "with different ratings"
    consuls = sorted(ld.consul_for for ld in comps.leaders.values() if ld.is_consul)
    assert consuls == sorted(KINGDOMS)                        # 2.2.8


@pytest.mark.rule("hubris", "2.2.3")
def test_ptolemaios_v_card_as_printed(comps):
    p10 = comps.leaders["P10"]
    assert p10.name == "Ptolemaios V Epiphanes" and p10.kingdom == "ptolemies"
    assert (p10.start_turn, p10.end_turn, p10.royal_rank) == (5, 10, 2)           # 2.2.2
    assert (p10.battle, p10.siege, p10.diplomacy, p10.admin) == (2, 1, 3, 3)      # 2.2.3
    assert (p10.loyalty, p10.intrigue, p10.abilities) == (6, 2, ())
    assert p10.reconstructed == () and p10.source_kind == "example"


@pytest.mark.rule("hubris", "2.14")
def test_ratings_used_by_worked_examples(comps):
    # 2.14: Sosibios's Envoy threshold is 4, 5 with the bribe
    assert comps.leaders["P2"].diplomacy == 4
    assert comps.leaders["P2"].diplomacy + 1 == 5
    # 5.7.3: PTOLEMAIOS V (Diplomacy 3) with a total THM of -2 has one chance in six
    assert comps.leaders["P10"].diplomacy + (-3 - 1 + 1 + 1) == 1
    # 5.3.3: Theodotos leads a Naval Campaign, so he has the Military icon
    assert comps.leaders["P3"].military
    # 3.7.3: both Chief Ministers (Zeuxis, and Polyphantos after 205) have Admin 3
    assert comps.leaders["S6"].admin == 3 and comps.leaders["M9"].admin == 3
    # 2.13.5 / 8.2.1: the two Special Abilities the rules name
    assert "egyptian-phalanx" in {a.id for a in comps.leaders["P2"].abilities}
    assert "schemer" in {a.id for a in comps.leaders["U6"].abilities}


@pytest.mark.rule("hubris", "12.1")
def test_scenario_courts_exist_and_are_in_play(comps):
    for scenario, courts in COURTS.items():
        turn = SCENARIO_TURN[scenario]
        for ids in courts.values():
            for lid in ids:
                leader = comps.leaders[lid]
                assert scenario in leader.scenarios, (scenario, lid)
                assert leader.by_event or leader.start_turn <= turn, (scenario, lid)
                assert turn <= leader.end_turn, (scenario, lid)        # 2.2.4
    listed = {(s, lid) for s, courts in COURTS.items() for ids in courts.values() for lid in ids}
    recorded = {(s, ld.id) for ld in comps.leaders.values() for s in ld.scenarios}
    assert recorded == listed


@pytest.mark.rule("hubris", "2.3.1")
def test_scenario_kings_have_the_best_succession_rank(comps):
    for scenario, kings in KINGS.items():
        for king_id in kings:
            king = comps.leaders[king_id]
            court = next(ids for ids in COURTS[scenario].values() if king_id in ids)
            rivals = [comps.leaders[lid] for lid in court
                      if lid != king_id and lid not in HOSTAGES.get(scenario, ())]
            ranks = [r.royal_rank for r in rivals
                     if r.royal_rank is not None and r.kingdom == king.kingdom]
            assert king.royal_rank is not None
            assert all(king.royal_rank < rank for rank in ranks), (scenario, king_id)


@pytest.mark.rule("hubris", "2.2.2")
def test_card_numbers_follow_start_turns(comps):
    """Within a Kingdom the printed ids run in Start Turn order (P10 starts on Turn 5)."""
    for letter in "MPS":
        cards = sorted((ld for ld in comps.leaders.values()
                        if re.fullmatch(rf"{letter}\d+", ld.id)), key=lambda ld: int(ld.id[1:]))
        starts = [ld.start_turn for ld in cards]
        assert starts == sorted(starts), letter


# ------------------------------------------------------------------ events (4.0)
@pytest.mark.rule("hubris", "4.1")
def test_six_recurrent_events_every_turn(comps):
    for turn in range(1, 12):
        recurrent = {e.id for e in comps.recurrent_events(turn)}
        assert len(recurrent) == 6
        assert ("ev-07" in recurrent) == (turn < 6) and ("ev-08" in recurrent) == (turn >= 6)
    mechanics = {e.id: e.mechanic for e in comps.events.values() if e.mechanic}
    assert mechanics == {"ev-02": "ambitious-generals", "ev-03": "storms-and-worms",
                         "ev-04": "spw-continuation", "ev-05": "ferryman-of-souls",
                         "ev-06": "intrigues-at-court"}


@pytest.mark.rule("hubris", "3.6")
def test_activation_sequences(comps):
    for event in comps.recurrent_events(1) + comps.recurrent_events(6):
        assert sorted(event.activation_sequence) == sorted(KINGDOMS + ("rome",))
    # 10.5 example: after Alt Ev 2's Macedonian action, Ptolemies, Seleucids, then Rome
    assert comps.alternates["alt-ev-02"].activation_sequence == ("ptolemies", "seleucids", "rome")


@pytest.mark.rule("hubris", "4.5")
def test_winter_and_succession_cards(comps):
    assert comps.events["ev-01"].kind == "winter" and comps.events["ev-01"].title
    crises = {e.kingdom: e.id for e in comps.events.values() if e.kind == "succession"}
    assert crises == {"ptolemies": "ev-09", "seleucids": "ev-10", "macedon": "ev-11"}


@pytest.mark.rule("hubris", "3.2")
def test_one_off_turns(comps):
    stated = {12: 1, 15: 1, 16: 1, 18: 2, 34: 5, 42: 7}
    for number, turn in stated.items():
        assert comps.events[f"ev-{number:02d}"].turn == turn
    # every One-Off's Turn (or range) is consistent with the cards being numbered in Turn order
    last_low = 1
    for number in range(12, 64):
        event = comps.events[f"ev-{number:02d}"]
        assert event.kind == "one-off"
        low, high = (event.turn, event.turn) if event.turn else event.turn_range
        assert last_low <= low <= high
        if event.turn and event.turn_range:     # a reconstructed Turn stays in its range
            assert "turn" in event.reconstructed
            assert event.turn_range[0] <= event.turn <= event.turn_range[1]
        last_low = low
    turn1 = {e.id for e in comps.one_offs(1)}
    assert {"ev-12", "ev-15", "ev-16"} <= turn1
    assert all(e == "ev-12" or e in ("ev-15", "ev-16") or "turn" in comps.events[e].reconstructed
               for e in turn1)


@pytest.mark.rule("hubris", "12.3")
def test_fourth_syrian_war_deck(comps):
    recurrent = [e.id for e in comps.recurrent_events(1) if e.id != "ev-02"]
    assert sorted(recurrent) == ["ev-03", "ev-04", "ev-05", "ev-06", "ev-07"]  # "only 5"
    deck = recurrent + ["ev-01", "ev-15"]
    for eid in deck:
        event = comps.events[eid]
        assert event.title
        if eid != "ev-15":
            assert event.effect and event.effect_known in ("full", "partial", "reconstructed")
    assert "effect" in comps.events["ev-15"].reconstructed       # not in the text
    assert comps.leaders["U3"].entry_event == "ev-15"
    storms = comps.mechanics["storms-and-worms"]
    assert 1 <= storms.params["lose_on"] <= 6 and storms.reconstructed


@pytest.mark.rule("hubris", "10.4")
def test_two_player_deck_changes(comps):
    removed = {e.id for e in comps.events.values() if e.two_player and e.two_player.removed}
    assert removed == {"ev-16", "ev-18", "ev-42"}
    changed = {e.id for e in comps.events.values() if e.two_player and e.two_player.change}
    assert changed == {"ev-12", "ev-34"}
    alternates = {e.two_player.alternate: e.id for e in comps.events.values()
                  if e.two_player and e.two_player.alternate}
    assert alternates == {"alt-ev-02": "ev-02", "alt-ev-04": "ev-04"}
    assert {a.replaces for a in comps.alternates.values()} == {"ev-02", "ev-04"}


# ------------------------------------------------------------------ Rome's cards (8)
@pytest.mark.rule("hubris", "8.6.3")
def test_roman_activation_boxes(comps):
    full_diplomacy = False
    for card in comps.roman_activation.values():
        for box in (card.limited, card.full):
            assert 0 <= box.legions <= 3 and 0 <= box.squadrons <= 2
            assert box.siege == (4 if box.military else None)
            assert (box.battle is not None) == (box.legions > 0)
        full_diplomacy |= card.full.diplomacy
    assert full_diplomacy                                       # 8.6.4 example


@pytest.mark.rule("hubris", "8.1")
def test_agenda_sequence_and_graecia_full_war(comps):
    order = [a.id for a in sorted(comps.agendas.values(), key=lambda a: a.order)]
    assert order == ["illyricum", "graecia", "orbi"]
    graecia = comps.agendas["graecia"].full
    assert graecia.scope.regions == ("europe",)                 # 8.2.1 example
    assert graecia.allies_sought == ("aitolian-league", "pergamon", "achaian-league")  # 8.6.4
    for agenda in comps.agendas.values():
        for side in (agenda.limited, agenda.full):
            assert "parthians" not in side.allies_sought        # 2.13.10


@pytest.mark.rule("hubris", "8.2.3")
def test_spw_steps_and_scenario_belligerence(comps):
    by_name = {s.name: s for s in comps.spw.values()}
    assert by_name["Inter War"].step == 1 and by_name["Fall of Spain"].step == 4
    assert by_name["Carthage Victorious"].final and by_name["Rome Victorious"].final
    assert next(s for s in comps.spw.values() if s.step == 3).test       # 4.9
    # the starting RB of each scenario (12.x) never exceeds its SPW step's cap
    starts = {"12.1": ("Inter War", 0), "12.2": ("Inter War", 0),
              "12.4": ("Fall of Spain", -2), "12.5": ("Rome Victorious", 2),
              "12.6": ("Rome Victorious", 2), "12.7": ("Rome Victorious", 1)}
    for step, rb in starts.values():
        cap = by_name[step].rb_cap
        assert cap is None or rb <= cap


# ------------------------------------------------------------------ broken files
def _last_line_of(path: Path, needle: str) -> int:
    """1-based line of the last line containing ``needle`` (a duplicate is reported there)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    pattern = re.compile(re.escape(needle) + r"(?!\w)")
    return max(i for i, line in enumerate(lines, 1) if pattern.search(line))


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


BROKEN = [
    # (file, old, new, key, needle marking the expected line)
    ("leaders.yaml", "    diplomacy: 4\n    admin: 4\n", "    diplomacy: 9\n    admin: 4\n",
     "diplomacy", "diplomacy: 9"),
    ("leaders.yaml", "  - id: M2\n", "  - id: M1\n", "id", "- id: M1"),
    ("units.yaml", "    home: media\n    count: 1\n    elite: true\n",
     "    home: media\n    count: 1\n    elite: true\n    colour: red\n", "colour",
     "colour: red"),
    ("events.yaml", "    source: rule 4.2\n", "    source: rumour 4.2\n", "source",
     "source: rumour"),
    ("units.yaml", "    enters: ev-42\n", "    enters: ev-99\n", "enters", "enters: ev-99"),
    ("cards.yaml", "legions: 3, battle: 4, squadrons: 2}", "legions: 4, battle: 4, squadrons: 2}",
     "legions", "legions: 4"),
]


@pytest.mark.parametrize("filename,old,new,key,needle", BROKEN)
def test_broken_file_names_file_line_and_key(tmp_path, filename, old, new, key, needle):
    root = _copy_assets(tmp_path)
    path = root / filename
    _edit(path, old, new)
    with pytest.raises(DataError) as info:
        check_components(root)
    error = info.value
    line = _last_line_of(path, needle)
    assert Path(error.path).name == filename
    assert (error.line, error.key) == (line, key)
    assert f"{filename}:{line}: {key}:" in str(error)


def test_missing_event_card_is_reported(tmp_path):
    root = _copy_assets(tmp_path)
    path = root / "events.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: ev-63\n")
    path.write_text(text[:start], encoding="utf-8")
    with pytest.raises(DataError, match=r"events\.yaml:\d+: events: 62 Event cards"):
        check_components(root)


def test_yaml_syntax_error_is_reported(tmp_path):
    root = _copy_assets(tmp_path)
    _edit(root / "cards.yaml", "  - id: ra-1\n", "  - id: [ra-1\n")
    with pytest.raises(DataError, match=r"cards\.yaml:\d+: YAML syntax"):
        check_components(root)


def test_cached_cards_equal_the_checked_components(tmp_path, monkeypatch):
    """Rules data built from the cached cards equals the one built by the component loader
    (with every check), and a warm start does not import the loader at all."""
    import os
    import subprocess
    import sys

    from rules.hubris import rulesdata_load

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    cold = rulesdata_load._cards()                   # built by the loader, then stored
    warm = rulesdata_load._cards()                   # read back
    assert warm == cold == rulesdata_load._cards_from_components()
    code = ("import sys; from rules.hubris.rulesdata_load import production; production(); "
            "print('rules.hubris.components' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=dict(os.environ))
    assert out.stdout.strip() == "False"
