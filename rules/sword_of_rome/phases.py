"""The phases around the Action Phase (5.1, 5.5-5.10), victory (4) and the three-player
Gallic events (5.4)."""

from __future__ import annotations

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import pick, roll

from . import board
from .actions import minor_moves
from .alliances import renewals as alliance_renewals
from .data import INDEPENDENT
from .mercenaries import halve
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    add_cu,
    ask,
    by_vp,
    commander,
    cu,
    ed,
    enemy_cu_powers,
    five,
    friendly,
    has_enemy_cu,
    home_of,
    live_sides,
    note,
    pop,
    powers_of,
    proc,
    push,
    rank,
    seat_of,
    side_of,
    space_name,
)
from .revolt import reinforce
from .sieges import besiegeable, siege_roll
from .support import ally_home, convertible


def order_of_powers(st: State) -> list[str]:
    """Non-player powers first, then the players in descending VP (5.5)."""
    out = [p for p in st["nonplayer"] if p not in ("carthage",) or not
           st["flags"].get("carthage_fallen")]
    for side in by_vp(st):
        out += powers_of(st, side)
    return out


def mine_depletion(st: State) -> None:
    """Five or more Etruscan home spaces lost: the mines are depleted for good (5.1)."""
    if st["flags"].get("mines_depleted") or "etruscans-samnites" not in st["sides"]:
        return
    lost = sum(1 for sid, sp in st["spaces"].items()
               if home_of(sid) == "etruscans" and sp["ctl"] != "etruscans")
    if lost >= 5:
        st["flags"]["mines_depleted"] = True
        note(st, "The Etruscan mines are depleted: no more bribes.", "5.1")


def attrition(st: State) -> None:
    """One roll per enemy space occupied by a power's CU (5.5; table reconstructed)."""
    rolls = ed().tables["attrition"]["rolls"]
    for power in order_of_powers(st):
        for sid in sorted(st["spaces"]):
            n = cu(st, sid, power)
            if n == 0 or friendly(st, power, sid) or ed().spaces[sid].box:
                continue
            die = roll(st, 1, 6, purpose=f"Attrition, {POWER_NAMES[power]} at {space_name(sid)}",
                       rule="5.5")[0]
            col = 0 if n <= 3 else (1 if n <= 7 else 2)
            lost = min(n, rolls[die][col])
            if lost:
                add_cu(st, sid, power, -lost)
                note(st, f"The {POWER_NAMES[power]} lose {lost} CU to attrition at "
                     f"{space_name(sid)}.", "5.5", where=sid)


def surrender(st: State) -> None:
    """Armies place their PC in the enemy normal spaces they hold alone, and commanders with
    3+ CU at an enemy walled city or tribe roll once on the siege table (5.6; ruling: both
    are always done)."""
    for power in order_of_powers(st):
        if power == "rebels":
            continue                                   # the revolt takes no land (ruling)
        for sid in sorted(st["spaces"]):
            if cu(st, sid, power) == 0 or has_enemy_cu(st, power, sid):
                continue
            if convertible(st, sid) and not friendly(st, power, sid) \
                    and not ally_home(st, power, sid):
                st["spaces"][sid]["ctl"] = power
                note(st, f"{space_name(sid)} surrenders to the {POWER_NAMES[power]}.", "5.6",
                     where=sid)
        for sid in sorted(st["spaces"]):
            if commander(st, sid, power) and cu(st, sid, power) >= 3 \
                    and besiegeable(st, sid, power) and not enemy_cu_powers(st, power, sid):
                siege_roll(st, sid, power, [], "13.1.3")


def isolation(st: State) -> None:
    """PC markers that cannot trace supply become independent (5.7)."""
    for power in order_of_powers(st):
        for sid, sp in sorted(st["spaces"].items()):
            if sp["ctl"] != power or sp["loy"] or sp["tribe"] or ed().spaces[sid].box \
                    or ed().spaces[sid].fixed:
                continue
            if not board.supplied(st, power, sid):
                sp["ctl"] = INDEPENDENT
                note(st, f"{space_name(sid)} is isolated and becomes independent.", "5.7",
                     where=sid)


def side_home(st: State, side: str, sid: str) -> bool:
    return home_of(sid) in powers_of(st, side)


