"""What a method or library usually gives, said in the present, is no run: `this typically
yields ~2x throughput at ~75% draft acceptance`, `the MTP head usually gives about 0.7
acceptance`, `it generally achieves 2.6 tokens per step`. A generic adverb (`typically`,
`usually`, `generally`, `normally`, `commonly`, `tends to`) right before a verb of giving or
reaching (`yield`, `give`, `get`, `reach`, `achieve`, `deliver`, `provide`, `produce`, `hit`,
`land`) states what the thing does in general (a doc's claim), never a figure measured: the
clause from the adverb to its end (`.`, `;`, `!`, `?`, a line's end) is blanked before the
line's pairs are read. A sentence saying the figure is the case shown (`we`, `I`, `our`,
`here`, `in this run`, `measured`, `observed`) is read as before, and so is the same verb
without the adverb (`this run yields 75% acceptance`): forecasts of a change are forecast.py's.

Pure: text in, spans out (one linear pattern a line, gated by the adverb's substring).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# the adverb, the verb of giving (any person or tense of the present), then the rest of the
# clause: no sentence end in it
_TYPICAL = re.compile(
    r"\b(?:typically|usually|generally|normally|commonly|tends?\s+to)\s+"
    r"(?:yield|give|get|reach|achieve|deliver|provide|produce|hit|land)(?:s|es)?\b"
    r"(?:(?![;!?]|\.(?:\s|$))[^\n]){0,160}",
    re.I,
)
# words that make the sentence the case shown, a figure measured (looked for in the sentence)
_CASE = re.compile(
    r"\b(?:we|I|our|my|here|measured|observed|in\s+this\s+(?:run|case|test|setup))\b", re.I
)
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


def hinted(low: str) -> bool:
    """Whether the (lowercased) line may hold a generic adverb."""
    return any(
        w in low for w in ("typically", "usually", "generally", "normally", "commonly", "tend")
    )


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``at`` begins (after the last sentence end before it)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each clause stating what a thing typically gives."""
    for m in _TYPICAL.finditer(text):
        if _CASE.search(text, _sentence_start(text, m.start()), m.end()):
            continue
        yield m.start(), m.end(), []


def within(text: str, at: int) -> bool:
    """Whether the value at ``at`` lies in a clause stating what a thing typically gives (the
    readers of a value printed before its name ask this; ``spans`` serves the keyed pairs)."""
    low = text.lower()
    return hinted(low) and any(s <= at < e for s, e, _ in spans(text))
