"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them. The state hashes
were re-recorded once when the log came to name things instead of showing ids (issue 11 §4):
the decisions and choice digests stayed as they were. Last: the 12.3
fixes of issue 12 (plunder after Interception, the choice of the leading Leader), then the
open auctions of issue 13 (ruling R7), then the 63 Event cards (issue 13, Ev 15 resolves
before its card is shown).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (62, "9424206abfe76453", "63368e3c3281130c03422a0f80892e0c"),
    2: (66, "4c06acc2ebf702bb", "9687208dd5edf9d62db919c5452aa030"),
    3: (55, "74607c2f3e1064e1", "c2c863597ec05ad8ccc3f5d1ec68527e"),
    4: (38, "ebfe5836516ed68f", "cb03df515e9819ef09e36d76ef620b02"),
    5: (59, "979a7b13b78b51bb", "3b9c72dc69d8470791a47c1cb24a9750"),
    6: (55, "08be617a0c62de5f", "b656d57f77ed7902d5df487c882a945e"),
    7: (56, "ba0885facad93829", "da1623fa487839ea508cd283a20969c3"),
    8: (52, "76752cc124c5eec4", "299c9d286ae646c7b2fc7781def8cbf8"),
    9: (58, "8f296d2e2a247f1e", "29b934d87c8a573e73599b700301b139"),
    10: (44, "2b00faa4be46a0f4", "10ab67268d5abbf930ed05d87d30e97a"),
    11: (62, "e8995377dd140f67", "442d9535278811dbe2635c97c394c62c"),
    12: (62, "5d55b6c9dbecfadc", "5fa3cd6d0774c6c295c19eec350799eb"),
    13: (63, "6e3a1aa11fb339e2", "1d9a42a3fcc0fa37ebccd286fa94f449"),
    14: (80, "457399975cdb7d08", "1f879165b7b1cf7eeb3b459b6b4b6e84"),
    15: (85, "b3ecc32949d0ab91", "e541a3007de829b3e794a19a554f3e2a"),
    16: (80, "21bbf582b7d804b9", "e882ed0a106b833188c99411b41d4093"),
    17: (61, "372997c17bf541b0", "6722eb6cf47764d43186832bd134fe9d"),
    18: (51, "3845ec7cbe9926f7", "d9dc21e73233ab81236d53d5462561b1"),
    19: (71, "8a0501e5e3884357", "abc130fd995cd386915b6196cc9bca72"),
    20: (52, "f93f87bed4dc232b", "ed68e6e497644158c7e2d13a2457a519"),
    21: (62, "d9d52e54c2fc3042", "26d7af540a7616bcd4a7074e2a2d1a1e"),
    22: (63, "9fc42f620ec08e20", "000bf129ded5e5783b6642c264037005"),
    23: (48, "da17aa29bf3f5a24", "d4d4b1b57e996ace591f828c8d8bbc39"),
    24: (53, "e561dc7869521690", "74824f6fd793cd6be8f7573c7c63f54c"),
    25: (64, "15b2213fa74ec446", "a497971d2987b64ae534f868affe4505"),
    26: (75, "02af46748a44d619", "b7eff84103a538e4031ac850c914cc76"),
    27: (57, "d9c2b4a01cde518a", "65fa76eda1b66325683cf9e9a4bd6935"),
    28: (61, "5a06d5090b93d785", "3d711253c44cd8f546594b99433a4872"),
    29: (64, "f5bb6c641ff0ea73", "4c89b1937c2a7fb50a38d1da6d4ae6d0"),
    30: (65, "673b1eee26f25761", "991b9b4f804fc7a9ad20663b926e00ee"),
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
