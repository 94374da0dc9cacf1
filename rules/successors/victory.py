"""Victory (7), Legitimacy (15), Prestige (16), Champions and Successors (17): pure functions
over the board, recomputed whenever asked (never kept as counters)."""

from __future__ import annotations

from rules.engine.state import log

from .abilities import legitimacy_bonus
from .model import (
    NAMES,
    State,
    controllers,
    ed,
    fleet_owner,
    fleet_strength,
    generals_at,
    is_major,
    province_controller,
)


def fleet_points(st: State, seat: str, ctl: dict[str, str | None] | None = None) -> int:
    """Combined strength of the fleets ``seat`` holds, Dispersed included, the Pontic Fleet
    excluded (rule 7.4)."""
    ctl = ctl if ctl is not None else controllers(st)
    total = 0
    for f in st["fleets"]:
        owner = ctl.get(f) if f in ctl else fleet_owner(st, f)
        if owner == seat and ed().card_fleets.get(f, {}).get("largest", True):
            total += fleet_strength(st, f)
    return total


def vp_breakdown(st: State, seat: str, ctl: dict[str, str | None] | None = None
                 ) -> dict[str, int]:
    """VP by source (rule 7.4)."""
    ex = ed().extras
    ctl = ctl if ctl is not None else controllers(st)
    out = {"provinces": sum(ed().provinces[p].vp for p, who in ctl.items() if who == seat)}
    mine = fleet_points(st, seat, ctl)
    if mine >= ex["largest_fleet"]["min"] and all(
            mine > fleet_points(st, s, ctl) for s in st["players"] if s != seat):
        out["largest fleet"] = ex["largest_fleet"]["vp"]
    if all(st["pc"].get(s) == seat for s in ex["hellespont"]["spaces"]):
        out["Hellespont"] = ex["hellespont"]["vp"]
    if all(ctl[p] == seat for p in ex["lord_of_asia"]["provinces"]):
        out["Lord of Asia"] = ex["lord_of_asia"]["vp"]
    return out


def vp(st: State, seat: str, ctl: dict[str, str | None] | None = None) -> int:
    return sum(vp_breakdown(st, seat, ctl).values())


def all_vp(st: State) -> dict[str, int]:
    ctl = controllers(st)
    return {s: vp(st, s, ctl) for s in st["players"]}


def royal_controller(st: State, rid: str) -> str | None:
    """An active royal is held by the faction with a general or the PC in her space (rule
    18.1); where two factions have generals there, by the army that brought or won her."""
    rec = st["royals"][rid]
    if not rec["active"] or rec["loc"] in ("box", "dead"):
        return None
    sid = rec["loc"]
    holders = {st["gen"][g]["owner"] for g in generals_at(st, sid)}
    city = st["pc"].get(sid)
    if city in st["players"] and ed().spaces[sid].kind == "major" and holders - {city} \
            and rec.get("held") in (None, city):
        return city              # 18.1, 9.1.1: inside the walls, the city's controller's
    if len(holders) == 1:
        return holders.pop()
    if len(holders) > 1:
        for who in (rec.get("held"), st["married"].get(rid), st["pc"].get(sid)):
            if who in holders:
                return who
        return None
    pc = st["pc"].get(sid)
    return pc if pc in NAMES and pc != "ind" else None


def body_controller(st: State) -> str | None:
    body = st["body"]
    if body["loc"] in ("gone",):
        return None
    sid = body["loc"]
    if body["tomb"]:
        pc = st["pc"].get(sid)
        return pc if pc in NAMES and pc != "ind" else None
    holders = [st["gen"][g]["owner"] for g in generals_at(st, sid)]
    if holders:
        return holders[0]
    pc = st["pc"].get(sid)
    return pc if pc in NAMES and pc != "ind" else None


def legitimacy_breakdown(st: State, seat: str) -> dict[str, int]:
    """L by source (rule 15.2); the total never goes below 0."""
    out: dict[str, int] = {}
    if st["status"][seat] == "champion":
        out["Champion"] = 3
    if province_controller(st, "makedonia") == seat:
        out["Strategos of Europe"] = 2
    for gid, rec in st["gen"].items():
        if rec["owner"] == seat and is_major(gid) and rec["loc"] not in ("dead", "aside"):
            bonus = ed().generals[gid].legitimacy
            if bonus:
                out[ed().generals[gid].name] = bonus
    heirs = [ed().royals[r]["legitimacy"] for r in st["royals"]
             if ed().royals[r]["heir"] and royal_controller(st, r) == seat]
    if heirs:
        out["heir"] = max(heirs)                        # only one heir counts (15.2)
    for r in st["royals"]:
        if not ed().royals[r]["heir"] and royal_controller(st, r) == seat:
            out[ed().royals[r]["name"]] = ed().royals[r]["legitimacy"]
    body = st["body"]
    if body["tomb"] and body_controller(st) == seat:
        out["Alexander's tomb"] = ed().body["tomb_bonus"]
    if body["pella"] == seat:
        out["burial at Pella"] = ed().body["pella_bonus"]
    cond = st.get("condemn")
    if cond and cond["target"] == seat:
        out["condemned"] = -3
    if legitimacy_bonus(st, seat):
        out["Kassandros in Makedonia (19.2)"] = 1
    return out


