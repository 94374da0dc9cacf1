"""The plunder track (14.1): Gallic and Transalpine markers cancel; a full track moves the
Gallic VP by one and is cleared."""

from __future__ import annotations

from .model import State, ed, note


def add_plunder(st: State, power: str, n: int) -> None:
    length = int(ed().tables["plunder_track"]["length"])
    foe = "transalpine" if power == "gauls" else "gauls"
    for _ in range(n):
        if st["plunder"][foe] > 0:
            st["plunder"][foe] -= 1                # the two kinds cancel (14.1)
            continue
        st["plunder"][power] += 1
        if st["plunder"][power] >= length:
            st["plunder"] = {"gauls": 0, "transalpine": 0}
            if "gauls" in st["vp"]:
                delta = 1 if power == "gauls" else -1
                st["vp"]["gauls"] = max(0, min(12, st["vp"]["gauls"] + delta))
                note(st, f"The plunder track is full: the Gauls {'gain' if delta > 0 else 'lose'}"
                     " 1 VP.", "14.1")
