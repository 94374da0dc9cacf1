"""Rome (8.0): Agenda (8.1), Belligerence (8.2), the Second Punic War's caps (8.3), the
Senate (8.4), Casus Belli (8.5), Forestall (8.6.1), Wars and their end (8.6.7, 8.7), the
Roman Politics Phase (3.4). Surrender (8.8) and Hostages (8.9) are in
:mod:`rules.hubris.rome_surrender`.

Rome's Activations, Diplomacy and Campaigns are in :mod:`rules.hubris.roman_war`. The
reconstructed die faces the text lost (digest §0 #9, #10) are named constants below and
listed in docs/hubris-rulings.md. Every Roman decision is logged with its reason and rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick, roll
from rules.engine.state import ask

from . import abilities, alignment, core, leaders, upcalls
from .checks import check
from .control import dynastic_vp, king_renown
from .core import note
from .flow import proc
from .mapdata import load_map
from .names import MINOR_NAMES, the
from .rulesdata import RulesData

State = dict[str, Any]
ROME = "rome"
SENATE = ("none", "influential", "predominant")
#: 8.6.2: the order Rome resolves its Wars in
WAR_ORDER = ("illyria", "macedon", "seleucids", "ptolemies")
#: reconstructed (8.2.1, face lost): Aggression targets a Kingdom on an unmodified 4-6
AGGRESSION_FACE = 4
#: reconstructed (8.2.2, faces lost): after a Roman defeat, 1-2 lowers RB one level per
#: Legion Routed, 6 raises it one level, 3-5 leaves it
DEFEAT_LOWER_FACE, DEFEAT_RAISE_FACE = 2, 6
APOLLONIA = "apollonia"


LEGIONS, SQUADRONS = 9, 6       # counters (components: units.yaml, reconstructed pools)


def add_roman_units(state: State) -> None:
    """The Legions and Roman Squadrons wait off-map (2.13.9): one record per counter."""
    if not (state.get("rome") or {}).get("in_play"):
        return
    units = core.own_table(state, "units")
    for n in range(1, LEGIONS + 1):
        units.setdefault(f"roman-legion-{n}", {"type": "legion", "owner": ROME,
                                               "location": "offmap", "face": "up"})
    for n in range(1, SQUADRONS + 1):
        units.setdefault(f"roman-squadron-{n}", {
            "type": "roman-squadron", "owner": ROME, "location": "offmap", "face": "up"})


# --- reading Rome's state ------------------------------------------------------------------
def rome(state: State) -> dict[str, Any]:
    return state.setdefault("rome", {})


def active(state: State) -> bool:
    """Rome takes part (not out of the scenario, not ignored after 'Carthage Victorious')."""
    r = state.get("rome") or {}
    return bool(r.get("in_play")) and r.get("spw") != "carthage-victorious" \
        and bool(r.get("agenda"))


def side(state: State) -> str:
    """``full`` or ``limited``: the side of the Agenda card (8.1)."""
    return "limited" if str(rome(state).get("agenda_side", "")).startswith("limited") \
        else "full"


def _cards():
    from .components import components  # late: the heavy loader, only with Rome in play
    return components()


def agenda(state: State):
    return _cards().agendas[rome(state)["agenda"]]


def agenda_side(state: State):
    return agenda(state).side(side(state))


def spw_id(state: State) -> str:
    step = str(rome(state).get("spw") or "step-1")
    return "spw-" + step.removeprefix("step-")


def spw(state: State):
    return _cards().spw.get(spw_id(state)) or _cards().spw["spw-1"]


def rb_cap(state: State) -> int:
    cap = spw(state).rb_cap
    return 2 if cap is None else min(2, cap)


def squadron_cap(state: State) -> int:
    return spw(state).squadron_cap


def wars(state: State) -> list[str]:
    """The Powers Rome is At War with, in the order of 8.6.2."""
    foes = core.enemies_of(state, ROME)
    return sorted(foes, key=lambda p: WAR_ORDER.index(p) if p in WAR_ORDER else 9)


def at_war(state: State, k: str) -> bool:
    return core.at_war(state, ROME, k)


def influence(state: State, k: str) -> int:
    return SENATE.index(state["kingdoms"][k].get("senate", "none") or "none")


def set_influence(state: State, k: str, level: int, why: str, rule: str) -> None:
    level = max(0, min(2, level))
    kd = state["kingdoms"][k]
    before = kd.get("senate", "none")
    kd["senate"] = SENATE[level]
    if before != kd["senate"]:
        note(state, f"Senate: {the(k)} are now {_level_name(level)} ({why}).", rule)


def _level_name(level: int) -> str:
    return ("without Influence", "Influential", "Predominant")[level]


def predominant(state: State) -> str | None:
    return next((k for k in core.kingdoms(state) if influence(state, k) == 2), None)


def in_scope(state: State, sat: str) -> bool:
    """8.1.2: Rome Campaigns only within the Scope of Action of its current Agenda."""
    sc = agenda_side(state).scope
    if sc.everywhere or sat in sc.satrapies:
        return True
    return any(r in sc.regions for r in load_map().satrapies[sat].regions)


def truce(state: State, k: str) -> bool:
    """8.7, 8.8.1: this Turn Rome will not go to War against ``k`` again."""
    return rome(state).get("truce", {}).get(k) == state.get("turn", 1)


def may_provoke(state: State, k: str) -> bool:
    """8.5 IMPORTANT, 8.7, 8.8.1: no Provoked Casus Belli after Peace with Rome or a
    Surrender this Turn, nor the Turn the King was removed (2.3.1)."""
    if not active(state) or at_war(state, k):
        return True
    return not truce(state, k) and state.get("king_died", {}).get(k) != state.get("turn", 1)


def handler(state: State, foe: str | None = None) -> str:
    """8.6.2: the Kingdom not in this War with the strongest Senate Influence; ties: the
    lowest VPs, then the first in the Kingdoms' order (a die roll in the rules: the order is
    fixed here so that asking who decides changes nothing)."""
    cands = [k for k in core.player_kingdoms(state) if k != foe] or core.player_kingdoms(state)
    vp = state.get("derived", {}).get("vp", {})
    return min(cands, key=lambda k: (-influence(state, k),
                                     int((vp.get(k) or {}).get("total_rounded", 0))))


def guaranteed(data: RulesData, state: State, place: str) -> bool:
    """8.1.4: Greek Places after the Freedom of the Greeks; Places of a Guaranteed Satrapy."""
    r = state.get("rome") or {}
    return (r.get("freedom_of_greeks") and data.places[place].status == "greek") or \
        data.places[place].satrapy in r.get("guarantees", [])


def decides_by_bot(state: State) -> bool:
    """New Game option ``rome``: ``bot`` (default) or ``player`` (the handler of 8.6.2)."""
    if state.get("scenario", {}).get("id") in ("antiochos-hubris", "dance-of-ares"):
        return True             # solitaire (12.5, 12.6): Rome is always the program's
    return (state.get("meta", {}).get("options", {}) or {}).get("rome", "bot") != "player"


def news(state: State, title: str, what: str, why: str, rule: str) -> None:
    """A dialog for every player seat: a declaration of war, a surrender, a Roman campaign."""
    for k in core.player_kingdoms(state):
        ask(state, core.seat_of(state, k), "rome-news", title=title, what=what, why=why,
            rule=rule)


@proc("rome-news")
class RomeNews:
    def prompt(self, data, state, frame):
        return Prompt(frame["seat"], frame["title"], [Choice("continue", "Continue")],
                      kind="rome", rule=frame["rule"],
                      context={"title": frame["title"], "what": frame["what"],
                               "why": frame["why"], "rule": frame["rule"]})

    def apply(self, data, state, frame, choice):
        pass


# --- Second Punic War (8.3) ------------------------------------------------------------------
#: reconstructed (the card's die face): Hannibal takes Rome on a 1 at Step 3 (4.9)
HANNIBAL_FACE = 1


def advance_spw(data: RulesData, state: State, why: str) -> None:
    """8.3.1: the war moves one step on, never back; the new card may turn the Agenda's
    side and caps Belligerence (8.2.3)."""
    cur = spw(state)
    if cur.final:
        return
    nxt = next((s for s in _cards().spw.values() if s.step == cur.step + 1 and not s.final),
               _cards().spw["spw-rome-victorious"])
    set_spw(data, state, nxt, why)


def set_spw(data: RulesData, state: State, step, why: str) -> None:
    r = rome(state)
    r["spw"] = step.id.removeprefix("spw-") if step.final else f"step-{step.step}"
    if step.id == "spw-carthage-victorious":
        for foe in wars(state):
            end_war(data, state, foe, "8.3.3")
    note(state, f"Second Punic War: '{step.name}' ({why}). {step.instructions}", "8.3.1")
    if step.agenda_side and not side(state).startswith(step.agenda_side):
        r["agenda_side"] = f"{step.agenda_side}-war"
        note(state, f"The Roman Agenda turns to its {step.agenda_side.upper()} WAR side.",
             "8.3.1")
        upcalls.rearm_for_war_side(data, state)
    if step.final:
        for u in [u for u, rec in state["units"].items() if rec["location"] == "spw"]:
            core.set_unit(state, u, location="dispersed")
        note(state, "The Units in the Second Punic War box go to the Dispersed Box.", "8.3.2")
    if int(r.get("rb", 0)) > rb_cap(state):
        r["rb"] = rb_cap(state)
        note(state, f"Roman Belligerence is capped at {rb_cap(state):+d}.", "8.2.3")


def spw_test(data: RulesData, state: State) -> None:
    cur = spw(state)
    if not cur.test:
        note(state, f"Second Punic War Continuation: '{cur.name}' has no test.", "4.9")
        return
    (face,) = roll(state, purpose="Hannibal marches on Rome", rule="4.9")
    if face <= HANNIBAL_FACE:
        set_spw(data, state, _cards().spw["spw-carthage-victorious"],
                f"Hannibal takes Rome, roll {face}")
        news(state, "Carthage Victorious", "Hannibal has taken Rome: Rome takes no further "
             "part in the game.", f"the Second Punic War test, roll {face}", "8.3.3")
    else:
        note(state, f"Rome holds out against Hannibal (roll {face}).", "4.9")


# --- Belligerence (8.2) ----------------------------------------------------------------------
def shift_rb(data: RulesData, state: State, delta: int, why: str, rule: str,
             cause: str | None = None) -> None:
    """Move RB by ``delta`` within the Second Punic War cap (8.2.3); beyond +2 at Peace:
    Aggression; below -2 At War: War Weariness (8.2.1)."""
    r = rome(state)
    before = int(r.get("rb", 0))
    new = before + delta
    if new > 2 and rb_cap(state) >= 2 and not wars(state):
        r["rb"] = 2
        note(state, f"Roman Belligerence rises beyond Very High ({why}): Aggression.", "8.2.1")
        aggression(data, state)
        r["rb"] = 2
        return
    if new < -2 and wars(state):
        r["rb"] = -2
        note(state, f"Roman Belligerence falls below Very Low ({why}): War Weariness.",
             "8.2.1")
        victory_over_rome(data, state, [cause] if cause and at_war(state, cause)
                          else wars(state))
        r["rb"] = -2
        return
    r["rb"] = max(-2, min(new, rb_cap(state)))
    if r["rb"] != before:
        note(state, f"Roman Belligerence {before:+d} -> {r['rb']:+d} ({why}).", rule)
    elif delta:
        note(state, f"Roman Belligerence stays {before:+d} ({why}; cap {rb_cap(state):+d}).",
             rule)


def politics(data: RulesData, state: State) -> None:
    """3.4: one die, -1 under LIMITED WAR: <=1 RB -1; 2-4 one level toward Medium; 5 no
    change; >=6 RB +1."""
    if not active(state):
        note(state, "Rome is not in play: no Roman Politics.", "3.4")
        return
    (face,) = roll(state, purpose="Roman Politics", rule="3.4")
    mod = face - (1 if side(state) == "limited" else 0)
    rb = int(rome(state).get("rb", 0))
    if mod <= 1:
        delta = -1
    elif mod <= 4:
        delta = -1 if rb > 0 else 1 if rb < 0 else 0
    elif mod == 5:
        delta = 0
    else:
        delta = 1
    why = f"Roman Politics roll {face}" + (" -1 LIMITED WAR" if mod != face else "")
    if delta == 0:
        note(state, f"Roman Belligerence stays {rb:+d} ({why}).", "3.4")
    else:
        shift_rb(data, state, delta, why, "3.4")


def scoped_total(data: RulesData, state: State, k: str) -> Fraction:
    """8.2.1: Territorial VPs within the Scope of Action + Dynastic VPs + the King's Renown."""
    md = load_map()
    total = Fraction(0)
    for sat, c in state.get("derived", {}).get("control", {}).items():
        if c["power"] == k and in_scope(state, sat):
            total += Fraction(md.satrapies[sat].vp[k][1 if c["level"] == "full" else 0])
    return total + dynastic_vp(state, k) + king_renown(state, k)


