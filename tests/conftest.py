"""Test-wide setup: offscreen Qt, and the fixture game registered for engine/GUI tests."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
