"""Movement (9): activated leaders move armies of up to 10 CU; interception (10); avoiding
battle (11); naval movement (9.6); Gallic raids (14.2)."""

from __future__ import annotations

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from . import board, naval
from .model import (
    INDEPENDENT,
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
    enemy_power,
    five,
    friendly,
    home_of,
    is_tribal,
    is_walled,
    leader_name,
    leaders_at,
    militia,
    move_militia,
    note,
    outside,
    pop,
    powers_here,
    proc,
    push,
    space_name,
    tactics,
)

MAX_ARMY = 10                                            # 9.1.1


def movement_points(power: str, value: int) -> int:
    """4 MP; Gauls 3/4/5 by the card's value; Transalpine Gauls 5 (9.2)."""
    if power == "gauls":
        return {1: 3, 2: 4, 3: 5}[value]
    if power == "transalpine":
        return 5
    return 4


def start_move(st: State, side: str, lid: str, value: int, *, np_power: str | None = None,
               campaign: bool = False, mp: int | None = None) -> None:
    """The activated leader's move (``mp``: the points he has left, moving on after a
    coordinated automatic victory, 9.5.7). Five players, an army of Carthage's ally in a
    port: the Carthaginian player may first offer his ships (9.6.3)."""
    power = ed().leaders[lid].power
    at = st["leaders"][lid]
    if np_power:
        st["np_ally"] = [np_power, side]                # 16.1.2
    push(st, "move", side=side, leader=lid, power=power, value=value,
         mp=movement_points(power, value) if mp is None else mp, at=at, prev=None,
         path=[at], cu=0, stage="take", pending=[], entry=None, intercepted=False,
         failed_avoid=False, sailed=False, np=np_power, campaign=campaign)
    if ed().spaces[at].port and naval.lenders_cards(st, power, side, 1):
        push(st, "lend", side="carthage", power=power, space=at, n=0, what="move",
             leader=lid)


# --- where an army may go ------------------------------------------------------------------------
def may_enter(st: State, fr: Frame, sid: str) -> bool:
    """Restrictions on entering ``sid`` (9.4.4, 16.3, 17.1.1, 19)."""
    power, lone = fr["power"], fr["cu"] == 0
    spd = ed().spaces[sid]
    if spd.box:
        return False                                    # boxes are left, not entered by land
    if lone and enemy_cu_powers(st, power, sid, only_outside=False):
        return False                                    # 9.4.4
    if ed().leaders[fr["leader"]].africa and spd.region != "africa":
        return False                                    # 17.1.1
    if fr.get("militia") and spd.region != "africa":
        return False                                    # 17.1.2
    if power == "carthage" and not five(st) and spd.region == "italy":
        return False                                    # 16.3
    if power == "volsci" and not (sid == "antium" or home_of(sid) == "rome"):
        return False                                    # 16.3: must end there
    if power == "transalpine" and home_of(sid) != "gauls":
        return False                                    # 16.3
    if power == "rebels" and sid not in ("carthago", "kerkouane"):
        return False                                    # 16.3 (five players)
    return True


def may_stop(st: State, fr: Frame) -> bool:
    return may_stop_at(st, fr, fr["at"])


def may_stop_at(st: State, fr: Frame, at: str) -> bool:
    """An army may not end in a space with another power's CU (15.3, 16.2) or, if alone,
    with enemy leaders (9.4.4). (An army entering enemy CU fights and stops anyway.)"""
    power = fr["power"]
    if ed().spaces[at].box and at != "garrison_box":
        return False
    for p in powers_here(st, at):
        if p != power and outside(st, at, p) > 0 and (allied(st, power, p)
                                                      or f"{at}|{p}" in fr.get("bribed", [])):
            return False
    if fr["cu"] == 0:
        for lid in leaders_at(st, at):
            if enemy_power(st, power, ed().leaders[lid].power):
                return False
    return True


def can_finish(st: State, fr: Frame, start: str, mp: int) -> bool:
    """Whether an army entering ``start`` with ``mp`` left can still end its move legally
    (15.3, 16.2: never ending beside another power's CU): a space where it may stop, or an
    enemy army it would fight, within reach."""
    frontier = [(start, mp)]
    best: dict[str, int] = {start: mp}
    while frontier:
        sid, left = frontier.pop()
        if may_stop_at(st, fr, sid) or enemy_cu_powers(st, fr["power"], sid):
            return True
        for nxt in board.neighbours(st, sid):
            c = board.cost(st, fr["power"], sid, nxt)
            if c <= left and best.get(nxt, -1) < left - c and may_enter(st, fr, nxt):
                best[nxt] = left - c
                frontier.append((nxt, left - c))
    return False


