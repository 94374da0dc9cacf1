"""Combat (12): force ratio, leadership, three dice a side with their modifiers, losses read
from the unmodified dice, retreat and political consequences; the response window before
the dice (7.1.1, 12.1) and Etruscan bribes (7.2.2)."""

from __future__ import annotations

import math

from rules.engine import response
from rules.engine.deck import remove
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.hands import take
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from . import board, cancels, flanking, sea_retreat
from .africa import hamilcar_returns
from .army import (
    battle_frame,
    can_pass_through,
    displace,
    do_retreat,
    eliminate_army,
    mover_frame,
    retreat_by_land,
)
from .battle_tables import force_ratio, losses
from .cards import spend
from .data import INDEPENDENT
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    add_cu,
    allied,
    ask,
    commander,
    cu,
    deciding_side,
    ed,
    enemy_cu_powers,
    friendly,
    leader_name,
    leaders_at,
    note,
    outside,
    pop,
    powers_of,
    proc,
    push,
    side_of,
    space_name,
    tactics,
)
from .sieges import start_siege

ROLES = ("attacker", "defender")


def other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


@proc
class BattleProc(Proc):
    name = "battle"

    def auto(self, st: State, fr: Frame) -> bool:
        stage = fr["stage"]
        sid = fr["space"]
        a, d = fr["attacker"], fr["defender"]
        if stage == "start":
            a_n, d_n = cu(st, sid, a), outside(st, sid, d)
            if a_n == 0 or d_n == 0:
                pop(st)
                return True
            if not fr.get("flank_asked"):                 # 9.5.6: before the battle
                fr["flank_asked"] = True
                opts = flanking.options(st, fr)
                if opts:
                    push(st, "flank", side=fr["side"], options=opts)
                    return True
            a_n += flanking.bonus(fr)
            fr["held"] = {p: sorted(s for s, sp in st["spaces"].items() if sp["ctl"] == p)
                          for p in (a, d)}               # 7.3.4: what each held at the start
            fr["start_cu"] = {"attacker": a_n, "defender": d_n}
            larger = "attacker" if a_n > d_n else ("defender" if d_n > a_n else None)
            fr["larger"] = larger
            fr["ratio"] = force_ratio(max(a_n, d_n), min(a_n, d_n)) if larger else 0
            if fr["ratio"] == "AV":
                automatic_victory(st, fr, larger)
                return True
            fr["stage"] = "roll"
            order = response.clockwise_from([s for s in st["sides"]
                                             if s not in st["out_sides"]], fr["side"])
            response.open_window(st, "battle", order, space=sid, reask=True)
            push(st, "respond", kind="battle")
            return True
        if stage == "roll":
            resolve(st, fr)
            return True
        if stage == "report":
            return False
        if stage == "retreat":
            fr["stage"] = "consequences"
            if fr.get("flank") and fr["winner"] == "defender":
                flanking.retreat(st, fr)                  # 9.5.6: both forces retreat
            start_retreat(st, fr)
            return True
        if stage == "consequences":
            pop(st)
            consequences(st, fr)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        side = deciding_side(st, fr["attacker"]) or fr["side"]
        return ask(st, side, f"battle at {space_name(fr['space'])}: "
                   f"{fr['headline']}", [Choice("ok", "Continue")],
                   kind="battle", rule="12", context=fr["report"])

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if fr["stage"] != "report":                 # no report shown: not this decision
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        fr["stage"] = "retreat"


def modifiers(st: State, fr: Frame, role: str) -> list[dict]:
    """Every modifier of one side's roll (12.2)."""
    sid = fr["space"]
    power = fr[role]
    foe = fr[other(role)]
    mods: list[dict] = []
    if fr["larger"] == role and fr["ratio"]:
        mods.append({"label": "Force ratio", "value": fr["ratio"], "rule": "12.2.1"})
    lead = tactics(st, sid, power) - tactics(st, sid, foe)
    if lead > 0:
        mods.append({"label": f"Leadership ({leader_name(commander(st, sid, power))})",
                     "value": lead, "rule": "12.2.2"})
    if friendly(st, power, sid) and sid != "garrison_box":
        mods.append({"label": "Friendly space", "value": 1, "rule": "12.2.3"})
    if role == "defender" and fr["intercepted"]:
        mods.append({"label": "Intercepted", "value": 1, "rule": "10.5.2"})
    if role == "defender" and fr["failed_avoid"]:
        mods.append({"label": "Failed to avoid", "value": -1, "rule": "11.1"})
    if role == "attacker" and fr.get("flank"):
        fl = fr["flank"]
        mods.append({"label": f"Flanking force ({leader_name(fl['leader'])}, {fl['cu']} CU)",
                     "value": 1, "rule": "9.5.6"})
    if role == "attacker" and fr["entry_kind"] in ("rough", "strait"):
        mods.append({"label": f"Attacked across a {fr['entry_kind']} connection", "value": -2,
                     "rule": "12.2.3"})
    mods += fr["mods"][role]
    return mods


