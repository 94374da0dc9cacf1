"""Event cards (4.0-4.10): the Event deck, the Action Phase draw loop, Recurrent Events with
their Activation Sequences, the mechanics they trigger, and the named functions a few cards
call (Ev 3, 5, 6, Hannibal's War, the Succession Crises).

Card texts and Activation Sequences are not in the rulebook (digest §0 #18): each card's
text is data in ``assets/hubris/events.yaml`` (reconstructed and marked there), carried out
by :mod:`rules.hubris.event_effects`. :data:`RECONSTRUCTED` is only a fallback for a card the
components data lacks.
"""

from __future__ import annotations

from typing import Any

from rules.engine.deck import draw
from rules.engine.rng import pick, roll, shuffle

from . import alignment, bidding, cards, core, event_effects, leaders, names, rome, two_player
from .core import note
from .courts import MECHANICS, new_leaders
from .event_cards import (  # noqa: F401 - read as events.card etc. elsewhere
    RECONSTRUCTED,
    RECONSTRUCTED_LEADERS,
    TEXT_FUNCTIONS,
    card,
    card_fallback,
    event_leader,
    norm_event,
)
from .flow import Auto, pop, proc, push
from .rulesdata import RulesData
from .succession import resolve

State = dict[str, Any]

#: Greek Stasis table (PAC not in the text), reconstructed: 2d6 -> Greek Place.
STASIS_TABLE = {2: "kyrene", 3: "paphos", 4: "salamis", 5: "athenai", 6: "korinthos",
                7: "sparte", 8: "chalkis", 9: "elis", 10: "miletos", 11: "ephesos",
                12: "messene"}
SUCCESSION_CRISIS = {"ptolemies": "ev-09", "seleucids": "ev-10", "macedon": "ev-11"}


def _decks(state: State) -> dict[str, Any]:
    """The decks, made this state's own to draw from, shuffle or add to (they are shared
    between a state and the copy ``apply`` makes of it, ``core.SHARED_PARTS``)."""
    state.setdefault("decks", {})
    decks = core.own_part(state, "decks")
    decks.setdefault("events", {"draw": [], "discard": []})
    return decks


# --- 3.2 Decks Preparation ----------------------------------------------------------------
def recurrent_on(data: RulesData, turn: int) -> list[str]:
    known = [e for e, c in data.events.items() if c.kind == "recurrent" and c.active_turns
             and c.active_turns[0] <= turn <= c.active_turns[1]]
    if known:
        return sorted(known)
    return ["ev-02", "ev-03", "ev-04", "ev-05", "ev-06", "ev-08" if turn >= 6 else "ev-07"]


def first_turn_cards(data: RulesData, state: State) -> list[str]:
    """The scenario's deck instructions (3.2, 12.x); 12.3: Recurrents but Ev 2, Ev 1, Ev 15."""
    spec = state.get("scenario", {}).get("deck") or {}
    if isinstance(spec, list):
        return [norm_event(c) for c in spec]
    turn = int(spec.get("recurrent_active_on_turn", state.get("turn", 1)))
    exclude = {norm_event(e) for e in spec.get("except", [])}
    cards = [e for e in recurrent_on(data, turn) if e not in exclude]
    cards += [norm_event(e) for e in spec.get("one_offs", [])]
    if "one_offs_of_turn" in spec:          # 12.1, 12.2: every One-Off of the first Turn
        first = int(spec["one_offs_of_turn"])
        cards += [e for e, c in sorted(data.events.items())
                  if c.kind == "one-off" and c.turn == first and e not in cards]
    return cards + ["ev-01"]


@proc("decks")
class DecksPreparation(Auto):
    """3.2: build and shuffle the Event deck; Leaders whose Start Turn has come enter."""

    def run(self, data, state, frame):
        decks = _decks(state)
        turn = state.get("turn", 1)
        if turn == state.get("scenario", {}).get("start_turn", turn) and \
                not state.get("deck_built"):
            cards = first_turn_cards(data, state)
        else:
            keep = [c for c in decks["events"]["draw"] if card(data, c).kind != "recurrent"]
            cards = sorted({"ev-01", *keep, *recurrent_on(data, turn),
                            *[e for e, c in data.events.items()
                              if c.kind == "one-off" and c.turn == turn]})
        state["deck_built"] = True
        if two_player.active(state):
            cards = two_player.deck(data, state, cards)
            two_player.start_of_turn(data, state)
        pile = list(cards)
        shuffle(state, pile, purpose="Event deck", rule="3.2", quiet=True)
        decks["events"] = {"draw": pile, "discard": []}
        note(state, f"The Event deck is prepared with {len(pile)} cards.", "3.2")
        pop(state, frame)
        new_leaders(data, state)        # 2.2.4, and a King for each Court (2.3.1)


