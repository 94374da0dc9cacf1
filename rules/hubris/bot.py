"""The Hubris ``bot`` seat: a weight per choice of a prompt (``Game.bot_weights``), drawn in
proportion by :class:`rules.engine.bots.PolicyBot`; also the search's prior and playout
policy (docs/BOTS.md).

It plays like a sensible person who reads only the seat's view: it takes what wins VPs
(Envoys and Campaigns that win Control of a Satrapy, dice placed where they succeed and
swing Control), defends what would lose them (Strengthened Defenses when invaded), Musters a
Force that outnumbers the Target's Troops and no bigger than it can pay for, keeps Talents
(low bids, no Evergetism without the money), accepts Peace when ahead and refuses it when
behind. Each prompt is recognised by the verbs of its choice ids; a choice it does not know
weighs 1, so new or changed prompts are played, uniformly. Every choice keeps a weight > 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rules.engine.game import Prompt

from . import bot_board as board
from .control import round_units
from .rome import active as rome_active
from .rulesdata_load import production

State = dict[str, Any]
#: the least weight a legal choice gets, as a share of the heaviest (the bot never rules a
#: legal choice out)
FLOOR = 0.001
#: how much likelier the bot places a die that succeeds than one that fails or is left
SUCCESS = 8.0
#: the weights are raised to this power before they are drawn from: the bot leans hard to
#: what it judges best (against random play in 12.3, 100 games a side: power 1 won 78 %,
#: 1.5 90 %, 2 92 %, 3 95 %)
SHARPNESS = 3.0
#: how much a VP won (or denied a rival) adds to a choice's weight
PER_VP = 6.0


def weights(view: State, prompt: Prompt) -> list[float]:
    """A weight > 0 for each of ``prompt``'s choices: the handler's judgement raised to
    :data:`SHARPNESS`, at least :data:`FLOOR` of the heaviest (all 1 where the bot has no
    opinion, or no handler knows the prompt)."""
    ids = [c.id for c in prompt.choices]
    verbs = {i.partition(":")[0] for i in ids}
    k = board.deciding_kingdom(view, prompt.seat, prompt.text)
    out: list[float] | None = None
    if k is not None:
        for test, handler in _HANDLERS:
            if test(verbs, prompt):
                try:
                    out = handler(view, prompt, k)
                except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                    out = None          # a prompt changed under the bot: no opinion
                break
    if out is None or len(out) != len(ids):
        return [1.0] * len(ids)
    sharp = [max(0.0, float(w)) ** SHARPNESS for w in out]
    floor = FLOOR * max(sharp, default=1.0) or FLOOR
    return [max(floor, w) for w in sharp]


# --- the Activation (5.1) -------------------------------------------------------------------
#: a base weight per Action before the board is read
ACTION = {"envoy": 3.0, "land": 1.6, "overseas": 0.8, "naval": 0.4, "taxes": 1.0,
          "build": 0.25, "evergetism": 0.5, "lobby": 0.6}


def _activation(view: State, prompt: Prompt, k: str) -> list[float]:
    cash = board.treasury(view, k)
    at_war = bool(board.opponents(view, k) & set(view.get("kingdoms", {})))
    ahead = board.margin(view, k)
    data = _data()
    out = []
    for c in prompt.choices:
        verb, _, rest = c.id.partition(":")
        if verb == "act":
            lid, _, action = rest.partition(":")
            card = data.leaders.get(lid)
            w = ACTION.get(action, 1.0)
            if action == "envoy":
                w *= 0.5 + (card.diplomacy or 0 if card else 0) / 2.0
                w *= 1.0 if cash >= 3 else 0.6
            elif action in ("land", "overseas"):
                w *= (0.5 + (card.battle or 0 if card else 0) / 3.0)
                w *= 1.0 if at_war else 0.3
                if action == "land":
                    w *= 0.2 + _land_prospect(view, k)
                w *= 1.5 if cash >= 12 else 0.8 if cash >= 6 else 0.25
            elif action == "taxes":
                # 5.8.3: a roll above Administration + 1 is a Riot (a Place Revolts)
                riot = max(0.0, (5.0 - (card.admin or 0 if card else 0)) / 6.0)
                w *= 2.5 if cash < 6 else 1.0 if cash < 14 else 0.3
                # a Riot likelier than not (Administration 1-2) weighs under a pass even
                # when every Leader offers it (New Hopes seed 4115: two Activations of a
                # Replacement with Administration 1 raised four Revolts and lost 7 VPs)
                w *= max(0.01, 1.0 - 2.5 * riot)
            elif action == "evergetism":
                p = min(1.0, max(0.0, (card.admin or 0 if card else 0) / 6.0))
                w = 0.2 + 4.0 * p if cash >= 24 else 0.2 * p
            elif action == "build":
                w *= 1.0 if cash >= 20 else 0.4
        elif verb == "peace":
            w = 0.4 if ahead > 0 else 0.05
        elif verb == "pass":
            w = 0.15
        elif verb == "surrender":
            w = 0.0
        elif verb == "trigger":
            w = _trigger(view, k, rest.partition(":")[0])
        else:
            w = 1.0
        out.append(w)
    return out


#: the weight of Triggering a Pending Event (4.3) that gives Rome no Casus Belli
TRIGGER = 0.5


def _trigger(view: State, k: str, eid: str) -> float:
    """A Pending Event (4.3) weighs :data:`TRIGGER`, less by the chance that it sends Rome to
    War on us (a Casus Belli against ``k`` among its Trigger's effects, 8.5: rolled on 1d6 +
    RB, void when a 7 would be needed): a Roman War costs far more than the Event gives (New
    Hopes against random: Macedon won 5 of the 15 games it allied with Hannibal, Ev 18)."""
    event = _data().events.get(eid)
    ops = (event.pending or {}).get("ops", []) if event is not None else []
    cb = [o["casus_belli"] for o in ops if isinstance(o, dict) and "casus_belli" in o
          and o.get("who", k) == k]
    if not cb or not rome_active(view) or k in board.enemies(view, "rome"):
        return TRIGGER
    rb = int((view.get("rome") or {}).get("rb", 0))
    chance = max(1.0 if thr == "auto" else
                 0.0 if int(thr) - rb >= 7 else
                 min(6, max(0, 7 + rb - int(thr))) / 6.0 for thr in cb)
    # below a pass (0.15): the Event's gain is small beside a War's cost
    return TRIGGER if chance <= 0 else 0.1 * TRIGGER * max(0.04, 1.0 - chance)


def _land_prospect(view: State, k: str) -> float:
    """How promising a Land Campaign looks (0 to about 2): the best Satrapy an opponent
    (:func:`bot_board.opponents`) Controls beside one where our Troops stand, by its VPs
    and our Troops against its defenders (2.6.2, 5.2.1), or one of ours (or beside) with
    Places in Revolt to win back."""
    war = board.opponents(view, k)
    troops = board.troops(view)
    adj = _data().land_adj
    best = 0.0
    for (owner, loc), n in troops.items():
        if owner != k:
            continue
        for sat in (loc, *adj.get(loc, ())):
            stake = _revolt_stake(view, k, sat)
            if stake > 0:
                best = max(best, min(2.0, stake))
            ctl = board.control(view, sat)
            if ctl is None or ctl.power not in war:
                continue
            defenders = sum(m for (o, where), m in troops.items() if where == sat and o in war)
            ratio = n / (1.0 + defenders)
            best = max(best, min(2.0, board.vp_value(sat, ctl.power, ctl.level) / 2.0
                                 * min(1.5, ratio)))
    return best


def _revolt_stake(view: State, k: str, sat: str) -> float:
    """The VPs ``k`` would win back in ``sat`` by Subjugating its Places in Revolt (2.8,
    5.2.7: a Revolt is a kind of Unaligned that an Envoy cannot touch)."""
    places = view.get("places") or {}
    risen = {p: dict(places[p], power=k, marker="garrison", revolt=False)
             for p in board.md().place_ids_in(sat) if (places.get(p) or {}).get("revolt")}
    return max(0.0, board.vp_swing(view, sat, k, risen)) if risen else 0.0


def _data() -> Any:
    return production()


def _pending(view: State) -> dict[str, Any]:
    """The out-of-turn decision being asked (the first of the view's queue), else the
    innermost procedure."""
    queue = view.get("queue") or []
    return queue[0] if queue and isinstance(queue[0], dict) else _frame(view)


def _frame(view: State, proc: str | None = None) -> dict[str, Any]:
    """The innermost procedure frame (of kind ``proc``, if given) of the view's stack."""
    for frame in reversed(view.get("stack") or []):
        if isinstance(frame, dict) and (proc is None or frame.get("proc") == proc):
            return frame
    return {}


# --- Envoy (5.5) ----------------------------------------------------------------------------
THM = {None: 0, "alliance": -1, "garrison": -3}


def _place_success(view: State, k: str, place: str) -> dict[str, Any]:
    """The record ``place`` gets if an Envoy of ``k`` succeeds there (5.5.3)."""
    rec = view["places"][place]
    if rec.get("power"):
        return dict(rec, power=None, marker=None)
    return dict(rec, power=k, marker="alliance")


def _envoy_place_value(view: State, k: str, place: str, sat: str) -> float:
    """What a success in ``place`` is worth to ``k``: the VPs it swings, and a little for
    the step towards Control (an Alliance of ours, a rival's Place lost)."""
    rec = view["places"][place]
    swing = board.vp_swing(view, sat, k, {place: _place_success(view, k, place)})
    step = 0.6 if not rec.get("power") else (0.8 if rec.get("power") in _rival_powers(view, k)
                                             else 0.2)
    return PER_VP * swing + step


def _rival_powers(view: State, k: str) -> set[str]:
    return set(board.rivals(view, k)) | board.enemies(view, k)


def _envoy_target(view: State, prompt: Prompt, k: str) -> list[float]:
    """5.5.1: a Satrapy by the best two Places an Envoy of this Leader might win there, each
    by its chance (two dice, 2.14) and its worth; both together if they swing Control."""
    frame = _frame(view, "envoy")
    card = _data().leaders.get(frame.get("leader", ""))
    dip = (card.diplomacy or 0) if card else 2
    if "diplomacy" in frame:
        dip = int(frame["diplomacy"])
    data = _data()
    out = []
    for c in prompt.choices:
        sat = c.id.partition(":")[2]
        vals = []
        for p in data.greek_or_free(sat) if sat in data.satrapies else ():
            rec = view["places"].get(p) or {}
            if rec.get("power") == k or rec.get("revolt"):
                continue
            chance = min(1.0, max(0.0, (dip + 1 + THM[rec.get("marker") if rec.get("power")
                                                        else None]) / 6.0))
            vals.append((chance, p))
        vals.sort(reverse=True)
        w = 0.3
        if vals:
            best = [(ch, _envoy_place_value(view, k, p, sat)) for ch, p in vals[:2]]
            w += sum(ch * v for ch, v in best)
            if len(vals) >= 2:      # both dice succeed: the pair's joint swing
                (c1, p1), (c2, p2) = vals[0], vals[1]
                both = board.vp_swing(view, sat, k, {p1: _place_success(view, k, p1),
                                                     p2: _place_success(view, k, p2)})
                w += c1 * c2 * PER_VP * max(0.0, both)
            w = max(w, 0.3 + _twice(view, k, sat, dip, vals))
        out.append(w)
    return out


def _twice(view: State, k: str, sat: str, dip: int, vals: list[tuple[float, str]]) -> float:
    """The best plan of both dice on one rival's Place (5.5.3: the first success unaligns
    it, the second places our Alliance there): the first die's chance and worth, and the
    chance of both times the VPs the Alliance swings beyond the first success's (a
    Satrapy won back whole, where one Place left Unaligned swings nothing, e.g. Kypros of
    two Places)."""
    again = min(1.0, max(0.0, (dip + 1) / 6.0))     # the second die: an Unaligned Place
    best = 0.0
    for ch, p in vals:
        if not (view["places"][p] or {}).get("power"):
            continue
        ours = dict(view["places"][p], power=k, marker="alliance")
        # what the second success adds to the first's (counted in the Place's value)
        more = board.vp_swing(view, sat, k, {p: ours}) - \
            board.vp_swing(view, sat, k, {p: _place_success(view, k, p)})
        best = max(best, ch * _envoy_place_value(view, k, p, sat)
                   + ch * again * PER_VP * max(0.0, more))
    return best


def _bribe(view: State, prompt: Prompt, k: str) -> list[float]:
    rich = board.treasury(view, k) >= 8
    return [(3.0 if rich else 0.7) if c.id.endswith(":yes") or c.id == "bribe:1"
            else 1.0 for c in prompt.choices]


def _dice(view: State, prompt: Prompt, k: str) -> list[float]:
    """Envoy, Siege and Subjugation dice (5.5.3, 5.2.6, 5.2.7; any die left, in any order:
    ``die:<place>`` or ``die:<i>:<place>``): a die where it succeeds, the more so where the
    success swings VPs; left unused rather than wasted."""
    envoy = prompt.rule.startswith("5.5")
    sat = _frame(view, "envoy").get("target") if envoy else None
    out = []
    for c in prompt.choices:
        parts = c.id.split(":")[1:]             # <place>[:<marker>] or <i>:<place>[:...]
        if len(parts) > 1 and parts[0].isdigit():
            parts = parts[1:]
        place = parts[0] if parts else "-"
        if place == "-":
            out.append(1.0)
        elif "success" in c.label:
            w = SUCCESS * (1.5 if c.id.endswith(":garrison") else 1.0)
            if envoy and sat and place in view.get("places", {}):
                w += SUCCESS * max(-0.5, _envoy_place_value(view, k, place, sat)) / 2.0
            out.append(w)
        else:
            out.append(0.5)
    return out


# --- Campaigns (5.2 - 5.4) ------------------------------------------------------------------
def _origin(view: State, prompt: Prompt, k: str) -> list[float]:
    troops = board.troops(view)
    return [1.0 + 2.0 * troops.get((k, c.id.partition(":")[2]), 0) for c in prompt.choices]


def _campaign_target(view: State, prompt: Prompt, k: str) -> list[float]:
    """A Target a rival or enemy Controls, worth VPs and lightly held; more if our Troops
    near it outnumber its defenders. Our own Satrapies (a move only) weigh little."""
    if prompt.rule.startswith("5.3"):          # a Naval Campaign's Target Sea: no opinion
        return [1.0] * len(prompt.choices)
    foes = _rival_powers(view, k)
    war = board.opponents(view, k)
    troops = board.troops(view)
    out = []
    for c in prompt.choices:
        sat = c.id.partition(":")[2]
        ctl = board.control(view, sat)
        defenders = sum(n for (o, loc), n in troops.items() if loc == sat and o in war)
        if ctl is not None and ctl.power in foes:
            w = 1.0 + 1.5 * board.vp_value(sat, ctl.power, ctl.level)
            w *= 2.0 if ctl.power in war else 0.4
            w /= 1.0 + defenders / 2.0
        elif ctl is not None and ctl.power == k:
            w = 0.3 + (1.5 if defenders else 0.0)      # drive invaders out of our own
            w += 1.5 * _revolt_stake(view, k, sat)     # win back Places in Revolt
        elif _revolt_stake(view, k, sat) > 0:
            w = 0.5 + 1.5 * _revolt_stake(view, k, sat)
        else:
            enemy_places = sum(1 for p in board.md().place_ids_in(sat)
                               if (view["places"].get(p) or {}).get("power") in war)
            w = 0.6 + 0.4 * enemy_places
        out.append(w)
    return out


def _announce(view: State, prompt: Prompt, k: str) -> list[float]:
    war = {board.KINGDOM_TITLE.get(e, e) for e in board.opponents(view, k)}
    out = []
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        foe_named = any(t in c.label for t in war)
        if arg == "none":
            out.append(0.5)
        elif arg == "all":
            out.append(3.0 if foe_named else 0.3)
        elif arg == "alliances":
            out.append(1.5 if foe_named else 0.3)
        else:
            out.append(1.0)
    return out


_COST = re.compile(r"\((\d+) T\)")


def _muster(view: State, prompt: Prompt, k: str) -> list[float]:
    """5.2.2: Troops until the Force outnumbers the Target's defenders by about two to one
    (a Siege Train where it has none), then go; never spend the last Talents on a Force
    with nothing to fight."""
    cash = board.treasury(view, k)
    force = list(prompt.context.get("force") or [])
    units = view.get("units") or {}
    in_force = sum(1 for u in force if (units.get(u) or {}).get("type") in board.TROOP_TYPES)
    train = any((units.get(u) or {}).get("type") == "siege-train" for u in force)
    frame = _frame(view)
    target = frame.get("target")
    war = board.opponents(view, k)
    troops = board.troops(view)
    defenders = sum(n for (o, loc), n in troops.items() if loc == target and o in war)
    want = max(2, 2 * defenders + 1)
    cost = int(prompt.context.get("cost") or 0)
    out = []
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        if verb == "add":
            kind = (units.get(arg) or {}).get("type")
            w = 3.0 if in_force < want else 0.6
            if kind == "siege-train":
                w = 0.3 if train or in_force == 0 else 1.5
            m = re.search(r"hire (\d+) T", c.label)
            if m and int(m.group(1)) > cash / 3:
                w *= 0.3
            if cost > 0.6 * cash:
                w *= 0.3
        elif verb == "done":
            w = 3.0 if in_force >= want or cost > 0.6 * cash else 0.5
        elif verb == "escort":
            w = 0.3
        else:
            w = 1.0
        out.append(w)
    return out


def _options(view: State, prompt: Prompt, k: str) -> list[float]:
    """5.2.5: as many Sieges and Subjugations as allowed, a Plunder of a rival's land."""
    out = []
    for c in prompt.choices:
        parts = c.id.partition(":")[2].split("-")
        nums = [int(x) for x in parts if x.isdigit()]
        out.append(0.3 + 1.5 * sum(nums[:2]) + 0.5 * sum(nums[2:]) if nums else 1.0)
    return out


def _plunder(view: State, prompt: Prompt, k: str) -> list[float]:
    foes = board.opponents(view, k)
    out = []
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        if verb == "plunder":
            ctl = board.control(view, arg)
            out.append(2.5 if ctl is not None and ctl.power in foes else 0.1)
        elif verb == "end":
            out.append(0.5)
        else:
            out.append(1.0)
    return out


# --- Reactions (6.0) ------------------------------------------------------------------------
def _reaction(view: State, prompt: Prompt, k: str) -> list[float]:
    """Strengthen the Defenses of an invaded Satrapy of ours while we can pay; withdraw
    loose Units rather than see them Dispersed only when they are few."""
    cash = board.treasury(view, k)
    out = []
    for c in prompt.choices:
        verb = c.id.partition(":")[0]
        if verb in ("sd", "sdcity"):
            out.append(2.5 if cash >= 3 else 0.6)
        elif verb == "withdraw":
            out.append(0.5)
        else:
            out.append(1.0)
    return out


def _sea_support(view: State, prompt: Prompt, k: str) -> list[float]:
    """6.4: Sea-Support besieged Ports of ours (the Siege then needs two Successes each, and
    it is no Act of War); not another Power's."""
    ports = _pending(view).get("ports") or []
    places = view.get("places") or {}
    ours = any((places.get(p) or {}).get("power") == k for p in ports)
    return [(0.2 if ours else 2.0) if c.id == "decline" else (3.0 if ours else 0.5)
            for c in prompt.choices]


def _intercept(view: State, prompt: Prompt, k: str) -> list[float]:
    return [0.6 if c.id == "intercept" else 1.0 for c in prompt.choices]


# --- money: auctions and taxes (2.2.7, 3.5, 5.8) --------------------------------------------
def _bid(view: State, prompt: Prompt, k: str) -> list[float]:
    """Pass unless the price is small against the Treasury; a Mercenary (3.5) is worth more
    than a Leader to a Kingdom at War."""
    cash = max(1, board.treasury(view, k))
    mercs = prompt.rule.startswith("3.5")
    worth = cash / (3.0 if mercs and board.enemies(view, k) else 5.0)
    out = []
    for c in prompt.choices:
        if c.id.endswith(":pass"):
            out.append(2.0 if mercs else 4.0)
            continue
        x = board.amount(c.id)
        if c.id.endswith(":match"):             # the standing bid, matched
            x = _standing(prompt)
        out.append((1.5 if x <= worth else 0.1) / (1.0 + x / 3.0))
    return out


def _standing(prompt: Prompt) -> int:
    """The standing bid of an auction prompt (its context), 0 if it does not say."""
    value = prompt.context.get("standing_bid")
    text = str(value) if value is not None else ""
    digits = "".join(ch for ch in text.split(" ")[0] if ch.isdigit())
    return int(digits) if digits else 0


def _taxes(view: State, prompt: Prompt, k: str) -> list[float]:
    """5.8: two Satrapies rather than one when the Treasury is low (each risks a Riot)."""
    low = board.treasury(view, k) < 8
    return [(1.0 + (c.id.count("+") * (1.0 if low else 0.3))) for c in prompt.choices]


# --- Peace (2.12, 3.7.2) --------------------------------------------------------------------
def _proposal(view: State, prompt: Prompt, k: str) -> list[float]:
    """Writing a proposal: send it as it stands (or withdraw it) rather than grow it."""
    out = []
    for c in prompt.choices:
        if c.id == "send":
            out.append(4.0)
        elif c.id in ("withdraw", "back"):
            out.append(1.5)
        elif c.id.endswith(":them"):
            out.append(0.4)
        else:
            out.append(0.15)
    return out


def _answer(view: State, prompt: Prompt, k: str) -> list[float]:
    """Accept Peace on terms that cost no VPs while ahead (it keeps the lead out of reach
    of a Campaign) or on terms that gain some; refuse it while behind or when the terms
    give VPs away (2.12: read off the proposal's terms, place by place)."""
    terms = _pending(view).get("terms")
    value = _terms_value(view, k, terms) if isinstance(terms, list) else 0.0
    ahead = board.margin(view, k) > 0
    good = value > 0.4 or (ahead and value > -0.2)
    out = []
    for c in prompt.choices:
        verb = c.id.partition(":")[0]
        if verb in ("accept", "peace"):
            out.append(4.0 if good else 0.2)
        elif verb in ("refuse", "war", "roll"):
            out.append(0.2 if good else 4.0)
        else:
            out.append(1.0)
    return out


def _terms_value(view: State, k: str, terms: list[Any]) -> float:
    """What the terms of a Peace are worth to ``k`` in VPs: the Control they swing (a
    Garrison handed over, an Alliance given up), a Squadron 0.3, a Talent 0.04."""
    changed: dict[str, dict[str, Any]] = {}
    value = 0.0
    places = view.get("places") or {}
    for t in terms:
        if not isinstance(t, dict):
            continue
        kind, giver, what = t.get("kind"), t.get("giver"), t.get("what")
        sign = -1.0 if giver == k else 1.0
        if kind == "talents":
            value += sign * 0.04 * board.amount(f":{what}")
        elif kind == "squadron":
            value += sign * 0.3
        elif kind in ("garrison", "unalign") and what in places:
            receiver = k if giver != k else "?"
            if kind == "garrison":
                changed[what] = dict(places[what], power=receiver, marker="garrison")
            else:
                changed[what] = dict(places[what], power=None, marker=None)
    sats: dict[str, dict[str, dict[str, Any]]] = {}
    data = _data()
    for p, rec in changed.items():
        sats.setdefault(data.places[p].satrapy, {})[p] = rec
    for sat, recs in sats.items():
        value += board.vp_swing(view, sat, k, recs)
    return value


#: VPs a Place risen in Revolt is reckoned to cost (it may end a Control, 2.8)
REVOLT = 0.6


def _exhaustion(view: State, k: str, wars: int) -> float:
    """The VPs ``k`` may expect to lose to War Exhaustion (3.7.3) At War with ``wars``
    Powers: a check on the Chief Minister's Administration (less one a War beyond the
    first) and half the King's Renown; a margin under 2 raises one Revolt, under 0 two, and
    -2 or worse costs a Dynastic VP too."""
    if wars <= 0:
        return 0.0
    kd = view["kingdoms"][k]
    data = _data()
    cm, king = kd.get("chief_minister"), kd.get("king")
    admin = (data.leaders[cm].admin or 0) if cm in data.leaders else 0
    renown = int(((view.get("leaders") or {}).get(king) or {}).get("renown", 0) or 0)
    thr = round_units(2 * (admin - (wars - 1)) + renown, 2)
    cost = 0.0
    for face in range(1, 7):
        m = thr - face
        cost += REVOLT * (0 if m >= 2 else 1 if m >= 0 else 2) + (1.0 if m <= -2 else 0.0)
    return cost / 6.0


def _winter_war(view: State, prompt: Prompt, k: str) -> list[float]:
    """3.7.2: the War goes on only if both want it. Peace, the more the likelier War
    Exhaustion (3.7.3) is to raise Revolts and cost a VP by this War going on (a Kingdom
    whose Chief Minister has no Administration loses two Places a Winter)."""
    wars = [e for e in board.enemies(view, k)
            if e in view.get("kingdoms", {}) or e == "rome"]
    saved = _exhaustion(view, k, len(wars)) - _exhaustion(view, k, len(wars) - 1)
    return [1.0 + 1.5 * max(0.0, saved) if c.id == "peace" else 1.5 for c in prompt.choices]


def _offer(view: State, prompt: Prompt, k: str) -> list[float]:
    return [3.0 if c.id == "offer:done" else 0.3 for c in prompt.choices]


def _shift(view: State, prompt: Prompt, k: str) -> list[float]:
    """5.6.3: raise our own Influence rather than lower another's."""
    return [3.0 if c.id == "shift:up" else 1.0 for c in prompt.choices]


def _forestall(view: State, prompt: Prompt, k: str) -> list[float]:
    """8.6.1: try to Forestall Rome's War, by the Leader's chance (the threshold the label
    gives); freeing our Greek Cities costs their Garrisons, so rather not; never let the War
    come untried."""
    out = []
    for c in prompt.choices:
        m = re.search(r"needs (-?\d+) or less", c.label)
        chance = min(1.0, max(0.0, int(m.group(1)) / 6.0)) if m else 0.0
        if c.id.startswith("try:"):
            out.append(0.3 + 3.0 * chance)
        elif c.id.startswith("free:"):
            out.append(0.1 + 1.0 * chance)
        else:
            out.append(0.05)
    return out


def _lobby(view: State, prompt: Prompt, k: str) -> list[float]:
    rich = board.treasury(view, k) >= 10
    return [(1.5 if rich else 0.5) if c.id == "bribe:1" else 1.0 for c in prompt.choices]


def _verbs(*names: str) -> Callable[[set[str], Prompt], bool]:
    want = set(names)
    return lambda verbs, prompt: bool(verbs & want)


def _rule(prefix: str, *names: str) -> Callable[[set[str], Prompt], bool]:
    want = set(names)
    return lambda verbs, prompt: prompt.rule.startswith(prefix) and bool(verbs & want)


#: (test on the choice verbs and the prompt, handler), the first that matches decides
_HANDLERS: list[tuple[Callable[[set[str], Prompt], bool],
                      Callable[[State, Prompt, str], list[float]]]] = [
    (_rule("5.1", "act", "pass", "peace", "surrender", "trigger"), _activation),
    (_rule("5.5.1", "target"), _envoy_target),
    (_rule("5.5.2", "bribe"), _bribe),
    (_rule("5.6.2", "bribe"), _lobby),
    (_rule("5.6.3", "shift"), _shift),
    (_rule("8.6.1", "try", "accept"), _forestall),
    (_verbs("die"), _dice),
    (_rule("5.2.1", "origin"), _origin),
    (_rule("5.4.1", "origin"), _origin),
    (_verbs("target"), _campaign_target),
    (_verbs("announce"), _announce),
    (_rule("5.2.2", "add", "done", "escort"), _muster),
    (_verbs("opt"), _options),
    (_verbs("plunder"), _plunder),
    (_verbs("sd", "sdcity", "withdraw"), _reaction),
    (_rule("6.4", "support", "decline"), _sea_support),
    (_verbs("intercept"), _intercept),
    (_verbs("bid"), _bid),
    (_verbs("taxes"), _taxes),
    (_verbs("send"), _proposal),
    (_verbs("term", "back"), _proposal),
    (_rule("2.12", "accept", "refuse"), _answer),
    (lambda verbs, prompt: prompt.rule.startswith("3.7.2") and verbs == {"peace", "war"},
     _winter_war),
    (_rule("3.7", "accept", "peace", "war", "roll"), _answer),
    (_verbs("offer"), _offer),
]