def aggression(data: RulesData, state: State) -> None:
    """8.2.1: on an unmodified AGGRESSION_FACE+ Rome targets the Kingdom with the highest roll
    less its shortfall in scoped VPs; ties: least Senate Influence, then at random."""
    (face,) = roll(state, purpose="Roman Aggression", rule="8.2.1")
    if face < AGGRESSION_FACE:
        note(state, f"Roman Aggression: the roll {face} finds no target.", "8.2.1")
        return
    cands = [k for k in core.kingdoms(state) if not truce(state, k)]
    if not cands:
        return
    totals = {k: scoped_total(data, state, k) for k in cands}
    top = max(totals.values())
    scores = {}
    for k in cands:
        (d,) = roll(state, purpose=f"Roman Aggression roll of {the(k)}", rule="8.2.1")
        scores[k] = d - (top - totals[k]) + abilities.schemer_bonus(data, state, k)
    best = max(scores.values())
    tied = [k for k in cands if scores[k] == best]
    low = min(influence(state, k) for k in tied)
    tied = [k for k in tied if influence(state, k) == low]
    target = tied[0] if len(tied) == 1 else _pick_kingdom(state, tied, "Roman target",
                                                           "8.2.1")
    declare_war(data, state, target,
                f"Roman Aggression: {the(target)} stand out in the Scope of Action of "
                f"{agenda(state).name} (roll {face}, scores "
                + ", ".join(f"{k.title()} {scores[k]}" for k in cands) + ")", "8.2.1")


