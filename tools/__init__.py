"""Scripts that build the maps under ``assets/`` from the geodata in ``tools/geodata/``.

Not part of the installed game: they need the ``tools`` extra (``pip install -e '.[tools]'``,
which brings shapely) and run from a checkout, e.g. ``python tools/build_hubris_geo.py``.
"""