def resolve(st: State, fr: Frame) -> None:
    sid = fr["space"]
    a, d = fr["attacker"], fr["defender"]
    n = {"attacker": cu(st, sid, a), "defender": outside(st, sid, d)}
    if n["attacker"] == 0 or n["defender"] == 0:
        pop(st)
        return
    n["attacker"] += flanking.bonus(fr)                # 9.5.6: army strength
    dice, totals, mods = {}, {}, {}
    for role in ROLES:
        mods[role] = modifiers(st, fr, role)
        dice[role] = roll(st, 3 + fr.get("extra_dice", {}).get(role, 0), 6,
                          purpose=f"{POWER_NAMES[fr[role]]} battle roll", rule="12.2.3")
        totals[role] = sum(dice[role]) + sum(m["value"] for m in mods[role])
    winner = "attacker" if totals["attacker"] > totals["defender"] else "defender"   # 12.2.5
    loser = other(winner)
    to_w, to_l = losses(dice[winner], dice[loser], n[winner], n[loser])
    if fr.get("no_damage"):                            # 21.3, Titus Manlius
        to_w = to_l = 0
    to_l += fr["extra_loss"][loser]
    to_w += fr["extra_loss"][winner]
    to_w, to_l = min(to_w, n[winner]), min(to_l, n[loser])
    for role, lost in ((winner, to_w), (loser, to_l)):
        if role == "attacker" and fr.get("flank"):
            flanking.take_losses(st, fr, lost)         # 9.5.6: split, odd CU to the primary
        else:
            add_cu(st, sid, fr[role], -lost)
    sp = st["spaces"][sid]
    if sp.get("inside") and sp["ctl"] == a:            # 13.4.2: the relieving army's losses
        sp["inside"] = min(sp["inside"], cu(st, sid, a))   # come first from outside
    fr.update(winner=winner, removed=to_l, n_after=n[loser] - to_l)
    headline = (f"the {POWER_NAMES[fr[winner]]} win ({totals[winner]} to {totals[loser]}); "
                f"the {POWER_NAMES[fr[loser]]} lose {to_l} CU, the "
                f"{POWER_NAMES[fr[winner]]} {to_w}")
    note(st, f"Battle at {space_name(sid)}: {headline}.", "12", where=sid)
    fr["headline"] = headline
    fr["report"] = {
        "title": f"Battle at {space_name(sid)}", "where": space_name(sid),
        "sides": [{"name": f"{POWER_NAMES[fr[r]]} ({r})", "strength": n[r],
                   "commander": leader_name(commander(st, sid, fr[r]))
                   if commander(st, sid, fr[r]) else "none",
                   "modifiers": mods[r], "dice": dice[r], "total": totals[r],
                   "hits": to_l if r == loser else to_w} for r in ROLES],
    }
    if not fr.get("side_battle"):                      # the moving army's own battle
        st["last_battle"] = {"winner": fr[winner], "av": False}
    displace(st, sid, fr[winner])
    fr["stage"] = "report"


def automatic_victory(st: State, fr: Frame, larger: str) -> None:
    """AV: no battle; the smaller army is eliminated, its leaders displaced (12.2.1)."""
    sid = fr["space"]
    smaller = other(larger)
    n = cu(st, sid, fr[smaller]) if smaller == "attacker" else outside(st, sid, fr[smaller])
    eliminate_army(st, sid, fr[smaller], n)
    displace(st, sid, fr[smaller])
    note(st, f"Automatic victory of the {POWER_NAMES[fr[larger]]} at {space_name(sid)}: "
         f"{n} CU of the {POWER_NAMES[fr[smaller]]} eliminated.", "12.2.1", where=sid)
    fr.update(winner=larger, removed=n, stage="consequences")
    if smaller == "attacker" and fr.get("flank"):
        flanking.retreat(st, fr)                       # the flanking force falls back
    if larger == "attacker" and fr.get("flank"):
        flanking.move_on(st, fr)                       # 9.5.7: both forces may move on
    if not fr.get("side_battle"):
        st["last_battle"] = {"winner": fr[larger], "av": True}


