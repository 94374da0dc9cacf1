"""The turn sequence and the action round (aid: Turn Sequence, Action Round Sequence).

``advance`` runs the automatic steps until a decision is due; ``current_prompt`` states that
decision; ``apply_choice`` carries it out and advances. Rule ids are the aid's section names.
"""

from __future__ import annotations

from typing import Any

from rules.engine.deck import discard, draw, new_deck, reshuffle
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.names import possessive
from rules.engine.state import log

from . import battle as bt
from .data import SIDES, ed
from .model import (
    NAMES,
    TYPE_NAMES,
    State,
    add_point,
    adjust_track,
    allies_controlled,
    contested,
    controlled_by,
    enemy,
    favour_total,
    force_at,
    graph,
    influence,
    is_success,
    leader_name,
    lose_leader,
    mats,
    megapolis_count,
    models_free,
    name,
    owner,
    pay,
    region_controller,
    send_home,
    set_influence,
    spaces_on_map,
    successes,
)

STEPS = ("raid", "card", "deploy", "mobilise", "siege", "battle")


# --- the turn sequence ----------------------------------------------------------------------

def advance(st: State) -> None:
    """Run automatic steps until somebody must decide (or the game is over)."""
    while not st["over"]:
        stage = st["stage"]
        if stage == "assessment":
            assessment(st)
            st["stage"] = "reset"
        elif stage == "reset":
            hoplite_reset(st)
            start_shipbuilding(st)
            st["stage"] = "ship"
        elif stage == "ship":
            if ship_seat(st):
                return
            start_recruitment(st)
            st["stage"] = "recruit"
        elif stage == "recruit":
            if recruit_seat(st):
                return
            st["stage"] = "rebuild"
        elif stage == "rebuild":
            rebuilding(st)
            st["stage"] = "deal"
        elif stage == "deal":
            deal(st)
            st["round"], st["phasing"] = 1, "sparta"
            begin_step(st, "raid")
            st["stage"] = "rounds"
        elif stage == "rounds":
            if round_pending(st):
                return
        elif stage == "olympics":
            if st["pend"].get("olympic_winner"):
                return
            olympic_roll(st)
        elif stage == "end":
            end_of_turn(st)
        else:
            raise ValueError(f"unknown stage {stage}")


def assessment(st: State) -> None:
    """Regional Assessment: region and ally control with rewards, state income; the battle
    deck shuffled (aid: Turn Sequence)."""
    rule = "regions"
    for rid, reg in ed().regions.items():
        side = region_controller(st, rid)
        if side:
            st["tiles"][rid] = side
            st["treasury"][side] += reg.reward
            log(st, f"{NAMES[side]} controls {reg.name}: +{reg.reward} talents", rule=rule)
    for side in SIDES:
        for sid in allies_controlled(st, side):
            reward = ed().spaces[sid].reward
            st["treasury"][side] += reward
            log(st, f"{NAMES[side]} controls the ally {name(sid)}: +{reward} talents",
                rule="allies")
        income = mats()["sides"][side]["income"]
        st["treasury"][side] += income
        log(st, f"{NAMES[side]} takes {income} talents of state income", rule="turn-sequence")
    reshuffle(st, st["decks"]["battle"], name="Battle", rule="turn-sequence")


def hoplite_reset(st: State) -> None:
    """Set the army strength tracks (aid: Hoplite Reset; zero goes first)."""
    hr = mats()["hoplite_reset"]
    old = dict(st["army"])
    for side in SIDES:
        other = old[enemy(side)]
        if old[side] == 0:
            base = hr["zero"]
        elif old[side] <= other:
            base = hr["lower"]
        else:
            base = hr["higher"]
        sieges = sum(1 for s in st["sieges"].values() if s == side)
        st["army"][side] = 0
        adjust_track(st, side, "army", base + hr["megapolis"] * megapolis_count(st, side)
                     + hr["siege"] * sieges)
        log(st, f"Hoplite Reset: {NAMES[side]} army strength {st['army'][side]}",
            rule="turn-sequence")


def start_shipbuilding(st: State) -> None:
    """Order: lower, higher, lower again if still lower; tied: Athens then Sparta once."""
    a, s = st["navy"]["athens"], st["navy"]["sparta"]
    if a == s:
        order = [{"side": "athens"}, {"side": "sparta"}]
    else:
        low = "athens" if a < s else "sparta"
        order = [{"side": low}, {"side": enemy(low)}, {"side": low, "if_lower": True}]
    st["pend"] = {"ship": order}


def ship_cost(st: State, side: str) -> int | None:
    """The talents under the current navy strength; None at the top of the track."""
    costs = mats()["sides"][side]["ship_costs"]
    n = st["navy"][side]
    return costs[n] if n < len(costs) else None


