"""Players read names, never ids (issue 11 §4).

A few short games of every playable scenario of every game the registry knows (so a new game
is checked as soon as it is registered), random and bot seats, capped in decisions. Every
text a player reads is checked: the prompt's text, each choice's label, group and tooltip,
the context a dialog shows, new log lines, the status rows, the info panel of each map
element a choice points at, and the result's reason. A text fails when it holds something
that looks like an id (:func:`id_like`); a prompt fails when two of its choices read the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gui.dialogs import KINDS as DIALOG_KINDS
from rules.engine import registry
from rules.engine.game import Game, Prompt
from rules.engine.session import Session

SEEDS = (1, 2, 3)
#: decisions per game: enough to reach battles, sieges and trades in every game we ship
CAP = 500
#: hyphenated English compounds our texts use (everything else with two hyphens is an id)
ENGLISH = {"out-of-turn", "one-and-a-half", "face-to-face"}

COORDINATES = re.compile(r"(?<![\w.,])-?\d{1,2},-?\d{1,2}(?![\w,])")        # "-3,-10"
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")                        # "carthago_nova"
NUMBERED = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")                        # "squadron-1"
HYPHENATED = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])")          # "koile-syria"
PLURAL_S = re.compile(r"\b\w+s's\b")                                        # "Seleucids's"
CODES = re.compile(r"\[[^\]]*\]")     # "Antiochos III [S4]": a card code after the name


def id_like(text: str, ids: dict[str, str], ids_re: re.Pattern[str] | None,
            printed: frozenset[str] = frozenset()) -> list[str]:
    """What in ``text`` looks like an id rather than a name (empty: it reads as names).

    ``printed``: possessives the game's own titles print ("Antiochos's Hubris")."""
    found = [m.group() for m in COORDINATES.finditer(text)]
    found += [m.group() for m in SNAKE.finditer(text)]
    found += [m.group() for m in NUMBERED.finditer(text)]
    for m in HYPHENATED.finditer(text):
        token = m.group()
        if token in ids or (token.count("-") >= 2 and token not in ENGLISH):
            found.append(token)
    found += [m.group() for m in PLURAL_S.finditer(text) if m.group() not in printed]
    if ids_re is not None:
        found += [m.group() for m in ids_re.finditer(CODES.sub("", text))]
    return found


def id_pattern(ids: dict[str, str]) -> re.Pattern[str] | None:
    """Ids that differ from their names, as whole words (case-sensitive: ``delta`` is an id,
    ``Delta`` the name)."""
    names = set(ids.values())
    shown = sorted((i for i, n in ids.items() if i != n and i not in names), key=len,
                   reverse=True)
    if not shown:
        return None
    return re.compile(r"(?<![\w'-])(?:" + "|".join(map(re.escape, shown)) + r")(?![\w-])")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)


def prompt_texts(prompt: Prompt) -> Iterator[tuple[str, str]]:
    yield "prompt", prompt.text
    for c in prompt.choices:
        yield "choice", c.label
        if c.detail:
            yield "tooltip", c.detail
        if c.group:
            yield "group", c.group
    if prompt.kind in DIALOG_KINDS:
        for s in strings(prompt.context):
            yield "dialog", s


def info_lines(text: str) -> list[str]:
    """The info panel's lines, without the data's sources (they quote the data files)."""
    out = []
    for line in text.splitlines():
        if line.startswith("Source") or line.startswith("  ") and ": " in line and \
                line.split(": ")[1].split(" ")[0].rstrip(":") in ("rule", "derived",
                                                                   "reconstructed", "example"):
            continue
        out.append(line)
    return out


def playable() -> list[tuple[Game, str]]:
    return [(g, s.id) for g in registry.available() if g.id in registry.KNOWN
            for s in g.scenarios() if s.playable]


