"""The Olympic Games after the last action round of a Turn (aid: Olympic Games): both sides
roll (fewer dice under the truce with forces on the map); the winner picks a reward and the
other side takes the other one."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Proc
from rules.engine.state import log

from .data import SIDES
from .model import NAMES, State, enemy, is_success, mats, successes


class Olympics(Proc):
    name = "olympics"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if st["pend"].get("olympic_winner"):
            return False
        olympic_roll(st)
        return True

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        win = st["pend"]["olympic_winner"]
        hits = st["pend"]["hits"]
        return Prompt(win, f"Olympic Games: {NAMES[win]} rolled the most successes; choose "
                      "a reward (the other side gets the other)",
                      [Choice("green", "A talent and the green favour"),
                       Choice("talents", "Two talents")], kind="olympics",
                      rule="olympic-games",
                      context={"title": "Olympic Games", **{
                          f"{NAMES[s]} rolled": " ".join(map(str, st["pend"]["rolled"][s]))
                          + f" ({hits[s]} successes)" for s in SIDES},
                          "success": f"{mats()['dice']['success']}+ on a die",
                          "winner": NAMES[win]})

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        olympic_choose(st, cid)


def olympic_roll(st: State) -> None:
    """Roll until one side has more successes (twenty ties: Sparta, reconstructed)."""
    o = mats()["olympics"]
    for _ in range(20):
        hits, rolled = {}, {}
        for s in SIDES:
            truce = any(f["side"] == s for f in st["forces"])
            n = o["truce_dice"] if truce else o["dice"]
            faces = successes(st, n, purpose=f"Olympic Games, {NAMES[s]}", rule="olympic-games")
            hits[s] = sum(1 for f in faces if is_success(f))
            rolled[s] = list(faces)
        if hits["athens"] != hits["sparta"]:
            win = max(SIDES, key=lambda s: hits[s])
            st["pend"] = {"olympic_winner": win, "hits": hits, "rolled": rolled}
            return
    st["pend"] = {"olympic_winner": "sparta", "hits": hits, "rolled": rolled}


def olympic_choose(st: State, choice: str) -> None:
    win = st["pend"]["olympic_winner"]
    other = enemy(win)
    green, gold = (win, other) if choice == "green" else (other, win)
    st["treasury"][green] += 1
    st["favour"][green]["green"] += 1
    st["treasury"][gold] += 2
    log(st, f"Olympic Games: {NAMES[green]} earns a talent and the green favour, "
        f"{NAMES[gold]} two talents", rule="olympic-games")
    st["pend"] = {}
    st["stage"] = "end"
