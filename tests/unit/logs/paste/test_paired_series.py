"""Acceptance figures each given as a series over the same runs, one figure a line ('- mean
accept length: about 2.9, then 2.4' over '- draft acceptance rate: about 48%, then 37%'): the
series pair by position, one record a run with its own length and rate. Series of different
lengths, a key naming another measure, or prose beside the series stay as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import paired_series as PS
from specdiag.core.logs.paste import text as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def test_the_fold_marker_is_the_text_readers() -> None:
    assert PS.DROPPED == T.DROPPED


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=110, max_value=480), min_size=2, max_size=2, unique=True),
    st.lists(st.integers(min_value=50, max_value=950), min_size=2, max_size=2, unique=True),
    st.sampled_from([", then ", " then ", ", ", "; "]),
    st.sampled_from(["", "about ", "~"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["- ", "* ", ""]),
    st.sampled_from(
        [("mean accept length", "draft acceptance rate"), ("accept len", "accept rate")]
    ),
)
def test_series_pair_by_position(
    read: Read,
    lengths: list[int],
    rates: list[int],
    join: str,
    hedge: str,
    ticks: bool,
    rate_first: bool,
    bullet: str,
    names: tuple[str, str],
) -> None:
    q = "`" if ticks else ""
    ls = [f"{q}{x / 100:.2f}{q}" for x in lengths]
    rs = [f"{q}{x / 10:.1f}%{q}" for x in rates]
    length_line = f"{bullet}{names[0]}: {hedge}{ls[0]}{join}{ls[1]}"
    rate_line = f"{bullet}{names[1]}: {hedge}{rs[0]}{join}{rs[1]}"
    lines = [rate_line, length_line] if rate_first else [length_line, rate_line]
    text = "The server reported over the two load levels:\n\n" + "\n".join(lines) + "\n\nDone.\n"
    recs = read(text).records
    got = [(r.printed_length, r.printed_rate) for r in recs]
    want = [(x / 100, round(y / 1000, 3)) for x, y in zip(lengths, rates, strict=True)]
    assert [(a, round(b, 3) if b is not None else None) for a, b in got] == want


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(
        [
            [
                "- mean accept length: 2.4, then 2.1",
                "- draft acceptance rate: 41%, then 33%, then 30%",
            ],
            ["- mean accept length: 2.4, then 2.1", "- output tok/s: 88, then 71"],
            [
                "- mean accept length: 2.4, then 2.1 on the new build",
                "- draft acceptance rate: 41%, then 33%",
            ],
            ["- draft acceptance rate: 41%, then 33%", "- accept rate: 40%, then 32%"],
            ["- mean accept length: 2.4, then 2.1"],
        ]
    ),
)
def test_other_lines_stay(lines: list[str]) -> None:
    raw = ["Numbers:", "", *lines, ""]
    assert PS.paired(raw) == raw


def test_written_one_run_a_line() -> None:
    raw = [
        "- mean accept length: about 2.4, then 2.1",
        "- draft acceptance rate: about 41%, then 33%",
    ]
    assert PS.paired(raw) == [
        "- mean accept length: about 2.4; draft acceptance rate: about 41%",
        "- mean accept length: 2.1; draft acceptance rate: 33%",
    ]
