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
before its card is shown), then the whole game of issue 13 and the modes of issue 14
merged together (`tools/record_digests.py` re-records them).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.session import Session
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (85, "c30bfcdfbccfa19b", "52d58e32826959b8805052d5d12abd39"),
    2: (58, "47b10f2b34f72239", "2d7cf3fa819dd56656510b2d7f11e29c"),
    3: (67, "bc610a28acf91184", "68bd078c71a93528dfc4d0a05d11e901"),
    4: (50, "303bbe1b53ff444a", "58cab2aaf6accbaaa0cc5bda723be7b7"),
    5: (52, "3dd90fb7d6ef5ffb", "d4d7e1bcd344895e4cf71facbe8b4d38"),
    6: (56, "c64c5fcfcd7557d7", "9d50c513ed3577f882ad468fd87d0e97"),
    7: (54, "97df801eac59e71b", "c1415bdc6bd93340686e0eba81e8c4c5"),
    8: (53, "cf0cf69af87263ce", "c363963d81aa774e765e226409d4f427"),
    9: (78, "b28b5cb690d4e7d8", "ba6d41aa71358e0e8dbacc4b25f4b220"),
    10: (55, "6b2ea3ac3324ef49", "76ecb5d37d5b325f5ee2f0e5ba0c1401"),
    11: (76, "bf38433d542e5311", "0cbb9393ded6b12ca61dd9c5d7cbb30a"),
    12: (77, "0dddd84a3a506904", "2dd4862797d34894cf9190ab28c81a0c"),
    13: (86, "119c6c82fa803ee7", "fecbadf8ffb740a8ae79a6ab6a63a7e3"),
    14: (91, "b497ce5703017ac2", "bc6a8b3be25e2ea588ece39d9e29859a"),
    15: (63, "6d9aa71bc7ecb970", "780f3cc8d4987b891ced5c6b287a8f88"),
    16: (81, "eaa2b78a500eb73c", "8fca5f843a4e112b590be0b8f03f4930"),
    17: (53, "cb0848f1a7a4e5bf", "e060a44bef21448f06bc736f89204162"),
    18: (86, "ee27faf0a43812c8", "752fc23fa5ef2ce52244ad209ec1f2a8"),
    19: (93, "7f3e6651f4e8b639", "168eb0a0b5a8663fbbd930b8219bc8df"),
    20: (62, "0119c0c6fc6d2913", "b54af3a0399cb28429aabda01c496076"),
    21: (97, "63c77e968e1c66f7", "7ef1c139824efdb51eba0e4be34edc78"),
    22: (67, "ee0484794affd829", "93dd50c5e0357bf675914c5c183dc569"),
    23: (67, "033181133cadb293", "295192cd334738b7f3246e3e182986c4"),
    24: (36, "d8f445536e86b61b", "946484ec6aaf7d11a0c9e252cb94122a"),
    25: (96, "50d72d186f334a99", "3872bb3ec6c230fde5cecfa22f9f50b3"),
    26: (58, "d50dd76ebb3291ff", "92fa379496148424fdbc068e8fb39d4c"),
    27: (80, "38f17a4c3ecaaf1e", "3dbcff7f4b3b7ca6b6c392e82798364c"),
    28: (65, "9046d160d3bed84e", "5e978333a4d74e4a85713f4c4ca6caf5"),
    29: (74, "95e07904f2e78fda", "10bc7f33c8bada019bb4cad886ae78fb"),
    30: (42, "a852607cb1272266", "ed53f662d0439c10f773ceff050e5392"),
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
    """Plain JSON data at every pause (docs/ARCHITECTURE.md "State, randomness, undo"), and
    the state ``apply`` started from is the state undo returns to: no later choice may change
    it in place (each state is hashed when the game is there and again at the end)."""
    session = Session.new("hubris", "fourth-syrian-war", SEATS, {}, 103)   # longest of 1-200
    states, made = [], []
    while session.result() is None:
        states.append(session.state)
        made.append(state_hash(session.state))
        session.bot_step()
    for state in [*states, session.state]:
        assert not_plain(state) == []
    assert [state_hash(state) for state in states] == made
    assert [step.before for step in session._history] == states[-len(session._history):]


def test_a_bot_view_hides_the_piles_and_shares_nothing_it_changes():
    session = Session.new("hubris", "fourth-syrian-war", SEATS, {}, 7)    # keeps its states
    for _ in range(6):
        session.bot_step()
    state = session._history[5].before
    before = state_hash(state)
    view = session.game.view(state, "ptolemies")
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
