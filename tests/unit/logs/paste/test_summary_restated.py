"""A run's key-value summary printing its length and its rate together: a later sentence
stating one of them alone mentions that run (no second record); a sentence with another
figure, or a summary of a rate alone, leaves the prose read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _paste(length: float, rate: int, restate_rate: bool, lead: str) -> str:
    said = f"{rate}%" if restate_rate else f"{length:.2f}"
    name = "acceptance rate" if restate_rate else "acceptance length"
    return (
        "## Draft head results\n\n"
        f"Mean acceptance length: {length:.2f}\n"
        f"Overall acceptance rate: {rate}%\n\n"
        "## Notes\n\n"
        f"{lead}the {name} of {said} at this temperature means many drafted tokens are wasted.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    length=st.floats(1.5, 4.0),
    rate=st.integers(20, 90),
    restate_rate=st.booleans(),
    lead=st.sampled_from(["", "In short, ", "- ", "3. "]),
)
def test_a_summary_figure_restated_in_prose_is_one_run(
    length: float, rate: int, restate_rate: bool, lead: str
) -> None:
    got = read_paste(_paste(length, rate, restate_rate, lead)).records
    assert len(got) == 1
    assert got[0].printed_length == round(length, 2) and got[0].printed_rate == rate / 100


def test_negative_control_another_figure_in_prose_is_read() -> None:
    text = _paste(2.5, 40, True, "").replace("of 40%", "of 55%")
    assert sorted(r.printed_rate for r in read_paste(text).records) == [0.4, 0.55]


def test_negative_control_a_rate_alone_above_keeps_the_prose() -> None:
    text = (
        "## Draft head results\n\nOverall acceptance rate: 40%\n\n## Later run\n\n"
        "With the new head the acceptance rate of 40% held at a higher temperature.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.4, 0.4]
