"""The Sword of Rome's ``bot`` seat (rules/sword_of_rome/bot*.py) in constructed positions,
and what the ``search`` seat needs (rules/sword_of_rome/search_hooks.py): a full state drawn
from a seat's view that keeps what the seat knows and guesses only what it cannot see, a
position value, and a search that never reads a hidden card."""

from __future__ import annotations

from collections import Counter

from rules.engine.plain import copy_state
from rules.engine.rng import seed_state
from rules.engine.runner import play
from rules.engine.search import Budget, SearchBot, can_search
from rules.engine.session import Session
from rules.engine.state import canonical
from rules.sword_of_rome import bot

from .helpers import GAME, bare, put, run

TWO = {"rome-etruscans-samnites": "random", "gauls-greeks": "random"}


def _session(decisions: int, seed: int = 3) -> Session:
    session = Session.new("sword-of-rome", "two-player", TWO, {}, seed, undo=False)
    for _ in range(decisions):
        session.bot_step()
    return session


def _weights(st: dict) -> dict[str, float]:
    prompt = GAME.prompt(st)
    view = GAME.view(st, prompt.seat)
    return dict(zip((c.id for c in prompt.choices), bot.weights(view, prompt), strict=True))


# --- determinize ----------------------------------------------------------------------------
def test_the_search_seat_searches_sword_of_rome():
    assert can_search(GAME)


def test_determinize_deals_only_the_unseen_cards_and_changes_nothing_it_reads():
    session = _session(300)
    state = session.state
    prompt = GAME.prompt(state)
    seat = prompt.seat
    view = GAME.view(state, seat)
    kept_state, kept_view = canonical(state), canonical(copy_state(view))
    own = state["seats"][seat]
    hands = set()
    for n in range(8):
        full = GAME.determinize(view, seat, seed_state(n))
        assert GAME.invariants(full) == []
        assert GAME.prompt(full).seat == seat
        for side, deck in state["decks"].items():
            assert len(full["hands"][side]) == len(state["hands"][side])
            assert full["decks"][side]["discard"] == deck["discard"]
            assert full["decks"][side]["removed"] == deck.get("removed", [])
            unseen = Counter(deck["draw"]) + Counter(state["hands"][side] if side not in own
                                                     else [])
            dealt = Counter(full["decks"][side]["draw"]) + Counter(
                full["hands"][side] if side not in own else [])
            assert dealt == unseen
            if side in own:
                assert full["hands"][side] == state["hands"][side]
        hands.add(tuple(card for side in state["sides"] if side not in own
                        for card in sorted(full["hands"][side])))
    assert len(hands) > 1
    assert canonical(state) == kept_state and canonical(view) == kept_view


def _hidden_twin(state: dict, seat: str) -> dict:
    """``state`` with the cards ``seat`` cannot see dealt otherwise: every rival hand's
    first card swapped with the bottom card of its draw pile, every draw pile reversed."""
    twin = copy_state(state)
    for side in twin["sides"]:
        if side in twin["seats"][seat]:
            twin["decks"][side]["draw"].reverse()
            continue
        hand, draw = twin["hands"][side], twin["decks"][side]["draw"]
        if hand and draw:
            hand[0], draw[0] = draw[0], hand[0]
        draw.reverse()
    return twin


def test_the_search_decides_the_same_whatever_the_hidden_cards():
    """Two states that differ only in cards the seat may not see (rival hands, draw order):
    the same view, so the same search (same seed) makes the same choice, visit for visit."""
    session = _session(0, seed=5)
    while True:
        prompt = GAME.prompt(session.state)
        if prompt.seat == "rome-etruscans-samnites" and len(prompt.choices) > 3:
            break
        session.bot_step()
    state = session.state
    seat = prompt.seat
    twin = _hidden_twin(state, seat)
    assert any(twin["hands"][s] != state["hands"][s] for s in state["sides"])
    decisions = []
    for st in (state, twin):
        view = GAME.view(st, seat)
        searcher = SearchBot(9, seat, GAME, Budget(steps=120, sure=2.0))
        decisions.append((searcher.choose(view, GAME.prompt(st), 4), searcher.last["steps"],
                          searcher.last["iterations"]))
    assert decisions[0] == decisions[1]
    assert decisions[0][2] > 1


# --- evaluate -------------------------------------------------------------------------------
def test_evaluate_reads_the_vp_and_the_next_scoring():
    st = copy_state(_session(40).state)
    seat, rival = "rome-etruscans-samnites", "gauls-greeks"
    even = GAME.evaluate(st, seat)
    assert abs(even + GAME.evaluate(st, rival) - 1.0) < 1e-9
    st["vp"]["rome"] += 2
    ahead = GAME.evaluate(st, seat)
    assert ahead > even + 0.2
    st["spaces"]["neapolis"]["ctl"] = "rome"        # a Greek victory space: +1 and -1 to come
    assert GAME.evaluate(st, seat) > ahead
    st["vp"]["greeks"] = 12                         # the automatic-victory level (4.2)
    assert GAME.evaluate(st, rival) > 0.9
    st["over"] = {"winners": [rival], "reason": "test", "scores": {}}
    assert GAME.evaluate(st, seat) == 0.0 and GAME.evaluate(st, rival) == 1.0