def shuffle_in_succession_crisis(data: RulesData, state: State, k: str) -> None:
    """A dead King's Succession Crisis card is shuffled into the remaining deck (2.3.1, 4.5)."""
    eid = SUCCESSION_CRISIS.get(k)
    if not eid or eid not in data.events:
        return
    if state.get("crisis_resolving") == eid:      # 4.5: the crisis that kills the King
        return
    pile = _decks(state)["events"]["draw"]
    if eid in pile:
        return
    pile.append(eid)
    shuffle(state, pile, purpose="Event deck (Succession Crisis added)", rule="4.5", quiet=True)
    note(state, f"The {names.ADJECTIVES.get(k, k.title())} Succession Crisis card is shuffled "
                "into the deck.", "2.3.1")


# --- 3.6 the Action Phase -----------------------------------------------------------------
@proc("action-phase")
class ActionPhase(Auto):
    """3.6: flip Event cards one by one until Winter Quarters ends the Phase."""

    def run(self, data, state, frame):
        deck = _decks(state)["events"]
        if not deck["draw"]:
            note(state, "The Event deck is exhausted: the Action Phase ends.", "3.6")
            pop(state, frame)
            return
        since = len(state["log"])
        eid = draw(state, deck, name="Event", rule="3.6", reshuffle_empty=False)
        c = card(data, eid)
        note(state, f"Event drawn: {cards.title(data, eid)}.", "3.6")
        if c.kind == "winter":
            recurrent_left = [e for e in deck["draw"] if card(data, e).kind == "recurrent"]
            if frame.get("recurrent", 0) >= 4 or not recurrent_left:
                note(state, "Winter Quarters: the Action Phase ends.", "3.6")
                deck["discard"].append(eid)
                pop(state, frame)
                cards.show(data, state, eid, since)
                return
            deck["draw"].append(eid)
            shuffle(state, deck["draw"], purpose="Winter Quarters reshuffled", rule="3.6",
                    quiet=True)
            note(state, "Fewer than four Recurrent Events drawn: Winter Quarters is shuffled "
                        "back into the deck.", "3.6")
            cards.show(data, state, eid, since)
            return
        if c.kind == "recurrent":
            frame["recurrent"] = frame.get("recurrent", 0) + 1
            push(state, "recurrent", card=eid, step="text", order=[], index=0, log_at=since)
            return
        push(state, "one-off", card=eid, log_at=since)


@proc("recurrent")
class Recurrent(Auto):
    """3.6: a Recurrent Event: its text, its mechanic, then one Activation per Power."""

    def run(self, data, state, frame):
        eid = frame["card"]
        if frame["step"] == "text":
            frame["step"] = "mechanic"
            resolve_text(data, state, eid)
            return
        if frame["step"] == "mechanic":
            frame["step"] = "show"
            mech = MECHANICS.get(card(data, eid).mechanic or "")
            if mech:
                name, fn = mech
                ignored = set(state.get("scenario", {}).get("ignore_mechanics") or [])
                if card(data, eid).mechanic in ignored or _ignored_name(name, ignored):
                    note(state, f"{name} is ignored in this scenario.", "12.3")
                else:
                    fn(data, state)     # may push a procedure (Intrigues at Court asks)
            return
        if frame["step"] == "show":
            frame["step"] = "activations"
            c = card(data, eid)
            players = core.player_kingdoms(state)
            frame["order"] = [p for p in (c.sequence or card_fallback(eid).sequence)
                              if p in players or (p == "rome" and rome.active(state))]
            skipped = [p for p in c.sequence if p not in frame["order"]]
            if skipped and all(core.non_player(state, p) for p in skipped):
                note(state, f"{names.names(skipped)} is a Non-Player: its Activation is "
                            "skipped (it acts only through Events).", "10.5")
            elif skipped:
                note(state, f"Activations of {names.names(skipped)} are skipped (not in play).",
                     "12.3")
            cards.show(data, state, eid, frame.get("log_at", len(state["log"])),
                       frame["order"])
            return
        if frame["index"] < len(frame["order"]):
            k = frame["order"][frame["index"]]
            frame["index"] += 1
            if k == "rome":
                push(state, "roman-activation", card=eid)
            else:
                push(state, "activation", kingdom=k, card=eid)
            return
        _decks(state)["events"]["discard"].append(eid)
        pop(state, frame)


def _ignored_name(name: str, ignored: set[str]) -> bool:
    slug = name.lower().replace(" ", "-").replace("&", "and")
    return slug in ignored or name.lower() in {i.lower() for i in ignored}


