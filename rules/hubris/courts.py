"""The game mechanics of the Recurrent Events (4.1): Intrigues at Court (4.6, Ev 6), Ferryman
of Souls (4.7, Ev 5), Storms & Worms (4.8, Ev 3), Second Punic War Continuation (4.9, Ev 4)
and Ambitious Generals (4.10, Ev 2), resolved once the card's own text is; and Leaders
entering play on their Start Turn (2.2.4, 3.2).

Die faces lost in the text (digest §0 #2, #3) are those of ``assets/hubris/events.yaml``
(``mechanics``), marked reconstructed there: a Squadron sinks on a 6, a Power's last one only
on a second 6; a Leader dies on 2d6 = 12. Rulings R80-R85 (docs/hubris-rulings.md).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick, roll

from . import abilities, core, leaders, rebels, rome
from .checks import check, margin
from .core import note
from .flow import Check, add_check, pop, proc, push
from .minors import MINOR_OF
from .names import ADJECTIVES, name, names, the
from .numbers import round_half_away
from .rulesdata import RulesData

State = dict[str, Any]

STORM_FACE = 6      # reconstructed (events.yaml storms-and-worms lose_on)
FERRY_TOTAL = 12    # reconstructed (events.yaml ferryman-of-souls remove_on_2d6)
#: 4.6: Plots for a sum strictly above these multiples of the King's (or CM's) Intrigue;
#: the second row when the Kingdom has no King
PLOT_MULTIPLES = {True: (3, 4, 5), False: (2, 3, 4)}


# --- 4.8 Storms & Worms ---------------------------------------------------------------------
def squadron_power(state: State, uid: str) -> str | None:
    """The Power a Squadron belongs to; a Minor's Squadron is its Minor's (2.13.10)."""
    return MINOR_OF.get(uid) or state["units"][uid]["owner"]


def in_play(state: State, uid: str) -> bool:
    """A Squadron on the map, on a card or on a Minor Banner (4.8 reminder)."""
    return state["units"][uid]["location"] not in ("offmap", "removed", "out-of-play",
                                                   "dispersed")


def storms_and_worms(data: RulesData, state: State) -> None:
    """4.8: one die per Squadron in play; on a 6 it is lost, unless it is its Power's last
    Squadron, which is lost only on a second 6 (faces reconstructed)."""
    for u in sorted(u for u in state["units"] if core.is_naval(state, u) and in_play(state, u)):
        if not in_play(state, u):
            continue
        (face,) = roll(state, purpose=f"Storms & Worms: {name(u)} (lost on a {STORM_FACE})",
                       rule="4.8")
        if face != STORM_FACE:
            continue
        owner = squadron_power(state, u)
        others = [v for v in state["units"] if v != u and core.is_naval(state, v)
                  and in_play(state, v) and squadron_power(state, v) == owner]
        if owner is not None and not others:     # an unhired Mercenary has no Power
            (again,) = roll(state, purpose=f"Storms & Worms: {name(u)}, the last Squadron "
                                          f"(lost on a {STORM_FACE})", rule="4.8")
            if again != STORM_FACE:
                note(state, f"{name(u)}, the last Squadron of {the(owner)}, survives the "
                            "storm.", "4.8")
                continue
        core.sink(state, u, "4.8")


# --- 4.9 Second Punic War Continuation ------------------------------------------------------
def sp_war_continuation(data: RulesData, state: State) -> None:
    """4.9: the current Second Punic War card's test, if any, is rolled again."""
    if not rome.active(state):
        note(state, "Second Punic War Continuation: Rome is not in play, nothing to roll.",
             "4.9")
        return
    rome.spw_test(data, state)


