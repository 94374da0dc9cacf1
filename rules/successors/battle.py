"""Land battle (section 12), Overrun (8.3.6), Attrition (4.3), and battles against
Independent Armies (14.7). Losses are taken cheapest first (Mercenaries, Elephants,
Macedonians, Royal Army, Silver Shields): a ruling, the owner's choice is not asked."""

from __future__ import annotations

from typing import Any

from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import independent_bonus, royal_army_shuns
from .capitals import capital_at, interrupt
from .model import (
    LOSS_ORDER,
    NAMES,
    State,
    add_units,
    commander,
    count,
    ed,
    garrison_order,
    generals_at,
    gname,
    ind_armies_at,
    is_major,
    minors_in_supply,
    outside,
    pname,
    province_controller,
    remove_units,
    sname,
    units,
)
from .model import battle_rating as br
from .victory import attack, body_controller, prestige, royal_controller

MACEDONIAN = ("macedonian", "royal", "silver")


def attrition_loss(st: State, n_cus: int, *, column: int | None = None, why: str = "",
                   rule: str = "4.3") -> tuple[int, bool]:
    """Roll on the Attrition Table: (CUs lost, an Elephant first)."""
    tab = ed().tables["attrition"]
    cols = tab["columns"]
    if column is None:
        column = len(cols) - 1
        for i, label in enumerate(cols):
            lo, _, hi = label.rstrip("+").partition("-")
            if n_cus <= int(hi or 10_000) and n_cus >= int(lo):
                column = i
                break
    die = roll(st, 1, purpose=f"attrition {why}".strip(), rule=rule)[0]
    cell = tab["rows"][str(die)][column]
    if cell == "-":
        return 0, False
    return int(cell.rstrip("e")), cell.endswith("e")


def lose(st: State, sid: str, seat: str, n: int, *, elephant_first: bool = False,
         only: tuple[str, ...] | None = None) -> dict[str, int]:
    """``seat`` loses ``n`` CUs in ``sid``, cheapest first; returns what was lost."""
    lost: dict[str, int] = {}
    order = list(only or LOSS_ORDER)
    if elephant_first and "elephant" in order:
        order.remove("elephant")
        order.insert(0, "elephant")
    for _ in range(n):
        have = units(st, sid, seat)
        kind = next((k for k in order if have.get(k)), None)
        if kind is None:
            break
        remove_units(st, sid, seat, kind)
        lost[kind] = lost.get(kind, 0) + 1
    return lost


def apply_attrition(st: State, sid: str, seat: str, *, column: int | None = None,
                    why: str = "", rule: str = "4.3") -> int:
    n, eleph = attrition_loss(st, count(st, sid, seat), column=column, why=why, rule=rule)
    lost = lose(st, sid, seat, n, elephant_first=eleph)
    total = sum(lost.values())
    if total:
        log(st, f"{NAMES[seat]} loses {total} CU to attrition at {sname(sid)}", rule=rule,
            where=sid)
    after_losses(st, sid, seat)
    return total


def disperse_general(st: State, gid: str) -> None:
    rec = st["gen"][gid]
    if is_major(gid):
        rec["loc"] = "dispersed"
    else:
        rec["loc"] = "supply"


def kill_general(st: State, gid: str, why: str, rule: str) -> None:
    rec = st["gen"][gid]
    rec["former"] = rec["owner"]
    rec["loc"] = "dead"
    if rec["owner"]:
        st["lost_major"][rec["owner"]] = True
    log(st, f"{gname(gid)} is killed ({why})", rule=rule)


def after_losses(st: State, sid: str, seat: str) -> None:
    """Minor generals left without CUs go back to supply (3.1.2)."""
    if count(st, sid, seat) == 0:
        for g in generals_at(st, sid, seat):
            if not is_major(g):
                st["gen"][g]["loc"] = "supply"


