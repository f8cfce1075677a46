"""Figures named the way programs name them: by code identifiers and counters.

- **Experiment-tracker metric lines**: a trainer's or a tracker's line of ``key:value`` pairs
  whose keys are slash-joined paths (``step:29 - train/loss:0.41 - drafter/spec_decode/
  mean_acceptance_length:4.19``, W&B's ``train/accept_len=3.2``, TensorBoard's and W&B's run
  summary ``eval/acceptance_rate 0.71``): the path's last segment names the figure (a trailing
  ``mean`` / ``avg`` names its statistic: the segment before it), the segments before it are
  namespaces. A path whose last segment names no acceptance figure is not read; a path with an
  acceptance name before its last segment (``accept_rate/accept_len``, two figures in one
  header) is no path. The run's progress (``step``, ``epoch``, ``global_step``) labels the
  line's record: one record per line (each step). The metric's name alone names no engine.
- **A value before its snake_case name** in prose (``~1.2 mean_acceptance_length``, ``3.1
  accept_len``, ``0.71 acceptance_rate``): a code name of an acceptance figure right after a
  decimal or a percentage is that figure's value (a whole number is none: it counts rows,
  runs or values as often).
- **Counts of attempts and accepts** (``181 attempts / 178 accepts (98.34%)``, ``178 accepted,
  181 proposals``, in either order): accepted drafts of the drafts attempted, their share in
  brackets read as the rate only where accepted / attempted gives it at its printed precision;
  ``0 attempts / 0 accepts`` drafted nothing (no record). ``hits`` / ``tries`` only beside
  speculative words and without a cache's.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

Item = tuple[C.Key, C.Value, str, str]  # (key, value, printed key, printed value)
Span = tuple[int, int, list[Item]]  # (start, end, items) in the line

# a statistic closing a path ('spec_decode/acceptance_length/mean'): the segment before it
# names the figure; only the mean is the figure itself
_MEAN_SEGMENT = frozenset(("mean", "avg", "average"))
_OTHER_STAT_SEGMENT = frozenset(
    ("median", "p50", "p90", "p95", "p99", "max", "min", "std", "stddev", "var", "sum", "count")
)
# a run's progress, the configuration of a tracker line's record
_PROGRESS = re.compile(
    r"^(?:_?step|global[_ ]?step|train[_ ]?step|epoch|iter|iteration|batch|update|round)$", re.I
)
_READ = frozenset((*C.ACCEPTANCE, C.ACCEPTED, C.DRAFTED, C.STEPS, C.OUTPUT))
_SEGMENT = re.compile(r"^[A-Za-z_][\w.-]*$")


def path_key(name: str) -> C.Key | None:
    """The figure a slash-joined metric path names ('drafter/spec_decode/mean_acceptance_length'
    -> mean acceptance length), or None: no path, or its last segment names no figure read."""
    segs = name.strip("`*").split("/")
    if len(segs) < 2 or not all(_SEGMENT.match(s) for s in segs):
        return None
    last = segs[-1].lower()
    if last in _OTHER_STAT_SEGMENT:
        return None  # the largest, the spread, ...: never the mean
    if last in _MEAN_SEGMENT and len(segs) >= 2:
        segs = segs[:-1]
    if any(C.key(s).metric in _READ for s in segs[:-1]):
        return None  # ('accept_rate/accept_len': two figures' names, no namespace)
    k = C.key(segs[-1])
    return k if k.metric in _READ else None


_PREFIX = re.compile(
    r"^\s*(?:(?:wandb|tensorboard|tb)\s*:\s*|\[[^\[\]\n]{1,60}\]\s*|"
    r"\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s*|(?:INFO|DEBUG|WARNING|WARN)\b\s*:?\s*)*"
)
_ITEM = re.compile(
    r"(?P<key>[A-Za-z_][\w.-]*(?:/[A-Za-z_][\w.-]*)*)(?P<sep>[ \t]*[:=][ \t]*|[ \t]+)"
    r"(?P<val>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?%?|nan|NaN|inf)(?![\w.%/])"
)
_DELIMITER = re.compile(r"[ \t]*(?:[-|,;•·][ \t]*)?")


def _tracker_items(text: str) -> list[re.Match[str]] | None:
    """The items of a tracker metric line, or None when the line is not wholly such items with
    at least one slash-path key."""
    pos = _PREFIX.match(text).end()  # type: ignore[union-attr]  # (matches the empty string)
    out: list[re.Match[str]] = []
    while pos < len(text):
        if out:
            pos = _DELIMITER.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= len(text):
                break
        m = _ITEM.match(text, pos)
        if m is None:
            return None
        if not m.group("sep").strip() and "/" not in m.group("key") and "_" not in m.group("key"):
            return None  # 'step 29' in prose: only a code name binds a value by a space
        out.append(m)
        pos = m.end()
    if not out or not any("/" in m.group("key") for m in out):
        return None
    return out


def tracker_line(text: str) -> bool:
    """Whether a line is an experiment tracker's metric line naming an acceptance figure."""
    return bool(tracker_spans(text))


def tracker_spans(text: str) -> list[Span]:
    """The line as one span of its items, where it is a tracker metric line naming an
    acceptance figure by a path: the progress labels, then each figure the keys name (other
    keys' values, a loss or a score, are not read)."""
    if "/" not in text:
        return []
    ms = _tracker_items(text)
    if ms is None:
        return []
    items: list[Item] = []
    named = False
    for m in ms:
        key, vt = m.group("key"), m.group("val")
        v = C.value(vt)
        if v is None:
            continue  # ('nan': nothing drafted at that step)
        if "/" in key:
            k = path_key(key)
        elif _PROGRESS.match(key):
            if v.number != int(v.number):
                continue
            k = C.Key(C.LABEL, key.lower(), False)
        else:
            k = C.key(key)
            k = k if k.metric in _READ else None
        if k is None:
            continue
        named = named or ("/" in key and k.metric in C.ACCEPTANCE)
        items.append((k, v, key, vt))
    if not named:
        return []
    return [(0, len(text), items)]


