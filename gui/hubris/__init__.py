"""Hubris map scene and status panel (PySide6)."""
