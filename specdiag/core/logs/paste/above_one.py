"""A length the paste says shows speculation at work once it is above one.

    Check the rank logs: `Mean acceptance length` above one confirms speculative decoding is
    active.

Plain decoding emits one token a step. A length that leaves the target's own token out is 0
where no draft is accepted, so any value above 0 would show drafts accepted; a length that
counts that token is 1 there, and only a value above 1 shows speculation working. A paste that
says its length's threshold for speculation at work is one (``above one``, ``greater than 1``,
``> 1.0``, then ``confirms``, ``means``, ``shows``, ``indicates``, ``proves``, ``signals``, then
speculation, drafting or the drafts and ``is active``, ``is working``, ``are accepted``, ...)
says its lengths count the target's own token: the paste's lengths nothing else decided are
read so (``reader._as_the_paste_says``, beside ``standard decoding (1.0)``).

A paste setting the length against one plus what drafting costs as the condition for
speculation to win says so too (``the acceptance length (a) must beat 1 plus the draft's cost``,
``needs to exceed 1 + the overhead``): the target's one pass a step costs one, and only a
length counting the target's own token wins once above one plus the drafts' cost.

A threshold of another value (``above two``, ``above zero``), a rate's name, a negation
(``does not confirm``, ``is not active``), a conjecture (``may mean``) or a verb of another
meaning leave the paste's lengths as they were. The statement is a definition, no record.

Pure: text in, the words that say it out; one search a paste, behind a cheap substring test.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

# a comparison's words, then the threshold of one ('one', '1', '1.0'; no '1.5', no '10')
_GREATER = r"(?:above|over|greater\s+than|more\s+than|higher\s+than)"
_ONE = r"(?:one|1(?:\.0+)?)(?!\d)(?![.,]\d)"
# the length's name (markup around it allowed: '`Mean acceptance length`'), perhaps a verb of
# being, the threshold of one, a verb of showing, then speculation said to be at work
_ABOVE_ONE = re.compile(
    r"(?P<name>[`*]{0,2}" + V.LENGTH_NAME_RE + r"[`*]{0,2})\s+"
    r"(?:(?:is|being|that\s+is|staying|stays)\s+)?"
    r"(?:" + _GREATER + r"|exceeding|>)\s*" + _ONE + r"\s*,?\s+"
    r"(?:confirms|means|shows|indicates|proves|signals|implies)\s+(?:that\s+)?(?:the\s+)?"
    r"(?:speculative\s+decoding|speculation|spec(?:ulative)?[- ]decod(?:e|ing)|drafting|"
    r"draft(?:er|\s+model|\s+head)?s?|mtp|eagle(?:-?\d)?)\s+"
    r"(?:is|was|are|were)\s+(?:actually\s+|really\s+|indeed\s+)?"
    r"(?:active|working|on|enabled|engaged|effective|in\s+effect|kicking\s+in|"
    r"(?:being\s+)?accepted|paying\s+off)\b",
    re.I,
)
# ... or the length (its symbol in brackets allowed) that must beat one plus a cost
_BEATS_ONE_PLUS = re.compile(
    r"(?P<name>[`*]{0,2}" + V.LENGTH_NAME_RE + r"[`*]{0,2})(?:\s*\([^()\n]{1,12}\))?\s+"
    r"(?:must|has\s+to|have\s+to|needs?\s+to)\s+"
    r"(?:beat|exceed|surpass|be\s+" + _GREATER + r")\s+" + _ONE + r"\s*(?:plus|\+)\s*[\w(]",
    re.I,
)
_WORDS_BEFORE = re.compile(r"(?:[A-Za-z][\w-]{0,30}\s+){0,2}$")
# the verbs of showing, one of which must be in the paste (the cheap test before the search)
_SHOWING = ("confirms", "means", "shows", "indicates", "proves", "signals", "implies")


def said(text: str) -> list[str]:
    """The words by which ``text`` says a length above one shows speculation at work (its
    lengths count the target's own token), in order; none where it says no such thing."""
    low = text.lower()
    found: list[re.Match[str]] = []
    if any(w in low for w in _SHOWING) and any(
        w in low for w in ("above", "over", "greater", "more than", "higher", "exceed", ">")
    ):
        found.extend(_ABOVE_ONE.finditer(text))
    if "plus" in low or "+" in low:
        found.extend(_BEATS_ONE_PLUS.finditer(text))
    out = []
    for m in found:
        # the name with up to two words before it must name a length ('mean acceptance length';
        # never a rate's 'acceptance' alone): the longest tail of them that names one
        head = text[max(0, m.start() - 64) : m.start()]
        before = _WORDS_BEFORE.search(head)
        words = C._MARKUP.sub("", (before.group(0) if before else "") + m.group("name")).split()
        if any(C.key(" ".join(words[-n:])).metric == C.LENGTH for n in range(len(words), 0, -1)):
            out.append(
                " ".join(C._MARKUP.sub("", " ".join(words) + text[m.end("name") : m.end()]).split())
            )
    return out
