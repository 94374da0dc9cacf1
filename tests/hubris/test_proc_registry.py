"""The procedure table of :mod:`rules.hubris.flow` (an engine :class:`Procedures`): the modules
that register procedures are imported normally (by :mod:`rules.hubris.play`), none is looked up
by name, and the table holds every procedure of every module, under that module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.engine.procs import Procedures
from rules.hubris import flow, play

PACKAGE = Path(flow.__file__).parent


def _registered_in_source() -> dict[str, str]:
    """proc name -> module, from the ``@proc("...")`` decorators of the package's files."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for dec in node.decorator_list:
                    if (isinstance(dec, ast.Call) and getattr(dec.func, "id", "") == "proc"
                            and isinstance(dec.args[0], ast.Constant)):
                        assert dec.args[0].value not in found, dec.args[0].value
                        found[dec.args[0].value] = path.stem
    return found


def test_the_table_names_every_procedure_with_its_module():
    assert play.flow is flow
    found = _registered_in_source()
    assert len(found) > 20
    registered = {name: type(flow.PROCS[name]).__module__.rsplit(".", 1)[-1]
                  for name in flow.PROCS}
    assert registered == found
    assert all(type(flow.PROCS[n]).name == n for n in found)


def test_the_stack_is_the_engines_and_unknown_names_fail():
    assert isinstance(flow.PROCS, Procedures)
    assert flow.push is Procedures.push and flow.due_frame is Procedures.due
    with pytest.raises(KeyError):
        flow.PROCS["no-such-proc"]
    with pytest.raises(ValueError):
        flow.proc("game")(type("Again", (flow.Auto,), {}))


def test_no_procedure_is_looked_up_by_name():
    text = (PACKAGE / "flow.py").read_text(encoding="utf-8")
    assert "import_module" not in text