def ship_seat(st: State) -> str | None:
    order = st["pend"]["ship"]
    while order:
        step = order[0]
        side = step["side"]
        cost = ship_cost(st, side)
        still = not step.get("if_lower") or st["navy"][side] < st["navy"][enemy(side)]
        if still and cost is not None and st["treasury"][side] >= cost:
            return side
        order.pop(0)
    return None


def start_recruitment(st: State) -> None:
    st["pend"] = {"recruit": ["sparta", "athens"], "at": 0}


def recruitable(st: State, side: str) -> list[str]:
    if st["treasury"][side] < mats()["costs"]["recruit"]:
        return []
    return [a.id for a in ed().assets.values() if a.side == side and not a.mercenary
            and st["assets"][a.id] == "returned"]


def recruit_seat(st: State) -> str | None:
    """Sparta first, then Athens, one asset at a time (aid: Recruitment)."""
    p = st["pend"]
    for _ in range(2):
        if not p["recruit"]:
            return None
        side = p["recruit"][p["at"] % len(p["recruit"])]
        if recruitable(st, side):
            return side
        p["recruit"].remove(side)
        p["at"] = 0
    return None


def rebuilding(st: State) -> None:
    """Remove every raid marker except from a space under siege (aid: Rebuilding)."""
    st["raided"] = [s for s in st["raided"] if s in st["sieges"]]
    log(st, "Rebuilding: raid markers removed", rule="turn-sequence")


def deal(st: State) -> None:
    """Six action cards each, Sparta first (aid: Turn Sequence): the whole deck each turn."""
    deck = st["decks"]["action"]
    deck["draw"] = list(ed().action_deck)
    deck["discard"] = []
    reshuffle(st, deck, name="Action", rule="turn-sequence")
    for _ in range(mats()["turns"]["hand"]):
        for side in ("sparta", "athens"):
            card = draw(st, deck, name="Action", rule="turn-sequence")
            if card:
                st["hands"][side].append(card)


def end_of_turn(st: State) -> None:
    """Advance the turn marker, fresh leaders; victory after the last turn."""
    if st["turn"] >= mats()["turns"]["count"]:
        victory(st)
        return
    st["turn"] += 1
    for lid, rec in st["leaders"].items():
        if rec["state"] == "spent" or (rec["state"] == "future"
                                       and ed().leaders[lid].enters <= st["turn"]):
            rec["state"] = "ready"
    log(st, f"Turn {st['turn']} begins: fresh leaders", rule="turn-sequence")
    st["stage"] = "assessment"


def final_count(st: State) -> None:
    """The regions as the board stands at the end of the last Turn (our ruling "final
    count"): each region's tile goes to the side that controls it now; a tied region keeps
    its tile where it is, as at an Assessment. No rewards or income are paid."""
    for rid, reg in ed().regions.items():
        side = region_controller(st, rid)
        if side and st["tiles"].get(rid) != side:
            st["tiles"][rid] = side
            log(st, f"Final count: {NAMES[side]} controls {reg.name}", rule="regions")


def victory(st: State) -> None:
    """After the final count, most regions (control tiles) wins; ties: allies, favour, then
    Sparta (reconstructed)."""
    final_count(st)
    tiles = {s: sum(1 for v in st["tiles"].values() if v == s) for s in SIDES}
    keys = {s: (tiles[s], len(allies_controlled(st, s)), favour_total(st, s),
                1 if s == "sparta" else 0) for s in SIDES}
    win = max(SIDES, key=lambda s: keys[s])
    how = "most regions" if tiles["athens"] != tiles["sparta"] else "a tie broken"
    st["over"] = {"winners": [win], "reason": f"{NAMES[win]} holds {tiles[win]} regions "
                  f"to {tiles[enemy(win)]} ({how})", "scores": tiles}
    log(st, st["over"]["reason"], rule="turn-sequence")


# --- the action round ------------------------------------------------------------------------

def begin_step(st: State, step: str) -> None:
    st["step"] = step
    side = st["phasing"]
    p: dict[str, Any] = {}
    if step == "raid":
        p["todo"] = [f["id"] for f in st["forces"] if f["side"] == side and f["where"]
                     and not f["siege"]]
    elif step == "siege":
        p["todo"] = sorted(s for s, who in st["sieges"].items() if who == side)
    elif step == "battle":
        p["todo"] = battle_spaces(st)
    st["pend"] = p


def next_step(st: State) -> None:
    i = STEPS.index(st["step"])
    if i + 1 < len(STEPS):
        begin_step(st, STEPS[i + 1])
        return
    # the action round is over
    if st["phasing"] == "sparta":
        st["phasing"] = "athens"
    else:
        st["phasing"] = "sparta"
        if not any(st["hands"][s] for s in SIDES):
            st["stage"], st["pend"] = "olympics", {}
            return
        st["round"] += 1
    begin_step(st, "raid")


