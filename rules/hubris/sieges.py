"""Campaign Options (5.2.5): Sieges (5.2.6) with Sea Support (6.4), Subjugation (5.2.7) and
Plunder (5.2.8, 5.3.5).

Ruling R1 (option ``sd_success_captures``, default "no"): the Siege Success that removes a
Strengthened Defenses marker only removes it; a further Success is needed to capture.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.names import needs
from rules.engine.state import ask

from . import alignment, core, leaders, names, reactions, rome, upcalls, wars
from .checks import check
from .core import note
from .flow import pop, proc, push
from .rulesdata import RulesData

State = dict[str, Any]
MAX_OPTIONS = 4


def blocked_powers(state: State, k: str, sat: str) -> set[str]:
    """Powers (Kingdoms, Rebels) with a Land Unit in the Satrapy shield their Places (5.2.5)."""
    return {p for p in core.land_powers(state, sat) if p != k}


def targetable(data: RulesData, state: State, frame: dict[str, Any], kind: str) -> list[str]:
    k, sat, ann = frame["kingdom"], frame["target"], frame.get("announced") or {}
    blocked: set[str] | None = None         # found when a Place of another Power asks
    out = []
    for p in data.satrapies[sat].places:
        if data.places[p].kind != kind:
            continue
        rec = state["places"][p]
        power = core.place_power(rec)
        if power == k or _forbidden_by_truce(data, state, k, p):
            continue
        if power is None:
            if ann.get("unaligned"):
                out.append(p)
        elif power in ann.get("powers", []) and \
                (rec.get("marker") == "alliance" or ann.get("garrisons")):
            if blocked is None:
                blocked = blocked_powers(state, k, sat)
            if power not in blocked:
                out.append(p)
    return out


def _forbidden_by_truce(data: RulesData, state: State, k: str, place: str) -> bool:
    """8.5 IMPORTANT, 8.7, 8.8.1: after Peace with Rome or a Surrender this Turn, or the Turn
    its King was removed, a Kingdom may not attack an ungarrisoned Guaranteed Place (CB 6),
    nor a Guaranteed Subject City, which it could only take with a Garrison (CB 7)."""
    if rome.may_provoke(state, k):
        return False
    if not rome.guaranteed(data, state, place):
        return False
    info = data.places[place]
    return state["places"][place].get("marker") != "garrison" or \
        (info.kind == "city" and info.status == "subject")


def may_garrison(data: RulesData, state: State, k: str, place: str) -> bool:
    """May ``k`` place a Garrison on ``place`` it captures? Not on a Guaranteed Place while
    it may give Rome no Casus Belli (8.5 IMPORTANT: CB 7, void or not)."""
    return rome.may_provoke(state, k) or not rome.guaranteed(data, state, place)


def may_plunder(data: RulesData, state: State, frame: dict[str, Any], sat: str) -> bool:
    k = frame["kingdom"]
    if core.controller(state, sat) == "rome":
        if not rome.may_provoke(state, k):      # 8.5 IMPORTANT, 8.7, 8.8.1
            return False
    if state["satrapies"][sat].get("ravaged"):
        return False
    if sat in frame.get("started_controlled", []):
        return False
    ctrl = core.controller(state, sat)
    if ctrl is not None and ctrl in blocked_powers(state, k, sat):     # never None
        return False
    if ctrl and ctrl in state["kingdoms"] and not core.alliance_majority(state, sat):
        return wars.may_commit_act_of_war(state, k, ctrl)
    return True


def plunderable_from_sea(data: RulesData, state: State, frame: dict[str, Any],
                         sea: str) -> list[str]:
    """5.3.5: Coastal Satrapies on the Sea with no non-Friendly Troop."""
    k = frame["kingdom"]
    # where a Troop not of ``k`` stands (:func:`core.units_at`: a Leader's card counts where
    # the Leader is), found in one pass over the Units
    cards = {core.card_of(lid): r["location"] for lid, r in state["leaders"].items()}
    guarded = {cards.get(r["location"], r["location"]) for r in state["units"].values()
               if r["type"] in core.TROOP_TYPES and r["owner"] != k}
    out = []
    for s in data.coasts_of(sea):
        if not core.sat_in_play(state, s) or s in guarded:
            continue
        if may_plunder(data, state, frame, s):
            out.append(s)
    return out


def _plunder_ok(data: RulesData, state: State, frame: dict[str, Any]) -> bool:
    """May the Campaign of ``frame`` declare a Plunder of its Target (5.2.8)?"""
    return bool(may_plunder(data, state, frame, frame["target"])
                and frame.get("announced", {}).get("unaligned"))


def any_option(data: RulesData, state: State, frame: dict[str, Any]) -> bool:
    """Does :func:`option_choices` offer more than ending the Campaign (not of the Non-Player
    Macedon, 10.5)? A Siege, a Subjugation or a Plunder is possible."""
    return bool(targetable(data, state, frame, "city") or targetable(data, state, frame, "tribe")
                or _plunder_ok(data, state, frame))


def option_choices(data: RulesData, state: State, frame: dict[str, Any]) -> list[Choice]:
    if frame.get("np"):         # 10.5: Non-Player Macedon's four Options
        return upcalls.np_option_choices(data, state, frame)
    cities = targetable(data, state, frame, "city")
    tribes = targetable(data, state, frame, "tribe")
    plunder_ok = _plunder_ok(data, state, frame)
    ch = [Choice("opt:0-0-0", "End the Campaign without Options")]
    for s in range(0, MAX_OPTIONS + 1 if cities else 1):
        for j in range(0, MAX_OPTIONS + 1 - s if tribes else 1):
            for p in range(0, 2 if plunder_ok else 1):
                if 0 < s + j + p <= MAX_OPTIONS:
                    ch.append(Choice(f"opt:{s}-{j}-{p}", f"{s} Siege, {j} Subjugation, "
                                                        f"{p} Plunder", target=frame["target"]))
    return ch


def declare(data: RulesData, state: State, frame: dict[str, Any], arg: str) -> None:
    s, j, p = (int(x) for x in arg.split("-"))
    frame["step"] = "end"
    if s + j + p == 0:
        return
    note(state, f"Campaign Options declared: {s} Siege, {j} Subjugation, {p} Plunder.",
         "5.2.5", where=frame["target"])
    push(state, "options", id=f"{frame['id']}-o", campaign=frame["id"], sieges=s, subj=j, plunder=p,
         step="plunder", dice=[], index=0, supported=[], successes={}, supporters=[],
         asked=False)


def plunder(data: RulesData, state: State, frame: dict[str, Any], sat: str, n: int,
            rule: str) -> None:
    """Ravage the Satrapy; 3 T per Unit (Squadron), at most its Full Tax Value (5.2.8)."""
    k = frame["kingdom"]
    ctrl = core.controller(state, sat)
    if ctrl and ctrl in state["kingdoms"] and ctrl != k and \
            not core.alliance_majority(state, sat):
        wars.act_of_war(state, k, ctrl, f"Plunder of {names.name(sat)}")
    if ctrl == "rome":          # 8.5: Automatic, or 5 through a majority of Alliances
        rome.casus_belli(data, state, k, 5 if core.alliance_majority(state, sat) else None,
                         f"{k.title()} plunder {core.title_of(sat)}, a Roman Satrapy")
    core.set_satrapy(state, sat, ravaged=True)
    take = min(3 * n, int(data.satrapies[sat].tax[1]))
    note(state, f"{names.name(sat)} is Plundered and Ravaged.", rule, where=sat)
    core.gain(state, k, take, f"Plundering {names.name(sat)}", rule)
    alignment.refresh(data, state)


def _campaign(state: State, fid: str) -> dict[str, Any]:
    for f in state["stack"]:
        if f.get("id") == fid:
            return f
    raise RuntimeError("campaign frame lost")


def siege_threshold(data: RulesData, state: State, camp: dict[str, Any], city: str) -> int:
    return sum(v for _, v in siege_parts(data, state, camp, city))


def siege_parts(data: RulesData, state: State, camp: dict[str, Any],
                city: str) -> list[tuple[str, int]]:
    """A Siege's Success Threshold by its parts (5.2.6, 6.2)."""
    lid = camp["leader"]
    train = any(state["units"][u]["type"] == "siege-train" for u in core.on_card(state, lid))
    return [("Siege", data.card(lid).siege or 0), ("Stronghold", data.places[city].stronghold),
            ("Strengthened Defenses", -1 if state["places"][city].get("sd") else 0),
            ("Siege Train", 1 if train else 0)]


