"""Shapes of held-out pastes read in general: a range before a change's arrow, the drafted
token's acceptance spelled out, an accepted-drafts column of counts with their share, MTP's
'n=1' said in the run's sentence, a bare 'n' column under a caption naming the draft depth."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    low=st.integers(21, 29),
    after=st.integers(120, 199),
    rate=st.integers(5, 40),
    hedge=st.sampled_from(["", "roughly ", "about "]),
)
def test_a_range_then_an_arrow_keeps_the_figure_after_it(
    low: int, after: int, rate: int, hedge: str
) -> None:
    text = (
        "Against the old cache view:\n\n"
        "- cache bytes: 4,000 -> 3,500 (-12.5%)\n"
        f"- sampled accept length: {hedge}{low / 10:.1f}-{(low + 2) / 10:.1f} -> "
        f"{after / 100:.2f} (`accept_rate={rate / 100:.2f}`)\n"
        "- latency: 20.0 -> 22.0 ms\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [after / 100]
    assert got[0].accept_length is None


def test_a_range_then_an_arrow_to_a_multiplier_is_no_record() -> None:
    text = "- accept length: 2.5-2.7 -> 1.30x faster decode\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(
        ["draft-token acceptance", "Draft token acceptance rate", "token acceptance"]
    ),
    rates=st.lists(st.integers(40, 90), min_size=2, max_size=4),
)
def test_the_drafted_tokens_acceptance_spelled_out_is_a_rate(name: str, rates: list[int]) -> None:
    rows = "".join(f"| {1000 * (i + 1)} | {50 - i}.0 | 0.{r} |\n" for i, r in enumerate(rates))
    text = f"| prompt tokens | decode tok/s | {name} |\n|---|---|---|\n" + rows
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [r / 100 for r in rates]
    assert all(r.accept_length is None for r in got)  # no k: no length
