"""Acceptance owned by a name, told only in sentences, in a paste that speaks of no model.

In a paste whose text names no speculative word, no accept length or tokens per step, and
nothing of a language model's decoding or serving (the reader's ``no_model``), a block whose
every line naming acceptance is a sentence (four words opening it, eight in all; no table's
bar, no tab, no ``key: value`` nor ``key=value``) giving the acceptance an owner by a
capitalised name right before it ("the Westbrook acceptance rate is 23%", "Westbrook's
acceptance rate"), states that owner's acceptance: a venue's share of papers, a programme's of
applicants. No record; the block is shown as acceptance in another meaning. Lower-case words
before it ("the avg acceptance"), a key-value line or a table are left to the readers as before
(a bare paste of a run may name nothing else).
"""

from __future__ import annotations

import re

# a line that holds an acceptance word
_ACCEPT = re.compile(r"accept", re.I)
# an acceptance word whose owner a capitalised name gives ('the Westbrook acceptance',
# "Westbrook's acceptance"), the name never opening the line
_OWNED = re.compile(
    r"(?:\b(?i:the|its|their|this|that)\s+[A-Z][A-Za-z0-9-]*|(?<![\w-])[A-Z][\w-]*(?:'s|’s))"
    r"\s+accept",
)
# a sentence: four words opening it (after a list's or a quote's mark), eight words or figures
# in all
_SENTENCE = re.compile(r"^[ \t#>*-]*(?:[A-Za-z']+[ ,]+){4}")
_MIN_WORDS = 8
# what a record's line holds and a sentence does not: a table's bar, a tab, a key's colon or an
# assignment before a figure
_STRUCTURED = re.compile(r"[|│┃\t]|[:=][ \t]*[-+]?\.?\d")


def sentences_only(body: str) -> bool:
    """Whether every line of ``body`` naming acceptance is a sentence giving it an owner by a
    capitalised name (module rules)."""
    lines = [t for t in body.split("\n") if _ACCEPT.search(t)]
    return bool(lines) and all(
        _SENTENCE.match(t) is not None
        and len(t.split()) >= _MIN_WORDS
        and _STRUCTURED.search(t) is None
        and len(_OWNED.findall(t)) == len(_ACCEPT.findall(t))
        for t in lines
    )
