"""Prose correcting a figure a tool showed (`made acceptance show 100% when it was actually
about 81.6%`): the actual figure is the run's rate; the shown one is no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.corrected import corrected
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["show", "read", "display", "report"]),
    link=st.sampled_from(["when it was actually", "while it was really", "but it was in fact"]),
    hedge=st.sampled_from(["", "about ", "roughly "]),
    real=st.integers(300, 990),
)
def test_the_actual_figure_is_the_runs_rate(verb: str, link: str, hedge: str, real: int) -> None:
    pct = f"{real / 10:.1f}%"
    text = (
        "The panel added the per-position counters to the accepted total. "
        f"That made acceptance {verb} 100% {link} {hedge}{pct} for the run in the report.\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or 0, 6) for r in got] == [round(real / 1000, 6)]
    assert all(r.printed_length is None and r.accept_length is None for r in got)


def test_the_real_value_named_as_such() -> None:
    text = "The tile showed acceptance rate 100%, but the real value was 74.2% after recount.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.742]


def test_negative_control_two_runs_without_a_correction_stay_two_runs() -> None:
    text = "Acceptance rate was 71.0% on chat and 64.5% on code with the EAGLE-3 draft.\n"
    assert sorted(r.printed_rate or 0 for r in read_paste(text).records) == [0.645, 0.71]


def test_negative_control_shown_without_saying_which_is_real_is_left_as_before() -> None:
    line = "Acceptance read 70% while it was 65% on the older build with the EAGLE draft."
    assert corrected(line) == line


def test_the_rewrite_keeps_the_lines_length() -> None:
    line = "This made acceptance show 100% when it was actually about 81.6% in the example."
    out = corrected(line)
    assert len(out) == len(line) and "100%" not in out and "81.6%" in out