# a value, then a code name of an acceptance figure ('~1.2 mean_acceptance_length in vllm')
_VALUE_FIRST = re.compile(
    r"(?<![\w.=/:+-])(?P<val>[~≈]?[ \t]?(?:\d*\.\d+[ \t]*%?|\d+[ \t]*%))[*`]{0,2}[ \t]+"
    r"[*`]{0,2}(?P<key>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)[*`]{0,2}"
    r"(?![\w/]|\.\w|[ \t]*[:=(\[]|[ \t]+(?:values?|samples?|entries|rows?|columns?|fields?|"
    r"keys?|metrics?|logs?|counters?|series|histograms?|plots?|curves?|charts?|of)\b)"
)


def value_first_spans(text: str) -> list[Span]:
    """Each value printed right before a code name of an acceptance figure, read as that
    figure where the value is one it can take (a length between 1 and 16 tokens, a rate a
    fraction or a percentage)."""
    if "_" not in text:
        return []
    out: list[Span] = []
    for m in _VALUE_FIRST.finditer(text):
        k = C.key(m.group("key"))
        v = C.value(m.group("val").strip())
        if v is None or k.metric not in C.ACCEPTANCE or k.metric in (C.POSITION, C.PER_POSITION):
            continue
        if k.metric in (C.RATE, C.ACCEPT_RATIO):
            if not (v.percent and v.number <= 100) and not (not v.percent and v.number <= 1):
                continue
        elif v.percent or not 1.0 <= v.number <= C.MAX_STEP_TOKENS:
            continue
        out.append((m.start(), m.end("key"), [(k, v, m.group("key"), m.group("val").strip())]))
    return out


_DEN_WORDS = r"attempts?|attempted|proposals?|proposed|tries|drafts|drafted(?:[ \t]+tokens)?|draft[ \t]+tokens"
_NUM_WORDS = r"accepts|accepted|acceptances|hits"
_COUNTS = re.compile(
    rf"(?<![\w.,/])(?P<x>\d[\d,]*)[ \t]+(?P<xw>{_DEN_WORDS}|{_NUM_WORDS})\b[ \t]*"
    r"(?:/|,|;|\band\b|\bwith\b|\bvs\.?)[ \t]*"
    rf"(?P<y>\d[\d,]*)[ \t]+(?P<yw>{_DEN_WORDS}|{_NUM_WORDS})\b"
    r"(?:[ \t]*[(\[][ \t]*(?P<p>\d+(?:\.\d+)?[ \t]*%)[ \t]*[)\]])?",
    re.I,
)
_ACCEPTED_OVER_FORM = re.compile(
    r"\d[\d,]*[ \t]+accepted[ \t]*/[ \t]*\d[\d,]*[ \t]+(?:proposed|drafted|draft)", re.I
)
_NUM_RE = re.compile(rf"^(?:{_NUM_WORDS})$", re.I)
_CACHE = re.compile(r"\bcache|\bcached\b|prefix|\blookups?\b", re.I)


def counts_spans(text: str, context: str = "") -> list[Span]:
    """Accepted and attempted drafts counted side by side ('181 attempts / 178 accepts
    (98.34%)'): accepted and drafted counts, and the share where it is accepted / attempted.
    ``context``: the text around the line (speculative words for 'hits' and 'tries')."""
    out: list[Span] = []
    for m in _COUNTS.finditer(text):
        xw, yw = m.group("xw"), m.group("yw")
        x_num, y_num = bool(_NUM_RE.match(xw)), bool(_NUM_RE.match(yw))
        if x_num == y_num:
            continue  # two counts of one kind: no share of accepted drafts
        if re.search(r"\d\s*[(\[]\s*$", text[: m.start()]):
            continue  # the counts of a fraction before them ('0.778 (140 accepted / 180 ...)')
        if _ACCEPTED_OVER_FORM.match(m.group(0)):
            continue  # 'A accepted / B drafted': the key-value readers' own form
        loose = re.search(r"\bhits\b|\btries\b", xw + " " + yw, re.I) is not None
        if loose and (_CACHE.search(text) or not V.SPECULATIVE.search(text + "\n" + context)):
            continue  # a cache's hits of its lookups, or tries of anything else
        acc_t, den_t = (m.group("x"), m.group("y")) if x_num else (m.group("y"), m.group("x"))
        acc, den = C.value(acc_t), C.value(den_t)
        if acc is None or den is None or acc.number > den.number:
            continue
        if den.number == 0:
            if acc.number == 0:
                # nothing drafted: counts of zero, set aside as such, never a rate
                zero = C.Value(0, False, 0)
                out.append(
                    (
                        m.start(),
                        m.end(),
                        [
                            (C.key("accepted"), zero, acc_t, acc_t),
                            (C.key("drafted"), zero, den_t, den_t),
                        ],
                    )
                )
            continue
        # (the counts first: a second run's accepted count on the line starts its record)
        items: list[Item] = [
            (C.key("accepted"), acc, xw if x_num else yw, acc_t),
            (C.key("drafted"), den, yw if x_num else xw, den_t),
        ]
        if m.group("p") is not None:
            p = C.value(m.group("p"))
            if (
                p is None
                or abs(100 * acc.number / den.number - p.number) > C.half_unit(p.decimals) + 1e-9
            ):
                continue  # the share is not accepted / attempted: the counts mean otherwise
            items.append((C.Key(C.RATE, "accepted", True), p, "accepted", m.group("p")))
        out.append((m.start(), m.end(), items))
    return out
