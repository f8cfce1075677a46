"""A length printed beside the marginal per-position rates of the same run: 1 + their sum.

    conditional : [0.816, 0.777, 0.750]
    marginal    : [0.816, 0.634, 0.475]
    AL          : 2.925

A marginal rate is the share of the verify steps that accepted draft position i (position i and
every one before it), so their sum is the accepted drafts per step and 1 + the sum the tokens a
step emits, the target's own counted. Where a length printed in the same block (no blank line
between) equals 1 + the sum within the printed rounding (half a unit of the length plus half a
unit of each rate) and the sum alone does not, the length counts the bonus token, and the rates
are its per-position rates. A ``conditional`` list (the chance of position i given the ones
before it: a chain of conditional rates) proves nothing for this rule (the chain rule below
reads it); nor is a list
whose rates rise (no marginal does), one holding a value above 1, nor a block with two marginal
lists.

A chain of conditional rates (a line naming them ``conditional``, the list on it or on the line
below a line ending in ``:``: ``conditional exact by step: 0.91, 0.62, 0.45``) gives the
expected accepted drafts a step as the sum of its running products (r1 + r1·r2 + r1·r2·r3 ...).
Where one length of the paste that nothing decided equals that sum within the printed rounding
(each rate and the length within half a unit of their last decimal; rates so coarse that the
sum may move by more than 0.05 prove nothing), the length counts the
accepted drafts alone, the bonus token excluded (1 + the sum: included); the records of the
same name follow it (reader's one name, one way). Two lists or two lengths matching: nothing.

A distribution of the accepted drafts a step (a list of k + 1 shares or counts, position i the
steps that accepted i drafts: ``Acceptance probs: [0.14, 0.06, 0.08, 0.12, 0.59]``,
``accept histogram = [1548, 417, 74, 9]``) under a name of acceptance and one of a
distribution (``probs``, ``probabilities``, ``distribution``, ``histogram``, ``counts``), on a
line within three lines of a length of the same block (the nearest such line; two at the same
distance: nothing): its mean, the sum of i x share_i (counts divided by their total), is the
accepted drafts a step. Read as tokens a step from 1 instead, the same list's mean is one more,
so either way a length equal to the mean within the printed rounding (half a unit of the length
plus i half-units of each share) leaves the bonus out (length 1 + it), one equal to 1 + the
mean counts it. The shares must add up to 1 within their rounding; a list of one value, a share
above 1, shares so coarse that the mean may move by more than 0.05, a mean giving neither or
both prove nothing.

Pure: records and the paste in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    Decision,
    PasteRecord,
    decided_notes,
)

# 'marginal : [0.816, 0.634]', 'marginal_accept_rates = (0.8, 0.6)', 'p_marginal: [...]'
_MARGINAL = re.compile(
    r"(?<![\w-])(?:p[_ ])?marginal(?:[ _-](?:accept(?:ance)?|acc))?(?:[ _-](?:rates?|probs?|"
    r"probabilit(?:y|ies)))?\s*[:=]\s*[\[(](?P<list>[^\[\]()\n]{1,200})[\])]",
    re.I,
)
_NUMBER = re.compile(r"^\d*\.\d+$|^[01]$")
# a comma-separated list of two or more rates ('0.91, 0.62, 0.45')
_RATE_LIST = re.compile(r"(?<![\w.])(?:0?\.\d+|[01])(?:\s*,\s*(?:0?\.\d+|[01])(?![\w.])){1,15}")
_CONDITIONAL = re.compile(r"\bconditional\b", re.I)
# the widest span of running sums a chain's rounding may leave ('0.8, 0.6' leaves 0.24: no proof)
_WIDEST = 0.05
# lines of a block searched on each side of a length's line
_REACH = 12


def _rates(listed: str) -> list[str] | None:
    items = [x.strip() for x in listed.split(",")]
    if len(items) < 2 or not all(_NUMBER.match(x) for x in items):
        return None
    vals = [float(x) for x in items]
    if any(v > 1 for v in vals) or any(b > a for a, b in zip(vals, vals[1:], strict=False)):
        return None
    return items


def _block(raw: list[str], line: int) -> list[str]:
    """The lines of the block (no blank line between) holding 1-based ``line``, at most
    ``_REACH`` on each side."""
    i = line - 1
    lo = i
    while lo > 0 and i - lo < _REACH and raw[lo - 1].strip():
        lo -= 1
    hi = i
    while hi + 1 < len(raw) and hi - i < _REACH and raw[hi + 1].strip():
        hi += 1
    return raw[lo : hi + 1]


def _decimals(x: str) -> int:
    return len(x.partition(".")[2])


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided by the marginal rates printed in their block."""
    if "marginal" not in text.lower():
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    for r in records:
        pl = r.printed_length
        if r.bonus != UNDECIDED or pl is None or not 1 <= r.first_line <= len(raw):
            out.append(r)
            continue
        lists = [
            m.group("list") for ln in _block(raw, r.first_line) for m in _MARGINAL.finditer(ln)
        ]
        rates = _rates(lists[0]) if len(lists) == 1 else None
        shown = [(v, x) for _, v in r.fields if (x := C.value(v)) is not None and x.number == pl]
        if rates is None or not shown:
            out.append(r)
            continue
        total = sum(float(x) for x in rates)
        tol = C.half_unit(shown[0][1].decimals) + sum(C.half_unit(_decimals(x)) for x in rates)
        if abs(1 + total - pl) > tol or abs(total - pl) <= tol:
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=pl,
                bonus=Decision(
                    INCLUDED,
                    f"identity: 1 + the sum of the marginal per-position rates ({total:.4g}) "
                    f"is the printed length {shown[0][0].strip()}",
                ),
                per_position=r.per_position or tuple(float(x) for x in rates),
                notes=decided_notes(r.notes),
            )
        )
    return out


