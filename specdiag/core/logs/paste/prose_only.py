"""Acceptance told only in sentences, in a paste that speaks of no speculative decoding.

In a paste whose text names no speculative word, no accept length or tokens per step, and
nothing of a language model's decoding or serving (the reader's ``no_spec`` but for its prose line), a block whose
every line naming acceptance is a sentence (four words opening it, eight in all, no table's bar, no tab, no
``key: value`` nor ``key=value``) states the acceptance of something else: a venue's share of
papers, a program's of applicants ("this year's acceptance rate is 23%"). No record; the block
is shown as acceptance in another meaning. A key-value line or a table in such a paste is left
to the readers as before (a bare metrics paste may name nothing else).
"""

from __future__ import annotations

import re

# a line that holds an acceptance word
_ACCEPT = re.compile(r"accept", re.I)
# a sentence: four words opening it (after a list's or a quote's mark), eight words or figures
# in all
_SENTENCE = re.compile(r"^[ \t#>*-]*(?:[A-Za-z']+[ ,]+){4}")
_MIN_WORDS = 8
# what a record's line holds and a sentence does not: a table's bar, a tab, a key's colon or an
# assignment before a figure
_STRUCTURED = re.compile(r"[|│┃\t]|[:=][ \t]*[-+]?\.?\d")


def sentences_only(body: str) -> bool:
    """Whether every line of ``body`` naming acceptance is a sentence (module rules)."""
    lines = [t for t in body.split("\n") if _ACCEPT.search(t)]
    return bool(lines) and all(
        _SENTENCE.match(t) is not None
        and len(t.split()) >= _MIN_WORDS
        and _STRUCTURED.search(t) is None
        for t in lines
    )
