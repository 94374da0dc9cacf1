"""Land Interception (11) in the Reaction Step: the players next to the entered space may
declare an interception in turn order; the first to roll above his Initiative moves in
(11.3, 11.4). The mover may then withdraw (11.7); with optional 19.3.2 the interceptor may
attack, and the mover try to avoid that battle."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import intercept_bonus
from .armies import carry_along, mover_frame
from .ind_reaction import IndResponse, ind_askers, ind_intercepts
from .mobility import movable
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    besieged,
    commander,
    count,
    ed,
    gname,
    initiative,
    remove_units,
    sname,
)
from .prompts import ask


def interceptions(st: State, fr: dict[str, Any], seat: str) -> list[str]:
    """Spaces from which ``seat`` may intercept into the entered space (11.1, 11.8)."""
    sid, mover = fr["space"], fr["seat"]
    pc = st["pc"].get(sid)
    if not (pc in (None, seat) or count(st, sid, seat) > 0):
        return []
    if any(s not in (seat, mover) for s in st["cu"].get(sid, {})):
        return []
    g = ed().graph
    out = []
    for n in g[sid]:
        if g.edges[sid, n]["kind"] != "land":
            continue
        if not commander(st, n, seat) or not movable(st, n, seat):
            continue
        if st["pc"].get(n) == seat and besieged(st, n):
            continue
        if any(st["gen"][gg]["loc"] == n for gg in st["seg"].get("moved", []) if
               st["gen"][gg]["owner"] == seat and False):
            continue
        out.append(n)
    return out


def after_intercept(st: State, fr: dict[str, Any]) -> bool:
    """Every player asked: Independent Armies may intercept (optional 19.4), then the rolls."""
    if ind_askers(st, fr, "intercept"):
        fr["stage"] = "ind_intercept"           # optional 19.4
        return False
    fr["stage"] = "resolve"
    return True


class Intercept(Proc):
    """11.1, 11.2: each player with a general and unmoved CUs next door is asked in turn."""

    name = "intercept"

    def auto(self, st, fr):
        if fr.get("no_intercept"):
            fr["stage"] = "resolve"
            return True
        mover = fr["seat"]
        if any(s != mover and s not in fr["asked"] and interceptions(st, fr, s)
               for s in st["order"]):
            return False
        return after_intercept(st, fr)

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        s = next(x for x in st["order"] if x != mover and x not in fr["asked"]
                 and interceptions(st, fr, x))
        return ask(st, s, f"{NAMES[mover]} enters {sname(sid)}: intercept?",
                   [Choice("pass", "No interception")] +
                   [Choice(n, f"Intercept from {sname(n)} with "
                           f"{gname(commander(st, n, s))}", target=n)
                    for n in interceptions(st, fr, s)], rule="11.2")

    def answer(self, st, fr, cid):
        mover = fr["seat"]
        s = next(x for x in st["order"] if x != mover and x not in fr["asked"]
                 and interceptions(st, fr, x))
        fr["asked"].append(s)
        if cid != "pass":
            fr["declared"].append([s, cid])


class IndIntercept(IndResponse):
    """Optional 19.4: a Surprise card discarded makes an Independent Army intercept."""

    name = "ind_intercept"

    def auto(self, st, fr):
        if fr.get("no_intercept"):
            fr["stage"] = "resolve"
            return True
        return after_intercept(st, fr)


class Resolve(Proc):
    """11.3, 11.4: the declared interceptions roll in turn order; the first success moves in,
    the rest are cancelled."""

    name = "resolve"

    def auto(self, st, fr):
        sid = fr["space"]
        winner = None
        for s, src in fr["declared"]:
            if winner not in (None, s):
                continue
            g = commander(st, src, s)
            if g is None or not movable(st, src, s):
                continue
            mod = -1 if st["options"]["intercept_transit"] and \
                ed().spaces[sid].kind == "transit" else 0
            mod += intercept_bonus(st, g, sid)
            die = roll(st, 1, purpose=f"{gname(g)} intercepts at {sname(sid)}",
                       rule="11.3")[0]
            if die + mod > initiative(g):
                winner = s
                army = movable(st, src, s)
                for kind, n in army.items():
                    remove_units(st, src, s, kind, n)
                    add_units(st, sid, s, kind, n)
                st["gen"][g]["loc"] = sid
                st["seg"].setdefault("fresh", {}).setdefault(sid, {})[s] = sum(army.values())
                log(st, f"{gname(g)} ({NAMES[s]}) intercepts at {sname(sid)}", rule="11.4",
                    where=sid)
        if winner is None and fr.get("ind_int"):
            winner = "ind" if ind_intercepts(st, fr) else None
        fr["intercepted"] = winner
        can_leave = bool(winner and mover_frame(st, fr)["prev"]
                         and sum(mover_frame(st, fr)["army"].values()))
        if winner and winner != "ind" and st["options"]["interceptor_attacks"]:
            fr["stage"] = "int_role"
        else:
            fr["stage"] = "withdraw" if can_leave else "combat"
        return True


class InterceptorRole(Proc):
    """Optional 19.3.2: the successful interceptor defends or attacks."""

    name = "int_role"

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        return ask(st, fr["intercepted"], f"you intercepted {NAMES[mover]} at {sname(sid)}",
                   [Choice("defend", "Defend (the mover attacks)"),
                    Choice("attack", "Attack them yourself (19.3.2)")], rule="19.3.2")

    def answer(self, st, fr, cid):
        if cid == "attack":
            fr["int_attacks"] = True
            fr["stage"] = "mover_avoid" if mover_frame(st, fr)["prev"] else "combat"
        else:
            par = mover_frame(st, fr)
            fr["stage"] = "withdraw" if par["prev"] and sum(par["army"].values()) \
                else "combat"


class MoverAvoid(Proc):
    """Optional 19.3.2: attacked by the interceptor, the mover may try to avoid battle back
    where he came from."""

    name = "mover_avoid"

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        g = commander(st, sid, mover)
        return ask(st, mover, f"{NAMES[fr['intercepted']]} attacks you at {sname(sid)}",
                   [Choice("fight", "Accept battle"),
                    Choice("avoid", f"Try to avoid battle back to "
                           f"{sname(mover_frame(st, fr)['prev'])} (a die above "
                           f"{initiative(g)})")], rule="19.3.2")

    def answer(self, st, fr, cid):
        sid, mover = fr["space"], fr["seat"]
        par = mover_frame(st, fr)
        if cid == "avoid":
            g = commander(st, sid, mover)
            die = roll(st, 1, purpose=f"{gname(g)} avoids battle", rule="19.3.2")[0]
            if die > initiative(g):
                back = par["prev"]
                carry_along(st, par, back)
                par["done"] = True
                log(st, f"{gname(g)} avoids battle back to {sname(back)}", rule="19.3.2",
                    where=back)
                PROCS.pop(st)
                return
            fr["failed"].append(mover)
        fr["stage"] = "combat"


class Withdraw(Proc):
    """11.7: intercepted, the mover may withdraw where he came from; the activation ends."""

    name = "withdraw"

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        par = mover_frame(st, fr)
        return ask(st, mover, f"{NAMES[fr['intercepted']]} intercepted at {sname(sid)}",
                   [Choice("fight", "Fight the battle"),
                    Choice("withdraw", f"Withdraw to {sname(par.get('embark') or par['prev'])}"
                           " (the activation ends)")], rule="11.7")

    def answer(self, st, fr, cid):
        mover = fr["seat"]
        par = mover_frame(st, fr)
        if cid == "withdraw":
            back = par.get("embark") or par["prev"]
            carry_along(st, par, back)
            par["done"] = True
            log(st, f"{NAMES[mover]} withdraws to {sname(back)}", rule="11.7", where=back)
            PROCS.pop(st)
        else:
            fr["stage"] = "combat"
