"""5.2.6, 5.2.7: Siege and Subjugation dice are rolled together and allocated freely: the
player takes them in the order he likes (the first die left keeps the ids
``die:<place>:<marker>``; another is ``die:<i>:<place>:<marker>``)."""

from __future__ import annotations

import pytest

from tests.hubris.rules_helpers import answer, fresh, prompt
from tests.hubris.test_examples_campaigns import _sieges


@pytest.mark.rule("hubris", "5.2.6")
def test_the_one_rolled_second_may_be_allocated_first():
    s = _sieges(fresh(), [2, 1, 5, 6], supported=False)
    ids = {c.id for c in prompt(s).choices}
    assert "die:1:tyros:garrison" in ids            # the 1, second die, takes Tyros
    assert "die:tyros:auto" in ids                  # the 2 fails there (needs 1)
    assert "die:2:tyros:auto" in ids and "die:3:tyros:auto" in ids       # the 5 and the 6
    s = answer(s, "die:1:tyros:garrison")
    assert s["places"]["tyros"]["power"] == "seleucids"
    s = answer(s, "die:sidon:garrison")              # then the 2
    assert s["places"]["sidon"]["power"] == "seleucids"
    assert {c.id for c in prompt(s).choices} >= {"die:-:none"}
