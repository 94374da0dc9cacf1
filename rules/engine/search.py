"""The ``search`` seat: Monte Carlo tree search over the ``prompt``/``apply`` seam.

Information-set MCTS, open loop (docs/BOTS.md): every iteration

1. **determinizes**: :meth:`Game.determinize` turns what the seat may see into one full state
   the seat cannot tell from the real one (hidden draw order shuffled, a fresh generator so the
   bot never knows the dice to come);
2. **selects** down the tree by choice ids, each seat picking for itself (PUCT: the mean reward
   of a child for the seat that chooses it, plus a bonus led by the game's policy
   :meth:`Game.search_prior_weights`, by default its ``bot`` policy, as a prior); the legal
   choices are those of the determinized state, so a node counts how often each child was
   available;
3. **expands** the first choice not yet in the tree, then **plays out** up to ``horizon``
   decisions with the game's playout policy (:meth:`Game.playout_weights`, by default its
   ``bot`` policy) or uniformly, and
4. **scores** the end: the result if the game ended (a win is 1, a shared win or a draw is
   split), else :meth:`Game.evaluate` of every seat (:meth:`Game.evaluate_seats`); the rewards go
   back up the path.

The bot picks the most visited choice at the root. Its budget is a number of simulated
decisions (``apply`` calls), so a decision is the same on every machine for the same seed,
seat and decision number (reproducible games, saves that continue the same way). An optional
``seconds`` cap stops earlier on a slow machine, at the cost of that reproducibility. The
states the bot is given are never changed: an iteration copies its determinized state at the
first choice (:meth:`Game.apply`), then changes its own copy in place (:meth:`Game.apply_in_place`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from .game import Game, Prompt, State
from .rng import randbelow, seed_state

#: a weight resolution for drawing in proportion to float weights
_SCALE = 1 << 30
#: the UCB1 constant where a game has no policy (rewards lie in [0, 1])
UCB = 0.5


@dataclass(frozen=True)
class Budget:
    """How hard the bot thinks: ``steps`` simulated decisions per decision, playouts cut after
    ``horizon`` decisions (policy or uniform), ``explore`` the PUCT constant, ``sure`` the
    policy share above which it does not search, ``seconds`` an optional time cap."""

    steps: int = 400
    horizon: int | None = None          # None: the game's :attr:`Game.search_horizon`
    explore: float = 1.0
    policy_playouts: bool = True
    #: play at once, without search, a choice the policy gives at least this share (> 1: off)
    sure: float = 0.9
    seconds: float | None = None


#: the New Game "Think time" levels (seat kinds ``search:fast``, ``search``, ``search:strong``)
THINK: dict[str, Budget] = {
    "fast": Budget(steps=150),
    "normal": Budget(steps=600),
    "strong": Budget(steps=2000),
}


def can_search(game: Game) -> bool:
    """Whether the search can play ``game``: a game that hides more than the dice must draw
    the hidden part itself (:meth:`Game.determinize`); until it does, a ``search`` seat plays
    the game's policy (:class:`.bots.PolicyBot`)."""
    return not game.hidden_information or type(game).determinize is not Game.determinize


@dataclass
class Node:
    """Statistics of one choice sequence from the root (open loop: dice are not nodes)."""

    visits: int = 0
    reward: float = 0.0            # summed reward of the seat that chose into this node
    prior: float = 0.0             # the policy's share when the node was first seen
    children: dict[str, Node] = field(default_factory=dict)


