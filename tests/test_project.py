"""Project-wide checks: lint, the seam (no Qt below gui/), every data file valid."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    run = subprocess.run([ruff, "check", "--quiet", str(ROOT)], capture_output=True, text=True,
                         cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("package", ["rules", "hexmap"])
def test_no_qt_below_gui(package):
    offenders = []
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] in ("PySide6", "shiboken6", "gui") for n in names):
                offenders.append(str(path.relative_to(ROOT)))
    assert not offenders


def test_games_do_not_import_each_other():
    games = [p.name for p in (ROOT / "rules").iterdir()
             if p.is_dir() and p.name not in ("engine", "__pycache__")]
    offenders = []
    for game in games:
        for path in (ROOT / "rules" / game).rglob("*.py"):
            text = path.read_text()
            for other in games:
                if other != game and (f"rules.{other}" in text or f"from ..{other}" in text):
                    offenders.append(f"{path.relative_to(ROOT)} -> {other}")
    assert not offenders


def test_check_data_every_game():
    from gui.cli import main

    assert main(["check-data"]) == 0


def _repository_files(*suffixes: str) -> list[Path]:
    skip = {".git", ".venv", "venv", "__pycache__", "fuzz-failures"}
    return [p for p in ROOT.rglob("*") if p.suffix in suffixes and p.is_file()
            and not skip & set(p.relative_to(ROOT).parts)]


def test_nothing_reads_outside_the_repository():
    """A clone anywhere works: no code climbs above the repository root (``parents[k]``) or
    names the development machine's folders; docs name no machine-specific path."""
    import re

    offenders = []
    for path in _repository_files(".py"):
        text = path.read_text(encoding="utf-8")
        for k in map(int, re.findall(r"parents\[(\d+)\]", text)):
            if k >= len(path.relative_to(ROOT).parts):
                offenders.append(f"{path.relative_to(ROOT)}: parents[{k}] is outside")
    for path in _repository_files(".py", ".md", ".toml", ".yaml", ".cfg"):
        text = path.read_text(encoding="utf-8")
        for word in ("prior_art_data", "../shared", "shared/rulebooks", "/work/"):
            if word in text and path.name != "test_project.py":
                offenders.append(f"{path.relative_to(ROOT)} names {word}")
    assert not offenders
