"""5.10.3 with the glossary: an eliminated player's cities turn independent, and an
independent city always has loyalty 1."""

import pytest

from rules.sword_of_rome import phases
from rules.sword_of_rome.data import INDEPENDENT

from .helpers import bare, put


@pytest.mark.rule("sword-of-rome", "5.10.3")
def test_an_eliminated_players_loyal_cities_become_independent_at_loyalty_one():
    st = bare()
    put(st, "roma", "rome", 1)
    st["spaces"]["syracuse"].update(ctl="greeks", loy=3)
    phases.elimination(st, "greeks")
    assert st["spaces"]["syracuse"]["ctl"] == INDEPENDENT
    assert st["spaces"]["syracuse"]["loy"] == 1
