"""The Mare Nostrum tracks panel sets only the cells that changed when the columns and the
empires are those shown (its table is not made anew at every decision)."""

import copy

from gui.mare_nostrum.panel import MareNostrumPanel
from rules.mare_nostrum import GAME


def _cells(panel):
    t = panel.table
    return [[t.item(i, j).text() for j in range(t.columnCount())] for i in range(t.rowCount())]


def test_a_changed_value_is_set_in_the_item_shown(qtbot):
    state = GAME.new_game("standard", [], {}, 1)
    panel = MareNostrumPanel()
    qtbot.addWidget(panel)
    panel.update_state(state)
    items = [panel.table.item(i, 0) for i in range(panel.table.rowCount())]
    empire = state["order"][1]
    row = [r[0] for r in _cells(panel)].index(empire.capitalize())
    money = panel.table.item(row, 2)
    later = copy.deepcopy(state)
    later["empires"][empire]["money"] += 7
    panel.update_state(later)
    assert panel.table.item(row, 2) is money                    # the same item...
    assert money.text() == str(later["empires"][empire]["money"])   # ...showing the new value
    assert [panel.table.item(i, 0) for i in range(panel.table.rowCount())] == items
    assert _cells(panel) == [r for r in panel.shown_rows()[3:]]


def test_the_acting_empire_is_marked_in_place(qtbot):
    state = GAME.new_game("standard", [], {}, 1)
    panel = MareNostrumPanel()
    qtbot.addWidget(panel)
    panel.update_state(state)
    first, second = state["order"][0], state["order"][1]
    names = [r[0] for r in _cells(panel)]
    was, now = names.index(first.capitalize()), names.index(second.capitalize())
    assert panel.table.item(was, 0).font().bold()
    later = copy.deepcopy(state)
    later["cycle"]["next"] = 1
    panel.update_state(later)
    assert not panel.table.item(was, 0).font().bold()
    assert panel.table.item(now, 0).font().bold()
    assert panel.table.item(now, 3).background().style() != panel.table.item(was, 3) \
        .background().style()
