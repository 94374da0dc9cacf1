"""Rome's Surrender (8.8) and Hostages (8.9): when a Kingdom at War with Rome must Surrender,
what Surrender costs it, the Hostage Rome takes, and a Kingdom's voluntary Surrender. The
check run before every step (:func:`settle`) makes a Kingdom Surrender as soon as it must.
"""

from __future__ import annotations

from typing import Any

from . import alignment, core, leaders, upcalls
from .core import note
from .flow import Check, add_check, pop, proc
from .mapdata import load_map
from .names import the
from .rome import APOLLONIA, ROME, active, at_war, controlled_in_west, end_war, news, rome
from .rulesdata import RulesData

State = dict[str, Any]


# --- Surrender (8.8), Hostages (8.9) ---------------------------------------------------------
def surrender_due(data: RulesData, state: State, k: str) -> str | None:
    """Why ``k`` must Surrender now (8.8), or None. The Royal Army case is flagged by the
    battle (``rome.surrender_pending``)."""
    if not at_war(state, k):
        return None
    kd = state["kingdoms"][k]
    caps = data.capitals_of(k)
    if caps and not any(core.aligned(state, p, k) for p in caps) and \
            any(core.aligned(state, p, ROME) for p in caps):
        return "its last Capital is Aligned with Rome"
    if k in ("seleucids", "ptolemies") and not kd.get("surrendered"):
        if kd.get("controlled3_at_war_onset"):
            if controlled_in_west(state, k) == 0:
                return "it no longer Controls any Satrapy in Asia Minor or Europe"
        elif not _aligned_in_west(data, state, k):
            return "it has no Place Aligned with it in Asia Minor or Europe"
    return None


def _aligned_in_west(data: RulesData, state: State, k: str) -> bool:
    md = load_map()
    return any(core.aligned(state, p, k) and set(md.satrapies[info.satrapy].regions)
               & {"europe", "asia-minor"} for p, info in data.places.items())


def surrender_window(state: State) -> bool:
    """8.8: a Kingdom Surrenders only during the Action Phase, before its Winter Quarters
    card (then not until the next Turn's Action Phase): the Phase's own frame is on the
    stack (the Event cards' of 3.6, or the alternating Activations of 12.5/12.6)."""
    return state.get("phase") == "action" and any(
        f.get("proc") in ("action-phase", "solo-action") for f in state.get("stack", []))


def settle(data: RulesData, state: State) -> None:
    """Surrender is resolved once no Campaign is under way (8.8 IMPORTANT), and only in
    the Surrender window (:func:`surrender_window`); a due Surrender waits for it."""
    if not active(state) or not surrender_window(state) or any(
            f.get("proc") in ("campaign", "naval", "options", "land-battle", "naval-battle",
                              "roman-campaign")
            for f in state.get("stack", [])):
        return
    pending = rome(state).pop("surrender_pending", None) or []
    for k in list(pending):
        if at_war(state, k):
            surrender(data, state, k, "its Royal Army was Defeated by a Consul")
    for k in core.kingdoms(state):
        why = surrender_due(data, state, k)
        if why:
            surrender(data, state, k, why)


#: 8.8.1: Places counted in a Capital's Satrapy when Roman Garrisons are handed back
#: (Pelousion, in PELOUSIAKON STOMA, counts as part of DELTA)
WITH_THE_CAPITAL = {"ptolemies": ("pelousion",)}


