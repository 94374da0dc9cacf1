"""The action round (aid: Action Round Sequence): the phasing side's six steps in order,
Raid, Play a Card, Deploy, Mobilise, Prosecute Siege, Battle; then the other side's round.
The card step is here with what a card does (aid: Envoys, Colonies); the other steps are in
``forces.py``, ``siege.py`` and ``battle_step.py``.
"""

from __future__ import annotations

from typing import Any

from rules.engine.deck import discard
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Proc
from rules.engine.state import log

from .data import SIDES, ed
from .model import (
    NAMES,
    State,
    add_point,
    adjust_track,
    contested,
    draw_battle_card,
    enemy,
    favour_total,
    force_at,
    influence,
    mats,
    name,
    set_influence,
    spaces_on_map,
)

STEPS = ("raid", "card", "deploy", "mobilise", "siege", "battle")


def begin_step(st: State, step: str) -> None:
    """Start ``step`` of the phasing side's round with what it will work through."""
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
    """The next step; after the Battle step the other side's round, and when both hands are
    empty after Athens' round, the Olympic Games."""
    i = STEPS.index(st["step"])
    if i + 1 < len(STEPS):
        begin_step(st, STEPS[i + 1])
        return
    if st["phasing"] == "sparta":
        st["phasing"] = "athens"
    else:
        st["phasing"] = "sparta"
        if not any(st["hands"][s] for s in SIDES):
            st["stage"], st["pend"] = "olympics", {}
            return
        st["round"] += 1
    begin_step(st, "raid")


def battle_spaces(st: State) -> list[str]:
    return sorted({f["where"] for f in st["forces"] if f["where"]
                   and force_at(st, f["where"], enemy(f["side"]))})


def head(st: State) -> str:
    """The opening of every round prompt: turn, round and the phasing side."""
    return f"Turn {st['turn']}, round {st['round']}: {NAMES[st['phasing']]}"


class RoundStep(Proc):
    """A step of the action round: it asks while :meth:`waiting`, else the round moves on."""

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        """True while the step still has a decision for the phasing side."""
        raise NotImplementedError(self.name)

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if self.waiting(st, st["phasing"], st["pend"]):
            return False
        next_step(st)
        return True


# --- Play a Card (aid: Action Round Sequence, Envoys, Colonies) -------------------------------

class PlayCard(RoundStep):
    name = "card"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        return bool(p.get("envoy") or p.get("colony") or st["hands"][side])

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side, p = st["phasing"], st["pend"]
        if p.get("envoy"):
            return envoy_prompt(st, side, head(st))
        if p.get("colony"):
            ch = [Choice(f"colony:{c}", f"Found {name(c)}", target=c) for c in open_colonies(st)]
            return Prompt(side, f"{head(st)}: place a colony tile", ch, rule="colonies")
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
        return Prompt(side, f"{head(st)}: play an action card", ch, kind="play-card",
                      rule="action-round", context={"title": "Action card", **hand})

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        side, p = st["phasing"], st["pend"]
        verb, _, arg = cid.partition(":")
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


def play_action(st: State, side: str, verb: str, cid: str) -> None:
    """Play (or, for two favour, discard) an action card from ``side``'s hand."""
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
