"""Rome's Activations (8.6.2-8.6.3), Diplomacy (8.6.4), Land Campaigns (8.6.5) and its Minor
Allies on the Consuls' cards (8.10).

Who decides (New Game option ``rome``): the Rome bot (default) takes every Roman decision by
the priorities of docs/hubris-rulings.md (R31-R36); with ``rome=player`` the Kingdom that
handles the War (8.6.2) chooses through the same prompts, among what Rome may legally do.
"""

from __future__ import annotations

from typing import Any

from rules.engine import deck as decks
from rules.engine.game import Choice, Prompt
from rules.engine.rng import roll, shuffle

from . import alignment, battles, core, reactions, rome
from .core import note
from .flow import pop, proc, push
from .minors import MINOR_OF
from .names import the
from .rulesdata import RulesData

State = dict[str, Any]
ROME = "rome"
ADRIAS = "adrias"


MINOR_NAMES = {"aitolian-league": "the Aitolian League", "achaian-league": "the Achaian League",
               "sparta": "Sparta", "rhodes": "Rhodes", "pergamon": "Pergamon",
               "parthians": "the Parthians"}


def consul(foe: str) -> str:
    return f"consul-{foe}"


def _deck(state: State) -> dict[str, Any]:
    """The Roman Activation deck, made this state's own (the decks are shared between
    states like the Places, ``game.SHARED_PARTS``) to draw from or discard to."""
    state.setdefault("decks", {})
    d = core.own_part(state, "decks").setdefault("roman_activation",
                                                 {"draw": [], "discard": []})
    if not d["draw"] and not d["discard"]:
        d["draw"] = sorted(rome._cards().roman_activation)
        shuffle(state, d["draw"], purpose="Roman Activation deck", rule="3.2", quiet=True)
    return d


def draw(state: State) -> str:
    card = decks.draw(state, _deck(state), name="Roman Activation", rule="8.6.2")
    assert card is not None
    return card


def box(state: State, card: str):
    return rome._cards().roman_activation[card].box(rome.side(state))


def describe(state: State, card: str) -> str:
    b = box(state, card)
    parts = []
    if b.military:
        parts.append("Military icon (Siege 4)")
    if b.diplomacy:
        parts.append("Diplomacy icon")
    parts.append(f"{b.legions} Legion(s)" + (f" at Battle {b.battle}" if b.legions else ""))
    parts.append(f"{b.squadrons} Squadron(s)")
    return ", ".join(parts)


# --- Consuls, Legions, Squadrons (8.6.3) -----------------------------------------------------
def consul_rating(state: State, lid: str) -> int:
    card = ((state.get("rome") or {}).get("consuls", {}).get(lid.removeprefix("consul-"))
            or {}).get("card")
    return (box(state, card).battle if card else None) or 2


def pool(state: State, kind: str) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r["type"] == kind
                  and r["location"] in ("offmap", "dispersed"))


def set_legions(data: RulesData, state: State, foe: str, n: int) -> None:
    lid = consul(foe)
    if n == 0:
        remove_consul(data, state, foe, None, "8.6.3")
        return
    if lid not in state["leaders"]:
        core.own_table(state, "leaders")[lid] = {
            "court": ROME, "location": "italia", "role": None, "rotation": 0, "renown": 0,
            "rebel": False, "of": ROME}
    rec = state["leaders"][lid]
    if rec["location"] in ("court", "offmap"):
        rec = core.set_leader(state, lid, location="italia")
    on = [u for u in core.on_card(state, lid) if state["units"][u]["type"] == "legion"]
    for u in on[n:]:
        core.set_unit(state, u, location="offmap")
    for u in pool(state, "legion")[:max(0, n - len(on))]:
        core.set_unit(state, u, location=core.card_of(lid), owner=ROME, face="up")
    note(state, f"The Consul against {the(foe)} commands {n} Legion(s) in "
                f"{core.title_of(rec['location'])}.", "8.6.3", where=rec["location"])


