"""The ``bot`` seat's weights for the prompts that decide the game, from values in VP
(:mod:`.bot_cards`, :mod:`.bot_values`): a choice worth ``v`` VP weighs ``exp(SHARP * v)``,
so a clearly better choice is nearly always taken and close ones are mixed. A prompt (or a
choice) this module does not know returns None: the rules of thumb of :mod:`.bot` decide.
"""

from __future__ import annotations

import math

from rules.engine.game import Prompt

from .bot_cards import (
    card_worth,
    event_value,
    leader_prospect,
    ops_value,
    siege_value,
    support_choice_value,
    use_choice_value,
)
from .bot_values import Ctx, _threat, goals, prospect
from .model import ed

#: how sharply a better value is preferred (per VP)
SHARP = 3.0
#: marching is sharper: a step closer to a goal is a small gain in value
MARCH = 5.0


def weight(value: float, sharp: float = SHARP) -> float:
    return math.exp(sharp * max(-3.0, min(3.0, value)))


def weights(c: Ctx, top: str, prompt: Prompt) -> list[float | None] | None:
    """A weight per choice (None: leave that choice to the rules of thumb), or None."""
    handler = HANDLERS.get(top)
    if handler is None:
        return None
    return handler(c, prompt)


def _frame(c: Ctx) -> dict:
    return c.view["stack"][-1]


def active(c: Ctx, prompt: Prompt) -> list[float | None]:
    cache: dict[str, float] = {}
    ids = [ch.id for ch in prompt.choices]
    playing = any(i.startswith("play:") for i in ids)
    out: list[float | None] = []
    for cid in ids:
        verb, _, arg = cid.partition(":")
        if verb == "play":
            out.append(weight(card_worth(c, arg, cache)))
        elif verb == "end":
            out.append(weight(-0.6) if playing else 1.0)
        elif verb == "npa":
            out.append(weight(-0.3) if playing else 0.3)
        elif verb == "solidarity" and arg in c.view["spaces"]:
            # 14.6: a plunder marker (1/6 VP) for a home space back; a victory space
            # saves a VP at every scoring to come (5.8.1)
            out.append(weight(c.gain(arg, "gauls") - 1 / 6))
        else:
            out.append(None)
    return out


def use(c: Ctx, prompt: Prompt) -> list[float | None]:
    cache: dict[str, float] = {}
    card = _frame(c)["card"]
    return [weight(use_choice_value(c, ch.id, card, cache)) for ch in prompt.choices]


def campaign(c: Ctx, prompt: Prompt) -> list[float | None]:
    cache: dict[str, float] = {}
    out: list[float | None] = []
    for ch in prompt.choices:
        verb, _, arg = ch.id.partition(":")
        if verb == "move":
            out.append(weight(leader_prospect(c, arg, cache)))
        elif verb == "siege":
            out.append(weight(siege_value(c, arg)))
        elif verb == "finish":
            out.append(weight(0.0))
        else:
            out.append(None)
    return out


def move(c: Ctx, prompt: Prompt) -> list[float | None]:
    fr = _frame(c)
    power, at, n, mp = fr["power"], fr["at"], fr.get("cu", 0), fr.get("mp", 0)
    if power not in c.powers and not fr.get("np"):
        return [None] * len(prompt.choices)
    ids = [ch.id for ch in prompt.choices]
    if any(i.startswith("take:") for i in ids):
        most = max(int(i.split(":")[1]) for i in ids if i.startswith("take:"))
        keep = _garrison(c, at, most)
        want = max(1, most - keep) if most else 0
        return [(10.0 if int(i.split(":")[1]) == want else 1.0 + int(i.split(":")[1]) / 10)
                if i.startswith("take:") else None for i in ids]
    if n == 0:
        return [None] * len(ids)
    gl = dict(goals(c, power, n))
    glist = list(gl.items())
    out: list[float | None] = []
    for cid in ids:
        verb, _, arg = cid.partition(":")
        if verb in ("to", "sail") and arg in c.view["spaces"]:
            left = mp - (3 if verb == "sail" else 1)
            foes = c.foes_at(arg, power)
            if foes:
                chance = c.battle_at(arg, power, n)
                val = gl.get(arg, 0.0) if chance >= 0.5 else (chance - 0.55) * 2
            else:
                val = prospect(c, arg, glist, max(1, left)) - 0.02
            if verb == "sail":
                val -= 0.1
            out.append(weight(val, MARCH))
        elif verb == "stop":
            val = gl.get(at, 0.0)
            owner = c.view["spaces"][at]["ctl"]
            if owner not in c.friends:
                val -= 0.03
            out.append(weight(val + 0.01, MARCH))
        elif verb == "pick":
            spare = int(arg) if arg.isdigit() else 0
            out.append(weight(0.15 - _guard(c, at, n + spare), MARCH))
        elif verb == "drop":
            out.append(weight(-0.3 + _guard(c, at, n), MARCH))
        elif verb == "with":
            out.append(weight(0.0, MARCH))
        elif verb == "raid":
            # 14.2, 14.3: a plunder marker, and the enemy PC made independent
            out.append(weight(0.15 + c.plunder(1) + max(0.0, c.gain(at, "independent")),
                              MARCH))
        else:
            out.append(None)
    return out


