"""A figure the paste sets as a requirement is no run: a JSON body or key-value run shown as
what a check must see (`The validation passes only when the result contains:` over
`"spec_accept_length": 16.0`), whose key the paste then bounds at that very value
(`` `spec_accept_length >= 16` ``, `accept_len ≥ 2.5`): the value is the bound restated, no
measurement. A key bounded at another value (`>= 2.0` beside a measured 2.41), a bound on
another key, or a value with no bound anywhere in the paste is read as before.

The paste is searched once, only when it holds `>=`, `≥` or `=>`; records are then matched by
their fields' names and values.

Pure: records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.model import PasteRecord

# '`spec_accept_length >= 16`', 'accept_len ≥ 2.5', '"acceptance_rate" => 0.6'
_BOUND = re.compile(
    r"[`\"']?(?P<key>[A-Za-z_][\w.]{0,60}?)[`\"']?\s*(?:>=|≥|=>)\s*(?P<val>\d+(?:\.\d+)?)\b"
)


def bounds(text: str) -> set[tuple[str, float]]:
    """The (key, value) pairs the paste bounds from below."""
    if ">=" not in text and "≥" not in text and "=>" not in text:
        return set()
    return {(m.group("key").lower(), float(m.group("val"))) for m in _BOUND.finditer(text)}


def _number(v: str) -> float | None:
    try:
        return float(v.strip().strip("\"'`,"))
    except ValueError:
        return None


def required(r: PasteRecord, bound: set[tuple[str, float]]) -> bool:
    """Whether one of ``r``'s fields is a key the paste bounds at the field's own value."""
    return any(
        (name.strip("\"'` ").lower(), n) in bound
        for name, v in r.fields
        if (n := _number(v)) is not None
    )
