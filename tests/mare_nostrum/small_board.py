"""A small test board with the shape of the real one (used until and beside the real map).

24 x 16 hexes (odd-r offset rows): a northern coast (Rome, Greece, Persia), a southern
coast (Carthage, Egypt), a sea with four islands between them; two provinces per empire.
"""

from __future__ import annotations

from rules.mare_nostrum.geography import MapData, build

W, H = 24, 16
MERCH = ("GRAIN", "WOOL", "STONE", "WOOD", "FISH", "SALT", "COPPER", "OLIVES", "IRON",
         "GLASS", "CATTLE", "SILVER", "WINE", "GOLD")
CAPITALS = {(3, 4): ("rome", "Roma"), (11, 4): ("greece", "Athenae"),
            (19, 2): ("persia", "Sardis"), (5, 11): ("carthage", "Carthago"),
            (17, 13): ("egypt", "Memphis")}
ISLANDS = {(6, 7): "isle_a", (7, 7): "isle_a", (12, 8): "isle_b", (18, 7): "isle_c",
           (3, 8): "isle_d"}
MOUNTAINS = {(4, 1), (12, 2), (20, 1), (6, 13), (18, 14), (13, 3)}


def axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def region(col: int, row: int) -> str | None:
    """Four provinces per empire: west/east halves, split into inland and coast rows."""
    if row <= 4:
        owner = "rome" if col < 8 else "greece" if col < 16 else "persia"
        half = "w" if col % 8 < 4 else "e"
        band = "n" if row <= 1 else "s"
    elif row >= 11:
        owner = "carthage" if col < 12 else "egypt"
        half = "w" if col % 12 < 6 else "e"
        band = "n" if row <= 12 else "s"
    else:
        return None
    return f"{owner}_{half}{band}"


def small_board() -> MapData:
    land = {(c, r) for c in range(W) for r in range(H) if r <= 4 or r >= 11}
    land |= set(ISLANDS)
    ax = {cr: axial(*cr) for cr in ((c, r) for c in range(W) for r in range(H))}
    by_axial = {v: k for k, v in ax.items()}
    dirs = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    hexes, i = [], 0
    for (c, r), (q, rr) in sorted(ax.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        rec = {"q": q, "r": rr, "terrain": "sea"}
        if (c, r) in land:
            near_sea = any(by_axial.get((q + dq, rr + dr)) not in land and
                           (q + dq, rr + dr) in by_axial for dq, dr in dirs)
            if (c, r) in ISLANDS:
                rec.update(terrain="island", area=ISLANDS[(c, r)])
            else:
                rec.update(terrain="coastal" if near_sea else "land", area=region(c, r),
                           mountain=(c, r) in MOUNTAINS and not near_sea)
            if (c, r) in CAPITALS or (c + 2 * r) % 3 == 0 or (c, r) in ISLANDS:
                rec["merchandise"] = MERCH[i % len(MERCH)]
                i += 1
                if (c, r) in CAPITALS or (c + r) % 4 == 0:
                    rec["city"] = f"City {c}-{r}"
            if (c, r) in CAPITALS:
                rec["capital_of"], rec["city"] = CAPITALS[(c, r)]
        hexes.append(rec)
    areas = [{"id": f"{e}_{h}{b}", "kind": "province", "name": f"{e.capitalize()} {h}{b}"}
             for e in ("rome", "greece", "persia", "carthage", "egypt") for h in "we"
             for b in "ns"]
    areas += [{"id": a, "kind": "island", "name": a.replace("_", " ").title()}
              for a in sorted(set(ISLANDS.values()))]
    return build(hexes, areas)
