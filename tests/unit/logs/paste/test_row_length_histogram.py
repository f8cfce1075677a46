"""A length decided by the histogram of lengths in its own row (length_histogram.py): ``i:n``
pairs joined by ``·``, ``,``, ``;`` or blanks under a column named a histogram; its mean equal to
the printed length decides the bonus by the smallest bucket (1 under a length's name: counted;
0: left out, or counted when the length is 1 + the mean). A mean disagreeing with the length,
a column named no histogram, buckets from 1 under no length's name, or buckets from 2 decide
nothing."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED, UNDECIDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SEPARATORS = st.sampled_from([" · ", ", ", "; ", "  ", " "])
_LENGTH_HIST = st.sampled_from(
    ["accept-length histogram (steps)", "acceptance length histogram", "tokens/step hist"]
)
_LABELS = st.sampled_from(["head-a", "tiny draft", "wide head", "eagle-ish", "block drafter"])
_COUNTS = st.lists(st.integers(1, 900), min_size=2, max_size=6)


def _hist(start: int, counts: list[int], sep: str) -> tuple[str, float]:
    pairs = [(start + i, n) for i, n in enumerate(counts)]
    mean = sum(k * n for k, n in pairs) / sum(counts)
    return sep.join(f"{k}:{n}" for k, n in pairs), mean


def _table(column: str, rows: list[tuple[str, str, str]]) -> str:
    out = [
        "Each draft proposes a block; the target verifies it.",
        "",
        f"| Draft | mean accept length | max | {column} |",
        "|---|---|---|---|",
    ]
    for label, printed, hist in rows:
        out.append(f"| {label} | **{printed}** | {hist.count(':') + 1} | {hist} |")
    return "\n".join(out) + "\n"


def _rows(
    labels: list[str], counts: list[list[int]], start: int, sep: str, dec: int, shift: float = 0.0
) -> tuple[list[tuple[str, str, str]], list[float], list[float]]:
    rows, means, printed = [], [], []
    for i, (lab, cs) in enumerate(zip(labels, counts, strict=False)):
        hist, mean = _hist(start, cs, sep)
        value = round(mean + shift, dec)
        rows.append((f"{lab} {i}", f"{value:.{dec}f}", hist))
        means.append(mean)
        printed.append(value)
    return rows, means, printed


@settings(max_examples=examples(40), deadline=None)
@given(
    column=_LENGTH_HIST,
    labels=st.lists(_LABELS, min_size=1, max_size=3),
    counts=st.lists(_COUNTS, min_size=3, max_size=3),
    sep=_SEPARATORS,
    dec=st.sampled_from([2, 3]),
)
def test_buckets_from_one_under_a_length_name_count_the_bonus(
    read: Read, column: str, labels: list[str], counts: list[list[int]], sep: str, dec: int
) -> None:
    rows, _, printed = _rows(labels, counts, 1, sep, dec)
    got = read(_table(column, rows)).records
    assert [r.printed_length for r in got] == printed
    assert [r.accept_length for r in got] == printed
    assert all(r.bonus.value == INCLUDED for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    column=st.sampled_from(["accepted drafts histogram", "histogram", "accept-length hist"]),
    labels=st.lists(_LABELS, min_size=1, max_size=3),
    counts=st.lists(_COUNTS, min_size=3, max_size=3),
    sep=_SEPARATORS,
    dec=st.sampled_from([2, 3]),
    bonus=st.booleans(),
)
def test_buckets_from_zero_decide_either_way(
    read: Read,
    column: str,
    labels: list[str],
    counts: list[list[int]],
    sep: str,
    dec: int,
    bonus: bool,
) -> None:
    rows, means, printed = _rows(labels, counts, 0, sep, dec, 1.0 if bonus else 0.0)
    assume(all(m >= 1.05 for m in means))
    got = read(_table(column, rows)).records
    assert [r.printed_length for r in got] == printed
    want = printed if bonus else [round(p + 1, 6) for p in printed]
    assert [r.accept_length for r in got] == want
    assert all(r.bonus.value == (INCLUDED if bonus else EXCLUDED) for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    column=_LENGTH_HIST,
    labels=st.lists(_LABELS, min_size=1, max_size=3),
    counts=st.lists(_COUNTS, min_size=3, max_size=3),
    sep=_SEPARATORS,
    start=st.sampled_from([0, 1]),
    shift=st.sampled_from([-0.3, -0.07, 0.04, 0.2, 0.6]),
)
def test_negative_control_a_mean_disagreeing_with_the_length(
    read: Read,
    column: str,
    labels: list[str],
    counts: list[list[int]],
    sep: str,
    start: int,
    shift: float,
) -> None:
    rows, means, printed = _rows(labels, counts, start, sep, 2, shift)
    assume(all(p >= 1.05 for p in printed))
    got = read(_table(column, rows)).records
    assert [r.printed_length for r in got] == printed
    assert all(r.accept_length is None and r.bonus == UNDECIDED for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    case=st.sampled_from(
        [
            (1, "accept lengths"),  # no histogram's name
            (1, "step counts"),
            (1, "histogram"),  # buckets from 1 under no length's name
            (1, "accepted drafts histogram"),
            (2, "accept-length histogram"),  # buckets from 2
        ]
    ),
    labels=st.lists(_LABELS, min_size=1, max_size=3),
    counts=st.lists(_COUNTS, min_size=3, max_size=3),
    sep=_SEPARATORS,
)
def test_negative_control_no_length_histogram(
    read: Read, case: tuple[int, str], labels: list[str], counts: list[list[int]], sep: str
) -> None:
    start, column = case
    rows, _, printed = _rows(labels, counts, start, sep, 3)
    got = read(_table(column, rows)).records
    assert [r.printed_length for r in got] == printed
    assert all(r.accept_length is None and r.bonus == UNDECIDED for r in got)