@proc("one-off")
class OneOff(Auto):
    """4.3: a One-Off (or Succession Crisis) card: its Immediate part is resolved, a Pending
    part waits to be Triggered; then every player reads the card and what it did."""

    def run(self, data, state, frame):
        eid = frame["card"]
        if frame.get("step", "text") == "text":
            frame["step"] = "show"
            state.setdefault("resolved_events", []).append(eid)
            resolve_text(data, state, eid)
            return
        pop(state, frame)
        first = core.player_kingdoms(state)[0] if core.player_kingdoms(state) else None
        cards.show(data, state, eid, frame.get("log_at", len(state["log"])), first=first)


# --- Event texts (reconstructed) ----------------------------------------------------------
def _no_effect(data: RulesData, state: State, eid: str) -> None:
    note(state, f"Ev {card(data, eid).number} has no effect on the areas in play.", "4.0")


def _random_aligned(state: State, data: RulesData, k: str, sat: str) -> str | None:
    places = core.aligned_places(state, data, k, sat)
    if not places:
        return None
    return pick(state, places, purpose=f"random Aligned Place in {names.name(sat)}", rule="2.8",
                show=names.name)


def ev3_stasis(data: RulesData, state: State, eid: str) -> None:
    """Ev 3 (reconstructed): 2d6 on the Greek Stasis table; the Place rolled, if in play and
    Aligned, goes into Revolt on a further 1d6 of 1-3."""
    a, b = roll(state, 2, purpose="Greek Stasis table", rule="4.0")
    place = STASIS_TABLE[a + b]
    if place not in state["places"] or not core.sat_in_play(
            state, data.places[place].satrapy if place in data.places else ""):
        note(state, f"Stasis strikes {names.name(place)}, outside the areas in play: no effect.",
             "12.3")
        return
    if state["places"][place].get("power") is None:
        note(state, f"Stasis in {names.name(place)}, which is Unaligned: no effect.", "4.0")
        return
    (face,) = roll(state, purpose=f"Stasis in {names.name(place)} (Revolt on 3 or less)",
                   rule="4.0")
    if face <= 3:
        alignment.revolt(data, state, place, "4.0")
    else:
        note(state, f"The faction strife in {names.name(place)} dies down.", "4.0", where=place)


def ev5_enemies(data: RulesData, state: State, eid: str) -> None:
    """Ev 5 (reconstructed): 1d6; on 2 nomads raid MEDIA (Seleucid), on 3 desert tribes raid
    THEBAIS (Ptolemaic): if the Kingdom Controls it, a random Aligned Place there Revolts."""
    (face,) = roll(state, purpose="Enemies at the Gates (raid on a 2 or a 3)", rule="4.0")
    target = {2: ("seleucids", "media"), 3: ("ptolemies", "thebais")}.get(face)
    if not target:
        note(state, "The frontiers hold.", "4.0")
        return
    k, sat = target
    if k not in state["kingdoms"] or not core.sat_in_play(state, sat) or \
            not core.controls(state, k, sat):
        note(state, f"Raid on {names.name(sat)}: the conditions are not met, no effect.", "4.0")
        return
    place = _random_aligned(state, data, k, sat)
    if place:
        alignment.revolt(data, state, place, "4.0")


def ev6_revolt(data: RulesData, state: State, eid: str) -> None:
    """Ev 6 (reconstructed): each Kingdom rolls 1d6; on a 1, a random Place holding one of
    its Alliances rises in Revolt."""
    for k in core.kingdoms(state):
        (face,) = roll(state, purpose=f"Revolt! for the {names.name(k)} (a Revolt on a 1)",
                       rule="4.0")
        if face != 1:
            continue
        allies = sorted(p for p, r in state["places"].items()
                        if r.get("power") == k and r.get("marker") == "alliance"
                        and p in data.places
                        and core.sat_in_play(state, data.places[p].satrapy))
        if allies:
            alignment.revolt(data, state, pick(state, allies, purpose="Revolt! Place",
                                               rule="4.0", show=names.name), "4.0")


def ev15_mercenary_general(data: RulesData, state: State, eid: str) -> None:
    """Ev 15 (reconstructed): an Unaffiliated general is offered; Kingdoms bid (2.2.7)."""
    lid = card(data, eid).leader or RECONSTRUCTED[eid].leader or "U3"
    event_leader(data, lid)
    bidders = [k for k in core.player_kingdoms(state)]
    note(state, f"{leaders.label(data, lid)} offers his services: bids from 1 T.", "2.2.7")
    push(state, "leader-bid", leader=lid, bidders=bidders,
         auction=bidding.begin(state, [b for b in bidders if core.treasury(state, b) >= 1], 1))


