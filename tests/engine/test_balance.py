"""``hegemon balance``: win shares over headless games (rules/engine/balance.py)."""

import json

from gui.cli import main
from rules.engine import balance
from rules.engine.runner import play


def test_shares_count_every_game_and_match_play():
    seats = {"north": "random", "south": "random"}
    t = balance.shares("duel", "short", seats, 6, 10)
    assert t.games == 6
    assert sum(t.wins.values()) + len(t.failed) == 6
    # the same seeds played one by one give the same winners
    by_hand: dict[str, float] = {}
    for seed in range(10, 16):
        res = play("duel", "short", seats, seed).result
        for w in res.winners:
            by_hand[w] = by_hand.get(w, 0) + 1 / len(res.winners)
    assert t.wins == by_hand


def test_one_against_rest_puts_the_player_in_every_seat(capsys):
    assert main(["balance", "--game", "duel", "--scenario", "short", "--one", "bot",
                 "--rest", "random", "--games", "3", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"north", "south"} and all(v["games"] == 3 for v in out.values())


def test_bad_games_count_is_refused(capsys):
    assert main(["balance", "--game", "duel", "--scenario", "short", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
