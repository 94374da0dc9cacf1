"""A real package: a wheel built from this checkout, installed into a fresh virtual
environment outside it, reads its data as package data and plays a game of each title with
the installed ``hegemon`` command."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: the third-party packages the game imports, lent to the fresh venv by symbolic links
LENT = ("networkx", "yaml", "PySide6", "shiboken6", "shapely")

#: one quick game of each title: (game, scenario, seats)
GAMES = [
    ("hubris", "fourth-syrian-war", "random,random"),
    ("mare-nostrum", "short", "random,random"),
    ("sword-of-rome", "two-player", "random,random"),
    ("successors", "two-player", "random,random"),
    ("athens-sparta", "peloponnesian-war", "random,random"),
]


#: the environment of every command: nothing of this checkout on the path
CLEAN = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env or CLEAN, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A fresh venv (no pip, no site-packages) with the wheel installed; the third-party
    dependencies are lent by links to this environment's copies, so nothing is downloaded
    (and pip sees no hegemon already installed)."""
    tmp = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "-q", "-w", str(tmp / "dist"), str(ROOT)], cwd=tmp)
    wheel = next((tmp / "dist").glob("hegemon-*.whl"))
    env_dir = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], cwd=tmp)
    python = env_dir / "bin" / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     cwd=tmp).strip())
    for name in LENT:
        origin = Path(importlib.util.find_spec(name).origin)
        (site / name).symlink_to(origin.parent if origin.name == "__init__.py" else origin)
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--no-index", "-q", str(wheel)], cwd=tmp)
    env = dict(CLEAN, HEGEMON_CACHE_DIR=str(tmp / "cache"))
    return env_dir, env


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    env_dir, env = installed
    where = _run([str(env_dir / "bin" / "python"), "-c",
                  "import rules, assets; print(rules.__file__); print(assets.__file__)"],
                 cwd=env_dir, env=env).split()
    assert all(str(env_dir) in p and str(ROOT) not in p for p in where)


def test_the_installed_data_checks(installed):
    env_dir, env = installed
    out = _run([str(env_dir / "bin" / "hegemon"), "check-data"], cwd=env_dir, env=env)
    assert out.count(": ok,") == len(GAMES)


@pytest.mark.parametrize(("game", "scenario", "seats"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_installed_command_plays_each_title(installed, game, scenario, seats):
    env_dir, env = installed
    out = _run([str(env_dir / "bin" / "hegemon"), "play", "--game", game, "--scenario",
                scenario, "--seats", seats, "--seed", "1", "--json"], cwd=env_dir, env=env)
    result = json.loads(out.splitlines()[-1])["result"]
    assert result["winners"] and result["reason"]


def test_the_benchmarks_say_they_need_a_checkout(installed):
    env_dir, env = installed
    done = subprocess.run([str(env_dir / "bin" / "hegemon"), "bench"], cwd=env_dir, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "source checkout" in done.stderr
    assert "Traceback" not in done.stderr
