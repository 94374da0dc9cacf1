"""Crash safety: the app process is killed (SIGKILL) mid-game; the next start offers the
autosave and resumes at the last choice made."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from gui import app
from gui.paths import autosave_path
from rules.engine.session import Session

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from gui import settings
from gui.app import make_app
from gui.main_window import MainWindow
from rules.engine import registry
from rules.engine.session import Session
from tests.engine.fixture_game import GAME

registry.register(GAME)
qapp = make_app()
settings.set_bot_pace(150)
window = MainWindow()
window.show()
window.set_session(Session.new("duel", "long", {"north": "random", "south": "random"}, seed=21))
sys.stdout.write("started\\n"); sys.stdout.flush()
qapp.exec()
"""


def test_sigkill_mid_game_then_resume(qtbot, window, monkeypatch):
    path = autosave_path()
    child = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, env=dict(os.environ),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        choices: list[str] = []
        while time.monotonic() < deadline:
            if path.exists():
                try:
                    choices = json.loads(path.read_text())["choices"]
                except (ValueError, KeyError):
                    choices = []          # never happens with atomic writes; tolerate anyway
                if len(choices) >= 4:
                    break
            time.sleep(0.05)
        assert len(choices) >= 4, child.stderr.read1().decode() if child.poll() else "timeout"
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    assert child.returncode == -signal.SIGKILL
    on_disk = json.loads(path.read_text())
    assert len(on_disk["choices"]) >= 4
    app.start(window)
    assert window.welcome.resume_button.isVisibleTo(window.welcome)
    window.welcome.resume_button.click()
    assert window.session is not None
    assert window.session.choices == on_disk["choices"]
    assert Session.load(path).choices == on_disk["choices"]