def naval_capacity(st: State, fr: Frame, dest: str | None = None) -> int:
    """CU a move may carry to ``dest`` (9.6.3; :func:`naval.capacity`); 0 = no naval move
    for this power with this card. An Etruscan army may still play Naval Transports
    (:func:`transports_card`)."""
    return naval.capacity(st, fr["power"], fr["value"], fr["at"], dest or fr["at"],
                          fleet=bool(fr.get("np")) or fr.get("side") == "rome",
                          card=fr.get("transports", ""))


def transports_card(st: State, fr: Frame) -> str:
    """The Naval Transports card an Etruscan army's player could play for this move, not yet
    played (9.6.3: its event carries 3 CU for the move); "" if none."""
    if fr["power"] != "etruscans" or fr.get("transports") or st["flags"].get("storms_at_sea"):
        return ""
    return next((c for c in st["hands"].get(fr["side"], []) if naval.transports(c)), "")


def sea_capacity(st: State, fr: Frame, dest: str) -> int:
    """The most CU any ships at hand carry to ``dest``: the army's own, the Carthaginian
    ones offered, or Naval Transports still in the hand."""
    return max(naval_capacity(st, fr, dest), lent_capacity(st, fr),
               3 if transports_card(st, fr) else 0)


def lent_capacity(st: State, fr: Frame) -> int:
    """Five players: the CU the Carthaginian ships offered to this ally's army carry, by the
    value of the card offered (9.6.3); 0 without an offer."""
    from .actions import card_value

    if not fr.get("lent") or st["flags"].get("storms_at_sea"):
        return 0
    return naval.CARTHAGE_CARD[card_value(fr["lent"])]


def on_lent_ships(st: State, fr: Frame, dest: str) -> bool:
    """Whether this crossing needs the Carthaginian ships (the army's own cannot carry it)."""
    own = naval_capacity(st, fr, dest)
    return bool(fr.get("lent")) and (own == 0 or fr["cu"] > own)


def ports_from(st: State, fr: Frame) -> list[str]:
    at, power = fr["at"], fr["power"]
    if not (ed().spaces[at].port or at == "garrison_box") or fr["mp"] < 3:
        return []
    if not may_stop(st, fr):
        return []                                       # a failed crossing must end legally
    if st["spaces"][at]["siege"] is not None and st["spaces"][at]["ctl"] == power:
        return []                                       # 9.6.1: not out of a besieged port
    out = []
    for sid in st["spaces"]:
        spd = ed().spaces[sid]
        if sid == at or not (spd.port or sid == "garrison_box"):
            continue
        if sid == "garrison_box" and power != "carthage":
            continue                                    # 19
        if not five(st) and sid in ("carthago", "kerkouane") and power != "carthage" \
                and not (sid == "kerkouane" and cu(st, "kerkouane", "greeks")):
            continue                                    # 9.6.2
        if sid == "carthago" and power == "greeks" and not five(st) \
                and not cu(st, "kerkouane", "greeks"):
            continue
        cap = sea_capacity(st, fr, sid)                                 # 9.6.3
        if cap == 0 or fr["cu"] > cap:
            continue
        if may_enter_by_sea(st, fr, sid) and (sid == "garrison_box" or
                                              can_finish(st, fr, sid, fr["mp"] - 3)):
            out.append(sid)
    return sorted(out)


def may_enter_by_sea(st: State, fr: Frame, sid: str) -> bool:
    if sid == "garrison_box":
        return fr["power"] == "carthage" and not fr.get("militia")   # 17.1.2 (ruling)
    return may_enter(st, fr, sid)


def raidable(st: State, fr: Frame) -> bool:
    """Gauls and Transalpine Gauls raid a space holding another power's PC (14.2)."""
    at, power = fr["at"], fr["power"]
    if power not in ("gauls", "transalpine") or fr["cu"] == 0 or fr["mp"] < 1:
        return False
    sp = st["spaces"][at]
    return (sp["ctl"] not in (INDEPENDENT, power) and not sp["loy"] and not sp["tribe"]
            and not ed().spaces[at].fixed and not allied(st, power, sp["ctl"])
            and not enemy_cu_powers(st, power, at)
            and can_finish(st, fr, at, fr["mp"] - 1))   # the raid's MP must leave a legal end


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
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
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
            from .nonplayer import start_unrest_attack

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
            from .cancels import ask_storms

            if ask_storms(st, fr["side"], fr["power"], fr["at"], arg):
                fr["pending"] = [f"sail:{arg}"]
            else:
                sail(st, fr, arg)


