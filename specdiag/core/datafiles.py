"""The package's data files: facts kept as data (texts, tables) beside the code that uses them.

Each is JSON, shipped as package data (pyproject's ``package-data``) and read once; a key
starting with ``_`` is a comment. ``tests/contract/test_datafiles.py`` checks that every entry
is well-formed and used.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any


@functools.cache
def document(package: str, name: str) -> Any:
    """The JSON document of data file ``name`` in ``package``, as written (read once and shared:
    callers never modify it)."""
    return json.loads(resources.files(package).joinpath(name).read_text("utf-8"))


@functools.cache
def load(package: str, name: str) -> dict[str, Any]:
    """The JSON object of data file ``name`` in ``package``, its ``_`` comment keys left out."""
    return {k: v for k, v in document(package, name).items() if not k.startswith("_")}


def fill(text: str, part: Mapping[str, object] | None = None, /, **values: object) -> str:
    """``text`` with each ``{name}`` replaced, in one pass, by ``values[name]``, else (given a
    document ``part``) by ``part.get(name)``, None where it lacks the key; other braces, e.g. a
    formula's ``prod_{j<=i}``, are left as they are."""

    def value(m: re.Match[str]) -> str:
        if m[1] in values:
            return str(values[m[1]])
        return m[0] if part is None else str(part.get(m[1]))

    return _PLACEHOLDER.sub(value, text)


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