def remove_consul(data: RulesData, state: State, foe: str, con: dict[str, Any] | None,
                  rule: str) -> None:
    lid = consul(foe)
    release_minors(data, state, foe)
    for u in core.on_card(state, lid):
        core.set_unit(state, u, location="offmap")
    for u in [u for u, r in state["units"].items()
              if r["type"] == "legion" and r["location"] == "dispersed" and not rome.wars(state)]:
        core.set_unit(state, u, location="offmap")
    if lid in state["leaders"]:
        del core.own_table(state, "leaders")[lid]
        note(state, f"The Consul against {the(foe)} leaves the map.", rule)


def release_minors(data: RulesData, state: State, foe: str) -> None:
    """8.10, 8.6.3: Allied Minor Units on the Consul's card return face-up to their Home."""
    from .mapdata import load_map
    md = load_map()
    for u in core.on_card(state, consul(foe)):
        if u in MINOR_OF:
            hearts = md.minors.get(MINOR_OF[u], ())
            home = data.places[hearts[0]].satrapy if hearts else "offmap"
            core.set_unit(state, u, location=home, face="up")


def set_squadrons(state: State) -> None:
    """8.6.3: the Roman Squadrons in play match the active cards, within the SPW cap."""
    cards = [c.get("card") for c in (state.get("rome") or {}).get("consuls", {}).values()]
    want = min(rome.squadron_cap(state), sum(box(state, c).squadrons for c in cards if c))
    mine = sorted(u for u, r in state["units"].items() if r["type"] == "roman-squadron"
                  and r["location"] not in ("offmap", "removed"))
    for u in mine[want:]:
        core.set_unit(state, u, location="offmap")
    for u in pool(state, "roman-squadron")[:max(0, want - len(mine))]:
        from . import solitaire  # 12.6: the Adrias is not in play
        entry = solitaire.squadron_entry(state) or "adrias"
        core.set_unit(state, u, location=entry, owner=ROME, face="up")
    if want != len(mine):
        note(state, f"Rome has {want} Squadron(s) in play.", "8.6.3", where="adrias")


# --- Roman Activation (8.6.2) ----------------------------------------------------------------
@proc("roman-activation")
class RomanActivation:
    """At Peace one card, its Diplomacy icon only; At War one card per War, in the order of
    8.6.2, each with its Legions, Squadrons, Military and Diplomacy icons."""

    def prompt(self, data, state, frame):
        return None

    def apply(self, data, state, frame, choice):  # pragma: no cover - never asks
        raise RuntimeError("roman-activation takes no choices")

    def run(self, data, state, frame):
        if not rome.active(state):
            pop(state, frame)
            return
        if "todo" not in frame:
            foes = rome.wars(state)
            if not foes:
                card = draw(state)
                icon = "a Diplomacy icon" if box(state, card).diplomacy else \
                    "no Diplomacy icon"
                note(state, f"Rome at Peace draws a Roman Activation card: {icon}.", "8.6.2")
                if box(state, card).diplomacy:
                    diplomacy(data, state)
                _deck(state)["discard"].append(card)
                pop(state, frame)
                return
            frame["todo"] = foes
        for k in frame.pop("denied", []):       # 8.6.6: a new card for the new War
            if rome.at_war(state, k) and k not in frame["todo"]:
                frame["todo"].insert(0, k)
        if not frame["todo"]:
            pop(state, frame)
            return
        foe = frame["todo"].pop(0)
        if not rome.at_war(state, foe):
            return
        if core.non_player(state, foe):         # 10.7: the simplified War
            from .two_player import roman_war_turn
            roman_war_turn(data, state)
            return
        con = state["rome"]["consuls"].setdefault(foe, {"location": None, "card": None})
        if con.get("card"):
            _deck(state)["discard"].append(con["card"])
        card = con["card"] = draw(state)
        b = box(state, card)
        note(state, f"Rome's War against {the(foe)}: {describe(state, card)}.", "8.6.3")
        set_legions(data, state, foe, b.legions)
        set_squadrons(state)
        if b.diplomacy:
            diplomacy(data, state)
        if b.military and b.legions and consul(foe) in state["leaders"]:
            push(state, "roman-campaign", foe=foe, step="target")


