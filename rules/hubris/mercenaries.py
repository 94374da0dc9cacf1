"""Mercenaries Phase (3.5): an open auction per lot (ruling R40).

Lots: every face-down Mercenary on the map (not in the SPW box), in the order of the 3.5
table. Eligible: the Kingdoms with an Alignment marker in one of its Home Satrapies and at
least 2 T. Ruling R7: open bidding in rounds (minimum 2 T, at most the Treasury); ties by a
die roll; only the winner pays, then places the Unit face-up in a Satrapy with a
Place Aligned with him, reached from one of its Homes by Seas or through Satrapies no enemy
Controls. Lots nobody bids for stay face-down (hired in a Muster for 2 T, 5.2.2).
"""

from __future__ import annotations

from typing import Any

from rules.engine import auction
from rules.engine.game import Choice, Prompt

from . import bidding, core
from .core import HOMES, note
from .flow import pop, proc, push
from .names import the
from .rulesdata import RulesData

State = dict[str, Any]
MIN_BID = 2
ORDER = ("illyrians", "aitolians", "arcadians", "galatians", "mysians", "cretans")


def lots(state: State) -> list[str]:
    return [u for u in ORDER if u in state["units"]
            and state["units"][u]["type"] == "mercenary"
            and state["units"][u]["face"] == "down"
            and state["units"][u]["location"] in state["satrapies"]]


def eligible(data: RulesData, state: State, u: str) -> list[str]:
    homes = [h for h in HOMES.get(u, ()) if core.sat_in_play(state, h)]
    return [k for k in core.player_kingdoms(state) if core.treasury(state, k) >= MIN_BID
            and any(core.aligned_places(state, data, k, h) for h in homes)]


def destinations(data: RulesData, state: State, k: str, u: str) -> list[str]:
    """Satrapies with a Place Aligned with ``k`` reached from a Home of ``u`` by Seas or
    through Satrapies no enemy of ``k`` Controls (3.5)."""
    enemies = set(core.enemies_of(state, k))
    ok = {s for s in core.satrapies_in_play(state) if core.controller(state, s) not in enemies}
    start = [h for h in HOMES.get(u, ()) if h in ok]
    seen, todo = set(start), list(start)
    coastal = [s for s in ok if data.satrapies[s].coastal]
    while todo:
        s = todo.pop()
        nxt = [n for n in data.neighbours(s) if n in ok]
        if data.satrapies[s].coastal:
            nxt += coastal
        for n in nxt:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return sorted(s for s in seen if core.aligned_places(state, data, k, s))


@proc("mercenaries")
class MercenariesPhase:
    def prompt(self, data, state, frame):
        if not frame.get("lot"):
            return None
        name = core.title_of(frame["lot"])
        return bidding.prompt(state, frame["auction"], f"Mercenaries: bidding for the {name}",
                              f"the {name}", "3.5")

    def apply(self, data, state, frame, choice):
        bidding.act(state, frame["auction"], choice, "3.5")

    def run(self, data, state, frame):
        if frame.get("lot") and auction.over(frame["auction"]):
            self._resolve(data, state, frame)
            frame["lot"] = None
            return
        todo = frame.setdefault("todo", None)
        if todo is None:
            todo = frame["todo"] = lots(state)
        while todo:
            u = todo.pop(0)
            bidders = eligible(data, state, u)
            if bidders:
                frame.update(lot=u, auction=bidding.begin(state, bidders, MIN_BID))
                return
        pop(state, frame)

    def _resolve(self, data, state, frame):
        u, a = frame["lot"], frame["auction"]
        name = core.title_of(u)
        win = bidding.winner(state, a, f"the {name}", "3.5")
        if win is None:
            note(state, f"Nobody hires the {name}.", "3.5")
            return
        best = a["standing"]
        note(state, f"{the(win, True)} hire the {name} for {best} T.", "3.5")
        core.pay(state, win, best, f"hiring the {name}", "3.5")
        dests = destinations(data, state, win, u)
        core.set_unit(state, u, face="up", owner=win)
        if len(dests) == 1 or not dests:
            where = dests[0] if dests else state["units"][u]["location"]
            core.set_unit(state, u, location=where)
            note(state, f"The {name} take the field in {core.title_of(where)}.", "3.5",
                 where=where)
        else:
            push(state, "merc-placement", kingdom=win, unit=u, choices=dests)


@proc("merc-placement")
class MercPlacement:
    def prompt(self, data, state, frame):
        ch = [Choice(f"place:{s}", core.title_of(s), target=s) for s in frame["choices"]]
        return Prompt(core.seat_of(state, frame["kingdom"]),
                      f"Where do the {core.title_of(frame['unit'])} take the field?", ch,
                      "choose-space", "3.5")

    def apply(self, data, state, frame, choice):
        pop(state, frame)
        where = choice.split(":", 1)[1]
        core.set_unit(state, frame["unit"], location=where)
        note(state, f"The {core.title_of(frame['unit'])} take the field in "
                    f"{core.title_of(where)}.", "3.5", where=where)

    def run(self, data, state, frame):   # pragma: no cover - always asks
        pop(state, frame)
