"""What must always hold (checked by playouts and ``hegemon fuzz``)."""

from __future__ import annotations

from .data import INDEPENDENT
from .model import State, allied, ed, outside


def check(st: State) -> list[str]:
    bad: list[str] = []
    for sid, here in st["cu"].items():
        if sid not in st["spaces"]:
            bad.append(f"CU in {sid}, which is not in play")
        for p, n in here.items():
            if not isinstance(n, int) or n <= 0:
                bad.append(f"{p} has {n} CU in {sid}")
    for sid, sp in st["spaces"].items():
        if sp["loy"] and not 1 <= sp["loy"] <= 3:
            bad.append(f"{sid}: loyalty {sp['loy']}")
        if sp["loy"] and sp["tribe"]:
            bad.append(f"{sid} is both a walled city and a tribe")
        if sp["siege"] is not None and (sp["siege"] < 0 or not (sp["loy"] or sp["tribe"])):
            bad.append(f"{sid}: siege marker {sp['siege']} on a space that cannot be besieged")
        if sp["ctl"] != INDEPENDENT \
                and sp["ctl"] not in ("rome", "greeks", "gauls", "etruscans", "samnites",
                                      "carthage", "volsci", "transalpine"):
            bad.append(f"{sid}: controller {sp['ctl']}")
    for sid, n in st.get("militia", {}).items():
        if n < 0 or ed().spaces[sid].region != "africa":
            bad.append(f"{n} Citizen Militia CU in {sid}, outside Africa")
    for lid, at in st["leaders"].items():
        if at not in st["spaces"] and at not in ("pool", "out", "displaced", "reserve",
                                                 "removed"):
            bad.append(f"leader {lid} at {at}")
    for side, vp in st["vp"].items():
        if not 0 <= vp <= 12:
            bad.append(f"{side} VP {vp}")
    for side, deck in st["decks"].items():
        cards = deck["draw"] + deck["discard"] + deck.get("removed", []) + st["hands"][side]
        if len(cards) != len(ed().decks[side]) or set(cards) != set(ed().decks[side]):
            bad.append(f"{side} deck: cards lost or doubled")
    for side, n in st["dt"].items():
        if not 0 <= n <= 2:
            bad.append(f"{side} Desperate Times {n}")
    if not st.get("windows") and st["stack"] and st["stack"][-1]["proc"] == "active":
        for sid, here in st["cu"].items():
            armies = [p for p in here if outside(st, sid, p) > 0]
            for i, p in enumerate(armies):
                for q in armies[i + 1:]:
                    if not allied(st, p, q):
                        bad.append(f"enemy armies {p} and {q} side by side in {sid}")
                    else:
                        bad.append(f"allied armies {p} and {q} stacked in {sid} (15.3)")
    return bad
