"""A figure named as the accepted count over the drafted one ('accepted / drafted tokens',
'accepted/proposed') whose values are percentages is their quotient, an acceptance rate: in a
key-value line, a table's column or a metric's row of a table without a header. Counts under
the same name stay counts; a percentage under the drafted count alone is not read."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAME = st.sampled_from(
    [
        "accepted / drafted tokens",
        "Accepted/drafted",
        "draft accepted / proposed tokens",
        "EAGLE accepted / drafted tokens",
        "accepted / proposed",
    ]
)
_BOLD = st.sampled_from(["", "**"])
_OTHER = st.sampled_from(
    [
        ("Decode speed", "41.20 tok/s"),
        ("Prompt tokens", "12,408"),
        ("Wall time", "3m 12s"),
    ]
)


def _pct(n: int) -> tuple[str, float]:
    return f"{n / 100:.2f}%", round(n / 10000, 6)


def _rates(text: str) -> list[float]:
    return [round(r.printed_rate, 6) for r in read_paste(text).records if r.printed_rate]


@settings(max_examples=examples(30), deadline=None)
@given(name=_NAME, bold=_BOLD, other=_OTHER, n=st.integers(1000, 9900), last=st.booleans())
def test_a_row_of_the_quotient_s_name_is_a_rate(
    name: str, bold: str, other: tuple[str, str], n: int, last: bool
) -> None:
    # (below the first row: a table without a header takes its first row for the header)
    shown, value = _pct(n)
    row = f"| {name} | {bold}{shown}{bold} |"
    rest = f"| {other[0]} | {bold}{other[1]}{bold} |"
    lines = [rest, "| Runs | 12 |", row] if last else [rest, row, "| Runs | 12 |"]
    assert _rates("\n".join(lines) + "\n") == [value]


@settings(max_examples=examples(30), deadline=None)
@given(name=_NAME, a=st.integers(1000, 9900), b=st.integers(1000, 9900))
def test_a_column_of_the_quotient_s_name_is_a_rate(name: str, a: int, b: int) -> None:
    (sa, va), (sb, vb) = _pct(a), _pct(b)
    text = f"| setup | {name} |\n|---|---|\n| x | {sa} |\n| y | {sb} |\n"
    assert _rates(text) == [va, vb]


@settings(max_examples=examples(30), deadline=None)
@given(name=_NAME, n=st.integers(1000, 9900))
def test_a_key_value_line_of_the_quotient_s_name_is_a_rate(name: str, n: int) -> None:
    assume(" / " in name)  # (spaced: a key-value line keys unspaced "accepted/drafted" as none)
    shown, value = _pct(n)
    assert _rates(f"{name}: {shown}\n") == [value]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAME,
    acc=st.integers(10, 400),
    extra=st.integers(1, 400),
    other=_OTHER,
)
def test_negative_control_counts_under_the_name_stay_counts(
    name: str, acc: int, extra: int, other: tuple[str, str]
) -> None:
    text = f"| {other[0]} | {other[1]} |\n| {name} | {acc} / {acc + extra} |\n"
    for r in read_paste(text).records:
        assert r.printed_rate is None or abs(r.printed_rate - acc / (acc + extra)) < 1e-6


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["drafted tokens", "proposed drafts", "Drafted"]),
    n=st.integers(1000, 9900),
    other=_OTHER,
)
def test_negative_control_the_drafted_count_alone_is_no_rate(
    name: str, n: int, other: tuple[str, str]
) -> None:
    shown, _ = _pct(n)
    text = f"| {other[0]} | {other[1]} |\n| {name} | {shown} |\n| Runs | 12 |\n"
    assert _rates(text) == []
