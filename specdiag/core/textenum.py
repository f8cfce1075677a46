"""A string enum that prints as its value everywhere (str(), f-strings, JSON), on every Python.

``class X(str, Enum)`` formats as ``X.MEMBER`` in f-strings from Python 3.12 on; the fields of
specdiag's results print and serialise as the strings they always were.
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """A closed set of string values; compares equal to, prints and serialises as the value."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
