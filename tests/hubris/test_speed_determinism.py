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
    1: (75, "679aa7618d74d501", "f9efd519326a47b02d8c0b456d168769"),
    2: (50, "c4dd9117fe211bbe", "724c0cb2b2c9bdac8b403974f6badd52"),
    3: (77, "4a8b6dcb0e4a0f99", "c769180764c4efb27fc0b43e396b742a"),
    4: (50, "303bbe1b53ff444a", "58cab2aaf6accbaaa0cc5bda723be7b7"),
    5: (52, "3dd90fb7d6ef5ffb", "d4d7e1bcd344895e4cf71facbe8b4d38"),
    6: (56, "c64c5fcfcd7557d7", "9d50c513ed3577f882ad468fd87d0e97"),
    7: (54, "97df801eac59e71b", "c1415bdc6bd93340686e0eba81e8c4c5"),
    8: (66, "c360272e835d0cf1", "b8a84ac7706a9d166fe38d27ad9637a3"),
    9: (78, "7ac3750f47a06d72", "1a71ab409281ba96941b853684528e20"),
    10: (66, "cb5974a069c66cee", "22ffb0d924ac451e752575a44f4ab40a"),
    11: (58, "84fdae4ea619bcf1", "bff8a307f9f8ce8d7106573a7f37c547"),
    12: (69, "f7ccdb4c8fda12af", "ff88c6358baa4fb9e576073c7698488d"),
    13: (41, "cd53773639afc562", "610ac106f762e39224ac85e034611488"),
    14: (79, "a9659c3c8a301cb1", "dc787b6fe642567c7ef2defe132f2246"),
    15: (64, "17e54ab5dded930a", "7fcbb8a3f97c46e7065507569918f5f9"),
    16: (78, "83ddd4b842310284", "cf4d8035e03a89e2dd532d680bf232dc"),
    17: (71, "ee48e76eea241ca2", "6ed0773d7c8b90f4e472ffcd5b8d0533"),
    18: (75, "dd15c638cc480255", "5f75d0cbd4c5f0f3b2a8c91a72614c29"),
    19: (97, "b015eafd190f30c5", "677ad93b61837056c12c0f9d74f2c801"),
    20: (78, "19db04832a7d073a", "8b243410c2aacd2b72a2689eb78cc00e"),
    21: (79, "f7d49c6245d4fcdd", "f6181ab6db423b020e39cedee9093659"),
    22: (68, "c5ad7d32fd82b6a7", "0b8529760615cbb102842dc816757f16"),
    23: (65, "93a72e8833bfa621", "bde8c0480bbf204b9768eb287217f807"),
    24: (35, "285706cf132e2b0a", "b455c01c7b0394219206f20ea8a1f315"),
    25: (72, "dd7431e98bd3d41e", "d6a570a6e3e9bd4e9755d7437d082708"),
    26: (52, "6b486a3926a6de1e", "5adc3639d57e18ee6aa3bc43e23f76f1"),
    27: (89, "6c734175baec59d8", "5fc5d64662455cd9572e39070f8e2f0f"),
    28: (62, "8ad91959a12c2a3a", "61ce4b2e1d091b1ff8ed9b8b6d5b36aa"),
    29: (73, "0a8b41562a8341f9", "ce002bbaee9b7db77b0c81e208285d7d"),
    30: (29, "9b1ddc3d4d786cb9", "253f1c8e95f96677ae7209ac509e49a9"),
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
    from is the state undo returns to: no later choice may change it in place (each state
    is hashed when the game is there and again at the end)."""
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
