"""Mare Nostrum map scene (hex board drawn from real geography)."""
