"""Acceptance written as a phrase in a table cell, under an acceptance column.

Users fill an ``acceptance`` column with words around the figure: ``27% of drafted tokens``
(the share of drafted tokens accepted: a rate per draft token), ``**69% at position 0, ~0%
after**`` (the first draft position's rate; the later positions said only approximately).
Each such row is one run:

- ``P% of drafted tokens`` (``of draft tokens``, ``of drafts``, ``of proposed tokens``,
  ``of slots``, ``of draft slots``: a step's draft slots, one a draft token; ``accepted``):
  the rate P;
- ``P% at position N`` (``at pos N``, ``for position N``), perhaps followed by an approximate
  rest (``~0% after``, ``near zero beyond``): the rate at position N alone (the rest, never
  exact, is not read);
- ``P% (pos 4+: 0.000)`` (``pos 3-5: 0.01``): the rate P, the later positions' own rate in
  the bracket not read;
- ``P%, len L`` (``P% window; AL L``): the length L named after the rate, and the rate P only
  where no word qualifies it (``window``: a rate of some part of the run, not read);
- ``P% (mean L tok/step)`` (``tokens per step``, ``tok/round``; the mean's word or none): the
  rate P and the length L, whose convention the cell does not tell.

No length is computed from these (the drafts per step are not said); a row naming an n-gram,
prompt-lookup or suffix drafter takes its k as a maximum (``variable_drafts``: its drafts vary
a step), so no 1 + k x rate is computed for it. A dash (``—``) or words
without a figure stay no record, as a cell that is not a value does.

Pure: a cell's text in, its figures out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_PCT = r"(?P<p>\d{1,3}(?:\.\d+)?)\s*%"
_OF_DRAFTS = re.compile(
    rf"^{_PCT}\s+(?:of\s+(?:the\s+)?(?:drafted|draft|proposed|speculated)\s+tokens|"
    r"of\s+(?:the\s+)?drafts|"
    # the draft slots a step fills, one a draft token ('66% of slots' under a draft accept rate)
    r"of\s+(?:the\s+)?(?:draft(?:ed)?\s+)?slots)(?:\s+accepted)?$",
    re.I,
)
_AT_POSITION = re.compile(
    rf"^{_PCT}\s+(?:at|for|on)\s+(?:pos(?:ition)?|draft\s+position)\s*#?(?P<n>\d{{1,2}})"
    r"(?:\s*[,;]\s*(?:[~≈∼]|about|around|near(?:ly)?|almost)\s*\S+\s+(?:after|beyond|later|"
    r"thereafter|for\s+the\s+rest))?$",
    re.I,
)


# a rate with the later draft positions' rate in brackets ('~6% (pos 4+: 0.000)')
_LATER_POSITIONS = re.compile(
    r"^(?P<r>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%)\s*\(\s*pos(?:itions?)?\s*\d{1,2}\s*"
    r"(?:\+|[–-]\s*\d{1,2})\s*:\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?\s*\)$",
    re.I,
)
# a rate, perhaps qualified by a word, then a length named after it ('31% window, len 2.40')
_RATE_THEN_LENGTH = re.compile(
    r"^(?P<r>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%)(?P<q>\s+[A-Za-z]+)?\s*[,;]\s*"
    # the length's name alone or after an acceptance word ('accept-len', 'acc. len', 'mean len')
    # ('mean accept len': a mean's word, then an acceptance word; 'len ~1.69': approximate)
    r"(?:(?:mean|avg\.?|average)[-_ ]?)?(?:acc(?:ept(?:ance)?)?\.?[-_ ]?)?(?:len(?:gth)?|AL|τ)"
    r"\s*[:=]?\s*(?:[~≈]\s?)?(?P<l>\d{1,2}\.\d+)$"
)


# a rate, then in brackets its run's tokens a step, a mean's word perhaps before them ('52.0%
# (mean 3.64 tok/step)', '48% (2.90 tokens per step)'): the length, its convention untold
_RATE_THEN_PER_STEP = re.compile(
    r"^(?P<r>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%)\s*\(\s*(?:(?:mean|avg\.?|average)\s+)?"
    r"(?P<l>\d{1,2}\.\d+)\s*tok(?:en)?s?\s*(?:/|per\s+)\s*(?:step|round|iteration|iter)\s*\)$",
    re.I,
)


def _clean(cell: str) -> str:
    return C._MARKUP.sub("", cell).strip().strip(".,;").strip()


def rate_of_drafts(cell: str) -> C.Value | None:
    """The rate of a cell ``P% of drafted tokens``, or None."""
    m = _OF_DRAFTS.match(_clean(cell))
    if m is None:
        return None
    return C.value(m.group("p") + "%")


def rate_at_position(cell: str) -> tuple[int, float] | None:
    """(position, rate) of a cell ``P% at position N`` (an approximate rest after it not
    read), or None."""
    m = _AT_POSITION.match(_clean(cell))
    if m is None:
        return None
    p = float(m.group("p"))
    return (int(m.group("n")), p / 100.0) if p <= 100 else None


def rate_before_positions(cell: str) -> C.Value | None:
    """The rate of a cell ``P% (pos 4+: 0.000)`` (the later positions' rate not read), or
    None."""
    m = _LATER_POSITIONS.match(_clean(cell))
    return C.value(m.group("r")) if m is not None else None


# a rate (or a range of rates), then in brackets the length named before its value, perhaps
# out of the most tokens a step ('54.5% (mean acceptance length 3.72)', '~19-22% (mean accept
# len ~2.2/6)', '61% (AL 2.83)'): after a mean's word, 'acceptance' alone names the length too
# ('(mean acceptance 3.72)': a value above 1 beside the rate, no share)
_RATE_THEN_BRACKETED_LENGTH = re.compile(
    r"^(?P<r>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%)?(?P<range>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%?\s*[-–]\s*"
    r"\d{1,3}(?:\.\d+)?\s*%)?\s*\(\s*"
    r"(?:(?:mean|avg\.?|average)[-_ ](?:acc(?:ept(?:ance)?)?\.?[-_ ])?(?:len(?:gth)?|AL|τ)"
    r"|(?:acc(?:ept(?:ance)?)?\.?[-_ ])?(?:len(?:gth)?|AL|τ)"
    r"|(?:mean|avg\.?|average)[-_ ]accept(?:ance)?)"
    r"\s*[:=]?\s*(?:[~≈]\s?)?(?P<l>\d{1,2}\.\d+)(?:\s*/\s*\d{1,2})?\s*\)$",
    re.I,
)


def rate_then_length(cell: str) -> tuple[C.Value | None, C.Value] | None:
    """(rate, length) of a cell ``P%, len L`` (the rate None where a word qualifies it,
    ``P% window, len L``), or of a cell ``P% (mean accept len L)`` (the rate None where it is
    a range, ``19-22% (mean accept len 2.2/6)``: a range is no figure; the maximum after the
    length not read), or None."""
    c = _clean(cell)
    m = _RATE_THEN_LENGTH.match(c)
    if m is None and "(" in c:
        b = _RATE_THEN_BRACKETED_LENGTH.match(c)
        if b is None or (b.group("r") is None) == (b.group("range") is None):
            return None
        length = C.value(b.group("l"))
        if length is None or not 1 <= length.number <= C.MAX_STEP_TOKENS:
            return None
        return (C.value(b.group("r")) if b.group("r") else None), length
    length = C.value(m.group("l")) if m is not None else None
    if m is None or length is None or not 1 <= length.number <= C.MAX_STEP_TOKENS:
        return None
    return (None if m.group("q") else C.value(m.group("r"))), length


# the length named after a share with its counts, the last part of the cell ('231/267 = 86.52%,
# mean length 1.87', '86.5% (231/267); AL 1.87')
_LENGTH_TAIL = re.compile(
    r"[,;]\s*(?:(?:mean|avg\.?|average)[-_ ]?)?(?:acc(?:ept(?:ance)?)?\.?[-_ ]?)?"
    r"(?:len(?:gth)?|AL|τ)\s*[:=]?\s*(?:[~≈]\s?)?(?P<l>\d{1,2}\.\d+)$"
)


def counted_rate_then_length(cell: str) -> tuple[tuple[C.Value, C.Value, C.Value], C.Value] | None:
    """((rate, accepted, drafted), length) of a cell printing a share with the counts that
    give it, then a length named after it (``231/267 = 86.52%, mean length 1.87``), or None
    (counts that do not give the share, another word before the length, a length outside 1 to
    the most tokens a step)."""
    c = _clean(cell)
    if "/" not in c:
        return None
    m = _LENGTH_TAIL.search(c)
    if m is None:
        return None
    share = C.share_with_counts(c[: m.start()].strip())
    length = C.value(m.group("l"))
    if share is None or length is None or not 1 <= length.number <= C.MAX_STEP_TOKENS:
        return None
    return share, length


def rate_then_per_step(cell: str) -> tuple[C.Value, C.Value] | None:
    """(rate, length) of a cell ``P% (mean L tok/step)``, or None (a length outside 1 to the
    most tokens a step, a throughput's ``tok/s``, a time a step: None)."""
    m = _RATE_THEN_PER_STEP.match(_clean(cell))
    if m is None:
        return None
    rate, length = C.value(m.group("r")), C.value(m.group("l"))
    if rate is None or length is None or not 1 <= length.number <= C.MAX_STEP_TOKENS:
        return None
    return rate, length


# a drafter proposing a varying number of tokens a step (n-gram / prompt-lookup matching,
# suffix trees): its k is a maximum, never the drafts of every step
_VARIABLE_DRAFTER = re.compile(
    r"\bn-?gram\b|\bprompt[- _]lookup\b|\bpld\b|\bsuffix(?:[- _]decod\w*|[- _]tree)?\b", re.I
)


def variable_drafts(labels: list[tuple[str, str]]) -> bool:
    """Whether a row's labels name a drafter whose drafts per step vary (n-gram, prompt
    lookup, suffix decoding): its k is at most that many drafts, so 1 + k x rate is no length
    of it."""
    return any(_VARIABLE_DRAFTER.search(v) for _, v in labels)


# the three parts of a run's drafting told in one cell, in any order, apart by ',' or ';':
# accepted drafts a step ('1.92 accepted/round', '1.9 accepted per step'), the share of the
# drafts accepted ('63.9% drafted', '63.9% of drafted', '63.9% of drafts accepted') and the
# drafts a step ('avg draft 3.00', 'mean drafted 2.9', 'avg draft len 3.0')
_ACC_PART = re.compile(
    r"^(?P<a>\d{1,2}\.\d+)\s+accepted(?:\s+(?:draft\s+)?tokens?)?\s*(?:/|per\s+)\s*"
    r"(?:round|step|iteration|iter|cycle)$",
    re.I,
)
_SHARE_PART = re.compile(
    r"^(?P<p>\d{1,3}(?:\.\d+)?)\s*%\s+(?:of\s+(?:the\s+)?)?(?:drafted|drafts)(?:\s+accepted)?$",
    re.I,
)
_DRAFT_PART = re.compile(
    r"^(?:avg\.?|average|mean)\s+(?:draft(?:ed)?|drafts)(?:\s+(?:len(?:gth)?|size|tokens))?"
    r"\s*[:=]?\s*(?P<d>\d{1,2}(?:\.\d+)?)$",
    re.I,
)


def accepted_share_drafts(cell: str) -> tuple[C.Value, C.Value] | None:
    """(accepted drafts a step, rate) of a cell ``A accepted/round, P% drafted, avg draft D``
    whose figures hold A = P x D within their printed rounding: the share is accepted of
    drafted tokens and A the accepted drafts of a step, the target's own token left out (it is
    the share of the drafts a step made). None where a part is missing, repeated or the
    identity fails."""
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*", _clean(cell))]
    if len(parts) != 3:
        return None
    got: dict[str, re.Match[str]] = {}
    for part in parts:
        for name, rx in (("a", _ACC_PART), ("p", _SHARE_PART), ("d", _DRAFT_PART)):
            if (m := rx.match(part)) is not None and name not in got:
                got[name] = m
                break
        else:
            return None
    a, p, d = (C.value(got["a"]["a"]), C.value(got["p"]["p"] + "%"), C.value(got["d"]["d"]))
    if a is None or p is None or d is None or not 0 < p.number <= 100 or d.number < 1:
        return None
    rate = p.number / 100
    slack = C.half_unit(a.decimals) + C.half_unit(p.decimals) / 100 * d.number
    slack += rate * C.half_unit(d.decimals)
    if abs(a.number - rate * d.number) > slack or a.number > d.number:
        return None
    return a, p
