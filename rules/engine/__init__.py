"""Game-agnostic engine: state, prompts, seeded randomness, decks, log, saves, undo, bots.

Nothing here imports Qt. Games live in sibling packages (``rules.hubris`` ...) and reach
the engine only through the names re-exported below.
"""
