"""A figure told in passing inside a bracket still open before its value, then told again.

Prose often names a run's figure in an aside before it reports the run (`the fix held but cut
the rates down (tok/step ~2.9; see the earlier thread)`, later `... rates 70/52/38, tok/step
2.9`), or names it in a bracket and again in the same sentence (`estimated from the head's
counters (tok/step=2.9, ...) and 2.9 tok/step at 88% accept`). The bracket's words name the
figure (`interpret.key_of`); the aside is the same run's figure told twice, never another run.

- In one run of lines read together (a sentence, a key-value run): a second value of a figure
  the run already holds, the same figure printed digit for digit (an approximate mark aside),
  where the line prints it first inside a bracket still open there, named in the bracket
  (`(tok/step=2.9, ...`), and again after that bracket closes, in no bracket, is that figure
  told again: one record, the field kept (``told_again``).
- Across the paste: a record of one line whose every figure was named inside a bracket (ASCII
  or full-width, `（`) still open before its value (a bracket holding the value alone, `mode
  (0.61)`, is none), with no counts, labels or per-position rates of its own, whose figures
  exactly one other record on another line prints digit for digit (the same measure, the same
  decimals), is that record's run told in passing: it goes, the other noting it (``fold``).
  Labels the bracket itself sets beside the figure (`(TP=4, K=3, chat prompts, acceptance
  ~3.2)`: `K=3`, name and value) are the told run's settings, no run of their own: such a
  record folds too, where the other record has no label the bracket does not set.

Two values that differ, the two values inside one bracket, one value joined to itself as a
change's or a comparison's ends ('(2.4 → 2.4)', '2.4 vs 2.4': two runs alike), no bracket on
either side (two runs may print the same value), or two other records printing the figure leave
the records as they were.

Pure: records in, records out; one index of the paste's figures, built once.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import PasteRecord, without

_PROSE = ("prose", "key-value")
NOTE = "told in passing at line {line}, in a bracket ({text})"


def open_bracket(label: str) -> bool:
    """Whether a field's name ends inside a bracket still open, words after its opening ('...
    cut the rates (tok/step'); a bracket holding the value alone ('in sampled mode (') is a
    value's bracket, no aside."""
    cut = max(label.rfind(o) for o in _OPENS)
    if cut <= max(label.rfind(c) for c in _CLOSES):
        return False
    return _WORD.search(label, cut + 1) is not None


_WORD = re.compile(r"[^\W\d_]")
# brackets, ASCII and full-width ('（tok/step ~2.6' in a paste of CJK prose)
_OPENS = ("(", "[", "（")
_CLOSES = (")", "]", "）")


def bracketed_in(line: str, text: str) -> bool:
    """Whether the first place ``line`` prints the value ``text`` is inside a bracket still
    open there ('... counters (tok/step 2.7, ...'): one bounded search on the line."""
    num = C._MARKUP.sub("", text).strip().lstrip("~≈ ").rstrip("% ")
    if not num:
        return False
    m = re.search(r"(?<![\d.])" + re.escape(num) + r"(?![\d])", line)
    return m is not None and open_bracket(line[: m.start()])


def _joined(line: str, text: str) -> bool:
    """Whether ``line`` joins the value to itself as a change's or a comparison's two ends
    ('(2.4 → 2.4)', '2.4 vs 2.4', '2.4/2.4'): two runs of one value, never one told twice."""
    num = re.escape(C._MARKUP.sub("", text).strip().lstrip("~≈ ").rstrip("% "))
    if not num:
        return False
    both = re.compile(
        rf"(?<![\d.]){num}%?[*`]{{0,2}}[)\]]?\s*(?:{V.ARROW}|\bto\b|\bvs\.?|\bversus\b|/)"
        rf"\s*[*`]{{0,2}}[~≈]?\s?{num}(?!\d)",
        re.I,
    )
    return both.search(line) is not None


def _printed(text: str) -> tuple[float, bool, int] | None:
    v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
    if v is None or v.max is not None:
        return None
    return (v.number, v.percent, v.decimals)


def told_again(
    fields: list[tuple[str, str]],
    metric_of: dict[str, str | None],
    metric: str,
    vt: str,
    line: str,
) -> bool:
    """Whether a second value ``vt`` of ``metric`` on ``line`` restates the value a field of
    the run holds (see the module's rules). ``metric_of``: each field name's
    metric."""
    said = _printed(vt)
    if said is None or _joined(line, vt):
        return False
    return any(
        metric_of.get(label) == metric and _printed(text) == said for label, text in fields
    ) and _aside_closed(line, vt)


def _aside_closed(line: str, text: str) -> bool:
    """Whether ``line`` prints the value first inside a bracket still open there, and again
    after that bracket is closed ('(tok/step=2.9, ...). ... 2.9 tok/step')."""
    num = C._MARKUP.sub("", text).strip().lstrip("~≈ ").rstrip("% ")
    if not num:
        return False
    pat = re.compile(r"(?<![\d.])" + re.escape(num) + r"(?!\d)")
    first = pat.search(line)
    if first is None or not open_bracket(line[: first.start()]):
        return False
    again = pat.search(line, first.end())
    if again is None:
        return False
    before = line[: again.start()]
    # (closed before the second, which stands in no bracket of its own: '(small, 2.4')
    return max(before.rfind(o) for o in _OPENS) < max(before.rfind(c) for c in _CLOSES)


def _figures(r: PasteRecord) -> set[tuple[float, bool, int]]:
    return {p for _, text in r.fields if (p := _printed(text)) is not None}


def _aside(r: PasteRecord, raw: list[str]) -> bool:
    """Whether every field of a one-line record is named, or printed, in a bracket still open
    before its value."""
    if r.first_line != r.last_line or not 0 < r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    if not any(o in line for o in _OPENS):
        return False  # (no bracket on the line: no aside)
    return all(
        open_bracket(C._MARKUP.sub("", label)) or bracketed_in(line, text)
        for label, text in r.fields
    )


def _bracket_labels(r: PasteRecord, raw: list[str]) -> bool:
    """Whether every label of a one-line record is a setting written in the very bracket its
    figure is told in ('(TP=4, K=3, chat prompts, acceptance ~3.2)': K=3 the aside's own item),
    each as its name and value joined by '=', ':' or a space: the settings of the run the aside
    tells, never a run of its own."""
    if r.first_line != r.last_line or not 0 < r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    spans = []
    for _, text in r.fields:
        num = C._MARKUP.sub("", text).strip().lstrip("~≈ ").rstrip("% ")
        m = re.search(r"(?<![\d.])" + re.escape(num) + r"(?!\d)", line) if num else None
        if m is None:
            return False
        start = max(line.rfind(o, 0, m.start()) for o in _OPENS)
        if start < 0 or max(line.rfind(c, 0, m.start()) for c in _CLOSES) > start:
            return False
        spans.append(line[start : m.start()])
    return all(
        any(
            re.search(
                r"(?<![\w-])" + re.escape(name) + r"\s*[=: ]\s*" + re.escape(value) + r"(?![\w.])",
                span,
                re.I,
            )
            for span in spans
        )
        for name, value in r.labels
    )


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each record told in passing in a bracket (see the module's rules),
    the record it restates noting it."""
    asides = [
        i
        for i, r in enumerate(records)
        if r.structure in _PROSE
        and r.fields
        and (not r.labels or _bracket_labels(r, raw))
        and not r.per_position
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
        and (r.printed_length is not None or r.printed_rate is not None)
        and _aside(r, raw)
    ]
    if not asides:
        return records, block_of
    # the records printing each figure (length or rate, its printed value): built once
    by_figure: dict[tuple[str, float], list[int]] = {}
    for j, o in enumerate(records):
        if o.printed_length is not None:
            by_figure.setdefault(("length", o.printed_length), []).append(j)
        if o.printed_rate is not None:
            by_figure.setdefault(("rate", o.printed_rate), []).append(j)
    drop: set[int] = set()
    out = list(records)
    for i in asides:
        r = records[i]
        wanted = [
            (kind, x)
            for kind, x in (("length", r.printed_length), ("rate", r.printed_rate))
            if x is not None
        ]
        others: set[int] | None = None
        for key in wanted:
            hits = {
                j
                for j in by_figure.get(key, [])
                if j != i and j not in drop and records[j].first_line != r.first_line
            }
            others = hits if others is None else others & hits
        if not others or len(others) != 1:
            continue
        (j,) = others
        if j in asides:
            continue  # (two asides alike: no fuller report of the run)
        if not set(records[j].labels) <= set(r.labels):
            continue  # (the other record labelled otherwise: another run's)
        if not _figures(r) <= _figures(records[j]):
            continue  # (printed at other decimals: not told digit for digit)
        drop.add(i)
        text = ", ".join(C._MARKUP.sub("", t).strip() for _, t in r.fields)
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line, text=text))
        )
    return without(out, block_of, drop)
