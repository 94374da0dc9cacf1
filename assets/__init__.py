"""The games' data files (YAML and JSON, one folder per game), shipped as package data and
found with :mod:`importlib.resources` (``rules.engine.registry.asset_dir``)."""
