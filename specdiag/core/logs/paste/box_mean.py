"""A dashboard row's bare ``Mean`` cell beside its acceptance rate.

A terminal dashboard draws its figures as cells of one row between bars (``│``, ``┃``, ``|``),
each cell a short label and its value. In a paste about speculative decoding, a cell labelled
``Mean`` alone, right after a cell of the acceptance rate (``Acceptance 82%``,
``Acceptance rate 64.5%``), and holding one decimal above 1 (at most 33) with nothing after it
before the next bar, is the mean acceptance length the dashboard shows beside the rate: a rate
is never above 1, so the mean of one is no rate. It is read under that name (printed; the
bonus convention stays to be decided by the paste, as for any length so named).

Left as written: a ``Mean`` cell of a value of 1 or less (a mean rate), one with a unit or a
word after its value (``Mean 3.00 ms``), one not right after the acceptance cell, one labelled
more than ``Mean`` (``Mean TTFT 3.00``), and any row of a paste that names no speculative
decoding.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import vocab as V

_BAR = "[│┃|]"
_ROW = re.compile(
    rf"(?P<head>{_BAR}[ \t]*(?:draft[ \t]+)?acceptance(?:[ \t]+rate)?[ \t]+\d+(?:\.\d+)?[ \t]*%"
    rf"[ \t]*{_BAR}[ \t]*)Mean(?P<tail>[ \t]+(?P<v>\d+\.\d+)[ \t]*{_BAR})",
    re.I,
)
_MOST = 33.0


def _named(m: re.Match[str]) -> str:
    if not 1.0 < float(m["v"]) <= _MOST:
        return m[0]
    return f"{m['head']}Mean acceptance length{m['tail']}"


def named(raw: list[str], text: str) -> list[str]:
    """The lines with each such ``Mean`` cell named as the mean acceptance length (module
    rules); the lines as they were where the paste names no speculative decoding."""
    if "ean" not in text or not _ROW.search(text) or not V.SPECULATIVE.search(text):
        return raw
    return [_ROW.sub(_named, ln) if "ean" in ln else ln for ln in raw]
