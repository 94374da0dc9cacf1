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
    1: (59, "a88191632810b855", "5096167a02c0b86595ced74b0a169c26"),
    2: (61, "88ac592d791a39a5", "ca4e698f1a9f543e445d5dff3e020d38"),
    3: (43, "61f122c96cff9200", "880c47deed6d0412501432caa3952c8d"),
    4: (38, "5fc59be8ded76a9a", "2e12cf380fb49dad47ae0671db384869"),
    5: (59, "979a7b13b78b51bb", "b8166a3d8893a71523fec3d5affeaf53"),
    6: (51, "67b9f930fa50fc95", "15c8e9751a484bf1475e67bf9fafe1d0"),
    7: (50, "3976df4b6fde0261", "4306f14cbe45fc8f0d4bf463bbb95a40"),
    8: (50, "3fe0960d4fc78763", "cac9c1ca3cc1baad718c7be654a12277"),
    9: (64, "4f7467965e42c2de", "0974108979127df381e35b22914b5291"),
    10: (54, "6cca266bfb8ec097", "28a7d5044ad48c513cdf2f6ee9fdfa05"),
    11: (62, "f202741690ea9c16", "49e44e35c88556aa5b66e01286c994cf"),
    12: (61, "a6e4eed89e81efbf", "83a93c6ff4a0a3308c719f186bd3ba3d"),
    13: (63, "6e3a1aa11fb339e2", "589439dca94a5ea0da9feb116a6cc160"),
    14: (78, "38c0c676c14c52e8", "acc34bf196241d03276b626c1b07a193"),
    15: (82, "ca76de88405029e1", "f6f19e4a052dbad21ffce32a3a7398cf"),
    16: (79, "9c01d05ebce19e46", "a079e3f047cfb70a13d0453e0cb2c9e1"),
    17: (61, "6f8a9ce45139d8cb", "92b258de54f8096023584758316e3692"),
    18: (68, "2cea4380cee02c62", "60166d207b74c6699df19495e0f31818"),
    19: (60, "a09322fd839e07b0", "d75b80c6bce2ea8ca42d940178dfb9ed"),
    20: (52, "f93f87bed4dc232b", "c4ae35e119fbb4d5b441e57ada55aaea"),
    21: (62, "d9d52e54c2fc3042", "cda589ffc02294b77f2ab77fd8fc936c"),
    22: (71, "0091f682ff002b3d", "dcf6e2545ff8009a11eeeaa397bd8fb8"),
    23: (54, "731f9a54a570d7ca", "8124c6b1ac3e1dc4fe0f9ba89bb6acc1"),
    24: (63, "2e85faff8f22a545", "1549f299d829277073f7d59ecd4f3919"),
    25: (52, "3e2075c98820b194", "3eb36b01ca557172aa04f9053e79cead"),
    26: (75, "b05e2d314d0eb577", "3f9c64074ce300a9025749d908891e24"),
    27: (53, "1bd7d483e2435e4b", "01de9ca643e78fe42813836b0c4c37d1"),
    28: (50, "e8c06f5520ff616f", "a37e846f5db8e14374c01eb370605eff"),
    29: (53, "945b06c1dd2e77ed", "ce01f40ce1ac2af2296ca8191ee830a9"),
    30: (65, "673b1eee26f25761", "2cfd382957bf8e2d1ec2d99935e7ab62"),
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
