"""``FieldRecord``: the ``repr`` and ``==`` a dataclass would generate, written once by hand.

Records built at every start subclass it instead of using ``@dataclass``, whose code generation
costs time at import. A subclass lists its fields in ``_FIELDS``; ``==`` compares them (same
class only), ``repr`` lists them; anything not in ``_FIELDS`` (caches) is left out of both.
"""

from __future__ import annotations

from typing import ClassVar


class FieldRecord:
    _FIELDS: ClassVar[tuple[str, ...]] = ()
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)