def score(st: State, side: str) -> int:
    """+1 per victory space held outside the home area, -1 per home victory space not held;
    Gauls gain nothing from spaces (5.8.1)."""
    mine = powers_of(st, side)
    delta = 0
    for sid, sp in st["spaces"].items():
        if not ed().spaces[sid].vp:
            continue
        held = sp["ctl"] in mine
        if side_home(st, side, sid):
            delta -= 0 if held else 1
        elif held and side != "gauls":
            delta += 1
    return delta


def scoring(st: State) -> None:
    for side in live_sides(st):
        delta = score(st, side)
        if side == "carthage" and st["players"] == 5:
            delta -= st["unrest"] // 3                       # 20.2
        st["vp"][side] = max(0, min(12, st["vp"][side] + delta))
        note(st, f"{SIDE_NAMES[side]} VP {delta:+d}: now {st['vp'][side]}.", "5.8")
    check_automatic_victory(st)


def check_automatic_victory(st: State) -> None:
    """At the end of a Scoring Phase a power at the turn's automatic-victory level ends the
    game; the highest VP wins (4.2)."""
    levels = ed().scenarios["common"]["auto_victory"]
    level = levels[min(st["turn"], len(levels)) - 1]
    if any(v >= level for v in st["vp"].values()):
        end_game(st, f"automatic victory (level {level}, turn {st['turn']})")


def end_game(st: State, reason: str) -> None:
    """Most VP wins; two players compare combined VP, a tie going to the Gallic-Greek player
    (4.3); other ties by 4.4."""
    scores: dict[str, int] = {}
    for seat, sides in st["seats"].items():
        scores[seat] = sum(st["vp"][s] for s in sides if s not in st["out_sides"])
    best = max(scores.values())
    top = [seat for seat, v in scores.items() if v == best]
    if len(top) > 1:
        top.sort(key=lambda seat: min(rank(s) for s in st["seats"][seat]))
        top = top[:1]
    st["over"] = {"winners": top, "reason": reason, "scores": scores}
    note(st, f"The game ends ({reason}).", "4")


def final_victory(st: State) -> None:
    end_game(st, "the last turn is over")


def renewals(st: State) -> None:
    alliance_renewals(st)


def reinforcement_count(st: State, power: str) -> int:
    """5.10.1: the values of the power's home reinforcement spaces it holds unbesieged;
    Rome 2 for Roma plus 1 per other Roman walled city."""
    if power == "transalpine":
        return 1
    total = 0
    for sid, sp in st["spaces"].items():
        spd = ed().spaces[sid]
        if sp["ctl"] != power or sp["siege"] is not None:
            continue
        if spd.home == power and spd.reinf:
            total += spd.reinf
        elif power == "rome" and sp["loy"]:
            total += 1
    return total


def reinforcements(st: State) -> None:
    """Non-player powers, then players in descending VP (5.10): new CU, displaced leaders,
    the Roman consuls (8.2.2), Greek leaders' loyalty (8.2.3), elimination (5.10.3)."""
    push(st, "reinforce_order", left=by_vp(st))
    for power in st["nonplayer"]:
        if power == "carthage" and st["flags"].get("carthage_fallen"):
            continue
        n = reinforcement_count(st, power)
        if power == "rebels":
            reinforce(st)
            return_leaders(st, power)
            continue
        if power == "transalpine":
            if "transalpine_box" in st["spaces"]:
                add_cu(st, "transalpine_box", power, 1)
            continue
        spaces = board.placement_spaces(st, power)
        if n and spaces:
            best = max(spaces, key=lambda s: (ed().spaces[s].reinf, cu(st, s, power), s))
            add_cu(st, best, power, n)
            note(st, f"The {POWER_NAMES[power]} raise {n} CU at {space_name(best)}.", "5.10",
                 where=best)
        return_leaders(st, power)


