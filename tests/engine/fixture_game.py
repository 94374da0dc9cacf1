"""A tiny two-seat game used only by the engine and GUI tests (never shipped).

"Duel": each seat holds a hidden hand dealt from a shuffled deck of cards 1-6. For
``rounds`` rounds, the active seat plays a card (or passes); the other seat then answers
out of turn: *block* (costs 1 of its 2 blocks, the card scores nothing) or *allow* (the card
scores its value plus a d6). Then the other seat becomes active. Highest score wins.
"""

from __future__ import annotations

from rules.engine.deck import draw, hidden, new_deck
from rules.engine.game import Choice, Game, Option, Prompt, Result, Scenario, State
from rules.engine.rng import randbelow, roll, seed_state
from rules.engine.state import ask, done_pending, log, new_state, pending

SEATS = ("north", "south")


class Duel(Game):
    id = "duel"
    title = "Duel (test fixture)"
    hidden_information = True
    map_kind = ""

    def scenarios(self) -> list[Scenario]:
        return [Scenario("short", "Short duel", "2026", SEATS, "Two rounds each.",
                         lengths=("2", "3")),
                Scenario("long", "Long duel", "2026", SEATS, "Four rounds each."),
                Scenario("draft", "Draft duel", "2026", SEATS, "Not playable yet.",
                         playable=False)]

    def options(self) -> list[Option]:
        return [Option("blocks", "Blocks per seat", "2", ("1", "2", "3"))]

    def new_game(self, scenario: str, seats: list[str], options: dict[str, str],
                 seed: int) -> State:
        info = self.scenario(scenario)
        state = new_state(self.id, scenario, seats, options, seed)
        rounds = int(options.get("turns", "2" if info.id == "short" else "4"))
        deck = new_deck(state, [str(v) for v in range(1, 7)] * 2, name="Duel")
        state.update(deck=deck, hands={s: [] for s in SEATS}, score={s: 0 for s in SEATS},
                     blocks={s: int(options.get("blocks", "2")) for s in SEATS},
                     active="north", plays_left=rounds * 2, table=None)
        for _ in range(3):
            for s in SEATS:
                state["hands"][s].append(draw(state, state["deck"], name="Duel"))
        return state

    @staticmethod
    def other(seat: str) -> str:
        return "south" if seat == "north" else "north"

    def prompt(self, state: State) -> Prompt | None:
        if state["plays_left"] <= 0 or state["meta"]["scenario"] == "draft":
            return None
        ask_ = pending(state)
        if ask_:
            seat = ask_["seat"]
            choices = [Choice("allow", "Allow")]
            if state["blocks"][seat] > 0:
                choices.insert(0, Choice("block", f"Block ({state['blocks'][seat]} left)"))
            return Prompt(seat, f"Block the {ask_['card']}?", choices, kind="yes-no", rule="2")
        seat = state["active"]
        choices = [Choice(f"play:{i}", f"Play {c}", target=f"card-{c}")
                   for i, c in enumerate(state["hands"][seat])]
        choices.append(Choice("pass", "Pass"))
        return Prompt(seat, "Play a card", choices, kind="choose-card", rule="1")

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        seat = prompt.seat
        if pending(state):
            ask_ = done_pending(state)
            card = int(ask_["card"])
            if choice_id == "block":
                state["blocks"][seat] -= 1
                log(state, f"{seat} blocks the {card}", rule="2", seat=seat)
            else:
                gain = card + roll(state, purpose="Duel bonus", rule="3")[0]
                state["score"][ask_["by"]] += gain
                log(state, f"{ask_['by']} scores {gain}", rule="3", seat=ask_["by"])
        elif choice_id == "pass":
            log(state, f"{seat} passes", rule="1", seat=seat)
        else:
            card = state["hands"][seat].pop(int(choice_id.split(":")[1]))
            log(state, f"{seat} plays {card}", rule="1", seat=seat)
            ask(state, self.other(seat), "block", card=card, by=seat)
            new = draw(state, state["deck"], name="Duel")
            if new:
                state["hands"][seat].append(new)
            return
        state["plays_left"] -= 1
        state["active"] = self.other(state["active"])

    def view(self, state: State, seat: str | None) -> State:
        v = dict(state)
        v["hands"] = {s: (h if s == seat else len(h)) for s, h in state["hands"].items()}
        v["deck"] = hidden(state["deck"])
        return v

    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:
        """The other hand and the draw pile as unknown cards 1-6 (the search seat's guess)."""
        out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
        out["hands"] = {s: (list(h) if isinstance(h, list)
                            else [str(randbelow(rng, 6) + 1) for _ in range(h)])
                        for s, h in view["hands"].items()}
        out["deck"] = {"draw": [str(randbelow(rng, 6) + 1) for _ in range(view["deck"]["draw"])],
                       "discard": list(view["deck"]["discard"])}
        return out

    def evaluate(self, state: State, seat: str) -> float:
        lead = state["score"][seat] - state["score"][self.other(seat)]
        return 0.5 + max(-0.5, min(0.5, lead / 20))

    def result(self, state: State) -> Result | None:
        if state["plays_left"] > 0:
            return None
        a, b = state["score"]["north"], state["score"]["south"]
        winners = [] if a == b else ["north" if a > b else "south"]
        return Result(winners, "most points", {"north": a, "south": b})

    def status(self, state: State) -> list[tuple[str, str]]:
        return [("Plays left", str(state["plays_left"]))] + [
            (s.title(), f"{state['score'][s]} pts, {state['blocks'][s]} blocks") for s in SEATS]


GAME = Duel()
