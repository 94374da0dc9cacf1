"""The headless command line: list, play, replay, check-data (fixture game)."""

import json

from gui.cli import main
from rules.engine.runner import play


def test_list_json(capsys):
    assert main(["list", "--json"]) == 0
    rows = {r["game"]: r for r in json.loads(capsys.readouterr().out)}
    duel = rows["duel"]
    assert [s["id"] for s in duel["scenarios"]] == ["short", "long", "draft"]
    assert [s["playable"] for s in duel["scenarios"]] == [True, True, False]
    assert duel["scenarios"][0]["seats"] == ["north", "south"]


def test_play_json_lines(capsys):
    assert main(["play", "--game", "duel", "--scenario", "short", "--seats", "random,bot",
                 "--seed", "3", "--games", "4", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["seed"] for x in lines] == [3, 4, 5, 6]
    first = lines[0]
    assert first["seats"] == {"north": "random", "south": "bot"}
    assert set(first["result"]) >= {"winners", "reason", "scores"} and first["decisions"] > 0


def test_play_option_and_save_then_replay(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["play", "--game", "duel", "--scenario", "short", "--seats", "random,random",
                 "--option", "turns=3", "--save", str(save)]) == 0
    assert json.loads(save.read_text())["options"] == {"turns": "3", "blocks": "2"}
    capsys.readouterr()
    assert main(["replay", str(save)]) == 0
    assert capsys.readouterr().out.startswith("ok: duel/short")
    save.write_text("{")
    assert main(["replay", str(save)]) == 1
    assert "refused" in capsys.readouterr().out


def test_step_cap_is_a_failure(capsys):
    assert main(["play", "--game", "duel", "--scenario", "long", "--seats", "random,random",
                 "--max-steps", "2"]) == 1
    assert "step-cap" in capsys.readouterr().out


def test_dead_end_reported(monkeypatch):
    from tests.engine.fixture_game import GAME

    monkeypatch.setattr(GAME, "result", lambda state: None)
    out = play("duel", "short", {"north": "random", "south": "random"}, 1)
    assert out.problem == "dead-end"


def test_wrong_seat_count_is_clear(capsys):
    assert main(["play", "--game", "duel", "--scenario", "short", "--seats", "random"]) == 2
    assert "has 2 seats" in capsys.readouterr().err


def test_fuzz_dumps_reproducing_save(tmp_path, monkeypatch, capsys):
    from rules.engine.session import Session
    from tests.engine.fixture_game import GAME

    monkeypatch.setattr(GAME, "invariants",
                        lambda state: ["too many points"] if state["score"]["north"] > 5 else [])
    assert main(["fuzz", "--game", "duel", "--games", "3", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL duel/" in out and "fuzz: 6 games" in out
    dumped = sorted(tmp_path.iterdir())
    assert dumped
    s = Session.load(dumped[0])
    assert GAME.invariants(s.state)


def test_set_up_only_scenario_refused_by_play_and_skipped_by_fuzz(tmp_path, capsys):
    assert main(["play", "--game", "duel", "--scenario", "draft", "--seats",
                 "random,random"]) == 2
    assert "set-up only" in capsys.readouterr().err
    assert main(["fuzz", "--game", "duel", "--games", "1", "--out", str(tmp_path)]) == 0
    assert "duel/draft: skipped" in capsys.readouterr().out


def test_play_takes_every_seat_count_new_game_takes(capsys):
    """Mare Nostrum with 2, 3 or 4 empires, headless as from New Game: a shorter --seats
    list or ``none`` leaves a seat out of play."""
    import pytest

    pytest.importorskip("rules.mare_nostrum")
    for seats, playing in (("bot,bot", ["rome", "carthage"]),
                           ("bot,none,bot,none,bot", ["rome", "greece", "egypt"]),
                           ("bot,bot,bot,bot", ["rome", "carthage", "greece", "persia"])):
        assert main(["play", "--game", "mare-nostrum", "--scenario", "short", "--seats", seats,
                     "--seed", "2", "--json"]) == 0
        line = json.loads(capsys.readouterr().out)
        assert list(line["seats"]) == playing
        assert line["result"]["winners"] and set(line["result"]["scores"]) == set(playing)