def round_pending(st: State) -> bool:
    """True when the round's current step needs a decision; else moves on one step."""
    side, step, p = st["phasing"], st["step"], st["pend"]
    if step == "raid":
        p["todo"] = [f for f in p["todo"] if any(x["id"] == f for x in st["forces"])]
        if p["todo"]:
            return True
    elif step == "card":
        if p.get("envoy") or p.get("colony") or st["hands"][side]:
            return True
    elif step == "deploy":
        if any(f["where"] is None for f in st["forces"] if f["side"] == side) \
                and not p.get("done"):
            return True
    elif step == "mobilise":
        if mobilise_choices(st, side) and not p.get("done"):
            return True
    elif step == "siege":
        p["todo"] = [s for s in p["todo"] if st["sieges"].get(s) == side]
        if p.get("abandon") or (p["todo"] and st["treasury"][side]
                                >= mats()["costs"]["siege"]):
            return True
    elif step == "battle":
        if st.get("battle"):
            return True
        p["todo"] = [s for s in p["todo"] if s in battle_spaces(st)]
        if len(p["todo"]) == 1:
            start_battle(st, p["todo"][0])
            return True
        if p["todo"]:
            return True
    next_step(st)
    return False


def battle_spaces(st: State) -> list[str]:
    return sorted({f["where"] for f in st["forces"] if f["where"]
                   and force_at(st, f["where"], enemy(f["side"]))})


# --- deploy (aid: Deploy) --------------------------------------------------------------------

def path_starts(st: State, side: str) -> set[str]:
    """Where a hoplite's road may start (aid: Deploy a hoplite)."""
    out = set()
    for sid in spaces_on_map(st):
        sp = ed().spaces[sid]
        ctl = controlled_by(st, sid)
        if sp.capital == side and owner(st, sid) in (side, None) and influence(st, sid, side):
            out.add(sid)
        elif ctl == side and (sp.megapolis or sp.kind in ("ally", "colony")):
            out.add(sid)
    for f in st["forces"]:
        if f["side"] == side and f["type"] == "hoplite" and f["siege"]:
            out.add(f["where"])
    return out


def hoplite_targets(st: State, side: str) -> list[str]:
    """Neutral or hostile spaces at the end of a road path from a start, through neutral,
    friendly or contested spaces (never an ally) holding no enemy force."""
    g = graph(st)
    other = enemy(side)

    def passable(sid: str) -> bool:
        if ed().spaces[sid].kind == "ally" or force_at(st, sid, other):
            return False
        return owner(st, sid) != other or contested(st, sid)

    starts = path_starts(st, side)
    reach: set[str] = set()
    for s in starts:
        if s in g:
            reach.add(s)
    frontier = [s for s in reach if passable(s) or s in starts]
    seen = set(frontier)
    targets: set[str] = set()
    while frontier:
        cur = frontier.pop()
        for nb in g.neighbors(cur):
            sp = ed().spaces[nb]
            if sp.kind != "ally" and owner(st, nb) != side and not force_at(st, nb, side) \
                    and not force_at(st, nb, other):
                targets.add(nb)
            if nb not in seen and passable(nb):
                seen.add(nb)
                frontier.append(nb)
    return sorted(targets)


def trireme_targets(st: State, side: str) -> list[str]:
    """Any neutral or hostile harbour without a force (aid: Deploy a trireme)."""
    return sorted(sid for sid in spaces_on_map(st)
                  if ed().spaces[sid].harbour and owner(st, sid) != side
                  and not force_at(st, sid, side) and not force_at(st, sid, enemy(side)))


def fight_targets(st: State, side: str, kind: str) -> list[str]:
    """Spaces with an enemy force of the same type: no path needed (aid: Deploy to fight)."""
    return sorted(f["where"] for f in st["forces"] if f["side"] == enemy(side) and f["where"]
                  and f["type"] == kind and not force_at(st, f["where"], side))


def deploy_targets(st: State, force: dict[str, Any]) -> list[str]:
    side = force["side"]
    base = hoplite_targets(st, side) if force["type"] == "hoplite" else trireme_targets(st, side)
    return sorted(set(base) | set(fight_targets(st, side, force["type"])))


# --- mobilise (aid: Mobilise) ----------------------------------------------------------------