def battle_losses(st: State, sid: str, seat: str, winner: str | None, rule: str = "12.5.1",
                  inside_too: bool = False) -> None:
    """The loser's losses (12.5.1): Mercenaries and Elephants eliminated, Macedonians take
    Attrition and the rest is Dispersed, generals Dispersed, royals captured."""
    inside = st["inside"].get(sid, 0) if st["pc"].get(sid) == seat and not inside_too else 0
    keep: dict[str, int] = {}
    if inside:           # the garrison inside is not part of the beaten army
        have = dict(units(st, sid, seat))
        for kind in garrison_order(st):
            k = min(have.get(kind, 0), inside - sum(keep.values()))
            if k > 0:
                keep[kind] = k
        for kind, k in keep.items():
            remove_units(st, sid, seat, kind, k)
    group = dict(units(st, sid, seat))
    for kind, n in group.items():
        remove_units(st, sid, seat, kind, n)
    mac = sum(group.get(k, 0) for k in MACEDONIAN)
    if mac:
        n, _ = attrition_loss(st, mac, why=f"of the beaten {NAMES[seat]} Macedonians",
                              rule=rule)
        left = dict((k, group.get(k, 0)) for k in ("silver", "royal", "macedonian"))
        for _ in range(n):
            kind = next((k for k in ("macedonian", "royal", "silver") if left[k]), None)
            if kind is None:
                break
            left[kind] -= 1
        d = st["dispersed"][seat]
        for kind, k in left.items():
            if k:
                d[kind] = d.get(kind, 0) + k
    for kind, k in keep.items():
        add_units(st, sid, seat, kind, k)
    if keep:
        st["inside"][sid] = sum(keep.values())
    if winner in st["players"]:
        for rid, rec in st["royals"].items():
            if rec["loc"] == sid and royal_controller(st, rid) in (seat, None):
                capture_royal(st, rid, winner, sid)
    for g in generals_at(st, sid, seat):
        if not keep or not is_major(g):
            disperse_general(st, g)
    lift(st)                             # a beaten besieger's siege is lifted (13.2.5)


def lift(st: State) -> None:
    """Siege points vanish when the besiegers are gone (13.2.5)."""
    for sid in list(st["sp"]):
        if count(st, sid, st["sp"][sid]["by"]) == 0 or st["pc"].get(sid) is None:
            del st["sp"][sid]


def capture_royal(st: State, rid: str, winner: str, sid: str) -> None:
    rec = st["royals"][rid]
    if not ed().royals[rid]["heir"] and rec["active"]:
        rec["active"] = False
        rec["loc"] = "box"
        st["married"].pop(rid, None)
        log(st, f"{ed().royals[rid]['name']} is captured and withdraws from public life",
            rule="18.4.3")
    elif rec["active"]:
        rec["held"] = winner
        log(st, f"{NAMES[winner]} captures {ed().royals[rid]['name']}", rule="18.7", where=sid)


def battle_strength(st: State, sid: str, group: dict[str, int], seat: str, *,
                    set_aside_ra: bool, failed_avoid: bool, why: str) -> tuple[int, list[str]]:
    """Battle Strength (12.2): the CUs, Elephants rolled, plus Local Troops."""
    mods: list[str] = []
    total = 0
    for kind, n in group.items():
        if kind == "royal" and set_aside_ra:
            mods.append(f"{n} Royal Army set aside (12.2, 3.3.4.2)")
            continue
        if kind == "elephant":
            dice = roll(st, n, purpose=f"{why} elephants", rule="3.3.2")
            s = sum(max(0, d - 2) for d in dice)
            mods.append(f"elephants {s}")
            total += s
        else:
            total += ed().units[kind]["strength"] * n
    if not failed_avoid:
        for part, v in local_troop_parts(st, sid, seat):
            total += v
            mods.append(f"+{v} local troops ({part})")
    else:
        mods.append("no local troops: failed to avoid battle (10.4)")
    return total, mods


def local_troop_parts(st: State, sid: str, who: str) -> list[tuple[str, int]]:
    """The local troops ``who`` (a seat, or 'ind' for the Independents, 14.7) adds to its
    strength at ``sid`` (12.2), part by part: ("space", 1) for its PC there, ("province", 2)
    for holding the province."""
    parts = []
    if st["pc"].get(sid) == who:
        parts.append(("space", 1))
    if province_controller(st, ed().spaces[sid].province) == who:
        parts.append(("province", 2))
    return parts


def local_troops(st: State, sid: str, who: str) -> int:
    """The local troops ``who`` adds to its strength at ``sid`` (:func:`local_troop_parts`)."""
    return sum(v for _, v in local_troop_parts(st, sid, who))