def play_and_read(game: Game, scenario: str, seed: int) -> list[str]:
    """Problems met in one capped game."""
    info = game.scenario(scenario)
    kind = "random" if seed % 2 else "bot"
    session = Session.new(game.id, scenario, {s: kind for s in info.seats}, {}, seed)
    problems: dict[str, None] = {}
    described: set[str] = set()
    logged = 0
    ids = game.names(session.state)
    ids_re = id_pattern(ids)
    printed = frozenset(m.group() for s in game.scenarios()
                        for m in PLURAL_S.finditer(f"{s.title} {s.blurb}")) | frozenset(
        m.group() for n in ids.values() for m in PLURAL_S.finditer(n))   # printed card titles

    def check(where: str, text: str) -> None:
        bad = id_like(text, ids, ids_re, printed)
        if bad:
            problems[f"{where}: {text!r} shows {', '.join(dict.fromkeys(bad))}"] = None

    for step in range(CAP + 1):
        state = session.state
        for entry in state["log"][logged:]:
            check("log", entry["text"])
        logged = len(state["log"])
        if step % 25 == 0 or session.result() is not None:
            phase = state.get("phase")
            for label, value in game.status(state):
                check("status", f"{label}: {value}")
                if isinstance(phase, str) and re.search(rf"(?<![\w-]){re.escape(phase)}"
                                                        r"(?![\w-])", value) and \
                        phase.islower():
                    problems[f"status: {label}: {value!r} shows the phase key {phase!r}"] = None
        result = session.result()
        if result is not None:
            check("result", result.reason)
            break
        prompt = session.prompt()
        if prompt is None or step == CAP:
            break
        for where, text in prompt_texts(prompt):
            check(where, text)
        labels = [c.label for c in prompt.choices]
        twice = sorted({x for x in labels if labels.count(x) > 1})
        if twice:
            problems[f"prompt {prompt.text!r}: choices read the same: {twice}"] = None
        for c in prompt.choices:
            if c.target and c.target not in described:
                described.add(c.target)
                for line in info_lines(game.describe(state, c.target)):
                    check("info panel", line)
        session.bot_step()
    return list(problems)


# --- the heuristic itself ---------------------------------------------------------------------
IDS = {"katoikoi-lower-satrapies": "Katoikoi Lower Satrapies", "babylonia": "Babylonia",
       "sea-peoples": "Sea-Peoples", "Sea-Peoples": "Sea-Peoples", "S4": "Antiochos III"}


@pytest.mark.parametrize("text", [
    "Muster katoikoi-lower-satrapies", "Storms & Worms: ptolemies-squadron-1: rolled 5",
    "Campaign from babylonia into babylonia", "To -3,-10 (3 MP)", "the Seleucids's Court",
    "Disband a legion in carthago_nova", "S4 is Activated",
])
def test_the_heuristic_flags_ids(text):
    assert id_like(text, IDS, id_pattern(IDS))


@pytest.mark.parametrize("text", [
    "Muster Katoikoi Lower Satrapies", "Campaign from Babylonia into Media",
    "The Sea-Peoples raid", "enter play face-down", "the Seleucids' Court", "Rome's legions",
    "Antiochos III [S4] is Activated", "needs 2 or less: Envoy 5, Garrison -3",
    "Treasury 10,000 T", "Turn 3 of 11",
])
def test_the_heuristic_passes_names(text):
    assert not id_like(text, IDS, id_pattern(IDS))


def test_a_possessive_the_game_prints_passes():
    title = "Set-up of scenario 12.5 'Year 192 - Antiochos's Hubris'"
    assert id_like(title, IDS, None)
    assert not id_like(title, IDS, None, frozenset({"Antiochos's"}))


# --- every playable scenario ------------------------------------------------------------------
@pytest.mark.parametrize("game,scenario", playable(),
                         ids=[f"{g.id}-{s}" for g, s in playable()])
def test_players_read_names_not_ids(game, scenario):
    problems: dict[str, None] = {}
    for seed in SEEDS:
        for p in play_and_read(game, scenario, seed):
            problems.setdefault(p, None)
    shown = list(problems)[:40]
    assert not problems, f"{len(problems)} texts read like ids:\n" + "\n".join(shown)