# --- the bot in constructed positions -------------------------------------------------------
def _in_hand(st: dict, side: str, card: str) -> None:
    """``card`` moved into ``side``'s hand from wherever it is."""
    deck = st["decks"][side]
    for pile in (deck["draw"], deck["discard"], st["hands"][side]):
        if card in pile:
            pile.remove(card)
    st["hands"][side].append(card)


def test_support_cuts_an_undefended_enemy_victory_city_first():
    """Messana (a Greek victory city, loyalty 1, empty): one point makes it independent,
    the Greeks' VP falls; worth more than anything else the Romans can do with a point."""
    st = bare("two-player")
    put(st, "roma", "rome", 4, "valerius")
    run(st, "support", side="rome", points=1, battle=None)
    w = _weights(st)
    assert "cut:messana" in w
    assert w["cut:messana"] >= max(w.values()) / 1.2        # with the Gallic victory spaces
    assert w["done"] < w["cut:messana"] / 10
    assert w["cut:neapolis"] < w["cut:messana"] / 3         # loyalty 2: a first step only


def test_support_never_turns_on_a_partner_of_its_seat():
    """Two players: the Romans and the Etruscans share a seat; an Etruscan city is not a
    target for Roman support, however open."""
    st = bare("two-player")
    put(st, "roma", "rome", 4, "valerius")
    run(st, "support", side="rome", points=1, battle=None)
    w = _weights(st)
    assert "cut:tarquinii" in w                     # the rules allow it (not allied) ...
    assert w["cut:tarquinii"] < w["done"]           # ... the bot does not


def test_a_siege_of_a_victory_city_outweighs_marching_off_or_raising():
    """Camillus besieges Neapolis (a Greek victory city, 1 of 2 points made): rolling is
    worth more than leaving (the siege lifts) or a reinforcement or the card's event."""
    st = bare("two-player")
    put(st, "neapolis", "rome", 6, "camillus")
    st["spaces"]["neapolis"].update(siege=1, sieger="rome")
    _in_hand(st, "rome", "rome-15")                 # 3 OPs, or raise 3 CU
    run(st, "use", side="rome", card="rome-15", parent=None)
    w = _weights(st)
    assert w["siege:camillus"] > 2 * max(w["move:camillus"], w["reinforce"], w["event"])


def test_the_bot_avoids_a_hopeless_battle_and_stands_in_a_strong_one():
    def defend(ours: int, theirs: int) -> dict[str, float]:
        st = bare("two-player")
        put(st, "cumae", "rome", theirs, "camillus")
        put(st, "neapolis", "greeks", ours, "leptines")
        st["active_side"] = "rome"
        _in_hand(st, "rome", "rome-15")
        run(st, "use", side="rome", card="rome-15", parent=None)
        from rules.sword_of_rome.model import apply_choice, current_prompt

        apply_choice(st, "move:camillus")
        apply_choice(st, f"take:{theirs}")
        apply_choice(st, "to:neapolis")
        while current_prompt(st).rule != "11":
            apply_choice(st, "no" if "no" in [c.id for c in current_prompt(st).choices]
                         else current_prompt(st).choices[0].id)
        return _weights(st)

    weak = defend(2, 7)
    assert weak["stand"] < max(w for c, w in weak.items() if c != "stand")
    strong = defend(8, 3)
    assert strong["stand"] == max(strong.values())


def test_an_army_marches_on_an_open_enemy_victory_space():
    """A Samnite army beside Capua (Roman victory space, loyalty 1, empty) goes there."""
    st = bare("two-player")
    put(st, "fregellae", "samnites", 5, "egnatius")
    st["spaces"]["fregellae"]["ctl"] = "samnites"
    st["active_side"] = "gauls"
    st["seats"] = {"rome": ["rome"], "others": ["gauls", "greeks", "etruscans-samnites"]}
    run(st, "move", side="etruscans-samnites", leader="egnatius", power="samnites", value=3,
        mp=4, at="fregellae", prev=None, path=["fregellae"], cu=5, stage="go", pending=[],
        entry=None, intercepted=False, failed_avoid=False, sailed=False, np=None,
        campaign=False)
    w = _weights(st)
    assert max(w, key=w.get) == "to:capua"


def test_an_unknown_choice_weighs_one_and_the_bot_never_passes_a_card_play():
    st = copy_state(_session(0, seed=2).state)
    prompt = GAME.prompt(st)
    while prompt.context.get("card") or not any(c.id.startswith("play:")
                                                for c in prompt.choices):
        st = GAME.apply(st, prompt.choices[0].id)
        prompt = GAME.prompt(st)
    from rules.engine.game import Choice

    prompt.choices.append(Choice("brand-new:thing", "A choice added by a later rule"))
    view = GAME.view(st, prompt.seat)
    w = dict(zip((c.id for c in prompt.choices), bot.weights(view, prompt), strict=True))
    assert w["brand-new:thing"] == 1.0
    assert w["end"] < min(v for c, v in w.items() if c.startswith("play:"))


# --- a quick statistical check --------------------------------------------------------------
def test_the_bot_beats_random_play_from_either_seat():
    """Short games (5 turns), two players: the bot wins from both seats."""
    seats = list(TWO)
    for i, seed in enumerate((41, 42)):
        kinds = {s: ("bot" if j == i % 2 else "random") for j, s in enumerate(seats)}
        out = play("sword-of-rome", "two-player", kinds, seed, {"turns": "short"})
        assert not out.problem and out.result is not None
        assert out.result.winners == [seats[i % 2]], (seed, out.result)
