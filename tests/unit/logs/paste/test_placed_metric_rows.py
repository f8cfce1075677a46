"""A metrics-as-rows table whose row names an acceptance figure, then where it was measured
after a preposition ('Accept rate during the eval', 'accept length on chat'): the bare name is
the row's figure and the place a label of every column's run. A unit or a manner after the
preposition ('in %', 'on average'), two places in one column (two runs) or a bare row of the
same figure leave the table as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import qualified as Q
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["Accept rate", "Accept **rate**", "draft acceptance rate", "accept length", "mean AL"]
_PREPS = ["during", "on", "in", "for", "on the"]
_PLACES = ["QuizSet", "the eval", "chat", "long docs", "Set-9 prompts"]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    prep=st.sampled_from(_PREPS),
    place=st.sampled_from(_PLACES),
    runs=st.integers(2, 4),
    corner=st.sampled_from(["", "Metric"]),
    first=st.booleans(),
    vals=st.lists(st.integers(21, 79), min_size=4, max_size=4),
)
def test_a_placed_name_is_its_figure(
    name: str, prep: str, place: str, runs: int, corner: str, first: bool, vals: list[int]
) -> None:
    assume(not (prep.endswith(" the") and place.startswith("the ")))  # no 'on the the eval'
    length = "length" in name.lower() or "AL" in name
    cells = [f"{1 + v / 40:.2f}" if length else f"0.{v}" for v in vals[:runs]]
    placed = [f"{name} {prep} {place}", *cells]
    other = ["decode speed", *[f"{40 + i}.0 tok/s" for i in range(runs)]]
    rows = [placed, other] if first else [other, placed]
    text = pipe_table([corner, *[f"cfg-{i}" for i in range(runs)]], rows)
    recs = read_paste(text).records
    got = [r.printed_length if length else r.printed_rate for r in recs]
    assert got == [float(c) for c in cells]
    want_place = place.removeprefix("the ")
    assert all(("dataset", want_place) in r.labels for r in recs)


def test_the_shape_through_the_pipeline(read: Read) -> None:
    text = pipe_table(
        ["", "draft-a", "draft-b"],
        [["quiz score", "0.81", "0.80"], ["Accept rate during the quiz", "0.55", "0.21"]],
    )
    assert [r.printed_rate for r in read(text).records] == [0.55, 0.21]


@settings(max_examples=examples(40), deadline=None)
@given(
    cell=st.sampled_from(
        [
            "accept rate in %",
            "accept length on average",
            "accept rate in total",
            "accept length for reference",
            "accept rate over baseline",
        ]
    )
)
def test_negative_control_units_and_manners_are_no_place(cell: str) -> None:
    assert Q.placed_rows([[cell, "0.55", "0.61"], ["decode", "40 tok/s", "42 tok/s"]]) is None


def test_negative_control_two_places_or_a_bare_twin_are_left() -> None:
    two = [["accept rate on chat", "0.55", "0.61"], ["accept rate on code", "0.48", "0.52"]]
    assert Q.placed_rows(two) is None
    twin = [["accept rate", "0.55", "0.61"], ["accept rate on code", "0.48", "0.52"]]
    assert Q.placed_rows(twin) is None
    # a figure of another measure placed so ('latency during the eval') is no acceptance
    assert Q.placed_rows([["latency during the eval", "12 ms", "14 ms"]]) is None
