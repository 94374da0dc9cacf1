"""The Event effect vocabulary (4.0-4.4): each Event card in ``events.yaml`` lists its
Immediate part (``ops``), its Pending part (``pending``: who may Trigger it, whether it costs
an Activation, its ``ops``) and what an ongoing card does each Winter (``winter``) as small
declarative operations, interpreted here.

An operation is a mapping with one operation key and optional ``when`` (conditions) and
``who`` (the Kingdoms it acts on). Operations run one at a time from an ``event-ops`` frame,
so one that needs a decision pushes its prompt (``event-choice``, a Leader bid, a Forestall)
and the rest of the list waits for it. Every decision goes through the prompt/apply seam,
bots and humans alike. 4.0: the parts that cannot be fulfilled are ignored.

``who``: a Kingdom id, ``each`` (every Kingdom in play), ``trigger`` (the Kingdom that
Triggered the Pending part, or the one an enclosing choice or check acts for), ``others``
(every Kingdom but that one), ``controller:<satrapy>``, ``rome``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick, roll
from rules.engine.state import frac, frac_str

from . import alignment, bidding, core, event_cards, leaders, names, rome, tables, upcalls, wars
from .checks import check as check_roll
from .checks import successes
from .core import note
from .defection import defect, may_defect
from .flow import Auto, pop, proc, push
from .rebels import rebel
from .rulesdata import RulesData

State = dict[str, Any]
Op = dict[str, Any]
RULE = "4.0"
IDLE = ("offmap", "removed", "out-of-play")

#: Named functions for the odd cards (``call: <name>``), registered by :func:`special` in
#: :mod:`rules.hubris.events`; the data check knows them by :data:`SPECIAL_NAMES`.
SPECIAL: dict[str, Callable[[RulesData, State, dict[str, Any], Op], None]] = {}
SPECIAL_NAMES = {"stasis", "frontier-raids", "revolts", "hannibals-war", "succession-crisis",
                 "roman-peace"}


def special(name: str):
    assert name in SPECIAL_NAMES, name

    def wrap(fn):
        SPECIAL[name] = fn
        return fn
    return wrap


# --- reading a card ---------------------------------------------------------------------------
def card(data: RulesData, eid: str):
    return event_cards.card(data, eid)


def title(data: RulesData, eid: str) -> str:
    c = card(data, eid)
    return f"Ev {c.number} '{c.name}'"


def run_ops(state: State, eid: str, ops: list[Op] | tuple[Op, ...], who: str | None = None,
            leader: str | None = None) -> None:
    """Push a frame that carries out ``ops`` of card ``eid`` one by one."""
    if ops:
        push(state, "event-ops", card=eid, ops=list(ops), i=0, who=who, leader=leader)


# --- who and when -----------------------------------------------------------------------------
def in_play(state: State, k: str) -> bool:
    """A Kingdom an Event can act on: in play, not eliminated, not the Non-Player Macedon of
    the two-player game (it acts only through its own cards and stays At War, 10.1-10.4)."""
    return k in state.get("kingdoms", {}) and not state["kingdoms"][k].get("eliminated") \
        and not core.non_player(state, k)


def powers(state: State, spec: Any, frame: dict[str, Any]) -> list[str]:
    """The Kingdoms (or ``rome``) an operation acts on."""
    if spec is None:
        spec = frame.get("who") or "each"
    if isinstance(spec, list):
        return [k for s in spec for k in powers(state, s, frame)]
    spec = str(spec)
    if spec == "each":
        return core.kingdoms(state)
    if spec == "trigger":
        return [frame["who"]] if frame.get("who") and in_play(state, frame["who"]) else []
    if spec == "others":
        return [k for k in core.kingdoms(state) if k != frame.get("who")]
    if spec == "rome":
        return ["rome"] if rome.active(state) else []
    if spec.startswith("controller:"):
        c = core.controller(state, spec.split(":", 1)[1])
        return [c] if c and in_play(state, c) else []
    return [spec] if in_play(state, spec) else []


def holds(data: RulesData, state: State, cond: dict[str, Any] | None,
          frame: dict[str, Any]) -> bool:
    """Every condition of ``when`` holds."""
    for key, value in (cond or {}).items():
        if not _holds(data, state, key, value, frame):
            return False
    return True


def _holds(data: RulesData, state: State, key: str, value: Any, frame: dict[str, Any]) -> bool:
    if key == "controls":
        who, sat = value
        return any(core.controls(state, k, sat) for k in powers(state, who, frame))
    if key == "not_controls":
        who, sat = value
        return not any(core.controls(state, k, sat) for k in powers(state, who, frame))
    if key == "in_play":
        return bool(powers(state, value, frame))
    if key == "rome":
        return rome.active(state) == bool(value)
    if key == "at_war_with_rome":
        return any(rome.active(state) and rome.at_war(state, k)
                   for k in powers(state, value, frame))
    if key == "at_war":
        a, b = value
        return any(core.at_war(state, x, y) for x in powers(state, a, frame)
                   for y in powers(state, b, frame))
    if key == "leader":
        return value in state["leaders"]
    if key == "king":
        return any(kd.get("king") == value for kd in state["kingdoms"].values())
    if key == "no_leader":
        return value not in state["leaders"]
    if key == "turn_at_least":
        return int(state.get("turn", 1)) >= int(value)
    if key == "spw":
        return rome.active(state) and rome.rome(state).get("spw") in value
    if key == "treasury_at_least":
        who, n = value
        return any(core.treasury(state, k) >= n for k in powers(state, who, frame))
    if key == "ongoing":
        return _norm(value) in ongoing(state)
    if key == "has_places":
        who, sats = value
        return any(core.aligned_places(state, data, k, s) for k in powers(state, who, frame)
                   for s in sats if core.sat_in_play(state, s))
    if key == "unit_idle":
        return state["units"].get(value, {}).get("location") in IDLE
    raise ValueError(f"unknown Event condition '{key}'")


def _norm(eid: str) -> str:
    return event_cards.norm_event(eid)


def ongoing(state: State) -> list[str]:
    return [_norm(e) for e in state.get("ongoing_events", [])]


def pending(state: State) -> list[str]:
    return [_norm(e) for e in state.get("pending_events", [])]


# --- the operations ---------------------------------------------------------------------------
OPS: dict[str, Callable[[RulesData, State, dict[str, Any], Op], None]] = {}
#: the keys each operation accepts besides its own, ``when`` and ``who``
OP_KEYS: dict[str, set[str]] = {}


def op(name: str, *keys: str):
    def wrap(fn):
        OPS[name] = fn
        OP_KEYS[name] = set(keys)
        return fn
    return wrap


def op_name(o: Op) -> str:
    found = [k for k in o if k in OPS]
    if len(found) != 1:
        raise ValueError(f"an Event operation needs exactly one of {', '.join(sorted(OPS))}: "
                         f"{sorted(o)}")
    return found[0]


@op("talents")
def _talents(data, state, frame, o):
    """Gain (positive) or lose (negative, down to 0) Talents (2.10)."""
    n = int(o["talents"])
    for k in powers(state, o.get("who"), frame):
        if k == "rome" or core.non_player(state, k):      # 10.1: no Treasury
            continue
        if n >= 0:
            core.gain(state, k, n, title(data, frame["card"]), RULE)
        else:
            core.pay(state, k, min(-n, core.treasury(state, k)), title(data, frame["card"]),
                     RULE)


@op("vp")
def _vp(data, state, frame, o):
    """Dynastic VPs (2.11.3)."""
    n = frac(str(o["vp"]))
    for k in powers(state, o.get("who"), frame):
        if k == "rome" or core.non_player(state, k):      # 10.1: no VPs
            continue
        kd = state["kingdoms"][k]
        core.set_kingdom(state, k, dynastic_vp=frac_str(frac(kd.get("dynastic_vp", "0")) + n))
        note(state, f"The {names.name(k)} {'gain' if n > 0 else 'lose'} {abs(n)} Dynastic "
                    f"VP ({title(data, frame['card'])}).", "2.11.3", seat=core.seat_of(state, k))
    alignment.refresh(data, state)


def _leader_of(data: RulesData, state: State, k: str, spec: str,
               frame: dict[str, Any]) -> str | None:
    if spec == "king":
        return core.king(state, k)
    if spec == "chief-minister":
        return core.chief_minister(state, k) or core.king(state, k)
    if spec == "trigger":
        lid = frame.get("leader")
        return lid if lid in state["leaders"] else core.king(state, k)
    if spec.startswith("best:"):
        cap = spec.split(":", 1)[1]
        court = [lid for lid in leaders.court(state, k) if leaders.has(data, lid, cap)
                 and not state["leaders"][lid].get("rebel")]
        return max(court, key=lambda lid: (leaders.rating(data, lid, cap) or 0, lid),
                   default=None)
    return spec if spec in state["leaders"] else None


@op("renown", "leader")
def _renown(data, state, frame, o):
    """A Leader's Renown (2.2.5): ``leader`` king, chief-minister, trigger or an id."""
    for k in powers(state, o.get("who"), frame):
        lid = _leader_of(data, state, k, o.get("leader", "king"), frame)
        if lid:
            leaders.change_renown(data, state, lid, int(o["renown"]), RULE)


