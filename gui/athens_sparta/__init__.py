"""Athens and Sparta's own widgets (the map is the shared point-to-point scene)."""
