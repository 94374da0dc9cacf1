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
    1: (59, "a88191632810b855", "36e2a32bec9eb2ed704ec81a7c187941"),
    2: (61, "88ac592d791a39a5", "f871b91c8e9c6dde12610ff70baedf4a"),
    3: (43, "61f122c96cff9200", "7a15cf6eeef4e4c6f85d124bb5ba8e27"),
    4: (38, "5fc59be8ded76a9a", "98d3d91af0e51a78a6308702e1b1aceb"),
    5: (59, "979a7b13b78b51bb", "cae323753e4a56d11cb085d8aee64966"),
    6: (51, "67b9f930fa50fc95", "2fbb245ae7d677bbf12bcfa7bcd34f3e"),
    7: (50, "3976df4b6fde0261", "6fa38b931451be514e825e67d879ba62"),
    8: (50, "3fe0960d4fc78763", "b8e8b9e2736195f3331ee59e29d4032c"),
    9: (64, "4f7467965e42c2de", "2e7fda99d4863c797021a2b50908f50b"),
    10: (54, "6cca266bfb8ec097", "0436a54c2318ded21a0343c82c3a4ff3"),
    11: (62, "f202741690ea9c16", "e6dc4c54824ab88fc50a142e35ab14b1"),
    12: (61, "a6e4eed89e81efbf", "9a7a66584f9ee505233edf26cccdef65"),
    13: (63, "6e3a1aa11fb339e2", "4ed18ea4f039222f1176f822e668f3db"),
    14: (78, "38c0c676c14c52e8", "aadfc2fff7d1f11e711b5f7b7c29a0da"),
    15: (82, "ca76de88405029e1", "34f1d8554be06edf494d01c451d403cb"),
    16: (79, "9c01d05ebce19e46", "3f8e11048fc109f9d4237e539af877ee"),
    17: (61, "6f8a9ce45139d8cb", "634dcb38091ec991b1760ab2f747b559"),
    18: (68, "2cea4380cee02c62", "767e98ce39e97e915c8ddbfcb9884754"),
    19: (60, "a09322fd839e07b0", "239c88fc03610f9bf54998bb7b7e3dbe"),
    20: (52, "f93f87bed4dc232b", "75d2aee36ca09557a7d502876deeb008"),
    21: (62, "d9d52e54c2fc3042", "2c2837498bc03e3f7ea99bcba9caa1df"),
    22: (71, "0091f682ff002b3d", "287010f8d897b51d13cc0070dad729a9"),
    23: (54, "731f9a54a570d7ca", "c94b6aeaf6b68e1d0ab71cfc3d9937c6"),
    24: (63, "2e85faff8f22a545", "78223bce85a422652c293c440027a7be"),
    25: (52, "3e2075c98820b194", "e153e9ea33e7d16145ed20c6e57211a0"),
    26: (75, "b05e2d314d0eb577", "b30b4a55d7a421bc262682ce95e841cb"),
    27: (53, "1bd7d483e2435e4b", "4e79a07b369aeec62162a025bc5d8c7e"),
    28: (50, "e8c06f5520ff616f", "6b8552ff6201f4f92ed2a2ca69e76fd7"),
    29: (53, "945b06c1dd2e77ed", "6614779b3387933955362513dc6a3c8a"),
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