@op("rb")
def _rb(data, state, frame, o):
    """Roman Belligerence (8.2, the RB box of 4.4)."""
    if rome.active(state):
        rome.shift_rb(data, state, int(o["rb"]), title(data, frame["card"]), "4.4")


@op("casus_belli")
def _cb(data, state, frame, o):
    """A Casus Belli for Rome (8.5; the star of 4.4): a threshold, or ``auto``."""
    thr = o["casus_belli"]
    for k in powers(state, o.get("who"), frame):
        if k != "rome":
            rome.casus_belli(data, state, k, None if thr == "auto" else int(thr),
                             title(data, frame["card"]), "4.4")


@op("revolt", "satrapies", "count")
def _revolt(data, state, frame, o):
    """``revolt: n`` random Aligned Places of each Kingdom rise (2.8), each in a random
    Satrapy of ``satrapies`` (default: any) where it has one."""
    for k in powers(state, o.get("who"), frame):
        for _ in range(int(o["revolt"])):
            sats = [s for s in (o.get("satrapies") or core.satrapies_in_play(state))
                    if core.sat_in_play(state, s) and core.aligned_places(state, data, k, s)]
            if not sats:
                note(state, f"No Place of the {names.name(k)} to rise in Revolt.", RULE)
                break
            sat = pick(state, sats, purpose=f"Satrapy of the Revolt ({names.name(k)})",
                       rule="2.8", show=names.name)
            place = pick(state, core.aligned_places(state, data, k, sat),
                         purpose=f"Place of the Revolt in {names.name(sat)}", rule="2.8",
                         show=names.name)
            alignment.revolt(data, state, place, "2.8")


