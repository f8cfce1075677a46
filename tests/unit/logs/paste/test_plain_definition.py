"""A figure's value stated for decoding without speculation ('committed tokens per step
(which is 1.0 for plain decoding)') defines the figure: it is no record, and it says the
paste's lengths count the target's own token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


@settings(max_examples=examples(40), deadline=None)
@given(
    plain=st.sampled_from(
        ["plain autoregressive decoding", "standard decoding", "vanilla AR decoding"]
    ),
    one=st.sampled_from(["1.00", "`1.00`", "1", "**1.0**"]),
    lengths=st.lists(st.integers(120, 480), min_size=1, max_size=4),
)
def test_a_value_for_decoding_without_drafts_defines_the_column(
    plain: str, one: str, lengths: list[int]
) -> None:
    prose = (
        "Speedup is the median of five runs; the last column counts committed tokens per "
        f"verification step (which is {one} for {plain}).\n\n"
    )
    rows = [[f"method-{i}", f"{1 + v / 300:.2f}x", f"{v / 100:.2f}"] for i, v in enumerate(lengths)]
    got = read_paste(prose + pipe_table(["Method", "Speedup", "mean accepted tokens"], rows))
    assert [r.printed_length for r in got.records] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got.records] == [v / 100 for v in lengths]


def test_the_definition_alone_is_no_record() -> None:
    text = "Our accept length is 1.0 without speculative decoding and grows with the draft.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_measured_value_beside_it_is_read() -> None:
    text = "EAGLE-3 reached an accept length of 3.10 (1.00 for vanilla decoding).\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.1]
    assert [r.accept_length for r in got] == [3.1]