# --- Roman Diplomacy (8.6.4) ------------------------------------------------------------------
def diplomacy(data: RulesData, state: State) -> None:
    """The first Minor of Allies Sought not yet a Roman Ally and without a non-Roman
    Garrison on its Heartland: a Kingdom's Alliance there is Unaligned (one of the two
    Achaian ones), otherwise Roman Alliances go on it and every Unaligned Place of its
    Satrapy: a Roman Minor Ally (8.10)."""
    from . import solitaire
    from .mapdata import load_map
    if solitaire.active(state) and solitaire.diplomacy(data, state):
        return      # 12.6 special rule 3
    md = load_map()
    sought = rome.agenda_side(state).allies_sought
    for minor in sought:
        if minor in solitaire.diplomacy_immune(state):      # 12.5 special rule 4
            continue
        hearts = md.minors.get(minor, ())
        recs = [state["places"][h] for h in hearts]
        if all(r.get("power") == ROME and r.get("marker") == "alliance" for r in recs):
            continue
        if any(r.get("marker") == "garrison" and r.get("power") != ROME for r in recs):
            continue
        allied = [h for h in hearts if state["places"][h].get("power") not in (None, ROME)]
        name = MINOR_NAMES.get(minor, minor)
        if allied:
            h = allied[0]
            note(state, f"Roman Diplomacy courts {name}: the Alliance on "
                        f"{core.title_of(h)} is Unaligned (Allies Sought of "
                        f"{rome.agenda(state).name}).", "8.6.4", where=h)
            alignment.unalign(data, state, h, "8.6.4")
            return
        for h in hearts:
            sat = data.places[h].satrapy
            for p in data.satrapies[sat].places:
                r = state["places"][p]
                if p in hearts or (r.get("power") is None and not
                                   (data.places[p].status == "subject" and
                                    data.places[p].kind == "city")):
                    core.set_place(state, p, power=ROME, marker="alliance", revolt=False,
                                   rebel=None)
        alignment.refresh(data, state)
        note(state, f"Roman Diplomacy: {name} becomes a Roman Minor Ally (Allies Sought of "
                    f"{rome.agenda(state).name}).", "8.6.4",
             where=data.places[hearts[0]].satrapy)
        return
    note(state, "Roman Diplomacy finds no Minor to court.", "8.6.4")


def muster_minors(data: RulesData, state: State, lid: str, origin: str, target: str) -> None:
    """8.10: Roman-allied Minor Land Units join the Consul when Origin and Target are within
    their limits (2.13.10) and they trace a Land Path from where they stand to the Origin;
    they do not count against the Legions (the Rome bot takes every one it may)."""
    from . import minors
    if origin not in data.satrapies:
        return
    for u in sorted(MINOR_OF):
        rec = state["units"].get(u)
        if not rec or rec["type"] != "minor" or rec["location"] not in data.satrapies:
            continue
        st, ally = minors.status(data, state, u)
        if st != "allied" or ally != ROME or not minors.may_campaign_in(u, origin) or \
                not minors.may_campaign_in(u, target) or \
                not core.land_path(state, data, ROME, rec["location"], origin):
            continue
        core.set_unit(state, u, location=core.card_of(lid), face="up", owner=ROME)
        note(state, f"The {core.title_of(u)} march with the Consul (Roman Minor Ally).",
             "8.10", where=origin)


# --- Roman Campaign (8.6.5) -------------------------------------------------------------------
def targets(data: RulesData, state: State, foe: str) -> list[str]:
    """Satrapies within the Scope the Consul can reach (ITALIA: the Adrias arrival routes;
    elsewhere: his Satrapy or an Adjacent one) holding a Place of the enemy or his Troops."""
    loc = state["leaders"][consul(foe)]["location"]
    out = []
    for s in ([] if loc == "italia" else [loc]) + reach(data, state, loc):
        if not core.sat_in_play(state, s) or not rome.in_scope(state, s):
            continue
        if core.aligned_places(state, data, foe, s) or core.troops_of(state, foe, s):
            out.append(s)
    return sorted(set(out))


def reach(data: RulesData, state: State, loc: str) -> list[str]:
    """Where a Consul may Campaign from ``loc`` (5.2.1): the Adrias arrival routes from
    ITALIA, else the Satrapies sharing a land border and those linked by a Straits Crossing
    (ruling R34 as rewritten: 8.6.6 forbids a Land Path across regular Straits, not the
    Campaign's own crossing, which 6.5 lets Kingdoms At War with Rome Interdict)."""
    from .mapdata import load_map
    if loc == "italia":
        out = [r["to"] for r in load_map().italia.get("roman_routes", [])]
    else:
        out = list(data.neighbours(loc)) + [s for s, _ in data.straits_partners(loc)]
    from . import solitaire
    return solitaire.roman_reach(data, state, loc, out) if solitaire.active(state) else out


