"""Movement (9): an activated leader's army moves space by space, takes and drops CU and
subordinates (9.5.2), sails (9.6, in sea_moves.py), meets interception (10, interception.py) and
the enemy (9.3, 11, avoidance.py), raids (Gauls, 14.2), and ends its action (13.1.1, 17.2.2)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from . import board
from .africa import carthago_check
from .army import MAX_ARMY, besieged, can_finish, may_enter, may_stop, raidable, relocate
from .avoidance import engage
from .cancels import ask_storms
from .data import INDEPENDENT
from .interception import offer_interceptions
from .model import (
    State,
    add_cu,
    ask,
    cu,
    ed,
    five,
    leader_name,
    leaders_at,
    militia,
    note,
    outside,
    pop,
    proc,
    space_name,
)
from .nonplayer import start_unrest_attack, unrest_fighters
from .plunder import add_plunder
from .sea_moves import naval_capacity, on_lent_ships, ports_from, sail, transports_card
from .sieges import siege_table, start_siege


@proc
class MoveProc(Proc):
    name = "move"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["stage"] == "done":
            end_of_action(st, fr)
            return True
        if not fr["pending"]:
            if fr["stage"] == "go" and fr["mp"] <= 0 and may_stop(st, fr):
                fr["stage"] = "done"
                return True
            return False
        step = fr["pending"].pop(0)
        if step == "intercept":
            offer_interceptions(st, fr)
        elif step == "engage":
            engage(st, fr)
        elif step == "after_battle":
            after_battle(st, fr)
        elif step.startswith("sail:"):                  # the Storms at Sea window closed
            if st["flags"].get("storms_at_sea"):
                note(st, f"Storms at Sea: {leader_name(fr['leader'])} cannot sail.", "7.1.1",
                     where=fr["at"])
            else:
                sail(st, fr, step.split(":", 1)[1])
        return True

    def options(self, st: State, fr: Frame) -> list[Choice]:
        power, at = fr["power"], fr["at"]
        if fr["stage"] == "take" and besieged(st, at, power):
            return [Choice("sortie", f"Sortie with {cu(st, at, power)} CU against the "
                           f"besiegers"), Choice("stop", "Stay inside the walls")]  # 13.4.1
        if fr["stage"] == "take":
            most = min(MAX_ARMY, outside(st, at, power))
            sizes = list(range(most, 0, -1))
            if not ed().leaders[fr["leader"]].consul or most == 0:
                sizes.append(0)                     # 9.1.2: a consul keeps a Roman CU
            return [Choice(f"take:{n}", f"Move with {n} CU" if n else "Move the leader alone")
                    for n in sizes]
        cs: list[Choice] = []
        for sid in board.neighbours(st, at):
            c = board.cost(st, power, at, sid)
            if fr.get("pursuing") and at not in ed().one_way and board.rough(power, at, sid):
                continue                            # 11.4: no pursuit across rough or strait
            if c <= fr["mp"] and may_enter(st, fr, sid) and \
                    can_finish(st, fr, sid, fr["mp"] - c):
                kind = "" if at in ed().one_way else board.effective_kind(power, at, sid)
                extra = f", {kind}" if kind and kind != "clear" else ""
                cs.append(Choice(f"to:{sid}", f"To {space_name(sid)} ({c} MP{extra})",
                                 target=sid, group="Move"))
        for sid in ports_from(st, fr):
            ships = " on Carthaginian ships" if on_lent_ships(st, fr, sid) else ""
            if not ships and naval_capacity(st, fr, sid) == 0:
                ships = f", playing {ed().cards[transports_card(st, fr)].title}"
            cs.append(Choice(f"sail:{sid}", f"Sail to {space_name(sid)}{ships} (3 MP)",
                             target=sid, group="Sail"))
        if raidable(st, fr):
            cs.append(Choice("raid", f"Raid {space_name(at)} (1 MP)", target=at))
        if unrest_in_reach(st, fr):
            cs.append(Choice("unrest", f"Attack the unrest (level {st['unrest']}, 1 MP)",
                             target=at))
        spare = min(MAX_ARMY - fr["cu"], outside(st, at, power) - fr["cu"])
        alone = all(q == power for q in st["cu"].get(at, {}))
        if spare > 0:
            cs.append(Choice(f"pick:{spare}", f"Pick up {spare} CU here", group="Army"))
        if fr["cu"] > 1 and alone and fr["path"][-1] == at and len(fr["path"]) > 1:
            for n in sorted({1, fr["cu"] // 2}):
                cs.append(Choice(f"drop:{n}", f"Leave {n} CU here", group="Army"))
        for lid in subordinates_here(st, fr):
            cs.append(Choice(f"with:{lid}", f"{leader_name(lid)} goes along as a subordinate",
                             group="Army"))
        if may_stop(st, fr) or not cs:
            cs.append(Choice("stop", f"Stop at {space_name(at)}"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        lid = fr["leader"]
        text = (f"{leader_name(lid)} at {space_name(fr['at'])}: how many CU march?"
                if fr["stage"] == "take" else
                f"{leader_name(lid)} with {fr['cu']} CU at {space_name(fr['at'])}, "
                f"{fr['mp']} MP left")
        return ask(st, fr["side"], text, self.options(st, fr), kind="choose-space", rule="9",
                   context={"leader": lid, "mp": fr["mp"]})

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        verb, _, arg = cid.partition(":")
        if verb == "sortie":                        # 13.4.1: out of the walls, no interception
            at = fr["at"]
            fr.update(cu=cu(st, at, fr["power"]), stage="go", sortie=True, pending=["engage"])
            st["spaces"][at]["inside"] = 0
            note(st, f"{leader_name(fr['leader'])} sorties from {space_name(at)} with "
                 f"{fr['cu']} CU.", "13.4.1", where=at)
            return
        if verb == "take":
            fr["cu"] = int(arg)
            fr["stage"] = "go"
            take_militia(st, fr, int(arg))
            return
        if verb == "stop":
            fr["stage"] = "done"
            return
        if verb == "raid":
            raid(st, fr)
            return
        if verb == "unrest":                        # 20.3: with the last MP, from the box
            fr["mp"] -= 1
            fr["stage"] = "done"
            start_unrest_attack(st, fr["side"], fr["leader"], unrest_movers(st, fr),
                                campaign=bool(fr.get("campaign")))
            return
        if verb == "pick":                          # 9.1.2: up to 10 CU at any instant
            fr["cu"] += int(arg)
            take_militia(st, fr, int(arg))
            note(st, f"{leader_name(fr['leader'])} picks up {arg} CU at "
                 f"{space_name(fr['at'])}.", "9.1.2", where=fr["at"])
            return
        if verb == "with":
            fr.setdefault("escort", []).append(arg)
            note(st, f"{leader_name(arg)} goes along with {leader_name(fr['leader'])}.",
                 "8.2.1", where=fr["at"])
            return
        if verb == "drop":
            fr["cu"] -= int(arg)
            fr["militia"] = max(0, fr.get("militia", 0) - int(arg))   # the militia stay
            note(st, f"{leader_name(fr['leader'])} leaves {arg} CU at {space_name(fr['at'])}.",
                 "9.1.2", where=fr["at"])
            return
        if verb == "to":
            step(st, fr, arg, board.cost(st, fr["power"], fr["at"], arg))
        elif verb == "sail":
            if ask_storms(st, fr["side"], fr["power"], fr["at"], arg):
                fr["pending"] = [f"sail:{arg}"]
            else:
                sail(st, fr, arg)


def unrest_movers(st: State, fr: Frame) -> int:
    """The moving CU that may attack the unrest: with a Campaign, not those of its first
    attack (20.3)."""
    camp = next((f for f in reversed(st["stack"]) if f["proc"] == "campaign"), None) \
        if fr.get("campaign") else None
    return min(fr["cu"], unrest_fighters(st, camp))


def unrest_in_reach(st: State, fr: Frame) -> bool:
    """Five players: a Carthaginian army that has reached the Garrison box may attack the
    unrest with a movement point left (20.3, the third example)."""
    return (fr["at"] == "garrison_box" and fr["power"] == "carthage" and five(st)
            and fr["stage"] == "go" and fr["mp"] >= 1 and st["unrest"] > 0
            and unrest_movers(st, fr) > 0)


def subordinates_here(st: State, fr: Frame) -> list[str]:
    """Other leaders of the moving power where the army stands, not yet with it: they may
    go along as subordinates (8.2.1, 9.5.2); Bomilcar never leaves Africa (17.1.1); a minor
    leader takes no named leader along (9.1.2)."""
    escort = fr.get("escort", [])
    out = []
    for lid in leaders_at(st, fr["at"], fr["power"]):
        if lid == fr["leader"] or lid in escort:
            continue
        if ed().leaders[lid].africa and not ed().leaders[fr["leader"]].africa:
            continue
        if ed().leaders[lid].named and not ed().leaders[fr["leader"]].named:
            continue                                # 8.2.1, 9.1.2: never under a minor one
        out.append(lid)
    return out


def take_militia(st: State, fr: Frame, n: int) -> None:
    """An army taking ``n`` more CU takes the other Carthaginian CU first, then militia
    (17.1.2: those may not leave Africa)."""
    if fr["power"] != "carthage":
        return
    at = fr["at"]
    free = cu(st, at, "carthage") - militia(st, at) - (fr["cu"] - n - fr.get("militia", 0))
    fr["militia"] = fr.get("militia", 0) + max(0, n - max(0, free))


def step(st: State, fr: Frame, dest: str, mp: int) -> None:
    fr["mp"] -= mp
    fr["entry"] = dest if fr["at"] in ed().one_way else fr["at"]
    fr["entry_kind"] = "rough" if fr["at"] in ed().one_way else \
        board.effective_kind(fr["power"], fr["at"], dest)
    relocate(st, fr, dest)
    note(st, f"{leader_name(fr['leader'])} ({fr['cu']} CU) moves to {space_name(dest)}.",
         "9.2", where=dest)
    if fr["cu"]:
        fr["pending"] = ["intercept", "engage"]


def raid(st: State, fr: Frame) -> None:
    """Raid (14.2-14.3): 1 MP, a roll on the siege table; a success turns the PC
    independent and adds a plunder marker."""
    fr["mp"] -= 1
    at, power = fr["at"], fr["power"]
    total = sum(roll(st, 2, 6, purpose=f"Raid on {space_name(at)}", rule="14.2"))
    points, loss = siege_table(total)
    if loss:
        add_cu(st, at, power, -loss)
        fr["cu"] = max(0, fr["cu"] - loss)
    if points:
        st["spaces"][at]["ctl"] = INDEPENDENT
        note(st, f"The raid on {space_name(at)} succeeds: it becomes independent.", "14.3",
             where=at)
        add_plunder(st, power, 1)
    else:
        note(st, f"The raid on {space_name(at)} fails.", "14.2", where=at)
    if fr["cu"] == 0 and cu(st, at, power) == 0:
        fr["stage"] = "done"


# --- after a battle, the end of the action ---------------------------------------------------
def after_battle(st: State, fr: Frame) -> None:
    """After a battle the army stops, unless it won an automatic victory (9.4.1, 12.2.1)."""
    outcome = st.pop("last_battle", {})
    at, power = fr["at"], fr["power"]
    if st["leaders"].get(fr["leader"]) != at or cu(st, at, power) == 0:
        fr["stage"] = "done"
        fr["cu"] = 0
        return
    fr["cu"] = min(fr["cu"], cu(st, at, power))
    if outcome.get("winner") == power and outcome.get("av") and not fr["intercepted"]:
        fr["pending"] = ["engage"]
        return
    fr["stage"] = "done"


def end_of_action(st: State, fr: Frame) -> None:
    """The action ends: a 0 siege marker outside an enemy walled city or in an enemy tribe
    not yet besieged (13.1.1); the Carthago check (17.2.2)."""
    pop(st)
    if fr.get("np"):
        st.pop("np_ally", None)
    at, power = fr["at"], fr["power"]
    if at in st["spaces"] and cu(st, at, power) > 0:
        start_siege(st, at, power)
    carthago_check(st)
