"""Imports inside functions are kept only on purpose, each saying why (issue #33 item 3).

Every ``import`` below the top level of a module under ``rules/``, ``gui/`` and ``hexmap/``
(other than under ``if TYPE_CHECKING:``, which never runs) carries a comment on its line:
a heavy or optional dependency loaded late (networkx, PyYAML, Qt from the command line, a
dialog only some sessions open) or the start-up path that imports with the collector off.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ("rules", "gui", "hexmap")


def _late_imports(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every import in ``path`` below the top level, TYPE_CHECKING aside."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)) and child.col_offset > 0:
                end = child.end_lineno or child.lineno
                found.append((child.lineno, " ".join(lines[child.lineno - 1:end])))
            walk(child)

    walk(ast.parse("\n".join(lines), str(path)))
    return found


def test_every_import_inside_a_function_says_why() -> None:
    bare = [f"{p.relative_to(ROOT)}:{n}: {text.strip()}"
            for top in TOP for p in sorted((ROOT / top).rglob("*.py"))
            for n, text in _late_imports(p) if "#" not in text]
    assert not bare, "imports inside functions without a comment saying why:\n" + "\n".join(bare)


def test_the_check_sees_a_bare_late_import(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\n"
                   "def f():\n    import json\n    import yaml  # late: why\n")
    assert [n for n, text in _late_imports(src) if "#" not in text] == [5]
