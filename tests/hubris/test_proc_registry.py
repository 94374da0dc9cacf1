"""The procedure table of :mod:`rules.hubris.flow`: modules register their procedures when
first looked up (``PROC_MODULES``), and the table names every procedure of every module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from rules.hubris import flow

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
                        found[dec.args[0].value] = path.stem
    return found


def test_table_names_every_procedure_with_its_module():
    found = _registered_in_source()
    assert len(found) > 20
    assert flow.PROC_MODULES == found


def test_lookup_imports_the_registering_module_and_unknown_names_fail():
    code = (
        "import sys\n"
        "from rules.hubris import flow, play\n"
        "from rules.engine import registry\n"
        "g = registry.get('hubris')\n"
        "s = g.new_game('fourth-syrian-war', list(g.scenario('fourth-syrian-war').seats), {}, 1)\n"
        "assert g.prompt(s) is not None\n"
        "late = {'activation', 'battles', 'land_campaign', 'naval_campaign', 'sieges'}\n"
        "assert not {m for m in late if f'rules.hubris.{m}' in sys.modules}, 'loaded to start'\n"
        "p = flow.PROCS['naval-battle']\n"
        "assert 'rules.hubris.battles' in sys.modules and p.name == 'naval-battle'\n"
        "try:\n"
        "    flow.PROCS['no-such-proc']\n"
        "except KeyError:\n"
        "    print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parents[1], check=False)
    assert out.stdout.strip() == "ok", out.stderr
