"""An accept length's list of three or more values joined by `/` stays that many runs where the
list is set in bold (`AL **2.10 / 2.40 / 2.70**`), and where the same runs' other figures follow
on the line as lists of as many values (`..., Throughput: 61.2 / 58.0 / 55.4 tok/s`): one record
a run. A list of another count or any other slash after it leaves the line to the other rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import slash_settings as SS
from tests.support.examples import examples

_VALUES = st.lists(st.integers(110, 690), min_size=3, max_size=6)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["AL", "Mean acceptance length", "accept len"]),
    mark=st.sampled_from(["**", "*"]),
    sep=st.sampled_from([" ", ": "]),
    values=_VALUES,
)
def test_a_bold_list_is_one_record_a_value(
    name: str, mark: str, sep: str, values: list[int]
) -> None:
    vals = [f"{v / 100:.2f}" for v in values]
    text = f"Three seeds of the same head.\n\nHead B {name}{sep}{mark}{' / '.join(vals)}{mark}.\n"
    assert [r.printed_length for r in read_paste(text).records] == [float(v) for v in vals]


@settings(max_examples=examples(30), deadline=None)
@given(
    values=_VALUES,
    unit=st.sampled_from([" tok/s", " tokens/s", ""]),
    other=st.sampled_from(["Throughput", "Decode speed", "Accepted throughput"]),
)
def test_the_same_runs_other_figures_after_it_keep_the_runs(
    values: list[int], unit: str, other: str
) -> None:
    vals = [f"{v / 100:.2f}" for v in values]
    speeds = [f"{40 + i * 3.5:.1f}" for i in range(len(vals))]
    line = f"Mean acceptance length: {' / '.join(vals)}, {other}: {' / '.join(speeds)}{unit}"
    out = SS.rewrite(line)
    assert out.count("Mean acceptance length: ") == len(vals)
    assert f"{other}: {speeds[1]}{unit}" in out
    text = f"A warm cache over repeated prompts.\n\n{line}\n"
    assert [r.printed_length for r in read_paste(text).records] == [float(v) for v in vals]


def test_a_list_of_another_count_after_it_leaves_the_line() -> None:
    line = "Mean acceptance length: 2.41 / 2.87 / 3.12, Throughput: 51.0 / 48.5 tok/s"
    assert SS.rewrite(line) == line


def test_another_slash_after_it_leaves_the_line() -> None:
    for line in (
        "Mean acceptance length: 2.41 / 2.87 / 3.12 on chat/code",
        "Mean acceptance length: 2.41 / 2.87 / 3.12, accepted 120/200",
        "Mean acceptance length: 2.41 / 2.87 / 3.12 vs 1 / 2 / 3 drafts",
    ):
        assert SS.rewrite(line) == line, line
