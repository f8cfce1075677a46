"""A lead sentence telling a run's figures before the line that reports them.

A post often opens with its finding, figures and all (`**The head holds up on the new card: 52%
acceptance, 2.31 accepted tok/step, same as before.**`), then gives the result line they come
from (`Result: 2.31 tokens/step (30 steps for 69 tokens) | acceptance 52% (41/79)`). The lead is
that run told first: where a one-line record of prose (no counts, labels or per-position rates
of its own) prints only figures that exactly one later record prints digit for digit, and that
later record prints both a length and a rate, each of which the lead's line prints too at the
same decimals (so the lead names both of the run's figures, even one no reader took), the lead's
record goes, the later one noting it.

A lead printing one figure of the run alone (`52% acceptance` and no length: two runs may share
a rate), figures printed at other decimals, a later record printing a length or a rate alone, or
two later records alike leave both records; so does a lead line of the very fields of the later
one (`accept len: 1.50, accept rate: 0.10` twice: two runs' lines, no lead sentence).

A run's speed is a second figure of it too: where the later record prints one figure (a length
or a rate) and its line one speed (`178.6 t/s`, `96 tok/s`, `41.2 tokens/s`), a one-line prose lead
printing that figure and that speed, both at the same decimals, tells that run
first (`First bench: 61.4 tok/s at 72.9% acceptance.` over a later `Average over five runs: 61.4
tok/s, 72.9% acceptance rate.`): one record, the later one. The speed need be the same digit for
digit; a third record of the same figure and speed (runs alike), a second speed on either line, another speed or the same fields
twice (two runs' lines) leave both records.

A post's title (the paste's first line, prose) printing one share alone, of three significant
digits or more not ending in a zero, where exactly one later record prints that share digit for
digit with counts of its own (`... at ~31 t/s (71.4%
acceptance)` over `Draft acceptance rate: 71.4% (350 accepted of 490 drafted)`), is that run's
headline: one record, the later one. Other decimals, no counts below, or two later records of
the figure leave both records.

A title printing one figure alone (a length or a rate, no counts) whose value the rest of the
paste prints once only, digit for digit, in a sentence naming the same figure before it, on the
line of exactly one later record printing no other value of that figure (`... the accept rate
falls to 0.23. The accept length drops to 1.62`): the body restating the title's run, one
record, the later one. A title printing a speed too is the paced rule's (above).

Pure: records in, records out; the later records indexed by their figures once a paste.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord, without

_PROSE = ("prose", "key-value")
NOTE = "told first by the lead at line {line}"


def _shown(text: str) -> str | None:
    """A value as printed, without its marks ('~52 %' is '52%')."""
    v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
    if v is None or v.max is not None:
        return None
    return f"{v.number:.{v.decimals}f}" + ("%" if v.percent else "")


def _texts(r: PasteRecord) -> tuple[str, str] | None:
    """The record's length and rate as it prints them ('2.31', '52%'), or None."""
    length = rate = None
    for _, text in r.fields:
        v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
        shown = _shown(text)
        if v is None or shown is None:
            continue
        if not v.percent and r.printed_length is not None and v.number == r.printed_length:
            length = length or shown
        elif r.printed_rate is not None and (
            (v.percent and abs(v.number / 100 - r.printed_rate) < 1e-9)
            or (not v.percent and v.number == r.printed_rate)
        ):
            rate = rate or shown
    return (length, rate) if length is not None and rate is not None else None


def _fields_of(line: str) -> str:
    """A line's words without its figures: two lines of the same fields print two runs."""
    return re.sub(r"[\d.,%~≈]+", "#", line).strip()


def _prints(line: str, shown: str) -> bool:
    pct = shown.endswith("%")
    num = re.escape(shown.rstrip("%"))
    tail = r"\s?%" if pct else r"(?![\d%]|\.\d)"
    return re.search(r"(?<![\d.])" + num + tail, line) is not None


# a speed printed on a line: a number and a unit of tokens a second
_SPEED = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s?(?:t/s|tok/s|toks/s|tokens?/s|tokens? per second|tps)(?![\w/])",
    re.I,
)


def _speed(line: str) -> str | None:
    """The one speed a line prints ('178.6'), or None (none, or two)."""
    found = _SPEED.findall(line)
    return found[0] if len(found) == 1 else None


def _one_figure(r: PasteRecord) -> str | None:
    """The record's one figure as printed ('72.9%'), where it prints a length or a rate alone."""
    if (r.printed_length is None) == (r.printed_rate is None) or len(r.fields) != 1:
        return None
    return _shown(r.fields[0][1])