def subjugation_threshold(data: RulesData, camp: dict[str, Any], tribe: str) -> int:
    return sum(v for _, v in subjugation_parts(data, camp, tribe))


def subjugation_parts(data: RulesData, camp: dict[str, Any], tribe: str) -> list[tuple[str, int]]:
    """A Subjugation's Success Threshold by its parts (5.2.7)."""
    return [("Battle", data.card(camp["leader"]).battle or 0),
            ("Stronghold", data.places[tribe].stronghold)]


def siege_context(data: RulesData, state: State, camp: dict[str, Any], frame: dict[str, Any],
                  places: list[str], siege: bool) -> dict[str, Any]:
    """What the siege dialog shows (gui/dialogs/siege.py): the Force, every THM with its rule,
    each target's threshold and Successes needed, the dice and this die."""
    lid, sat = camp["leader"], camp["target"]
    name = data.card(lid).name
    mods: list[dict[str, Any]] = []
    if siege:
        mods.append({"label": f"Siege Rating of {name}", "value": data.card(lid).siege or 0,
                     "rule": "5.2.6"})
        if any(state["units"][u]["type"] == "siege-train" for u in core.on_card(state, lid)):
            mods.append({"label": "Siege Train in the Force", "value": 1, "rule": "5.2.6"})
    else:
        mods.append({"label": f"Battle Rating of {name} (Subjugation)",
                     "value": data.card(lid).battle or 0, "rule": "5.2.7"})
    for p in places:
        if data.places[p].stronghold:
            mods.append({"label": f"Stronghold: {data.places[p].name or p}",
                         "value": data.places[p].stronghold, "rule": "5.2.6"})
        if siege and state["places"][p].get("sd"):
            mods.append({"label": f"Strengthened Defenses: {data.places[p].name or p}",
                         "value": -1, "rule": "6.2"})
    lines = []
    for p in places:
        thr = siege_threshold(data, state, camp, p) if siege else \
            subjugation_threshold(data, camp, p)
        need = 2 if p in frame["supported"] else 1
        have = frame["successes"].get(p, 0)
        lines.append(f"{data.places[p].name or p}: {thr} or less, {have}/{need} Success"
                     + (" (Sea Support)" if need == 2 else ""))
    what = "Siege" if siege else "Subjugation"
    return {"title": f"{what} in {names.name(sat)}", "where": names.name(sat),
            "besieger": f"{names.name(camp['kingdom'])}: {name} [{lid}]",
            "modifiers": mods, "targets": "\n".join(lines), "dice": list(frame["dice"]),
            "this die": ", ".join(str(frame["dice"][i]) for i in unused_dice(frame)),
            "note": "a natural 1 also removes Strengthened Defenses (6.2)" if siege else ""}


