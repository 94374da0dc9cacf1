"""Minor Powers (2.5.8, 2.13.10): where their Units are, checked before every step.

A Minor is Allied to the Power holding Alliances on all its Heartland Places
(:func:`rules.hubris.control.minor_allies`). Then its Units leave the Banner: Land Units
face-down in their Home Satrapy, Squadrons face-up in a Sea next to it (the Pergamon Squadron
only with Roman Alliances on Pergamon and Abydos). A Heartland Unaligned sends them back to
the Banner (a Dispersed Unit stays Dispersed); a Garrisoned Heartland (both for the
Achaians) puts them out of play. The Parthians are never Allied (Syrinx is Subject).
"""

from __future__ import annotations

from typing import Any

from . import core
from .core import note
from .flow import Check, add_check
from .mapdata import load_map
from .names import the
from .rulesdata import RulesData

State = dict[str, Any]
#: 8.10, 2.13.10: the Minor Power of each Minor Unit
MINOR_OF = {"aitolian-league": "aitolian-league", "achaians": "achaian-league",
            "philopoemen": "achaian-league", "spartans": "sparta",
            "rhodian-squadron": "rhodes", "pergamon-army": "pergamon", "eumenes": "pergamon",
            "pergamon-squadron": "pergamon", "parthians": "parthians"}
#: 2.13.10: the Minor Units that are Elite replacements while their Leader is in play
ELITE_SWAP = {"philopoemen": "U8", "eumenes": "U6"}
#: where each Minor Unit may Campaign (2.13.10): Regions or Satrapies, Seas for Squadrons
LIMITS = {"aitolian-league": {"regions": ("greece",)},
          "achaians": {"satrapies": ("peloponnesos", "boiotia-euboia")},
          "philopoemen": {"satrapies": ("peloponnesos", "boiotia-euboia")},
          "spartans": {"satrapies": ("peloponnesos", "boiotia-euboia")},
          "pergamon-army": {"regions": ("europe", "asia-minor")},
          "eumenes": {"regions": ("europe", "asia-minor")},
          "pergamon-squadron": {"seas": ("aigaion-pelagos", "propontis")},
          "rhodian-squadron": {"seas": ("aigaion-pelagos", "propontis", "pamphylion-pelagos")},
          "parthians": {"satrapies": ()}}
MINOR_UNITS = tuple(sorted(MINOR_OF))
IDLE = ("dispersed", "spw", "removed", "offmap")


def hearts(minor: str) -> tuple[str, ...]:
    return load_map().minors.get(minor, ())


def may_campaign_in(uid: str, area: str) -> bool:
    """2.13.10: a Minor Unit only Campaigns in its Regions, Satrapies or Seas."""
    lim = LIMITS.get(uid, {})
    if area in lim.get("seas", ()) or area in lim.get("satrapies", ()):
        return True
    sat = load_map().satrapies.get(area)
    return bool(sat and set(sat.regions) & set(lim.get("regions", ())))


def status(data: RulesData, state: State, uid: str) -> tuple[str, str | None]:
    """("garrisoned" | "allied" | "free", ally) of the Minor of ``uid``."""
    minor = MINOR_OF[uid]
    hs = hearts(minor)
    garrisoned = [h for h in hs if state["places"].get(h, {}).get("marker") == "garrison"]
    need = 2 if minor == "achaian-league" else 1
    if len(garrisoned) >= min(need, len(hs)) and garrisoned:
        return "garrisoned", None
    ally = (state.get("minors", {}).get(minor) or {}).get("allied_with")
    if ally and minor != "parthians":
        return "allied", ally
    return "free", None


def home(data: RulesData, uid: str) -> str:
    hs = hearts(MINOR_OF[uid])
    return data.places[hs[0]].satrapy if hs else "offmap"


def settle(data: RulesData, state: State) -> None:
    for uid in MINOR_UNITS:
        rec = state["units"].get(uid)
        if rec is None:
            continue
        if rec["location"] in IDLE and rec["location"] != "dispersed":
            continue
        st, ally = status(data, state, uid)
        naval = rec["type"] == "minor-squadron"
        if st == "garrisoned":
            if rec["location"] not in ("out-of-play", "dispersed"):
                rec = core.set_unit(state, uid, location="out-of-play", owner=None, face="down")
                note(state, f"The {core.title_of(uid)} are out of play: their Heartland is "
                            "Garrisoned.", "2.13.10")
        elif st == "allied":
            if rec["location"] not in ("banner", "out-of-play", "dispersed") and \
                    rec.get("owner") not in (None, ally):      # the Alliance changed hands
                rec = core.set_unit(state, uid, location="banner", owner=None)
            if rec["location"] in ("banner", "out-of-play"):
                if uid == "pergamon-squadron" and not (
                        ally == "rome" and core.aligned(state, "abydos", "rome")):
                    continue
                if naval:
                    seas = [s for s in data.satrapies[home(data, uid)].seas
                            if core.sea_in_play(state, s)]
                    if not seas:
                        continue
                    rec = core.set_unit(state, uid, location=seas[0], owner=ally, face="up")
                else:
                    rec = core.set_unit(state, uid, location=home(data, uid), owner=None,
                                        face="down")
                who = the(ally)
                note(state, f"The {core.title_of(uid)} join {who} and take the field.",
                     "2.13.10", where=rec["location"])
        elif rec["location"] not in ("banner", "dispersed"):
            rec = core.set_unit(state, uid, location="banner", owner=None,
                                face="up" if naval else "down")
            note(state, f"The {core.title_of(uid)} return to their Banner: no Power is Allied "
                        "with them.", "2.13.10")


def in_game(state: State) -> bool:
    """The scenario has Minor Units (2.13.10)."""
    return not state["units"].keys().isdisjoint(MINOR_UNITS)


add_check(Check(settle, in_game, watched=True))