@op("revolt_places")
def _revolt_places(data, state, frame, o):
    """Named Places rise in Revolt if Aligned with one of ``who`` (2.8)."""
    ks = set(powers(state, o.get("who"), frame))
    for p in o["revolt_places"]:
        rec = state["places"].get(p)
        if rec and rec.get("power") in ks and core.sat_in_play(state, data.places[p].satrapy):
            alignment.revolt(data, state, p, "2.8")


@op("unrest")
def _unrest(data, state, frame, o):
    """Every Revolt marker in the listed Satrapies is removed: the Place is quiet again."""
    for p, rec in state["places"].items():
        if rec.get("revolt") and data.places[p].satrapy in o["unrest"]:
            core.set_place(state, p, revolt=False)
            note(state, f"The Revolt in {names.name(p)} dies down.", "2.8", where=p)
    alignment.refresh(data, state)


@op("align", "marker")
def _align(data, state, frame, o):
    """Place an Alignment of the first of ``who`` on each listed Place that is Unaligned or
    holds only an Alliance (a Minor's shift of allegiance, 2.13.10); never a Garrison on a
    Tribe nor a Kingdom's Alliance on a Subject City (2.5.4)."""
    ks = powers(state, o.get("who"), frame)
    if not ks:
        return
    k = ks[0]
    for p in o["align"]:
        rec = state["places"].get(p)
        if rec is None or not core.sat_in_play(state, data.places[p].satrapy):
            continue
        if rec.get("marker") == "garrison" and rec.get("power") != k:
            note(state, f"{names.name(p)} is held by a Garrison: no change.", RULE, where=p)
            continue
        marker, info = o.get("marker", "alliance"), data.places[p]
        if (marker == "garrison" and info.kind == "tribe") or (
                marker == "alliance" and k != "rome" and info.kind == "city"
                and info.status == "subject"):       # 2.5.4: neither is allowed
            note(state, f"No {marker.title()} may go on {names.name(p)} (2.5.4): no change.",
                 RULE, where=p)
            continue
        alignment.place_marker(data, state, p, k, marker, RULE)


