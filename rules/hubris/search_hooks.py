"""What the search seat (rules/engine/search.py) needs of Hubris: a full state drawn from a
seat's view, and how good a position looks (docs/BOTS.md).

Hidden in a view (:meth:`Hubris.view`): the order of the draw piles (their cards are public:
the decks are built openly, 3.2, and every draw is revealed), the generator, and the other
seats' sealed Leader bids (2.2.7). Position value: the Total VPs (2.1.5, unrounded),
Aligned Places and Talents against the nearest rival; in 12.3, the scenario's result on the
rounded Total VPs, spread by the cards left to play. Playouts: a cheap policy of their own
(:func:`playout_weights`); the search's prior is the ``bot`` seat (:mod:`rules.hubris.bot`).
"""

from __future__ import annotations

import math
from typing import Any

from rules.engine.rng import permute, randbelow, seed_state
from rules.engine.state import frac

State = dict[str, Any]
#: how many VPs of margin make a position look clearly won (the logistic's scale)
VP_SCALE = 2.0
#: 12.3: the scale (in VPs) of how far the margin may still move, per square root of the
#: Event cards left to play
SWING = 0.5
#: VPs an Aligned Place is worth to the evaluation
PLACE = 0.1
#: VPs a Talent in the Treasury is worth to the evaluation: what pays for the Envoys and
#: Campaigns to come, so that a bid or an Action is not free within the horizon (a search
#: seat with money worth nothing matched 12 of its 13 T for a Leader; in 12.3 the Ptolemies
#: bid 22-25 of their 28 T for Skopas and had none left for an Envoy)
TALENT = 0.05
#: the solitaire scenarios (12.5, 12.6): the Seleucids' Territorial VPs needed to win
SOLITAIRE = {"antiochos-hubris": 12, "dance-of-ares": 6}
#: what a finished solitaire game is worth: a Draw is better than a Defeat, worse than a win
SOLITAIRE_RESULT = {"Victory": 1.0, "Draw": 0.35, "Defeat": 0.0}


def determinize(view: State, seat: str, rng: dict[str, int]) -> State:
    """A full state consistent with ``view``: draw piles shuffled from their public
    contents, sealed bids of others drawn from what each could pay, a fresh generator.
    ``view`` and what it shares with the real state are not changed."""
    out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
    decks = view.get("decks")
    if isinstance(decks, dict):
        out["decks"] = {name: _shuffled(deck, rng) for name, deck in decks.items()}
    for key in ("stack", "queue"):
        if isinstance(view.get(key), list):
            out[key] = [_unsealed(view, frame, rng) for frame in view[key]]
    return out


def _shuffled(deck: Any, rng: dict[str, int]) -> Any:
    if not (isinstance(deck, dict) and isinstance(deck.get("unseen"), list)):
        return deck
    pile = list(deck["unseen"])
    permute(rng, pile)
    return {k: v for k, v in deck.items() if k != "unseen"} | {"draw": pile}


def _unsealed(view: State, frame: Any, rng: dict[str, int]) -> Any:
    auction = frame.get("auction") if isinstance(frame, dict) else None
    bids = auction.get("sealed") if isinstance(auction, dict) else None
    if not isinstance(bids, dict) or "sealed" not in bids.values():
        return frame
    kingdoms = view.get("kingdoms", {})
    guess = {k: (randbelow(rng, int(kingdoms.get(k, {}).get("treasury", 0)) + 1)
                 if v == "sealed" else v) for k, v in bids.items()}
    return dict(frame, auction=dict(auction, sealed=guess))


def evaluate(state: State, seat: str) -> float:
    """In [0, 1]: a logistic of the seat's margin in *worth*: Total VPs unrounded (2.1.5)
    plus a small share per Aligned Place (the way to Control and VPs) and per Talent. In
    12.3: the margin that decides it, in unrounded Total VPs alone."""
    mine = [k for k, kd in state.get("kingdoms", {}).items() if (kd.get("seat") or k) == seat]
    if not mine or "vp" not in state.get("derived", {}):
        return 0.5
    if state.get("scenario", {}).get("id") in SOLITAIRE:
        return _solitaire(state)
    if state.get("scenario", {}).get("id") == "fourth-syrian-war":
        value = _fourth_syrian_war(state)
        return value if "ptolemies" in mine else 1.0 - value
    worth = _worth(state)
    own = max(worth.get(k, 0.0) for k in mine)
    rivals = [v for k, v in worth.items() if k not in mine]
    margin = own - max(rivals, default=0.0)
    return 1.0 / (1.0 + math.exp(-margin / VP_SCALE))