def unrest_movers(st: State, fr: Frame) -> int:
    """The moving CU that may attack the unrest: with a Campaign, not those of its first
    attack (20.3)."""
    from .nonplayer import unrest_fighters

    camp = next((f for f in reversed(st["stack"]) if f["proc"] == "campaign"), None) \
        if fr.get("campaign") else None
    return min(fr["cu"], unrest_fighters(st, camp))


def unrest_in_reach(st: State, fr: Frame) -> bool:
    """Five players: a Carthaginian army that has reached the Garrison box may attack the
    unrest with a movement point left (20.3, the third example)."""
    return (fr["at"] == "garrison_box" and fr["power"] == "carthage" and five(st)
            and fr["stage"] == "go" and fr["mp"] >= 1 and st["unrest"] > 0
            and unrest_movers(st, fr) > 0)


def can_pass_through(st: State, fr: Frame) -> bool:
    """Whether the army could move on from where it stands (a bribe lets an Etruscan army
    through enemy CU but never lets it stop among them, 7.2.2)."""
    at, power = fr["at"], fr["power"]
    if fr["cu"] == 0:
        return False
    for sid in board.neighbours(st, at):
        c = board.cost(st, power, at, sid)
        if c <= fr["mp"] and may_enter(st, fr, sid) and can_finish(st, fr, sid, fr["mp"] - c):
            return True
    return False


def besieged(st: State, sid: str, power: str) -> bool:
    """``power`` holds CU inside its walled city while enemy CU stand outside: they may not
    leave, only sortie (13.4.1)."""
    sp = st["spaces"][sid]
    return bool(sp["loy"] and sp["ctl"] == power and sp.get("inside")
                and enemy_cu_powers(st, power, sid))


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


def relocate(st: State, fr: Frame, dest: str) -> None:
    power, at = fr["power"], fr["at"]
    if fr["cu"]:
        carried = min(fr.get("militia", 0), militia(st, at)) if power == "carthage" else 0
        add_cu(st, at, power, -fr["cu"])
        add_cu(st, dest, power, fr["cu"])
        move_militia(st, at, dest, carried)
        if power == "carthage":
            fr["militia"] = carried
    st["leaders"][fr["leader"]] = dest
    for lid in fr.get("escort", []):                    # subordinates go along (9.5.2)
        if st["leaders"].get(lid) == at:
            st["leaders"][lid] = dest
    fr["prev"], fr["at"] = at, dest
    fr["path"].append(dest)
    lift_sieges(st, at)


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


def sail(st: State, fr: Frame, dest: str) -> None:
    """Naval movement, port to port for 3 MP (9.6); naval combat into a Carthaginian port
    or for Greeks once Rome and Carthage are allied (9.6.4); with five players only when the
    Carthaginian player contests the move with a card (interdiction)."""
    power = fr["power"]
    if not on_lent_ships(st, fr, dest) and naval_capacity(st, fr, dest) == 0 \
            and transports_card(st, fr):                # 9.6.3: Naval Transports, played
        card = transports_card(st, fr)
        from .actions import spend

        spend(st, fr["side"], card, as_event=True)
        fr["transports"] = card
        note(st, f"The {POWER_NAMES[power]} play {ed().cards[card].title} to sail.", "9.6.3")
    if on_lent_ships(st, fr, dest):                     # 9.6.3: the offered card is spent
        from .sea_retreat import pay

        pay(st, "carthage", "carthage", fr["lent"], "9.6.3",
            what=f"lend their ships to the {POWER_NAMES[power]}")
        fr["lent"] = ""
    fr["mp"] -= 3
    if five(st):
        if naval.contestable(st, power, fr["side"]):
            push(st, "interdict", side="carthage", dest=dest, mover=power, what="move")
            return
        land(st, fr, dest)
        return
    needs_roll = power != "carthage" and (
        st["spaces"][dest]["ctl"] == "carthage"
        or (power == "greeks" and st["flags"].get("rome_carthage_alliance")))
    if needs_roll and not fleet_gets_through(
            st, fr, naval.combat_roll(st, friendly(st, power, dest))):
        return
    land(st, fr, dest)


def fleet_gets_through(st: State, fr: Frame, result: str) -> bool:
    """A moving fleet's naval combat result: a return ends the move where it began,
    attrition also costs 1 CU (9.6.4)."""
    if result == "success":
        return True
    note(st, f"Naval combat: {result}; the fleet turns back.", "9.6.4")
    if result == "attrition" and fr["cu"]:
        add_cu(st, fr["at"], fr["power"], -1)
        fr["cu"] -= 1
    fr["stage"] = "done"
    return False


def land(st: State, fr: Frame, dest: str) -> None:
    fr["sailed"] = True
    fr["entry"] = None
    fr["entry_kind"] = "naval"
    relocate(st, fr, dest)
    note(st, f"{leader_name(fr['leader'])} ({fr['cu']} CU) sails to {space_name(dest)}.",
         "9.6", where=dest)
    if fr["cu"]:
        fr["pending"] = ["intercept", "engage"]


