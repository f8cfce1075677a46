"""A title's figure that the body gives only as a range's end.

A post's title sums its finding in one number (`Reusing a draft on a sibling model (93%
acceptance)`), while the body measures it as a range (`... the sibling model gets 91-93%
acceptance, roughly what the original gets`). The title's value is the range told by one of its
ends, not a run of its own, and a range in a sentence is no record: where a prose record of the
paste's first line (its title) prints one figure alone (a length or a rate, no counts, labels or
per-position rates), no other record prints that figure's value, and every later telling of the
value digit for digit is an end of a range (`91-93%`, `91–93%`, `91 to 93%`; a `%` on the last
end counts for both) with a name of the same acceptance figure right after it or right before
it (`93%` of the title and `91-93% acceptance`, `acceptance of 91-93%`), the title's record is
set aside, saying which line gives the range.

A value the body also prints alone (a run measured at that value), a value inside the range
but at neither end (`92%` over `91-93%`), a range of another measure (`91-93% GPU use`), a
range at other decimals or another unit (`0.93` over `91-93%`), or a title printing counts keep
the title's record.

Pure: records and the paste's lines in, the set-aside records out; searched once a paste, only
where its title prints a record.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import named_again as NA
from specdiag.core.logs.paste.model import PasteRecord

REASON = "the title's figure restating the end of the range at line {line}: no run of its own"
# a range of two values: 'a-b', 'a–b', 'a—b' or 'a to b', a '%' on either end or both
_RANGE = re.compile(
    r"(?<![\w.])(?P<a>\d+(?:\.\d+)?)(?P<pa>\s?%)?\s?(?:-|–|—|\bto\b)\s?"
    r"(?P<b>\d+(?:\.\d+)?)(?P<pb>\s?%)?(?!\w|\.\d)"
)
_WORD = re.compile(r"[A-Za-z][\w-]*")
_LINK = re.compile(r"\s*(?:\b(?:of|is|was|at|around|about)|[:=~≈])\s*$", re.I)


def _shown(r: PasteRecord) -> str | None:
    """The record's one figure as printed ('93%', '2.41'), where it prints a length or a rate
    alone, no counts, labels or per-position rates; else None."""
    return None if r.labels else NA.lone_figure(r)


def _named(text: str, m: re.Match[str], metric: str) -> bool:
    """Whether a name of the figure (one to four words) comes right after the range or right
    before it (perhaps then `of`, `is`, `:`)."""
    tail = text[m.end() :]
    after = _WORD.findall(tail[:60])
    if tail.lstrip()[:1].isalpha() and any(
        C.key(" ".join(after[:k])).metric == metric for k in range(1, 5)
    ):
        return True
    head = _LINK.sub("", text[: m.start()])
    before = _WORD.findall(head[-60:])
    return head[-1:].isalpha() and any(
        C.key(" ".join(before[-k:])).metric == metric for k in range(1, 5)
    )


def restated(records: list[PasteRecord], raw: list[str]) -> dict[int, int]:
    """The title's record (its index) whose figure the body gives only as a range's end, with
    the range's line (see the module's rules); empty for none."""
    first = next((n for n, t in enumerate(raw, 1) if t.strip()), 0)
    out: dict[int, int] = {}
    for i, r in enumerate(records):
        if r.first_line != first or r.last_line != first or r.structure != "prose":
            continue
        shown = _shown(r)
        metric = C.key(C._MARKUP.sub("", r.fields[0][0])).metric if shown else None
        if shown is None or metric not in C.ACCEPTANCE:
            continue
        same = [
            o
            for o in records
            if o is not r
            and (
                (r.printed_rate is not None and o.printed_rate == r.printed_rate)
                or (r.printed_length is not None and o.printed_length == r.printed_length)
            )
        ]
        if same:
            continue  # (another record prints it: other rules decide)
        pct = shown.endswith("%")
        num = shown.rstrip("%")
        value = re.compile(r"(?<![\w.])" + re.escape(num) + (r"\s?%" if pct else r"(?![\d%]|\.\d)"))
        at: int | None = None
        alone = False
        for n in range(first + 1, len(raw) + 1):
            text = C._MARKUP.sub("", raw[n - 1])
            spans: list[tuple[int, int]] = []
            for m in _RANGE.finditer(text):
                percent = m.group("pb") is not None
                if m.group("pa") is not None and not percent:
                    continue  # ('91% to 93': a share, then a number)
                if percent != pct or num not in (m.group("a"), m.group("b")):
                    continue
                if not _named(text, m, metric):
                    continue
                spans.append(m.span())
            # (a lone telling, or an end of a range of no such figure: a run, another measure)
            alone = alone or any(
                not any(s <= v.start() < e for s, e in spans) for v in value.finditer(text)
            )
            if spans and at is None:
                at = n
        if at is not None and not alone:
            out[i] = at
    return out
