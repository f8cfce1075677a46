"""A length's name opening its own pair (interpret._LENGTH_FIRST): on a line of `key= value`
fields ('tps= 41.20  AL= 3.05'), the number before the name is the value of the key before it
(a speed), never the length the name names; the name's own value after its `=` or `:` is.
A value before the name with no separator after it ('reached 2.61 AL on code') is read as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_KEYS = st.sampled_from(["base", "spec", "tps", "Eagle", "MTP", "baseline_tps"])
_SEP = st.sampled_from(["=", "= ", "=  ", ": "])
_GAP = st.sampled_from([" ", "  ", "   ", "\t"])


@settings(max_examples=examples(60), deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.integers(40, 400), st.integers(1500, 9000), st.integers(150, 700)),
        min_size=1,
        max_size=6,
        unique_by=(lambda r: r[1], lambda r: r[2]),  # (rows of one run restated: one)
    ),
    k1=_KEYS,
    k2=_KEYS,
    sep=_SEP,
    gap=_GAP,
    name=st.sampled_from(["AL", "acc len", "accept length", "tok/step"]),
)
def test_a_speed_before_a_length_name_with_its_own_value_is_not_the_length(
    rows: list[tuple[int, int, int]], k1: str, k2: str, sep: str, gap: str, name: str
) -> None:
    lines = ["bench output (5 prompts)", ""]
    for i, (n, speed, al) in enumerate(rows, 1):
        lines.append(
            f"  [{i:02d}/{len(rows):02d}] n_tok{sep}{n}{gap}{k1}{sep}{speed / 100:.2f}"
            f"{gap}{k2}{sep}{speed / 37:.2f}{gap}{name}{sep}{al / 100:.2f}"
        )
    got = [r.printed_length for r in read_paste("\n".join(lines) + "\n").records]
    assert got == [al / 100 for _, _, al in rows]


def test_negative_control_a_value_before_the_name_alone_is_read() -> None:
    text = "With the new head the draft reached 2.61 AL on code and 2.20 on chat.\n"
    assert [r.printed_length for r in read_paste(text).records][:1] == [2.61]


def test_negative_control_a_value_before_the_name_then_a_word_is_read() -> None:
    text = "Result: 3.18 accept length: best of the three draft heads we tried.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.18]