@op("unalign")
def _unalign(data, state, frame, o):
    """The listed Places, if Aligned with one of ``who``, become Unaligned."""
    ks = set(powers(state, o.get("who"), frame))
    for p in o["unalign"]:
        rec = state["places"].get(p)
        if rec and rec.get("power") in ks:
            alignment.unalign(data, state, p, RULE)


@op("ravage")
def _ravage(data, state, frame, o):
    """The listed Satrapies are Ravaged: half Tax at the next Revenue (3.3)."""
    for s in o["ravage"]:
        if core.sat_in_play(state, s):
            core.set_satrapy(state, s, ravaged=True)
            note(state, f"{names.name(s)} is Ravaged.", "3.3", where=s)
    alignment.refresh(data, state)


@op("unit_enters", "type", "at", "owner", "face")
def _unit_enters(data, state, frame, o):
    """A Unit not in play enters (2.13): at ``at`` (its Home by default), face-down, for
    ``owner`` (a Kingdom spec; none for a Mercenary or a Colonist)."""
    u = o["unit_enters"]
    rec = state["units"].get(u)
    if rec is None or rec["location"] not in IDLE:
        note(state, f"The {names.name(u)} are already in play or not in this game.", RULE)
        return
    at = o.get("at") or core.HOMES.get(u, ("",))[0]
    if at not in state["satrapies"] and at not in state.get("seas", {}) and at != "banner":
        note(state, f"The {names.name(u)} would enter outside the areas in play: ignored.",
             RULE)
        return
    owner = None
    if o.get("owner"):
        ks = powers(state, o["owner"], frame)
        if not ks:
            return
        owner = ks[0]
    core.set_unit(state, u, type=o.get("type", rec.get("type") or "mercenary"), location=at,
                  owner=owner, face=o.get("face", "down"))
    note(state, f"The {names.name(u)} enter play in {names.name(at)}.", "2.13", where=at)


@op("unit_leaves")
def _unit_leaves(data, state, frame, o):
    """A Unit leaves play for good."""
    u = o["unit_leaves"]
    rec = state["units"].get(u)
    if rec and rec["location"] not in IDLE:
        core.set_unit(state, u, location="removed", owner=None)
        note(state, f"The {names.name(u)} leave play.", RULE)


@op("leader_enters", "to")
def _leader_enters(data, state, frame, o):
    """A "By Event" Leader enters: to a Court (``to``: a Kingdom spec) or offered to the
    Kingdoms for bids from 1 T (``to: bid``, 2.2.7)."""
    lid = o["leader_enters"]
    if lid in state["leaders"] or lid in state.get("removed_leaders", []):
        note(state, f"{names.name(lid)} is already in play or gone: no effect.", RULE)
        return
    event_cards.event_leader(data, lid)
    if o.get("to", "bid") == "bid":
        bidders = core.player_kingdoms(state)
        note(state, f"{leaders.label(data, lid)} offers his services: bids from 1 T.", "2.2.7")
        push(state, "leader-bid", leader=lid, bidders=bidders,
             auction=bidding.begin(state, [b for b in bidders if core.treasury(state, b) >= 1],
                                   1))
        return
    ks = [k for k in powers(state, o["to"], frame) if k != "rome"
          and not core.non_player(state, k)]       # 10.3: the Non-Player has no Court
    if ks:
        leaders.join_court(data, state, ks[0], lid)