def after_battle(data: RulesData, state: State, winner: dict[str, Any],
                 loser: dict[str, Any]) -> None:
    """A Land Battle with Rome (called by :func:`rules.hubris.battles.land_outcome`):
    a Roman defeat rolls for Belligerence (8.2.2); a Kingdom Defeated by a Consul with its
    Royal Army must Surrender after the Campaign, unless it Surrendered before (8.8)."""
    if loser["power"] == ROME:
        routed = sum(1 for u in loser["routed"]
                     if state["units"][u]["type"] == "legion")
        after_defeat(data, state, max(1, routed), winner["power"])
        return
    k = loser["power"]
    if k in state["kingdoms"] and f"{k}-royal-army" in loser["troops"] and \
            not state["kingdoms"][k].get("surrendered"):
        rome(state).setdefault("surrender_pending", []).append(k)
        note(state, f"{the(k, True)} are Defeated by a Consul with their Royal Army: they "
                    "must Surrender once the Campaign is over.", "8.8")


def after_defeat(data: RulesData, state: State, legions_routed: int, foe: str) -> None:
    """8.2.2: a Roman Force Defeated in Battle: RB falls one level per Legion Routed on a
    low roll, rises one level on a 6 (faces reconstructed)."""
    (face,) = roll(state, purpose="Roman defeat: Belligerence", rule="8.2.2")
    if face <= DEFEAT_LOWER_FACE and legions_routed:
        shift_rb(data, state, -legions_routed, f"Roman defeat, roll {face}", "8.2.2",
                 cause=foe)
    elif face >= DEFEAT_RAISE_FACE:
        shift_rb(data, state, 1, f"Roman pride piqued, roll {face}", "8.2.2")
    else:
        note(state, f"The Senate takes the defeat calmly (roll {face}).", "8.2.2")


