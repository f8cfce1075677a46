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

A name and its year right before the acceptance ("Harbourcon 2019 acceptance rate was 31 %")
name an edition of an event: its owner even where it opens the line (a plain capitalised word
opening a sentence is no owner; a preposition before a year, "Since 2019", names none), the
year counting as a word of the sentence's opening. An acceptance word joined to its opposite
("acceptance/rejection", "accept or reject") names a decision, no figure: it asks for no owner.
"""

from __future__ import annotations

import re

# a line that holds an acceptance word
_ACCEPT = re.compile(r"accept", re.I)
# words a year follows that name no owner ('Since 2019 acceptance ...', 'In 2020 acceptance')
_PREPOSITIONS = r"(?:In|Since|By|For|From|Until|Till|Before|After|During|Through|Of|At|On|To|Circa)"
# an acceptance word whose owner a capitalised name gives ('the Westbrook acceptance',
# "Westbrook's acceptance"), the name never opening the line but where a year follows it
_OWNED = re.compile(
    r"(?:\b(?i:the|its|their|this|that)\s+[A-Z][A-Za-z0-9-]*|(?<![\w-])[A-Z][\w-]*(?:'s|’s)"
    # (a name and its year, an event's edition, may open the line: 'Harbourcon 2019 acceptance')
    r"|(?<![\w-])(?!" + _PREPOSITIONS + r"\s)[A-Z][A-Za-z-]+\s+(?:19|20)\d\d)"
    r"\s+accept",
)
# a sentence: four words opening it (after a list's or a quote's mark; a year is a word), eight
# words or figures in all
_SENTENCE = re.compile(r"^[ \t#>*-]*(?:(?:[A-Za-z']+|(?:19|20)\d\d)[ ,]+){4}")
# an acceptance word joined to its opposite: a decision named, no figure ('acceptance/rejection
# decision', 'accept or reject')
_DECISION = re.compile(r"accept\w*\s*(?:/|\bor\b|\band\b)\s*reject", re.I)
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
        and len(_OWNED.findall(t)) == len(_ACCEPT.findall(t)) - len(_DECISION.findall(t))
        for t in lines
    )
