"""Bad command-line input: each case is refused in one line on stderr with a non-zero exit,
never a traceback, and nothing is written. Table-driven: one row per input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gui.cli import main

HUBRIS = ["--game", "hubris", "--scenario", "fourth-syrian-war"]
PLAY = ["play", *HUBRIS, "--seats", "bot,bot"]
MARE = ["play", "--game", "mare-nostrum", "--scenario", "short"]


@pytest.fixture(autouse=True)
def duel_registered():
    """The Duel fixture game (tests/engine/fixture_game.py) is known to the command."""
    from rules.engine import registry
    from tests.engine.fixture_game import GAME

    registry.register(GAME)


def _files(tmp: Path) -> dict[str, str]:
    """Bad files, made afresh in ``tmp``."""
    (tmp / "deep.json").write_text("[" * 200_000)
    (tmp / "nested-state.json").write_text(
        '{"format":"hegemon-save","version":2,"game":"hubris","scenario":"x","options":{},'
        '"seats":{},"seed":1,"choices":[],"hash":"x","check":"y","state":{"a":'
        + "[" * 5000 + "]" * 5000 + "}}")
    (tmp / "binary.json").write_bytes(bytes(range(256)) * 4)
    (tmp / "folder").mkdir()
    return {"deep": str(tmp / "deep.json"), "nested": str(tmp / "nested-state.json"),
            "binary": str(tmp / "binary.json"), "folder": str(tmp / "folder"),
            "missing": str(tmp / "missing.json"), "out": str(tmp / "out.png"),
            "readonly": "/proc/hegemon/out.png", "save": str(tmp / "folder")}


#: name -> (arguments, with {file} names from _files; words the one line must hold)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "replay deeply nested JSON": (["replay", "{deep}"], ["deep.json", "nested too deeply"]),
    "replay a save nested deep inside": (["replay", "{nested}"], ["nested-state.json"]),
    "replay binary bytes": (["replay", "{binary}"], ["binary.json", "not a Hegemon save"]),
    "replay a folder": (["replay", "{folder}"], ["folder", "cannot read"]),
    "replay a missing file": (["replay", "{missing}"], ["missing.json", "cannot read"]),
    "replay no name": (["replay", ""], ["needs a save file's name"]),
    "screenshot no name": (["screenshot", "--out", ""], ["--out needs a file name"]),
    "screenshot into a folder": (["screenshot", *HUBRIS, "--out", "{folder}"],
                                 ["is a folder"]),
    "screenshot where nothing may be written": (["screenshot", *HUBRIS, "--out", "{readonly}"],
                                                ["cannot write", "/proc/hegemon"]),
    "screenshot not a picture": (["screenshot", *HUBRIS, "--out", "{folder}/x.txt"],
                                 ["must end in", ".png"]),
    "screenshot size 0x0": (["screenshot", *HUBRIS, "--out", "{out}", "--size", "0x0"],
                            ["--size", "200 to 8000"]),
    "screenshot negative size": (["screenshot", *HUBRIS, "--out", "{out}", "--size=-5x300"],
                                 ["--size", "200 to 8000"]),
    "screenshot size not WxH": (["screenshot", *HUBRIS, "--out", "{out}", "--size", "big"],
                                ["--size wants WxH"]),
    "screenshot unknown scenario": (["screenshot", "--game", "hubris", "--scenario", "nope",
                                     "--out", "{out}"], ["no scenario 'nope'", "known:"]),
    "screenshot scenario without game": (["screenshot", "--scenario", "x", "--out", "{out}"],
                                         ["--scenario needs --game"]),
    "play unknown option key": ([*MARE, "--seats", "bot,bot", "--option", "speed=fast"],
                                ["no option 'speed'", "valid:", "17.5"]),
    "play option value not allowed": ([*MARE, "--seats", "bot,bot", "--option", "17.5=maybe"],
                                      ["17.5", "valid: yes, no"]),
    "play option not KEY=VALUE": ([*MARE, "--seats", "bot,bot", "--option", "17.5"],
                                  ["KEY=VALUE"]),
    "play length not offered": (["play", "--game", "duel", "--scenario", "short", "--seats",
                                 "bot,bot", "--option", "turns=9"], ["turns", "valid: 2, 3"]),
    "play games 0": ([*PLAY, "--games", "0"], ["--games must be 1 or more"]),
    "play negative seed": ([*PLAY, "--seed", "-3"], ["--seed must be 0 or more"]),
    "play seed not a number": ([*PLAY, "--seed", "abc"], ["invalid int value", "--help"]),
    "play unknown game": (["play", "--game", "chess", "--scenario", "x", "--seats", "bot"],
                          ["no game 'chess'", "known:"]),
    "play unknown scenario": (["play", "--game", "hubris", "--scenario", "x", "--seats", "bot"],
                              ["no scenario 'x'"]),
    "play too many seats": ([*MARE, "--seats", "bot,bot,bot,bot,bot,bot"], ["has 5 seats"]),
    "play too few seats": ([*MARE, "--seats", "bot"], ["at least 2"]),
    "play a human seat": ([*PLAY[:-1], "bot,human"], ["random, bot or none", "human"]),
    "play save into a folder": ([*PLAY, "--save", "{save}"], ["--save", "is a folder"]),
    "fuzz games 0": (["fuzz", "--game", "duel", "--games", "0"], ["--games must be 1"]),
    "fuzz unknown game": (["fuzz", "--game", "chess"], ["no game 'chess'"]),
    "check-data unknown game": (["check-data", "--game", "chess"], ["no game 'chess'"]),
    "unknown command": (["dance"], ["invalid choice", "dance"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_one_line(case, tmp_path, capsys):
    args, words = CASES[case]
    files = _files(tmp_path)
    argv = [a.format(**files) for a in args]
    try:
        status = main(argv)
    except SystemExit as exc:              # argparse's own refusals
        status = exc.code
    out, err = capsys.readouterr()
    text = (err or out).strip()
    assert status not in (0, None), text
    assert "Traceback" not in out + err
    assert len(text.splitlines()) == 1, text
    for word in words:
        assert word in text, (word, text)
    assert not Path(files["out"]).exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_that_cannot_be_written_is_one_line():
    """``hegemon list > /dev/full``: the full disk is named, once."""
    root = str(Path(__file__).parents[1])
    run = subprocess.run(f'"{sys.executable}" -m gui.cli list > /dev/full', shell=True,
                         capture_output=True, text=True, cwd=root,
                         env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin"})
    assert run.returncode == 1
    assert run.stderr.strip() == "hegemon list: cannot write the output: No space left on device"


def test_a_reader_that_stops_early_gets_no_traceback():
    """``hegemon list --json | head -1``: the broken pipe ends the command quietly."""
    code = ("import sys; from gui.cli import main; from tests.engine.fixture_game import GAME;"
            "from rules.engine import registry; registry.register(GAME);"
            "sys.exit(main(['list', '--json']))")
    root = str(Path(__file__).parents[1])
    run = subprocess.run(f'"{sys.executable}" -c "{code}" | head -c 1', shell=True,
                         capture_output=True, text=True, cwd=root,
                         env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin"})
    assert run.stdout == "["
    assert run.stderr == ""
