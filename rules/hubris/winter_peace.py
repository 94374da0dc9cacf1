"""The Peace Segment of Winter Quarters (3.7.2).

Every War between two Kingdoms ends on the status quo unless both Kings want it to go on, or
the one who wants it (the war-seeker) passes a Diplomacy Check. In order, per War
(one ``winter-peace`` frame each):

1. each King says whether he wants the War to go on (a regency decides too; a Kingdom no
   player runs wants Peace);
2. both War: it goes on; both Peace: Peace on the status quo;
3. otherwise the Kingdom wanting Peace makes its offers, each a THM against the Check: ten
   Talents *or* one of its Squadrons (only when the war-seeker has a counter to replace it,
   2.13.8): -1; two of its Garrisons in Satrapies holding an Alignment marker of the
   war-seeker or Adjacent to one: -1;
4. the war-seeker accepts them (Peace, the offers honoured, no roll), or a Leader of his
   (Spent or not) makes the one Diplomacy Check of this War, -1 more if a Battle (not a
   Siege or Subjugation) was fought between the two this Turn. Success: the War goes on,
   the offers lapse. Failure: Peace, and the offers are honoured.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from . import core, leaders, wars
from .checks import check
from .core import note
from .flow import pop, proc, push
from .names import name
from .peace_terms import describe, honour, markers_of, squadron_pool, squadrons_at_sea
from .rulesdata import RulesData

State = dict[str, Any]
TALENTS = 10
RULE = "3.7.2"
OFFER = "Offer a Squadron, or two Garrisons"


def kingdom_wars(state: State) -> list[tuple[str, str]]:
    """The Wars between two Kingdoms in play (Rome's and the Rebels' never end here)."""
    live = set(core.kingdoms(state))
    out = []
    for key, value in sorted(state.get("wars", {}).items()):
        a, b = key.split("|")
        if value == "war" and a in live and b in live:
            out.append((a, b))
    return out


def start(state: State) -> None:
    """One frame per War, run in order (pushed last first)."""
    for a, b in reversed(kingdom_wars(state)):
        push(state, "winter-peace", a=a, b=b, want={}, offers=[], step="want")


def record_battle(state: State, a: str, b: str) -> None:
    """A Battle between two Kingdoms this Turn: -1 to the Winter Diplomacy Check (3.7.2)."""
    if a in state.get("kingdoms", {}) and b in state.get("kingdoms", {}) and a != b:
        fought = state.setdefault("battles_fought", [])
        key = core.war_key(a, b)
        if key not in fought:
            fought.append(key)


def battle_fought(state: State, a: str, b: str) -> bool:
    return core.war_key(a, b) in state.get("battles_fought", [])


def qualifying_garrisons(data: RulesData, state: State, giver: str, seeker: str) -> list[str]:
    """The giver's Garrisons in Satrapies with an Alignment marker of the war-seeker, or
    Adjacent to such a Satrapy (3.7.2)."""
    marked = {data.places[p].satrapy for p, r in state["places"].items()
              if r.get("power") == seeker}
    near = marked | {n for s in marked for n in data.neighbours(s)}
    return [p for p in markers_of(data, state, giver, "garrison")
            if data.places[p].satrapy in near]


def diplomats(data: RulesData, state: State, k: str) -> list[str]:
    """Leaders of ``k`` with a Diplomacy rating, Spent ones included (3.7.2), not Hostages."""
    return [lid for lid in leaders.court(state, k)
            if (data.card(lid).diplomacy or 0) > 0
            and state["leaders"][lid].get("location") != "hostage"
            and not state["leaders"][lid].get("rebel")]


def _context(state: State, giver: str, seeker: str, offers: list[dict[str, Any]]
             ) -> dict[str, Any]:
    """What the Peace dialog shows of a Winter offer (3.7.2)."""
    return {"title": f"Winter Peace: the {name(giver)} and the {name(seeker)}",
            "terms_label": "Offers", "effect_label": "Then",
            "terms": describe(state, offers, (giver, seeker)),
            "treasuries": f"{name(giver)} {core.treasury(state, giver)} T, "
                          f"{name(seeker)} {core.treasury(state, seeker)} T",
            "effect": f"the offers are honoured if the {name(seeker)} accept them or fail "
                      "their Diplomacy Check; a successful Check keeps the War going and "
                      "the offers lapse (3.7.2)"}


def threshold_parts(data: RulesData, state: State, frame: dict[str, Any],
                    lid: str) -> list[tuple[str, int]]:
    seeker, giver = frame["seeker"], frame["giver"]
    parts = [("Diplomacy", data.card(lid).diplomacy or 0)]
    if battle_fought(state, seeker, giver):
        parts.append(("a Battle between them this Turn", -1))
    if any(o["kind"] in ("talents", "squadron") for o in frame["offers"]):
        parts.append(("ten Talents or a Squadron offered", -1))
    if sum(o["kind"] == "garrison" for o in frame["offers"]) >= 2:
        parts.append(("two Garrisons offered", -1))
    return parts


@proc("winter-peace")
class WinterPeace:
    def prompt(self, data, state, frame):
        a, b = frame["a"], frame["b"]
        if not core.at_war(state, a, b):
            return None
        step = frame["step"]
        if step == "want":
            k = next((x for x in (a, b) if x not in frame["want"]), None)
            if k is None or not state["kingdoms"][k].get("player", True):
                return None
            e = b if k == a else a
            return Prompt(core.seat_of(state, k),
                          f"Winter: the War with the {name(e)} ends unless you both want it "
                          "to go on. Your wish?",
                          [Choice("peace", f"Make Peace with the {name(e)} (status quo)"),
                           Choice("war", f"Continue the War with the {name(e)}")],
                          kind="yes-no", rule=RULE)
        if step == "offers":
            return self._offers(data, state, frame)
        return self._answer(data, state, frame)

    def _offers(self, data, state, frame):
        g, w, offers = frame["giver"], frame["seeker"], frame["offers"]
        ch = []
        if not any(o["kind"] in ("talents", "squadron") for o in offers):
            if core.treasury(state, g) >= TALENTS:
                ch.append(Choice("offer:talents", f"Offer {TALENTS} T (-1 to their Check)"))
            if squadron_pool(state, w):
                ch += [Choice(f"offer:squadron:{u}",
                              f"Offer {name(u)} in {name(state['units'][u]['location'])} "
                              "(-1 to their Check)", group=OFFER)
                       for u in squadrons_at_sea(state, g)]
        given = [o["what"] for o in offers if o["kind"] == "garrison"]
        if len(given) < 2:
            cands = [p for p in qualifying_garrisons(data, state, g, w) if p not in given]
            if len(given) + len(cands) >= 2:
                ch += [Choice(f"offer:garrison:{p}",
                              f"Offer the Garrison of {name(p)} ({name(data.places[p].satrapy)})"
                              + (" with the other (-1)" if given else ", one of two (-1)"),
                              group=OFFER)
                       for p in cands]
        if not ch:
            return None
        ch.insert(0, Choice("offer:done", "Make no further offer" if offers
                            else "Make no offer"))
        return Prompt(core.seat_of(state, g),
                      f"Winter: the {name(w)} want the War to go on. Offer them terms to make "
                      "their Diplomacy Check harder?", ch, kind="peace", rule=RULE,
                      context=_context(state, g, w, offers))

    def _answer(self, data, state, frame):
        g, w = frame["giver"], frame["seeker"]
        who = diplomats(data, state, w)
        if not who:
            return None
        offers = describe(state, frame["offers"], (g, w))
        ch = [Choice("accept", "Accept the offers: Peace without a Check"
                     if frame["offers"] else "Accept Peace (status quo) without a Check")]
        for lid in who:
            parts = threshold_parts(data, state, frame, lid)
            ch.append(Choice(f"roll:{lid}", f"Diplomacy Check by {leaders.label(data, lid)} "
                                            f"(succeeds on {sum(v for _, v in parts)} or less)"))
        return Prompt(core.seat_of(state, w),
                      f"Winter: the {name(g)} want Peace and offer: {'; '.join(offers)}. "
                      "Accept, or keep the War going by a Diplomacy Check?", ch, kind="peace",
                      rule=RULE, context=_context(state, g, w, frame["offers"]))

    def apply(self, data, state, frame, choice):
        a, b = frame["a"], frame["b"]
        if frame["step"] == "want":
            k = next(x for x in (a, b) if x not in frame["want"])
            frame["want"][k] = choice
            note(state, f"The {name(k)} want " + ("Peace." if choice == "peace"
                                                   else "the War to go on."), RULE,
                 seat=core.seat_of(state, k))
            self._settle(data, state, frame)
        elif frame["step"] == "offers":
            if choice == "offer:done":
                self._close_offers(state, frame)
                return
            _, kind, *what = choice.split(":")
            frame["offers"].append({"kind": kind, "giver": frame["giver"],
                                    "what": what[0] if what else str(TALENTS)})
        elif choice == "accept":
            note(state, f"The {name(frame['seeker'])} accept the offers.", RULE,
                 seat=core.seat_of(state, frame["seeker"]))
            self._peace(data, state, frame)
        else:
            self._check(data, state, frame, choice.split(":")[1])

    def run(self, data, state, frame):
        a, b = frame["a"], frame["b"]
        if not core.at_war(state, a, b):
            pop(state, frame)
            return
        step = frame["step"]
        if step == "want":          # a Kingdom no player runs wants Peace
            k = next(x for x in (a, b) if x not in frame["want"])
            frame["want"][k] = "peace"
            self._settle(data, state, frame)
        elif step == "offers":
            self._close_offers(state, frame)
        else:
            note(state, f"The {name(frame['seeker'])} have no Leader to make the Diplomacy "
                        "Check.", RULE)
            self._peace(data, state, frame)

    # --- steps -----------------------------------------------------------------------------
    def _settle(self, data, state, frame):
        a, b, want = frame["a"], frame["b"], frame["want"]
        if len(want) < 2:
            return
        if want[a] == want[b] == "war":
            note(state, f"Both Kings want it: the War between the {name(a)} and the {name(b)} "
                        "goes on.", RULE)
            pop(state, frame)
        elif want[a] == want[b] == "peace":
            wars.make_peace(state, a, b, RULE)
            pop(state, frame)
        else:
            frame["seeker"] = a if want[a] == "war" else b
            frame["giver"] = b if frame["seeker"] == a else a
            frame["step"] = "offers"

    def _close_offers(self, state, frame):
        garrisons = [o for o in frame["offers"] if o["kind"] == "garrison"]
        if len(garrisons) == 1:         # one Garrison alone earns no THM: not an offer
            frame["offers"].remove(garrisons[0])
        lines = describe(state, frame["offers"], (frame["giver"], frame["seeker"]))
        note(state, f"The {name(frame['giver'])} offer: {'; '.join(lines)}.", RULE,
             seat=core.seat_of(state, frame["giver"]))
        frame["step"] = "answer"

    def _check(self, data, state, frame, lid):
        parts = threshold_parts(data, state, frame, lid)
        thr = sum(v for _, v in parts)
        (face,) = check(state, thr, purpose=f"Diplomacy Check of {leaders.label(data, lid)} "
                                            "to keep the War going", rule=RULE, parts=parts)
        if face <= thr:
            note(state, f"Success: the War between the {name(frame['seeker'])} and the "
                        f"{name(frame['giver'])} goes on; the offers lapse.", RULE)
            pop(state, frame)
        else:
            note(state, "Failure: Peace is made and the offers are honoured.", RULE)
            self._peace(data, state, frame)

    def _peace(self, data, state, frame):
        pair = (frame["giver"], frame["seeker"])
        honour(data, state, pair, frame["offers"], RULE)
        wars.make_peace(state, frame["a"], frame["b"], RULE)
        pop(state, frame)