INTERDICTED = {"move": "sail to", "retreat": "retreat by sea to",
               "avoid": "avoid battle by sea to"}


@proc
class InterdictProc(Proc):
    """Five players: the Carthaginian player may contest a crossing (a move, 9.6.3; an
    avoidance, 11.1.1; a retreat, 12.4.3) with any card, a Desperate Times as a 3-value
    card (7.4.6): its first OP forces a naval combat roll, each further OP adds 1; -2 into
    a friendly port (9.6.4 and its example)."""

    name = "interdict"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        from .actions import card_title, card_value

        cs = [Choice("no", "Let the fleet pass")]
        for card in naval.carthage_cards(st):
            v = card_value(card)
            cs.append(Choice(f"card:{card}", f"Contest it with {card_title(card)} ({v} OP: "
                             f"+{v - 1} to the roll)"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        verb = INTERDICTED[fr.get("what", "move")]
        return ask(st, "carthage", f"the {POWER_NAMES[fr['mover']]} {verb} "
                   f"{space_name(fr['dest'])}: contest the crossing?", self.options(st, fr),
                   kind="choose-card", rule="9.6.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        result = "success"
        if cid != "no":
            from .actions import card_title, card_value
            from .sea_retreat import pay

            card = cid.split(":", 1)[1]
            pay(st, "carthage", "carthage", card, "9.6.4", what="contest the crossing")
            result = naval.contest_roll(st, card_value(card),
                                        friendly(st, fr["mover"], fr["dest"]))
            note(st, f"The Carthaginian player contests the crossing with "
                 f"{card_title(card)}: {result}.", "9.6.4")
        what = fr.get("what", "move")
        if what == "retreat":
            from .sea_retreat import contested_retreat

            contested_retreat(st, fr, result)
            return
        if what == "avoid":
            contested_avoidance(st, fr, result)
            return
        mv = mover_frame(st)
        if fleet_gets_through(st, mv, result):
            land(st, mv, fr["dest"])


def contested_avoidance(st: State, fr: Frame, result: str) -> None:
    """An avoidance by sea turned back by naval combat (the Carthaginian player's contest
    with five players; a Greek crossing after the Rome-Carthage alliance, 9.6.4) fails
    (ruling, as a refusal turned back forces the battle, 10.5.1): attrition costs 1 CU
    first, then the battle is fought with the -1 of a failed avoidance (11.1)."""
    if result == "success":
        return
    at, p = fr["space"], fr["mover"]
    st["stack"] = [f for f in st["stack"] if f["proc"] != "avoid_to"]
    note(st, f"Naval combat: {result}; the {POWER_NAMES[p]} cannot get away by sea.", "9.6.4",
         where=at)
    if result == "attrition" and outside(st, at, p):
        add_cu(st, at, p, -1)
    mv = mover_frame(st)
    if outside(st, at, p):
        push_battle(st, mv, defender=p, failed_avoid=True)
    else:
        from .combat import displace

        displace(st, at, p)
        mv["pending"].insert(0, "engage")


def raid(st: State, fr: Frame) -> None:
    """Raid (14.2-14.3): 1 MP, a roll on the siege table; a success turns the PC
    independent and adds a plunder marker."""
    from .plunder import add_plunder
    from .sieges import siege_table

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


def lift_sieges(st: State, sid: str) -> None:
    """A siege is lifted the instant no besieging CU remain (13.4)."""
    sp = st["spaces"][sid]
    if sp["siege"] is not None and cu(st, sid, sp["sieger"]) == 0:
        sp["siege"], sp["sieger"] = None, None


# --- interception (10) ---------------------------------------------------------------------------
def interceptors(st: State, fr: Frame) -> dict[str, list[str]]:
    """Player sides (not the mover's) with armies adjacent to the space entered that may try
    to intercept (10.1-10.2): across clear links, from outside any walls, not into a space
    holding other powers' CU, nor into one where CU of the moving power already stood
    (10.2: non-moving enemy CU, case B of the example)."""
    at, power = fr["at"], fr["power"]
    if any(p != power and outside(st, at, p) > 0 for p in powers_here(st, at)):
        return {}
    if fr.get("cu") is not None and cu(st, at, power) > fr["cu"]:
        return {}
    out: dict[str, list[str]] = {}
    for src in board.neighbours(st, at):
        for p in powers_here(st, src):
            side = deciding_side(st, p)
            if side is None or side == fr["side"] or not enemy_power(st, p, power):
                continue
            if board.rough(p, src, at) or outside(st, src, p) == 0 or not commander(st, src, p):
                continue
            if f"{src}|{p}" in fr.get("bribed", []):
                continue                                # 7.2.2: bribed CU never intercept
            if not may_enter_as(st, p, at):
                continue
            out.setdefault(side, []).append(f"{src}|{p}")
    return out


def may_enter_as(st: State, power: str, sid: str) -> bool:
    """Where an army may go out of turn (interception, avoidance): the limits of 16.3."""
    spd = ed().spaces[sid]
    if power == "carthage" and not five(st) and spd.region == "italy":
        return False
    if power == "volsci" and not (sid == "antium" or home_of(sid) == "rome"):
        return False
    if power == "transalpine" and home_of(sid) != "gauls":
        return False
    if power == "rebels" and sid not in ("carthago", "kerkouane"):
        return False
    return not spd.box


def offer_interceptions(st: State, fr: Frame) -> None:
    """Each side that may intercept is asked in turn; with several, the one winning ties
    (4.4) decides the order (10.3)."""
    cands = interceptors(st, fr)
    if len(cands) > 1:
        from .flow import rank

        push(st, "intercept_order", side=min(cands, key=rank), cands=cands,
             target=fr["at"], mover=fr["power"])
        return
    for side in cands:
        push(st, "intercept", side=side, options=cands[side], target=fr["at"],
             mover=fr["power"])


@proc
class InterceptOrder(Proc):
    """The side winning ties among those that may intercept says in which order the sides
    resolve their attempts (10.3)."""

    name = "intercept_order"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        from itertools import permutations

        return [Choice("order:" + ",".join(o), "Resolve " + ", then ".join(
            f"the {SIDE_NAMES[s]} player's attempts" for s in o))
                for o in permutations(sorted(fr["cands"]))]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"interceptions at {space_name(fr['target'])}: in which "
                   "order?", self.options(st, fr), rule="10.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        for side in reversed(cid.split(":", 1)[1].split(",")):
            push(st, "intercept", side=side, options=fr["cands"][side], target=fr["target"],
                 mover=fr["mover"])


def interception_choices(st: State, options: list[str], target: str) -> list[Choice]:
    """The choices of an interception window: decline, or each army (``space|power``) that
    still stands there with a commander, with its size and the roll it needs (10.3-10.4)."""
    cs = [Choice("no", "Do not intercept")]
    for opt in options:
        src, p = opt.split("|")
        lid = commander(st, src, p)
        if outside(st, src, p) and lid:
            need = ed().leaders[lid].tactics - interception_modifier(st, p, target)
            cs.append(Choice(f"icpt:{opt}", f"Intercept with {leader_name(lid)} from "
                             f"{space_name(src)} ({min(MAX_ARMY, outside(st, src, p))} "
                             f"CU, needs {need} or less)", target=src))
    return cs


def interception_modifier(st: State, power: str, target: str) -> int:
    """+1 to the interception roll into a space whose control is enemy to ``power`` and
    that holds none of its CU (10.3)."""
    return 1 if not friendly(st, power, target) and cu(st, target, power) == 0 else 0


def intercept(st: State, src: str, power: str, target: str) -> int:
    """The interception roll (10.4: modified, the commander's tactics or less; 10.3: +1
    into an enemy space holding none of his CU); on success his army of up to 10 CU moves
    from ``src`` into ``target``. The CU that moved, 0 when the roll failed."""
    lid = commander(st, src, power)
    bonus = interception_modifier(st, power, target)
    die = roll(st, 1, 6, purpose=f"{leader_name(lid)} intercepts", rule="10.4")[0]
    if die + bonus > ed().leaders[lid].tactics:
        note(st, f"{leader_name(lid)} fails to intercept.", "10.4", where=target)
        return 0
    n = min(MAX_ARMY, outside(st, src, power))
    add_cu(st, src, power, -n)
    add_cu(st, target, power, n)
    st["leaders"][lid] = target
    lift_sieges(st, src)
    return n


class InterceptAsk(Proc):
    """A side may intercept an army entering ``fr["target"]`` (10.4): the question, its
    options and the roll; a subclass names the moving frame and what a success does."""

    rule = "10"

    def moving(self, st: State) -> Frame | None:
        """The frame of the army being intercepted (None: it is gone)."""
        raise NotImplementedError

    def lapsed(self, mv: Frame, fr: Frame) -> bool:
        """Gone on, or intercepted here by another power (10.3: by one power a space, but by
        as many of its armies as succeed)."""
        return (mv["intercepted"] and mv.get("intercepted_by") != fr.get("again")) \
            or mv["at"] != fr["target"]

    def question(self, fr: Frame) -> str:
        raise NotImplementedError

    def succeeded(self, st: State, fr: Frame, power: str, lid: str, n: int) -> None:
        """``power``'s ``n`` CU under ``lid`` have intercepted."""
        raise NotImplementedError

    def auto(self, st: State, fr: Frame) -> bool:
        mv = self.moving(st)
        if mv is None or self.lapsed(mv, fr):
            pop(st)
            return True
        return False

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return interception_choices(st, fr["options"], fr["target"])

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], self.question(fr), self.options(st, fr), rule=self.rule,
                   kind="choose-space")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        if cid == "no":
            return
        src, p = cid.split(":", 1)[1].split("|")
        self.before_roll(st, p)
        lid = commander(st, src, p)
        n = intercept(st, src, p, fr["target"])
        if n:
            self.succeeded(st, fr, p, lid, n)

    def before_roll(self, st: State, power: str) -> None:
        """What choosing to intercept does even if the roll fails."""


@proc
class InterceptProc(InterceptAsk):
    name = "intercept"

    def moving(self, st: State) -> Frame | None:
        return mover_frame(st)

    def lapsed(self, mv: Frame, fr: Frame) -> bool:
        return super().lapsed(mv, fr) or mv["cu"] == 0

    def question(self, fr: Frame) -> str:
        return f"the {POWER_NAMES[fr['mover']]} enter {space_name(fr['target'])}: intercept?"

    def before_roll(self, st: State, power: str) -> None:
        mover_frame(st).setdefault("tried", []).append(power)   # no avoiding it later (10.6)

    def succeeded(self, st: State, fr: Frame, power: str, lid: str, n: int) -> None:
        """The first army in fights the mover; others of its power that intercept join it
        (10.4); every attempt is made before the mover may refuse battle (10.5.1)."""
        mv, target = mover_frame(st), fr["target"]
        note(st, f"{leader_name(lid)} intercepts with {n} CU at {space_name(target)}.", "10.4",
             where=target)
        if not fr.get("again"):
            mv["intercepted"] = True
            mv["intercepted_by"] = power
            mv["pending"] = []
            push_battle(st, mv, defender=power, intercepted=True)
            if mv["prev"] and not mv["sailed"] and commander(st, target, mv["power"]) \
                    and deciding_side(st, mv["power"]) \
                    and all(q == mv["power"] for q in st["cu"].get(mv["prev"], {})):   # 15.3
                push(st, "refuse", side=deciding_side(st, mv["power"]), space=target,
                     power=mv["power"], foe=power)
        more = [o for o in fr["options"] if o.endswith(f"|{power}")
                and o.split("|")[0] != st["leaders"].get(lid)]
        more = [o for o in more if outside(st, o.split("|")[0], power)]
        if more:
            push(st, "intercept", side=fr["side"], options=more, target=target,
                 mover=fr["mover"], again=power)


@proc
class RefuseProc(Proc):
    """The intercepted army may refuse battle: back to its last space on a roll of its
    commander's tactics or less (10.5.1; the interceptor never waives the roll)."""

    name = "refuse"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        lid = commander(st, fr["space"], fr["power"])
        cs = [Choice("fight", "Fight the interceptors"),
              Choice("refuse", f"Refuse battle ({leader_name(lid)} needs "
                     f"{ed().leaders[lid].tactics} or less)")]
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['foe']]} intercept at "
                   f"{space_name(fr['space'])}", cs, rule="10.5.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in ("fight", "refuse"):
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        if cid == "fight":
            return
        mv = mover_frame(st)
        lid = commander(st, fr["space"], fr["power"])
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} refuses battle", rule="10.5.1")[0]
        if die > ed().leaders[lid].tactics:
            note(st, f"{leader_name(lid)} cannot refuse battle.", "10.5.1")
            return
        back = mv["prev"]
        n = cu(st, fr["space"], fr["power"])
        add_cu(st, fr["space"], fr["power"], -n)
        add_cu(st, back, fr["power"], n)
        for other in leaders_at(st, fr["space"], fr["power"]):
            st["leaders"][other] = back
        mv.update(at=back, stage="done", pending=[])
        st["stack"] = [f for f in st["stack"] if f["proc"] != "battle"]
        note(st, f"{leader_name(lid)} refuses battle and falls back to {space_name(back)}.",
             "10.5.1", where=back)