def score(strength: int, dice_total: int) -> int:
    """The Battle Table (12.3)."""
    if strength <= 0:
        return 0
    for col in ed().tables["battle"]["columns"]:
        label = col["strength"]
        lo, _, hi = label.rstrip("+").partition("-")
        if int(lo) <= strength <= int(hi or (10_000 if label.endswith("+") else lo)):
            return col["scores"][max(2, min(12, dice_total)) - 2]
    return ed().tables["battle"]["columns"][-1]["scores"][max(2, min(12, dice_total)) - 2]


def battle_dice(st: State, br: int, why: str) -> tuple[list[int], int]:
    dice = roll(st, 2, purpose=f"{why} battle dice", rule="12.3")
    return dice, sum(max(d, br) for d in dice)


def overrun(st: State, sid: str, mover: str, target: str) -> None:
    """5:1 by CUs outside (8.3.6): the enemy takes battle losses, the mover goes on."""
    interrupt(st, sid, "overrun")
    attack(st, mover, target)
    log(st, f"{NAMES[mover]} overruns {NAMES[target]} at {sname(sid)}", rule="8.3.6",
        where=sid)
    battle_losses(st, sid, target, mover, rule="8.3.6")


def replace_commander(st: State, sid: str, seat: str) -> None:
    """12.4.2: a killed commander is replaced by a subordinate, else a minor general from
    supply; with none, the army is Dispersed unless it stands in a friendly space."""
    if commander(st, sid, seat):
        return
    spare = minors_in_supply(st, seat)
    if spare:
        st["gen"][spare[0]]["loc"] = sid
        return
    if st["pc"].get(sid) != seat:
        group = dict(units(st, sid, seat))
        for kind, n in group.items():
            remove_units(st, sid, seat, kind, n)
            d = st["dispersed"][seat]
            d[kind] = d.get(kind, 0) + n