@op("leader_leaves")
def _leader_leaves(data, state, frame, o):
    lid = o["leader_leaves"]
    if lid in state["leaders"]:
        leaders.remove_leader(data, state, lid, title(data, frame["card"]), RULE)


@op("defect", "leader")
def _defect(data, state, frame, o):
    """A Leader of each Kingdom (``defect: <id>`` or ``leader: best:<cap>`` with
    ``defect: true``) Defects; the other Kingdoms bid for him (2.2.9)."""
    if o["defect"] is not True:
        if o["defect"] in state["leaders"]:
            defect(data, state, o["defect"], title(data, frame["card"]))
        return
    for k in powers(state, o.get("who"), frame):
        lid = _leader_of(data, state, k, o.get("leader", "best:intrigue"), frame)
        if lid and may_defect(data, state, lid):
            defect(data, state, lid, title(data, frame["card"]))
            return


@op("rebel", "leader")
def _rebel(data, state, frame, o):
    """A Leader Rebels (2.2.10): ``rebel: <id>``."""
    lid = o["rebel"]
    if lid in state["leaders"] and not state["leaders"][lid].get("rebel"):
        rebel(data, state, lid, title(data, frame["card"]))


@op("release_hostages")
def _release(data, state, frame, o):
    """The Kingdom's Hostages in Rome come home to its Court (8.9: only Events free them)."""
    for k in powers(state, o.get("who"), frame):
        for lid, rec in sorted(state["leaders"].items()):
            if rec.get("court") == k and rec.get("location") == "hostage":
                core.set_leader(state, lid, location="court")
                note(state, f"{leaders.label(data, lid)} comes home from Rome (no longer a "
                            "Hostage).", "8.9")


@op("spw_advance")
def _spw(data, state, frame, o):
    """The Second Punic War moves one step on (8.3.1)."""
    if rome.active(state):
        rome.advance_spw(data, state, title(data, frame["card"]))


@op("freedom_of_greeks")
def _freedom(data, state, frame, o):
    """The Freedom of the Greeks marker is placed (8.1.4)."""
    if rome.active(state) and not rome.rome(state).get("freedom_of_greeks"):
        rome.rome(state)["freedom_of_greeks"] = True
        note(state, "Rome proclaims the Freedom of the Greeks: every Greek Place is now "
                    "Guaranteed by Rome.", "8.1.4")


@op("guarantee")
def _guarantee(data, state, frame, o):
    """Rome Guarantees the listed Satrapies (8.5)."""
    if rome.active(state):
        g = rome.rome(state).setdefault("guarantees", [])
        for s in o["guarantee"]:
            if s not in g:
                g.append(s)
                note(state, f"Rome Guarantees {names.name(s)}.", "8.5", where=s)


@op("ongoing")
def _ongoing(data, state, frame, o):
    """The card stays in play (its effect lasts) until an Event or its Winter part ends it."""
    eid = frame["card"]
    if eid not in ongoing(state):
        state.setdefault("ongoing_events", []).append(eid)
        tables.wrote(state, "ongoing_events")     # Ev 20 changes two Taxes (2.4.6)
        note(state, f"{title(data, eid)} stays in effect.", "4.3")


@op("end")
def _end(data, state, frame, o):
    """An ongoing card (``end: <id>``, ``self`` for this one) leaves play."""
    eid = frame["card"] if o["end"] == "self" else _norm(o["end"])
    before = state.get("ongoing_events", [])
    state["ongoing_events"] = [e for e in before if _norm(e) != eid]
    if len(state["ongoing_events"]) != len(before):
        tables.wrote(state, "ongoing_events")
        note(state, f"{title(data, eid)} is no longer in effect.", "4.3")
        alignment.refresh(data, state)


