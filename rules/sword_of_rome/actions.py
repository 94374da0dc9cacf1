"""The active player's turn (5.4, 7): play one card for operations or its event, Neutral
Power Activates, alliances, Gallic Solidarity; Desperate Times (7.4)."""

from __future__ import annotations

from rules.engine.deck import discard, draw_to, mark_reshuffle, remove, search
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.hands import take
from rules.engine.procs import Frame, Proc

from . import alliances, events, nonplayer, sieges
from .army import activatable, start_move
from .board import can_place
from .cards import DT, card_title, card_value, spend
from .colonies import colony_sites, found_colony
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    ask,
    cu,
    ed,
    five,
    has_enemy_cu,
    home_of,
    leader_name,
    note,
    pop,
    powers_of,
    proc,
    push,
    space_name,
)


@proc
class ActiveProc(Proc):
    name = "active"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        side = fr["side"]
        cs: list[Choice] = []
        for card in st["hands"][side]:
            c = ed().cards[card]
            if not fr["played"]:
                cs.append(Choice(f"play:{card}", f"Play {c.title} ({c.value})",
                                 detail=c.text, group="Play a card"))
            if c.event["do"] == "npa" and nonplayer.activatable_powers(st, side):
                cs.append(Choice(f"npa:{card}", f"{c.title} ({c.value}): activate a "
                                 "non-player power", detail=c.text, group="Events"))
            elif treaty_card(st, side, card):
                cs.append(Choice(f"npa:{card}", f"{c.title} ({c.value}): activate Carthage "
                                 "as with Neutral Power Activates (18)", group="Events"))
        for mine, theirs in alliances.proposals(st, side):
            cs.append(Choice(f"ally:{mine}:{theirs}", f"Propose an alliance of the "
                             f"{POWER_NAMES[mine]} and the {POWER_NAMES[theirs]}",
                             group="Alliances"))
        for mine, theirs in alliances.breakable(st, side):
            cs.append(Choice(f"break:{mine}:{theirs}", f"Break the alliance of the "
                             f"{POWER_NAMES[mine]} and the {POWER_NAMES[theirs]}",
                             group="Alliances"))
        if side == "carthage" and five(st) and not fr.get("hired") \
                and can_place(st, "carthage"):
            for card in st["hands"][side]:
                c = ed().cards[card]
                cs.append(Choice(f"hire:{card}", f"Hire {c.value} mercenary CU with "
                                 f"{c.title}", group="Mercenaries"))
        for lid, sid in minor_moves(st, side, fr):
            where = st["leaders"][lid]
            now = f" from {space_name(where)}" if where in st["spaces"] else ""
            cs.append(Choice(f"minor:{lid}:{sid}", f"Move {leader_name(lid)}{now} to "
                             f"{space_name(sid)}", target=sid, group="Minor leaders"))
        if side == "gauls" and st["plunder"]["gauls"] > 0:
            for sid in solidarity_targets(st):
                cs.append(Choice(f"solidarity:{sid}", f"Spend plunder: clear {space_name(sid)}",
                                 target=sid, group="Gallic Solidarity"))
        cs.append(Choice("end", "End the turn" if fr["played"] else "Pass"))
        return ask(st, side, f"round {st['round']}: your turn", cs, rule="5.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = fr["side"]
        verb, _, rest = cid.partition(":")
        if verb == "end":
            pop(st)
            return
        if verb != "minor" and fr.get("minors"):
            fr["minors"] = []                  # another action since: they may move again
        if verb == "play" and not fr["played"] and rest in st["hands"][side]:
            push(st, "use", side=side, card=rest, parent="active")
            return
        if verb == "npa" and rest in st["hands"][side] and treaty_card(st, side, rest):
            spend(st, side, rest, as_event=False)          # 18: any 3-value card
            note(st, f"The Roman player plays {ed().cards[rest].title} to activate Carthage.",
                 "18")
            st["npa_used"].append("carthage")
            push(st, "npa", side=side, card=rest, power="carthage")
            return
        if verb == "npa" and rest in st["hands"][side] \
                and ed().cards[rest].event["do"] == "npa":
            spend(st, side, rest, as_event=True)
            note(st, f"The {SIDE_NAMES[side]} player plays {ed().cards[rest].title}.", "7.1.2")
            push(st, "npa", side=side, card=rest)
            return
        if verb == "ally":
            mine, theirs = rest.split(":")
            if (mine, theirs) in alliances.proposals(st, side):
                alliances.propose(st, side, mine, theirs)
                return
        if verb == "break":
            mine, theirs = rest.split(":")
            if (mine, theirs) in alliances.breakable(st, side):
                alliances.break_alliance(st, side, mine, theirs)
                return
        if verb == "hire" and side == "carthage" and five(st) and not fr.get("hired") \
                and rest in st["hands"][side]:            # 7.2.4: besides the card play
            value = ed().cards[rest].value
            spend(st, side, rest, as_event=False)
            fr["hired"] = True
            note(st, f"Carthage hires {value} mercenary CU with {ed().cards[rest].title}.",
                 "7.2.4")
            push(st, "place", side=side, powers=["carthage"], n=value, rule="7.2.4",
                 mercenary=True)
            return
        if verb == "minor":
            lid, _, sid = rest.partition(":")
            if (lid, sid) in minor_moves(st, side, fr):
                st["leaders"][lid] = sid
                fr.setdefault("minors", []).append(lid)
                note(st, f"{leader_name(lid)} takes post at {space_name(sid)}.", "8.3",
                     where=sid)
                return
        if verb == "solidarity" and rest in solidarity_targets(st) \
                and st["plunder"]["gauls"] > 0:
            st["plunder"]["gauls"] -= 1
            st["spaces"][rest]["ctl"] = "gauls"
            note(st, f"Gallic Solidarity: {space_name(rest)} returns to the Gauls.", "14.6",
                 where=rest)
            return
        raise IllegalChoice(f"'{cid}' is not a legal choice now")


def treaty_card(st: State, side: str, card: str) -> bool:
    """After the Rome-Carthage alliance the Roman player may play any 3-value card as a
    Neutral Power Activates to activate Carthage (18)."""
    c = ed().cards[card]
    return (side == "rome" and bool(st["flags"].get("rome_carthage_alliance"))
            and c.value == 3 and c.event["do"] != "npa"
            and "carthage" in nonplayer.activatable_powers(st, side))


def minor_moves(st: State, side: str, fr: Frame) -> list[tuple[str, str]]:
    """While active a player may add or reposition his minor leaders to spaces holding his
    CU (8.3), any number of times (5.4); ruling: not the same one twice running, with no
    other action between (moving one twice in a row gains nothing)."""
    out = []
    for lid, at in sorted(st["leaders"].items()):
        ld = ed().leaders[lid]
        if ld.named or ld.power not in powers_of(st, side) or lid in fr.get("minors", []):
            continue
        if at not in st["spaces"] and at != "reserve":
            continue
        out += [(lid, sid) for sid in sorted(st["cu"]) if sid != at
                and cu(st, sid, ld.power) > 0 and sid in st["spaces"]
                and (not ed().spaces[sid].box or sid == "garrison_box")]
    return out


def solidarity_targets(st: State) -> list[str]:
    """Gallic home spaces with an enemy PC, an independent one too (example 14.6), and no
    enemy CU (14.6)."""
    return [sid for sid, sp in sorted(st["spaces"].items())
            if home_of(sid) == "gauls" and sp["ctl"] not in ("gauls",)
            and not sp["loy"] and not has_enemy_cu(st, "gauls", sid)]


@proc
class UseProc(Proc):
    """How a card is played (7.1): activate a leader, support, a reinforcement (3-value),
    its event; or siege (13.1.1) or a Roman colony (7.2.1) with the activation."""

    name = "use"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        side, card = fr["side"], fr["card"]
        value = card_value(card)
        cs: list[Choice] = []
        for lid in activatable(st, side, value):
            at = st["leaders"][lid]
            power = ed().leaders[lid].power
            cs.append(Choice(f"move:{lid}", f"Activate {leader_name(lid)} at {space_name(at)} "
                             f"({cu(st, at, power)} CU)", target=at, group="Activate a leader"))
            if sieges.can_roll(st, lid):
                cs.append(Choice(f"siege:{lid}", f"{leader_name(lid)} rolls for the siege of "
                                 f"{space_name(at)}", target=at, group="Siege"))
            if nonplayer.can_attack_unrest(st, lid):
                cs.append(Choice(f"unrest:{lid}", f"{leader_name(lid)} attacks the unrest "
                                 f"(level {st['unrest']})", target=at, group="Unrest"))
        for lid in colony_sites(st, side):
            at = st["leaders"][lid]
            if value >= ed().leaders[lid].initiative:
                cs.append(Choice(f"colony:{lid}", f"Found a colony at {space_name(at)}",
                                 target=at, group="Colony"))
        cs.append(Choice("support", f"Political support: {value} point"
                         f"{'s' if value > 1 else ''}", group="Operations"))
        if value == 3 and any(can_place(st, p) for p in powers_of(st, side)):
            cs.append(Choice("reinforce", "Raise 1 CU (reinforcement)", group="Operations"))
        if card != DT and events.playable(st, side, card):
            cs.append(Choice("event", f"Event: {ed().cards[card].text}", group="Event"))
        if fr.get("parent") == "active":
            cs.append(Choice("back", "Choose another card"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        card = fr["card"]
        ctx = {"card": {"title": card_title(card), "value": card_value(card),
                        "text": "Counts as a 3-value card (7.4.6)" if card == DT
                        else ed().cards[card].text,
                        "source": "rule 7.4" if card == DT else ed().cards[card].source}}
        return ask(st, fr["side"], f"play {card_title(card)} ({card_value(card)})",
                   self.options(st, fr), kind="card", rule="7.1", context=ctx)

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side, card = fr["side"], fr["card"]
        pop(st)
        if cid == "back":
            return
        parent = st["stack"][-1] if st["stack"] else None
        if parent and parent["proc"] == "active" and fr.get("parent") == "active":
            parent["played"] = True
        value = card_value(card)
        verb, _, lid = cid.partition(":")
        spend(st, side, card, as_event=(verb == "event"))
        title = card_title(card)
        if verb == "move":
            note(st, f"{SIDE_NAMES[side]}: {title} activates {leader_name(lid)}.", "9.1")
            start_move(st, side, lid, value)
        elif verb == "siege":
            note(st, f"{SIDE_NAMES[side]}: {title}: {leader_name(lid)} presses the siege.",
                 "13.1.1")
            push(st, "siege", side=side, leader=lid, space=st["leaders"][lid], stage="window")
        elif verb == "unrest":
            note(st, f"{SIDE_NAMES[side]}: {title}: {leader_name(lid)} attacks the unrest.",
                 "20.3")
            nonplayer.start_unrest_attack(st, side, lid, nonplayer.unrest_fighters(st))
        elif verb == "colony":
            found_colony(st, lid)
        elif verb == "support":
            note(st, f"{SIDE_NAMES[side]}: {title} for {value} support point"
                 f"{'s' if value > 1 else ''}.", "7.3.1")
            push(st, "support", side=side, points=value, battle=None, remove=[])   # 7.3.1
        elif verb == "reinforce":
            note(st, f"{SIDE_NAMES[side]}: {title} raises 1 CU.", "7.1")
            push(st, "place", side=side, powers=powers_of(st, side), n=1, rule="7.1")
        elif verb == "event":
            note(st, f"{SIDE_NAMES[side]} plays the event {title}.", "7.1")
            events.play(st, side, card)


@proc
class DTAction(Proc):
    """Desperate Times (7.4.3): one action as with a 3-value card, or a new hand, or a named
    event searched from the deck or discards and played at once."""

    name = "dt_action"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        side = fr["side"]
        cs = [Choice("ops", "Act as with a 3-value card")]
        if side == "carthage" and five(st) and can_place(st, "carthage"):
            cs.append(Choice("hire", "Hire 3 mercenary CU (7.4.6)"))
        if st["hands"][side]:
            cs.append(Choice("refresh", "Discard cards of your choice and draw as many"))
        deck = st["decks"][side]
        found: dict[str, str] = {}     # title -> the copy taken: from the hand, else a pile
        for card in st["hands"][side] + deck["draw"] + deck["discard"]:     # 7.4.3
            c = ed().cards[card]
            if c.title not in found and not c.response and events.playable(st, side, card):
                found[c.title] = card
        # listed by title: the player names the event before searching, so the list must
        # not show how the draw pile lies (it was listed in the pile's order)
        for title, card in sorted(found.items()):
            cs.append(Choice(f"search:{card}", f"Search for {title} and play it",
                             detail=ed().cards[card].text))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], "Desperate Times: choose what to do", self.options(st, fr),
                   rule="7.4.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = fr["side"]
        pop(st)
        st["dt"][side] -= 1
        note(st, f"The {SIDE_NAMES[side]} player plays Desperate Times.", "7.4")
        if cid == "ops":
            push(st, "use", side=side, card=DT, parent="dt")
        elif cid == "hire":                                  # 7.4.6 with 7.2.4
            note(st, "Carthage hires 3 mercenary CU with Desperate Times.", "7.4.6")
            push(st, "place", side=side, powers=["carthage"], n=3, rule="7.2.4",
                 mercenary=True)
        elif cid == "refresh":
            push(st, "dt_refresh", side=side, dropped=0)
        else:
            card = cid.split(":", 1)[1]
            if card in st["hands"][side]:                # 7.4.3: from his hand too
                take(st, side, card)
            else:
                search(st, st["decks"][side], card, name=SIDE_NAMES[side], rule="7.4.3")
            c = ed().cards[card]
            if c.remove:
                remove(st["decks"][side], card)
            else:
                discard(st["decks"][side], card)
            note(st, f"{SIDE_NAMES[side]} finds {c.title} and plays it.", "7.4.3")
            events.play(st, side, card)


@proc
class DTRefresh(Proc):
    """Desperate Times, a new draw (7.4.3): discard any number of cards from the hand, one
    at a time, then draw as many."""

    name = "dt_refresh"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice(f"drop:{c}", f"Discard {ed().cards[c].title} ({ed().cards[c].value})")
              for c in st["hands"][fr["side"]]]
        n = fr["dropped"]
        cs.append(Choice("draw", f"Draw {n} card{'s' if n != 1 else ''}" if n
                         else "Discard nothing"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], "Desperate Times: discard which cards?",
                   self.options(st, fr), kind="choose-card", rule="7.4.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = fr["side"]
        if cid == "draw":
            pop(st)
            n = fr["dropped"]
            hand = st["hands"][side]
            draw_to(st, st["decks"][side], hand, len(hand) + n, name=SIDE_NAMES[side],
                    rule="7.4.3")
            note(st, f"{SIDE_NAMES[side]}: {n} card{'s' if n != 1 else ''} discarded and "
                 "as many drawn.", "7.4.3")
            return
        card = cid.split(":", 1)[1]
        take(st, side, card)
        discard(st["decks"][side], card)
        if ed().cards[card].reshuffle:                   # 6.4.1: discarded counts too
            mark_reshuffle(st["decks"][side])
        fr["dropped"] += 1
