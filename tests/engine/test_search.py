"""The ``search`` seat (rules/engine/search.py) on tiny games: it finds a forced win, is
reproducible for a seed, keeps to its budget and never changes the states it is given."""

from __future__ import annotations

from rules.engine.bots import RandomBot, is_controller, make_bot
from rules.engine.game import Choice, Game, Prompt, Result, Scenario, State
from rules.engine.plain import copy_state
from rules.engine.search import Budget, SearchBot
from rules.engine.session import Session
from rules.engine.state import canonical, new_state


class Nim(Game):
    """Take 1 or 2 stones from a pile in turn; who takes the last stone wins. From 10 stones
    the first player wins by always leaving a multiple of 3 (take 1 first)."""

    id = "nim"

    def scenarios(self) -> list[Scenario]:
        return [Scenario("ten", "Ten stones", "2026", ("first", "second"))]

    def new_game(self, scenario: str, seats: list[str], options: dict[str, str],
                 seed: int) -> State:
        state = new_state(self.id, scenario, seats, options, seed)
        state.update(stones=int(options.get("stones", "10")), turn="first", winner=None)
        return state

    def prompt(self, state: State) -> Prompt | None:
        if state["winner"]:
            return None
        takes = [n for n in (1, 2) if n <= state["stones"]]
        return Prompt(state["turn"], "Take stones",
                      [Choice(f"take:{n}", f"Take {n}") for n in takes])

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        state["stones"] -= int(choice_id.split(":")[1])
        if state["stones"] == 0:
            state["winner"] = state["turn"]
        state["turn"] = "second" if state["turn"] == "first" else "first"

    def result(self, state: State) -> Result | None:
        return Result([state["winner"]], "took the last stone") if state["winner"] else None


class Counting(Nim):
    """Nim that counts its ``apply`` calls."""

    def __init__(self) -> None:
        self.applied = 0

    def apply(self, state: State, choice_id: str) -> State:
        self.applied += 1
        return super().apply(state, choice_id)


def _play(game: Game, first, second, seed: int = 0) -> str:
    state = game.new_game("ten", ["first", "second"], {}, seed)
    bots = {"first": first, "second": second}
    ply = 0
    while (prompt := game.prompt(state)) is not None:
        state = game.apply(state, bots[prompt.seat].choose(state, prompt, ply))
        ply += 1
    return game.result(state).winners[0]


def test_search_finds_the_forced_win_that_random_play_misses():
    game = Nim()
    searched = [_play(game, SearchBot(s, "first", game, Budget(steps=1500)), RandomBot(s, "second"))
                for s in range(5)]
    random = [_play(game, RandomBot(s, "first"), RandomBot(s + 50, "second")) for s in range(40)]
    assert searched == ["first"] * 5
    assert random.count("first") < 36


def test_search_takes_one_from_ten():
    game = Nim()
    state = game.new_game("ten", ["first", "second"], {}, 3)
    for seed in range(5):
        assert SearchBot(seed, "first", game, Budget(steps=800)).choose(
            state, game.prompt(state), 0) == "take:1"


def test_search_is_reproducible_for_a_seed():
    game = Nim()
    state = game.new_game("ten", ["first", "second"], {"stones": "20"}, 1)
    prompt = game.prompt(state)
    runs = []
    for _ in range(2):
        bot = SearchBot(7, "first", game, Budget(steps=300))
        runs.append((bot.choose(state, prompt, 4), bot.last["iterations"], bot.last["steps"]))
    assert runs[0] == runs[1]


def test_search_keeps_to_its_budget():
    game = Counting()
    state = game.new_game("ten", ["first", "second"], {"stones": "30"}, 1)
    bot = SearchBot(1, "first", game, Budget(steps=250, horizon=10))
    bot.choose(state, game.prompt(state), 0)
    assert bot.last["steps"] == game.applied
    # it stops within one iteration (the tree's depth plus the horizon) after the budget
    assert 250 <= game.applied < 250 + 30 + 10


def test_search_with_a_time_cap_stops_early():
    game = Nim()
    state = game.new_game("ten", ["first", "second"], {"stones": "60"}, 1)
    bot = SearchBot(1, "first", game, Budget(steps=10**9, seconds=0.2))
    bot.choose(state, game.prompt(state), 0)
    assert bot.last["seconds"] < 1.0


def test_search_never_changes_what_it_is_given(duel_registered):
    game = duel_registered
    session = Session.new("duel", "long", {"north": "search:fast", "south": "random"}, {}, 3)
    for _ in range(12):
        if session.result() is not None:
            break
        prompt = session.prompt()
        view = session.view(prompt.seat)
        before_state, before_view = canonical(session.state), canonical(view)
        kept = copy_state(view)
        SearchBot(5, prompt.seat, game, Budget(steps=200)).choose(view, prompt, 0)
        assert canonical(session.state) == before_state
        assert canonical(view) == before_view == canonical(kept)
        session.bot_step()


def test_search_seat_plays_a_hidden_information_game_to_the_end(duel_registered):
    for seed in range(3):
        session = Session.new("duel", "short", {"north": "search:fast", "south": "bot"}, {},
                              seed)
        while session.result() is None:
            session.bot_step()
        assert session.result().reason == "most points"


def test_seat_kinds():
    assert all(is_controller(k) for k in ("search", "search:fast", "search:normal",
                                          "search:strong", "bot", "random", "human"))
    assert not any(is_controller(k) for k in ("search:", "search:slow", "bots", "random:fast"))
    bot = make_bot("search:strong", 1, "first", Nim())
    assert isinstance(bot, SearchBot) and bot.budget.steps > make_bot(
        "search:fast", 1, "first", Nim()).budget.steps


def test_a_saved_game_with_a_search_seat_continues_the_same_way(duel_registered, tmp_path):
    seats = {"north": "search:fast", "south": "bot"}
    whole = Session.new("duel", "long", seats, {}, 21)
    while whole.result() is None:
        whole.bot_step()
    half = Session.new("duel", "long", seats, {}, 21)
    for _ in range(5):
        half.bot_step()
    half.save(tmp_path / "duel.json")
    again = Session.load(tmp_path / "duel.json")
    assert again.controllers == seats
    while again.result() is None:
        again.bot_step()
    assert again.choices == whole.choices


def test_seat_kinds_read_as_the_new_game_dialog_says():
    from rules.engine.bots import kind_label

    assert [kind_label(k) for k in ("human", "bot", "random", "search", "search:strong")] == [
        "Human", "Bot", "Bot (random)", "Bot (search)", "Bot (search, strong)"]
