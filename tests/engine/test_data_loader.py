"""YAML data loading: every problem names file, line and key."""

import pytest

from rules.engine.data import DataError, load_yaml, require, source_kind


def write(tmp_path, text):
    p = tmp_path / "d.yaml"
    p.write_text(text)
    return p


def test_lines_of_keys(tmp_path):
    data = load_yaml(write(tmp_path, "a: 1\nitems:\n  - id: x\n    vp: 2\n"))
    item = data["items"][0]
    assert item.line_of("vp") == 4 and item.path.endswith("d.yaml")


def test_syntax_error_has_line(tmp_path):
    with pytest.raises(DataError) as info:
        load_yaml(write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n"))
    assert "d.yaml:" in str(info.value) and info.value.line is not None


def test_duplicate_key(tmp_path):
    with pytest.raises(DataError, match=r"d.yaml:2: a: duplicate key"):
        load_yaml(write(tmp_path, "a: 1\na: 2\n"))


def test_missing_and_wrong_type(tmp_path):
    rec = load_yaml(write(tmp_path, "id: x\nvp: two\n"))
    with pytest.raises(DataError, match=r"d.yaml:2: vp: expected a whole number"):
        require(rec, "vp", int)
    with pytest.raises(DataError, match=r"d.yaml:1: missing key 'tax'"):
        require(rec, "tax", int)
    assert require(rec, "tax", int, optional=True, default=0) == 0


def test_bool_is_not_int(tmp_path):
    rec = load_yaml(write(tmp_path, "vp: yes\n"))
    with pytest.raises(DataError):
        require(rec, "vp", int)


def test_source_kinds(tmp_path):
    recs = load_yaml(write(tmp_path, "- source: rule 2.5.1\n- source: reconstructed\n"
                                     "- source: guess\n"))
    assert source_kind(recs[0]) == "rule"
    with pytest.raises(DataError, match="needs a reason"):
        source_kind(recs[1])
    with pytest.raises(DataError, match="unknown source kind"):
        source_kind(recs[2])


def test_no_code_execution(tmp_path):
    with pytest.raises(DataError):
        load_yaml(write(tmp_path, "x: !!python/object/apply:os.system ['echo hi']\n"))


def test_unreadable_file(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_yaml(tmp_path / "nope.yaml")