class SearchBot:
    """A ``search`` seat. Stateless between decisions, like :class:`.bots.RandomBot`: the
    search for decision number ``ply`` is seeded from the bot's seed, seat and ``ply``."""

    reads_view = True

    def __init__(self, seed: int, seat: str, game: Game, budget: Budget | None = None):
        self.seed = int(seed)
        self.seat = seat
        self.game = game
        self.budget = budget or THINK["normal"]
        self.salt = sum((i + 1) * ord(ch) for i, ch in enumerate(seat))
        #: does the game have a policy at all (else no view is built to ask for one)
        self.has_policy = type(game).bot_weights is not Game.bot_weights or \
            type(game).search_prior_weights is not Game.search_prior_weights
        #: does it have a playout policy (its own, or the ``bot`` policy by default)
        self.has_playout_policy = self.has_policy or \
            type(game).playout_weights is not Game.playout_weights
        self.horizon = self.budget.horizon if self.budget.horizon is not None \
            else game.search_horizon
        #: what the last search did: iterations, steps, seconds (for measurements)
        self.last: dict[str, Any] = {}

    def choose(self, view: State, prompt: Prompt, ply: int) -> str:
        if len(prompt.choices) == 1:
            self.last = {"iterations": 0, "steps": 0, "seconds": 0.0}
            return prompt.choices[0].id
        weights = self._weights(view, prompt, is_view=True)
        if weights is not None and max(weights) >= self.budget.sure * sum(weights):
            self.last = {"iterations": 0, "steps": 0, "seconds": 0.0, "sure": True}
            return prompt.choices[weights.index(max(weights))].id
        rng = seed_state(self.seed * 1_000_003 + self.salt * 7919 + ply * 104_729 + 17)
        return self.search(view, prompt, rng)

    # --- the search ---------------------------------------------------------------------
    def search(self, view: State, prompt: Prompt, rng: dict[str, int]) -> str:
        budget, game = self.budget, self.game
        root = Node()
        legal = {c.id for c in prompt.choices}
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds else None
        steps = iterations = 0
        while steps < budget.steps:
            if deadline is not None and iterations and time.perf_counter() >= deadline:
                break
            state = game.determinize(view, self.seat, rng)
            steps += self._iterate(root, state, rng)
            iterations += 1
        self.last = {"iterations": iterations, "steps": steps,
                     "seconds": time.perf_counter() - start}
        best = max((c for c in prompt.choices if c.id in root.children),
                   key=lambda c: (root.children[c.id].visits, root.children[c.id].reward),
                   default=prompt.choices[0])
        assert best.id in legal
        return best.id

    def _iterate(self, root: Node, state: State, rng: dict[str, int]) -> int:
        """One iteration from a determinized ``state``; the number of decisions simulated."""
        game = self.game
        path: list[tuple[Node, str]] = []        # (node, seat that chose into it)
        node, steps = root, 0
        while True:
            prompt = game.prompt(state)
            if prompt is None or not prompt.choices:
                break
            child, choice_id, fresh = self._select(node, state, prompt, rng)
            state = self._step(state, choice_id, steps)
            steps += 1
            path.append((child, prompt.seat))
            node = child
            if fresh:
                break
        for _ in range(self.horizon):
            prompt = game.prompt(state)
            if prompt is None or not prompt.choices:
                break
            state = self._step(state, self._playout_choice(state, prompt, rng), steps)
            steps += 1
        rewards = self._rewards(state)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.reward += rewards.get(seat, 0.0)
        return max(steps, 1)

    def _step(self, state: State, choice_id: str, steps: int) -> State:
        """The state after ``choice_id``: the determinized state shares parts with the real
        one, so the iteration's first step copies; later steps change that copy in place."""
        if steps == 0:
            return self.game.apply(state, choice_id)
        return self.game.apply_in_place(state, choice_id)

    def _select(self, node: Node, state: State, prompt: Prompt, rng: dict[str, int]
                ) -> tuple[Node, str, bool]:
        """The child to follow among the choices legal in this state, and whether it is new
        to the tree (then the playout starts after it). With a policy: PUCT and progressive
        widening, the likeliest choices first; without: UCB1, every choice tried once first
        (a uniform prior would leave good choices untried and barely explore)."""
        priors = self._priors(state, prompt)
        known = node.children
        fresh = [(p, c.id) for c, p in zip(prompt.choices, priors, strict=True)
                 if c.id not in known]
        legal = [known[c.id] for c in prompt.choices if c.id in known]
        seen = sum(child.visits for child in legal)
        if fresh and (not legal or not self.has_policy or self._widen(seen, len(legal))):
            top = max(p for p, _ in fresh)
            best = [cid for p, cid in fresh if p >= top]
            choice_id = best[randbelow(rng, len(best))]
            child = Node(prior=top)
            known[choice_id] = child
            return child, choice_id, True
        if self.has_policy:
            explore = self.budget.explore * math.sqrt(seen + 1)
        else:
            explore = self.budget.explore * UCB * math.sqrt(math.log(seen + 1))
        best_score, best_id = -math.inf, ""
        for c, p in zip(prompt.choices, priors, strict=True):
            child = known.get(c.id)
            if child is None:
                continue
            q = child.reward / child.visits if child.visits else 0.5
            if self.has_policy:
                score = q + explore * p / (1 + child.visits)
            else:
                score = q + explore / math.sqrt(child.visits or 1)
            if score > best_score:
                best_score, best_id = score, c.id
        return known[best_id], best_id, False

    @staticmethod
    def _widen(seen: int, tried: int) -> bool:
        """Progressive widening: one more child once the tried ones have been visited
        about ``tried ** 2 / 2`` times, so a node with many choices spends its visits on
        the likeliest first."""
        return 2 * seen >= tried * tried

    def _priors(self, state: State, prompt: Prompt) -> list[float]:
        """The policy's shares of the choices, mixed with a quarter uniform."""
        n = len(prompt.choices)
        weights = self._weights(state, prompt)
        if weights is None:
            return [1.0 / n] * n
        total = sum(weights)
        return [0.75 * w / total + 0.25 / n for w in weights]

    def _weights(self, state: State, prompt: Prompt, is_view: bool = False
                 ) -> list[float] | None:
        """The prior policy's weights of ``prompt`` (:meth:`Game.search_prior_weights`; None:
        no policy, or no positive weight), asked with what the seat to decide may see of
        ``state`` (already a view if ``is_view``)."""
        if not self.has_policy:
            return None
        view = state if is_view else self.game.view(state, prompt.seat)
        weights = self.game.search_prior_weights(view, prompt)
        if weights is None or len(weights) != len(prompt.choices):
            return None
        if not sum(weights) > 0:
            return None
        return weights

    def _playout_choice(self, state: State, prompt: Prompt, rng: dict[str, int]) -> str:
        choices = prompt.choices
        weights = None
        if self.budget.policy_playouts and self.has_playout_policy:
            weights = self.game.playout_weights(state, prompt)
            if weights is None or len(weights) != len(choices) or not sum(weights) > 0:
                weights = None
        if weights is None:
            return choices[randbelow(rng, len(choices))].id
        total = float(sum(weights))
        target = randbelow(rng, _SCALE) / _SCALE * total
        acc = 0.0
        for choice, w in zip(choices, weights, strict=True):
            acc += w
            if target < acc:
                return choice.id
        return choices[max(i for i, w in enumerate(weights) if w > 0)].id

    def _rewards(self, state: State) -> dict[str, float]:
        """Every seat's reward in [0, 1] for the end of a playout."""
        seats = state["meta"]["seats"]
        result = self.game.result(state)
        if result is not None:
            if not result.winners and len(seats) == 1:
                # a solitaire game: a draw and a defeat differ; the game's evaluation
                # of the finished state says by how much (Hubris 12.5, 12.6)
                return {s: min(1.0, max(0.0, self.game.evaluate(state, s))) for s in seats}
            if not result.winners:
                return {s: 1.0 / len(seats) for s in seats}
            share = 1.0 / len(result.winners)
            return {s: (share if s in result.winners else 0.0) for s in seats}
        values = self.game.evaluate_seats(state, seats)
        return {s: min(1.0, max(0.0, values[s])) for s in seats}
