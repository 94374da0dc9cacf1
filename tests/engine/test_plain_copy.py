"""copy_state's shared parts and tables: a deep copy wherever the rules may write."""

from rules.engine.plain import copy_state


def test_tables_are_copied_record_by_record_and_shared_parts_are_not_copied():
    state = {"meta": {"seed": 1}, "units": {"u1": {"at": "x", "n": 1},
                                            "u2": {"at": "y", "path": ["a", "b"]}},
             "log": [{"n": 1}], "rest": {"deep": [{"k": 1}]}}
    new = copy_state(state, share=("meta",), tables=("units",))
    assert new == state and list(new) == list(state)
    assert new["meta"] is state["meta"]                  # shared: the rules replace it whole
    new["units"]["u1"]["at"] = "z"                       # a flat record: its own copy
    new["units"]["u2"]["path"].append("c")               # a nested one: copied deeply
    new["units"]["u3"] = {"at": "w"}
    new["rest"]["deep"][0]["k"] = 2
    assert state["units"] == {"u1": {"at": "x", "n": 1}, "u2": {"at": "y", "path": ["a", "b"]}}
    assert state["rest"] == {"deep": [{"k": 1}]}


def test_absent_parts_are_left_absent():
    assert copy_state({"a": 1}, share=("meta",), tables=("units",)) == {"a": 1}
