"""Africa (17): Hamilcar's return when Carthage loses at Kerkouane, the fall of Carthago to a
Greek army (base game)."""

from __future__ import annotations

from .army import lift_sieges
from .board import placement_spaces
from .model import State, add_cu, cu, ed, note, outside, space_name


def carthago_check(st: State) -> None:
    """Greek CU in Carthago at the end of an action: Carthage falls (17.2.2)."""
    if st["players"] == 5 or st["flags"].get("carthage_fallen") or "carthago" not in st["spaces"]:
        return
    if cu(st, "carthago", "greeks") == 0 or "greeks" not in st["sides"]:
        return
    st["flags"]["carthage_fallen"] = True
    st["flags"]["punic_envoys"] = False
    st["flags"]["rome_carthage_alliance"] = False
    st["alliances"] = [a for a in st["alliances"] if "carthage" not in a]
    for sid in list(st["cu"]):
        n = cu(st, sid, "carthage")
        if n:
            add_cu(st, sid, "carthage", -n)
    for lid, ld in ed().leaders.items():
        if ld.power == "carthage" and lid in st["leaders"]:
            st["leaders"][lid] = "removed"
    for sid, sp in st["spaces"].items():
        if sp["ctl"] == "carthage" and ed().spaces[sid].region != "africa":
            sp["ctl"] = "greeks"
            if sp["loy"]:
                sp["loy"] = 1
            sp["siege"], sp["sieger"] = None, None
    home = [s for s in placement_spaces(st, "greeks") if ed().spaces[s].region != "africa"]
    for sid in [s for s in st["spaces"] if ed().spaces[s].region == "africa"]:
        n = cu(st, sid, "greeks")
        if n:
            add_cu(st, sid, "greeks", -n)
            if home:
                add_cu(st, home[0], "greeks", n)
        for lid, at in st["leaders"].items():
            if at == sid and ed().leaders[lid].power == "greeks":
                st["leaders"][lid] = home[0] if home else "displaced"
    note(st, "Carthago falls to the Greeks: Carthage is out of the game.", "17.2.2")


def hamilcar_returns(st: State, space: str, loser: str) -> None:
    """Carthage defeated at Kerkouane: Hamilcar, if neither in Africa, besieged nor
    displaced, sails home to Carthago at once with the Carthaginian CU beside him (17.2.1);
    a naval move, so Storms at Sea stops it. Before the battle's political consequences.
    Not with five players (17 is ignored then)."""
    if loser != "carthage" or space != "kerkouane" or st["flags"].get("storms_at_sea") \
            or st["players"] == 5:                      # 17 is ignored with five players
        return
    for lid in ("hamilcar",):
        at = st["leaders"].get(lid)
        if at is None or at not in st["spaces"] or ed().spaces[at].region == "africa":
            continue
        sp = st["spaces"][at]
        if sp["siege"] is not None and sp["ctl"] == "carthage":
            continue                                    # besieged in his city
        n = min(10, outside(st, at, "carthage"))
        if n:
            add_cu(st, at, "carthage", -n)
            add_cu(st, "carthago", "carthage", n)
        st["leaders"][lid] = "carthago"
        lift_sieges(st, at)
        note(st, f"Hamilcar sails home from {space_name(at)} to Carthago with {n} CU.",
             "17.2.1", where="carthago")