def mover_frame(st: State) -> Frame | None:
    for fr in reversed(st["stack"]):
        if fr["proc"] == "move":
            return fr
    return None


# --- avoiding battle and walls (9.3.1, 11) -------------------------------------------------
def engage(st: State, fr: Frame) -> None:
    at, power = fr["at"], fr["power"]
    if fr["cu"] == 0 or cu(st, at, power) == 0:
        fr["stage"] = "done"
        return
    foes = enemy_cu_powers(st, power, at)
    if not foes:
        return
    defender = max(foes, key=lambda p: (outside(st, at, p), p))
    side = deciding_side(st, defender)
    can_avoid = (commander(st, at, defender) is not None and side is not None
                 and not (defender == "carthage" and at == "carthago")
                 and defender not in fr.get("tried", []))            # 10.6
    sp = st["spaces"][at]
    can_hide = (sp["loy"] and sp["ctl"] == defender and not sp.get("inside")
                and side is not None)                  # 9.3.1: up to 3 CU, the rest outside
    if side is None or not (can_avoid or can_hide):
        push_battle(st, fr, defender=defender)
        return
    push(st, "defend", side=side, power=defender, space=at, mover=power,
         avoid=bool(can_avoid), hide=bool(can_hide))
    n = min(MAX_ARMY, outside(st, at, defender))
    if can_avoid:
        from .sea_retreat import lend_offer

        if lend_offer(st, defender, at, n):                # 11.1.1, five players
            push(st, "lend", side="carthage", power=defender, space=at, n=n, what="avoid")