def crossing_sea(data: RulesData, loc: str, sat: str) -> str | None:
    """The Sea a Consul crosses from ``loc`` into ``sat``: the Adrias from ITALIA, the
    intervening Sea of a Straits Crossing (2.5.1, 6.5), else None."""
    if loc == "italia":
        return ADRIAS
    return next((sea for other, sea in data.straits_partners(loc) if other == sat), None)


def march_step(data: RulesData, state: State, foe: str) -> str | None:
    """The first Satrapy on the shortest march, within the Scope, towards the nearest
    Satrapy holding a Place of the enemy (the Rome bot's approach march, ruling R34), never
    through a Satrapy whose Places are all Aligned with Kingdoms At War with Rome (8.6.6:
    no Free Passage can be asked there)."""
    start = state["leaders"][consul(foe)]["location"]
    prev: dict[str, str] = {start: ""}
    todo = [start]
    while todo:
        nxt = []
        for s in todo:
            for n in reach(data, state, s):
                if n in prev or not rome.in_scope(state, n) or not (
                        core.sat_in_play(state, n) or passage_through(state, n)):
                    continue
                if core.aligned_places(state, data, foe, n):
                    prev[n] = s
                    while prev[n] != start:
                        n = prev[n]
                    return n
                if held_at_war(data, state, n):
                    continue
                prev[n] = s
                nxt.append(n)
        todo = sorted(nxt)
    return None


def held_at_war(data: RulesData, state: State, sat: str) -> bool:
    """8.6.6: every Place of ``sat`` is Aligned with a Kingdom At War with Rome: Rome cannot
    demand Free Passage through it (only a Campaign against that Kingdom enters it)."""
    places = data.satrapies[sat].places
    return bool(places) and all(
        (k := state["places"][p].get("power")) in state["kingdoms"] and rome.at_war(state, k)
        for p in places)


def passage_through(state: State, sat: str) -> bool:
    """10.2: a Consul may march through MAKEDONIA, out of play in the two-player game, when
    the Non-Player Macedon grants Free Passage (at Peace with Rome) or has Surrendered
    twice."""
    if sat != "makedonia" or not core.non_player(state, "macedon"):
        return False
    kd = state["kingdoms"]["macedon"]
    return not rome.at_war(state, "macedon") or int(kd.get("surrendered", 0)) >= 2


def passage_from(data: RulesData, state: State, sat: str, foe: str) -> list[str]:
    """8.6.6: the Kingdoms at Peace with Rome whose Places stand in ``sat`` (Unaligned and
    Revolt Places always grant Free Passage)."""
    owners = {state["places"][p].get("power") for p in data.satrapies[sat].places}
    return sorted(k for k in owners if k in state["kingdoms"] and k != foe
                  and not rome.at_war(state, k)
                  and not core.non_player(state, k))     # 10.1: always granted


def score(data: RulesData, state: State, foe: str, sat: str) -> tuple:
    """The Rome bot (ruling R33): the enemy King's Force first, then an enemy Capital, then
    the most enemy Garrisons, then the most enemy Places."""
    kg = core.king(state, foe)
    king_here = bool(kg and state["leaders"].get(kg, {}).get("location") == sat)
    places = core.aligned_places(state, data, foe, sat)
    capital = any(data.places[p].capital_of == foe for p in places)
    garrisons = sum(1 for p in places if state["places"][p].get("marker") == "garrison")
    from . import solitaire  # 12.5, 12.6 special rule 5: the scenario's priorities first
    first = solitaire.roman_priority(data, state, foe, sat) if solitaire.active(state) else ()
    return (*first, king_here, capital, garrisons, len(places))


