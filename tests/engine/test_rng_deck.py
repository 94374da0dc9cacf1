"""The seeded generator and decks kept in state."""

import json

from rules.engine.deck import draw, new_deck
from rules.engine.rng import pick, randbelow, roll, seed_state, shuffle
from rules.engine.state import new_state


def test_generator_is_reproducible_and_json():
    a, b = seed_state(42), seed_state(42)
    xs = [randbelow(a, 6) for _ in range(50)]
    assert xs == [randbelow(b, 6) for _ in range(50)]
    assert json.loads(json.dumps(a)) == a


def test_roll_range_uniformity_and_log():
    st = new_state("x", "y", [], {}, 7)
    faces = roll(st, 600, 6, purpose="test", rule="7.1")
    assert set(faces) == set(range(1, 7))
    assert all(60 < faces.count(f) < 140 for f in range(1, 7))
    assert st["log"][-1]["rule"] == "7.1" and st["commit"] == 1


def test_pick_and_shuffle_logged():
    st = new_state("x", "y", [], {}, 7)
    items = list(range(10))
    shuffle(st, items, purpose="deck", quiet=True)
    assert sorted(items) == list(range(10)) and "shuffled" in st["log"][-1]["text"]
    assert pick(st, ["a", "b"], purpose="side") in ("a", "b")


def test_deck_draw_reshuffles_discards():
    st = new_state("x", "y", [], {}, 1)
    deck = new_deck(st, ["a", "b"], name="t")
    got = [draw(st, deck, name="t"), draw(st, deck, name="t")]
    assert sorted(got) == ["a", "b"] and draw(st, deck, name="t") is None
    deck["discard"] = ["a"]
    assert draw(st, deck, name="t") == "a"