def _lead(r: PasteRecord, raw: list[str]) -> bool:
    """Whether a record may be a lead sentence: one line of prose, no labels, per-position
    rates or counts."""
    return (
        r.structure in _PROSE
        and r.first_line == r.last_line
        and 0 < r.first_line <= len(raw)
        and not r.labels
        and not r.per_position
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
    )


def _paced(
    records: list[PasteRecord], raw: list[str], drop: set[int], out: list[PasteRecord]
) -> None:
    """Each one-line prose lead printing one later record's one figure and its line's one speed,
    both digit for digit: that record's run told first (see the module's rules)."""
    later_by: dict[tuple[str, str], list[int]] = {}
    seen: dict[int, tuple[str, str | None]] = {}  # a line's text and speed, found once a line

    def clean(n: int) -> tuple[str, str | None]:
        if n not in seen:
            text = C._MARKUP.sub("", raw[n - 1])
            seen[n] = (text, _speed(text))
        return seen[n]

    for j, o in enumerate(records):
        if j in drop or not 0 < o.first_line <= len(raw):
            continue
        fig = _one_figure(o)
        if fig is None:
            continue
        line, speed = clean(o.first_line)
        speed = speed if o.first_line == o.last_line else None
        if speed is not None and _prints(line, fig):
            later_by.setdefault((fig, speed), []).append(j)
    if not later_by:
        return
    for i, r in enumerate(records):
        if i in drop or not _lead(r, raw):
            continue
        fig = _one_figure(r)
        if fig is None:
            continue
        line, speed = clean(r.first_line)
        if speed is None:
            continue
        told = later_by.get((fig, speed), [])
        # (the lead and one later record, no third telling: three are runs alike)
        if len(told) != 2 or told[0] != i or records[told[1]].first_line <= r.last_line:
            continue
        j = told[1]
        if _fields_of(line) == _fields_of(clean(records[j].first_line)[0]):
            continue  # (the same fields twice: two runs' lines)
        drop.add(i)
        out[j] = dataclasses.replace(out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line)))


def _shown_figures(r: PasteRecord) -> set[str]:
    """The record's length and rate as it prints them, whichever it prints."""
    out: set[str] = set()
    for _, text in r.fields:
        v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
        shown = _shown(text)
        if v is None or shown is None:
            continue
        number = v.number / 100 if v.percent else v.number
        if (not v.percent and number == r.printed_length) or (
            r.printed_rate is not None and abs(number - r.printed_rate) < 1e-9
        ):
            out.add(shown)
    return out


def _fine_share(shown: str) -> bool:
    """Whether a value as printed is a share of three significant digits or more, its last
    digit not a zero ('76.6%', '5.25%'; not '70.0%', '64%', '8.7%')."""
    if not shown.endswith("%"):
        return False
    digits = shown[:-1].replace(".", "").lstrip("0")
    return digits.isdigit() and len(digits) >= 3 and digits[-1] != "0"


def _counted(r: PasteRecord) -> bool:
    return r.accepted_tokens is not None or r.drafted_tokens is not None or r.steps is not None


def _titled(
    records: list[PasteRecord], raw: list[str], drop: set[int], out: list[PasteRecord]
) -> None:
    """A record of the paste's title (its first line) printing one figure alone, where exactly
    one later record prints that figure, digit for digit, with counts of its own (`76.6% (489
    accepted out of 638)`): the post's headline of that run, one record, the later one."""
    first = next((n for n, t in enumerate(raw, 1) if t.strip()), 0)
    for i, r in enumerate(records):
        if r.first_line != first or i in drop or not _lead(r, raw) or r.structure != "prose":
            continue
        fig = _one_figure(r)
        # (a share of three significant digits, not ending in a zero, as the title prints it: a
        # rerun rarely repeats it; a label's 'AL=2.50' over a run is run_titles.py's, and a
        # sentence between makes the run below a rerun)
        if fig is None or r.printed_rate is None or not _fine_share(fig):
            continue
        later = [
            j
            for j, o in enumerate(records)
            if j not in drop
            and o.first_line > r.last_line
            and (
                (r.printed_rate is not None and o.printed_rate == r.printed_rate)
                or (r.printed_length is not None and o.printed_length == r.printed_length)
            )
        ]
        if len(later) != 1 or not _counted(records[later[0]]):
            continue
        (j,) = later
        if fig not in _shown_figures(records[j]):
            continue  # (the later record prints it at other decimals)
        drop.add(i)
        out[j] = dataclasses.replace(out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line)))