def _guard(c: Ctx, at: str, army: int) -> float:
    """What the Gallic player loses if his army leaves a home victory space it stands on
    with no other CU of his there (5.8.1, 7.3.3: an empty one falls to a support point)."""
    if not (c.side == "gauls" and c.team_sides == ["gauls"] and ed().spaces[at].vp
            and ed().spaces[at].home == "gauls" and c.ours(at)):
        return 0.0
    return 0.6 if c.cu(at, c.friends) <= army else 0.0


def _garrison(c: Ctx, at: str, most: int) -> int:
    """CU to leave in an own victory city the army marches out of: as many as its loyalty
    (so enemy support cannot cut it, 7.3.3), if the army can spare them. The Gauls leave
    one in a home victory space without a walled city too: support removes a PC only where
    its power has no CU (7.3.3), and each one lost costs them a VP a turn (5.8.1)."""
    sp = c.view["spaces"][at]
    if not (ed().spaces[at].vp and sp["ctl"] in c.friends):
        return 0
    if c.side == "gauls" and ed().spaces[at].home == "gauls" and most >= 2:
        return max(1, min(sp["loy"], most // 3))
    if not sp["loy"] or most < 4:
        return 0
    return min(sp["loy"], most // 3)


def defend(c: Ctx, prompt: Prompt) -> list[float | None]:
    fr = _frame(c)
    at, p = fr["space"], fr["power"]
    mv = next((f for f in reversed(c.view["stack"]) if f.get("proc") == "move"), None)
    theirs = mv.get("cu", 0) if mv else c.foes_at(at, p)
    ours = c.cu(at, [p])
    lead = c.tactics(at, p) - (ed().leaders[mv["leader"]].tactics if mv else 0)
    owner = c.view["spaces"][at]["ctl"]
    friendly = owner in c.friends
    win = c.win_chance(ours, theirs, lead, attacking=False, friendly_here=friendly,
                       their_ground=False)
    win_failed = c.win_chance(ours, theirs, lead - 1, attacking=False, friendly_here=friendly,
                              their_ground=False)
    ptac = min(1.0, c.tactics(at, p) / 6)
    stake = 0.3 * max(0.0, c.held_value(at, owner)) if friendly else 0.0
    out: list[float | None] = []
    for ch in prompt.choices:
        verb = ch.id.partition(":")[0]
        if verb == "stand":
            out.append(weight(2 * (win - 0.5) + stake * win))
        elif verb == "avoid":
            out.append(weight((1 - ptac) * 2 * (win_failed - 0.5) - 0.1 - stake))
        elif verb == "inside":
            out.append(weight(-0.05))
        elif verb in ("sea", "ships"):
            out.append(weight((1 - ptac) * 2 * (win_failed - 0.5) - 0.25 - stake))
        else:
            out.append(None)
    return out


def intercept(c: Ctx, prompt: Prompt) -> list[float | None]:
    fr = _frame(c)
    target = fr.get("target")
    mv = next((f for f in reversed(c.view["stack"]) if f.get("proc") == "move"), None)
    theirs = mv.get("cu", 0) if mv else 0
    their_lead = ed().leaders[mv["leader"]].tactics if mv else 0
    out: list[float | None] = []
    for ch in prompt.choices:
        if ch.id == "no":
            out.append(1.0)
            continue
        if not ch.id.startswith("icpt:") or target not in c.view["spaces"]:
            out.append(None)
            continue
        src, _, p = ch.id.split(":", 1)[1].partition("|")
        ours = min(10, c.cu(src, [p]))
        lead = c.tactics(src, p) - their_lead
        owner = c.view["spaces"][target]["ctl"]
        win = c.win_chance(ours, theirs, lead + 1, attacking=False,
                           friendly_here=owner in c.friends, their_ground=False)
        stake = 0.3 * max(0.0, c.held_value(target, owner)) if owner in c.friends else 0.0
        out.append(weight(2 * (win - 0.55) + stake * win))
    return out


def support(c: Ctx, prompt: Prompt) -> list[float | None]:
    battle = _frame(c).get("battle")
    out: list[float | None] = []
    for ch in prompt.choices:
        if ch.id == "done":
            out.append(weight(-0.15))
        else:
            out.append(weight(support_choice_value(c, ch.id, battle)))
    return out


def place(c: Ctx, prompt: Prompt) -> list[float | None]:
    leaders = {}
    for lid, at in c.view["leaders"].items():
        if at in c.view["spaces"] and ed().leaders[lid].power in c.friends:
            leaders[at] = max(leaders.get(at, 0), ed().leaders[lid].tactics)
    out: list[float | None] = []
    for ch in prompt.choices:
        sid = ch.id.split(":")[-1]
        if sid not in c.view["spaces"]:
            out.append(None)
            continue
        val = 0.05
        if sid in leaders:
            val += 0.2 + 0.05 * leaders[sid]
        if ed().spaces[sid].vp and c.ours(sid):
            val += _threat(c, sid)
            if c.side == "gauls" and ed().spaces[sid].home == "gauls":
                # 5.8.1, 7.3.3: an empty one falls to a support point, a raid or an event
                held = c.cu(sid, c.friends)
                val += 1.0 if held == 0 else 0.3 / held
        out.append(weight(val))
    return out


def discard(c: Ctx, prompt: Prompt) -> list[float | None]:
    cache: dict[str, float] = {}
    out: list[float | None] = []
    for ch in prompt.choices:
        verb, _, card = ch.id.partition(":")
        if verb == "keep":
            out.append(1.0)
        elif verb == "drop" and card in ed().cards:
            out.append(weight(0.2 - card_worth(c, card, cache)))
        else:
            out.append(None)
    return out


def respond(c: Ctx, prompt: Prompt) -> list[float | None]:
    return [{"pass": 1.0, "card": weight(0.35), "bribe": weight(0.2)}.get(
        ch.id.partition(":")[0]) for ch in prompt.choices]


def dt_window(c: Ctx, prompt: Prompt) -> list[float | None]:
    val = ops_value(c, 3, {}) - 0.9
    return [weight(val) if ch.id == "yes" else 1.0 if ch.id == "no" else None
            for ch in prompt.choices]


def dt_offer(c: Ctx, prompt: Prompt) -> list[float | None]:
    turns = int(c.view.get("turns", 9))
    left = max(0, turns - int(c.view.get("turn", 1)))
    dts = int(c.view.get("dt", {}).get(c.side, 0))
    val = ops_value(c, 3, {}) - 0.5 * left / max(1, turns) * (1 if dts > 1 else 2)
    return [weight(val) if ch.id == "yes" else 1.0 if ch.id == "no" else None
            for ch in prompt.choices]


def dt_action(c: Ctx, prompt: Prompt) -> list[float | None]:
    cache: dict[str, float] = {}
    out: list[float | None] = []
    for ch in prompt.choices:
        verb, _, card = ch.id.partition(":")
        if verb == "ops":
            out.append(weight(ops_value(c, 3, cache)))
        elif verb == "refresh":
            out.append(weight(0.2))
        elif verb == "search" and card in ed().cards:
            out.append(weight(event_value(c, card, cache) - 0.05))
        else:
            out.append(None)
    return out


def refuse(c: Ctx, prompt: Prompt) -> list[float | None]:
    fr = _frame(c)
    at, p, foe = fr["space"], fr["power"], fr["foe"]
    win = c.win_chance(c.cu(at, [p]), c.cu(at, [foe]), c.tactics(at, p) - c.tactics(at, foe)
                       - 1, attacking=True, friendly_here=c.ours(at), their_ground=False)
    return [weight(2 * (win - 0.5)) if ch.id == "fight" else 1.0 if ch.id == "refuse"
            else None for ch in prompt.choices]


HANDLERS = {"active": active, "use": use, "campaign": campaign, "move": move,
            "defend": defend, "intercept": intercept, "support": support, "place": place,
            "discard": discard, "respond": respond, "dt_window": dt_window,
            "dt_offer": dt_offer, "dt_action": dt_action, "refuse": refuse}