@op("war", "against")
def _war(data, state, frame, o):
    """``who`` goes to War with ``against`` (2.12), unless bound by a sworn Peace."""
    for k in powers(state, o.get("who"), frame):
        for foe in powers(state, o["against"], frame):
            if foe != k and foe != "rome" and not core.at_war(state, k, foe) \
                    and wars.may_commit_act_of_war(state, k, foe):
                wars.act_of_war(state, k, foe, title(data, frame["card"]))


@op("peace", "with")
def _peace(data, state, frame, o):
    """``who`` and ``with`` make Peace (2.12)."""
    for k in powers(state, o.get("who"), frame):
        for foe in powers(state, o["with"], frame):
            if foe != "rome" and core.at_war(state, k, foe):
                wars.make_peace(state, k, foe, RULE)


@op("call")
def _call(data, state, frame, o):
    """A named function for an odd card (:data:`SPECIAL`)."""
    upcalls.special_event(data, state, frame, o)


@op("note")
def _note(data, state, frame, o):
    note(state, o["note"], "4.3" if "Pending" in o["note"] else RULE)


@op("show")
def _show(data, state, frame, o):
    """Show every player the card a Kingdom Triggered, with what it did (4.3)."""
    upcalls.show_card(data, state, frame["card"], int(o["show"]), first=frame.get("who"))


CAP_NAMES = {"battle": "Battle", "siege": "Siege", "diplomacy": "Diplomacy",
             "admin": "Administration", "intrigue": "Intrigue", "loyalty": "Loyalty"}


@op("check", "leader", "rating", "thm", "dice", "results")
def _check(data, state, frame, o):
    """A Check of a Leader's rating (2.14) for each Kingdom; ``results`` maps a number of
    Successes (the thumbs of 4.4) to operations, run for that Kingdom."""
    ks = [k for k in powers(state, o.get("who"), frame) if k != "rome"]
    if len(ks) > 1:         # one Kingdom after the other, each with its results
        for k in reversed(ks):
            run_ops(state, frame["card"], [dict(o, who="trigger")], who=k,
                    leader=frame.get("leader"))
        return
    for k in ks:
        lid = _leader_of(data, state, k, o.get("leader", "king"), frame)
        cap = o["check"]
        if lid is None or not leaders.has(data, lid, cap):
            note(state, f"The {names.name(k)} have no Leader for the {cap} Check: no effect.",
                 RULE)
            continue
        rating = leaders.rating(data, lid, cap) or 0
        thr = rating + int(o.get("thm", 0))
        dice = int(o.get("dice", 1))
        faces = check_roll(state, thr, dice=dice,
                           purpose=f"{title(data, frame['card'])}: {leaders.label(data, lid)}"
                                   f" Checks {CAP_NAMES.get(cap, cap)}", rule="2.14",
                           parts=[(CAP_NAMES.get(cap, cap), rating),
                                  ("the Event", int(o.get("thm", 0)))])
        n = successes(faces, thr)
        results = {int(key): value for key, value in (o.get("results") or {}).items()}
        ops = results.get(n, [])
        note(state, f"{leaders.label(data, lid)}: {n} Success{'es' if n != 1 else ''}"
                    f"{'' if ops else ', no effect'}.", "4.4")
        run_ops(state, frame["card"], ops, who=k, leader=lid)


@op("roll", "results")
def _roll(data, state, frame, o):
    """One die on the card's table: ``results`` maps faces ("1-2", "6") to operations."""
    (face,) = roll(state, purpose=f"{title(data, frame['card'])}: {o['roll']}", rule=RULE)
    for key, ops in (o.get("results") or {}).items():
        lo, _, hi = str(key).partition("-")
        if int(lo) <= face <= int(hi or lo):
            run_ops(state, frame["card"], ops, who=frame.get("who"), leader=frame.get("leader"))
            return
    note(state, f"A {face}: no effect.", RULE)


