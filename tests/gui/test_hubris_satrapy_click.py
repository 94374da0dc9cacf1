"""A click on a Place inside a highlighted Satrapy picks the Satrapy (issue 8: the Place's
marker took the click and nothing happened)."""

from PySide6.QtCore import Qt

from rules.engine.session import Session


def test_clicking_a_city_in_a_highlighted_satrapy_chooses_the_satrapy(qtbot, window):
    session = Session.new("hubris", "new-hopes",
                          {"macedon": "human", "ptolemies": "human", "seleucids": "human"},
                          {}, seed=1)
    session.curtain = False
    session.autosave_path = None
    window.resize(1600, 1000)
    window.set_session(session)
    qtbot.wait(50)
    window._close_prompt_dialog()
    scene, md = window.scene, window.scene.md
    prompt = session.prompt()
    targets = {c.target: c for c in prompt.choices if c.target in md.satrapies}
    inside = [(p, targets[md.places[p].satrapy]) for p in scene.places
              if md.places[p].satrapy in targets and p not in targets]
    assert inside, prompt.text
    place, choice = inside[0]
    view = window.map_view
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    point = view.mapFromScene(scene.places[place].scenePos())
    before = len(session.choices)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: len(session.choices) == before + 1, timeout=2000)
    assert session.choices[-1] == choice.id
