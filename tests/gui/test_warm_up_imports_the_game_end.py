"""Warming a game up (once it is on screen, off any click) also imports what its end shows:
the result dialog, the game's own result panel (Hubris: the VPs Turn by Turn) and the
review button, 25-30 ms that were spent inside the game's last click."""

from __future__ import annotations

import subprocess
import sys


def test_warm_up_imports_the_result_dialog_and_the_games_panel():
    code = (
        "import sys, gc\n"
        "from gui.warm_up import warm_up\n"
        "warm_up('hubris')\n"
        "gc.unfreeze()\n"
        "print(all(m in sys.modules for m in ('gui.dialogs.result', 'gui.review.launch',"
        " 'gui.hubris.result_panel')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "True", out.stderr