@op("each", "ops")
def _each(data, state, frame, o):
    """Run ``ops`` once for every Kingdom of ``each`` (a ``who`` spec), as ``trigger``."""
    for k in reversed(powers(state, o["each"], frame)):
        if k != "rome":
            run_ops(state, frame["card"], o["ops"], who=k, leader=None)


@op("choice", "options")
def _choice(data, state, frame, o):
    """Each Kingdom of ``who`` picks one of ``options`` (``label``, ``ops``, optional
    ``cost`` in Talents it must be able to pay), through the prompt/apply seam."""
    for k in reversed(powers(state, o.get("who"), frame)):
        if k != "rome":
            push(state, "event-choice", card=frame["card"], kingdom=k, text=o["choice"],
                 options=o["options"], leader=frame.get("leader"))


# --- running them ------------------------------------------------------------------------------
@proc("event-ops")
class EventOps(Auto):
    """Carry out a card's operations one at a time (4.0)."""

    def run(self, data, state, frame):
        if frame["i"] >= len(frame["ops"]):
            pop(state, frame)
            return
        o = frame["ops"][frame["i"]]
        frame["i"] += 1
        if not holds(data, state, o.get("when"), frame):
            note(state, f"{title(data, frame['card'])}: "
                        f"{o.get('unless', 'the conditions of this part are not met')}.", RULE)
            return
        OPS[op_name(o)](data, state, frame, o)


@proc("event-choice")
class EventChoice:
    """A decision an Event asks of a Kingdom (4.0)."""

    def options(self, state: State, frame: dict[str, Any]) -> list[tuple[int, dict]]:
        k = frame["kingdom"]
        return [(i, opt) for i, opt in enumerate(frame["options"])
                if core.treasury(state, k) >= int(opt.get("cost", 0))]

    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        if not in_play(state, k):
            return None
        ch = [Choice(f"option:{i}", opt["label"]) for i, opt in self.options(state, frame)]
        return Prompt(core.seat_of(state, k),
                      f"{names.name(k)}, {title(data, frame['card'])}: {frame['text']}",
                      ch, rule=RULE, context={"event": title(data, frame["card"])})

    def apply(self, data, state, frame, choice):
        pop(state, frame)
        k = frame["kingdom"]
        opt = frame["options"][int(choice.split(":", 1)[1])]
        note(state, f"The {names.name(k)} choose: {opt['label']}.", RULE,
             seat=core.seat_of(state, k))
        if opt.get("cost"):
            core.pay(state, k, int(opt["cost"]), title(data, frame["card"]), RULE)
        run_ops(state, frame["card"], opt.get("ops", []), who=k, leader=frame.get("leader"))

    def run(self, data, state, frame):      # the Kingdom left play: nothing to decide
        pop(state, frame)


# --- the parts of a card -----------------------------------------------------------------------
def resolve(data: RulesData, state: State, eid: str) -> None:
    """A drawn card: its Immediate part now, then (Pending or Immediate/Pending) it waits to
    be Triggered (4.3). Rome Triggers its own at once."""
    c = card(data, eid)
    after: list[Op] = []
    if c.pending:
        if c.pending.get("who", "each") == "rome":
            after = [{"note": f"Rome Triggers {title(data, eid)} (Rome always Triggers its "
                              "Events, 4.3)."}, *c.pending.get("ops", [])]
        else:
            state.setdefault("pending_events", []).append(eid)
            after = [{"note": f"{title(data, eid)} is now Pending: "
                              f"{c.pending.get('text', '')}"}]
    run_ops(state, eid, [*c.ops, *after])


def may_trigger(data: RulesData, state: State, k: str, eid: str) -> bool:
    c = card(data, eid)
    p = c.pending or {}
    who = p.get("who", "each")
    allowed = powers(state, who, {"who": None}) if who != "trigger" else core.kingdoms(state)
    return k in allowed and holds(data, state, p.get("when"), {"who": k, "card": eid})