def legitimacy(st: State, seat: str) -> int:
    return max(0, sum(legitimacy_breakdown(st, seat).values()))


def prestige(st: State, seat: str, gid: str | None, *, defending_sacred: bool = False,
             ) -> int:
    """Faction L plus the commander's Prestige Points (16.1); +4 defending with Alexander's
    body (16.2); optional 19.1: +1 per Independent Army his side defeated."""
    p = legitimacy(st, seat)
    if gid and is_major(gid):
        p += ed().generals[gid].prestige
        p += st["gen"][gid].get("wins", 0) if st["options"].get("prestige_independents") else 0
    if defending_sacred:
        p += 4
    return p


def senior_rank(st: State, seat: str) -> int:
    """The seniority number of ``seat``'s most senior general (lower is more senior; 4.26)."""
    ranks = [ed().generals[g].seniority for g in st["gen"]
             if st["gen"][g]["owner"] == seat and is_major(g)
             and st["gen"][g]["loc"] not in ("dead", "aside")]
    return min(ranks) if ranks else 99


def ranking(st: State, key) -> list[str]:
    return sorted(st["players"], key=lambda s: (-key(s), senior_rank(st, s)))


def attack(st: State, attacker: str, target: str | None) -> None:
    """An attack on ``target`` (17.2): a Champion attacking a Champion who is not the Usurper
    becomes a Successor at once (-3 L)."""
    if target not in st["players"] or attacker not in st["players"] or attacker == target:
        return
    if st["status"][attacker] == "champion" and st["status"][target] == "champion" \
            and st.get("usurper") != target:
        st["status"][attacker] = "successor"
        log(st, f"{NAMES[attacker]} attacked the Champion {NAMES[target]} and becomes a "
                f"Successor (-3 L)", rule="17.2")


def recover_status(st: State, vps: dict[str, int] | None = None) -> None:
    """A Successor whose VPs fall to 0 is a Champion again (17.4): a fall, so a Successor
    who had none when he attacked stays one until he has gained and lost some."""
    vps = vps if vps is not None else all_vp(st)
    last = st.setdefault("last_vp", {})
    for s in st["players"]:
        if st["status"][s] == "successor" and vps[s] == 0 and last.get(s, 0) > 0:
            st["status"][s] = "champion"
            log(st, f"{NAMES[s]} has no VP left and is a Champion again", rule="17.4")
        last[s] = vps[s]


def end_game(st: State, winners: list[str], reason: str) -> None:
    st["over"] = {"winners": winners, "reason": reason, "scores": all_vp(st)}
    log(st, reason, rule="7")


def check_immediate(st: State) -> None:
    """18 L or the scenario's VP total wins at once, never on turn 1 (7.1)."""
    if st.get("over") or st["turn"] < 2 or st.get("phase") == "setup":
        return
    vps = all_vp(st)
    recover_status(st, vps)
    for s in st["order"] or st["players"]:
        if legitimacy(st, s) >= 18:
            end_game(st, [s], f"{NAMES[s]} reaches {legitimacy(st, s)} Legitimacy: "
                              "immediate victory (7.1)")
            return
        if vps[s] >= st["vp_target"]:
            end_game(st, [s], f"{NAMES[s]} reaches {vps[s]} VP: immediate victory (7.1)")
            return


def tiebreak_key(st: State, seat: str) -> tuple:
    """7.3: controller of Makedonia, most Macedonian CUs, the most senior general."""
    mac = sum(g.get(k, 0) for sid in st["cu"] for s, g in st["cu"][sid].items() if s == seat
              for k in ("macedonian", "royal", "silver"))
    mac += sum(st["dispersed"][seat].get(k, 0) for k in ("macedonian", "royal", "silver"))
    return (province_controller(st, "makedonia") == seat, mac, -senior_rank(st, seat))


def best(st: State, score) -> str:
    return max(st["players"], key=lambda s: (score(s), tiebreak_key(st, s)))


def game_end(st: State) -> None:
    """After turn 5 the most VP wins, ties broken by 7.3."""
    win = best(st, lambda s: vp(st, s))
    end_game(st, [win], f"End of turn {st['turns']}: {NAMES[win]} has the most VP "
                        f"({vp(st, win)}) (7.3)")


def regency(st: State, rid: str) -> None:
    """An heir comes of age (6.1.4, 6.1.5, 7.2)."""
    rec = st["royals"][rid]
    name = ed().royals[rid]["name"]
    if rec["loc"] == "dead" or rec["loc"] == "box":
        log(st, f"{name} is not on the board: nothing happens", rule="7.2")
        return
    holder = royal_controller(st, rid)
    score = {s: vp(st, s) + legitimacy(st, s) for s in st["players"]}
    top = best(st, lambda s: score[s])
    if holder is None:
        end_game(st, [top], f"{name} comes of age uncontrolled and is made king; "
                            f"{NAMES[top]} has the most VP + L ({score[top]}) (7.2)")
    elif holder == top:
        end_game(st, [holder], f"{name} comes of age; his regent {NAMES[holder]} has the most "
                               f"VP + L ({score[holder]}) and wins (7.2)")
    else:
        rec["loc"] = "dead"
        rec["active"] = False
        log(st, f"{name} comes of age but {NAMES[holder]} does not lead in VP + L: he is "
                "assassinated", rule="7.2")
