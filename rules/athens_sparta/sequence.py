"""The sequence of play on the engine's procedure stack (``rules/engine/procs.py``).

Athens and Sparta keeps its frames in the keys its saves have always held: ``stage`` names
the turn-sequence procedure in play, ``step`` the action-round step beneath it while the
stage is ``rounds``, and ``pend`` is the data of that procedure. The game seam runs
:data:`advance`, :data:`current_prompt` and :data:`apply_choice` (``rules/engine/point_game.py``).
"""

from __future__ import annotations

from rules.engine.procs import Frame, Proc, Procedures

from .action_round import STEPS, PlayCard
from .battle_step import Battle
from .forces import Deploy, Mobilise, Raid
from .model import State
from .olympics import Olympics
from .siege import Siege
from .turn import (
    Assessment,
    Deal,
    EndOfTurn,
    HopliteReset,
    Rebuilding,
    Recruitment,
    Shipbuilding,
)

#: a Turn (aid: Turn Sequence); ``rounds`` stands for the action rounds below
TURN = (Assessment, HopliteReset, Shipbuilding, Recruitment, Rebuilding, Deal, "rounds",
        Olympics, EndOfTurn)
#: an action round (aid: Action Round Sequence), in the order of ``action_round.STEPS``
ACTION_ROUND = (Raid, PlayCard, Deploy, Mobilise, Siege, Battle)


class SequenceOfPlay(Procedures):
    """The procedures of a Turn, their frame read from ``stage``, ``step`` and ``pend``."""

    def current(self, st: State) -> tuple[Proc, Frame] | None:
        if st.get("over"):
            return None
        name = st["step"] if st["stage"] == "rounds" else st["stage"]
        return self.table[name], st["pend"]


assert tuple(p.name for p in ACTION_ROUND) == STEPS

PROCS = SequenceOfPlay()
for _proc in (*[p for p in TURN if p != "rounds"], *ACTION_ROUND):
    PROCS.register(_proc)

advance = PROCS.advance
current_prompt = PROCS.prompt
apply_choice = PROCS.apply