@proc
class ReinforceOrder(Proc):
    """Players reinforce in descending VP; among players tied on VP the tie-winner (4.4)
    says who goes next (example 4.4)."""

    name = "reinforce_order"

    def tied(self, st: State, fr: Frame) -> list[str]:
        left = fr["left"]
        return [s for s in left if st["vp"][s] == st["vp"][left[0]]]

    def auto(self, st: State, fr: Frame) -> bool:
        if not fr["left"]:
            pop(st)
            return True
        tied = self.tied(st, fr)
        if len(tied) > 1:
            fr["side"] = tied[0]                     # the tie-winner (by_vp puts him first)
            return False
        fr["left"].remove(tied[0])
        push(st, "side_reinforce", side=tied[0])
        return True

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return [Choice(f"next:{s}", f"The {SIDE_NAMES[s]} player reinforces next")
                for s in self.tied(st, fr)]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"tied at {st['vp'][fr['left'][0]]} VP: who places "
                   "reinforcements next?", self.options(st, fr), rule="4.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = cid.split(":", 1)[1]
        fr["left"].remove(side)
        note(st, f"The {SIDE_NAMES[side]} player reinforces next.", "4.4")
        push(st, "side_reinforce", side=side)


def leader_places(st: State, lid: str) -> list[str]:
    """Where a returning named leader may be placed: with his power's CU in a space where
    its reinforcements could be placed (5.10, 8.4); Bomilcar in Africa (17.1.1)."""
    ld = ed().leaders[lid]
    out = [s for s in board.placement_spaces(st, ld.power) if cu(st, s, ld.power) > 0]
    if ld.africa and not five(st):
        out = [s for s in out if ed().spaces[s].region == "africa"]
    return out


def return_leaders(st: State, power: str, side: str | None = None) -> None:
    """Displaced named leaders go back with their CU (5.10, 5.10.2: the player chooses where;
    for a non-player power, or without a choice, the largest army); set-aside minor leaders
    return to the largest stack of their CU (8.3; ruling)."""
    stacks = sorted((s for s in st["spaces"] if cu(st, s, power) > 0
                     and not has_enemy_cu(st, power, s)),
                    key=lambda s: (-cu(st, s, power), s))
    for lid, at in sorted(st["leaders"].items(), reverse=True):
        ld = ed().leaders[lid]
        if ld.power != power or at not in ("displaced", "reserve") or ld.consul:
            continue
        if ld.named:
            if at == "displaced":
                push(st, "place_leader", side=side, leader=lid)
            continue
        places = [s for s in stacks if not ld.africa or ed().spaces[s].region == "africa"]
        if places:
            st["leaders"][lid] = places[0]
            note(st, f"{ld.name} returns at {space_name(places[0])}.", "5.10.2",
                 where=places[0])


@proc
class PlaceLeader(Proc):
    """A named leader placed in the Reinforcement Phase, with his power's CU (5.10): a
    returning displaced leader (8.4) or a newly drawn consul (8.2.2). The player chooses
    among several places; a non-player power's goes to its largest army (ruling). With no
    place a displaced leader stays displaced, a consul in the pool."""

    name = "place_leader"

    def auto(self, st: State, fr: Frame) -> bool:
        places = leader_places(st, fr["leader"])
        if fr["side"] is not None and len(places) > 1:
            return False
        pop(st)
        if places:
            power = ed().leaders[fr["leader"]].power
            place_leader(st, fr["leader"], max(places, key=lambda s: (cu(st, s, power), s)))
        return True

    def options(self, st: State, fr: Frame) -> list[Choice]:
        power = ed().leaders[fr["leader"]].power
        return [Choice(f"at:{s}", f"{space_name(s)} ({cu(st, s, power)} CU)", target=s)
                for s in leader_places(st, fr["leader"])]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"place {ed().leaders[fr['leader']].name} with your CU",
                   self.options(st, fr), kind="choose-space", rule="5.10")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        place_leader(st, fr["leader"], cid.split(":", 1)[1])


@proc
class MinorAdjust(Proc):
    """Reinforcement Phase: the player may reposition his minor leaders to any spaces with
    his CU (5.10, 8.3), each once."""

    name = "minor_adjust"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice(f"minor:{lid}:{sid}", f"Move {ed().leaders[lid].name} to "
                     f"{space_name(sid)}", target=sid)
              for lid, sid in minor_moves(st, fr["side"], fr)]
        return cs + [Choice("done", "Leave the minor leaders where they are")]

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["side"] in st["out_sides"] or len(self.options(st, fr)) == 1:
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], "reposition your minor leaders?", self.options(st, fr),
                   kind="choose-space", rule="8.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "done":
            pop(st)
            return
        _, lid, sid = cid.split(":")
        st["leaders"][lid] = sid
        fr.setdefault("minors", []).append(lid)
        note(st, f"{ed().leaders[lid].name} takes post at {space_name(sid)}.", "8.3",
             where=sid)