# --- Casus Belli, Forestall, War (8.5, 8.6.1) ----------------------------------------------
def casus_belli(data: RulesData, state: State, k: str, threshold: int | None, why: str,
                rule: str = "8.5") -> None:
    """Roll 1d6 + RB against ``threshold`` (None: Automatic); void if an unmodified 7+ would
    be needed. Rome goes to War on a success (the target may Forestall)."""
    if not active(state) or at_war(state, k) or k not in state["kingdoms"] or truce(state, k):
        return
    rb = int(rome(state).get("rb", 0))
    if threshold is None:
        declare_war(data, state, k, f"Casus Belli (Automatic): {why}", rule)
        return
    if threshold - rb >= 7:
        note(state, f"Casus Belli {threshold} ({why}) is void at RB {rb:+d}.", rule)
        return
    (face,) = roll(state, purpose=f"Casus Belli {threshold} against {the(k)}",
                   rule=rule)
    if face + rb >= threshold:
        declare_war(data, state, k, f"Casus Belli {threshold}: {why} (roll {face} "
                                    f"{rb:+d} RB)", rule)
    else:
        note(state, f"Rome lets it pass: {why} (roll {face} {rb:+d} RB < {threshold}).", rule)


def forestall_leaders(data: RulesData, state: State, k: str) -> list[str]:
    return [lid for lid in leaders.court(state, k) if core.available(state, lid)
            and leaders.has(data, lid, "diplomacy") and not state["leaders"][lid].get("rebel")]


