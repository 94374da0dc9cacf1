"""The validated board kept as plain data (board.load_board / load_map_data, cached_derived):
the same board as a fresh parse, and an edited map file validated again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.engine.data import DataError
from rules.mare_nostrum import board as board_mod
from rules.mare_nostrum.geography import from_board

MAP = Path(__file__).resolve().parents[2] / "assets" / "mare-nostrum" / "map.yaml"


def _forget() -> None:
    """Drop what this process kept (the cache on disk stays)."""
    for f in (board_mod.load_board, board_mod.load_map_data, board_mod._cached):
        f.cache_clear()


def _fresh(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path / "cache"))
    _forget()


def test_cached_board_is_the_parsed_board(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    parsed = board_mod._parse(MAP)
    for _ in range(2):                     # cold (computed, stored), then read back
        _forget()
        b = board_mod.load_board()
        assert b.hexes == parsed.hexes and b.areas == parsed.areas
        assert b.cities == parsed.cities and b.sites == parsed.sites
        assert all(b.land_neighbours(h) == parsed.land_neighbours(h) and
                   b.sea_neighbours(h) == parsed.sea_neighbours(h) for h in parsed.hexes)
        m, want = board_mod.load_map_data(), from_board(parsed)
        assert m.hexes == want.hexes and m.areas == want.areas
        assert m.land_adj == want.land_adj and m.sea_adj == want.sea_adj
    assert list((tmp_path / "cache" / "derived").glob("mare-nostrum-board-*.pickle"))
    _forget()


def test_edited_map_is_validated_again(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    copy = tmp_path / "map.yaml"
    shutil.copy(MAP, copy)
    assert board_mod.load_board(copy).hexes        # cached under the good file's bytes
    _forget()
    copy.write_text(copy.read_text().replace('terrain: "sea"', 'terrain: "swamp"', 1))
    with pytest.raises(DataError, match="swamp"):
        board_mod.load_board(copy)
    with pytest.raises(DataError, match="swamp"):  # a failed load cached nothing
        board_mod.load_map_data(copy)
    _forget()


def test_cached_tables_are_the_checked_tables(monkeypatch, tmp_path):
    from rules.mare_nostrum import tables

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    for _ in range(2):                     # cold (computed, stored), then read back
        tables.default_tables.cache_clear()
        got = tables.default_tables()
        assert got == tables.load_tables()
        assert all(isinstance(c, tables.Condition) for c in got.conditions)
    assert list((tmp_path / "derived").glob("mare-nostrum-tables-*.pickle"))
    tables.default_tables.cache_clear()