def mobilise_choices(st: State, side: str) -> list[tuple[str, str, bool]]:
    c = mats()["costs"]
    if st["treasury"][side] < c["mobilise"]:
        return []
    out = []
    for lid in ed().leaders:            # data order: a save's JSON may sort the state's keys
        if ed().leaders[lid].side != side or st["leaders"][lid]["state"] != "ready":
            continue
        for kind in ("hoplite", "trireme"):
            if models_free(st, side, kind) > 0:
                out.append((lid, kind, False))
                if st["treasury"][side] >= c["mobilise"] + c["battle_card"] \
                        and st["decks"]["battle"]["draw"] + st["decks"]["battle"]["discard"]:
                    out.append((lid, kind, True))
    return out


# --- raids (aid: Raiding) --------------------------------------------------------------------

def raid(st: State, force: dict[str, Any], stay: bool) -> None:
    sid, side = force["where"], force["side"]
    if sid not in st["raided"]:
        set_influence(st, sid, enemy(side), ed().spaces[sid].autonomy)
        st["raided"].append(sid)
        st["treasury"][side] += 1
        log(st, f"{NAMES[side]} raids {name(sid)}: +1 talent; the space is the enemy's until "
            "taken", rule="raiding", where=sid)
    if not stay:
        send_home(st, force)
        log(st, f"{leader_name(force['leader'])} returns home (spent)", rule="raiding")
        return
    if force["type"] == "trireme":
        force["type"] = "hoplite"
        log(st, f"The trireme at {name(sid)} is replaced by hoplites", rule="raiding")
    force["siege"] = True
    st["sieges"][sid] = side
    log(st, f"{NAMES[side]} besieges {name(sid)}", rule="raiding", where=sid)


# --- sieges (aid: Prosecute Siege) ----------------------------------------------------------

def siege_dice(st: State, sid: str, side: str) -> tuple[int, list[dict[str, Any]]]:
    """The dice of a siege roll with their reasons (0 to 3)."""
    mods = [{"label": "base", "value": 1, "rule": "siege"}]
    g = graph(st)
    mine = theirs = 0
    for nb in g.neighbors(sid):
        if contested(st, nb):
            continue
        ctl = controlled_by(st, nb)
        mine += ctl == side
        theirs += ctl == enemy(side)
    if mine > theirs:
        mods.append({"label": f"neighbours {mine} to {theirs}", "value": 1, "rule": "siege"})
    if ed().spaces[sid].capital == "sparta":
        mods.append({"label": "besieging Sparta", "value": 1, "rule": "siege"})
    side_mats = mats()["sides"][side]
    if st["army"][side] >= side_mats["army_die"] or st["navy"][side] >= side_mats["navy_die"]:
        mods.append({"label": "strength track extra die", "value": 1, "rule": "siege"})
    if ed().spaces[sid].capital == "athens":
        mods.append({"label": "besieging Athens", "value": -1, "rule": "siege"})
    return max(0, min(3, sum(m["value"] for m in mods))), mods


def prosecute(st: State, sid: str) -> None:
    side = st["sieges"][sid]
    pay(st, side, mats()["costs"]["siege"])
    dice, _ = siege_dice(st, sid, side)
    faces = successes(st, dice, purpose=f"Siege of {name(sid)}", rule="siege")
    st["pend"]["last_roll"] = list(faces)
    hits = sum(1 for f in faces if is_success(f))
    other = enemy(side)
    for _ in range(hits):
        if influence(st, sid, other):
            set_influence(st, sid, other, influence(st, sid, other) - 1)
    if len(faces) > hits:
        adjust_track(st, side, "army", -1)
        log(st, f"A failed siege die: {NAMES[side]} army strength -1", rule="siege")
    log(st, f"Siege of {name(sid)}: {hits} of {len(faces)} dice succeed", rule="siege",
        where=sid)
    if influence(st, sid, other) == 0:
        force = force_at(st, sid, side)
        auto = ed().spaces[sid].autonomy
        st["treasury"][side] += auto
        set_influence(st, sid, side, auto)
        st["sieges"].pop(sid, None)
        if sid in st["raided"]:
            st["raided"].remove(sid)
        if force:
            force["siege"] = False
            send_home(st, force)
        log(st, f"{NAMES[side]} takes {name(sid)}: +{auto} talents", rule="siege", where=sid)
    else:
        st["pend"]["abandon"] = sid


def abandon(st: State, sid: str) -> None:
    side = st["sieges"][sid]
    force = force_at(st, sid, side)
    face = successes(st, 1, purpose=f"Abandoning the siege of {name(sid)}", rule="siege")[0]
    if sid not in st["raided"]:
        st["raided"].append(sid)
    if force:
        send_home(st, force, spent=True)
        if not is_success(face):
            lose_leader(st, force["leader"], "siege")
    st["sieges"].pop(sid, None)
    log(st, f"{NAMES[side]} abandons the siege of {name(sid)}", rule="siege", where=sid)


# --- battles (aid: Battles) ------------------------------------------------------------------

