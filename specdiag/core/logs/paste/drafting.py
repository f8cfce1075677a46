"""Tokens a step DRAFTS, told in prose ('it drafts ~3.3 tokens/round at 0.86 acceptance'): the
drafted count per step (k, or a mean of the drafts), never a length.

The verb decides: ``drafts``, ``drafted``, ``drafting``, ``draft`` after ``we``, ``they``,
``you`` or ``to`` (a hedge such as ``on
average`` between), then a number of tokens per step (``tokens/round``, ``tokens per step``,
``draft tokens a cycle``). What a step drafts is not what it emits: a step emits the accepted
drafts and the target's own token. So the count is no accept length of any convention, and is
never read as one.

- Where a rate stands beside it (``at 0.86 acceptance``, ``at 73% accepted``, ``with a 0.73
  acceptance rate``) the rate is one run's record. Where the count is exact (``exactly 2.0``,
  or a whole number without a hedge: a setting) every step drafted that many tokens, so the
  accepted drafts per step are k x rate and the length is 1 + k x rate (the bonus counted).
  Where it is approximate or a mean (``~3.3``, ``about 3.3``, ``2.4``: a mean of variable
  drafts) the rate stands alone: no length.
- A second run set against the first (``instead of exactly 2.0 at 0.73``, ``vs 2 at 0.73``,
  ``compared to ...``), its unit left out: read alike, its own record.
- Without a rate beside it the count is read as nothing (the span is taken, so no other reader
  takes ``3.3 tokens/round`` for a length).

``restated``: a run read here whose rate the paste printed before, alone, in another record
(``acceptance 0.73`` in a row's summary, then ``instead of exactly 2.0 at 0.73`` in the sweep
notes): the same run told again. The earlier record keeps the run and takes the drafts per
step (its length then 1 + k x rate); the later one goes. Only for a rate printed with the
same digits, at least two of them significant, and an earlier record with no other figure.

Never for tokens a step emits or accepts (``emits ~3.3 tokens/round`` is a length; ``accepts
2.0 tokens/round`` is accepted tokens per step): those are other readers' (interpret.py).
Pure: text in, spans out; records in, records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, Decision, PasteRecord, decided_notes, without

# the field name under which a drafted count read here is kept (a record's fields)
DRAFTED_KEY = "drafted tokens per step"
RULE = "computed: 1 + drafted tokens per step x rate (the paste says every step drafted k)"
_NOTE = "the drafts per step from a later sentence restating this run's rate"

_HEDGE = r"(?:~|≈|about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|ca\.)"
_MEAN = r"(?:on average|an average of|a mean of|on avg\.?|in mean)"
_NUM = r"\d+(?:\.\d+)?"
_UNIT = (
    r"(?:draft(?:ed)?\s+)?(?:tokens?|toks?)\s*(?:/\s*|\s+per\s+|\s+an?\s+|\s+each\s+|\s+every\s+)"
    r"(?:(?:draft|verify|verification|decode|spec(?:ulative)?)\s+)?" + C.STEP_NOUN_RE + r"\b"
)
# an amount: a hedge or a mean word, 'exactly', then the number
_AMOUNT = (
    r"(?P<{p}mean>" + _MEAN + r"\s+)?(?P<{p}hedge>" + _HEDGE + r"\s*)?(?P<{p}exact>exactly\s+)?"
    r"(?P<{p}n>" + _NUM + r")(?![\d.]*\s*%)"
)
# a rate beside the count: 'at 0.86 acceptance', 'at 73% accepted', 'with a 0.73 acceptance rate'
_RATE = (
    r"\s*,?\s+(?:at|with)\s+(?:an?\s+)?(?:(?:draft|token)\s+)?(?:acceptance(?:\s+rate)?\s+(?:of\s+)?)?"
    r"(?P<{p}rate>~?\s*(?:\d+(?:\.\d+)?|\.\d+)(?:\s*%)?)"
    r"(?:\s+(?:(?:draft|token)\s+)?(?:acceptance(?:\s+rate)?|accept(?:ance)?\s+rate|accepted))?"
)
_FIRST = re.compile(
    # (the bare verb after a subject or 'to': 'we draft 4 tokens per step')
    r"(?:\bdraft(?:s|ed|ing)|(?:(?<=\bwe )|(?<=\bthey )|(?<=\byou )|(?<=\bto ))draft)\b"
    r"\s+(?:(?:only|just|then|now)\s+)?"
    + _AMOUNT.format(p="")
    + r"\s*"
    + _UNIT
    + r"(?:"
    + _RATE.format(p="")
    + r")?",
    re.I,
)
# a second run set against the first, its unit left out
_SECOND = re.compile(
    r"\s*,?\s*(?:instead of|rather than|vs\.?|versus|compared (?:to|with)|against|as opposed to)\s+"
    + _AMOUNT.format(p="b")
    + r"(?:\s*"
    + _UNIT
    + r")?"
    + _RATE.format(p="b"),
    re.I,
)
_RATE_NAMED = re.compile(r"accept", re.I)


def _exact(m: re.Match[str], p: str) -> C.Value | None:
    """The drafted count where every step drafted it: 'exactly N', or a whole number with no
    hedge and no mean word (a setting)."""
    if m.group(p + "hedge") or m.group(p + "mean"):
        return None
    n = m.group(p + "n")
    if m.group(p + "exact") or "." not in n:
        return C.value(n)
    return None


def _rate(m: re.Match[str], p: str, named: bool) -> C.Value | None:
    txt = m.group(p + "rate")
    if txt is None:
        return None
    # a bare number after 'at' is a rate only where acceptance is named beside it (or beside
    # the first run's, for the second run set against it)
    if not named and not _RATE_NAMED.search(m.group(0)):
        return None
    v = C.value(txt)
    if v is None or v.number < 0 or (not v.percent and v.number > 1) or v.number > 100:
        return None
    return v


def _items(m: re.Match[str], p: str, named: bool = False) -> list[tuple[C.Key, C.Value, str, str]]:
    rate = _rate(m, p, named)
    out: list[tuple[C.Key, C.Value, str, str]] = []
    if rate is None:
        return out
    out.append((C.Key(C.RATE, "acceptance", rate.percent), rate, "acceptance", m.group(p + "rate")))
    k = _exact(m, p)
    if k is not None and 1 <= k.number <= C.MAX_STEP_TOKENS:
        out.append((C.Key(C.K, DRAFTED_KEY, False), k, DRAFTED_KEY, m.group(p + "n")))
    return out


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of every drafted count per step in a line, with its rate and the
    exact count where the line gives them; a span with no items is only taken."""
    for m in _FIRST.finditer(text):
        items = _items(m, "")
        end = m.end()
        yield m.start(), end, items
        second = _SECOND.match(text, end) if items else None
        if second is not None:
            yield end, second.end(), _items(second, "b", named=True)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a count (cheap test before the regex)."""
    return "draft" in low and ("token" in low or "tok" in low)


def _rate_text(r: PasteRecord) -> str | None:
    return next((v for n, v in r.fields if n == "acceptance"), None)


def _significant(txt: str) -> bool:
    digits = re.sub(r"\D", "", txt).lstrip("0")
    return len(digits) >= 2


def restated(
    records: list[PasteRecord], block_of: list[int]
) -> tuple[list[PasteRecord], list[int]]:
    """Records read here that restate a run printed before (its rate alone, the same digits):
    the earlier record takes the drafts per step, the later one goes (``block_of``: each
    record's block, kept in step)."""
    if not any(n == DRAFTED_KEY for r in records for n, _ in r.fields):
        return records, block_of
    out = list(records)
    drop: set[int] = set()
    for j, r in enumerate(out):
        k = next((v for n, v in r.fields if n == DRAFTED_KEY), None)
        said = _rate_text(r)
        if k is None or said is None or r.printed_rate is None or not _significant(said):
            continue
        for i in range(j):
            e = out[i]
            if (
                i in drop
                or e.printed_rate is None
                or e.printed_length is not None
                or e.accept_length is not None
                or e.accepted_tokens is not None
                or e.drafted_tokens is not None
                or e.steps is not None
                or e.per_position
                or len(e.fields) != 1
                or e.fields[0][1].strip().lstrip("~≈").strip() != said.strip().lstrip("~≈").strip()
                or any(n == DRAFTED_KEY for n, _ in e.fields)
            ):
                continue
            if r.accept_length is None:
                break
            out[i] = dataclasses.replace(
                e,
                accept_length=r.accept_length,
                bonus=Decision(INCLUDED, RULE),
                fields=(*e.fields, (DRAFTED_KEY, k)),
                notes=(*decided_notes(e.notes), _NOTE),
            )
            drop.add(j)
            break
    return without(out, block_of, drop)
