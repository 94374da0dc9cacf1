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
from rules.engine.state import ask

from . import alignment, battles, consul_routes, core, minors, reactions, rome, solitaire, upcalls
from .core import note
from .flow import pop, proc, push
from .mapdata import load_map
from .minors import MINOR_OF
from .names import MINOR_NAMES, the
from .rulesdata import RulesData
from .sieges import _sd_captures

State = dict[str, Any]
ROME = "rome"
ADRIAS = "adrias"




def consul(foe: str) -> str:
    return f"consul-{foe}"


def _deck(state: State) -> dict[str, Any]:
    """The Roman Activation deck, made this state's own (the decks are shared between
    states like the Places, ``core.SHARED_PARTS``) to draw from or discard to."""
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
    md = load_map()
    for u in core.on_card(state, consul(foe)):
        if u in MINOR_OF:
            hearts = md.minors.get(MINOR_OF[u], ())
            home = data.places[hearts[0]].satrapy if hearts else "offmap"
            core.set_unit(state, u, location=home, face="up")


def rearm_for_war_side(data: RulesData, state: State) -> None:
    """8.3.1: the Roman Agenda turned to a WAR side: each Consul's Legions as his card's box
    now says, and the Roman Squadrons."""
    r = state["rome"]
    for foe in rome.wars(state):
        card = r["consuls"].get(foe, {}).get("card")
        if card:
            set_legions(data, state, foe, box(state, card).legions)
    set_squadrons(state)


def set_squadrons(state: State) -> None:
    """8.6.3: the Roman Squadrons in play match the active cards, within the SPW cap."""
    cards = [c.get("card") for c in (state.get("rome") or {}).get("consuls", {}).values()]
    want = min(rome.squadron_cap(state), sum(box(state, c).squadrons for c in cards if c))
    mine = sorted(u for u, r in state["units"].items() if r["type"] == "roman-squadron"
                  and r["location"] not in ("offmap", "removed"))
    for u in mine[want:]:
        core.set_unit(state, u, location="offmap")
    for u in pool(state, "roman-squadron")[:max(0, want - len(mine))]:
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
            upcalls.np_roman_war_turn(data, state)
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
#: where a Consul may go (:mod:`rules.hubris.consul_routes`), named here for older callers
reach = consul_routes.reach
crossing_sea = consul_routes.crossing_sea
held_at_war = consul_routes.held_at_war
passage_from = consul_routes.passage_from
passage_through = consul_routes.passage_through


def targets(data: RulesData, state: State, foe: str, asked: list[str] | None = None,
            granted: list[str] | None = None) -> list[str]:
    """Satrapies in play and within the Scope holding a Place of the enemy or his Troops
    that a Campaign may enter from one of the Consul's Origins (5.2.1, 8.6.6), counting as
    granting Free Passage every Kingdom at Peace with Rome not yet asked (and ``granted``)."""
    grants = consul_routes.granting(state, foe, asked or [], granted or [])
    return consul_routes.targets_in(data, state, foe,
                                    consul_routes.plan(data, state, foe, grants))