# --- 4.7 Ferryman of Souls ------------------------------------------------------------------
def ferryman(data: RulesData, state: State) -> None:
    """4.7: every Leader in play but the Roman Consuls (Hostages, Rebels and Leaders of no
    Court included) whose End Turn is this Turn or earlier is removed; every other one rolls
    2d6 and is removed on 12. All the dice are rolled first, then the dead leave play,
    Friends before Kings, so that successions and appointments follow once (ruling R81).
    The King of a Non-Player Macedon is left alone (10.3)."""
    turn = state.get("turn", 1)
    dead: list[tuple[str, str]] = []
    for lid in sorted(state["leaders"]):
        court = state["leaders"][lid]["court"]
        if lid.startswith("consul-") or (court in state["kingdoms"]
                                         and court not in core.player_kingdoms(state)):
            continue
        end = data.card(lid).end
        if end is not None and end <= turn:
            dead.append((lid, "his time has come (End Turn)"))
            continue
        a, b = roll(state, 2, purpose=f"Ferryman of Souls: {name(lid)} (dies on "
                                      f"{FERRY_TOTAL})", rule="4.7")
        if a + b == FERRY_TOTAL:
            dead.append((lid, "the Ferryman takes him"))
    if not dead:
        note(state, "The Ferryman of Souls takes no one this time.", "4.7")
    kings = {kd.get("king") for kd in state["kingdoms"].values()}
    for lid, why in sorted(dead, key=lambda d: d[0] in kings):
        leaders.remove_leader(data, state, lid, why, "4.7")


# --- 4.10 Ambitious Generals ----------------------------------------------------------------
def on_the_map(state: State, lid: str) -> bool:
    return core.on_map_location(state["leaders"][lid]["location"])


def ambition_threshold(data: RulesData, state: State, lid: str) -> tuple[int, list]:
    """Loyalty less positive Renown (2.2.5), with the King's Renown as a THM (4.10)."""
    k = state["leaders"][lid]["court"]
    kg = core.king(state, k)
    king_renown = state["leaders"][kg]["renown"] if kg in state["leaders"] else 0
    base = leaders.loyalty_threshold(data, state, lid) or 0
    return base + king_renown, [("Loyalty less positive Renown", base),
                                ("the King's Renown", king_renown)]


def ambitious_generals(data: RulesData, state: State) -> None:
    """4.10: each Kingdom Checks the Loyalty of each of its Leaders on the map but its King;
    a failure Rebels at once where he stands (2.2.10). Leaders without Loyalty (Replacements)
    never Rebel (2.2.11)."""
    checked = 0
    for k in core.kingdoms(state):
        for lid in leaders.friends(state, k):
            if lid not in state["leaders"] or state["leaders"][lid]["court"] != k or \
                    not on_the_map(state, lid) or data.card(lid).loyalty is None or \
                    not rebels.may_rebel(data, state, lid):
                continue
            checked += 1
            thr, parts = ambition_threshold(data, state, lid)
            (face,) = check(state, thr, purpose=f"Ambitious Generals: Loyalty of {name(lid)}",
                            rule="4.10", parts=parts)
            if face <= thr:
                note(state, f"{leaders.label(data, lid)} stays loyal to his King.", "4.10")
                continue
            rebels.rebel(data, state, lid, "an ambitious general turns on his King", "4.10")
    if not checked:
        note(state, "Ambitious Generals: no Leader but a King is on the map.", "4.10")


# --- 4.6 Intrigues at Court -----------------------------------------------------------------
def at_court_friends(state: State, k: str) -> list[str]:
    """The King's Friends At Court (2.3.2): not on the map, not Hostages."""
    return [lid for lid in leaders.friends(state, k) if core.at_court(state, lid)]


def adjusted(data: RulesData, state: State, lid: str) -> Fraction:
    return leaders.adjusted_intrigue(data, state, lid)


def court_total(data: RulesData, state: State, k: str) -> Fraction:
    """4.6: the adjusted Intrigue of all Friends At Court."""
    return sum((adjusted(data, state, lid) for lid in at_court_friends(state, k)), Fraction(0))


def plots(total: Fraction, against: Fraction, has_king: bool) -> int:
    """1, 2 or 3 Plots when ``total`` strictly exceeds 3, 4 or 5 times ``against`` (2, 3 or
    4 times without a King), 0 otherwise (4.6)."""
    return sum(1 for m in PLOT_MULTIPLES[has_king] if total > m * against)


def bases(state: State, k: str) -> list[str]:
    """Whose Intrigue the Friends' total is set against: the King's, or at the player's
    choice an At-Court Chief Minister's; with no King the Chief Minister's (4.6)."""
    kg, cm = core.king(state, k), core.chief_minister(state, k)
    kg = kg if kg in state["leaders"] else None
    cm = cm if cm in state["leaders"] else None
    if kg is None:
        return [cm] if cm else []
    out = [kg]
    if cm and cm != kg and core.at_court(state, cm):
        out.append(cm)
    return out