def place_leader(st: State, lid: str, sid: str) -> None:
    st["leaders"][lid] = sid
    ld = ed().leaders[lid]
    what = f"Consul {ld.name} takes command" if ld.consul else f"{ld.name} returns"
    note(st, f"{what} at {space_name(sid)}.", "8.2.2" if ld.consul else "5.10.2", where=sid)


def consuls(st: State, side: str | None = None) -> None:
    """Both consuls leave the map; two are drawn at random and the Roman player places them
    with Roman CU (8.2.2, 5.10)."""
    pool = [lid for lid, at in st["leaders"].items() if ed().leaders[lid].consul
            and at not in ("out", "removed")]
    for lid in pool:
        st["leaders"][lid] = "pool"
    if not pool:
        return
    chosen: list[str] = []
    for _ in range(min(2, len(pool))):
        lid = pick(st, sorted(set(pool) - set(chosen)), purpose="Consul drawn", rule="8.2.2",
                   show=lambda x: ed().leaders[x].name)
        chosen.append(lid)
    for lid in reversed(chosen):
        push(st, "place_leader", side=side, leader=lid)


def sicilian_discount(st: State) -> int:
    """Five players: while every Greek home space in Sicily is still Greek, each
    Carthaginian home space in Sicily the Greeks control takes 1 off the penalty of one Greek
    leader in Sicily (8.2.3)."""
    if not five(st):
        return 0
    sicily = [s for s in st["spaces"] if ed().spaces[s].region == "sicily"]
    if any(home_of(s) == "greeks" and st["spaces"][s]["ctl"] != "greeks" for s in sicily):
        return 0
    return sum(1 for s in sicily if home_of(s) == "carthage"
               and st["spaces"][s]["ctl"] == "greeks")


def greek_upkeep(st: State) -> None:
    """Each Greek named leader kept costs his loyalty penalty from Greek walled cities
    (8.2.3): the Greek player takes it from the cities he chooses (example 8.2.3: one city
    by two or two by one) or lets the leader go for good; ruling: loyalty is taken only
    above 1, and a leader who cannot be paid so leaves the game. With five players the
    Sicilian discount goes to the dearest leader in Sicily."""
    kept = [lid for lid, at in sorted(st["leaders"].items())
            if ed().leaders[lid].power == "greeks" and ed().leaders[lid].penalty
            and at not in ("out", "removed", "pool")]
    discount = sicilian_discount(st)
    in_sicily = [lid for lid in kept if st["leaders"][lid] in st["spaces"]
                 and ed().spaces[st["leaders"][lid]].region == "sicily"]
    favoured = max(in_sicily, key=lambda lid: (ed().leaders[lid].penalty, lid)) \
        if discount and in_sicily else None
    queue = []
    for lid in kept:
        ld = ed().leaders[lid]
        penalty = max(0, ld.penalty - discount) if lid == favoured else ld.penalty
        if lid == favoured:
            note(st, f"Greek gains in Sicily take {ld.penalty - penalty} off {ld.name}'s "
                 f"loyalty penalty.", "8.2.3")
        if penalty:
            queue.append([lid, penalty])
    if queue:
        push(st, "greek_upkeep", side=side_of(st, "greeks") or "greeks", queue=queue,
             lid=None, owed=0, paid=0)


def loyalty_to_spare(st: State) -> list[str]:
    """Greek walled cities with loyalty above 1 (8.2.3; ruling)."""
    return sorted(s for s, sp in st["spaces"].items() if sp["ctl"] == "greeks" and sp["loy"] > 1)


