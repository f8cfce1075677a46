"""A run's row of an aligned block closing on a bracket note of its acceptance:
``engine-b 1.4  q4  9.80 GB   31.0 tok/s   (draft head, accept 64%)``.

A pasted comparison often prints each run as one row of space-aligned columns (a name, a
version, a size, a speed) and closes the row with a note in brackets on how it decoded. The
note's part ``accept N%`` (``accepted 61%``, ``acceptance: 0.7``) is that run's acceptance rate,
though ``accept`` alone names no figure elsewhere: it is rewritten as ``acceptance rate N%`` for
the line readers. A range there (``accept 58-66%``) is the run measured with no one figure of
it printed: its record of no figure, as a table's range cell.

Only such a row: the note closes the line, and before it the line holds a speed or a size figure
(``tok/s``, ``t/s``, ``GB``, ``MiB``) in columns set apart by runs of spaces (at least two such
gaps). A sentence (``it ran at 30 tok/s (accept 58-66%) on code``) is no row: a range in a
sentence stays no record (the house rule). A note of something else (``(no MTP)``,
``(accepted by reviewers)``, ``(accept 3 of 4)``) is left as it is.

Pure: a line in, a line or a range out; gated by a cheap test of its characters.
"""

from __future__ import annotations

import re

# a speed or a size figure ('14.2 tok/s', '31 t/s', '9.80 GB', '512 MiB')
_FIGURE = re.compile(r"\d(?:[\d.,]*\d)?\s*(?:tok(?:en)?s?/s(?:ec)?|t/s|tps|[KMGT]i?B)\b", re.I)
# a gap between aligned columns: two spaces or more (or a tab) between two fields
_GAP = re.compile(r"\S(?: {2,}|\t+)(?=\S)")
# the note closing the line
_NOTE = re.compile(r"\((?P<body>[^()]*)\)\s*$")
# one part of the note: the acceptance word, then one share or rate, or a range of them
_NUM = r"\d+(?:\.\d+)?|\.\d+"
_PART = re.compile(
    r"\s*(?P<word>accept(?:ed|ance)?)(?:\s*[:=]\s*|\s+)~?\s*"
    r"(?P<value>(?:" + _NUM + r")\s*%?(?:\s*(?:--|[-–—]|to)\s*~?\s*(?:" + _NUM + r")\s*%?)?)"
    r"\s*$",
    re.I,
)
# the note's parts, split at its commas and semicolons
_PARTS = re.compile(r"[^,;]+")
_RANGED = re.compile(r"(?:--|[-–—]|\bto\b)")


def hinted(text: str) -> bool:
    """A cheap test: the acceptance word and a closing bracket on the line."""
    return "ccept" in text and text.rstrip().endswith(")")


def _note(text: str) -> re.Match[str] | None:
    """The acceptance part of the note closing a run's row, None for any other line."""
    m = _NOTE.search(text)
    if m is None:
        return None
    row = text[: m.start()]
    if _FIGURE.search(row) is None or len(_GAP.findall(row.strip())) < 2:
        return None
    for part in _PARTS.finditer(text, m.start("body"), m.end("body")):
        # (matched in the whole line, so that its spans index the line)
        p = _PART.fullmatch(text, part.start(), part.end())
        if p is not None:
            return p
    return None


def rewrite(text: str) -> str:
    """The line with its note's single acceptance value named as an acceptance rate; any other
    line (a range, no run's row) as it was."""
    p = _note(text)
    if p is None or _RANGED.search(p.group("value")):
        return text
    return text[: p.start("word")] + "acceptance rate" + text[p.end("word") :]


def ranged(text: str) -> str | None:
    """The range a run's row's note prints as its acceptance ('58-66%'), None for any other
    line."""
    p = _note(text)
    if p is None or _RANGED.search(p.group("value")) is None:
        return None
    return p.group("value").strip()
