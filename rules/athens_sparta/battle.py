"""Battle strength from the advantages (aid: Battles, Land and Sea Battle Strength).

A battle record ``st["battle"]``: {space, war (land|sea), attacker, defender, forces {side:
force id}, plus {side: {box: n}} (assets added by cards), cancel {side: [advantage]} (the
advantages of that side cancelled by the opponent's cards), extra {side: n}, passes, turn
(the side asked), played [{side, card}], phase (draw|cards)}.
"""

from __future__ import annotations

from typing import Any

from .cards import BOX_NAMES
from .data import SIDES, ed
from .model import NAMES, State, controlled_by, enemy, mats

LAND = ("elite", "cavalry", "skirmisher", "larger", "home")
SEA = ("allied_fleet", "larger", "home")


def box_value(st: State, side: str, box: str, battle: dict[str, Any] | None = None) -> int:
    """The combined value in ``side``'s ``box``: its assets in play, its controlled allies'
    contribution, and what battle cards added."""
    total = sum(a.value for a in ed().assets.values()
                if a.side == side and a.box == box and st["assets"][a.id] == "play")
    for sid, sp in ed().spaces.items():
        if sp.kind == "ally" and controlled_by(st, sid) == side:
            total += sp.box.get(box, 0)
    if battle:
        total += battle["plus"][side].get(box, 0)
    return total


def holder(st: State, battle: dict[str, Any], adv: str) -> str | None:
    """Who holds advantage ``adv`` now (ties: nobody), cancelled advantages aside."""
    track = "army" if battle["war"] == "land" else "navy"
    if adv == "larger":
        vals = {s: st[track][s] for s in SIDES}
    elif adv == "home":
        region = ed().spaces[battle["space"]].region
        tile = st["tiles"].get(region) if region else None
        return tile if tile and adv not in battle["cancel"][tile] else None
    else:
        vals = {s: box_value(st, s, adv, battle) for s in SIDES}
    if vals["athens"] == vals["sparta"]:
        return None
    side = max(SIDES, key=lambda s: vals[s])
    return None if adv in battle["cancel"][side] else side


def advantages(battle: dict[str, Any]) -> tuple[str, ...]:
    return LAND if battle["war"] == "land" else SEA


def strength(st: State, battle: dict[str, Any], side: str) -> int:
    n = sum(1 for adv in advantages(battle) if holder(st, battle, adv) == side)
    force = next(f for f in st["forces"] if f["id"] == battle["forces"][side])
    if st["leaders"][force["leader"]]["gold"]:
        n += mats()["gold"]["strength"]
    return n + battle["extra"][side]


def display(st: State, battle: dict[str, Any]) -> dict[str, Any]:
    """The battle display as plain data for the dialog: both sides' advantages and the lead."""
    sides = []
    for side in (battle["attacker"], battle["defender"]):
        force = next(f for f in st["forces"] if f["id"] == battle["forces"][side])
        mods = [{"label": f"{BOX_NAMES[adv]} advantage", "value": 1}
                for adv in advantages(battle) if holder(st, battle, adv) == side]
        if st["leaders"][force["leader"]]["gold"]:
            mods.append({"label": "gold leader", "value": 1})
        if battle["extra"][side]:
            mods.append({"label": "battle cards", "value": battle["extra"][side]})
        cancelled = ", ".join(BOX_NAMES[a] for a in battle["cancel"][side]) or "none"
        sides.append({"name": NAMES[side] + (" (attacker)" if side == battle["attacker"]
                                             else " (defender)"),
                      "strength": strength(st, battle, side), "modifiers": mods,
                      "leader": ed().leaders[force["leader"]].name,
                      "cancelled": cancelled})
    return {"title": f"{'Land' if battle['war'] == 'land' else 'Sea'} battle at "
                     f"{ed().spaces[battle['space']].name}",
            "where": ed().spaces[battle["space"]].name, "sides": sides,
            "advantage": lead(st, battle),
            "card by card": "\n".join(battle.get("history", []))}


def lead(st: State, battle: dict[str, Any]) -> str:
    """The battle display: who is winning at present and by how much (aid: Battles)."""
    a, d = (strength(st, battle, s) for s in (battle["attacker"], battle["defender"]))
    if a == d:
        return "even"
    win = battle["attacker"] if a > d else battle["defender"]
    return f"{NAMES[win]} ahead by {abs(a - d)}"


def playable(st: State, battle: dict[str, Any], side: str, card_id: str) -> bool:
    """Whether battle card ``card_id`` fits this battle and would change something."""
    card = ed().cards[card_id]
    if card.war not in ("both", battle["war"]):
        return False
    e = card.effect
    if "cancel" in e:
        adv = e["cancel"]
        return adv in advantages(battle) and holder(st, battle, adv) == enemy(side)
    if "box" in e:
        return e["box"] in advantages(battle) and e["box"] not in battle["cancel"][side]
    if "rout" in e:
        return e["rout"] in advantages(battle) and any(
            a.side == enemy(side) and a.box == e["rout"] and st["assets"][a.id] == "play"
            for a in ed().assets.values())
    return True
