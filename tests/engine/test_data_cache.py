"""The YAML parse cache: same results as parsing, keyed by content, never hides a broken file."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rules.engine import data
from rules.engine.data import DataError, LineDict, load_yaml
from rules.engine.registry import asset_dir


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(folder))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    return folder


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "yaml").glob("*.pickle")) if (cache / "yaml").exists() else []


def _same(a, b) -> None:
    """Equal values, and every mapping the same LineDict with the same file and lines."""
    assert type(a) is type(b)
    if isinstance(a, LineDict):
        assert (a.path, a.line, a.key_lines) == (b.path, b.line, b.key_lines)
    if isinstance(a, dict):
        assert list(a) == list(b)
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    else:
        assert a == b


def test_a_cached_game_file_loads_exactly_as_parsed(cache, monkeypatch):
    path = asset_dir("hubris") / "map.yaml"
    first = load_yaml(path)                       # parsed, then stored
    assert len(_entries(cache)) == 1
    second = load_yaml(path)                      # from the cache
    monkeypatch.setenv("HEGEMON_NO_CACHE", "1")
    fresh = load_yaml(path)                       # parsed again, cache off
    _same(fresh, second)
    _same(fresh, first)
    assert second is not first                    # callers may change what they get


def test_an_edited_file_is_parsed_again(cache, tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("a: 1\nb: [1, 2]\n")
    assert load_yaml(f) == {"a": 1, "b": [1, 2]}
    f.write_text("a: 2\n\nb: x\n")
    got = load_yaml(f)
    assert got == {"a": 2, "b": "x"} and got.line_of("b") == 3
    assert len(_entries(cache)) == 1              # the old entry of the same path is dropped


def test_a_broken_file_is_reported_every_time_and_never_cached(cache, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("a: 1\nb: [1, 2\n")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            load_yaml(f)
        assert "bad.yaml" in str(err.value)
    assert _entries(cache) == []
    f.write_text("a: 1\na: 2\n")                  # duplicate key: a DataError from construction
    with pytest.raises(DataError, match="duplicate key"):
        load_yaml(f)
    assert _entries(cache) == []


def test_a_damaged_or_hostile_entry_is_ignored(cache, tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("a: 1\n")
    load_yaml(f)
    (entry,) = _entries(cache)
    entry.write_bytes(b"not a pickle")
    assert load_yaml(f) == {"a": 1}

    class Evil:
        def __reduce__(self):
            return (Path.write_text, (tmp_path / "pwned", "x"))

    entry.write_bytes(pickle.dumps(Evil()))
    assert load_yaml(f) == {"a": 1}
    assert not (tmp_path / "pwned").exists()      # the unpickler builds no other class


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    assert data.cache_dir() == tmp_path
    monkeypatch.setenv("HEGEMON_NO_CACHE", "1")
    assert data.cache_dir() is None


def test_the_cache_folder_stays_bounded(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(data, "_CACHE_MAX", 5)
    monkeypatch.setattr(data, "_CACHE_KEEP", 3)
    for i in range(8):
        f = tmp_path / f"f{i}.yaml"
        f.write_text(f"n: {i}\n")
        assert load_yaml(f) == {"n": i}
    assert 3 <= len(_entries(cache)) <= 5
    assert load_yaml(tmp_path / "f7.yaml") == {"n": 7}


def test_a_derived_result_is_cached_under_its_inputs_and_rebuilt_when_one_changes(cache, tmp_path):
    src, code = tmp_path / "d.yaml", tmp_path / "check.py"
    src.write_text("a: 1\n")
    code.write_text("# v1\n")
    calls = []

    def build():
        calls.append(1)
        return {"n": (len(calls), None, "x")}

    assert data.cached_derived("t", [src, code], build) == {"n": (1, None, "x")}
    assert data.cached_derived("t", [src, code], build) == {"n": (1, None, "x")}  # cached
    code.write_text("# v2\n")                       # the checking code changed: built again
    assert data.cached_derived("t", [src, code], build) == {"n": (2, None, "x")}
    src.write_text("a: 2\n")                        # the data changed: built again
    assert data.cached_derived("t", [src, code], build) == {"n": (3, None, "x")}


def test_a_derived_build_that_fails_is_not_cached(cache, tmp_path):
    src = tmp_path / "d.yaml"
    src.write_text("a: 1\n")

    def broken():
        raise DataError(src, 1, "a", "bad")

    for _ in range(2):                             # raises every time: nothing was stored
        with pytest.raises(DataError):
            data.cached_derived("t", [src], broken)


def test_a_tampered_derived_entry_cannot_run_code(cache, tmp_path):
    src = tmp_path / "d.yaml"
    src.write_text("a: 1\n")
    assert data.cached_derived("t", [src], lambda: [1]) == [1]
    (entry,) = (cache / "derived").glob("*.pickle")
    entry.write_bytes(pickle.dumps(Path("x")))     # a class the safe unpickler refuses
    assert data.cached_derived("t", [src], lambda: [2]) == [2]   # a miss, built again


def test_fractions_and_frozensets_come_back_from_a_derived_entry(cache, tmp_path):
    from fractions import Fraction

    src = tmp_path / "d.yaml"
    src.write_text("a: 1\n")
    value = {frozenset(("a", "b")): (Fraction(7, 2), Fraction(1))}
    assert data.cached_derived("t", [src], lambda: value) == value
    assert data.cached_derived("t", [src], lambda: None) == value      # read back


def test_a_kind_whose_name_extends_another_keeps_its_entry(cache, tmp_path):
    """Writing "geo" must not drop "geo-scene" (older entries of the *same* kind only)."""
    src = tmp_path / "d.yaml"
    src.write_text("a: 1\n")
    calls = []

    def build(tag):
        def run():
            calls.append(tag)
            return tag
        return run

    data.cached_derived("geo-scene", [src], build("scene"))
    data.cached_derived("geo", [src], build("geo"))
    assert data.cached_derived("geo-scene", [src], build("scene")) == "scene"
    assert data.cached_derived("geo", [src], build("geo")) == "geo"
    assert calls == ["scene", "geo"]            # both read back, neither rebuilt
    src.write_text("a: 2\n")                    # a new version replaces only its own kind
    data.cached_derived("geo", [src], build("geo"))
    names = sorted(p.name.rsplit("-", 1)[0] for p in (cache / "derived").glob("*.pickle"))
    assert names == ["geo", "geo-scene"]


def test_a_kind_keeps_as_many_latest_entries_as_asked(cache, tmp_path):
    """write_derived(..., keep=N): the entry written and the N-1 latest others stay."""
    import os
    import time

    written = []
    for i in range(5):
        entry = data.derived_entry("pixels", [], extra=str(i).encode())
        data.write_derived(entry, i, keep=3)
        os.utime(entry[0], ns=(time.time_ns() + i * 10**9,) * 2)   # distinct ages
        written.append(entry)
    left = {p.name for p in (cache / "derived").glob("pixels-*.pickle")}
    assert left == {e[0].name for e in written[2:]}
    assert [data.read_derived(e) for e in written] == [None, None, 2, 3, 4]
    data.write_derived(data.derived_entry("pixels", [], extra=b"x"), "x")   # keep=1
    assert len(list((cache / "derived").glob("pixels-*.pickle"))) == 1
