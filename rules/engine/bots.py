"""Bots: same seam as humans; a bot sees only ``view(state, seat)`` and the prompt."""

from __future__ import annotations

from typing import Any, Protocol

from .game import Game, Prompt
from .rng import randbelow, seed_state
from .search import THINK, SearchBot, can_search


class Bot(Protocol):
    #: False for a bot that reads only the prompt: it is then given no view (``{}``)
    reads_view: bool

    def choose(self, view: dict[str, Any], prompt: Prompt, ply: int) -> str:
        """The id of one of ``prompt.choices``; ``ply`` is the number of choices made so far."""


class RandomBot:
    """Uniform over the legal choices.

    Reproducible and stateless: the pick for decision number ``ply`` depends only on the bot's
    seed, its seat and ``ply``, so a game reloaded from a save continues exactly as it would have.
    It reads nothing but the prompt.
    """

    reads_view = False

    def __init__(self, seed: int, seat: str):
        self.seed = int(seed)
        self.salt = sum((i + 1) * ord(ch) for i, ch in enumerate(seat))

    def choose(self, view: dict[str, Any], prompt: Prompt, ply: int) -> str:
        rng = seed_state(self.seed * 1_000_003 + self.salt * 7919 + ply)
        return prompt.choices[randbelow(rng, len(prompt.choices))].id


class PolicyBot(RandomBot):
    """Plays the game's own strategy (:meth:`Game.bot_weights`), uniform where it has none.

    As stateless and reproducible as :class:`RandomBot`: the same seed, seat and ply give the
    same draw, which picks a choice in proportion to its weight.
    """

    SCALE = 1 << 30
    reads_view = True

    def __init__(self, seed: int, seat: str, game: Game | None):
        super().__init__(seed, seat)
        self.game = game

    def choose(self, view: dict[str, Any], prompt: Prompt, ply: int) -> str:
        weights = self.game.bot_weights(view, prompt) if self.game is not None else None
        if weights is None:
            return super().choose(view, prompt, ply)
        if len(weights) != len(prompt.choices) or any(not w >= 0 for w in weights):
            raise ValueError(f"{self.game.id}: bot weights do not fit the prompt "
                             f"({len(weights)} for {len(prompt.choices)} choices)")
        total = float(sum(weights))
        if total <= 0:
            return super().choose(view, prompt, ply)
        rng = seed_state(self.seed * 1_000_003 + self.salt * 7919 + ply)
        target = randbelow(rng, self.SCALE) / self.SCALE * total
        acc = 0.0
        for choice, w in zip(prompt.choices, weights, strict=True):
            acc += w
            if target < acc:
                return choice.id
        last = max(i for i, w in enumerate(weights) if w > 0)     # float rounding at the top
        return prompt.choices[last].id


#: controller names accepted for a seat; ``search`` may carry a Think time, ``search:fast``
CONTROLLERS = ("human", "random", "bot", "search")
#: the Think times of a ``search`` seat (:data:`.search.THINK`; ``search`` alone is normal)
THINK_TIMES = ("fast", "normal", "strong")


def kind_label(kind: str) -> str:
    """A seat kind as a player reads it (the New Game dialog's words): ``bot`` -> "Bot",
    ``search:strong`` -> "Bot (search, strong)"."""
    base, _, think = kind.partition(":")
    label = {"human": "Human", "random": "Bot (random)", "bot": "Bot",
             "search": "Bot (search)"}.get(base, kind)
    return f"Bot (search, {think})" if base == "search" and think else label


def is_controller(kind: str) -> bool:
    """A seat kind a session accepts: one of :data:`CONTROLLERS`, or ``search:<think time>``."""
    base, _, think = kind.partition(":")
    if base == "search" and think:
        return think in THINK_TIMES
    return kind in CONTROLLERS


def make_bot(kind: str, seed: int, seat: str, game: Game | None = None) -> Bot:
    """``random``: uniform over legal choices; ``bot``: the game's strategy (uniform if none);
    ``search`` / ``search:fast|normal|strong``: Monte Carlo tree search (:mod:`.search`)."""
    if kind == "random":
        return RandomBot(seed, seat)
    if kind == "bot":
        return PolicyBot(seed, seat, game)
    base, _, think = kind.partition(":")
    if base == "search" and (think or "normal") in THINK_TIMES:
        if game is None:
            raise ValueError("a search seat needs its game")

        if not can_search(game):
            return PolicyBot(seed, seat, game)   # hidden hands it cannot fill in yet
        return SearchBot(seed, seat, game, THINK[think or "normal"])
    raise ValueError(f"unknown bot kind '{kind}' (use random, bot, search or "
                     f"search:{'|'.join(THINK_TIMES)})")