def fight(st: State, sid: str, att: str, dfn: str, *, att_failed_avoid: bool = False,
          def_failed_avoid: bool = False, bonus: dict[str, int] | None = None,
          sally: bool = False, owner_chooses: bool = False) -> dict[str, Any]:
    """A land battle between two players at ``sid`` (section 12). ``att`` is the Attacker;
    ``sally``: the CUs inside the city there join their side (12.1.2); ``owner_chooses``:
    a side that loses 1 CU of its choice and has more than one type of CU there is left
    owing it in ``rec["owed"]`` (the caller asks), else the cheapest goes.
    Returns a record of the battle (for dialogs and tests)."""
    bonus = bonus or {}
    interrupt(st, sid, "a battle there")
    attack(st, att, dfn)
    cmd = {att: commander(st, sid, att), dfn: commander(st, sid, dfn)}
    body_here = st["body"]["loc"] == sid
    sacred = {s: body_here and s == dfn and body_controller(st) == s for s in (att, dfn)}
    pres = {s: prestige(st, s, cmd[s], defending_sacred=sacred[s]) for s in (att, dfn)}
    other = {att: dfn, dfn: att}
    rec: dict[str, Any] = {"space": sid, "attacker": att, "defender": dfn, "prestige": pres,
                           "sides": {}}
    # RA that face a more prestigious commander: set aside, or defect if alone (3.3.4.2-3)
    for s in (att, dfn):
        group = units(st, sid, s)
        if group and set(group) == {"royal"} and pres[other[s]] > pres[s]:
            n = group["royal"]
            remove_units(st, sid, s, "royal", n)
            add_units(st, sid, other[s], "royal", n)
            for g in generals_at(st, sid, s):
                disperse_general(st, g)
            log(st, f"{NAMES[s]}'s Royal Army ({n} CU) will not fight {NAMES[other[s]]}: it "
                    "defects, its generals are Dispersed", rule="3.3.4.3", where=sid)
            rec["result"] = "defection"
            rec["winner"] = other[s]
            return rec
    city = st["pc"].get(sid)
    garrison = st["inside"].get(sid, 0) if city in (att, dfn) and not sally else 0
    rec["sally"] = sally
    scores = {}
    totals = {}
    for s in (att, dfn):
        group = dict(units(st, sid, s))
        if s == city and garrison:
            # the CUs inside the city stay out of the battle unless they sally (12.1.2)
            keep = garrison
            for kind in garrison_order(st):
                k = min(group.get(kind, 0), keep)
                if k:
                    group[kind] -= k
                    keep -= k
            group = {k: n for k, n in group.items() if n}
        strength, mods = battle_strength(
            st, sid, group, s,
            set_aside_ra=pres[other[s]] > pres[s] or royal_army_shuns(st, cmd[other[s]]),
            failed_avoid=att_failed_avoid if s == att else def_failed_avoid, why=NAMES[s])
        br = battle_rating(cmd[s])
        dice, total = battle_dice(st, br, NAMES[s])
        if bonus.get(s):
            total += bonus[s]
            mods.append(f"+{bonus[s]} from a Surprise card")
        totals[s] = total
        scores[s] = score(strength, total)
        rec["sides"][s] = {"commander": gname(cmd[s]) if cmd[s] else "none",
                           "strength": strength, "dice": dice, "battle rating": br,
                           "total": total, "score": scores[s], "modifiers": mods}
    if scores[att] == scores[dfn]:
        winner = None
    else:
        winner = att if scores[att] > scores[dfn] else dfn
    rec["winner"] = winner
    # leader loss (12.4): a modified total of exactly 9
    for s in (att, dfn):
        g = cmd[s]
        if g and is_major(g) and totals[s] == 9 and st["gen"][g]["loc"] == sid:
            die = roll(st, 1, purpose=f"leader loss for {gname(g)}", rule="12.4")[0]
            if die >= (6 if winner in (s, None) else 5):
                kill_general(st, g, "leader loss", "12.4")
                replace_commander(st, sid, s)
                rec["sides"][s]["leader lost"] = True
    log(st, f"Battle at {sname(sid)}: {NAMES[att]} {scores[att]} - {NAMES[dfn]} "
            f"{scores[dfn]}: " + (f"{NAMES[winner]} wins" if winner else "a draw"),
        rule="12.3", where=sid)
    rec["owed"] = []

    def one_cu_of_choice(s: str) -> None:
        if owner_chooses and len(units(st, sid, s)) > 1:
            rec["owed"].append(s)
        else:
            lose(st, sid, s, 1)
            after_losses(st, sid, s)

    if winner is None:
        for s in (att, dfn):
            one_cu_of_choice(s)                          # 12.6
        rec["result"] = "draw"
        return rec
    loser = other[winner]
    if pres[loser] < pres[winner]:                       # RA defect before losses (3.3.4.2)
        n = units(st, sid, loser).get("royal", 0)
        if n:
            remove_units(st, sid, loser, "royal", n)
            add_units(st, sid, winner, "royal", n)
            log(st, f"{n} Royal Army CU of {NAMES[loser]} defect to {NAMES[winner]}",
                rule="3.3.4.2", where=sid)
    battle_losses(st, sid, loser, winner, inside_too=sally)
    if scores[winner] < 2 * scores[loser] or (scores[loser] == 0 and scores[winner] == 0):
        one_cu_of_choice(winner)                         # 12.5.2
    rec["result"] = "win"
    return rec


def battle_rating(gid):
    return br(gid)


def fight_independent(st: State, sid: str, seat: str, armies: list[str], *,
                      player_attacks: bool, bonus: int = 0,
                      failed_avoid: bool = False) -> dict[str, Any]:
    """A battle between a player and Independent Armies (14.7)."""
    interrupt(st, sid, "a battle there")
    cmd = commander(st, sid, seat)
    strength, mods = battle_strength(st, sid, dict(units(st, sid, seat)), seat,
                                     set_aside_ra=False, failed_avoid=failed_avoid,
                                     why=NAMES[seat])
    istr = sum(ed().independents[i]["strength"] for i in armies) + local_troops(st, sid, "ind")
    ibr = max(ed().independents[i]["battle"] for i in armies)
    dice, total = battle_dice(st, battle_rating(cmd), NAMES[seat])
    total += bonus + independent_bonus(st, cmd)
    idice, itotal = battle_dice(st, ibr, "Independent")
    mine, theirs = score(strength, total), score(istr, itotal)
    names = ", ".join(pname(i) for i in armies)
    log(st, f"Battle at {sname(sid)}: {NAMES[seat]} {mine} - {names} {theirs}", rule="14.7",
        where=sid)
    rec = {"space": sid, "player": seat, "scores": [mine, theirs]}
    if cmd and is_major(cmd) and total == 9:
        die = roll(st, 1, purpose=f"leader loss for {gname(cmd)}", rule="12.4")[0]
        if die >= (6 if mine >= theirs else 5):
            kill_general(st, cmd, "leader loss", "12.4")
            replace_commander(st, sid, seat)
    if mine > theirs:
        for i in armies:
            box = ed().independents[i]["start"] == "box"
            st["ind"][i]["loc"] = "box" if box else "gone"
            log(st, f"{pname(i)} is beaten and " + ("goes back to its box" if box else
                                                     "leaves the game"), rule="12.5.2")
        if cmd and is_major(cmd):
            st["gen"][cmd]["wins"] = st["gen"][cmd].get("wins", 0) + 1
        if theirs * 2 > mine or (mine == 0):
            lose(st, sid, seat, 1)
            after_losses(st, sid, seat)
        rec["winner"] = seat
    elif theirs > mine:
        battle_losses(st, sid, seat, None)
        if st["pc"].get(sid) not in (None, "ind") and ed().spaces[sid].kind != "major" \
                and not capital_at(st, sid):
            del st["pc"][sid]
        rec["winner"] = "ind"
    else:
        lose(st, sid, seat, 1)
        after_losses(st, sid, seat)
        rec["winner"] = None
        if not player_attacks:
            rec["retreat"] = True
    return rec