def _fourth_syrian_war(state: State) -> float:
    """12.3 for the Ptolemies: the result the scenario would give on the rounded Total VPs
    now (Majors at 20 and 12, else the Ptolemies win ahead by 9, draw ahead by exactly 8),
    expected over how far the margin may still move: a logistic spread whose scale
    shrinks with the Event cards left to play (each gives both Kingdoms an Activation).
    While cards remain, a Talent more than the rival counts :data:`TALENT` VP (a bid or
    a bribe is not free: the money buys the Actions to come). With no card left it is the
    result itself (1, 0.5 or 0), as a finished playout."""
    vp = state["derived"]["vp"]
    p = int(vp.get("ptolemies", {}).get("total_rounded", 0))
    s = int(vp.get("seleucids", {}).get("total_rounded", 0))
    if (p >= 20) != (s >= 12):
        margin = 9.0 if p >= 20 else -9.0
    else:
        margin = float(p - s - 8)
    events = (state.get("decks") or {}).get("events") or {}
    pile = events.get("draw") if isinstance(events.get("draw"), list) else \
        events.get("unseen", [])
    cards = len(pile) + (1 if state.get("phase") == "action" else 0)
    spread = SWING * math.sqrt(cards)
    if spread <= 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    # while Activations remain, Talents pay for the Envoys and Campaigns that move VPs
    kingdoms = state.get("kingdoms", {})
    margin += TALENT * (int((kingdoms.get("ptolemies") or {}).get("treasury", 0))
                        - int((kingdoms.get("seleucids") or {}).get("treasury", 0)))
    # P(final margin >= 1) + P(final margin == 0) / 2, the final margin rounded
    return 0.5 * (_logistic((margin - 0.5) / spread) + _logistic((margin + 0.5) / spread))


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _worth(state: State) -> dict[str, float]:
    places: dict[str, int] = {}
    for rec in state.get("places", {}).values():
        if rec.get("power") and not rec.get("revolt"):
            places[rec["power"]] = places.get(rec["power"], 0) + 1
    kingdoms = state.get("kingdoms", {})
    return {k: float(frac(v["total"])) + PLACE * places.get(k, 0)
            + TALENT * int((kingdoms.get(k) or {}).get("treasury", 0))
            for k, v in state["derived"]["vp"].items()}


def _solitaire(state: State) -> float:
    """12.5, 12.6: the Seleucids alone against Rome. A finished game by its level (Victory,
    Draw, Defeat); otherwise a logistic of the Territorial VPs against the mark the
    scenario sets, plus a small share per Aligned Place, less a Royal Army out of the field
    and Sardeis lost (the causes of Surrender), and a little for Rome's Belligerence
    falling (War Weariness makes Peace: a win). Capped below a win."""
    res = state.get("result")
    if res:
        return SOLITAIRE_RESULT.get(res.get("level", ""), 1.0 if res.get("winners") else 0.35)
    vp = (state.get("derived", {}).get("vp") or {}).get("seleucids")
    if not vp:
        return 0.5
    mark = SOLITAIRE[state["scenario"]["id"]]
    places = sum(1 for rec in state.get("places", {}).values()
                 if rec.get("power") == "seleucids" and not rec.get("revolt"))
    margin = float(frac(vp["territorial"])) - mark + PLACE * places
    army = (state.get("units") or {}).get("seleucids-royal-army", {}).get("location")
    if army in ("dispersed", "removed"):
        margin -= 2.0
    if (state.get("places", {}).get("sardeis") or {}).get("power") != "seleucids":
        margin -= 3.0
    margin -= 0.5 * int((state.get("rome") or {}).get("rb", 0))
    return 0.9 / (1.0 + math.exp(-margin / VP_SCALE))


# --- the playout policy ---------------------------------------------------------------------
#: how much likelier a playout takes a die that succeeds than one that fails or is left
SUCCESS = 8.0
#: how much likelier a playout ends a Peace proposal it is writing than adds a term to it
FINISH = 3.0
#: how much less likely a playout spends an Activation on proposing Peace than on an Action
PEACE_OFFER = 0.25
#: a bid or raise of x Talents is drawn with weight 1 / (1 + x / BID_SCALE)
BID_SCALE = 5.0


def playout_weights(state: State, prompt: Any) -> list[float] | None:
    """How a search playout plays Hubris (None: uniformly): a cheap policy that keeps the
    moves a uniform draw wastes from swamping the playouts. A die that succeeds (Envoy,
    Siege, Subjugation: the prompt says which) is placed rather than wasted; a Peace
    proposal being written is sent or withdrawn rather than grown without end (each term
    opens a menu); an Activation rarely goes on a Peace offer; bids lean low. Every legal
    choice keeps a positive weight."""
    choices = prompt.choices
    ids = [c.id for c in choices]
    if any(i.startswith("die:") for i in ids):
        return [SUCCESS if "success (" in c.label else 1.0 for c in choices]
    if "send" in ids and "withdraw" in ids:
        return [FINISH if i in ("send", "withdraw") else 1.0 for i in ids]
    if any(i.startswith("act:") for i in ids):
        return [PEACE_OFFER if i.startswith("peace:") else 1.0 for i in ids]
    if any(i.startswith("bid:") for i in ids):
        return [1.0 / (1.0 + _amount(i) / BID_SCALE) for i in ids]
    return None


def _amount(choice_id: str) -> float:
    tail = choice_id.rpartition(":")[2]
    return float(tail) if tail.isdigit() else 0.0