def start_battle(st: State, sid: str) -> None:
    att = st["phasing"]
    fa, fd = force_at(st, sid, att), force_at(st, sid, enemy(att))
    war = "land" if fa["type"] == "hoplite" else "sea"
    st["battle"] = {"space": sid, "war": war, "attacker": att, "defender": enemy(att),
                    "forces": {att: fa["id"], enemy(att): fd["id"]},
                    "plus": {s: {} for s in SIDES}, "cancel": {s: [] for s in SIDES},
                    "extra": dict.fromkeys(SIDES, 0), "passes": 0, "turn": att,
                    "played": [], "phase": "draw", "drawers": [att, enemy(att)]}
    log(st, f"{'Land' if war == 'land' else 'Sea'} battle at {name(sid)}", rule="battles",
        where=sid)
    st["battle"]["history"] = [f"At the start: {bt.lead(st, st['battle'])}"]
    skip_drawers(st)


def skip_drawers(st: State) -> None:
    b = st["battle"]
    while b["drawers"] and (len(st["battle_hands"][b["drawers"][0]]) > 2
                            or not (st["decks"]["battle"]["draw"]
                                    or st["decks"]["battle"]["discard"])):
        b["drawers"].pop(0)
    if not b["drawers"] and b["phase"] == "draw":
        b["phase"] = "cards"


def draw_battle_card(st: State, side: str, rule: str) -> None:
    card = draw(st, st["decks"]["battle"], name="Battle", rule=rule)
    if card:
        st["battle_hands"][side].append(card)


def play_battle_card(st: State, side: str, cid: str) -> None:
    b = st["battle"]
    card = ed().cards[cid]
    st["battle_hands"][side].remove(cid)
    discard(st["decks"]["battle"], cid)
    e = card.effect
    other = enemy(side)
    if "strength" in e:
        b["extra"][side] += e["strength"]
    if "cancel" in e:
        b["cancel"][other].append(e["cancel"])
    if "box" in e:
        b["plus"][side][e["box"]] = b["plus"][side].get(e["box"], 0) + 1
    if "rout" in e:
        pool = [a for a in ed().assets.values() if a.side == other and a.box == e["rout"]
                and st["assets"][a.id] == "play"]
        if pool:
            lost = max(pool, key=lambda a: (a.value, a.id))
            st["assets"][lost.id] = "returned"
            log(st, f"{NAMES[other]} loses {lost.name}", rule="battles")
    b["played"].append({"side": side, "card": cid})
    b["history"].append(f"{NAMES[side]} plays {card.name}: {bt.lead(st, b)}")
    log(st, f"{NAMES[side]} plays {card.name}", rule="battles")


def end_battle(st: State) -> None:
    b = st.pop("battle")
    sid, track = b["space"], ("army" if b["war"] == "land" else "navy")
    fs = {s: next(f for f in st["forces"] if f["id"] == b["forces"][s]) for s in SIDES}
    power = {s: bt.strength(st, b, s) for s in SIDES}
    for s in (b["attacker"], b["defender"]):
        lid = fs[s]["leader"]
        face = successes(st, 1, purpose=f"Leader roll for {leader_name(lid)}", rule="battles")[0]
        if is_success(face):
            if st["leaders"][lid]["gold"]:
                draw_battle_card(st, s, "battles")
            else:
                st["leaders"][lid]["gold"] = True
                log(st, f"{leader_name(lid)} turns to the gold side", rule="battles")
        else:
            lose_leader(st, lid, "battles")
            send_home(st, fs[s], spent=False)
    a, d = power[b["attacker"]], power[b["defender"]]
    if a == d:
        for s in SIDES:
            adjust_track(st, s, track, -1)
        loser = b["attacker"]
        log(st, f"The battle at {name(sid)} is a draw ({a} to {d})", rule="battles", where=sid)
    else:
        win = b["attacker"] if a > d else b["defender"]
        loser = enemy(win)
        adjust_track(st, win, track, -1)
        adjust_track(st, loser, track, -2)
        st["favour"][win]["red"] += 1
        log(st, f"{NAMES[win]} wins the battle at {name(sid)} ({power[win]} to "
            f"{power[loser]}): +1 favour", rule="battles", where=sid)
    if fs[loser] in st["forces"]:
        send_home(st, fs[loser])


# --- Olympic Games (aid: Olympic Games) -----------------------------------------------------

def olympic_roll(st: State) -> None:
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


# --- the prompt --------------------------------------------------------------------------------

