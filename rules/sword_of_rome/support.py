"""Political support (7.3): PC markers and loyalty, from cards, events and battles; placing
new CU (5.10, 7.1)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc

from .board import placement_spaces
from .data import INDEPENDENT
from .mercenaries import raised
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    allied,
    ask,
    cu,
    ed,
    friendly,
    has_enemy_cu,
    home_of,
    note,
    pop,
    powers_of,
    proc,
    space_name,
)
from .nonplayer import unrest_cap
from .plunder import add_plunder


def max_loyalty(power: str) -> int:
    """Loyalty goes up to 3; Gallic and Transalpine cities only to 1 (7.3.1)."""
    return 1 if power in ("gauls", "transalpine") else 3


def convertible(st: State, sid: str) -> bool:
    """A normal space whose PC may change (not walled, not tribal, not Carthago, no box)."""
    sp = st["spaces"][sid]
    spd = ed().spaces[sid]
    return not sp["loy"] and not sp["tribe"] and not spd.fixed and not spd.box


def ally_home(st: State, power: str, sid: str) -> bool:
    home = home_of(sid)
    return home is not None and home != power and allied(st, power, home)


def began_next_to(battle: dict, sid: str) -> bool:
    """Whether the battle's winner controlled, when the battle began, a space adjacent to
    ``sid`` (7.3.4: measured from the PC or city converted, not from the battle space)."""
    held = battle.get("held")
    if held is None:                                   # a battle begun before this field
        held = battle.get("adjacent", [])
    return sid in ed().graph and bool(set(held) & set(ed().graph.neighbors(sid)))


def after_battle_pc(st: State, power: str, sid: str, battle: dict | None) -> bool:
    """After a won battle a PC may also go (7.3.4) into the winner's home space held by an
    independent PC, or onto the loser's PC next to a space the winner held at the start."""
    if battle is None or battle["winner"] != power:
        return False
    owner = st["spaces"][sid]["ctl"]
    if owner == INDEPENDENT and home_of(sid) == power:
        return True
    return owner in battle_losers(battle) and began_next_to(battle, sid)


def battle_losers(battle: dict | None) -> list[str]:
    """The powers a battle's winner may take support from (12.5, 7.3.4): the defeated power
    and, if it was one, the ally whose flanking force lost with it."""
    if not battle:
        return []
    return battle.get("losers") or [battle["loser"]]


def removable(st: State, powers: list[str], owner: str, remove: list[str] | None) -> bool:
    """Whether ``powers`` may take away ``owner``'s support here: from an event any power not
    allied with them (7.3.3), after a battle only the defeated (7.3.4), from a card played for
    support nobody's (``remove`` empty, 7.3.1)."""
    if owner == INDEPENDENT or owner in powers:
        return False
    if remove is None:
        return not any(allied(st, p, owner) for p in powers)
    return owner in remove


def support_options(st: State, powers: list[str], battle: dict | None,
                    loyalty_only: bool = False, remove: list[str] | None = None
                    ) -> list[Choice]:
    """What a support point may do. ``remove``: the powers whose support may be taken away
    (None: any enemy, an event's 7.3.3; a card played for support passes [], 7.3.1)."""
    cs: list[Choice] = []
    seen: set[str] = set()
    may_remove: dict[str, bool] = {}                 # owner -> removable (one call)
    for sid, sp in sorted(st["spaces"].items()):     # a fixed order: saves reload sorted
        owner = sp["ctl"]
        convert = not loyalty_only and convertible(st, sid)
        if not sp["loy"] and not convert:
            continue                                 # nothing a point can do here
        for p in powers:
            # +1 loyalty to an unbesieged city (7.3.1)
            if sp["loy"] and owner == p and sp["siege"] is None and sp["loy"] < max_loyalty(p):
                key = f"loy:{sid}"
                if key not in seen:
                    seen.add(key)
                    cs.append(Choice(key, f"+1 loyalty in {space_name(sid)} "
                                     f"({sp['loy']} to {sp['loy'] + 1})", target=sid))
            if not convert or not (cu(st, sid, p) > 0 or after_battle_pc(st, p, sid, battle)) \
                    or friendly(st, p, sid) or has_enemy_cu(st, p, sid):
                continue
            if not ally_home(st, p, sid):
                key = f"pc:{sid}"
                if key not in seen:
                    seen.add(key)
                    cs.append(Choice(key, f"Place a {POWER_NAMES[p]} PC in {space_name(sid)}",
                                     target=sid))
            elif owner != INDEPENDENT and f"rm:{sid}" not in seen \
                    and not any(allied(st, q, owner) for q in powers):
                # 7.3.1 exception, 15.2.3: in an ally's home an enemy PC is only removed
                seen.add(f"rm:{sid}")
                cs.append(Choice(f"rm:{sid}", f"Remove the {POWER_NAMES.get(owner, owner)} PC "
                                 f"in {space_name(sid)}", target=sid))
        if loyalty_only:
            continue
        if owner not in may_remove:
            may_remove[owner] = removable(st, powers, owner, remove)
        if not may_remove[owner]:
            continue
        # remove another power's support (7.3.3, 7.3.4)
        if convert and cu(st, sid, owner) == 0 and f"rm:{sid}" not in seen:
            seen.add(f"rm:{sid}")
            cs.append(Choice(f"rm:{sid}", f"Remove the {POWER_NAMES.get(owner, owner)} PC in "
                             f"{space_name(sid)}", target=sid))
        elif sp["loy"] and sp["loy"] > cu(st, sid, owner) and not ed().spaces[sid].fixed:
            cs.append(Choice(f"cut:{sid}", f"-1 loyalty in {space_name(sid)} "
                             f"({POWER_NAMES.get(owner, owner)})", target=sid))
    return cs