def plot_count(data: RulesData, state: State, k: str, basis: str) -> int:
    has_king = core.king(state, k) in state["leaders"]
    return plots(court_total(data, state, k), adjusted(data, state, basis), has_king)


def choice_matters(data: RulesData, state: State, k: str) -> bool:
    opts = bases(state, k)
    return len({plot_count(data, state, k, b) for b in opts}) > 1


def _fmt(value: Fraction) -> str:
    """3, 3½, -½ (Intrigue + half Renown has halves only)."""
    sign, a = ("-" if value < 0 else ""), abs(value)
    whole = a.numerator // a.denominator
    if a.denominator == 2:
        return f"{sign}{whole or ''}½"
    return f"{sign}{whole}" if a.denominator == 1 else str(value)


def start_intrigues(data: RulesData, state: State) -> None:
    """4.6: every Kingdom, at once. Choices first (``intrigues`` prompt), then the Plots."""
    push(state, "intrigues", basis={})


@proc("intrigues")
class Intrigues:
    """4.6: each Kingdom whose choice of King or Chief Minister changes the number of Plots
    picks one; then every Kingdom's Plots are resolved (simultaneously: the losers leave play
    once all are resolved, ruling R80)."""

    def prompt(self, data, state, frame):
        for k in core.player_kingdoms(state):
            if k in frame["basis"] or not choice_matters(data, state, k):
                continue
            total = court_total(data, state, k)
            ch = []
            for b in bases(state, k):
                role = "King" if b == core.king(state, k) else "Chief Minister"
                n = plot_count(data, state, k, b)
                value, plot_s = _fmt(adjusted(data, state, b)), f"{n} Plot{'s' if n != 1 else ''}"
                ch.append(Choice(f"basis:{b}", f"{role} {data.card(b).name} (Intrigue {value}): "
                                               f"{plot_s}",
                                 detail=f"Set the Friends' {_fmt(total)} against the Intrigue "
                                        f"of {leaders.label(data, b)}, {value}: {plot_s}"))
            return Prompt(core.seat_of(state, k),
                          f"Intrigues at Court: the {ADJECTIVES[k]} Friends At Court total "
                          f"{_fmt(total)} Intrigue. Whose Intrigue faces them?", ch,
                          rule="4.6")
        return None

    def apply(self, data, state, frame, choice):
        lid = choice.split(":", 1)[1]
        for k in core.player_kingdoms(state):
            if k not in frame["basis"] and choice_matters(data, state, k):
                frame["basis"][k] = lid
                return

    def run(self, data, state, frame):
        pop(state, frame)
        fallen: list[str] = []
        for k in core.player_kingdoms(state):          # not a Non-Player Macedon (10.3)
            opts = bases(state, k)
            if not opts:
                note(state, f"{the(k, True)}: neither King nor Chief Minister, no "
                            "Intrigues.", "4.6")
                continue
            basis = frame["basis"].get(k, opts[0])
            resolve_kingdom(data, state, k, basis, fallen)
        kings = {kd.get("king") for kd in state["kingdoms"].values()}
        for lid in sorted(fallen, key=lambda x: x in kings):
            leaders.remove_leader(data, state, lid, "he loses a Plot at Court", "4.6")


