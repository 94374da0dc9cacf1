"""``hegemon play`` seats under an option that leaves a seat to the rules (Hubris
``players=2``, section 10): the two played seats in list order, or the full list with
``none`` for Macedon; anything else is refused in one line."""

from __future__ import annotations

import json

import pytest

from gui.cli import UsageError, _seats, main

TWO = {"players": "2", "turns": "3", "rome": "bot", "sealed_first_round": "no"}


def test_two_kinds_fill_the_two_played_seats():
    assert _seats("hubris", "new-hopes", "bot,random", TWO) == {"ptolemies": "bot",
                                                                "seleucids": "random"}
    assert _seats("hubris", "new-hopes", "none,bot,random", TWO) == {"ptolemies": "bot",
                                                                     "seleucids": "random"}


@pytest.mark.parametrize("spec, words", [("random,random,random", "macedon"),
                                         ("random", "2 seats"),
                                         ("none,none,random", "all 2 seats")])
def test_other_seat_lists_are_refused(spec, words):
    with pytest.raises(UsageError, match=words):
        _seats("hubris", "new-hopes", spec, TWO)


def test_three_players_still_need_three_seats():
    with pytest.raises(UsageError, match="3 seats"):
        _seats("hubris", "new-hopes", "random,random", {**TWO, "players": "3"})


def test_headless_two_player_game_ends(capsys):
    assert main(["play", "--game", "hubris", "--scenario", "new-hopes", "--seats",
                 "random,random", "--option", "players=2", "--seed", "3", "--json"]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(line["seats"]) == {"ptolemies", "seleucids"}
    assert set(line["result"]["scores"]) == {"ptolemies", "seleucids"}


@pytest.mark.parametrize("argv", [["--option", "players=2"],
                                  ["--game", "hubris", "--scenario", "fourth-syrian-war",
                                   "--option", "players=2"]])
def test_screenshot_options_are_checked(argv, tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main(["screenshot", *argv, "--out", str(out)]) == 2
    assert not out.exists()
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
