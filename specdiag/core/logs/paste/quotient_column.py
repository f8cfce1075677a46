"""A column headed as the quotient of two other columns: ``new / base`` beside ``| base run |
new run (ours) |``, ``B2 / A`` beside ``| A (ref) | B1 | B2 |``.

A results table often ends in a column comparing two of its runs, headed by their names joined
by a slash: its cells are the one run's figure divided by the other's (``1.04``), a ratio, no
run's figure. Under a title naming the table's one figure such a column would read as that
figure (a ratio near 1 looks like a length or accepted drafts a step): it is none.

Only where the header is two names joined by ``/`` (a blank perhaps each side), each one to four
words, the two different, and the words of each a run of words of a different other column's
header holding no slash itself (``3 ep`` of ``MoE 3 ep (final)``, ``official`` of ``official
v1``), each side holding a word with a letter. A slash header whose sides name no other column
(``acc / len``, ``k=3 / greedy``), or numbers alone (``1 / 2``), or a header among other slash
headers naming settings (``short/C1`` beside ``short/C32`` and ``long/C1``: a grid of settings)
is read as before.

Pure: headers in, a yes or no out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_QUOTIENT = re.compile(r"^\s*(?P<a>[^/|]{1,40}?)\s*/\s*(?P<b>[^/|]{1,40}?)\s*$")
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")


def _words(text: str) -> list[str]:
    return _WORD.findall(C._MARKUP.sub("", text).lower())


def _run_of(part: list[str], header: list[str]) -> bool:
    n = len(part)
    return any(header[i : i + n] == part for i in range(len(header) - n + 1))


def of_columns(header: str, others: list[str]) -> bool:
    """Whether ``header`` names the quotient of two of the ``others`` (the table's other
    headers): see the module's rule."""
    m = _QUOTIENT.match(C._MARKUP.sub("", header))
    if m is None:
        return False
    a, b = _words(m.group("a")), _words(m.group("b"))
    if not 1 <= len(a) <= 4 or not 1 <= len(b) <= 4 or a == b:
        return False
    if not any(c.isalpha() for c in "".join(a)) or not any(c.isalpha() for c in "".join(b)):
        return False  # ('1 / 2': numbers alone, a setting's values rather than two runs)
    # (a header holding a slash itself is a grid of settings, 'short/C1' beside 'short/C32' and
    # 'long/C1': its words name no run a quotient divides)
    heads = [_words(o) if "/" not in o else [] for o in others]
    for i, h in enumerate(heads):
        if not _run_of(a, h):
            continue
        if any(j != i and _run_of(b, g) for j, g in enumerate(heads)):
            return True
    return False