def trigger_choices(data: RulesData, state: State, k: str,
                    candidates: list[str]) -> list[Choice]:
    """The Pending Events ``k`` may Trigger in its Activation (4.3): with an Available
    Leader of the needed Capability, or free when the card needs no Activation."""
    out = []
    for eid in pending(state):
        c = card(data, eid)
        if not c.pending or not may_trigger(data, state, k, eid):
            continue
        cap = c.pending.get("activation")
        if not cap:
            out.append(Choice(f"trigger:{eid}", f"Trigger {title(data, eid)}",
                              group="Pending Events"))
            continue
        for lid in candidates:
            if cap == "any" or leaders.has(data, lid, cap):
                out.append(Choice(f"trigger:{eid}:{lid}",
                                  f"{data.card(lid).name}: Trigger {title(data, eid)}",
                                  group="Pending Events"))
    return out


def trigger(data: RulesData, state: State, k: str, choice: str) -> bool:
    """Trigger the Pending part named by ``choice``; True if it used the Activation."""
    parts = choice.split(":")
    eid, lid = parts[1], (parts[2] if len(parts) > 2 else None)
    state["pending_events"] = [e for e in state.get("pending_events", []) if _norm(e) != eid]
    state.setdefault("triggered_events", []).append(eid)
    who = f" with {leaders.label(data, lid)}" if lid else ""
    note(state, f"The {names.name(k)} Trigger {title(data, eid)}{who}.", "4.3",
         seat=core.seat_of(state, k))
    if lid:
        leaders.rotate(state, lid, "4.3")
    run_ops(state, eid, [*(card(data, eid).pending or {}).get("ops", []),
                         {"show": len(state["log"])}], who=k, leader=lid)
    return lid is not None


def winter(data: RulesData, state: State) -> None:
    """3.7.1: the Winter part of every ongoing card, then the Pending cards revealed this
    Turn and never Triggered leave play."""
    for eid in state.get("pending_events", []):
        note(state, f"{title(data, _norm(eid))} was never Triggered and leaves play.", "3.7.1")
    state["pending_events"] = []
    for eid in reversed(ongoing(state)):
        c = card(data, eid)
        if c.winter:
            run_ops(state, eid, c.winter)


# --- checking the data ------------------------------------------------------------------------
def validate(ops: Any, where: str) -> list[str]:
    """Problems of an operation list, as one-line messages naming ``where``."""
    errors: list[str] = []
    if not isinstance(ops, list):
        return [f"{where}: expected a list of operations"]
    for i, o in enumerate(ops):
        at = f"{where}[{i}]"
        if not isinstance(o, dict):
            errors.append(f"{at}: expected a mapping")
            continue
        try:
            name = op_name(o)
        except ValueError as exc:
            errors.append(f"{at}: {exc}")
            continue
        extra = set(o) - {name, "when", "who", "unless"} - OP_KEYS[name]
        if extra:
            errors.append(f"{at}: '{name}' takes no {', '.join(sorted(extra))}")
        for key in ("results",):
            for face, sub in (o.get(key) or {}).items():
                errors += validate(sub, f"{at}.{key}.{face}")
        if name == "each":
            errors += validate(o.get("ops"), f"{at}.ops")
        if name == "choice":
            for j, opt in enumerate(o.get("options") or []):
                if not isinstance(opt, dict) or "label" not in opt:
                    errors.append(f"{at}.options[{j}]: needs a label")
                    continue
                errors += validate(opt.get("ops", []), f"{at}.options[{j}].ops")
        if name == "call" and o["call"] not in SPECIAL_NAMES:
            errors.append(f"{at}: no named function '{o['call']}'")
        for cond in (o.get("when") or {}):
            if cond not in CONDITIONS:
                errors.append(f"{at}: unknown condition '{cond}'")
    return errors


CONDITIONS = {"controls", "not_controls", "in_play", "rome", "at_war_with_rome", "at_war",
              "leader", "no_leader", "turn_at_least", "spw", "treasury_at_least", "ongoing",
              "unit_idle", "has_places", "king"}

