"""Broken data files: each gives one clear line naming file, line and key, never a traceback.

Table-driven over real data files copied to a temporary folder and broken in one place.
"""

import re

import pytest

from rules.engine.data import DataError
from rules.engine.registry import asset_dir
from rules.hubris.mapdata import parse_map
from rules.hubris.scenarios import parse_scenarios

MAP = asset_dir("hubris") / "map.yaml"
SCEN = asset_dir("hubris") / "scenarios.yaml"


def _once(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


MAP_CASES = {
    "missing key": (lambda t: _once(t, "    tax: [4, 6]\n", ""), "tax"),
    "wrong type": (lambda t: _once(t, "    supply: 2\n", "    supply: two\n"), "supply"),
    "asymmetric border": (lambda t: _once(t, 'land_borders: ["boiotia-euboia"]',
                                          'land_borders: ["boiotia-euboia", "thrake"]'),
                          "land_borders"),
    "duplicate id": (lambda t: _once(t, "  - id: boiotia-euboia\n", "  - id: peloponnesos\n"),
                     "id"),
    "no source": (lambda t: re.sub(r'\n    source: "rule 2\.6\.2[^\n]*', "", t, count=1),
                  "source"),
    "yaml syntax": (lambda t: _once(t, "    tax: [4, 6]\n", "    tax: [4, 6\n"), None),
}


@pytest.mark.parametrize("case", sorted(MAP_CASES))
def test_broken_map(tmp_path, case):
    breaker, key = MAP_CASES[case]
    path = tmp_path / "map.yaml"
    path.write_text(breaker(MAP.read_text()))
    with pytest.raises(DataError) as info:
        parse_map(path)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(f"{path}:")
    assert re.match(rf"{re.escape(str(path))}:\d+: ", msg), msg
    if key:
        assert info.value.key == key or f"'{key}'" in msg, msg


SCEN_CASES = {
    "unknown place in a set-up": (
        lambda t: _once(t, "garrison: [korinthos]", "garrison: [atlantis]"), "atlantis"),
    "unknown satrapy in a set-up": (
        lambda t: _once(t, "satrapy: peloponnesos, garrison: [korinthos]",
                        "satrapy: utopia, garrison: [korinthos]"), "utopia"),
    "duplicate scenario": (lambda t: _once(t, "  - id: seleucid-thunderbolt",
                                          "  - id: new-hopes"), "new-hopes"),
    "wrong type": (lambda t: _once(t, "        treasury: 4\n", "        treasury: lots\n"),
                   "treasury"),
}


@pytest.mark.parametrize("case", sorted(SCEN_CASES))
def test_broken_scenarios(tmp_path, case):
    breaker, word = SCEN_CASES[case]
    path = tmp_path / "scenarios.yaml"
    path.write_text(breaker(SCEN.read_text()))
    with pytest.raises(DataError) as info:
        parse_scenarios(path, parse_map(MAP))
    msg = str(info.value)
    assert "\n" not in msg and re.match(rf"{re.escape(str(path))}:\d+: ", msg), msg
    assert word in msg


def test_cli_reports_broken_data_in_one_line(tmp_path, monkeypatch, capsys):
    from gui.cli import main
    from rules.hubris import mapdata

    bad = tmp_path / "map.yaml"
    bad.write_text(MAP.read_text().replace("    supply: 2\n", "    supply: two\n", 1))
    mapdata.load_map.cache_clear()
    monkeypatch.setattr(mapdata, "asset_dir", lambda game: tmp_path)
    try:
        assert main(["check-data", "--game", "hubris"]) == 1
    finally:
        mapdata.load_map.cache_clear()
    out = capsys.readouterr().out.strip()
    assert out.startswith("hubris: ERROR ") and "map.yaml:" in out and "supply" in out
    assert len(out.splitlines()) == 1
