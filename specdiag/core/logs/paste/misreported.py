"""A figure the paste asserts is wrong (a statistics bug) is no measurement, and counts under a
bare ``Accepted`` key in a paste that never speaks of speculation are another meaning.

- **asserted wrong**: the figure is what a tool wrongly reports, not what a run measured:
  ``we always incorrectly report 100% acceptance rate``, ``the counter wrongly shows the
  acceptance rate as 100%`` (an error adverb before the verb that reports the figure); ``the
  stats always report 100%``, ``it just shows 0% acceptance`` (a rate stuck at a bound,
  reported again and again); ``a wrong acceptance rate of 100%`` (an error word on the
  figure's name); ``acceptance rate reports 0% because of a bug`` (a bound, 0% or 100%, in a
  sentence naming a bug, an error or a wrong figure, or calling a figure an artifact: ``the 0%
  acceptance is likely a layout artifact``, ``the 100% acceptance artifact``; never ``not an
  artifact`` nor a build's ``CI artifact``). The value is blanked from the line, so
  no reader takes it. A figure corrected to its actual value (corrected.py: ``show 100% when
  it was actually 81.6%``) is rewritten before this and keeps its actual value; a low figure
  called bad (``a bad acceptance rate of 12%``) is a measurement and stays.
- **counts under a bare 'Accepted' key**: ``Accepted: 49/244`` (proofs, pull requests, papers
  accepted) is a draft-token count only where the paste speaks of speculation somewhere (a
  speculative word, ``draft``, the accept length's name); otherwise the record, counts alone,
  is not one (:func:`bare_counts`).

Pure: a line in, a line out; a record in, a verdict out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord

_NUMBER = r"\d+(?:\.\d+)?(?:\s*%)?"
_BOUND = r"(?:100(?:\.0+)?\s*%|0(?:\.0+)?\s*%|1\.0+|0\.0+)(?![\d.])"
_NAME = r"(?:draft\s+|token\s+)?accept(?:ance|ed)?(?:[ _](?:rate|ratio|length|len))?"
_REPORT = r"(?:report|show|print|display|log|say|give|claim|comput|count|calculat)\w*"

# an error adverb before the verb that reports the figure, then the figure within a few words
_WRONGLY = re.compile(
    r"\b(?:incorrectly|wrongly|erroneously|falsely|mistakenly|bogusly|inaccurately)\s+"
    r"(?:\w+\s+){0,2}?" + _REPORT + r"\s+(?:(?:an?|the|its|our|their)\s+)?"
    r"(?:[\w-]+\s+){0,4}?(?:as\s+|at\s+|of\s+)?[~≈]?\s*(?P<v>" + _NUMBER + r")",
    re.I,
)
# a rate stuck at a bound, reported again and again
_STUCK = re.compile(
    r"\b(?:always|still|just|only\s+ever|constantly)\s+" + _REPORT + r"\s+(?:(?:an?|the)\s+)?"
    r"(?:" + _NAME + r"\s+(?:(?:of|as|at)\s+)?)?(?P<v>" + _BOUND + r")",
    re.I,
)
# an error word on the figure's name ('a wrong acceptance rate of 100%', 'the incorrect 100%
# acceptance rate'); never 'bad' (a low figure called bad is still measured)
_WRONG_NAME = re.compile(
    r"\b(?:wrong|incorrect|bogus|broken|buggy|misreported|erroneous)\s+(?:"
    + _NAME
    + r"\s*(?:[:=(]|\bof\b|\bis\b|\bwas\b|\bas\b)?\s*[~≈]?\s*(?P<v>"
    + _NUMBER
    + r")|(?P<w>"
    + _NUMBER
    + r")\s+"
    + _NAME
    + r")",
    re.I,
)
# a sentence naming a bug or a wrong figure: its bounds (0%, 100%) are the bug's
_ERROR_WORD = re.compile(
    r"\bbug(?:s|gy)?\b|\bincorrect(?:ly)?\b|\bwrong(?:ly)?\b|\bbroken\b|\bbogus\b|\berroneous(?:ly)?\b",
    re.I,
)
# an error adjective and the noun it qualifies ('a broken image', 'the wrong KV layout', 'a buggy
# kernel'), past a speculative word ('wrong draft acceptance'): a thing of the run where that noun
# names no figure (_FIGURE_NOUN): the run was measured with it, its figures measured all the same
_ERROR_ADJECTIVE = re.compile(
    r"(?:broken|buggy|wrong|incorrect|bogus|erroneous)\s+(?:(?:draft|token|spec\w*|mtp)\s+)?"
    r"(?P<noun>[A-Za-z][\w-]*)",
    re.I,
)
# the nouns that make such an adjective the figure's ('wrong rate', 'bogus numbers', 'broken
# stats', 'incorrect metrics', 'a buggy counter')
_FIGURE_NOUN = re.compile(
    r"(?:accept|rate|ratio|length|len$|al$|value|number|figure|stat|metric|result|report|count|"
    r"reading|output|percent|total|average|mean|tau$|τ)",
    re.I,
)


# an error word said after the thing it qualifies ('MTP broken', 'the draft head is broken', 'the
# fp4 quant was buggy'): the noun right before it (a copula or two between), perhaps closing
# emphasis or a quote; a speculative word before the error word names the thing itself
_THING_BEFORE = re.compile(
    r"(?<![\w-])(?P<noun>[A-Za-z][\w.-]{0,40})[*_`'\"]{0,2}\s+"
    r"(?:(?:is|was|are|were|looks|seems|got|gets|became|now|still|completely|totally)\s+){0,2}$",
    re.I,
)
# a word that is no thing of the run before an error word ('is broken' after 'it', 'this')
_NO_THING = re.compile(
    r"(?:it|this|that|they|these|those|something|everything|which|and|or)$", re.I
)


# an issue title's category before its colon ('Misc. bug:', 'Eval bug:', '# Bug:') or in its
# template's brackets ('[Bug]:', '[BUG]'): the kind of report the line opens, no word on the
# figures after it
_BUG_CATEGORY = re.compile(
    r"^[#>\s]*(?:\[\s*(?:[A-Za-z][\w.-]{0,20}\s+){0,2}?bugs?\s*\]\s*:?"
    r"|(?:[A-Za-z][\w.-]{0,20}\s+){0,2}?bugs?\s*:)",
    re.I,
)


def _of_a_thing(line: str, m: re.Match[str]) -> bool:
    """Whether the error word ``m`` qualifies a thing of the run, not a figure: an adjective
    before its noun (``_ERROR_ADJECTIVE``), or said after it (``_THING_BEFORE``: 'MTP broken: 0%
    acceptance', the drafts measured with it)."""
    adj = _ERROR_ADJECTIVE.match(line, m.start())
    if adj is not None:
        return _FIGURE_NOUN.match(adj.group("noun")) is None
    if m.group(0).lower() != "broken" and not m.group(0).lower().startswith("bugg"):
        return False  # ('bug', 'wrong', 'incorrect' after a noun: of the figure as often)
    before = _THING_BEFORE.search(line, max(0, m.start() - 60), m.start())
    return (
        before is not None
        and _FIGURE_NOUN.match(before.group("noun")) is None
        and _NO_THING.match(before.group("noun")) is None
    )


# a figure called an artifact (a spurious reading, no run's value): the noun after a copula or
# 'as', an article and up to three words ('is an artifact', 'flagged as a possible layout
# artifact'), or right after the figure's name ('the 100% acceptance artifact'); never negated
# ('is not an artifact', 'was no artifact') nor a build's file ('a CI artifact', 'the artifact
# upload')
_ARTIFACT = re.compile(
    r"(?:\b(?:is|was|are|were|be|been|being|as)\s+(?:(?:an?|the)\s+)?"
    r"(?:(?!(?:not|no|build|ci|release|workflow)\b)[\w-]+\s+){0,3}?"
    r"|\baccept(?:ance|ed)?(?:[ _](?:rate|ratio|length|len))?\s+)"
    r"art[ie]facts?\b(?!\s+(?:upload|download|stor|registr|path|name|file|dir))",
    re.I,
)
_BOUND_VALUE = re.compile(r"(?<![\w.])" + _BOUND)
# (a full stop inside closing emphasis ends its sentence too: '**The bug.** The rate ...', a bold
# lead labelling the paragraph, no part of the sentence after it)
_SENTENCE_END = re.compile(r"[.!?;][*_]{0,2}(?=\s|$)")
_QUICK = re.compile(
    r"incorrect|wrong|erroneous|falsely|mistakenly|bogus|inaccurate|always|still|just|only ever|"
    r"constantly|broken|bug|misreported|artifact|artefact",
    re.I,
)


def _sentences(line: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _SENTENCE_END.finditer(line):
        out.append((start, m.end()))
        start = m.end()
    out.append((start, len(line)))
    return out


def blank(line: str) -> str:
    """``line`` with every figure it asserts is wrong blanked (spaces, the same length)."""
    if "accept" not in line.lower() or _QUICK.search(line) is None:
        return line
    spans: list[tuple[int, int]] = []
    for pat in (_WRONGLY, _STUCK, _WRONG_NAME):
        for m in pat.finditer(line):
            g = "v" if m.group("v") is not None else "w"
            spans.append(m.span(g))
    category = _BUG_CATEGORY.match(line)
    cat_end = category.end() if category is not None else -1
    for a, b in _sentences(line):
        if "accept" not in line[a:b].lower() or not (
            any(
                not _of_a_thing(line, m) and m.end() > cat_end
                for m in _ERROR_WORD.finditer(line, a, b)
            )
            or _ARTIFACT.search(line, a, b)
        ):
            continue
        spans.extend(m.span() for m in _BOUND_VALUE.finditer(line, a, b))
    for a, b in spans:
        line = line[:a] + " " * (b - a) + line[b:]
    return line


BARE_COUNTS = (
    "counts under a bare 'Accepted' key in a paste that never speaks of speculation: another "
    "meaning (proofs, pull requests, papers accepted)"
)
_BARE_ACCEPTED = re.compile(r"(?:^|[^\w])accepted\W*$", re.I)
_NAMED_COUNT = re.compile(r"draft|token|spec|mtp|eagle|medusa|n_?accept", re.I)


def bare_counts(r: PasteRecord) -> bool:
    """Whether a record is counts alone read under a bare 'Accepted' key ('Accepted: 49/244'):
    no rate, no length, no per-position figure, and every field's key ends with the bare word
    'accepted' and names no draft or token."""
    if (
        r.printed_rate is not None
        or r.printed_length is not None
        or r.per_position
        or r.accepted_tokens is None
        or not r.fields
    ):
        return False
    for name, _ in r.fields:
        plain = C._MARKUP.sub("", name)
        if _BARE_ACCEPTED.search(plain) is None or _NAMED_COUNT.search(plain[-40:]):
            return False
    return True