def unused_dice(frame: dict[str, Any]) -> list[int]:
    """The Siege or Subjugation dice not yet allocated (in roll order; the player takes
    them in any order, 5.2.6, 5.2.7). Dice before ``index`` count as used in a frame that
    has no ``used`` list."""
    used = set(frame["used"]) if "used" in frame else set(range(frame.get("index", 0)))
    return [i for i in range(len(frame.get("dice") or [])) if i not in used]


@proc("options")
class Options:
    def prompt(self, data, state, frame):
        if frame["step"] not in ("siege-alloc", "subj-alloc"):
            return None
        camp = _campaign(state, frame["campaign"])
        left = unused_dice(frame)
        if not left:
            return None
        k = camp["kingdom"]
        siege = frame["step"] == "siege-alloc"
        places = targetable(data, state, camp, "city" if siege else "tribe")
        ch = []
        hits = False
        seen: set[int] = set()
        for i in left:              # 5.2.6, 5.2.7: the results are allocated freely
            face = frame["dice"][i]
            if face in seen:
                continue
            seen.add(face)
            head = "die:" if i == left[0] else f"die:{i}:"
            for p in places:
                parts = siege_parts(data, state, camp, p) if siege else \
                    subjugation_parts(data, camp, p)
                thr = sum(v for _, v in parts)
                hits = hits or face <= thr
                tag = f"{'success' if face <= thr else 'fails'} ({needs(thr, parts)})"
                where = f"{face} on {names.name(p)}"
                if siege and face <= thr and data.places[p].status != "subject" and \
                        frame["successes"].get(p, 0) + 1 >= self._need(state, frame, p) and \
                        not (state["places"][p].get("sd") and not _sd_captures(state)):
                    if may_garrison(data, state, k, p):
                        ch.append(Choice(f"{head}{p}:garrison", f"{where} (Garrison): {tag}",
                                         target=p))
                    ch.append(Choice(f"{head}{p}:alliance", f"{where} (Alliance): {tag}",
                                     target=p))
                else:
                    ch.append(Choice(f"{head}{p}:auto", f"{where}: {tag}", target=p))
        if not (camp.get("np") and hits):   # 10.1: no inefficient play for Macedon
            ch.append(Choice("die:-:none", f"Leave the {frame['dice'][left[0]]} unused"))
        who = "For Non-Player Macedon: a" if camp.get("np") else "A"
        rolled = ", ".join(str(frame["dice"][i]) for i in left)
        return Prompt(core.seat_of(state, k),
                      f"{who}llocate a {'Siege' if siege else 'Subjugation'} die "
                      f"(left: {rolled})", ch, kind="siege", rule="5.2.6" if siege else "5.2.7",
                      context=siege_context(data, state, camp, frame, places, siege))

    def _need(self, state, frame, city) -> int:
        return 2 if city in frame["supported"] else 1

    def apply(self, data, state, frame, choice):
        camp = _campaign(state, frame["campaign"])
        parts = choice.split(":")       # die:<place>:<marker> (the first die left) or
        i = unused_dice(frame)[0]       # die:<i>:<place>:<marker>
        if len(parts) == 4:
            i = int(parts.pop(1))
        _, place, marker = parts
        face = frame["dice"][i]
        frame.setdefault("used", []).append(i)
        frame["index"] = len(frame["used"])
        if place == "-":
            return
        k = camp["kingdom"]
        if frame["step"] == "siege-alloc":
            rec = state["places"][place]
            if rec.get("power") and rec.get("marker") == "garrison":
                wars.act_of_war(state, k, core.place_power(rec),
                                f"Siege of the Garrison of {names.name(place)}")
            thr = siege_threshold(data, state, camp, place)
            if rec.get("sd") and (face <= thr or face == 1):
                core.set_place(state, place, sd=False)
                note(state, f"The Strengthened Defenses of {names.name(place)} are broken.", "6.2",
                     where=place)
                if not _sd_captures(state):
                    return
            if face > thr:
                note(state, f"The Siege die {face} against {names.name(place)} fails.", "5.2.6",
                     where=place)
                return
            frame["successes"][place] = frame["successes"].get(place, 0) + 1
            if frame["successes"][place] < self._need(state, frame, place):
                note(state, f"One Siege Success against the Sea-Supported {names.name(place)}.",
                     "6.4",
                     where=place)
                return
            if marker == "auto":
                marker = "garrison"
            if data.places[place].status == "subject":
                marker = "garrison"
            alignment.place_marker(data, state, place, k, marker, "5.2.6")
            if marker == "garrison":
                if rome.guaranteed(data, state, place):       # 8.5: Casus Belli 7
                    rome.casus_belli(data, state, k, 7, f"{k.title()} garrison "
                                                        f"{core.title_of(place)}, which Rome "
                                                        "Guarantees")
            frame["successes"][place] = 0
            if data.places[place].stronghold <= -2:
                leaders.change_renown(data, state, camp["leader"], 1, "5.2.6")
        else:
            thr = subjugation_threshold(data, camp, place)
            if face > thr:
                note(state, f"The Subjugation die {face} against {names.name(place)} fails.",
                     "5.2.7",
                     where=place)
                return
            alignment.place_marker(data, state, place, k, "alliance", "5.2.7")

    def run(self, data, state, frame):
        camp = _campaign(state, frame["campaign"])
        k, lid, sat = camp["kingdom"], camp["leader"], camp["target"]
        step = frame["step"]
        if step == "plunder":
            if frame["plunder"]:
                plunder(data, state, camp, sat, len(core.on_card(state, lid)), "5.2.8")
            frame["step"] = "support" if frame["sieges"] else "subj-roll"
            return
        if step == "support":
            frame["step"] = "support-fight"
            ports = [c for c in targetable(data, state, camp, "city") if data.places[c].port]
            for d in sorted(state["kingdoms"]):
                if d == k:
                    continue
                seas = support_seas(data, state, d, ports, camp)
                if seas and core.non_player(state, d):      # 10.6: always, no question
                    upcalls.np_sea_support(data, state, frame, seas, ports)
                elif seas:
                    ask(state, core.seat_of(state, d), "sea-support", kingdom=d,
                        options=frame["id"], seas=seas, ports=ports)
            return
        if step == "support-fight":
            if reactions.fight_supporters(data, state, frame, camp):
                return
            frame["step"] = "siege-roll"
            return
        if step == "siege-roll":
            thr = data.card(lid).siege or 0
            frame["dice"] = check(state, thr, dice=frame["sieges"], parts=[("Siege", thr)],
                                  purpose=f"Siege rolls of {leaders.label(data, lid)} in "
                                          f"{names.name(sat)}, before each Place's THMs",
                                  rule="5.2.6")
            frame["index"], frame["used"] = 0, []
            frame["step"] = "siege-alloc"
            return
        if step == "siege-alloc":      # every die placed
            frame["step"] = "subj-roll"
            return
        if step == "subj-roll":
            if not frame["subj"]:
                frame["step"] = "done"
                return
            thr = data.card(lid).battle or 0
            frame["dice"] = check(state, thr, dice=frame["subj"], parts=[("Battle", thr)],
                                  purpose=f"Subjugation rolls of {leaders.label(data, lid)} in "
                                          f"{names.name(sat)}, before each Place's THMs",
                                  rule="5.2.7")
            frame["index"], frame["used"] = 0, []
            frame["step"] = "subj-alloc"
            return
        if step == "subj-alloc":
            frame["step"] = "done"
            return
        pop(state, frame)


def _sd_captures(state: State) -> bool:
    return state.get("meta", {}).get("options", {}).get("sd_success_captures", "no") == "yes"


def support_seas(data: RulesData, state: State, d: str, ports: list[str],
                 camp: dict[str, Any]) -> list[str]:
    """Seas from which ``d`` can Sea-Support one of ``ports`` (6.4)."""
    out = set()
    for c in ports:
        sea = data.places[c].port
        if not sea or not core.friendly_sea(state, data, d, sea):
            continue
        for s in [sea, *data.seas.get(sea, ())]:
            if core.sea_in_play(state, s) and [u for u in core.squadrons_of(state, d, s)
                                               if not state["units"][u]["location"]
                                               .startswith("leader:")]:
                out.add(sea)
    return sorted(out)
