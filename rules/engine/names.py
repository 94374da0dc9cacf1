"""Writing names the way players read them: possessives, lists, a roll's target with its
modifiers. Each game keeps its own names (its ``names`` hook); these helpers are shared.
"""

from __future__ import annotations

from collections.abc import Iterable


def possessive(name: str) -> str:
    """``Rome's``, ``Seleucids'``, ``Antiochos'``: a bare apostrophe after a final s (the
    plural Kingdoms and, as is usual for classical names, the Greek names ending in -s)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def join(names: Iterable[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def signed(value: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"{value:+d}" if value else "0"


def terms(parts: Iterable[tuple[str, int]]) -> str:
    """How a number is made up: ``Envoy 5, Garrison -3`` (the first part unsigned, as the
    base; zero modifiers left out)."""
    out = []
    for i, (label, value) in enumerate(parts):
        if i and not value:
            continue
        out.append(f"{label} {value if i == 0 else signed(value)}")
    return ", ".join(out)


def needs(final: int, parts: Iterable[tuple[str, int]], *, or_less: bool = True) -> str:
    """A roll's target after every modifier, with each named: ``needs 2 or less: Envoy 5,
    Garrison -3``."""
    how = "or less" if or_less else "or more"
    made = terms(parts)
    return f"needs {final} {how}" + (f": {made}" if made else "")


def rule_words(rule: str) -> str:
    """A rule reference as a player reads it: a number as it is ("5.1"), a named section (a
    game known from its player aid names its sections) in words ("turn-sequence" -> "Turn
    sequence")."""
    if not rule or rule[0].isdigit():
        return rule
    return rule.replace("-", " ").capitalize()


def count(n: int, word: str, plural: str | None = None) -> str:
    """``1 legion``, ``3 legions`` (``plural`` where adding an s will not do)."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"
