"""A figure's next value after its first one's qualifier, hedged by 'exactly'
(interpret._MORE_ON): 'is 1.42 at depth 2 and exactly 1.50 at depth 4' is two runs' values of
the figure, as 'and about 1.50 at depth 4' is. A next value of another measure (a speed after
it) stays none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(1100, 3900),
    b=st.integers(1100, 3900),
    qa=st.sampled_from(["at depth 2", "on chat", "for the small draft"]),
    qb=st.sampled_from(["at depth 4", "on code", "for the large draft", "at 4, 5 and 6"]),
    joiner=st.sampled_from([" and ", ", ", ", but "]),
)
def test_a_next_value_hedged_exactly_is_the_figure(
    a: int, b: int, qa: str, qb: str, joiner: str
) -> None:
    text = (
        "With speculative decoding on, the mean accepted length is "
        f"{a / 1000:.3f} {qa}{joiner}exactly {b / 1000:.3f} {qb}.\n"
    )
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [a / 1000, b / 1000]


def test_negative_control_a_speed_after_the_next_value_is_no_length() -> None:
    text = (
        "With speculative decoding on, the mean accepted length is 2.410 on chat and "
        "exactly 95.2 tok/s on code.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.41]
