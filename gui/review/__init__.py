"""Review a game: every position of a save, and the search seat's Analyse (issue #32)."""