def surrender(data: RulesData, state: State, k: str, why: str) -> None:
    """8.8.1 first Surrender, 8.8.2 second (the Kingdom is out of the game)."""
    md = load_map()
    kd = state["kingdoms"][k]
    core.set_kingdom(state, k, surrendered=int(kd.get("surrendered", 0)) + 1)
    second = state["kingdoms"][k]["surrendered"] >= 2
    note(state, f"{the(k, True)} Surrender to Rome ({why}).", "8.8.2" if second else "8.8.1")
    west = {"europe", "asia-minor"}
    greece = {"greece"}
    pergamon_roman = core.aligned(state, "pergamon", ROME)
    for p, info in sorted(data.places.items()):
        rec = state["places"].get(p, {})
        regions = set(md.satrapies[info.satrapy].regions)
        if rec.get("power") != k:
            continue
        if second:
            # 8.8.2: out of the game with all its markers; those of the west go to Rome
            if regions & west:
                core.set_place(state, p, power=ROME, marker="alliance")
            else:
                core.set_place(state, p, power=None, marker=None)
        elif rec.get("marker") == "garrison":
            if k == "macedon" and regions & greece:
                core.set_place(state, p, power=ROME, marker="alliance")
            elif k != "macedon" and regions & west and \
                    (info.status != "subject" or pergamon_roman):
                core.set_place(state, p, power=ROME, marker="alliance")
    capital_sats = {data.places[p].satrapy for p in data.capitals_of(k)}
    with_capital = set(WITH_THE_CAPITAL.get(k, ()))
    for p, rec in sorted(state["places"].items()):
        if rec.get("power") == ROME and rec.get("marker") == "garrison" and p != APOLLONIA:
            if not second and (data.places[p].satrapy in capital_sats or p in with_capital):
                core.set_place(state, p, power=k, marker="garrison")
            else:
                core.set_place(state, p, marker="alliance")
    if not second:
        hostage(data, state, k)
    upcalls.release_minors(data, state, k)
    end_war(data, state, k, "8.8")
    if second:
        guarded = {"macedon": "makedonia", "seleucids": "seleukis", "ptolemies": "delta"}[k]
        rome(state).setdefault("guarantees", []).append(guarded)
        core.set_kingdom(state, k, eliminated=True, temporary_capital=None)
        state["kingdoms"][k].pop("capital_pending", None)
        _end_all_wars(state, k)
        for lid in sorted(state["leaders"], key=core.leader_order):   # not the table's order,
            if state["leaders"][lid].get("court") == k:                  # which a save changes
                leaders.remove_leader(data, state, lid, "the Kingdom is out of the game",
                                      "8.8.2")
        for lid in [lid for lid, r in state["leaders"].items() if r.get("court") == k]:
            del core.own_table(state, "leaders")[lid]   # no Replacement Leaders for a Kingdom gone
        for u in [u for u, rec in state["units"].items() if rec.get("owner") == k]:
            core.set_unit(state, u, location="removed", owner=None)
    alignment.refresh(data, state)
    what = ("The Kingdom is out of the game with all its markers; those in Europe and Asia "
            "Minor become Roman Alliances." if second else
            "Its Garrisons in "
            + ("Greece" if k == "macedon" else "Europe and Asia Minor")
            + " become Roman Alliances; Rome will not make War on it again this Turn.")
    news(state, f"{the(k, True)} Surrender to Rome", what, why,
         "8.8.2" if second else "8.8.1")


def _end_all_wars(state: State, k: str) -> None:
    """8.8.2: a Kingdom out of the game is At War (or sworn to Peace) with nobody."""
    gone = [key for key in state.get("wars", {}) if k in key.split("|")]
    for key in gone:
        del state["wars"][key]
    if gone:
        note(state, f"The Wars and Peaces of {the(k)} end with the Kingdom.", "8.8.2")


def heirs(data: RulesData, state: State, k: str) -> list[str]:
    """Royal Leaders of the Court other than the King, best Succession Rank first."""
    kg = core.king(state, k)
    out = [lid for lid in leaders.court(state, k) if lid != kg and data.card(lid).rank
           and state["leaders"][lid]["location"] != "hostage"]
    return sorted(out, key=lambda lid: data.card(lid).rank)


def hostage(data: RulesData, state: State, k: str) -> None:
    """8.9 with the lost bullet of 8.8.1 reconstructed: with two Heirs or more in play, the
    first in the succession goes to Rome as Hostage (outside every Court)."""
    hs = heirs(data, state, k)
    if len(hs) < 2:
        note(state, f"{the(k, True)} have {len(hs)} Heir(s): no Hostage.", "8.8.1")
        return
    lid = hs[0]
    rec = state["leaders"][lid]
    for u in core.on_card(state, lid):      # his Units stay where he stood (as 2.2.4)
        core.set_unit(state, u, location=rec["location"])
    core.set_leader(state, lid, location="hostage", role=None)
    note(state, f"{leaders.label(data, lid)} goes to Rome as a Hostage.", "8.9")


@proc("surrender")
class VoluntarySurrender:
    """8.8: a Kingdom that never Surrendered may Surrender at its Activation (placeholder
    for the choice offered in the Activation prompt)."""

    def prompt(self, data, state, frame):
        return None

    def run(self, data, state, frame):
        pop(state, frame)
        surrender(data, state, frame["kingdom"], "it chose to Surrender")


def in_scenario(state: State) -> bool:
    """Rome is a Power of the scenario (not among its Powers out of play)."""
    return bool((state.get("rome") or {}).get("in_play"))


add_check(Check(settle, in_scenario))