def resolve_kingdom(data: RulesData, state: State, k: str, basis: str,
                    fallen: list[str]) -> None:
    """The Plots of one Kingdom (4.6); the losers are added to ``fallen``."""
    kg = core.king(state, k)
    kg = kg if kg in state["leaders"] else None
    cm = core.chief_minister(state, k)
    cm = cm if cm in state["leaders"] else None
    total, against = court_total(data, state, k), adjusted(data, state, basis)
    n = plots(total, against, kg is not None)
    note(state, f"Intrigues at Court, {name(k)}: the Friends At Court total {_fmt(total)} "
                f"against {_fmt(against)} ({name(basis)}): {n} Plot{'s' if n != 1 else ''}.",
         "4.6", seat=core.seat_of(state, k))

    def pool(*exclude: str | None) -> list[str]:
        return [f for f in at_court_friends(state, k) if f not in fallen and f not in exclude]

    if n >= 1:
        first = pool()
        if len(first) >= 2:
            a = pick(state, first, purpose="Plot 1: a Friend At Court", rule="4.6", show=name)
            b = pick(state, pool(a), purpose="Plot 1: his rival", rule="4.6", show=name)
            duel(data, state, a, b, fallen, "Plot 1")
        else:
            note(state, "Plot 1 is disregarded: fewer than two Friends At Court.", "4.6")
    if n >= 2:
        rivals = pool(cm)
        if cm and cm not in fallen and rivals:
            b = pick(state, rivals, purpose="Plot 2: the Chief Minister's rival", rule="4.6",
                     show=name)
            duel(data, state, cm, b, fallen, "Plot 2")
        else:
            note(state, "Plot 2 is disregarded: no Chief Minister or no rival At Court.", "4.6")
    if n >= 3:
        target = kg or cm
        rivals = pool(target)
        if target and target not in fallen and rivals:
            b = pick(state, rivals, purpose="Plot 3: the conspirator", rule="4.6", show=name)
            bonus = 1 if kg and not abilities.has_ability(data, b, abilities.REGICIDE) else 0
            duel(data, state, target, b, fallen, "Plot 3", bonus)
        else:
            note(state, "Plot 3 is disregarded: no rival At Court.", "4.6")


def duel(data: RulesData, state: State, a: str, b: str, fallen: list[str], what: str,
         a_bonus: int = 0) -> None:
    """Both Check adjusted Intrigue (``a`` with ``a_bonus`` THM); if at least one succeeds,
    the worse Success Margin is removed from play; ties and double failures change nothing."""
    margins = {}
    for lid, bonus in ((a, a_bonus), (b, 0)):
        value = adjusted(data, state, lid)
        thr = round_half_away(value + bonus)
        parts = [("Intrigue and half Renown", round_half_away(value))]
        if bonus:
            parts.append(("the King", bonus))
        (face,) = check(state, thr, purpose=f"{what}: Intrigue of {name(lid)}", rule="4.6",
                        parts=parts)
        margins[lid] = margin(thr, face)
    if max(margins.values()) < 0 or margins[a] == margins[b]:
        note(state, f"{what} between {names([a, b])} comes to nothing.", "4.6")
        return
    loser = a if margins[a] < margins[b] else b
    winner = b if loser == a else a
    note(state, f"{what}: {leaders.label(data, winner)} outwits "
                f"{leaders.label(data, loser)}, who falls.", "4.6")
    fallen.append(loser)


# --- the Courts as players read them (status panel) ---------------------------------------
def court_summary(data: RulesData, state: State, k: str) -> str:
    """King, Chief Minister and Friends of ``k`` with their Intrigue + half Renown (4.6) and,
    for those not simply At Court, where they are and whether they are Spent."""
    kg, cm = core.king(state, k), core.chief_minister(state, k)
    out = []
    members = sorted(leaders.court(state, k), key=lambda lid: (lid != kg, lid != cm))
    for lid in members:
        rec = state["leaders"][lid]
        role = "King " if lid == kg else "Chief Minister " if lid == cm else ""
        extra = [f"Intrigue {_fmt(adjusted(data, state, lid))}"]
        if rec["location"] == "hostage":
            extra.append("Hostage")
        elif rec["location"] != "court":
            extra.append(f"in {name(rec['location'])}")
        if rec["rotation"] >= 2:
            extra.append("Spent")
        out.append(f"{role}{data.card(lid).name} ({', '.join(extra)})")
    if kg not in state["leaders"]:
        out.insert(0, "no King (a regency)")
    return "; ".join(out)


# --- 2.2.4 Leaders entering play ------------------------------------------------------------
def minor_ally(state: State, affiliation: str) -> str | None:
    """The Power a Minor Power is Allied with (2.2.6), if any."""
    return (state.get("minors", {}).get(affiliation) or {}).get("allied_with")