def current_prompt(st: State) -> Prompt | None:
    if st["over"]:
        return None
    stage = st["stage"]
    if stage == "ship":
        side = ship_seat(st)
        cost = ship_cost(st, side)
        return Prompt(side, f"Shipbuilding: {NAMES[side]} may pay {cost} talents for navy "
                      f"strength {st['navy'][side] + 1}",
                      [Choice("build", f"Build ships ({cost} talents)"),
                       Choice("pass", "Build no ships")], rule="turn-sequence")
    if stage == "recruit":
        side = recruit_seat(st)
        ch = [Choice(f"recruit:{a}", f"Recruit {ed().assets[a].name} (1 talent)")
              for a in recruitable(st, side)]
        ch.append(Choice("done", "Recruit no more"))
        return Prompt(side, f"Recruitment: {NAMES[side]} may return an asset to play", ch,
                      rule="turn-sequence")
    if stage == "olympics":
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
    return round_prompt(st)


def round_prompt(st: State) -> Prompt:
    side, step, p = st["phasing"], st["step"], st["pend"]
    head = f"Turn {st['turn']}, round {st['round']}: {NAMES[side]}"
    if step == "raid":
        f = next(x for x in st["forces"] if x["id"] == p["todo"][0])
        where = name(f["where"])
        ch = [Choice(f"home:{f['id']}", f"Raid {where} and return home", target=f["where"])]
        if f["type"] == "hoplite" or models_free(st, side, "hoplite") > 0:
            ch.append(Choice(f"siege:{f['id']}", f"Raid {where} and start a siege",
                             target=f["where"]))
        who = possessive(leader_name(f["leader"]))
        return Prompt(side, f"{head}: {who} {TYPE_NAMES[f['type']]} at {where} raid", ch,
                      rule="raiding")
    if step == "card":
        if p.get("envoy"):
            return envoy_prompt(st, side, head)
        if p.get("colony"):
            ch = [Choice(f"colony:{c}", f"Found {name(c)}", target=c) for c in open_colonies(st)]
            return Prompt(side, f"{head}: place a colony tile", ch, rule="colonies")
        ch = []
        for cid in st["hands"][side]:
            c = ed().cards[cid]
            ch.append(Choice(f"play:{cid}", f"Play {c.name} (#{cid.rsplit('-', 1)[1]})",
                             detail=c.text))
        if favour_total(st, side) >= mats()["costs"]["discard_favour"]:
            for cid in st["hands"][side]:
                c = ed().cards[cid]
                ch.append(Choice(f"discard:{cid}", f"Discard {c.name} "
                                 f"(#{cid.rsplit('-', 1)[1]}) for two favour", detail=c.text))
        hand = {f"{ed().cards[c].name} (#{c.rsplit('-', 1)[1]})": ed().cards[c].text
                for c in st["hands"][side]}
        return Prompt(side, f"{head}: play an action card", ch, kind="play-card",
                      rule="action-round", context={"title": "Action card", **hand})
    if step == "deploy":
        ch = []
        for f in st["forces"]:
            if f["side"] == side and f["where"] is None:
                for t in deploy_targets(st, f):
                    fight = " to fight" if force_at(st, t, enemy(side)) else ""
                    who = possessive(leader_name(f["leader"]))
                    ch.append(Choice(f"deploy:{f['id']}:{t}", f"{who} {TYPE_NAMES[f['type']]} "
                                     f"to {name(t)}{fight}", target=t))
        ch.append(Choice("done", "Deploy no more"))
        return Prompt(side, f"{head}: deploy mobilised forces", ch, rule="deploy")
    if step == "mobilise":
        c = mats()["costs"]
        ch = []
        for lid, kind, card in mobilise_choices(st, side):
            cost = c["mobilise"] + (c["battle_card"] if card else 0)
            extra = " and a battle card" if card else ""
            ch.append(Choice(f"mob:{lid}:{kind}" + (":card" if card else ""),
                             f"{leader_name(lid)} with {TYPE_NAMES[kind]}{extra} "
                             f"({cost} talents)"))
        ch.append(Choice("done", "Mobilise no more"))
        return Prompt(side, f"{head}: mobilise", ch, rule="mobilise")
    if step == "siege":
        if p.get("abandon"):
            sid = p["abandon"]
            return Prompt(side, f"{head}: keep up the siege of {name(sid)}?",
                          [Choice("keep", f"Keep besieging {name(sid)}", target=sid),
                           Choice("abandon", f"Abandon the siege of {name(sid)} (roll: a "
                                  "failure eliminates the leader)", target=sid)],
                          kind="siege", rule="siege", context=siege_context(st, sid))
        sid = p["todo"][0]
        dice, _ = siege_dice(st, sid, side)
        return Prompt(side, f"{head}: prosecute the siege of {name(sid)}?",
                      [Choice(f"roll:{sid}", f"Pay 2 talents and roll {dice} dice at "
                              f"{name(sid)}", target=sid),
                       Choice(f"skip:{sid}", f"Do not prosecute {name(sid)} this round",
                              target=sid)],
                      kind="siege", rule="siege", context=siege_context(st, sid))
    # battles
    b = st.get("battle")
    if b is None:
        ch = [Choice(f"fight:{s}", f"Fight the battle at {name(s)}", target=s)
              for s in p["todo"]]
        return Prompt(side, f"{head}: choose the next battle", ch, rule="battles")
    ctx = bt.display(st, b)
    if b["phase"] == "draw":
        who = b["drawers"][0]
        return Prompt(who, f"Battle at {name(b['space'])}: {NAMES[who]} may draw a battle "
                      "card", [Choice("draw", "Draw a battle card"),
                               Choice("nodraw", "Draw no card")],
                      kind="battle", rule="battles", context=ctx)
    who = b["turn"]
    ch = [Choice(f"bcard:{cid}", f"Play {ed().cards[cid].name} (#{cid.rsplit('-', 1)[1]})",
                 detail=ed().cards[cid].text)
          for cid in st["battle_hands"][who] if bt.playable(st, b, who, cid)]
    ch.append(Choice("pass", "Pass"))
    return Prompt(who, f"Battle at {name(b['space'])}: {NAMES[who]} plays a battle card or "
                  f"passes ({ctx['advantage']})", ch, kind="battle", rule="battles",
                  context=ctx)


