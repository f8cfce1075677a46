"""A figure's cap stated in prose ('k=2 caps tok/step at 3', 'which limits the accept length to
4', 'clamped at 5 tokens per step'): a verb of capping (cap, limit, clamp) and the first number
after `at` or `to` in its clause (or, after `capped` / `limited` / `clamped` and `to` / `at`, the
figure's name and `of`: 'limited to an acceptance length of 1') is the most the figure can be, set by a setting, never what a
run measured. The span from the verb to that number is blanked before the line's pairs are read
(no record); the figures before the verb and after the number are read as before ('2.7 tok/step,
capped at 4': 2.7).

Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# the verb, then up to 40 characters of its clause (no digit, no clause end), then `at` / `to`
# and the number (the clause's characters exclude digits: one way to reach the number)
_CAPPED = re.compile(
    r"\b(?:caps?|capped|capping|clamps?|clamped|clamping|limits?|limited|limiting)\b"
    r"[^\d\n,;.!?]{0,40}?\b(?:at|to)\s*[~≈]?\s*\d+(?:\.\d+)?%?"
    # ... or the participle, `to` / `at`, then the figure's name and `of` before the number
    # ('limited to an acceptance length of 1', 'capped at a tok/step of 3'): the same cap with
    # the figure named after the preposition (the name's characters exclude digits)
    r"|\b(?:capped|limited|clamped)\s+(?:at|to)\s+(?:an?\s+|the\s+)?[A-Za-z][^\d\n,;.!?]{0,40}?"
    r"\s(?:of|at|=)\s*[~≈]?\s*\d+(?:\.\d+)?%?",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether the (lowercased) line may state a cap."""
    return "cap" in low or "limit" in low or "clamp" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each cap stated in the line."""
    for m in _CAPPED.finditer(text):
        yield m.start(), m.end(), []
