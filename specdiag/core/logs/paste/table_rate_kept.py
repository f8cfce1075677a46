"""A table row whose length cell is no length (above the most tokens a step can hold, a count or
an id under the length's column) keeps the rate of its own rate column: the row is a measured
run, only its length is unread.

``| eagle | 0.712 | 940.0 |`` under ``| run | mean accept rate | mean accept len |``: the rate
0.712 is a record (basis and length unknown), the 940.0 a note. Outside a table (a prose
``τ: 118,402``, a key-value line) the whole record stays unread, as does a row whose length is
its only figure, a row holding a tokens-per-step or accepted-per-step figure too (which of them
is the length is unsaid), a rate that is no share (above 1) or a ratio, and a length given as a
fraction (``940 / 12``).

Pure: the figures' values in, a verdict out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C

NOTE = (
    "a printed 'length' of {v:g} is above the tokens a step can hold (a count or an id under the "
    "length's column): left out, the row's own rate kept"
)


def keeps_rate(
    structure: str,
    length: C.Value | None,
    rate: C.Value | None,
    others: tuple[C.Value | None, ...],
    most: float,
) -> bool:
    """Whether a ``structure`` row's ``length`` above ``most`` is dropped and its ``rate`` kept:
    a table row, one length figure (``others``, the row's other per-step figures and ratio,
    all unset), a plain length, a share within [0, 1]."""
    if "table" not in structure or length is None or rate is None:
        return False
    if length.max is not None or length.percent or not length.number > most:
        return False
    if any(v is not None for v in others) or rate.max is not None:
        return False
    share = rate.number / 100.0 if rate.percent else rate.number
    return 0.0 <= share <= 1.0
