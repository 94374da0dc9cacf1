"""The shared parts of the point-map card games: a seat's view of the hands
(``rules/engine/hands.py``) and the map graph (``rules/engine/map_graph.py``)."""

from rules.engine import hands
from rules.engine.map_graph import links_of_kind, map_graph


def test_hide_hands_shows_one_hand_through_its_face_and_every_size():
    st = {"hands": {"a": ["c1", "c2"], "b": ["c3"]}, "battle_hands": {"a": [], "b": ["x"]}}
    view = hands.hide_hands(st, "a", face=str.upper)
    hands.hide_hands(st, "a", key="battle_hands", sizes_key="battle_sizes", view=view)
    assert view["hands"] == {"a": ["C1", "C2"], "b": []}
    assert view["hand_sizes"] == {"a": 2, "b": 1}
    assert view["battle_hands"] == {"a": [], "b": []} and view["battle_sizes"] == {"a": 0, "b": 1}
    assert hands.hide_hands(st, None)["hands"] == {"a": [], "b": []}
    assert hands.shown(st["hands"], ("a", "b")) == st["hands"]
    assert st["hands"]["a"] == ["c1", "c2"]                   # the state is untouched


def test_map_graph_keeps_data_order_and_splits_by_kind():
    g = map_graph(["x", "y", "z", "w"], [("y", "x", {"kind": "sea"}), ("y", "z", {"kind": "land"})])
    assert list(g) == ["x", "y", "z", "w"] and list(g["y"]) == ["x", "z"]
    sea = links_of_kind(g, ("sea",))
    assert sorted(sea) == ["x", "y"] and sea.edges["x", "y"]["kind"] == "sea"

