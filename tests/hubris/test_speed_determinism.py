"""Speed work must not change a game: 30 seeded random games of 12.3 replay exactly.

The expected figures were recorded from the rules as they stood before the speed work
(commit e68ac25: deep copies, prompt recomputed in every call): per seed the number of
decisions, the first 16 hex digits of SHA-256 over the choice ids joined by newlines, and the
first 32 of the final state hash. A change that alters any game (a different prompt, order
or die roll) fails here; a deliberate rules change must re-record them. The state hashes
were re-recorded once when the log came to name things instead of showing ids (issue 11 §4):
the decisions and choice digests stayed as they were. Last: the 12.3
fixes of issue 12 (plunder after Interception, the choice of the leading Leader), then the
open auctions of issue 13 (ruling R7); then the Courts of issue 13 (12.3 now logs that it
ignores Intrigues at Court).
"""

import hashlib

from rules.engine.plain import copy_state, not_plain
from rules.engine.runner import play
from rules.engine.state import state_hash

SEATS = {"ptolemies": "random", "seleucids": "random"}

#: seed -> (decisions, choices digest, final state hash), recorded before the speed work
EXPECTED = {
    1: (59, "a88191632810b855", "995030930ee49bff7af0b73ef67dc32e"),
    2: (61, "88ac592d791a39a5", "13c7ebad2f3f42acbc1b8902094bc1d3"),
    3: (43, "61f122c96cff9200", "450637c36c07dd3f01d3d27fadb06e22"),
    4: (38, "5fc59be8ded76a9a", "2097da7fad173919fa0536de27248cd2"),
    5: (59, "979a7b13b78b51bb", "7606272407552a567fac252cd87dd678"),
    6: (51, "67b9f930fa50fc95", "48260dc53d94855ffbbbfdab03e1cb3b"),
    7: (50, "3976df4b6fde0261", "9323cc341d76dede6a3a540579760734"),
    8: (50, "3fe0960d4fc78763", "b8e8b9e2736195f3331ee59e29d4032c"),
    9: (64, "4f7467965e42c2de", "b48830acd32f03f0743214709242609b"),
    10: (54, "6cca266bfb8ec097", "1fb344dd29e4f73babf8f75015598f5f"),
    11: (62, "f202741690ea9c16", "f58acdc38d9ee9f5023837c776fc732b"),
    12: (61, "a6e4eed89e81efbf", "7436d7ca4a757b87a4631df97c59aba3"),
    13: (63, "6e3a1aa11fb339e2", "90d4a6db31dd92e57f971b518ac9a29d"),
    14: (78, "38c0c676c14c52e8", "dffdc20b3b25546dc2f043e006aac8bb"),
    15: (82, "ca76de88405029e1", "91bd8ad56091d1eae59520483eeeb70e"),
    16: (79, "9c01d05ebce19e46", "cb976e63bb0c8ac0a6dc8f452b4101b0"),
    17: (61, "6f8a9ce45139d8cb", "30323f871bc50a72aaef041ad538aa3e"),
    18: (68, "2cea4380cee02c62", "c4972e77442fada89c87d5455633eeeb"),
    19: (60, "a09322fd839e07b0", "0e4d7cadfea1c5e42c87f7719fd1b2a3"),
    20: (52, "f93f87bed4dc232b", "ce47b6a5e40d8f15c561a7e7b6eaab43"),
    21: (62, "d9d52e54c2fc3042", "7649c5850ad5e92963338b331b7c274d"),
    22: (71, "0091f682ff002b3d", "a376e2b2c7cd47fcb17a9085c2569236"),
    23: (54, "731f9a54a570d7ca", "a762c95be443194836a9edea04fc8abc"),
    24: (63, "2e85faff8f22a545", "d6a85387bf2df7cb37aed28c87688a13"),
    25: (52, "3e2075c98820b194", "c6137224ade79bf738382d4e1ba027bb"),
    26: (75, "b05e2d314d0eb577", "c887160bbe1ffd08443658ad39d5d0c2"),
    27: (53, "1bd7d483e2435e4b", "e1a4b1b2baed32df3d619b73246bb4ab"),
    28: (50, "e8c06f5520ff616f", "6b8552ff6201f4f92ed2a2ca69e76fd7"),
    29: (53, "945b06c1dd2e77ed", "cbd25300ed65e032ad3b934db10d9192"),
    30: (65, "673b1eee26f25761", "e7b3002093fef31d4875b61d12dbaf80"),
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
