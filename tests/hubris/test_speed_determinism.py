"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them. The state hashes
were re-recorded once when the log came to name things instead of showing ids (issue 11 §4):
the decisions and choice digests stayed as they were. Last: the 12.3
fixes of issue 12 (plunder after Interception, the choice of the leading Leader), then the
open auctions of issue 13 (ruling R7).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (71, "97518dac8ce9473b", "4d485677c54c231036627b9ff5979920"),
    2: (100, "242a867991edb969", "a1d62594600e8b8503e4fc97310ab44f"),
    3: (47, "3a8696d856da7ea4", "19047eba1fe7738b07ee2df01244bb59"),
    4: (49, "cff8eb9204cc11c6", "68ee2fc1dcef78bf54168f197e37fe46"),
    5: (52, "3dd90fb7d6ef5ffb", "7187940758fb69203cfdc7de9f34d8c9"),
    6: (56, "c64c5fcfcd7557d7", "9ff5c3f9b5f226c45a4b79e8a70d22b9"),
    7: (78, "c904166ee0b0ebe1", "e7cfb0d03fb382c0b775ae3ce894887d"),
    8: (58, "fad9de861b5d0321", "198c6d6469ed6c5057f42c6736b7799d"),
    9: (67, "7a056939d97463fd", "c42177860635b8001bd29b5ebb838a89"),
    10: (63, "9f7914bff7671a74", "7ad91488b73e77483b2590a1c99d0444"),
    11: (67, "b81b70355da33e15", "60f921ef682a31eaa28bf853a878e936"),
    12: (66, "638591547f5cf8bb", "b563abef1e3c082f87db8984bf2ba36e"),
    13: (41, "cd53773639afc562", "d74ed0b9c32744b9b9acbcc4e03e7a4d"),
    14: (52, "0b23d4148289fa47", "1f6d8a9c93fd2a0ceaa6dcd3afd56b50"),
    15: (67, "d89137aa0bcc00d5", "aa4981bd08c873f5bd992d0d145d93bf"),
    16: (78, "c51db1529de11da2", "1e9ef90f6388e3729fe0979494c30ff0"),
    17: (71, "53b9c1c03520fcf4", "cf0922baec6c774402abd0fe673c27de"),
    18: (72, "508004256a5d1403", "1af6ff87fb648f54af9de75e963a875e"),
    19: (70, "7c2e5a5aedf054e6", "fed00741b1e72e338f1cc0c1e062b2e9"),
    20: (78, "19db04832a7d073a", "a284520fdf62281eaf2d88179e68b8fb"),
    21: (67, "fda333b1f700855f", "6fff0f8b7aca6e0f5a872854ce7c2e40"),
    22: (86, "8bf7aae8d3c0e804", "3998a5c8532e5bc4abeb069313871ee8"),
    23: (58, "70250aa9c8ea525f", "50bdc0e02ae08928aad047f947107c0c"),
    24: (35, "285706cf132e2b0a", "3ac76ac5b179d4daf79c288174e9e6cc"),
    25: (72, "3b675a8913555545", "be67dad4375e91ef72671de43535025a"),
    26: (52, "6b486a3926a6de1e", "f111c0ecd4af39ed5773131e5cce28e9"),
    27: (79, "3a92ca7927e1e6bf", "595fdfb512554d18f7bbd9f366eb6c29"),
    28: (40, "1d17f9c9bf3f1eac", "6e57080e15051af73663a7e8e6e72c44"),
    29: (86, "1f665f89e2b9ed7f", "461d7b56f0a3d2e867ba8439e9348566"),
    30: (29, "9b1ddc3d4d786cb9", "f801d0db8ab2cf5bd192b2a92e371b78"),
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
