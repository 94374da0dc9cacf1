"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them.
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (62, "1f66df80661baa99", "7517422698bf73a4190f8173bab17976"),
    2: (51, "cb24791dca9d3cbf", "9cf40b1fcac38bf48a31a3b8185b63cc"),
    3: (60, "ad55259d74c2825e", "8bbe60293ee0a97e2ae87b87c345803c"),
    4: (39, "a24a961ea69df9df", "72729dd20de5a28262ce7154fa1df46e"),
    5: (59, "979a7b13b78b51bb", "71f05a6d45cb8bf02f986bcb2617651a"),
    6: (55, "f694f3cc1713d03c", "c7941f4f66928e06bec91caa2171697c"),
    7: (57, "8f82d175f7b07ae2", "fcc1ab5a57da87842eef63004ce89503"),
    8: (53, "d6edd9c44149da53", "ce8ca66cf3e80cd3865160fef34eaa45"),
    9: (60, "0ed04e13680ae0e0", "fbb7954d4ebf143cb12aeacf516919a7"),
    10: (61, "8f3498ba19c25acb", "5277047fcdd206ff13d390f725786da3"),
    11: (59, "9921aefc753469ef", "c5f7f7f938618d5bd4426a4ccd05c4cf"),
    12: (61, "703e11a947c39e05", "1bede44dc30dacde3c92206cf4363e03"),
    13: (63, "6e3a1aa11fb339e2", "d0aa43f8f30283d8dacb7ef9b7ed5602"),
    14: (70, "dce5d8b8ad465775", "1b163b1c9a4295a30a5a4780938ed0b0"),
    15: (78, "9d0f755691dea75b", "199a8efa3d13db193264401ac0b3fd26"),
    16: (79, "5eccf086fc2a5b5a", "e63bcf81f18c550e40f5ca5b7a75a6e6"),
    17: (61, "647bc33e7ccb4898", "708ba18ec146691e1337e8764e70e4a4"),
    18: (68, "694c2a5e5ab4ec5e", "b65f2ff94591269ea5b1572732ac6dcd"),
    19: (63, "ebcf9fd12cfef9c4", "681be15d74dde40f798268327f63b157"),
    20: (52, "f93f87bed4dc232b", "34e513223549dc9e9ae3b08323c37091"),
    21: (54, "f61ee3199905ed99", "1d611617593d2b71fae6d558b7014d8d"),
    22: (68, "8350a1fce8b60d3a", "17d345e612345f66239a405ea0b0ac89"),
    23: (44, "b1937a2334cd63f0", "74195b53c05b59b0b6e1996e2dd31737"),
    24: (64, "1a4e90e6d49af132", "ed1ec50e37bda9b76a45e671b30280f9"),
    25: (61, "39cb49e63f5237f0", "6cb090790190ec1375d7ae70e2fc9f84"),
    26: (73, "699f47ad95aa3fe1", "74d40ee9f6df8bcf9268e9a438edadf2"),
    27: (56, "a8bd5e8792dd9a6e", "4bb4a4cfce454a44f23f80848429fcd9"),
    28: (52, "d899abf5e10be132", "5671b95e6bb8ba5f55057122c4f61cb8"),
    29: (60, "65ef7231dde69ceb", "97d8ab27b8cfab7bde9c9100d46cb4bc"),
    30: (65, "673b1eee26f25761", "2ca283cdaa79bab92070f816128828fe"),
}


def _digest(choices: list[str]) -> str:
    return hashlib.sha256("\n".join(choices).encode()).hexdigest()[:16]


def test_thirty_seeded_random_games_play_exactly_as_before():
    got = {}
    for seed in EXPECTED:
        out = play("hubris", "fourth-syrian-war", SEATS, seed)
        assert not out.error, (seed, out.error)
        s = out.session
        got[seed] = (out.decisions, _digest(s.choices), state_hash(s.state)[:32])
    assert got == EXPECTED


def test_every_state_of_a_game_is_plain_data_and_apply_leaves_it_unchanged():
    """Plain JSON data at every pause (DESIGN.md "State"), and the state ``apply`` started
    from is the state undo returns to: no later choice may change it in place."""
    out = play("hubris", "fourth-syrian-war", SEATS, 103)       # the longest of seeds 1-200
    s = out.session
    assert out.result is not None and len(s._history) == out.decisions
    befores = [step.before for step in s._history]
    hashes = [state_hash(b) for b in befores]
    for state in [*befores, s.state]:
        assert not_plain(state) == []
    # replay the same choices afresh: every state the game passed through comes back the same
    replay = play("hubris", "fourth-syrian-war", SEATS, 103).session
    assert [state_hash(step.before) for step in replay._history] == hashes
    assert [state_hash(b) for b in befores] == hashes          # nothing changed them since


def test_a_bot_view_hides_the_piles_and_shares_nothing_it_changes():
    out = play("hubris", "fourth-syrian-war", SEATS, 7)
    state = out.session._history[5].before
    before = state_hash(state)
    view = out.session.game.view(state, "ptolemies")
    assert "rng" not in view and "rng" in state
    for name, deck in view["decks"].items():
        assert deck["draw"] == len(state["decks"][name]["draw"])
    assert state_hash(state) == before


def test_the_fast_copy_is_a_deep_copy_in_the_same_key_order():
    state = {"b": {"x": [1, {"y": "2"}]}, "log": [{"n": 1}], "a": None, "rng": {"s": 1 << 63}}
    copy = copy_state(state)
    assert copy == state and list(copy) == list(state)
    copy["b"]["x"][1]["y"] = "changed"
    copy["log"].append({"n": 2})
    assert state["b"]["x"][1]["y"] == "2" and len(state["log"]) == 1
    assert not_plain({"a": (1, 2), "b": {3}}) == ["state/a: a tuple", "state/b: a set"]
