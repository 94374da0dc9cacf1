"""18: after the Rome-Carthage alliance the Roman player may play any 3-value card as if it
were a Neutral Power Activates event to activate Carthage."""

import pytest

from rules.sword_of_rome.model import ed

from .helpers import bare, choose, ids, put, run


def _three(st):
    deck = st["decks"]["rome"]
    card = next(c for c in deck["draw"] if ed().cards[c].value == 3
                and ed().cards[c].event["do"] != "npa")
    deck["draw"].remove(card)
    return card


@pytest.mark.rule("sword-of-rome", "18")
def test_after_the_treaty_a_roman_three_card_activates_carthage_besides_the_card_play():
    st = bare()
    st["flags"]["rome_carthage_alliance"] = True
    st["alliances"].append(["rome", "carthage"])
    put(st, "lilybaeum", "carthage", 3, "hamilcar")
    three, other = _three(st), _three(st)
    st["hands"]["rome"] = [three, other]
    st["active_side"] = "rome"
    run(st, "active", side="rome", played=False)
    assert f"npa:{three}" in ids(st) and f"npa:{other}" in ids(st)
    choose(st, f"npa:{three}")
    assert "move:hamilcar" in ids(st) and "raise" in ids(st)   # Carthage, at once
    choose(st, "support")
    while "end" not in ids(st):
        choose(st, "done" if "done" in ids(st) else ids(st)[0])
    assert "carthage" in st["npa_used"] and three not in st["hands"]["rome"]
    assert f"play:{other}" in ids(st)                          # the card play is still due
    assert f"npa:{other}" not in ids(st)                       # Carthage: once a round


@pytest.mark.rule("sword-of-rome", "18")
def test_without_the_treaty_a_three_card_is_no_activation():
    st = bare()
    put(st, "lilybaeum", "carthage", 3, "hamilcar")
    three = _three(st)
    st["hands"]["rome"] = [three]
    run(st, "active", side="rome", played=False)
    assert f"npa:{three}" not in ids(st)
