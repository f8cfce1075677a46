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

Placeholder numbers typed by a person filling an example (``1234``, ``2.345``, ``5678.90``,
``54.321``: digits each one above, or each one below, the last, ``9`` then ``0`` going on) are
no measurement either: where a block prints three such numbers of four digits or more, each
line holding one is marked (a real figure's digits run so one time in hundreds: three in one
block are typed; a lone ``seed 1234`` marks nothing).

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


_NUMBER = re.compile(r"(?<![\w.])\d[\d.,]*\d(?![\w])")
PLACEHOLDERS = 3  # the typed runs a block prints before its lines holding them are marked


def _typed_run(number: str) -> bool:
    """Whether ``number``'s digits (four or more) each step one up, or each one down, from the
    last ('2.345', '5678.90', '54.321')."""
    d = [int(c) for c in number if c.isdigit()]
    if len(d) < 4:
        return False
    steps = {(b - a) % 10 for a, b in zip(d, d[1:], strict=False)}
    return steps in ({1}, {9})


def placeholder_lines(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) holding a typed run of digits, each with the
    number, where the block holds :data:`PLACEHOLDERS` of them or more; else nothing."""
    typed = [
        (i, m[0]) for i, t in enumerate(lines) for m in _NUMBER.finditer(t) if _typed_run(m[0])
    ]
    if len({n for _, n in typed}) < PLACEHOLDERS:
        return {}
    return {i: f"placeholder number {n}" for i, n in reversed(typed)}


# a file named as a template ('saved to `out/run_<host>_<port>.json`:'): a name with a
# placeholder in angle brackets and an extension, what any run writes
_TEMPLATE_FILE = re.compile(
    r"[\w./-]*<[A-Za-z_][\w-]{0,30}>[\w./<>-]*\.(?:json|jsonl|txt|log|csv|ya?ml)\b"
)
# an elision standing for members or items ('"x": 1, ... }', '[ ... ]', a line of '...')
_ELIDED = re.compile(r"[{\[,]\s*(?:\.\.\.|…)|(?:\.\.\.|…)\s*[}\]]|^\s*(?:\.\.\.|…)\s*,?\s*$", re.M)


def format_example(title: str, body: str) -> str | None:
    """The template file's name where ``title`` (the line right above a block) names a file
    as a template (a placeholder in angle brackets) and the block elides members with '...':
    the documented format of what a program writes, no run; else None."""
    t = _TEMPLATE_FILE.search(title)
    if t is None or _ELIDED.search(body) is None:
        return None
    return f"a format's example: {t.group(0)}"
