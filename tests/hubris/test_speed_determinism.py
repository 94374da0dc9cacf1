"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them. The state hashes
were re-recorded once when the log came to name things instead of showing ids (issue 11 §4):
the decisions and choice digests stayed as they were. Last: the 12.3
fixes of issue 12 (plunder after Interception, the choice of the leading Leader).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (62, "1f66df80661baa99", "16d9af63f7cf992ac2df60fdd0476c35"),
    2: (51, "cb24791dca9d3cbf", "5d624063341b57141cc344d74892dac5"),
    3: (60, "ad55259d74c2825e", "68698acada33fc80f10f1ab02a9a64d9"),
    4: (39, "a24a961ea69df9df", "d8b31fc562fd7633033925115b8aed2e"),
    5: (59, "979a7b13b78b51bb", "cae323753e4a56d11cb085d8aee64966"),
    6: (55, "f694f3cc1713d03c", "583f4ea4dbda3d2c02f2b007538399ba"),
    7: (57, "8f82d175f7b07ae2", "d1dd975f8a3d5c4c8eb3c7773b13ba1c"),
    8: (53, "d6edd9c44149da53", "54eab82d2dc4e7a200adca2e6612dc89"),
    9: (66, "b054b62a1fc7cb6f", "2f6ed157170b09d8a99ab9c5cae865a9"),
    10: (61, "8f3498ba19c25acb", "8119b07aed05a8080e067f6e05e4e941"),
    11: (59, "9921aefc753469ef", "be31baba97eaf6e7d467c7bdaec8858e"),
    12: (61, "703e11a947c39e05", "217b145f46a87b408b6bc794f3ec45d5"),
    13: (63, "6e3a1aa11fb339e2", "4ed18ea4f039222f1176f822e668f3db"),
    14: (70, "dce5d8b8ad465775", "aa10bcefc54a45eec0a035ce6dcc9dac"),
    15: (82, "7256ca034e0d5681", "67924c0b311f69112c766a49926616b0"),
    16: (79, "3aa1ca2a7668817d", "abe4cff288d01bc4d14e7acafdcb4eae"),
    17: (61, "647bc33e7ccb4898", "823a98a926284e9fb2ad71cfedb03ec1"),
    18: (68, "694c2a5e5ab4ec5e", "670765ee3de11004a59dd3d97df77778"),
    19: (63, "ebcf9fd12cfef9c4", "1cb7dc4a81b04971d0574526e333fc6b"),
    20: (52, "f93f87bed4dc232b", "75d2aee36ca09557a7d502876deeb008"),
    21: (54, "f61ee3199905ed99", "ce3600d94be71725de1d94c84c601b54"),
    22: (62, "5fe5cd0a077b1a52", "a4a038d1790a4c4cd6c4b5ee4bcdd203"),
    23: (44, "b1937a2334cd63f0", "bcb9658648db16b3b47e2f21b1a9cd10"),
    24: (64, "1a4e90e6d49af132", "73da0a5fd210f3287663e6a2311bb42c"),
    25: (61, "39cb49e63f5237f0", "2e8422f7ea9a013b660478b3d5577740"),
    26: (73, "699f47ad95aa3fe1", "068321fdad5f170bb1b7a85b2f9198f9"),
    27: (56, "a8bd5e8792dd9a6e", "14adfe431509bb653c73f83913ee5f80"),
    28: (52, "d899abf5e10be132", "2f588f847f7bed8683f519aae8c81ad4"),
    29: (60, "65ef7231dde69ceb", "8c6e1ac6399fd1f0cd67a5785d63b740"),
    30: (65, "673b1eee26f25761", "aa2aa33de40c04ad5cdde5141d0b582f"),
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