def start_retreat(st: State, fr: Frame) -> None:
    """The loser retreats (12.4): to the closest eligible space; into its own walled city in
    the space if it defended there (12.4.4); eliminated if it cannot."""
    sid = fr["space"]
    loser = other(fr["winner"])
    power = fr[loser]
    n = cu(st, sid, power) if loser == "attacker" else outside(st, sid, power)
    if fr["winner"] == "attacker":
        start_siege(st, sid, fr["attacker"])              # 13.1.2, before consequences
    if n == 0:
        displace(st, sid, power)
        return
    sp = st["spaces"][sid]
    if loser == "attacker" and sp["loy"] and sp["ctl"] == power:
        if fr.get("sortie"):                           # 13.4.1: back inside the walls
            sp["inside"] = n
            note(st, f"The {POWER_NAMES[power]} fall back inside {space_name(sid)}.",
                 "13.4.1", where=sid)
            return
        if sp.get("inside"):                           # 13.4.2: the garrison stays inside
            n -= sp["inside"]
            note(st, f"The {POWER_NAMES[power]} garrison falls back inside "
                 f"{space_name(sid)}.", "13.4.2", where=sid)
            if n <= 0:
                return
    paths = board.retreat_options(st, power, sid, n, attacker=(loser == "attacker"),
                                  entry=fr["entry"])
    sp = st["spaces"][sid]
    inside_ok = (loser == "defender" and sp["loy"] and sp["ctl"] == power
                 and cu(st, sid, power) <= 3)
    side = deciding_side(st, power)
    by_sea = sea_retreat.choices(st, fr, power, sid, n) if side is not None else []
    lend = side is not None and sea_retreat.lend_offer(st, power, sid, n)
    if side is not None and ((len(paths) + int(bool(inside_ok))) > 1 or by_sea or lend):
        push(st, "retreat", side=side, power=power, space=sid, n=n, paths=paths,
             inside=bool(inside_ok), sea=[cid for cid, _ in by_sea])
        if lend:                                       # 12.4.3, five players: his ships
            push(st, "lend", side="carthage", power=power, space=sid, n=n, what="retreat")
        return
    if inside_ok:
        sp["inside"] = cu(st, sid, power)
        note(st, f"The {POWER_NAMES[power]} retreat inside the walls.", "12.4.4", where=sid)
        return
    do_retreat(st, fr, power, sid, n, paths[0] if paths else None)


@proc
class RetreatProc(Proc):
    name = "retreat"

    def auto(self, st: State, fr: Frame) -> bool:
        """After the Carthaginian player kept his ships, a lone way is taken at once."""
        if "lent" not in fr or fr["lent"]:
            return False
        cs = self.options(st, fr)
        if len(cs) > 1:
            return False
        if cs:
            self.answer(st, fr, cs[0].id)
        else:
            pop(st)
            do_retreat(st, battle_frame(st), fr["power"], fr["space"], fr["n"], None)
        return True

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = []
        for i, path in enumerate(fr["paths"]):
            pen = board.retreat_penalty(st, fr["power"], path)
            via = " via " + ", ".join(space_name(s) for s in path[:-1]) if len(path) > 1 else ""
            cs.append(Choice(f"path:{i}", f"Retreat to {space_name(path[-1])}{via}"
                             + (f" (lose {pen} CU)" if pen else ""), target=path[-1]))
        if fr["inside"]:
            cs.append(Choice("inside", f"Retreat inside the walls of {space_name(fr['space'])}"))
        if fr.get("sea") or fr.get("lent"):                # 12.4.3
            bf = battle_frame(st)
            for cid, label in sea_retreat.choices(st, bf, fr["power"], fr["space"], fr["n"],
                                                  fr.get("lent", "")):
                if cid in fr["sea"] or cid.startswith("ships:"):
                    cs.append(Choice(cid, label, target=cid.rsplit(":", 1)[1]))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['power']]} must retreat",
                   self.options(st, fr), kind="choose-space", rule="12.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        bf = battle_frame(st)
        if cid == "inside":
            st["spaces"][fr["space"]]["inside"] = cu(st, fr["space"], fr["power"])
            note(st, f"The {POWER_NAMES[fr['power']]} retreat inside the walls.", "12.4.4",
                 where=fr["space"])
            return
        if cid.startswith(("sea:", "ships:")):
            dest = cid.rsplit(":", 1)[1]
            card = cid.split(":")[1] if cid.startswith("sea:") else ""
            if not sea_retreat.retreat_by_sea(
                    st, bf, fr["side"], fr["power"], fr["space"], fr["n"],
                    "" if card == "-" else card, dest,
                    lender=fr["lent"] if cid.startswith("ships:") else ""):
                retreat_by_land(st, bf, fr["power"], fr["space"])
            return
        path = fr["paths"][int(cid.split(":")[1])]
        do_retreat(st, bf, fr["power"], fr["space"], fr["n"], path)


