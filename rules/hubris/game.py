"""Hubris: Twilight of the Hellenistic World (GMT) — the game object behind the engine seam.

This module offers the menus, the set-up and the read-only views; play itself (prompt, apply,
result) belongs to the rules modules built on the state of docs/hubris-state.md.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from rules.engine.game import Game, IllegalChoice, Option, Prompt, Result, Scenario
from rules.engine.plain import DUE, copy_state
from rules.engine.state import frac

from . import control, core, names, solitaire, tables
from .bot import weights
from .cards import describe_card
from .core import SHARED_PARTS, TABLES
from .courts import court_summary
from .history import check_history
from .mapdata import check_data, load_map
from .rulesdata_load import production
from .scenarios import PLAYABLE, PLAYERS_OPTION, TWO_PLAYER_SEATS, menu_entries
from .search_hooks import determinize, evaluate, playout_weights
from .setup import new_game_state

State = dict[str, Any]
KINGDOM_NAMES = names.KINGDOM_NAMES


@cache
def _play():
    """The play half of the seam (:mod:`rules.hubris.play`), imported at its first use (a
    set-up-only scenario never loads the play rules) and then found without the import
    machinery that a function-level import runs at every call."""
    from . import play  # late: a set-up-only scenario never loads the play rules
    return play


class Hubris(Game):
    id = "hubris"
    title = "Hubris: Twilight of the Hellenistic World"
    hidden_information = True  # the order of the Event and Roman decks (digest 10.4)
    map_kind = "areas"
    search_horizon = 8   # the search scores a playout after this many decisions (docs/BOTS.md)

    def scenarios(self) -> list[Scenario]:
        return menu_entries()

    def options(self) -> list[Option]:
        """Who decides for Rome (8.6.2): the Rome bot, or the player the rules hand each
        Roman War to, through the same prompts (docs/hubris-rulings.md R31)."""
        return [Option("rome", "Who decides for Rome", default="bot",
                       choices=("bot", "player"),
                       help="bot: Rome follows its Agenda by the published priorities; "
                            "player: the Kingdom handling each Roman War (8.6.2) decides."),
                Option("sealed_first_round", "Sealed first round of bids", default="no",
                       help="yes: every auction (Mercenaries, Leaders) opens with one sealed "
                            "round, then open bidding goes on (ruling R7); no: open bidding "
                            "from the start, as the rules have it."),
                Option("kingdom_bid", "VP bid for the Kingdoms (2.1.6)", default="no",
                       help="yes: before the first Turn the players (the seats) bid Victory "
                            "Points for the Kingdoms they want, one Kingdom at a time; the "
                            "winner plays it and starts that many Dynastic VPs down "
                            "(ruling R70).")]

    def seats_for(self, scenario: Scenario, options: dict[str, str]) -> tuple[str, ...]:
        """With ``players=2`` (section 10) the Ptolemies and the Seleucids play; Macedon is
        the Non-Player the rules run."""
        if PLAYERS_OPTION in scenario.options and options.get("players") == "2":
            return TWO_PLAYER_SEATS
        return scenario.seats

    def new_game(
        self, scenario: str, seats: list[str], options: dict[str, str], seed: int
    ) -> State:
        self.scenario(scenario)
        return new_game_state(scenario, seats, options, seed)

    def prompt(self, state: State) -> Prompt | None:
        return self._due(state)[0]

    def _due(self, state: State) -> tuple[Prompt | None, State | None]:
        """(prompt, prepared copy or None) of ``state``, computed once per state and kept
        in it (``tables.DUE``, docs/ARCHITECTURE.md "Derived values"): the Session asks for
        the prompt, then :meth:`apply` needs it again, and :meth:`apply` leaves the prompt of
        the state it returns. States handed out are never changed in place by the rules; a
        copy (``copy_state``) or a view never carries it, so a bot searching in a worker
        thread finds its own. Kept because the rules bench shows it matters
        (docs/PERFORMANCE.md, "Clarity").
        """
        kept = state.get(DUE)
        if kept is not None:
            return kept
        if state["meta"]["scenario"] not in PLAYABLE:
            return None, None  # set-up only: the rules this scenario needs are not all written
        kept = state[DUE] = _play().prompt_and_prepared(state)
        return kept

    def apply(self, state: State, choice_id: str) -> State:
        """Apply a legal choice to a copy of ``state`` (IllegalChoice otherwise).

        The copy is a plain-data copy (:func:`rules.engine.plain.copy_state`), of the
        prepared state when ``state`` still needed its automatic start; the prompt is the
        cached one, and the prompt of the new state is cached for the next call.
        """
        return self._apply(state, choice_id, copy=True)

    def apply_in_place(self, state: State, choice_id: str) -> State:
        """:meth:`apply` without the copy: ``state`` itself (or its prepared copy, when it
        still needed its automatic start) is changed and returned."""
        return self._apply(state, choice_id, copy=False)

    def _apply(self, state: State, choice_id: str, *, copy: bool) -> State:
        due, prepared = self._due(state)
        if due is None:
            raise IllegalChoice("the game is over")
        due.choice(choice_id)
        new = prepared if prepared is not None else state
        if copy:
            new = copy_state(new, SHARED_PARTS, TABLES)     # without the due prompt
        else:
            state.pop(DUE, None)        # ``new`` changes now: its prompt is no longer due
        following = _play().do_apply(new, choice_id, due=due)
        new[DUE] = (following, None)
        return new

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        _play().do_apply(state, choice_id)

    def result(self, state: State) -> Result | None:
        r = state.get("result")
        if not r:
            return None
        return Result(list(r["winners"]), r["reason"], dict(r["scores"]), r.get("level", ""))

    def invariants(self, state: State) -> list[str]:
        return _play().check(state)

    def check_data(self) -> dict[str, int]:
        """Map, scenarios, components (units, leaders, events, cards) and the 9.3 table, by
        source kind."""
        from .components import check_components  # late: the heavy component loader

        counts = Counter(check_data())
        counts.update(check_components())
        counts.update(check_history())
        return {k: v for k, v in sorted(counts.items()) if v}

    def shown_state(self, state: State) -> State:
        """The prepared copy the prompt was found on, when ``state`` needed its automatic
        steps first (a new game's set-up state is before its first Phase: the fourth Syrian
        War's first decision is in the Action Phase, its set-up in the Decks Phase)."""
        prepared = self._due(state)[1]
        return state if prepared is None else prepared

    def view(self, state: State, seat: str | None) -> State:
        """Everything is open except the order of the draw piles (1.0, 3.2: ``unseen`` lists
        their cards, which are public, sorted), the generator,
        and the sealed first-round bids of the other seats until they are revealed (option
        ``sealed_first_round``, ruling R7):
        a sealed bid shows as ``"sealed"``, so a seat sees who has bid, never how much.

        The view shares every part it does not change with ``state`` (a view is read, never
        changed, as the default :meth:`Game.view` returns the state itself): a bot asks for
        one at every decision, and a deep copy cost more than the rules of the decision.
        The values the rules keep in ``state`` are the view's own (``tables.detached``)."""
        out = tables.detached(state)
        out.pop("rng", None)
        if isinstance(out.get("decks"), dict):
            out["decks"] = {
                name: (dict(deck, draw=len(deck["draw"]), unseen=sorted(deck["draw"]))
                       if isinstance(deck, dict) and isinstance(deck.get("draw"), list)
                       else deck)
                for name, deck in out["decks"].items()}
        mine = {k for k, kd in out.get("kingdoms", {}).items()
                if seat is not None and (kd.get("seat") or k) == seat}
        for key in ("stack", "queue"):
            if isinstance(out.get(key), list):
                out[key] = [_hide_sealed(frame, {seat} if frame.get("proc") == "kingdom-bid"
                                         else mine) for frame in out[key]]
        return out

    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:
        return determinize(view, seat, rng)

    def evaluate(self, state: State, seat: str) -> float:
        return evaluate(state, seat)

    def bot_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The ``bot`` seat (:mod:`rules.hubris.bot`): the search's prior too."""
        return weights(view, prompt)

    def playout_weights(self, state: State, prompt: Prompt) -> list[float] | None:
        return playout_weights(state, prompt)

    def status(self, state: State) -> list[tuple[str, str]]:
        rows = [
            ("Turn", f"{state.get('turn')} of {state.get('last_turn')}"),
            ("Phase", names.phase_shown(state)),
        ]
        vps = state.get("derived", {}).get("vp", {})
        for k, block in state.get("kingdoms", {}).items():
            if block.get("non_player"):
                rows.append((f"{KINGDOM_NAMES[k]}", "Non-Player (10.1)"))
                continue
            vp = vps.get(k) or control.victory_points(state, k)
            rows.append(
                (
                    f"{KINGDOM_NAMES[k]} VP",
                    f"{_show(vp['total'])} (terr {_show(vp['territorial'])}, "
                    f"dyn {_show(vp['dynastic'])}, renown {vp['renown']})",
                )
            )
            rows.append((f"{KINGDOM_NAMES[k]} treasury", f"{block['treasury']} T"))
        for k in (k for k in core.player_kingdoms(state) if "leaders" in state):
            rows.append((f"{names.ADJECTIVES[k]} Court", court_summary(production(), state, k)))
        if solitaire.active(state):         # 12.5, 12.6: what wins and what loses
            rows.append(solitaire.status_row(state))
        return rows

    def describe(self, state: State, element: str) -> str:
        if element in production().events:          # an Event card (4.0)
            return describe_card(production(), state, element)
        md = load_map()
        if element in md.satrapies:
            s = md.satrapies[element]
            vp = ", ".join(f"{KINGDOM_NAMES[k]} {_pair(v)}" for k, v in s.vp.items())
            lines = [s.name, f"VP: {vp}", f"Tax: {_pair(s.tax)}", f"Supply: {s.supply}"]
            if s.tax_anachoresis:
                lines.append(f"Tax under Ev 20 'Anachoresis': {_pair(s.tax_anachoresis)}")
            feats = [f for f, on in (("Shipyard", s.shipyard), ("Rough Terrain", s.rough)) if on]
            if feats:
                lines.append(", ".join(feats))
            c = control.control_of(state, element, md) if "places" in state else None
            lines.append(f"Control: {names.name(c.power)} ({c.level})" if c else "Control: none")
            for p in md.places_in(element):
                al = state.get("places", {}).get(p.id, {})
                who = (f"{names.name(al['power'])} {al['marker']}" if al.get("power")
                       else "Unaligned")
                lines.append(f"  {p.name} ({p.kind}, {p.status}): {who}")
            lines.append(f"Source: {s.source}")
            lines += [f"  {k}: {v}" for k, v in s.sources.items()]
            return "\n".join(lines)
        if element in md.places:
            p = md.places[element]
            lines = [p.name, f"{p.kind.title()} in {md.satrapies[p.satrapy].name}, {p.status}"]
            lines += md.place_facts(p.id)
            al = state.get("places", {}).get(p.id, {})
            lines.append(
                f"Alignment: {names.name(al['power'])} {al['marker']}" if al.get("power")
                else "Unaligned"
            )
            lines.append(f"Source: {p.source}")
            lines += [f"  {k}: {v}" for k, v in p.sources.items()]
            return "\n".join(lines)
        if element in md.seas:
            sea = md.seas[element]
            return "\n".join(
                [sea.name, "Deep Sea" if sea.deep else "Sea Area", f"Source: {sea.source}"]
            )
        return element

    def names(self, state: State) -> dict[str, str]:
        """Satrapies, Places, Seas, Leaders, Units and Kingdoms in play, by their ids."""
        ids = set(state.get("satrapies", {})) | set(state.get("places", {})) | \
            set(state.get("seas", {})) | set(state.get("leaders", {})) | \
            set(state.get("units", {})) | set(state.get("kingdoms", {}))
        out = {i: names.name(i) for i in ids}
        out.update({e: f"Ev {c.number} '{c.name}'" for e, c in production().events.items()
                    if c.name})
        return out


def _show(value: str) -> str:
    f = frac(value)
    if f.denominator == 1:
        return str(f.numerator)
    whole = int(f)
    return f"{whole}½" if f - whole == frac("1/2") else str(float(f))


def _pair(pair: tuple[Any, Any]) -> str:
    a, b = (_show(str(x)) for x in pair)
    return a if a == b else f"{a}|{b}"


def _hide_sealed(frame: State, mine: set[str]) -> State:
    """``frame`` with the other seats' sealed bids shown as ``"sealed"`` (ruling R7)."""
    a = frame.get("auction")
    if not (isinstance(a, dict) and isinstance(a.get("sealed"), dict)):
        return frame
    sealed = {k: (v if k in mine else "sealed") for k, v in a["sealed"].items()}
    return dict(frame, auction=dict(a, sealed=sealed))