def preview(st: State, sid: str, att: str, dfn: str) -> dict[str, Any]:
    """What the battle dialog shows before the dice: each side's commander, Prestige, CUs,
    fixed strength and modifiers with their rules (no die is rolled)."""
    sides = []
    if dfn == "ind":
        armies = ind_armies_at(st, sid)
        istr = sum(ed().independents[i]["strength"] for i in armies)
        mods = [{"label": f"{pname(i)}", "value": ed().independents[i]["strength"],
                 "rule": "14.7"} for i in armies]
        for part, v in local_troop_parts(st, sid, "ind"):
            istr += v
            mods.append({"label": f"local troops ({part})", "value": v, "rule": "14.7"})
        ind_side = {"name": "Independents", "strength": istr, "modifiers": mods,
                    "battle rating": max((ed().independents[i]["battle"] for i in armies),
                                         default=1)}
        parties = [att]
    else:
        ind_side = None
        parties = [att, dfn]
    cmd = {s: commander(st, sid, s) for s in parties}
    pres = {s: prestige(st, s, cmd[s], defending_sacred=(s == dfn and st["body"]["loc"] == sid
                                                         and body_controller(st) == s))
            for s in parties}
    for s in parties:
        group = dict(units(st, sid, s))
        if s == dfn and st["pc"].get(sid) == s and st["inside"].get(sid):
            group_total = sum(group.values()) - st["inside"][sid]
        else:
            group_total = sum(group.values())
        other = [o for o in parties if o != s]
        aside = bool(other) and pres[other[0]] > pres[s]
        mods = []
        fixed = 0
        for kind, n in group.items():
            if kind == "royal" and aside:
                mods.append({"label": f"{n} Royal Army set aside (less Prestige)", "value": 0,
                             "rule": "3.3.4.2"})
            elif kind == "elephant":
                mods.append({"label": f"{n} Elephants", "value": "d6-2 each", "rule": "3.3.2"})
            else:
                v = ed().units[kind]["strength"] * n
                fixed += v
                mods.append({"label": f"{n} {ed().units[kind]['name']}", "value": v,
                             "rule": "12.2"})
        for part, v in local_troop_parts(st, sid, s):
            fixed += v
            mods.append({"label": f"local troops ({part})", "value": v, "rule": "12.2"})
        sides.append({"name": f"{NAMES[s]} ({'attacker' if s == att else 'defender'})",
                      "commander": gname(cmd[s]) if cmd[s] else "none",
                      "combat units": group_total, "prestige": pres[s],
                      "battle rating": battle_rating(cmd[s]), "strength": fixed,
                      "modifiers": mods})
    if ind_side:
        sides.append(ind_side)
    return {"title": f"Battle at {sname(sid)}", "where": sname(sid), "sides": sides,
            "note": "2d6 each, a die below the commander's battle rating counts as it (12.3.1);"
                    " a modified 9 risks the commander (12.4)"}


__all__ = ["fight", "fight_independent", "overrun", "apply_attrition", "lose", "outside"]
