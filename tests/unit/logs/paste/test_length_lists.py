"""An accept length's name followed by three or more lengths joined by `/`, with no setting on
the line, is that many runs told apart by order (one record a value); two values stay `x / max`,
and rates, percentages and lists whose setting is named keep their own rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import slash_settings as SS
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(
        ["Mean acceptance length", "accept length", "avg acc len", "AL", "Average accepted length"]
    ),
    sep=st.sampled_from([": ", " = ", " "]),
    joint=st.sampled_from([" / ", "/"]),
    values=st.lists(st.integers(110, 690), min_size=3, max_size=8),
)
def test_a_list_of_lengths_is_one_record_a_value(
    name: str, sep: str, joint: str, values: list[int]
) -> None:
    vals = [f"{v / 100:.2f}" for v in values]
    text = f"Ran the same draft head over a few prompt sets.\n\n{name}{sep}{joint.join(vals)}\n"
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [float(v) for v in vals]


def test_labels_listed_before_the_lengths_name_each_run() -> None:
    line = "Across chat / code / math the head holds up: AL 2.10 / 2.40 / 2.70."
    assert "config=chat: AL 2.10; config=code: AL 2.40; config=math: AL 2.70" in SS.rewrite(line)
    assert [r.printed_length for r in read_paste(line + "\n").records] == [2.1, 2.4, 2.7]


def test_labels_of_another_count_or_a_second_list_leave_the_line() -> None:
    for line in (
        "Across chat / code the head holds up: AL 2.10 / 2.40 / 2.70.",
        "Across chat / code / math at 1 / 2 / 3 the head holds up: AL 2.10 / 2.40 / 2.70.",
        "Across chat / code / math the head holds up: AL 2.10 / 2.40 / 2.70 (k=1/2/3).",
    ):
        assert "config=" not in SS.rewrite(line), line


def test_two_values_stay_a_value_over_its_maximum() -> None:
    text = "Ran the draft head with five draft tokens.\n\nMean acceptance length: 2.60 / 5\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.6]


def test_a_list_is_never_read_as_a_value_over_a_maximum() -> None:
    # the first of a list with no length in it is no 'x / max' either
    text = (
        "Ran the draft head over three prompt sets.\n\nMean acceptance length: 2.41 / 2.87 / 31\n"
    )
    assert all(r.printed_length != 2.41 or r.max_length is None for r in read_paste(text).records)


def test_percentages_are_not_lengths() -> None:
    text = "Ran the draft head over three prompt sets.\n\nacceptance length: 41% / 37% / 30%\n"
    assert all(r.printed_length is None for r in read_paste(text).records)
