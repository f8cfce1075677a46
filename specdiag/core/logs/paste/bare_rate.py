"""A rate said measured, with no measure's name before it (`at the corrected Model-7 rate of
0.485`, `the measured rate was 61%`): in a paste about speculative decoding that names
acceptance and no other rate anywhere, the paste's rate is the acceptance rate; the reader takes
it as if `acceptance` were written before `rate`.

Read only where:

- the paste names speculation (a method, drafting: ``vocab.SPECULATIVE``) and acceptance (the
  caller's test, once a paste);
- every `rate` of the paste (`rates`, `_rate` in an identifier too) is either an acceptance's
  (`accept`, `acceptance`, `accepted` right before it) or one of these phrases: a paste that
  names a learning rate, an error rate, a hit rate, a request rate, ... leaves its bare rates as
  they are (:func:`only_acceptance_rates`, one pass over the paste);
- the phrase is an article (`the`, `its`, `our`, `a`), a word saying the value was measured
  (`corrected`, `measured`, `observed`, `re-measured`, `actual`, `real`, `true`), perhaps one
  identifier holding a digit (a model or run: `Model-7`, `v2`), `rate`, then `of`, `was`,
  `is`, `=` or `:` and the value: a fraction of at most 1 (`0.485`, `.61`) or a
  percentage, not the start of a range (`0.50-0.53`) or of a product (`0.4x`).

`the corrected learning rate of 0.0004`, `the measured rate of 3.2 tok/s`, a rate phrase with
no measuring word (`a rate of 0.5 would do`) or a value above 1 are left as they were.

Pure: a paste in, a bool out; a line in, the line (perhaps with the name written) out; linear:
one pass of a pattern opening on `rate`, its front looked up in a window of 80 characters before
each match holding a measuring word (a paste without one is never searched).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import vocab as V

# the phrase's end: 'rate', the verb or sign, the value (a literal first: one fast pass)
_VALUE_AFTER = re.compile(
    r"rate[ \t]*(?:(?:of|was|is)[ \t]+|[=:][ \t]*)[~≈]?"
    r"(?:\d{1,3}(?:\.\d+)?[ \t]?%|0?\.\d+|1\.0+)"
    r"(?![\w.%/]|[ \t]?[-–—][ \t]?\d|[ \t]?[x×])",
    re.I,
)
# the phrase's start, right before 'rate' (looked up in a window before each match above)
_FRONT = re.compile(
    r"(?<![\w-])(?:the|its|our|their|a)[ \t]+"
    r"(?:corrected|measured|observed|re-?measured|actual|real|true)[ \t]+"
    r"(?:[A-Za-z][A-Za-z.-]*\d[\w.-]*[ \t]+)?\Z",
    re.I,
)
_WINDOW = 80
# the measuring words as the phrase writes them (a cheap test of a paste first)
_MEASURING = ("corrected ", "measured ", "observed ", "actual ", "real ", "true ")
# every rate the paste names: the word alone or in an identifier ('learning_rate', 'rate_limit')
_RATE = re.compile(r"(?<![a-z])rates?(?![a-z])", re.I)
# an acceptance's rate: 'accept', 'acceptance', 'accepted' right before it ('accept_rate' too)
_ACCEPTANCE_BEFORE = re.compile(r"accept(?:ance|ed)?[ \t_-]*$", re.I)


def _phrases(text: str) -> list[int]:
    """Where each such phrase's 'rate' starts in ``text``."""
    out = []
    for m in _VALUE_AFTER.finditer(text):
        s = m.start()
        if s and text[s - 1].isalpha():
            continue
        window = text[max(0, s - _WINDOW) : s]
        low = window.lower()
        if any(w in low for w in _MEASURING) and _FRONT.search(window):
            out.append(s)
    return out


def only_acceptance_rates(text: str) -> bool:
    """Whether the paste names speculation, and every rate it names is an acceptance's or one of
    the measured phrases (see the module); False where no such phrase is."""
    low = text.lower()
    if "rate" not in low or not any(w in low for w in _MEASURING):
        return False
    phrases = set(_phrases(text))
    if not phrases or not V.SPECULATIVE.search(text):
        return False
    for m in _RATE.finditer(text):
        if m.start() in phrases:
            continue
        if _ACCEPTANCE_BEFORE.search(text, max(0, m.start() - 16), m.start()) is None:
            return False
    return True


def rewrite(text: str) -> str:
    """The line with `acceptance` written before each such phrase's `rate`."""
    if "rate" not in text.lower():
        return text
    out: list[str] = []
    last = 0
    for at in _phrases(text):
        out.append(text[last:at])
        out.append("acceptance ")
        last = at
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