@proc
class SupportProc(Proc):
    name = "support"

    def powers(self, st: State, fr: Frame) -> list[str]:
        return fr.get("powers") or powers_of(st, fr["side"])

    def options(self, st: State, fr: Frame) -> list[Choice]:
        battle = fr.get("battle")
        remove = fr["remove"] if "remove" in fr else (battle_losers(battle) if battle else None)
        cs = support_options(st, self.powers(st, fr), battle, fr.get("loyalty_only", False),
                             remove)
        if battle and battle["winner"] in ("gauls", "transalpine"):
            cs.append(Choice("plunder", "Take a plunder marker instead"))
        cs += unrest_options(st, battle)
        cs.append(Choice("done", "Stop placing support"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        n = fr["points"]
        return ask(st, fr["side"], f"{n} support point{'s' if n > 1 else ''} to place",
                   self.options(st, fr), kind="choose-space",
                   rule="12.5" if fr.get("battle") else "7.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "done":
            pop(st)
            return
        fr["points"] -= 1
        powers = self.powers(st, fr)
        verb, _, sid = cid.partition(":")
        battle = fr.get("battle")
        if verb == "plunder":
            add_plunder(st, battle["winner"], 1)
        elif verb == "unrest":
            st["unrest"] += 1 if sid == "up" else -1
            note(st, f"Carthaginian unrest {'rises' if sid == 'up' else 'falls'} to "
                 f"{st['unrest']}.", "12.5.3")
        elif verb == "loy":
            st["spaces"][sid]["loy"] += 1
            note(st, f"Loyalty in {space_name(sid)} rises to {st['spaces'][sid]['loy']}.",
                 "7.3.1", where=sid)
        elif verb == "pc":
            p = max(powers, key=lambda q: (cu(st, sid, q), q == home_of(sid)))
            st["spaces"][sid]["ctl"] = p
            note(st, f"{space_name(sid)} becomes {POWER_NAMES[p]}.", "7.3.1", where=sid)
        elif verb == "rm":
            st["spaces"][sid]["ctl"] = INDEPENDENT
            note(st, f"{space_name(sid)} becomes independent.", "7.3.3", where=sid)
        elif verb == "cut":
            cut_loyalty(st, sid, battle)
        if fr["points"] <= 0:
            pop(st)


def unrest_options(st: State, battle: dict | None) -> list[Choice]:
    """Five players (12.5.3): a power that beat Carthage may spend a point to raise the
    unrest by 1 (up to its cap, 20.1); a victorious Carthage may spend one to lower it."""
    if not battle or st["players"] != 5:
        return []
    u = st["unrest"]
    if battle["loser"] == "carthage" and u < unrest_cap(st):
        return [Choice("unrest:up", f"Raise Carthaginian unrest by 1 ({u} to {u + 1})")]
    if battle["winner"] == "carthage" and u > 0:
        return [Choice("unrest:down", f"Lower Carthaginian unrest by 1 ({u} to {u - 1})")]
    return []


def cut_loyalty(st: State, sid: str, battle: dict | None) -> None:
    """-1 loyalty; at 0 a city falls to its besieger if a 0 siege marker stands there (13.5),
    turns to a battle winner next door (7.3.4), or becomes independent with loyalty 1."""
    sp = st["spaces"][sid]
    sp["loy"] -= 1
    if sp["loy"] > 0:
        note(st, f"Loyalty in {space_name(sid)} falls to {sp['loy']}.", "7.3.3", where=sid)
        return
    owner = sp["ctl"]
    if sp["siege"] is not None:
        new = sp["sieger"]
    elif battle and owner in battle_losers(battle) and began_next_to(battle, sid):
        new = battle["winner"]
    else:
        new = INDEPENDENT
    n = cu(st, sid, owner)
    if n and new != INDEPENDENT:
        add_cu(st, sid, owner, -n)
    sp.update(ctl=new, loy=1, siege=None, sieger=None, inside=0)
    note(st, f"{space_name(sid)} changes hands: now "
         f"{POWER_NAMES.get(new, new)} with loyalty 1.", "7.3.3", where=sid)


@proc
class PlaceProc(Proc):
    """Place new CU one at a time in a legal reinforcement space (5.10)."""

    name = "place"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = []
        many = len(fr["powers"]) > 1
        for p in fr["powers"]:
            for sid in placement_spaces(st, p):
                who = f"{POWER_NAMES[p]} " if many else ""
                who += "mercenary " if fr.get("mercenary") else ""
                cs.append(Choice(f"at:{p}:{sid}", f"Place 1 {who}CU in {space_name(sid)}",
                                 target=sid))
        return cs

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["n"] <= 0 or not self.options(st, fr):
            if fr["n"] > 0:
                note(st, f"{fr['n']} CU cannot be placed and are lost.", "5.10")
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        kind = "mercenary " if fr.get("mercenary") else ""
        return ask(st, fr["side"], f"place {fr['n']} new {kind}CU", self.options(st, fr),
                   kind="choose-space", rule=fr.get("rule", "5.10"))

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        _, p, sid = cid.split(":")
        kind = "mercenary " if fr.get("mercenary") else ""
        if p == "carthage":
            raised(st, 1, mercenary=bool(kind))          # 7.2.4, 5.10.1
        add_cu(st, sid, p, 1)
        fr["n"] -= 1
        note(st, f"1 {POWER_NAMES[p]} {kind}CU placed in {space_name(sid)}.",
             fr.get("rule", "5.10"), where=sid)
