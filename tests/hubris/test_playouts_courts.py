"""One random-bot game of 12.1 'New Hopes' at its longest length (11 Turns), invariants after
every choice: the Courts of issue 13 (Leaders entering and dying, Plots, ambitious generals,
Succession Crises) all take their turn in it."""

from rules.engine.runner import play

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def test_eleven_turns_of_new_hopes_run_the_courts_to_the_end():
    out = play("hubris", "new-hopes", SEATS, 3, options={"turns": "11"},
               check_invariants=True)
    assert not out.error, out.error
    assert out.result is not None and out.session.state["turn"] == 11
    rules = {e.get("rule") for e in out.session.state["log"]}
    assert {"2.2.4", "4.6", "4.7", "4.8", "4.10"} <= rules