@proc
class GreekUpkeep(Proc):
    """The Greek player pays each kept leader's loyalty penalty, a point at a time from the
    cities he picks, or lets him go (8.2.3)."""

    name = "greek_upkeep"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["lid"]:
            return False
        if not fr["queue"]:
            pop(st)
            return True
        lid, penalty = fr["queue"].pop(0)
        spare = sum(st["spaces"][s]["loy"] - 1 for s in loyalty_to_spare(st))
        if spare < penalty:
            st["leaders"][lid] = "removed"
            note(st, f"{ed().leaders[lid].name} cannot be paid and leaves for good.", "8.2.3")
            return True
        fr.update(lid=lid, owed=penalty, paid=0)
        return False

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice(f"loy:{s}", f"Take 1 loyalty from {space_name(s)} "
                     f"({st['spaces'][s]['loy']} now)", target=s)
              for s in loyalty_to_spare(st)]
        if not fr["paid"]:
            cs.append(Choice(f"dismiss:{fr['lid']}",
                             f"Let {ed().leaders[fr['lid']].name} go for good"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        name = ed().leaders[fr["lid"]].name
        return ask(st, fr["side"], f"keep {name}: {fr['owed']} loyalty still to pay",
                   self.options(st, fr), kind="choose-space", rule="8.2.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if not fr["lid"]:                           # no leader to pay for: no decision
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        verb, _, arg = cid.partition(":")
        name = ed().leaders[fr["lid"]].name
        if verb == "dismiss":
            st["leaders"][fr["lid"]] = "removed"
            note(st, f"The Greeks let {name} go for good.", "8.2.3")
            fr["lid"] = None
            return
        st["spaces"][arg]["loy"] -= 1
        fr["owed"] -= 1
        fr["paid"] += 1
        if fr["owed"] == 0:
            note(st, f"The Greeks pay {fr['paid']} loyalty to keep {name}.", "8.2.3")
            fr["lid"] = None


def elimination(st: State, side: str) -> None:
    """A player with no CU on the map after his reinforcements is out (5.10.3)."""
    if any(cu(st, s, p) for s in st["spaces"] for p in powers_of(st, side)):
        return
    st["out_sides"].append(side)
    for lid in list(st["leaders"]):
        if ed().leaders[lid].power in powers_of(st, side):
            st["leaders"][lid] = "removed"
    for sp in st["spaces"].values():
        if sp["ctl"] in powers_of(st, side):
            sp["ctl"] = INDEPENDENT
            if sp["loy"]:
                sp["loy"] = 1                  # an independent city is always loyalty 1
            sp["inside"] = 0
    note(st, f"The {SIDE_NAMES[side]} player is eliminated.", "5.10.3")
    live = [s for s in st["sides"] if s not in st["out_sides"]]
    seats = {seat_of(st, s) for s in live}
    if len(seats) <= 1:
        end_game(st, "every other player was eliminated")


@proc
class SideReinforce(Proc):
    name = "side_reinforce"

    def auto(self, st: State, fr: Frame) -> bool:
        side = fr["side"]
        stage = fr.get("stage", 0)
        fr["stage"] = stage + 1
        if side in st["out_sides"]:
            pop(st)
            return True
        if stage == 0:
            n = sum(reinforcement_count(st, p) for p in powers_of(st, side))
            if side == "carthage" and st["players"] == 5:      # 5.10.1
                mercs = 1 if st["flags"].get("insurrection") else 2
                own = reinforcement_count(st, "carthage")     # Carthago held, unbesieged
                note(st, f"The Carthaginian player raises {own} CU and {mercs} mercenary CU.",
                     "5.10.1")
                push(st, "place", side=side, powers=["carthage"], n=mercs, rule="5.10.1",
                     mercenary=True)
                if own:
                    push(st, "place", side=side, powers=["carthage"], n=own, rule="5.10.1")
                halve(st)                                      # first, half of them leave
                n = 0
            if n:
                note(st, f"The {SIDE_NAMES[side]} player raises {n} CU.", "5.10.1")
                push(st, "place", side=side, powers=powers_of(st, side), n=n, rule="5.10")
        elif stage == 1:
            push(st, "minor_adjust", side=side)            # 5.10, 8.3: after the others
            if "rome" in powers_of(st, side):
                consuls(st, side)
            for p in reversed(powers_of(st, side)):
                return_leaders(st, p, side)
        elif stage == 2:
            if "greeks" in powers_of(st, side):
                greek_upkeep(st)
        else:
            pop(st)
            elimination(st, side)
        return True