def why_target(data: RulesData, state: State, foe: str, sat: str) -> str:
    *first, king_here, capital, garrisons, n = score(data, state, foe, sat)
    if first and first[0]:
        return "Antiochos III campaigns there (scenario special rule 5)"
    if first and first[1]:
        return "Sardeis lies there (scenario special rule 5)"
    if not n:
        return f"the Troops of {the(foe)} stand there"
    if first and first[2]:
        return f"{the(foe)} Control it in Europe (scenario special rule 5)"
    if king_here:
        return f"{the(foe)} King stands there"
    if capital:
        return f"a Capital of {the(foe)} lies there"
    return f"{n} Place(s) of {the(foe)} there, {garrisons} Garrisoned"


@proc("roman-campaign")
class RomanCampaign:
    """A mandatory Land Campaign of the Consul (8.6.5): a Target within the Scope, a Land
    Battle against the enemy's Troops there, then four Siege / Subjugation attempts at
    Siege Rating 4 against the enemy's Places (a Roman Garrison on success; an Alliance on a
    Tribe, or on a Greek City after the Freedom of the Greeks)."""

    def prompt(self, data, state, frame):
        if frame["step"] != "target" or rome.decides_by_bot(state):
            return None
        foe = frame["foe"]
        ch = [Choice(f"target:{s}", f"{core.title_of(s)}: {why_target(data, state, foe, s)}",
                     target=s) for s in targets(data, state, foe)]
        if not ch:
            return None
        seat = core.seat_of(state, rome.handler(state, frame["foe"]))
        return Prompt(seat, f"You lead Rome's War against {the(frame['foe'])}: choose "
                      "the Consul's Target", ch, "choose-space", "8.6.5",
                      context={"foe": frame["foe"]})

    def apply(self, data, state, frame, choice):
        self._begin(data, state, frame, choice.split(":", 1)[1], "chosen by the handler of "
                 "this War (8.6.2)")

    def _begin(self, data, state, frame, sat, why):
        """From ITALIA the Legions cross the Adrias, and across a Straits Crossing the
        intervening Sea, where Kingdoms At War with Rome may Interdict them (6.5); otherwise
        the Consul marches at once."""
        foe = frame["foe"]
        frame["id"] = frame.get("id") or f"rc-{foe}-{state.get('serial', 0)}"
        state["serial"] = state.get("serial", 0) + 1
        loc = state["leaders"][consul(foe)]["location"]
        if not self._cross(data, state, frame, loc, sat, why):
            self._go(data, state, frame, sat, why)

    def _cross(self, data, state, frame, loc, sat, why) -> bool:
        """Open the Interdiction window of a crossing from ``loc`` into ``sat`` (6.5);
        False when there is no Sea to cross."""
        sea = crossing_sea(data, loc, sat)
        if sea is None:
            return False
        frame["id"] = frame.get("id") or f"rc-{frame['foe']}-{state.get('serial', 0)}"
        frame.update(step="crossing", pick=sat, why=why, sea=sea, interdictors=[], naval=[])
        from rules.engine.state import ask
        for d in core.kingdoms(state):
            if rome.at_war(state, d) and reactions.free_squadrons(state, d, sea):
                ask(state, core.seat_of(state, d), "interdict", kingdom=d, sea=sea,
                    mover=ROME, frame=frame["id"])
        return True

    def _crossing(self, data, state, frame):
        """6.5: each Interdictor may be Intercepted by Rome's Squadrons (the Rome bot always
        does when it has some in or next to the Sea); one neither Sunk nor Defeated sends
        the Consul back to where he stood (ITALIA, or the near side of the Straits)."""
        sea = frame.get("sea", ADRIAS)
        if frame.get("fighting"):
            d = frame.pop("fighting")
            lost = any(n.get("loser") == d for n in frame["naval"] if n["sea"] == sea)
            if reactions.free_squadrons(state, d, sea) and not lost:
                here = state["leaders"][consul(frame["foe"])]["location"]
                note(state, f"{the(d, True)} Interdict the crossing by "
                            f"{core.title_of(sea)}: the Consul stays in "
                            f"{core.title_of(here)}.", "6.5", where=sea)
                pop(state, frame)
                return
            note(state, f"The Interdiction of {the(d)} in {core.title_of(sea)} fails.", "6.5",
                 where=sea)
        if frame["interdictors"]:
            d = frame["fighting"] = frame["interdictors"].pop(0)
            near = [u for s in (sea, *data.seas.get(sea, ()))
                    for u in reactions.free_squadrons(state, ROME, s)]
            if near:
                battles.start_naval_battle(data, state, d, ROME, sea,
                                           reactions.free_squadrons(state, d, sea), None,
                                           frame, [])
            return
        if frame.get("marching"):
            self._step(data, state, frame, frame["pick"])
            return
        self._go(data, state, frame, frame["pick"], frame["why"])

    def _go(self, data, state, frame, sat, why):
        foe = frame["foe"]
        lid = consul(foe)
        frame.update(target=sat, step="battle", origin=state["leaders"][lid]["location"])
        muster_minors(data, state, lid, frame["origin"], sat)
        core.set_leader(state, lid, location=sat)
        what = (f"The Consul marches from {core.title_of(frame['origin'])} into "
                f"{core.title_of(sat)} with {len(core.on_card(state, lid))} Legion(s).")
        note(state, f"Roman Campaign against {the(foe)}: {what} Reason: {why}.",
             "8.6.5", where=sat)
        rome.news(state, f"Rome campaigns against {the(foe)}", what, why, "8.6.5")
        # the enemy may React as to any Campaign: Emergency Muster, Strengthened Defenses,
        # Withdrawal (6.1-6.3)
        reactions.open_defence(data, state, {"kingdom": ROME, "target": sat, "id": frame["id"],
                                             "announced": {"powers": [foe]}})

    def run(self, data, state, frame):
        foe, lid = frame["foe"], consul(frame["foe"])
        if lid not in state["leaders"] or not rome.at_war(state, foe):
            pop(state, frame)
            return
        if frame["step"] == "crossing":
            self._crossing(data, state, frame)
            return
        if frame["step"] == "target":
            ts = targets(data, state, foe)
            if not ts:
                self._march(data, state, frame)
                return
            best = max(ts, key=lambda s: (score(data, state, foe, s), s))
            self._begin(data, state, frame, best, "Rome bot: " + why_target(data, state, foe,
                                                                           best))
            return
        sat = frame["target"]
        if frame["step"] == "battle":
            if not frame.get("estrat") and core.troops_of(state, ROME, sat) and \
                    reactions.needs_strategos(data, state, foe, sat):
                frame["estrat"] = True          # 6.1b: a Strategos for the defenders
                from rules.engine.state import ask
                ask(state, core.seat_of(state, foe), "emergency-strategos", kingdom=foe,
                    sat=sat)
                return
            frame["step"] = "after-battle"
            if core.troops_of(state, foe, sat) and core.troops_of(state, ROME, sat):
                frame["battles"] = [{"enemy": foe}]
                rough = data.satrapies[sat].rough and frame["origin"] != sat
                battles.start_land_battle(data, state, ROME, foe, sat, lid, rough, frame)
            return
        if frame["step"] == "after-battle":
            result = (frame.get("battles") or [{}])[-1]
            if result.get("winner") == "defender":      # 8.2.2 rolled by the battle
                note(state, f"The Legions are Defeated in {core.title_of(sat)}.", "8.6.5",
                     where=sat)
                pop(state, frame)
                return
            self._sieges(data, state, frame)
            pop(state, frame)

    def _march(self, data, state, frame):
        """No Target in reach: the Consul marches one Satrapy towards the enemy, asking Free
        Passage of the Kingdoms at Peace with Rome there (8.6.6); a denial is War."""
        foe, lid = frame["foe"], consul(frame["foe"])
        step = frame.get("step_to") or march_step(data, state, foe)
        if step is None:
            note(state, f"The Consul against {the(foe)} finds no Target within the "
                        f"Scope of {rome.agenda(state).name}.", "8.6.5")
            pop(state, frame)
            return
        frame["step_to"] = step
        asked = frame.setdefault("asked", [])
        for k in passage_from(data, state, step, foe):
            if k not in asked:
                asked.append(k)
                from rules.engine.state import ask
                ask(state, core.seat_of(state, k), "free-passage", kingdom=k, sat=step,
                    foe=foe)
                return
        if frame.get("denied"):
            note(state, f"Free Passage through {core.title_of(step)} is denied: the Consul "
                        "halts.", "8.6.6", where=step)
            pop(state, frame)
            return
        here = state["leaders"][lid]["location"]
        frame["marching"] = True
        if self._cross(data, state, frame, here, step, "the approach march"):
            return
        self._step(data, state, frame, step)

    def _step(self, data, state, frame, step):
        foe = frame["foe"]
        core.set_leader(state, consul(foe), location=step)
        note(state, f"The Consul against {the(foe)} marches into "
                    f"{core.title_of(step)} on his way to the enemy.", "8.6.6", where=step)
        pop(state, frame)

    def _sieges(self, data, state, frame):
        foe, sat = frame["foe"], frame["target"]
        if core.troops_of(state, foe, sat) or not core.on_card(state, consul(foe)):
            return
        attempts = 4
        for p in sorted(core.aligned_places(state, data, foe, sat),
                        key=lambda p: (state["places"][p].get("marker") != "garrison", p)):
            while attempts and core.aligned(state, p, foe):
                attempts -= 1
                thr = roman_threshold(data, state, foe, p)
                what = "Siege" if data.places[p].kind == "city" else "Subjugation"
                (face,) = roll(state, purpose=f"Roman {what} of {core.title_of(p)}",
                               rule="8.6.5")
                if face > thr and face != 1:
                    continue
                if state["places"][p].get("sd"):
                    core.set_place(state, p, sd=False)
                    note(state, f"Rome breaks the Strengthened Defenses of "
                                f"{core.title_of(p)}.", "6.2", where=p)
                    from .sieges import _sd_captures
                    if not _sd_captures(state):
                        continue
                greek_free = data.places[p].status == "greek" and \
                    state["rome"].get("freedom_of_greeks")
                marker = "alliance" if data.places[p].kind == "tribe" or greek_free \
                    else "garrison"
                core.set_place(state, p, power=ROME, marker=marker, revolt=False, rebel=None)
                note(state, f"Rome takes {core.title_of(p)} (roll {face}, needed {thr}): a "
                            f"Roman {marker.title()}.", "8.6.5", where=p)
                alignment.refresh(data, state)
            if not attempts:
                break