def siege_context(st: State, sid: str) -> dict[str, Any]:
    side = st["sieges"][sid]
    dice, mods = siege_dice(st, sid, side)
    return {"title": f"Siege of {name(sid)}", "place": name(sid), "attacker": NAMES[side],
            "defender": NAMES[enemy(side)],
            "influence left": influence(st, sid, enemy(side)), "dice to roll": dice,
            "modifiers": mods, "success": f"{mats()['dice']['success']}+ on a die",
            "treasury": st["treasury"][side],
            "dice": list(st["pend"].get("last_roll", [])) if st["pend"].get("abandon") else []}


def open_colonies(st: State) -> list[str]:
    return [s for s, sp in ed().spaces.items() if sp.kind == "colony"
            and s not in st["colonies"]]


def envoy_targets(st: State, side: str, contested_ok: bool) -> list[str]:
    out = []
    for sid in spaces_on_map(st):
        if contested(st, sid) and not contested_ok:
            continue
        if influence(st, sid, enemy(side)) or influence(st, sid, side) < ed().spaces[sid].autonomy:
            out.append(sid)
    return out


def envoy_prompt(st: State, side: str, head: str) -> Prompt:
    env = st["pend"]["envoy"]
    pts = env["points"]
    ch = []
    for sid in envoy_targets(st, side, env["contested"]):
        verb = "remove an enemy influence at" if influence(st, sid, enemy(side)) else \
            "place an influence at"
        ch.append(Choice(f"envoy:{sid}", f"Envoy: {verb} {name(sid)}", target=sid))
    cap = side
    if not contested(st, cap) and not influence(st, cap, enemy(side)) \
            and f"envoy:{cap}" not in [c.id for c in ch]:
        ch.append(Choice(f"envoy:{cap}", f"Envoy to {name(cap)} (already full)", target=cap))
    ch.append(Choice("stop", "Send no more envoys"))
    return Prompt(side, f"{head}: {pts} influence to place", ch, rule="envoys")


# --- applying a choice -----------------------------------------------------------------------

def apply_choice(st: State, cid: str) -> None:
    stage = st["stage"]
    if stage == "ship":
        side = ship_seat(st)
        if cid == "build":
            pay(st, side, ship_cost(st, side))
            adjust_track(st, side, "navy", 1)
            log(st, f"{NAMES[side]} builds ships: navy strength {st['navy'][side]}",
                rule="turn-sequence")
        st["pend"]["ship"].pop(0)
    elif stage == "recruit":
        side = recruit_seat(st)
        p = st["pend"]
        if cid == "done":
            p["recruit"].remove(side)
            p["at"] = 0
        else:
            aid = cid.split(":", 1)[1]
            pay(st, side, mats()["costs"]["recruit"])
            st["assets"][aid] = "play"
            log(st, f"{NAMES[side]} recruits {ed().assets[aid].name}", rule="turn-sequence")
            p["at"] += 1
    elif stage == "olympics":
        olympic_choose(st, cid)
    else:
        apply_round(st, cid)
    advance(st)


