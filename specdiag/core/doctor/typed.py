"""Typed reads of a model's config.json: a value of the wrong type or out of range (``true``
where a size belongs -- a bool *is* an int in Python --, NaN, 1e308, a float for a count) is
never used and never passes: :class:`Reads` records why, for ``registry.unreadable``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

from specdiag.core.doctor.checkpoint import ModelDir

MAX_SIZE = 1 << 31  # a hidden size, a vocabulary, a position count
MAX_LAYERS = 4096  # decoder layers of any model
MAX_IDS = 64  # aux layer ids of a draft


def server_accept_lengths(info: object) -> list[float]:
    """SGLang ``/server_info`` ``internal_states[].avg_spec_accept_length`` values a server can
    truly hold: finite numbers in 1..1025 (an accept length counts the bonus token, so it is at
    least 1; 0 before the first request). A server that lies (NaN, 1e308, ``true``, a string, a
    negative) has its value left out, never averaged into a gap."""
    states = info.get("internal_states") if isinstance(info, dict) else None
    if not isinstance(states, list):
        return []
    out = []
    for s in states[:4096]:
        v = s.get("avg_spec_accept_length") if isinstance(s, dict) else None
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            f = float(v) if abs(v) < 1e300 else math.inf
            if math.isfinite(f) and 1.0 <= f <= 1025.0:
                out.append(f)
    return out


def server_length(info: object, key: str) -> int | None:
    """A length a server states (``context_length``): an integer in 1..2^40, else None."""
    v = info.get(key) if isinstance(info, dict) else None
    return v if type(v) is int and 0 < v < 1 << 40 else None


def config_ids(cfg: dict[str, object], key: str) -> tuple[int, ...] | None | str:
    """The layer ids at the dotted ``key`` of a draft config (integers in -1..4096, -1 = the
    embedding output, 1..64 of them; None: not set), or why they are not layer ids."""
    v: object = cfg
    for part in key.split("."):
        v = v.get(part) if isinstance(v, dict) else None
    if v is None:
        return None
    if (
        isinstance(v, (list, tuple))
        and 1 <= len(v) <= MAX_IDS
        and all(type(x) is int and -1 <= x <= MAX_LAYERS for x in v)
    ):
        return tuple(v)
    shown = repr(v) if len(repr(v)) <= 60 else repr(v)[:57] + "..."
    return f"not a list of 1..{MAX_IDS} integer layer ids in -1..{MAX_LAYERS}: {shown}"


def _shown(v: object) -> str:
    if isinstance(v, dict):
        return f"an object of {len(v)} key(s)"
    if isinstance(v, list):
        return f"a list of {len(v)}"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


class Reads:
    """Typed reads from one or more model directories; the failures are collected."""

    def __init__(self) -> None:
        self.bad: list[tuple[ModelDir, str, str]] = []  # (model, key, why)

    def _raw(self, m: ModelDir | None, keys: tuple[str, ...]) -> tuple[str, Any]:
        return m.cfg_item(*keys) if m is not None else (keys[0], None)

    def wrong(self, m: ModelDir, key: str, v: object, want: str) -> None:
        """Record ``key`` as unreadable: ``v``, not ``want``."""
        self.bad.append((m, key, f"{key} is {_shown(v)} ({type(v).__name__}), not {want}"))

    def integer(
        self, m: ModelDir | None, *keys: str, lo: int = 1, hi: int = MAX_SIZE
    ) -> int | None:
        """An integer in ``lo..hi`` (a bool, a float, a string, NaN: unreadable)."""
        want = f"an integer in {lo}..{hi}"
        # type() is int: not a bool, not a float (4096.0 is not a count a config writes)
        v = self._typed(m, keys, lambda v: type(v) is int and lo <= v <= hi, want)
        return cast(int | None, v)

    def number(
        self,
        m: ModelDir | None,
        *keys: str,
        lo: float = 0.0,
        hi: float = 1e12,
        source: dict[str, object] | None = None,
    ) -> float | None:
        """A finite number in ``lo..hi`` (an int or a float; a bool or NaN: unreadable); with
        ``source`` read from that object (a nested config)."""
        if source is not None:
            key, v = keys[0], next((source[k] for k in keys if source.get(k) is not None), None)
        else:
            key, v = self._raw(m, keys)
        if v is None or m is None:
            return None
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            f = float(v) if type(v) is not int or abs(v) < 1 << 63 else math.inf
            if math.isfinite(f) and lo <= f <= hi:
                return f
        self.wrong(m, key, v, f"a finite number in {lo:g}..{hi:g}")
        return None

    def flag(self, m: ModelDir | None, *keys: str) -> bool | None:
        """A JSON boolean (0/1 and "true" are not)."""
        v = self._typed(m, keys, lambda v: isinstance(v, bool), "true or false")
        return cast(bool | None, v)

    def mapping(self, m: ModelDir | None, *keys: str) -> dict[str, object] | None:
        """A JSON object."""
        v = self._typed(m, keys, lambda v: isinstance(v, dict), "an object")
        return cast(dict[str, object] | None, v)

    def _typed(
        self, m: ModelDir | None, keys: tuple[str, ...], ok: Callable[[Any], bool], want: str
    ) -> Any:
        """The value at the first of ``keys`` when ``ok`` accepts it; None when absent, and
        when ``ok`` refuses it (recorded as unreadable, ``want`` saying what was expected)."""
        key, v = self._raw(m, keys)
        if v is None or m is None:
            return None
        if ok(v):
            return v
        self.wrong(m, key, v, want)
        return None

    def texts(
        self, m: ModelDir | None, *keys: str, max_items: int = MAX_LAYERS
    ) -> tuple[str, ...] | None:
        """A list of strings (``layer_types``, ``architectures``)."""
        v = self._typed(
            m,
            keys,
            lambda v: (
                isinstance(v, list) and len(v) <= max_items and all(isinstance(x, str) for x in v)
            ),
            f"a list of at most {max_items} strings",
        )
        return tuple(v) if v is not None else None