#: 8.6.3: the Siege Rating of every Roman Activation card's Military icon
ROMAN_SIEGE = 4


def roman_threshold(data: RulesData, state: State, foe: str, place: str) -> int:
    """What a Roman die must roll against ``place``: a City at the card's Siege Rating 4
    (8.6.3), -1 for Strengthened Defenses (5.2.6, 6.2); a Tribe at the Consul's Battle
    Rating (5.2.7: Subjugation checks the Battle Rating, the card's for a Consul); the
    Stronghold's THM on both."""
    info = data.places[place]
    if info.kind == "city":
        base = ROMAN_SIEGE - (1 if state["places"][place].get("sd") else 0)
    else:
        base = consul_rating(state, consul(foe))
    return base + info.stronghold


@proc("free-passage")
class FreePassage:
    """8.6.6: a Kingdom at Peace with Rome grants or denies a Consul passage; a denial is an
    Automatic Casus Belli."""

    def prompt(self, data, state, frame):
        k, sat = frame["kingdom"], frame["sat"]
        if rome.at_war(state, k):
            return None
        return Prompt(core.seat_of(state, k),
                      f"Rome asks Free Passage through {core.title_of(sat)} for its Consul "
                      f"against {the(frame['foe'])}",
                      [Choice("grant", "Grant Free Passage"),
                       Choice("deny", "Deny it (Rome goes to War on you)")],
                      kind="yes-no", rule="8.6.6", context={"where": sat})

    def apply(self, data, state, frame, choice):
        k = frame["kingdom"]
        if choice == "grant":
            note(state, f"{the(k, True)} grant Rome Free Passage through "
                        f"{core.title_of(frame['sat'])}.", "8.6.6", where=frame["sat"])
            return
        for f in state.get("stack", []):
            if f.get("proc") == "roman-campaign" and f.get("foe") == frame["foe"]:
                f["denied"] = True
            if f.get("proc") == "roman-activation":
                f.setdefault("denied", []).append(k)
        rome.casus_belli(data, state, k, None, f"{the(k)} deny Rome Free Passage "
                                               f"through {core.title_of(frame['sat'])}",
                         "8.6.6")
