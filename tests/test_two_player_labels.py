"""Players read names, never ids, in the Hubris two-player game too (the Non-Player Macedon's
log lines, the prompts it hands to the deciding player): tests/test_player_labels.py's
heuristic on capped games with ``players=2``."""

from __future__ import annotations

from rules.engine import registry
from rules.engine.session import Session

from .test_player_labels import CAP, id_like, id_pattern, prompt_texts


def test_two_player_texts_read_as_names():
    game = registry.get("hubris")
    problems: dict[str, None] = {}
    acted = 0
    for seed, kind in ((1, "random"), (2, "bot")):
        session = Session.new("hubris", "new-hopes", {"ptolemies": kind, "seleucids": kind},
                              {"players": "2", "turns": "3"}, seed)
        ids = game.names(session.state)
        ids_re = id_pattern(ids)
        logged = 0
        for step in range(CAP * 2):
            state = session.state
            texts = [("log", e["text"]) for e in state["log"][logged:]]
            logged = len(state["log"])
            texts += [("status", f"{a}: {b}") for a, b in game.status(state)]
            prompt = session.prompt()
            if prompt is not None:
                texts += list(prompt_texts(prompt))
                labels = [c.label for c in prompt.choices]
                if len(set(labels)) != len(labels):
                    problems[f"choices read the same: {prompt.text}"] = None
            for where, text in texts:
                bad = id_like(text, ids, ids_re)
                if bad:
                    problems[f"{where}: {text!r} shows {bad}"] = None
            if prompt is None or session.result() is not None or step == CAP * 2 - 1:
                break
            session.bot_step()
        acted += sum(1 for e in session.state["log"] if e.get("rule") == "10.5")
    assert acted
    assert not problems, "\n".join(list(problems)[:30])
