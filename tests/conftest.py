"""Test-wide setup: offscreen Qt, and Qt settings, data and caches kept out of the user's
home."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="hegemon-tests-")
atexit.register(shutil.rmtree, _home, True)
os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")   # QSettings
os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")       # QStandardPaths.AppDataLocation
os.environ["XDG_CACHE_HOME"] = os.path.join(_home, "cache")     # parsed data, kept pixels
# Qt's test mode (the screenshot command turns it on) keeps its files in ~/.qttest: a home of
# its own, so two test runs at once never share an autosave
os.environ["HOME"] = _home
