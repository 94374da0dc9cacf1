"""The pieces in a hex (3.2, ch.13): units per empire, one post, one monument, contest flag.

A hex record lives in ``state["hexes"][hex_id]`` only while it holds something.

Copy on write: :meth:`MareNostrum.apply` shares ``state["hexes"]`` with the previous state
until the first change (then copies it shallowly) and lists the hexes already copied under
``state[OWNED]`` while it runs. Every change to a hex record goes
through :func:`cell` (or the helpers built on it), which copies a record shared with the
previous state before it is changed. Read with :func:`peek`, never change what it returns.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
SPARTACUS = "spartacus"          # 17.9: the neutral slave army, an owner of its own
OWNED = "_owned_hexes"           # transient keys, only while apply runs (never saved):
BASE = "_base_hexes"             # hexes changed / the hex records as at the last refresh /
SHARED = "_shared_hexes"         # True while state["hexes"] is still the previous state's


def _copy_cell(c: dict[str, Any]) -> dict[str, Any]:
    post = c["post"]
    return {"post": dict(post) if post else None, "monument": c["monument"],
            "units": {e: dict(u) for e, u in c["units"].items()}, "contested": c["contested"]}


def cell(state: State, hex_id: str) -> dict[str, Any]:
    """The record of a hex to change, created empty if needed (call :func:`tidy` after
    changes); a record shared with the state before the choice is copied first."""
    owned = state.get(OWNED)
    if owned is not None and state.get(SHARED):
        state["hexes"] = dict(state["hexes"])      # the first change of this choice
        state[SHARED] = False
    hexes = state["hexes"]
    c = hexes.get(hex_id)
    if c is None:
        c = hexes[hex_id] = {"post": None, "monument": None, "units": {}, "contested": False}
        if owned is not None:
            owned.add(hex_id)
    elif owned is not None and hex_id not in owned:
        c = hexes[hex_id] = _copy_cell(c)
        owned.add(hex_id)
    return c


def peek(state: State, hex_id: str) -> dict[str, Any] | None:
    return state["hexes"].get(hex_id)


def units(state: State, hex_id: str, empire: str) -> dict[str, int]:
    """Legions on land, ships, and legions aboard those ships of ``empire`` in the hex."""
    c = peek(state, hex_id)
    u = c["units"].get(empire) if c else None
    return dict(u) if u else {"legions": 0, "ships": 0, "carried": 0}


def add_units(state: State, hex_id: str, empire: str, legions: int = 0, ships: int = 0,
              carried: int = 0) -> None:
    """Add (or with negative numbers remove) units of ``empire`` in a hex."""
    c = cell(state, hex_id)
    u = c["units"].setdefault(empire, {"legions": 0, "ships": 0, "carried": 0})
    u["legions"] += legions
    u["ships"] += ships
    u["carried"] += carried
    if u["legions"] < 0 or u["ships"] < 0 or u["carried"] < 0 or u["carried"] > u["ships"]:
        raise ValueError(f"impossible unit count in {hex_id} for {empire}: {u}")
    tidy(state, hex_id)


def owners(state: State, hex_id: str) -> set[str]:
    """Every empire with a piece in the hex (units, post, monument; Spartacus too)."""
    c = peek(state, hex_id)
    sp = state.get("spartacus")
    if not c:
        return {SPARTACUS} if sp and sp.get("hex") == hex_id else set()
    out = {e for e, u in c["units"].items() if u["legions"] or u["ships"]}
    if c["post"]:
        out.add(c["post"]["owner"])
    if c["monument"]:
        out.add(c["monument"])
    if sp and sp.get("hex") == hex_id:
        out.add(SPARTACUS)
    return out


def others(state: State, hex_id: str, empire: str) -> set[str]:
    """Owners of pieces in the hex other than ``empire`` (9.1: enemy pieces)."""
    return owners(state, hex_id) - {empire}


def tidy(state: State, hex_id: str) -> None:
    """Drop empty unit records and empty hexes; a hex left to one owner is no longer
    contested (9.1.3, 9.8: leaving a contested hex)."""
    if hex_id not in state["hexes"]:
        return
    c = cell(state, hex_id)
    for e in [e for e, u in c["units"].items() if not (u["legions"] or u["ships"])]:
        del c["units"][e]
    if len(owners(state, hex_id)) < 2:
        c["contested"] = False
    if not c["units"] and not c["post"] and not c["monument"] and not c["contested"]:
        del state["hexes"][hex_id]


def pieces_of(state: State, empire: str) -> dict[str, int]:
    """Pieces of ``empire`` on the map as of the last refresh (the derived ``pieces``)."""
    return state["empires"][empire]["pieces"]


def count_pieces(state: State, empire: str) -> dict[str, int]:
    """Pieces of ``empire`` on the map (ch.16 limits), counted from the board."""
    out = {"legions": 0, "ships": 0, "trade_posts": 0, "fortresses": 0, "monuments": 0,
           "armies": 0, "fleets": 0}
    for c in state["hexes"].values():
        u = c["units"].get(empire)
        if u:
            out["legions"] += u["legions"] + u["carried"]
            out["ships"] += u["ships"]
            out["armies"] += u["legions"] >= 2
            out["fleets"] += u["ships"] >= 2
        if c["post"] and c["post"]["owner"] == empire:
            if c["post"]["kind"] == "fortress":
                out["fortresses"] += 1
                out["trade_posts"] += c["post"]["count"] - 1
            else:
                out["trade_posts"] += c["post"]["count"]
        if c["monument"] == empire:
            out["monuments"] += 1
    return out