def declare_war(data: RulesData, state: State, k: str, why: str, rule: str) -> None:
    """Rome goes to War on ``k``, who may first try to Forestall (8.6.1)."""
    if not active(state) or at_war(state, k) or truce(state, k):
        return
    if influence(state, k) and forestall_leaders(data, state, k):
        ask(state, core.seat_of(state, k), "forestall", kingdom=k, why=why, rule=rule)
        return
    _not_forestalled(data, state, k, why, rule)


def _not_forestalled(data: RulesData, state: State, k: str, why: str, rule: str) -> None:
    set_influence(state, k, influence(state, k) - 1, "War not forestalled", "8.6.1")
    go_to_war(data, state, k, why, rule)


@proc("forestall")
class Forestall:
    """8.6.1: a Kingdom with Influence may rotate an Available Leader for a Diplomacy Check
    (-2 Influential, 0 Predominant; +1 after freeing its Greek Cities under the Freedom of
    the Greeks) to cancel the Casus Belli."""

    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        if at_war(state, k) or not influence(state, k):
            return None
        thm = 0 if influence(state, k) == 2 else -2
        ch = []
        for lid in forestall_leaders(data, state, k):
            thr = (data.card(lid).diplomacy or 0) + thm + abilities.senate_thm(data, lid)
            ch.append(Choice(f"try:{lid}", f"{leaders.label(data, lid)} pleads in the Senate "
                                           f"(needs {thr} or less)"))
            if rome(state).get("freedom_of_greeks"):
                ch.append(Choice(f"free:{lid}", f"Free your Greek Cities, then "
                                                f"{leaders.label(data, lid)} pleads "
                                                f"(needs {thr + 1} or less)"))
        if not ch:
            return None
        ch.append(Choice("accept", "Do not try: War with Rome"))
        return Prompt(core.seat_of(state, k), f"Rome moves to War against you: {frame['why']}. "
                      "Try to Forestall it?", ch, rule="8.6.1",
                      context={"why": frame["why"], "rule": frame["rule"]})

    def apply(self, data, state, frame, choice):
        k = frame["kingdom"]
        if choice == "accept":
            _not_forestalled(data, state, k, frame["why"], frame["rule"])
            return
        verb, lid = choice.split(":")
        thm = 0 if influence(state, k) == 2 else -2
        if verb == "free":
            free_greek_cities(data, state, k)
            thm += 1
        leaders.rotate(state, lid, "8.6.1")
        thr = (data.card(lid).diplomacy or 0) + thm + abilities.senate_thm(data, lid)
        (face,) = check(state, thr, purpose=f"Forestall War ({leaders.label(data, lid)})",
                        rule="8.6.1")
        if face <= thr:
            note(state, f"{leaders.label(data, lid)} forestalls War with Rome "
                        f"(roll {face}, needed {thr}).", "8.6.1")
            return
        note(state, f"{leaders.label(data, lid)} fails to forestall War (roll {face}, "
                    f"needed {thr}).", "8.6.1")
        _not_forestalled(data, state, k, frame["why"], frame["rule"])

    def run(self, data, state, frame):   # pragma: no cover - the queue drops a lapsed frame
        pass