def consequences(st: State, fr: Frame) -> None:
    """The winner gains half the CU the loser lost, rounded up, as support points (12.5);
    Gauls may take plunder instead (14.5); five players, they may be spent on the
    Carthaginian unrest (12.5.3: the support prompt)."""
    winner = fr[fr["winner"]]
    loser = fr[other(fr["winner"])]
    points = math.ceil(fr["removed"] / 2)
    sid = fr["space"]
    displace(st, sid, loser)
    hamilcar_returns(st, sid, loser)                   # 17.2.1: before the consequences
    if points <= 0 or winner == "rebels":              # the revolt takes no land (ruling)
        return
    side = side_of(st, winner) or deciding_side(st, winner)
    if side is None:
        auto_consequences(st, winner, loser, sid, points)
        return
    note(st, f"The {POWER_NAMES[winner]} gain {points} support point"
         f"{'s' if points > 1 else ''}.", "12.5")
    powers = [winner]
    fl = fr.get("flank")
    if fl and fr["winner"] == "attacker" and fl["power"] != winner:
        powers.append(fl["power"])                     # 9.5.6: support for the ally, if wished
    losers = [loser]
    if fl and fr["winner"] == "defender" and fl["power"] != loser:
        losers.append(fl["power"])                     # 12.5: the beaten flanking ally too
    held = fr["held"] if "held" in fr else fr.get("adjacent", {})
    push(st, "support", side=side, points=points, powers=powers, remove=losers,
         battle={"winner": winner, "loser": loser, "losers": losers, "space": sid,
                 "held": held.get(winner, [])})


def auto_consequences(st: State, winner: str, loser: str, sid: str, points: int) -> None:
    """A non-player winner deciding alone (ruling): its points turn the loser's PCs nearest
    the battle independent."""
    cands = sorted((s for s, sp in st["spaces"].items()
                    if sp["ctl"] == loser and not sp["loy"] and not cu(st, s, loser)
                    and not ed().spaces[s].fixed),
                   key=lambda s: (board.distance(sid, s), s))
    for s in cands[:points]:
        st["spaces"][s]["ctl"] = INDEPENDENT
        note(st, f"The {POWER_NAMES[winner]} turn {space_name(s)} independent.", "12.5",
             where=s)


# --- responses (7.1.1) ----------------------------------------------------------------------
def fits(st: State, side: str, card: str, kind: str, ctx: Frame) -> bool:
    """Whether a response card may be played by ``side`` in this window."""
    c = ed().cards[card]
    ev = c.event
    if kind in ("naval", "activation"):                 # Storms at Sea, Mistrust
        return cancels.fits(card, kind) and not st["flags"].get(ev["flag"])
    if not c.response or ev["do"] != kind:
        return False
    mine = powers_of(st, side)
    if kind == "battle":
        roles = [r for r in ROLES if ctx[r] in mine]
        if not roles:
            return target_role(st, side, ev, ctx) is not None
        role = roles[0]
        if ev.get("power") and ctx[role] != ev["power"]:
            return False
        if ev.get("vs") and ctx[other(role)] not in ev["vs"]:
            return False
        if ev.get("attacking") and role != "attacker":
            return False
        if ev.get("flight"):                          # 21.3 (#15): a moving army's foe flees
            mv = mover_frame(st)
            return (ctx["proc"] == "battle" and not ctx["intercepted"] and mv is not None
                    and mv["power"] == ctx["attacker"] and mv["at"] == ctx["space"])
        return True
    if kind == "siege":
        if ev.get("defending"):
            return st["spaces"][ctx["space"]]["ctl"] in mine
        return ctx["power"] in mine
    return False


