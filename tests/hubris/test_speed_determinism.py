"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them. The state hashes
were re-recorded once when the log came to name things instead of showing ids (issue 11 §4):
the decisions and choice digests stayed as they were. Last: the 12.3
fixes of issue 12 (plunder after Interception, the choice of the leading Leader), then the
open auctions of issue 13 (ruling R7), then the record of Total VPs Turn by Turn (issue 13,
9.3; decisions and choices unchanged).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (59, "a88191632810b855", "3cb48e64b6fc2c2155f1fb816ef0b2e4"),
    2: (61, "88ac592d791a39a5", "0c1aa013001ded39d56328168fe1a552"),
    3: (43, "61f122c96cff9200", "39cec2a6e9571db50243ac82ddb4c8a9"),
    4: (38, "5fc59be8ded76a9a", "b2c6e11323755266f92d15fdf52bc6e9"),
    5: (59, "979a7b13b78b51bb", "2de5f46267076c44b6040c597d092278"),
    6: (51, "67b9f930fa50fc95", "90d1e73f3475d4d9d22b5e8bb6a415f1"),
    7: (50, "3976df4b6fde0261", "699468380834306395ed68bcea7cb2b4"),
    8: (50, "3fe0960d4fc78763", "8e8ff783867cf59c43a2ead6e7cd5688"),
    9: (64, "4f7467965e42c2de", "4d68b9b55a0a064ae4eef21979d33a42"),
    10: (54, "6cca266bfb8ec097", "03502c84b17339923ef50b3365283e14"),
    11: (62, "f202741690ea9c16", "c2dc29576f8c44b4e3195bb3ec53be10"),
    12: (61, "a6e4eed89e81efbf", "1e18758db86bdc300f7533d369ab651e"),
    13: (63, "6e3a1aa11fb339e2", "393d8c97bbb64e2dd36fc44379c98bf3"),
    14: (78, "38c0c676c14c52e8", "df37e4338736e0bde52431bca32dc504"),
    15: (82, "ca76de88405029e1", "befab19b9c3e1bd1e3cdeee5c5dc95cf"),
    16: (79, "9c01d05ebce19e46", "9454c53dc43918840683ab7c19f6f534"),
    17: (61, "6f8a9ce45139d8cb", "4c0e43786dcc4250f02027ff0171277c"),
    18: (68, "2cea4380cee02c62", "b9b1b8cf9fe74dcbc594b0628532d49d"),
    19: (60, "a09322fd839e07b0", "a568c9eee61c9490059889e0d6e7a3de"),
    20: (52, "f93f87bed4dc232b", "6b335eccabc4c25672aa0f18cca1acd0"),
    21: (62, "d9d52e54c2fc3042", "e31e5c10be5155b8ad4c0cb3ce6646cc"),
    22: (71, "0091f682ff002b3d", "382605556282495b0741a0d2c652fbe3"),
    23: (54, "731f9a54a570d7ca", "44ccfc6df83ff5266d8fcd2bb9a99eba"),
    24: (63, "2e85faff8f22a545", "1456f214c716ebda0c617caf2524277d"),
    25: (52, "3e2075c98820b194", "acc3f1ec8d0474b9fa202a4925d69c42"),
    26: (75, "b05e2d314d0eb577", "50c5531a6da4dfaa1d45d81f2e40fb92"),
    27: (53, "1bd7d483e2435e4b", "228353cbb866eee1cd12f51e94f3d0fa"),
    28: (50, "e8c06f5520ff616f", "25ff4bcc8d4a345619eb9ffa8ed52650"),
    29: (53, "945b06c1dd2e77ed", "dd3ff11cd48cb4d3e74f53148fadb918"),
    30: (65, "673b1eee26f25761", "d68b9230f57c322866577306be5ee540"),
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