def free_greek_cities(data: RulesData, state: State, k: str) -> None:
    for p, info in sorted(data.places.items()):
        rec = state["places"].get(p, {})
        if info.status == "greek" and info.kind == "city" and rec.get("power") == k \
                and rec.get("marker") == "garrison":
            core.set_place(state, p, power=ROME, marker="alliance", rebel=None)
            note(state, f"{core.title_of(p)} is freed: a Roman Alliance.", "8.6.1", where=p)
    alignment.refresh(data, state)


def go_to_war(data: RulesData, state: State, k: str, why: str, rule: str) -> None:
    state.setdefault("wars", {})[core.war_key(ROME, k)] = "war"
    r = rome(state)
    r.setdefault("consuls", {})[k] = {"location": None, "card": None}
    if k in ("seleucids", "ptolemies"):
        state["kingdoms"][k]["controlled3_at_war_onset"] = \
            controlled_in_west(state, k) >= 3
    note(state, f"Rome declares War on {the(k)}: {why}.", rule)
    news(state, f"Rome declares War on {the(k)}", f"Rome is now At War with "
         f"{the(k)}. A Consul will lead Legions against them at Rome's next Activation.",
         why, rule)
    _agenda_trigger(data, state, k)


def controlled_in_west(state: State, k: str) -> int:
    """Satrapies Controlled by ``k`` in Asia Minor or Europe (8.8)."""
    md = load_map()
    return sum(1 for sat, c in state.get("derived", {}).get("control", {}).items()
               if c["power"] == k and set(md.satrapies[sat].regions) & {"europe", "asia-minor"})


def _agenda_trigger(data: RulesData, state: State, k: str) -> None:
    """8.1.1: the reconstructed Triggers: ILLYRICUM gives way to GRAECIA when Rome goes to War
    with a Kingdom; GRAECIA to ORBI when it goes to War with the Seleucids or Ptolemies."""
    r = rome(state)
    old = agenda_side(state)
    if r["agenda"] == "illyricum" or (r["agenda"] == "graecia" and
                                      k in ("seleucids", "ptolemies")):
        if old.next:
            r["agenda"] = old.next
            note(state, f"The Roman Agenda moves on to {agenda(state).name} "
                        f"({side(state).upper()} WAR): {old.trigger}", "8.1.1")


