"""A bracketed series of rates joined by arrows after the acceptance's name ('acceptance falls
with k (71% → 52% → 38%)') is one rate per value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance", "Draft acceptance", "acceptance rate"]),
    verb=st.sampled_from(["falls as k grows", "shrinks with the draft size", "changes"]),
    arrow=st.sampled_from([" → ", " -> ", "->", " => "]),
    pcts=st.lists(st.integers(5, 95), min_size=2, max_size=5),
)
def test_an_arrow_series_of_rates_after_the_name(
    name: str, verb: str, arrow: str, pcts: list[int]
) -> None:
    series = arrow.join(f"{p}%" for p in pcts)
    text = f"Speculative sweep notes.\n{name} {verb} ({series}) because the draft is weak.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [p / 100 for p in pcts]
    assert all(r.accept_length is None for r in got)


def test_negative_control_a_series_of_another_measure_is_not_read() -> None:
    text = "Speculative sweep: acceptance fine, speedup by k (120% → 140% → 90%).\n"
    assert all(r.printed_rate is None for r in read_paste(text).records)
