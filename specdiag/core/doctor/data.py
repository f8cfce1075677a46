"""The doctor's package data: the checks' catalogue and the engines' facts, as JSON files beside
this module (each says what it holds in its first key or its test), read once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> Any:
    """The document of the data file ``name`` (``checks.json``, ``engine_flags.json``, ...)."""
    return json.loads(resources.files(__package__ or "").joinpath(name).read_text("utf-8"))