def score(data: RulesData, state: State, foe: str, sat: str) -> tuple:
    """The Rome bot (ruling R33): the enemy King's Force first, then an enemy Capital, then
    the most enemy Garrisons, then the most enemy Places."""
    kg = core.king(state, foe)
    king_here = bool(kg and state["leaders"].get(kg, {}).get("location") == sat)
    places = core.aligned_places(state, data, foe, sat)
    capital = any(data.places[p].capital_of == foe for p in places)
    garrisons = sum(1 for p in places if state["places"][p].get("marker") == "garrison")
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
        ts = targets(data, state, foe, frame.get("asked", []), frame.get("granted", []))
        ch = [Choice(f"target:{s}", f"{core.title_of(s)}: {why_target(data, state, foe, s)}",
                     target=s) for s in ts]
        if not ch:
            return None
        seat = core.seat_of(state, rome.handler(state, frame["foe"]))
        return Prompt(seat, f"You lead Rome's War against {the(frame['foe'])}: choose "
                      "the Consul's Target", ch, "choose-space", "8.6.5",
                      context={"foe": frame["foe"]})

    def apply(self, data, state, frame, choice):
        frame.update(step="passage", pick=choice.split(":", 1)[1], march=False,
                     why="chosen by the handler of this War (8.6.2)")

    def _plan(self, data, state, frame):
        grants = consul_routes.granting(state, frame["foe"], frame.setdefault("asked", []),
                                        frame.setdefault("granted", []))
        return consul_routes.plan(data, state, frame["foe"], grants)

    def _choose(self, data, state, frame):
        """The Rome bot's Target (ruling R33) among those its Origins reach, planning with
        Free Passage from every Kingdom not yet asked; none: the approach march (R34)."""
        foe = frame["foe"]
        pl = self._plan(data, state, frame)
        ts = consul_routes.targets_in(data, state, foe, pl)
        if ts:
            best = max(ts, key=lambda s: (score(data, state, foe, s), s))
            frame.update(step="passage", pick=best, march=False,
                         why="Rome bot: " + why_target(data, state, foe, best))
            return
        dest = consul_routes.approach(data, state, foe, pl)
        if dest is None:
            note(state, f"The Consul against {the(foe)} finds no Target within the "
                        f"Scope of {rome.agenda(state).name}.", "8.6.5")
            pop(state, frame)
            return
        frame.update(step="passage", pick=dest, march=True, why="the approach march")

    def _passage(self, data, state, frame):
        """8.6.6: Free Passage is demanded, one Kingdom at a time, along the Land Path to the
        Origin; a denial is War on the denier (it may Forestall) and the Target is chosen
        again without its Places."""
        foe = frame["foe"]
        pl = self._plan(data, state, frame)
        if frame["pick"] not in pl:
            frame["step"] = "target"            # the path is closed: choose again
            return
        origin, path = pl[frame["pick"]]
        need = consul_routes.needed(data, state, foe, path, frame["pick"], frame["asked"],
                                    frame["granted"])
        if need:
            k = need[0]
            frame["asked"].append(k)
            sat = next(s for s in [*path[1:], path[0]]
                       if k in passage_from(data, state, s, foe))
            ask(state, core.seat_of(state, k), "free-passage", kingdom=k, sat=sat, foe=foe)
            return
        self._begin(data, state, frame, frame["pick"], origin, path, frame["why"])

    def _begin(self, data, state, frame, sat, origin, path, why):
        """From ITALIA the Legions cross the Adrias, and across a Straits Crossing its Sea,
        where Kingdoms At War with Rome may Interdict them (6.5); then the Campaign."""
        foe = frame["foe"]
        frame["id"] = frame.get("id") or f"rc-{foe}-{state.get('serial', 0)}"
        state["serial"] = state.get("serial", 0) + 1
        here = state["leaders"][consul(foe)]["location"]
        seas = ["adrias"] if here == "italia" else []
        if origin != "italia":
            sea = crossing_sea(data, origin, sat)
            if sea:
                seas.append(sea)
        frame.update(origin=origin, path=path, pick=sat, why=why, seas=seas)
        if not seas:
            self._arrive(data, state, frame)
            return
        frame["step"] = "crossing"
        self._open_sea(data, state, frame)

    def _open_sea(self, data, state, frame):
        sea = frame["sea"] = frame["seas"][0]
        frame.update(interdictors=[], naval=frame.get("naval", []))
        for d in core.kingdoms(state):
            if rome.at_war(state, d) and reactions.free_squadrons(state, d, sea):
                ask(state, core.seat_of(state, d), "interdict", kingdom=d, sea=sea,
                    mover=ROME, frame=frame["id"])

    def _crossing(self, data, state, frame):
        """6.5: each Interdictor may be Intercepted by Rome's Squadrons (the Rome bot always
        does when it has some in or next to the Sea); one neither Sunk nor Defeated sends
        the Consul back: he stays in ITALIA, or stands in the Origin short of a Straits."""
        sea = frame["sea"]
        if frame.get("fighting"):
            d = frame.pop("fighting")
            lost = any(n.get("loser") == d for n in frame["naval"] if n["sea"] == sea)
            if reactions.free_squadrons(state, d, sea) and not lost:
                lid = consul(frame["foe"])
                if sea != ADRIAS and frame["origin"] != state["leaders"][lid]["location"]:
                    core.set_leader(state, lid, location=frame["origin"])
                here = state["leaders"][lid]["location"]
                note(state, f"{the(d, True)} Interdict the crossing by "
                            f"{core.title_of(sea)}: the Consul stands in "
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
        frame["seas"].pop(0)
        if frame["seas"]:
            self._open_sea(data, state, frame)
            return
        self._arrive(data, state, frame)

    def _arrive(self, data, state, frame):
        if frame.get("march"):
            self._step(data, state, frame, frame["pick"])
        else:
            self._go(data, state, frame, frame["pick"], frame["why"])

    def _from(self, frame) -> str:
        """'from X' or 'from X (Origin Y)': the Origin reached by a Land Path (8.6.6)."""
        path, origin = frame.get("path") or [], frame["origin"]
        start = path[0] if path else origin
        way = f" (Origin {core.title_of(origin)})" if origin != start else ""
        return f"from {core.title_of(start)}{way}"

    def _go(self, data, state, frame, sat, why):
        foe = frame["foe"]
        lid = consul(foe)
        frame.update(target=sat, step="battle")
        muster_minors(data, state, lid, frame["origin"], sat)
        core.set_leader(state, lid, location=sat)
        what = (f"The Consul marches {self._from(frame)} into "
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
            self._choose(data, state, frame)
            return
        if frame["step"] == "passage":
            self._passage(data, state, frame)
            return
        sat = frame["target"]
        if frame["step"] == "battle":
            if not frame.get("estrat") and core.troops_of(state, ROME, sat) and \
                    reactions.needs_strategos(data, state, foe, sat):
                frame["estrat"] = True          # 6.1b: a Strategos for the defenders
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

    def _step(self, data, state, frame, step):
        """The approach march: a Campaign with no target into ``step`` (ruling R34)."""
        foe = frame["foe"]
        core.set_leader(state, consul(foe), location=step)
        note(state, f"The Consul against {the(foe)} marches {self._from(frame)} into "
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
        campaigns = [f for f in state.get("stack", [])
                     if f.get("proc") == "roman-campaign" and f.get("foe") == frame["foe"]]
        if choice == "grant":
            for f in campaigns:
                f.setdefault("granted", []).append(k)
            note(state, f"{the(k, True)} grant Rome Free Passage through "
                        f"{core.title_of(frame['sat'])}.", "8.6.6", where=frame["sat"])
            return
        for f in state.get("stack", []):
            if f.get("proc") == "roman-activation":
                f.setdefault("denied", []).append(k)
        rome.casus_belli(data, state, k, None, f"{the(k)} deny Rome Free Passage "
                                               f"through {core.title_of(frame['sat'])}",
                         "8.6.6")
