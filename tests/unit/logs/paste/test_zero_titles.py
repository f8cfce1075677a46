"""A heading stating a rate of exactly zero over a body that states the same zero for its run
('# The draft head repeats one token; acceptance is 0%' over '... and acceptance is 0%
throughout'): the title of that run, one record (the body's); a heading whose zero no record
below prints stays a record of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ZEROS = ("0%", "0.0%", "0")


@settings(max_examples=examples(20), deadline=None)
@given(zero=st.sampled_from(_ZEROS), rounds=st.integers(20, 900))
def test_a_heading_over_the_same_zero_is_its_title(read: Read, zero: str, rounds: int) -> None:
    text = (
        f"# The draft head keeps proposing one token; acceptance is {zero}\n\n"
        f"We traced {rounds} rounds on two prompts: the draft never changes, "
        f"and acceptance is {zero} throughout.\n"
    )
    got = read(text).records
    assert [(r.first_line, r.printed_rate) for r in got] == [(3, 0.0)]


@settings(max_examples=examples(20), deadline=None)
@given(tenths=st.integers(100, 900))
def test_a_heading_over_another_figure_stays(read: Read, tenths: int) -> None:
    text = (
        "# The draft head keeps proposing one token; acceptance is 0%\n\n"
        f"After the fix we traced two prompts again and acceptance is {tenths / 10:.1f}% now.\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [0.0, tenths / 1000]
