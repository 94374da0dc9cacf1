"""9.3: only one fortress or monument goes up in a hex at the same time, i.e. one BUILD
raises at most one of the two in a hex (both may stand there together: ch.12)."""

from __future__ import annotations

import pytest

from .helpers import act, bare, game, ids, place

G = game()


def _cities(k: int) -> list[str]:
    """``k`` non-capital city hexes of Rome's provinces on the small board."""
    return [h.id for h in sorted(G.map.hexes.values(), key=lambda h: h.id)
            if h.city and h.merchandise and not h.capital_of and h.area
            and h.area.startswith("rome")][:k]


def _rome_builds() -> tuple[dict, str, str]:
    s = bare()
    a, b = _cities(2)
    place(s, a, "rome", post="trade_post")
    place(s, b, "rome", post="trade_post")
    act(s, "rome", "build")
    return s, a, b


@pytest.mark.rule("mare-nostrum", "9.3")
def test_no_monument_where_a_fortress_was_just_built():
    s, a, b = _rome_builds()
    assert {f"fortress:{a}", f"monument:{a}"} <= set(ids(s))
    s = G.apply(s, f"fortress:{a}")
    assert f"monument:{a}" not in ids(s)
    assert f"monument:{b}" in ids(s)                 # another hex is still open


@pytest.mark.rule("mare-nostrum", "9.3")
def test_no_fortress_where_a_monument_was_just_built():
    s, a, b = _rome_builds()
    s = G.apply(s, f"monument:{a}")
    assert f"fortress:{a}" not in ids(s)
    assert f"fortress:{b}" in ids(s)


@pytest.mark.rule("mare-nostrum", "12")
def test_a_later_build_may_add_the_other_piece():
    """Ruling R-9.3-1: a fortress and a monument may stand in one hex, built one at a time."""
    s, a, _ = _rome_builds()
    s = G.apply(s, f"fortress:{a}")
    act(s, "rome", "build")
    assert f"monument:{a}" in ids(s)