def new_leaders(data: RulesData, state: State) -> None:
    """2.2.4, 3.2: at the Decks Preparation of a Turn after the scenario's first (ruling R18),
    every Leader whose Start Turn it is joins his Kingdom's Court. A Minor Leader joins the
    Court of the Power Allied with his Minor (2.2.6): from his Start Turn on, at the first
    Decks Preparation that finds his Minor Allied, before his End Turn (ruling R84). Then each
    Kingdom checks for a new King (2.3.1)."""
    turn = state.get("turn", 1)
    first = state.get("scenario", {}).get("start_turn", 1)
    gone = set(state.get("removed_leaders", []))
    if turn > first and state.get("leaders_entered") != turn:
        state["leaders_entered"] = turn
        for lid, c in sorted(data.leaders.items()):
            if c.start is None or lid in state["leaders"] or lid in gone:
                continue
            if c.affiliation in state["kingdoms"]:
                if c.start == turn and c.affiliation in core.player_kingdoms(state):
                    leaders.join_court(data, state, c.affiliation, lid, rule="2.2.4")
                    if "of" not in state["leaders"][lid]:
                        core.set_leader(state, lid, of=c.affiliation)
                continue
            ally = minor_ally(state, c.affiliation)
            if not c.start <= turn < (c.end or 12) or ally is None:
                continue
            if ally in core.player_kingdoms(state):
                leaders.join_court(data, state, ally, lid, rule="2.2.6")
                if "of" not in state["leaders"][lid]:
                    core.set_leader(state, lid, of=ally)
            elif ally == "rome":
                core.own_table(state, "leaders")[lid] = {
                    "court": "rome", "location": "court", "role": None, "rotation": 0,
                    "renown": 0, "rebel": False, "of": "rome"}
                note(state, f"{leaders.label(data, lid)} joins Rome's allies.", "2.2.6")
    for k in core.kingdoms(state):
        leaders.check_king(data, state, k)


# --- 2.13.10 the Elite Units of Minor Leaders ------------------------------------------------
#: Elite Minor Unit -> (its Leader, the Unit it replaces while he is in play)
ELITE_SWAP = {"philopoemen": ("U8", "achaians"), "eumenes": ("U6", "pergamon-army")}


def elite_swaps(data: RulesData, state: State) -> None:
    """2.13.10: while Philopoemen (U8) / Eumenes II (U6) is in play, the Elite Philopoemen /
    Eumenes Unit stands wherever the Achaians / Pergamon Army would (same place, side and
    owner); when he leaves play the regular Unit takes its place again. Checked before every
    step (``flow.SETTLE``)."""
    for elite, (lid, regular) in ELITE_SWAP.items():
        if elite not in state["units"] or regular not in state["units"]:
            continue
        e, r = state["units"][elite], state["units"][regular]
        if lid in state["leaders"] and r["location"] not in ("offmap", "removed"):
            core.set_unit(state, elite, type="minor", owner=r["owner"], location=r["location"],
                          face=r["face"])
            core.set_unit(state, regular, location="offmap", owner=None)
            note(state, f"With {name(lid)} in play, the Elite {name(elite)} replace the "
                        f"{name(regular)}.", "2.13.10")
        elif lid not in state["leaders"] and e["location"] not in ("offmap", "removed"):
            core.set_unit(state, regular, owner=e["owner"], location=e["location"],
                          face=e["face"])
            core.set_unit(state, elite, location="offmap", owner=None)
            note(state, f"{name(lid)} is gone: the {name(regular)} replace the Elite "
                        f"{name(elite)}.", "2.13.10")




def has_elite_swaps(state: State) -> bool:
    """The scenario has an Elite Minor Unit and the Unit it replaces (2.13.10)."""
    return any(elite in state["units"] and regular in state["units"]
               for elite, (_, regular) in ELITE_SWAP.items())


add_check(Check(elite_swaps, has_elite_swaps))


MECHANICS = {"storms-and-worms": ("Storms & Worms", storms_and_worms),
             "spw-continuation": ("Second Punic War Continuation", sp_war_continuation),
             "ferryman-of-souls": ("Ferryman of Souls", ferryman),
             "intrigues-at-court": ("Intrigues at Court", start_intrigues),
             "ambitious-generals": ("Ambitious Generals", ambitious_generals)}
