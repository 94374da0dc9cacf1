"""Once a game is on screen the window does, off any click, what its first clicks would
otherwise do inside them: networkx and the dialogs imported, the game's long-lived objects
kept out of the garbage collector's full scans (issue 31, item 13: a click's latency)."""

from __future__ import annotations

import gc
import subprocess
import sys

from gui.warm_up import warm_up


def test_warm_up_imports_and_freezes(qtbot):
    try:
        warm_up("hubris")
        assert "gui.hubris.peace_dialog" in sys.modules and "gui.dialogs.card" in sys.modules
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_shown_game_is_warmed_up_before_its_first_click():
    """A fresh process: the window shows Sword of Rome; by the time it is idle, networkx
    (its first supply or road search) is loaded and the objects are frozen."""
    code = (
        "import os, sys, gc\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from gui.app import make_app\n"
        "app = make_app([])\n"
        "from PySide6.QtCore import QStandardPaths\n"
        "QStandardPaths.setTestModeEnabled(True)\n"
        "from gui.main_window import MainWindow\n"
        "from rules.engine.session import Session\n"
        "from rules.engine import registry\n"
        "seats = registry.get('sword-of-rome').scenario('two-player').seats\n"
        "w = MainWindow(); w.resize(1600, 1000); w.show()\n"
        "s = Session.new('sword-of-rome', 'two-player', dict.fromkeys(seats, 'human'), {}, 1)\n"
        "before = 'networkx' in sys.modules\n"
        "w.set_session(s)\n"
        "from PySide6.QtTest import QTest\n"
        "QTest.qWait(1500)\n"
        "print(before, 'networkx' in sys.modules, gc.get_freeze_count() > 0)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split()[-3:] == ["False", "True", "True"]