def ev_succession_crisis(data: RulesData, state: State, eid: str) -> None:
    """Ev 9 / Ev 10 / Ev 11 (4.5), reconstructed in :mod:`rules.hubris.succession`."""
    resolve(data, state, eid)


def ev_hannibals_war(data: RulesData, state: State, eid: str) -> None:
    """Ev 14/17/24/31 'Hannibal's War' (text reconstructed, RECONSTRUCTED in
    docs/hubris-rulings.md): the Second Punic War moves one step on, and one face-down
    Mercenary on the map, at random, goes to fight in it (the SPW box, 8.3.2)."""
    if not rome.active(state):
        _no_effect(data, state, eid)
        return
    rome.advance_spw(data, state, f"Ev {card(data, eid).number} 'Hannibal's War'")
    idle = sorted(u for u, r in state["units"].items() if r["type"] == "mercenary"
                  and r["face"] == "down" and r["location"] in state["satrapies"])
    if idle:
        by_name = {names.name(v): v for v in idle}
        u = by_name[pick(state, sorted(by_name), purpose="Mercenaries hired for the war in "
                         "Italy", rule="8.3.2")]
        core.set_unit(state, u, location="spw", owner=None)
        note(state, f"The {core.title_of(u)} sail west to fight in the Second Punic War.",
             "8.3.2")


def resolve_text(data: RulesData, state: State, eid: str) -> None:
    """The card's own text (4.0), from its operations in events.yaml (or its function in
    :data:`TEXT_FUNCTIONS`); a card without any has no effect on the areas in play."""
    if eid in TEXT_FUNCTIONS:
        TEXT_FUNCTIONS[eid](data, state, eid)
        return
    c = card(data, eid)
    if c.ops or c.pending:
        event_effects.resolve(data, state, eid)
    else:
        _no_effect(data, state, eid)


def special_event(data: RulesData, state: State, frame: dict[str, Any], o: Any) -> None:
    """A card's named function (``call``): :data:`event_effects.SPECIAL`, which this module
    fills (:func:`_register_specials`)."""
    event_effects.SPECIAL[o["call"]](data, state, frame, o)


def _register_specials() -> None:
    """The named functions events.yaml calls (``call: <name>``)."""
    def by_card(fn):
        return lambda data, state, frame, o: fn(data, state, frame["card"])

    def roman_peace(data, state, frame, o):
        for k in event_effects.powers(state, o.get("who"), frame):
            if rome.active(state) and rome.at_war(state, k):
                rome.end_war(data, state, k, "4.0")

    for name, fn in (("stasis", by_card(ev3_stasis)), ("frontier-raids", by_card(ev5_enemies)),
                     ("revolts", by_card(ev6_revolt)),
                     ("hannibals-war", by_card(ev_hannibals_war)),
                     ("succession-crisis", by_card(ev_succession_crisis)),
                     ("roman-peace", roman_peace)):
        event_effects.special(name)(fn)


_register_specials()


# --- 2.2.7 Leader bids ---------------------------------------------------------------------
@proc("leader-bid")
class LeaderBid:
    """2.2.7 / 2.2.9: Kingdoms bid for an Unaffiliated or Defecting Leader (min 1 T) in an open
    auction (ruling R7); ties by a die; only the winner pays; no bid removes him."""

    def prompt(self, data, state, frame):
        what = leaders.label(data, frame["leader"])
        text = f"Bidding for {what}" + (" (a Defector)" if frame.get("defector") else "")
        return bidding.prompt(state, frame["auction"], text, what, frame.get("rule", "2.2.7"))

    def apply(self, data, state, frame, choice):
        bidding.act(state, frame["auction"], choice, frame.get("rule", "2.2.7"))

    def run(self, data, state, frame):
        pop(state, frame)
        lid, rule = frame["leader"], frame.get("rule", "2.2.7")
        winner = bidding.winner(state, frame["auction"], leaders.label(data, lid), rule)
        if winner is None:
            note(state, f"No bid: {leaders.label(data, lid)} is removed from play.", rule)
            state.setdefault("removed_leaders", []).append(lid)
            core.own_table(state, "leaders").pop(lid, None)
            return
        top = frame["auction"]["standing"]
        core.pay(state, winner, top, f"{leaders.label(data, lid)}", frame.get("rule", "2.2.7"))
        if frame.get("defector"):
            rec = core.own_table(state, "leaders").pop(lid)
            leaders.join_court(data, state, winner, lid, rec["rotation"], rec["renown"], "2.2.9")
        else:
            leaders.join_court(data, state, winner, lid)