def target_role(st: State, side: str, ev: dict, ctx: Frame) -> str | None:
    """The role a battle response strikes. A side in the battle strikes its foe; a side out
    of it may play a card aimed at a named power that fights there, if that card asks
    nothing of its own army (7.1.1: Obesus Etruscus before any battle with the Etruscans)."""
    mine = powers_of(st, side)
    roles = [r for r in ROLES if ctx[r] in mine]
    if roles:
        return other(roles[0])
    if not ev.get("vs") or any(ev.get(k) for k in ("own", "attacking", "power", "dice",
                                                    "flight")):
        return None
    for r in ROLES:
        if ctx[r] in ev["vs"] and not any(allied(st, p, ctx[r]) for p in mine):
            return r
    return None


def bribe_possible(st: State, side: str, bf: Frame) -> bool:
    """Etruscan bribe (7.2.2): an enemy army enters a space with an Etruscan army (it backs
    up), or an Etruscan army on the move enters enemy CU (it may go through them, so only
    when it can move on from there)."""
    if "etruscans" not in powers_of(st, side) or st["flags"].get("mines_depleted"):
        return False
    if bf["attacker"] == "etruscans" and not bf["intercepted"]:
        mv = mover_frame(st)
        return mv is not None and mv["power"] == "etruscans" and can_pass_through(st, mv)
    back = bf["entry"]
    return (bf["defender"] == "etruscans" and back is not None
            and not bf["intercepted"] and back in st["spaces"]
            and all(p == bf["attacker"] for p in st["cu"].get(back, {})))   # 15.3


