"""A tool's output introduced as a test fixture, a mock or dummy data: no run.

Docs and pull requests show what a tool prints with made-up numbers (``Test fixture: 1000
prompt tokens, draft 40 accepted / 8 rejected. Output of `get_timings`:`` over a JSON body).
Users also write ``Example output:`` before their own runs, so ``example`` alone decides
nothing; only words that say the values are not measured do:

- a sentence or line opening with a fixture (``Test fixture:``, ``Fixture (made up) -``,
  ``Unit-test fixture:``), or a fixture named as where the figures come from (``from the test
  fixture``, ``(test fixture)``, ``is a fixture``);
- mock or dummy data or output (``Mock output of get_timings:``, ``dummy values``, ``a mocked
  server response``); ``made-up``.

Never a fixture that was fixed or broke (``after fixing the test fixture I reran: 0.71``), nor
``mock`` as a verb of something else (``mocking the tokenizer``) without output words, nor a
part of code named dummy (``the dummy output norm for EAGLE``).

Pure: text in, the marking words out.
"""

from __future__ import annotations

import re

_MARK = re.compile(
    # a fixture introducing the figures: at a sentence's or line's start, before ':' '(' or '-'
    r"(?:^|[.!?]\s+)[\W_]*(?:(?:test|unit[- ]?test|sample|example)\s+)?fixtures?\s*[:(—–-]"
    r"|\b(?:from|in|of|using|is|are|as)\s+(?:an?|the|our|this|that)\s+(?:test\s+)?fixture\b"
    r"(?!\s+(?:bug|fix|failure|problem|issue))"
    r"|\(\s*(?:test\s+)?fixture\s*\)"
    # mock or dummy data
    r"|\b(?:mock(?:ed)?|dummy|stub(?:bed)?)\s+(?:\w+\s+)?(?:outputs?|responses?|data|values|"
    r"numbers|figures|timings|results|runs?|logs?|metrics)\b"
    # (the data itself, not a part of code: 'the dummy output norm' is a layer)
    r"(?=\s*(?:[:.,;()]|$|(?:of|for|from|below|above|here|shown|used)\b))"
    r"|\bmade[- ]up\b",
    re.I | re.M,
)


def mark(text: str) -> str | None:
    """The words of ``text`` marking its figures as a fixture's or a mock's, or None."""
    m = _MARK.search(text)
    return m.group(0).strip(" \t*_`#>:(—–-") if m is not None else None
