"""The Battle step of the action round (aid: Battles): the phasing side picks each battle;
both sides may draw a battle card, then play cards in turn until both pass; leader rolls,
strength compared, tracks and favour adjusted (the strength itself: ``battle.py``)."""

from __future__ import annotations

from typing import Any

from rules.engine.deck import discard
from rules.engine.game import Choice, Prompt
from rules.engine.state import log

from . import battle as bt
from .action_round import RoundStep, battle_spaces, head
from .data import SIDES, ed
from .model import (
    NAMES,
    State,
    adjust_track,
    draw_battle_card,
    enemy,
    force_at,
    is_success,
    leader_name,
    lose_leader,
    name,
    send_home,
    successes,
)


class Battle(RoundStep):
    name = "battle"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        if st.get("battle"):
            return True
        p["todo"] = [s for s in p["todo"] if s in battle_spaces(st)]
        if len(p["todo"]) == 1:
            start_battle(st, p["todo"][0])
            return True
        return bool(p["todo"])

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        b = st.get("battle")
        if b is None:
            ch = [Choice(f"fight:{s}", f"Fight the battle at {name(s)}", target=s)
                  for s in st["pend"]["todo"]]
            return Prompt(st["phasing"], f"{head(st)}: choose the next battle", ch,
                          rule="battles")
        ctx = bt.display(st, b)
        if b["phase"] == "draw":
            who = b["drawers"][0]
            return Prompt(who, f"Battle at {name(b['space'])}: {NAMES[who]} may draw a battle "
                          "card", [Choice("draw", "Draw a battle card"),
                                   Choice("nodraw", "Draw no card")],
                          kind="battle", rule="battles", context=ctx)
        who = b["turn"]
        ch = [Choice(f"bcard:{cid}", f"Play {ed().cards[cid].name} "
                     f"(#{cid.rsplit('-', 1)[1]})", detail=ed().cards[cid].text)
              for cid in st["battle_hands"][who] if bt.playable(st, b, who, cid)]
        ch.append(Choice("pass", "Pass"))
        return Prompt(who, f"Battle at {name(b['space'])}: {NAMES[who]} plays a battle card "
                      f"or passes ({ctx['advantage']})", ch, kind="battle", rule="battles",
                      context=ctx)

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        p = st["pend"]
        verb, _, arg = cid.partition(":")
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
    """Pass over a side that may not draw (more than two battle cards, or no cards left)."""
    b = st["battle"]
    while b["drawers"] and (len(st["battle_hands"][b["drawers"][0]]) > 2
                            or not (st["decks"]["battle"]["draw"]
                                    or st["decks"]["battle"]["discard"])):
        b["drawers"].pop(0)
    if not b["drawers"] and b["phase"] == "draw":
        b["phase"] = "cards"


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
    """Leader rolls, then the stronger side wins (a draw: both lose a step, the attacker's
    force goes home)."""
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