@proc
class DefendProc(Proc):
    name = "defend"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        at, p = fr["space"], fr["power"]
        cs = [Choice("stand", "Stand and fight")]
        if fr["hide"]:
            cs += withdrawal_choices(st, at, p)
        if fr["avoid"] and avoid_destinations(st, p, at, mover_frame(st)):
            lid = field_commander(st, at, p)
            cs.append(Choice("avoid", f"Avoid battle ({leader_name(lid)} needs "
                             f"{ed().leaders[lid].tactics} or less)"))
        if fr["avoid"]:                                   # 11.1.1: by sea, from a port
            from .sea_retreat import choices

            lid = field_commander(st, at, p)
            n = min(MAX_ARMY, outside(st, at, p))
            for cid, label in choices(st, {"attacker": fr["mover"]}, p, at, n,
                                      fr.get("lent", "")):
                cs.append(Choice(cid, label.replace("Retreat by sea", "Avoid battle by sea")
                                 + f" ({leader_name(lid)} needs {ed().leaders[lid].tactics}"
                                 " or less)", target=cid.rsplit(":", 1)[1]))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['mover']]} attack the "
                   f"{POWER_NAMES[fr['power']]} at {space_name(fr['space'])}",
                   self.options(st, fr), rule="11", context={"where": space_name(fr["space"])})

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        mv = mover_frame(st)
        at, p = fr["space"], fr["power"]
        if cid.startswith("inside"):
            _, n, *who = cid.split(":")
            st["spaces"][at]["inside"] = int(n)
            mv.setdefault("walled", []).extend(who)
            with_whom = f" with {leader_name(who[0])}" if who else ""
            note(st, f"The {POWER_NAMES[p]} withdraw {n} CU inside {space_name(at)}"
                 f"{with_whom}.", "9.3.1", where=at)
            mv["pending"].insert(0, "engage")        # those outside may avoid or fight
            return
        if cid == "stand":
            push_battle(st, mv, defender=p)
            return
        lid = field_commander(st, at, p)
        by_sea = cid.startswith(("sea:", "ships:"))
        if by_sea:                                        # 11.1.1: the card pays the ships
            from .sea_retreat import pay

            dest = cid.rsplit(":", 1)[1]
            if cid.startswith("ships:"):                  # five players: Carthage's ships
                pay(st, "carthage", "carthage", fr["lent"], "11.1.1",
                    what=f"lend their ships to the {POWER_NAMES[p]}")
            else:
                card = cid.split(":")[1]
                pay(st, fr["side"], p, "" if card == "-" else card, "11.1.1")
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} avoids battle", rule="11.1")[0]
        if die > ed().leaders[lid].tactics:
            note(st, f"{leader_name(lid)} fails to avoid battle.", "11.1", where=at)
            push_battle(st, mv, defender=p, failed_avoid=True)
            return
        if by_sea:
            push(st, "avoid_to", side=fr["side"], power=p, space=at, dests=[dest],
                 by_sea=True)
            if naval.contestable(st, p, fr["side"]):      # 9.6.4, five players
                push(st, "interdict", side="carthage", dest=dest, mover=p, what="avoid",
                     space=at)
            elif not five(st) and p == "greeks" and st["flags"].get("rome_carthage_alliance"):
                contested_avoidance(st, {"space": at, "mover": p},        # 9.6.4, 18
                                    naval.combat_roll(st, friendly(st, p, dest)))
            return
        dests = avoid_destinations(st, p, at, mv)
        push(st, "avoid_to", side=fr["side"], power=p, space=at, dests=dests)


