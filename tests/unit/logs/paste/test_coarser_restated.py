"""A prose figure printed two decimals coarser or more (no approximate mark) that rounds
exactly one exact prose figure of the same measure elsewhere in the paste is that figure told
again: no record of its own (restated_row._fold_coarser). Close values told as two runs (before
and after a change, on one line, one decimal apart, or rounding two figures) stay records."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _paste(summary: str, exact: str, other: str = "81.207") -> str:
    return (
        "# Fix the draft head's warmup\n\n"
        "author · description\n"
        f"With this change the MTP {summary}.\n\n"
        "author · comment\n"
        f"* Using `--spec-draft-n-max 3` I get {exact}% acceptance on the chat set.\n"
        f"* Using `--spec-draft-n-max 6` I get {other}% acceptance on the chat set.\n"
    )


def _rates(text: str) -> list[float]:
    return [round(r.printed_rate or -1, 6) for r in read_paste(text).records]


def test_a_summary_rounding_a_later_exact_figure_is_no_record() -> None:
    got = read_paste(_paste("acceptance rate rises to 97.6%", "97.581")).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [0.97581, 0.81207]
    assert any("restated, rounded" in n for n in got[0].notes)


def test_one_decimal_apart_stays_two_runs() -> None:
    assert _rates(_paste("acceptance rate rises to 97.58%", "97.581")) == [0.9758, 0.97581, 0.81207]


def test_before_and_after_stay_two_runs() -> None:
    text = _paste("acceptance rate was 97.6% before the fix", "97.581")
    assert _rates(text) == [0.976, 0.97581, 0.81207]


def test_rounding_two_exact_figures_stays() -> None:
    text = _paste("acceptance rate rises to 97.6%", "97.581", other="97.602")
    assert len(read_paste(text).records) == 3


def test_one_line_stays_two_runs() -> None:
    text = "Speculative decoding.\nAcceptance rate 97.6% on run A; acceptance 97.581% on run B.\n"
    assert len(read_paste(text).records) == 2


@given(exact=st.integers(min_value=50_000, max_value=99_949))
def test_any_exact_rate(exact: int) -> None:
    e = f"{exact / 1000:.3f}"
    s = f"{exact / 1000:.1f}"
    got = _rates(_paste(f"acceptance rate rises to {s}%", e, other="12.345"))
    assert got == [round(exact / 100_000, 6), 0.12345]


@given(
    whole=st.integers(1, 99).filter(lambda w: w != 81),  # (81% would round the other run too)
    exact=st.integers(1, 499),
    word=st.sampled_from(["exactly", "Exactly", "EXACTLY"]),
)
def test_a_figure_said_exact_rounds_no_other(whole: int, exact: int, word: str) -> None:
    # 'the acceptance rate was exactly 12%' beside a later '12.3xx%' of another section: two
    # runs (an exact figure is no rounding); without the word it is the later figure rounded
    fine = f"{whole}.{exact:03d}"
    for said, n in ((f"{word} {whole}%", 2), (f"{whole}%", 1)):
        text = _paste(f"acceptance rate was {said}", fine)
        rates = _rates(text)
        assert len(rates) == n + 1, (said, rates)


@given(
    exact=st.integers(1, 499),
    zero=st.sampled_from(["0%", "0.0%"]),
    tenths=st.integers(1, 4),
)
def test_a_zero_rounds_no_small_figure(exact: int, zero: str, tenths: int) -> None:
    # 'acceptance rate is 0%' beside a later '0.1xx%' of another section: no draft accepted is
    # a count's fact, two runs; a nonzero coarse figure still rounds the finer one
    fine = f"0.{exact:03d}"
    assert len(_rates(_paste(f"acceptance rate is {zero}", fine))) == 3
    coarse = f"{tenths}%"
    fine = f"{tenths}.{exact:03d}"
    assert len(_rates(_paste(f"acceptance rate is {coarse}", fine))) == 2