_SENTENCE_END = re.compile(r"[.!?](?=\s)")


def _figure_name(name: str) -> str | None:
    """The shortest tail of a field's name naming the same acceptance figure ('accept rate' of
    'MTP accept rate'), or None where the name names none."""
    metric = C.key(name).metric
    if metric not in C.ACCEPTANCE:
        return None
    words = C._MARKUP.sub("", name).split()
    for k in range(1, len(words) + 1):
        tail = " ".join(words[-k:])
        if C.key(tail).metric == metric:
            return tail
    return None


def _title_named_again(
    records: list[PasteRecord], raw: list[str], drop: set[int], out: list[PasteRecord]
) -> None:
    """A record of the paste's title (its first line, prose) printing one figure alone (a length
    or a rate, no counts), whose value the rest of the paste prints again, digit for digit, once
    only, in a sentence naming the same figure before it (`the draft accept rate falls ... to
    0.23`), on the line of exactly one later record that prints no other value of that figure
    (its other figure, `the accept length drops to 1.62`): the body restating the title's run,
    one record, the later one."""
    first = next((n for n, t in enumerate(raw, 1) if t.strip()), 0)
    for i, r in enumerate(records):
        if r.first_line != first or i in drop or not _lead(r, raw) or r.structure != "prose":
            continue
        fig = _one_figure(r)
        name = _figure_name(r.fields[0][0]) if fig is not None else None
        if fig is None or name is None or _SPEED.search(raw[r.first_line - 1]):
            continue  # (a title with a speed: _paced decides, a second speed is another run)
        pct = fig.endswith("%")
        num = re.escape(fig.rstrip("%"))
        value = re.compile(r"(?<![\d.])" + num + (r"\s?%" if pct else r"(?![\d%]|\.\d)"))
        places = [
            (n, m)
            for n in range(r.last_line + 1, len(raw) + 1)
            for m in value.finditer(C._MARKUP.sub("", raw[n - 1]))
        ]
        if len(places) != 1:
            continue
        (n, m), line = places[0], C._MARKUP.sub("", raw[places[0][0] - 1])
        start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, m.start())), default=0)
        if name.lower() not in line[start : m.start()].lower():
            continue
        on_line = [
            j
            for j, o in enumerate(records)
            if j != i and j not in drop and o.first_line <= n <= o.last_line
        ]
        if len(on_line) != 1:
            continue
        (j,) = on_line
        o = records[j]
        same = r.printed_rate if r.printed_rate is not None else r.printed_length
        theirs = o.printed_rate if r.printed_rate is not None else o.printed_length
        if theirs is not None and (theirs != same or len(o.fields) < 2):
            continue  # (another value of the figure below, or that figure alone again: another run)
        drop.add(i)
        out[j] = dataclasses.replace(out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line)))


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each lead sentence's record telling one later record's run first
    (see the module's rules), that record noting it."""
    full: dict[float, list[int]] = {}  # records printing a length and a rate, by each figure
    for j, o in enumerate(records):
        if o.printed_length is not None and o.printed_rate is not None:
            full.setdefault(o.printed_length, []).append(j)
            full.setdefault(o.printed_rate, []).append(j)
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records):
        if not full:
            break
        if not _lead(r, raw):
            continue
        said = [x for x in (r.printed_length, r.printed_rate) if x is not None]
        if not said:
            continue
        later = {
            j
            for j in full.get(said[0], [])
            if records[j].first_line > r.last_line
            and (r.printed_length is None or records[j].printed_length == r.printed_length)
            and (r.printed_rate is None or records[j].printed_rate == r.printed_rate)
        }
        if len(later) != 1:
            continue
        (j,) = later
        shown = _texts(records[j])
        line = C._MARKUP.sub("", raw[r.first_line - 1])
        if shown is None or not all(_prints(line, s) for s in shown):
            continue
        if _fields_of(line) == _fields_of(C._MARKUP.sub("", raw[records[j].first_line - 1])):
            continue  # (the same fields twice, 'accept len: 1.50, accept rate: 0.10': two runs)
        if not all(_shown(t) in shown for _, t in r.fields):
            continue  # (the lead prints a figure at other decimals)
        drop.add(i)
        out[j] = dataclasses.replace(out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line)))
    _paced(records, raw, drop, out)
    _titled(records, raw, drop, out)
    _title_named_again(records, raw, drop, out)
    return without(out, block_of, drop)