def withdrawal_choices(st: State, at: str, power: str) -> list[Choice]:
    """Up to 3 CU may go inside the walls, the rest staying outside to fight or avoid
    (9.3.1, 11.1); with CU left outside, a leader may go in with the garrison."""
    n = cu(st, at, power)
    leaders = leaders_at(st, at, power)
    cs = []
    for k in range(1, min(3, n) + 1):
        rest = f", {n - k} stay outside" if k < n else ""
        cs.append(Choice(f"inside:{k}", f"Withdraw {k} CU inside the walls{rest}"))
        if k < n and len(leaders) > 1:
            cs += [Choice(f"inside:{k}:{lid}", f"Withdraw {k} CU and {leader_name(lid)} "
                          f"inside the walls{rest}") for lid in leaders]
    return cs


def walled_leaders(st: State, at: str) -> list[str]:
    """Leaders who went inside the walls with the garrison during this move (9.3.1)."""
    mv = mover_frame(st)
    return [lid for lid in (mv or {}).get("walled", []) if st["leaders"].get(lid) == at]


def field_commander(st: State, at: str, power: str) -> str | None:
    """The best of ``power``'s leaders at ``at`` who are not inside the walls."""
    inside = walled_leaders(st, at)
    out = [lid for lid in leaders_at(st, at, power) if lid not in inside]
    if not out:
        return commander(st, at, power)
    return min(out, key=lambda lid: (not ed().leaders[lid].named, -ed().leaders[lid].tactics,
                                     lid))