def end_war(data: RulesData, state: State, foe: str, rule: str) -> None:
    """8.6.7: the Consul and his Legions leave the map, his card is discarded; the last War
    also takes the Roman Squadrons off the map."""
    state["wars"].pop(core.war_key(ROME, foe), None)
    r = rome(state)
    con = r.get("consuls", {}).pop(foe, None)
    upcalls.remove_consul(data, state, foe, con, rule)
    if not wars(state):
        for u in [u for u, rec in state["units"].items()
                  if rec["type"] == "roman-squadron" and rec["location"] != "offmap"]:
            core.set_unit(state, u, location="offmap", owner=ROME)
        note(state, "Rome is at Peace: its Squadrons leave the map.", rule)
    r.setdefault("truce", {})[foe] = state.get("turn", 1)


def victory_over_rome(data: RulesData, state: State, victors: list[str]) -> None:
    """8.7: Rome makes Peace; the victors take the Roman Garrisons (Apollonia excepted), each
    gains 1 Dynastic VP and 2 Renown for its King; Rome will not go back to War on them this
    Turn."""
    md = load_map()
    victors = [v for v in victors if v in state["kingdoms"]]
    for p, rec in sorted(state["places"].items()):
        if rec.get("power") != ROME or rec.get("marker") != "garrison" or p == APOLLONIA:
            continue
        if not victors:
            break
        sat = data.places[p].satrapy
        taker = _taker(data, state, md, victors, sat)
        marker = "alliance" if data.places[p].kind == "tribe" else "garrison"
        core.set_place(state, p, power=taker, marker=marker, rebel=None)
        note(state, f"{core.title_of(p)} passes to {the(taker)}.", "8.7", where=p)
        if marker_choice(data, p):      # the victor places an Alliance or a Garrison
            ask(state, core.seat_of(state, taker), "rome-spoils", kingdom=taker, place=p)
    for v in victors:
        if v not in state["kingdoms"]:
            continue
        end_war(data, state, v, "8.7")
        kd = state["kingdoms"][v]
        core.set_kingdom(state, v, dynastic_vp=str(Fraction(kd.get("dynastic_vp", "0")) + 1))
        kg = core.king(state, v)
        if kg:
            leaders.change_renown(data, state, kg, 2, "8.7")
        note(state, f"Victory over Rome: {the(v)} gain 1 Dynastic VP.", "8.7")
        news(state, f"{the(v, True)} defeat Rome", f"Rome makes Peace with {the(v)}, "
             "who take the Roman Garrisons and gain 1 Dynastic VP and 2 Renown.",
             "Roman Belligerence fell below Very Low: War Weariness", "8.7")
    alignment.refresh(data, state)


def marker_choice(data: RulesData, place: str) -> bool:
    """8.7: may the Kingdom taking a Roman Garrison place either marker there? Only on a
    Greek or Free City: a Tribe takes only an Alliance, a Subject City only a Garrison
    (2.5.4)."""
    info = data.places[place]
    return info.kind == "city" and info.status != "subject"


@proc("rome-spoils")
class RomeSpoils:
    """8.7: the victor over Rome chooses a Garrison or an Alliance for a Place it takes (the
    Garrison stands until it answers); no Greeks' reaction either way."""

    def prompt(self, data, state, frame):
        k, p = frame["kingdom"], frame["place"]
        if state["places"][p].get("power") != k:
            return None
        return Prompt(core.seat_of(state, k), f"Victory over Rome: {core.title_of(p)} is "
                      "yours. Place a Garrison or an Alliance?",
                      [Choice("marker:garrison", f"A Garrison in {core.title_of(p)}", target=p),
                       Choice("marker:alliance", f"An Alliance in {core.title_of(p)}",
                              target=p)], rule="8.7")

    def apply(self, data, state, frame, choice):
        k, p = frame["kingdom"], frame["place"]
        marker = choice.partition(":")[2]
        if marker == "alliance":
            core.set_place(state, p, power=k, marker="alliance", rebel=None)
            note(state, f"{the(k, True)} place an Alliance in {core.title_of(p)}.", "8.7",
                 where=p)
            alignment.refresh(data, state)


