"""A line naming an extreme of the runs above it ('- **Worst run**: 2.1x (48.5% acceptance)')
whose figures equal an earlier record's is that run picked out again: no record of its own.
A line of that shape with a figure no earlier record prints is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _runs(rates: list[float]) -> str:
    body = "\n".join(
        f"Case {i + 1}: {r:.1f}% acceptance -> {1 + r / 40:.2f}x speedup"
        for i, r in enumerate(rates)
    )
    return f"Per-case results, draft of 6 tokens:\n\n{body}\n\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(
        st.integers(300, 950).map(lambda x: x / 10), min_size=2, max_size=4, unique=True
    ),
    word=st.sampled_from(["Best case", "Worst run", "Highest", "Lowest acceptance", "Peak"]),
    bold=st.booleans(),
    pick=st.integers(0, 3),
)
def test_an_extreme_restating_an_earlier_run_is_no_record(
    rates: list[float], word: str, bold: bool, pick: int
) -> None:
    r = rates[pick % len(rates)]
    name = f"**{word}**" if bold else word
    text = _runs(rates) + f"Summary:\n- {name}: {1 + r / 40:.2f}x speedup ({r:.1f}% acceptance)\n"
    got = read_paste(text).records
    assert sorted(round(x.printed_rate or 0, 4) for x in got) == sorted(
        round(x / 100, 4) for x in rates
    )


def test_negative_control_an_extreme_of_its_own_is_read() -> None:
    text = _runs([61.5, 48.0]) + "Summary:\n- **Best case**: 2.9x speedup (70.2% acceptance)\n"
    got = read_paste(text).records
    assert sorted(round(x.printed_rate or 0, 4) for x in got) == [0.48, 0.615, 0.702]


def test_negative_control_a_plain_line_with_an_equal_figure_is_read() -> None:
    # two runs may print the same value: only a line naming an extreme is a pick
    text = _runs([61.5, 48.0]) + "Case 3: 61.5% acceptance -> 2.54x speedup\n"
    got = read_paste(text).records
    assert sorted(round(x.printed_rate or 0, 4) for x in got) == [0.48, 0.615, 0.615]