def avoid_destinations(st: State, power: str, at: str, mv: Frame | None) -> list[str]:
    """Adjacent spaces across clear links without enemy CU, PC, walled city or tribe, and not
    the space the attacker came from (11.2)."""
    out = []
    for sid in board.neighbours(st, at):
        if board.rough(power, at, sid) or (mv and sid == mv.get("prev")):
            continue
        if not may_enter_as(st, power, sid):
            continue
        if enemy_cu_powers(st, power, sid, only_outside=False):
            continue
        if not friendly(st, power, sid) and (st["spaces"][sid]["ctl"] != INDEPENDENT
                                             or is_walled(st, sid) or is_tribal(st, sid)):
            continue
        if any(p != power for p in powers_here(st, sid)):
            continue
        out.append(sid)
    return out


@proc
class AvoidTo(Proc):
    name = "avoid_to"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        how = " by sea" if fr.get("by_sea") else ""
        return [Choice(f"to:{s}", f"Withdraw{how} to {space_name(s)}", target=s)
                for s in fr["dests"]]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], "where does the army withdraw?", self.options(st, fr),
                   rule="11.1", kind="choose-space")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        dest = cid.split(":", 1)[1]
        at, p = fr["space"], fr["power"]
        n = min(MAX_ARMY, outside(st, at, p))
        inside = walled_leaders(st, at)
        add_cu(st, at, p, -n)
        add_cu(st, dest, p, n)
        for lid in leaders_at(st, at, p):
            if lid not in inside:                       # 11.1: the garrison's leader stays
                st["leaders"][lid] = dest
        lift_sieges(st, at)
        how = " by sea" if fr.get("by_sea") else ""
        note(st, f"The {POWER_NAMES[p]} avoid battle and withdraw{how} to "
             f"{space_name(dest)}.", "11.1.1" if how else "11.1", where=dest)
        mv = mover_frame(st)
        if outside(st, at, p) > 0:               # 11.1: CU beyond the 10 that left are stuck
            note(st, f"{outside(st, at, p)} {POWER_NAMES[p]} CU are left behind and must "
                 "fight.", "11.1", where=at)
            push_battle(st, mv, defender=p)
            return
        lid = mv["leader"]
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} pursues", rule="11.3")[0]
        if die > tactics(st, mv["at"], mv["power"]):
            note(st, f"{leader_name(lid)} fails the pursuit roll: the move ends.", "11.3")
            mv["stage"] = "done"
        else:
            mv["pursuing"] = True
            mv["pending"].insert(0, "engage")


def push_battle(st: State, mv: Frame, *, defender: str, intercepted: bool = False,
                failed_avoid: bool = False) -> None:
    mv["pending"] = ["after_battle"]
    push(st, "battle", attacker=mv["power"], defender=defender, space=mv["at"],
         side=mv["side"], entry=mv["prev"] if not mv["sailed"] else None,
         entry_kind=mv.get("entry_kind", "clear"), intercepted=intercepted,
         failed_avoid=failed_avoid, sortie=bool(mv.get("sortie")), stage="start",
         mods={"attacker": [], "defender": []},
         extra_loss={"attacker": 0, "defender": 0})


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
        from .sieges import start_siege

        start_siege(st, at, power)
    from .africa import carthago_check

    carthago_check(st)