def _chains(raw: list[str]) -> list[list[str]]:
    """The lists of conditional rates a paste prints (see the module's rule)."""
    out = []
    for i, line in enumerate(raw):
        if (c := _CONDITIONAL.search(line)) is None:
            continue
        m = _RATE_LIST.search(line, c.end())
        if m is None and line.rstrip(" *`").endswith(":") and i + 1 < len(raw):
            m = _RATE_LIST.search(raw[i + 1])
        if m is not None:
            out.append([x.strip() for x in m.group(0).split(",")])
    return out


def _running(rates: list[float]) -> float:
    total, product = 0.0, 1.0
    for x in rates:
        product *= x
        total += product
    return total


def chained(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """A length nothing decided, decided by the one chain of conditional rates whose running
    products sum to it (see the module's rule)."""
    if "onditional" not in text:
        return records
    chains = _chains(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    if not chains:
        return records
    spans = []
    for items in chains:
        lo = [max(float(x) - C.half_unit(_decimals(x)), 0.0) for x in items]
        hi = [min(float(x) + C.half_unit(_decimals(x)), 1.0) for x in items]
        if _running(hi) - _running(lo) <= _WIDEST:
            spans.append((_running(lo), _running(hi), items))
    found: list[tuple[int, str, str]] = []
    for i, r in enumerate(records):
        pl = r.printed_length
        if r.bonus != UNDECIDED or pl is None:
            continue
        shown = [x for _, v in r.fields if (x := C.value(v)) is not None and x.number == pl]
        if not shown:
            continue
        h = C.half_unit(shown[0].decimals)
        for low, high, chain in spans:
            if low - h <= pl <= high + h:
                found.append((i, EXCLUDED, ", ".join(chain)))
            elif low + 1 - h <= pl <= high + 1 + h:
                found.append((i, INCLUDED, ", ".join(chain)))
        if len(found) > 1:
            return records  # (two lengths or two chains already: which is which is not shown)
    if len(found) != 1:
        return records  # none, or two lengths or two chains: which is which is not shown
    i, way, listed = found[0]
    r = records[i]
    assert r.printed_length is not None
    said = "the sum" if way == EXCLUDED else "1 + the sum"
    decided = dataclasses.replace(
        r,
        accept_length=round(r.printed_length + (1 if way == EXCLUDED else 0), 6),
        bonus=Decision(
            way,
            f"identity: {said} of the running products of the conditional rates ({listed}) is "
            "the printed length",
        ),
        notes=decided_notes(r.notes),
    )
    return [*records[:i], decided, *records[i + 1 :]]


# 'Acceptance probs: [0.14, 0.06, 0.59]', 'accepted_count_distribution = (12, 30, 58)',
# 'accept histogram: [1548, 417, 74, 9]'
_DISTRIBUTION = re.compile(
    r"(?<![\w-])accept(?:ance|ed)?(?:[ _-](?:count|length|len|drafts?|tokens?))?[ _-]?"
    r"(?:probs?|probabilit(?:y|ies)|distribution|dist|histogram|hist|counts)"
    r"[`*]{0,2}\s*[:=]\s*[`*]{0,2}[\[(](?P<list>[^\[\]()\n]{1,400})[\])]",
    re.I,
)
_ITEM = re.compile(r"^(?:\d+(?:\.\d+)?|\.\d+)$")
# lines searched on each side of a length's line for its distribution
_NEAR = 3


def _mean_of(listed: str) -> tuple[float, float] | None:
    """The mean accepted drafts of a distribution list (see the module's rule) and the
    rounding it carries; None when the list is no distribution."""
    items = [x.strip() for x in listed.split(",")]
    if len(items) < 2 or not all(_ITEM.match(x) for x in items):
        return None
    vals = [float(x) for x in items]
    if all("." not in x for x in items) and sum(vals) > 1:
        total = sum(vals)  # counts: exact shares
        return sum(i * v for i, v in enumerate(vals)) / total, 0.0
    if any(v > 1 for v in vals):
        return None
    halves = [C.half_unit(_decimals(x)) for x in items]
    if abs(sum(vals) - 1) > sum(halves) + 1e-9:
        return None
    return sum(i * v for i, v in enumerate(vals)), sum(i * h for i, h in enumerate(halves))


def _nearest_list(raw: list[str], line: int) -> str | None:
    """The distribution list nearest the 1-based ``line`` within ``_NEAR`` lines of its block;
    None when there is none or two at the same distance."""
    i = line - 1
    for d in range(_NEAR + 1):
        found = []
        for j in {i - d, i + d}:
            if not 0 <= j < len(raw) or not all(
                raw[x].strip() for x in range(min(i, j), max(i, j))
            ):
                continue
            found += [m.group("list") for m in _DISTRIBUTION.finditer(raw[j])]
        if len(found) == 1:
            return found[0]
        if found:
            return None
    return None


def distributed(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided by the distribution of accepted drafts a step printed
    beside them (see the module's rule)."""
    low = text.lower()
    if "accept" not in low or not any(w in low for w in ("prob", "dist", "hist", "count")):
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    for r in records:
        pl = r.printed_length
        if r.bonus != UNDECIDED or pl is None or not 1 <= r.first_line <= len(raw):
            out.append(r)
            continue
        listed = _nearest_list(raw, r.first_line)
        mean = _mean_of(listed) if listed is not None else None
        shown = [(v, x) for _, v in r.fields if (x := C.value(v)) is not None and x.number == pl]
        if mean is None or not shown or mean[1] > _WIDEST:
            out.append(r)
            continue
        tol = C.half_unit(shown[0][1].decimals) + mean[1]
        drafts, tokens = abs(mean[0] - pl) <= tol, abs(mean[0] + 1 - pl) <= tol
        if drafts == tokens:
            out.append(r)
            continue
        way, said = (EXCLUDED, "the mean") if drafts else (INCLUDED, "1 + the mean")
        out.append(
            dataclasses.replace(
                r,
                accept_length=round(pl + (1 if drafts else 0), 6),
                bonus=Decision(
                    way,
                    f"identity: {said} of the distribution of accepted drafts a step "
                    f"({mean[0]:.4g}) is the printed length {shown[0][0].strip()}",
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out