def apply_round(st: State, cid: str) -> None:
    side, step, p = st["phasing"], st["step"], st["pend"]
    verb, _, arg = cid.partition(":")
    if step == "raid":
        force = next(f for f in st["forces"] if f["id"] == arg)
        p["todo"].remove(arg)
        raid(st, force, verb == "siege")
    elif step == "card":
        if p.get("envoy"):
            env = p["envoy"]
            if verb == "stop":
                p.pop("envoy")
            else:
                did = add_point(st, arg, side)
                log(st, f"{NAMES[side]} sends an envoy to {name(arg)} ({did})", rule="envoys",
                    where=arg)
                env["points"] -= 1
                if env["points"] <= 0:
                    p.pop("envoy")
        elif p.get("colony"):
            st["colonies"].append(arg)
            set_influence(st, arg, side, 1)
            p.pop("colony")
            log(st, f"{NAMES[side]} founds a colony at {name(arg)}", rule="colonies", where=arg)
        else:
            play_action(st, side, verb, arg)
        if not p.get("envoy") and not p.get("colony"):
            next_step(st)
            return
    elif step == "deploy":
        if verb == "done":
            p["done"] = True
            return
        fid, target = arg.split(":")
        force = next(f for f in st["forces"] if f["id"] == fid)
        force["where"] = target
        st["leaders"][force["leader"]]["state"] = "deployed"
        log(st, f"{possessive(leader_name(force['leader']))} {TYPE_NAMES[force['type']]} deploy to "
            f"{name(target)}", rule="deploy", where=target)
    elif step == "mobilise":
        if verb == "done":
            p["done"] = True
            return
        parts = arg.split(":")
        lid, kind, card = parts[0], parts[1], len(parts) > 2
        c = mats()["costs"]
        pay(st, side, c["mobilise"] + (c["battle_card"] if card else 0))
        st["next_force"] += 1
        st["forces"].append({"id": f"f{st['next_force']}", "side": side, "type": kind,
                             "leader": lid, "where": None, "siege": False})
        st["leaders"][lid]["state"] = "commander"
        if card:
            draw_battle_card(st, side, "mobilise")
        log(st, f"{NAMES[side]} mobilises {leader_name(lid)} with {TYPE_NAMES[kind]}",
            rule="mobilise")
    elif step == "siege":
        if p.get("abandon"):
            sid = p.pop("abandon")
            if verb == "abandon":
                abandon(st, sid)
            return
        p["todo"].remove(arg)
        if verb == "roll":
            prosecute(st, arg)
    elif step == "battle":
        b = st.get("battle")
        if b is None:
            p["todo"].remove(arg)
            start_battle(st, arg)
        elif b["phase"] == "draw":
            who = b["drawers"].pop(0)
            if verb == "draw":
                draw_battle_card(st, who, "battles")
            skip_drawers(st)
        else:
            who = b["turn"]
            if verb == "pass":
                b["passes"] += 1
            else:
                b["passes"] = 0
                play_battle_card(st, who, arg)
            b["turn"] = enemy(who)
            if b["passes"] >= 2:
                end_battle(st)
                if b["space"] in p["todo"]:
                    p["todo"].remove(b["space"])


def play_action(st: State, side: str, verb: str, cid: str) -> None:
    if cid not in st["hands"][side]:
        raise IllegalChoice(f"{NAMES[side]} does not hold {cid}")
    st["hands"][side].remove(cid)
    discard(st["decks"]["action"], cid)
    card = ed().cards[cid]
    if verb == "discard":
        spend_favour(st, side, mats()["costs"]["discard_favour"])
        log(st, f"{NAMES[side]} spends two favour to discard {card.name}", rule="action-round")
        return
    log(st, f"{NAMES[side]} plays {card.name}", rule="action-round")
    e = card.effect
    p = st["pend"]
    if "envoy" in e:
        env = e["envoy"]
        pts = env.get("lesser", 0) + 2 * env.get("greater", 0)
        p["envoy"] = {"points": pts, "contested": bool(env.get("contested"))}
    if "colony" in e and open_colonies(st):
        p["colony"] = True
    if "talents" in e:
        st["treasury"][side] += e["talents"]
    if "favour" in e:
        st["favour"][side][e["favour"]] += 1
    if "army" in e:
        adjust_track(st, side, "army", e["army"])
    if "enemy_army" in e:
        adjust_track(st, enemy(side), "army", -e["enemy_army"])
    for _ in range(e.get("battle_cards", 0)):
        draw_battle_card(st, side, "action-round")


def spend_favour(st: State, side: str, n: int) -> None:
    fav = st["favour"][side]
    for colour in ("blue", "red", "green"):
        while n and fav[colour]:
            fav[colour] -= 1
            n -= 1
    if n:
        raise ValueError(f"{NAMES[side]} lacks favour")


def new_decks(st: State) -> None:
    st["decks"] = {"action": new_deck(st, list(ed().action_deck), name="Action"),
                   "battle": new_deck(st, list(ed().battle_deck), name="Battle")}