@proc
class RespondProc(Proc):
    """Every player in turn, clockwise from the active one, may play responses (7.1.1);
    everyone is asked, holder or not."""

    name = "respond"

    def auto(self, st: State, fr: Frame) -> bool:
        if response.current(st) is None:
            pop(st)
            return True
        return False

    def context(self, st: State, fr: Frame) -> Frame:
        if fr["kind"] in ("naval", "activation"):
            return response.current(st)
        if fr["kind"] == "battle":
            for f in reversed(st["stack"]):
                if f["proc"] in ("battle", "unrest_attack"):      # 20.3: a battle too
                    return f
        for f in reversed(st["stack"]):
            if f["proc"] == "siege":
                return f
        raise RuntimeError("no siege in progress")

    def options(self, st: State, fr: Frame) -> list[Choice]:
        window = response.current(st)
        side = response.asked_seat(window)
        ctx = self.context(st, fr)
        cs = [Choice("pass", "No response")]
        for card in st["hands"][side]:
            if fits(st, side, card, fr["kind"], ctx):
                c = ed().cards[card]
                cs.append(Choice(f"card:{card}", f"Play {c.title}: {c.text}"))
        if fr["kind"] == "battle" and bribe_possible(st, side, ctx):
            for card in st["hands"][side]:
                if ed().cards[card].value == 3:
                    cs.append(Choice(f"bribe:{card}", f"Bribe the enemy with "
                                     f"{ed().cards[card].title} (removed)"))
            if st["dt"].get(side):
                cs.append(Choice("bribe:dt", "Bribe the enemy with Desperate Times"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        window = response.current(st)
        side = response.asked_seat(window)
        ctx = self.context(st, fr)
        if fr["kind"] == "naval":
            text = (f"the {POWER_NAMES[ctx['power']]} are about to sail from "
                    f"{space_name(ctx['space'])} to {space_name(ctx['dest'])}. Any response?")
        elif fr["kind"] == "activation":
            text = "Carthage is activated. Any response?"
        elif ctx["proc"] == "unrest_attack":
            text = (f"{leader_name(ctx['leader'])} ({ctx['n']} CU) attacks the Carthaginian "
                    f"unrest (level {st['unrest']}). Any response?")
        elif fr["kind"] == "battle":
            text = (f"battle at {space_name(ctx['space'])}: {POWER_NAMES[ctx['attacker']]} "
                    f"({cu(st, ctx['space'], ctx['attacker'])} CU) attack "
                    f"{POWER_NAMES[ctx['defender']]} "
                    f"({outside(st, ctx['space'], ctx['defender'])} CU). Any response?")
        else:
            text = f"siege of {space_name(ctx['space'])}. Any response?"
        return ask(st, side, text, self.options(st, fr), kind="choose-card", rule="7.1.1",
                   context={"where": space_name(ctx["space"])})

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        window = response.current(st)
        side = response.asked_seat(window)
        if cid == "pass":
            response.pass_turn(st)
            return
        verb, _, card = cid.partition(":")
        ctx = self.context(st, fr)
        if verb == "bribe":
            if card == "dt":
                st["dt"][side] -= 1
            else:
                take(st, side, card)
                remove(st["decks"][side], card)
            bribe(st, ctx)
            st["windows"].pop()
            return
        spend(st, side, card, as_event=True)
        response.record_play(st, card)
        c = ed().cards[card]
        note(st, f"The {SIDE_NAMES[side]} player responds with {c.title}.", "7.1.1")
        ev = c.event
        if ev.get("flight"):
            flight(st, ctx)
            st["windows"].pop()
            return
        if fr["kind"] in ("naval", "activation"):
            st["flags"][ev["flag"]] = True
            note(st, {"naval": "Storms at Sea: no naval movement for the rest of the round.",
                      "activation": "Carthaginian Mistrust: Carthage may not be activated "
                                    "for the rest of the turn."}[fr["kind"]], "7.1.1")
        elif fr["kind"] == "battle":
            foe = target_role(st, side, ev, ctx)
            role = other(foe)
            if ev.get("own"):
                ctx["mods"][other(foe)].append({"label": c.title, "value": ev["own"],
                                                "rule": "7.1.1"})
            if ev.get("enemy"):
                ctx["mods"][foe].append({"label": c.title, "value": ev["enemy"],
                                         "rule": "7.1.1"})
            if ev.get("enemy_loss"):
                ctx["extra_loss"][foe] += ev["enemy_loss"]
            if ev.get("no_damage"):                     # 21.3 (#11): the dice hit no one
                ctx["no_damage"] = True
            if ev.get("dice"):                          # example 20.3: a fourth die
                more = ctx.setdefault("extra_dice", {"attacker": 0, "defender": 0})
                more[role] += ev["dice"]
        else:
            ctx["mods"].append({"label": c.title, "value": ev["mod"], "rule": "7.1.1"})


def flight(st: State, bf: Frame) -> None:
    """Flight Before the Barbarians (21.3): no battle; the defenders go back to a friendly
    space as a retreat, with its losses (the first of the closest ways: ruling), no support
    for anyone, and the attacking army may move on as if no battle had been fought."""
    sid, power = bf["space"], bf["defender"]
    n = outside(st, sid, power)
    paths = board.retreat_options(st, power, sid, n, attacker=False, entry=bf["entry"])
    note(st, f"The {POWER_NAMES[power]} flee before the {POWER_NAMES[bf['attacker']]}.",
         "21.3", where=sid)
    do_retreat(st, {"removed": 0}, power, sid, n, paths[0] if paths else None)
    st["stack"].remove(bf)
    mv = mover_frame(st)
    if mv is not None:
        mv["pending"] = ["engage"]                    # on, as after an automatic victory


def bribe(st: State, bf: Frame) -> None:
    """The bribed army backs up to the space it came from and its move ends; or the
    Etruscan army goes through the bribed CU, which may not intercept it (7.2.2)."""
    mv = mover_frame(st)
    if bf["attacker"] == "etruscans" and mv is not None and mv["power"] == "etruscans":
        sid = bf["space"]
        bribed = enemy_cu_powers(st, "etruscans", sid)
        mv.setdefault("bribed", []).extend(f"{sid}|{p}" for p in bribed)
        mv["pending"] = []
        note(st, f"The Etruscans bribe the "
             f"{' and '.join(POWER_NAMES[p] for p in bribed)} at {space_name(sid)} and march "
             "through.", "7.2.2", where=sid)
        st["stack"].remove(bf)
        return
    sid, power = bf["space"], bf["attacker"]
    n = cu(st, sid, power)
    back = bf["entry"]
    add_cu(st, sid, power, -n)
    add_cu(st, back, power, n)
    for lid in leaders_at(st, sid, power):
        st["leaders"][lid] = back
    if mv is not None:
        mv["at"] = back
        mv["stage"] = "done"
        mv["pending"] = []
    note(st, f"The Etruscans bribe the {POWER_NAMES[power]}, who fall back to "
         f"{space_name(back)}.", "7.2.2", where=back)
    # the battle ends without a fight
    st["stack"].remove(bf)