def _taker(data, state, md, victors, sat):
    bg = md.satrapies[sat].background
    if bg in victors:
        return bg
    counts = {v: len(core.aligned_places(state, data, v, sat)) for v in victors}
    best = max(counts.values())
    tied = [v for v in victors if counts[v] == best]
    if len(tied) > 1:
        near = {v: sum(len(core.aligned_places(state, data, v, s)) for s in data.neighbours(sat))
                for v in tied}
        top = max(near.values())
        tied = [v for v in tied if near[v] == top]
    return tied[0] if len(tied) == 1 else _pick_kingdom(state, tied, "taker of a Roman "
                                                        "Garrison", "8.7")


def _pick_kingdom(state: State, ks: list[str], purpose: str, rule: str) -> str:
    """A Kingdom at random, logged by its name."""
    by_name = {the(k): k for k in ks}
    return by_name[pick(state, sorted(by_name), purpose=purpose, rule=rule)]


# --- what the side panel shows ----------------------------------------------------------------
RB_NAMES = {-2: "Very Low", -1: "Low", 0: "Medium", 1: "High", 2: "Very High"}
#: 8.5: the Provoked Casus Belli, as the panel lists them (None: Automatic)
CB_TABLE = (("Attack on a Roman Unit or Garrison", None),
            ("Attack on a Roman Alliance or Roman-allied Minor", 5),
            ("Attack on an ungarrisoned Guaranteed Place", 6),
            ("Sea Support to a Port Rome besieges", 6),
            ("Garrisoning a Guaranteed Place", 7),
            ("Denying Free Passage", None))


def summary(state: State) -> dict[str, Any]:
    """Rome as players read it (names, never ids): Agenda, Belligerence, Second Punic War,
    Senate, Casus Belli at the current RB, Wars and Consuls."""
    r = state.get("rome") or {}
    if not r.get("in_play"):
        return {"in_play": False}
    if r.get("spw") == "carthage-victorious":
        return {"in_play": False, "why": "Carthage Victorious: Rome is out of the game (8.3.3)"}
    rb = int(r.get("rb", 0))
    ag = agenda_side(state)
    sc = ag.scope
    scope = "everywhere" if sc.everywhere else ", ".join(
        [x.replace("-", " ").title() for x in sc.regions]
        + [x.replace("-", " ").upper() for x in sc.satrapies])
    cb = []
    for what, t in CB_TABLE:
        if t is None:
            cb.append((what, "Automatic"))
        elif t - rb >= 7:
            cb.append((what, "void"))
        else:
            cb.append((what, f"{max(1, t - rb)}+ on a die"))
    foes = wars(state)
    consuls = {}
    for foe in foes:
        rec = state.get("leaders", {}).get(f"consul-{foe}")
        if rec:
            n = sum(1 for u in state["units"].values()
                    if u["location"] == f"leader:consul-{foe}" and u["type"] == "legion")
            consuls[foe] = f"{n} Legion(s) in {str(rec['location']).replace('-', ' ').title()}"
    return {
        "in_play": True,
        "agenda": f"{agenda(state).name} ({side(state).upper()} WAR)",
        "scope": scope,
        "allies_sought": ", ".join(MINOR_NAMES.get(m, m) for m in ag.allies_sought) or "none",
        "rb": rb, "rb_name": RB_NAMES.get(rb, "?"), "rb_cap": rb_cap(state),
        "at_war": bool(foes),
        "spw": spw(state).name, "spw_step": spw(state).step,
        "senate": {k: _level_name(influence(state, k)).replace("without Influence", "none")
                   for k in core.kingdoms(state)},
        "casus_belli": cb,
        "no_cb": [k for k in core.kingdoms(state) if not may_provoke(state, k)],
        "wars": foes, "consuls": consuls,
        "freedom_of_greeks": bool(r.get("freedom_of_greeks")),
        "guarantees": [g.replace("-", " ").upper() for g in r.get("guarantees", [])],
    }
