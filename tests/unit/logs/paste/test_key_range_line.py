"""A key-value line of one acceptance figure printed as a range, the whole line ('Mean
acceptance length: 1.12-1.24', '- accept rate = 41%–47%'): the run measured a range over its
snapshots, as a table's cell prints one: one record with no one figure (interpret.
_KEY_RANGE_LINE). A range inside a sentence, or under another measure's key, is none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_KEYS = ["Mean acceptance length", "accept length", "AL"]
_RATE_KEYS = ["Avg draft acceptance rate", "accept rate", "acceptance"]


@settings(max_examples=examples(30), deadline=None)
@given(
    rate=st.booleans(),
    key=st.integers(0, 2),
    lo=st.integers(105, 300),
    width=st.integers(3, 90),
    dash=st.sampled_from(["-", "–", " - ", " to "]),
    sep=st.sampled_from([": ", " = "]),
    bullet=st.sampled_from(["", "- "]),
    fence=st.booleans(),
)
def test_a_range_line_is_one_record_without_a_figure(
    read: Read,
    rate: bool,
    key: int,
    lo: int,
    width: int,
    dash: str,
    sep: str,
    bullet: str,
    fence: bool,
) -> None:
    if rate:
        value = f"{lo / 10:.1f}%{dash}{(lo + width) / 10:.1f}%"
        name = _RATE_KEYS[key]
    else:
        value = f"{lo / 100:.2f}{dash}{(lo + width) / 100:.2f}"
        name = _LENGTH_KEYS[key]
    line = f"{bullet}{name}{sep}{value}"
    body = f"```text\n{line}\n```\n" if fence else line + "\n"
    got = read("Stopped early; the last snapshots:\n\n" + body).records
    assert len(got) == 1
    assert (got[0].printed_length, got[0].printed_rate) == (None, None)


def test_a_range_in_a_sentence_is_none(read: Read) -> None:
    got = read("Over the run the mean acceptance length moved between 1.12-1.24, then stopped.\n")
    assert got.records == ()


def test_another_measures_range_is_none(read: Read) -> None:
    assert read("```text\ngeneration throughput: 4.6-12.8\n```\n").records == ()
