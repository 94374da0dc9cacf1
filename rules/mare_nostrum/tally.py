"""What every empire has on the map (ch.6, ch.10, ch.11, ch.16): the raw material of
:mod:`refresh`, read once per state change.

Outside :meth:`MareNostrum.apply` (set-up, tests editing a state by hand) the whole board is
read. Inside it only the hexes changed since the last refresh are: :func:`.pieces.cell`
lists them (copy on write) and the hex records as they were at the last refresh are kept, so
each changed hex takes its old contribution out and puts its new one in, and control is
looked at again only in the areas those hexes belong to.
"""

from __future__ import annotations

from typing import Any

from .context import GameData, State
from .pieces import BASE, OWNED

PIECE_KEYS = ("legions", "ships", "trade_posts", "fortresses", "monuments", "armies", "fleets")


def holders(c: dict[str, Any] | None) -> set[str]:
    """Empires holding a hex for control: an uncontested post or legion there (ch.11)."""
    if not c or c["contested"]:
        return set()
    post, units = c["post"], c["units"]
    out = {post["owner"]} if post else set()
    for e, u in units.items():
        if u["legions"]:
            out.add(e)
    return out


class Tally:
    """Per empire: pieces on the map, uncontested posts by merchandise (the Merchandise
    Control Chart), posts of every merchandise (contested too) and the areas controlled."""

    __slots__ = ("pieces", "merch", "posts", "control")

    def __init__(self, g: GameData, state: State) -> None:
        emps = state["empires"]
        if state.get(OWNED) is not None:
            self.pieces = {e: dict(v["pieces"]) for e, v in emps.items()}
            self.merch = {e: dict(v["merchandise"]) for e, v in emps.items()}
            self.posts = {e: dict(v["posts_by_merch"]) for e, v in emps.items()}
            self.control = {e: list(v["control"]) for e, v in emps.items()}
            self.catch_up(g, state)
            return
        # the whole board, written out (no call per hex): the fuzz tests compare this
        # reading with the incremental one of _add after every choice
        pieces = self.pieces = {e: dict.fromkeys(PIECE_KEYS, 0) for e in emps}
        merch: dict[str, dict[str, int]] = {e: {} for e in emps}
        posts: dict[str, dict[str, int]] = {e: {} for e in emps}
        self.merch, self.posts = merch, posts
        info = g.map.hexes
        held: dict[tuple[str, str], int] = {}        # (area, empire) -> merch hexes held
        for h, c in state["hexes"].items():
            post = c["post"]
            if not c["contested"]:
                x = info[h]
                if x.merchandise and x.area:
                    owner = post["owner"] if post else None
                    if owner:
                        held[x.area, owner] = held.get((x.area, owner), 0) + 1
                    for e, u in c["units"].items():
                        if u["legions"] and e != owner:
                            held[x.area, e] = held.get((x.area, e), 0) + 1
            if post:
                o = post["owner"]
                p = pieces.get(o)
                if p is not None:
                    n = post["count"]
                    if post["kind"] == "fortress":
                        p["fortresses"] += 1
                        p["trade_posts"] += n - 1
                    else:
                        p["trade_posts"] += n
                    m = info[h].merchandise
                    if m:
                        mine = posts[o]
                        mine[m] = mine.get(m, 0) + n
                        if not c["contested"]:
                            mine = merch[o]
                            mine[m] = mine.get(m, 0) + n
            mon = c["monument"]
            if mon and mon in pieces:
                pieces[mon]["monuments"] += 1
            for e, u in c["units"].items():
                p = pieces.get(e)
                if p is not None:
                    legions, ships = u["legions"], u["ships"]
                    p["legions"] += legions + u["carried"]
                    p["ships"] += ships
                    if legions >= 2:
                        p["armies"] += 1
                    if ships >= 2:
                        p["fleets"] += 1
        control: dict[str, list[str]] = {e: [] for e in emps}
        need = g.map.merch_count
        for (a, e), n in held.items():
            if n == need.get(a, -1) and e in control:
                control[e].append(a)
        for lst in control.values():
            lst.sort()
        self.control = control

    def catch_up(self, g: GameData, state: State) -> None:
        """Take in the hexes changed since the last look (inside apply), else read all."""
        owned = state.get(OWNED)
        if owned is None:
            self.__init__(g, state)          # type: ignore[misc]
            return
        if not owned:
            return                             # nothing changed since the last look
        info = g.map.hexes
        base, hexes = state[BASE], state["hexes"]
        areas = set()
        for h in owned:
            old, new = base.get(h), hexes.get(h)
            if old is new:
                continue
            if old is not None:
                self._add(info, h, old, -1)
            if new is not None:
                self._add(info, h, new, 1)
            x = info[h]
            if x.merchandise and x.area:
                areas.add(x.area)
        for table in (self.merch, self.posts):
            for counts in table.values():
                for m in [m for m, n in counts.items() if not n]:
                    del counts[m]
        if areas:
            for lst in self.control.values():
                lst[:] = [a for a in lst if a not in areas]
            self._control(g, state, sorted(areas))
            for lst in self.control.values():
                lst.sort()
        state[BASE] = dict(hexes)              # these records are frozen from now on
        state[OWNED] = set()

    def _control(self, g: GameData, state: State, areas: list[str]) -> None:
        """ch.11: add each area whose every merchandise hex one empire holds."""
        hexes = state["hexes"]
        merch_hexes = g.map.merch_hexes
        for area in areas:
            mh = merch_hexes(area)
            first = hexes.get(mh[0])
            if first is None:
                continue
            who = holders(first)
            for h in mh[1:]:
                if not who:
                    break
                who &= holders(hexes.get(h))
            for e in who:
                if e in self.control:
                    self.control[e].append(area)

    def _add(self, info: dict, h: str, c: dict[str, Any], sign: int) -> None:
        """Add (sign 1) or take out (sign -1) what one hex record contributes."""
        pieces = self.pieces
        contested = c["contested"]
        post = c["post"]
        if post:
            o = post["owner"]
            p = pieces.get(o)
            if p is not None:
                n = post["count"] * sign
                if post["kind"] == "fortress":
                    p["fortresses"] += sign
                    p["trade_posts"] += n - sign
                else:
                    p["trade_posts"] += n
                m = info[h].merchandise
                if m:
                    mine = self.posts[o]
                    mine[m] = mine.get(m, 0) + n
                    if not contested:
                        mine = self.merch[o]
                        mine[m] = mine.get(m, 0) + n
        mon = c["monument"]
        if mon and mon in pieces:
            pieces[mon]["monuments"] += sign
        for e, u in c["units"].items():
            p = pieces.get(e)
            if p is None:
                continue
            legions, ships = u["legions"], u["ships"]
            p["legions"] += (legions + u["carried"]) * sign
            p["ships"] += ships * sign
            if legions >= 2:
                p["armies"] += sign
            if ships >= 2:
                p["fleets"] += sign
