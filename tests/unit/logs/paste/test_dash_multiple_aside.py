"""A figure followed by a spaced dash opening an aside on a multiple ('accept length 3.4 — 1.6x
lower TPOT than the baseline'): the multiple is a ratio of another measure, no range's upper end,
so the figure is read. A dash to a plain number ('3.4 - 3.9 tokens', a range) stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DASHES = st.sampled_from(["—", "–", "-", "--"])


@settings(max_examples=examples(20), deadline=None)
@given(
    whole=st.integers(2, 9),
    frac=st.integers(10, 99),
    mult=st.integers(11, 39),
    dash=_DASHES,
    times=st.sampled_from(["x", "×", " x"]),
    word=st.sampled_from(["lower", "higher", "faster", "fewer", "better"]),
    name=st.sampled_from(["accept length", "acceptance length", "mean accept length"]),
    lead=st.sampled_from(["- Branch B path: 940 tok/s, ", "Run two: ", "* tree arm, "]),
)
def test_a_figure_before_a_dashed_multiple_is_read(
    read: Read,
    whole: int,
    frac: int,
    mult: int,
    dash: str,
    times: str,
    word: str,
    name: str,
    lead: str,
) -> None:
    value = f"{whole}.{frac:02d}"
    ratio = f"{mult // 10}.{mult % 10}{times}"
    text = f"Notes:\n{lead}{name} {value} {dash} {ratio} {word} step time than the base.\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [float(value)]


@settings(max_examples=examples(20), deadline=None)
@given(
    lo=st.integers(20, 39),
    hi=st.integers(40, 59),
    dash=st.sampled_from(["—", "–", "-"]),
    tail=st.sampled_from(["tokens a step", "on code", "across prompts"]),
)
def test_a_range_to_a_plain_number_stays_unread(
    read: Read, lo: int, hi: int, dash: str, tail: str
) -> None:
    text = f"Notes:\n- Branch B path: 940 tok/s, accept length {lo / 10} {dash} {hi / 10} {tail}.\n"
    assert not read(text).records


def test_a_range_of_multiples_without_a_space_after_the_dash_stays_unread(read: Read) -> None:
    text = "Notes:\n- Branch B path: accept length 2.40-3.1x faster than the base.\n"
    assert not read(text).records
