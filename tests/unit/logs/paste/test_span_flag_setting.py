"""A code span of prose holding a command line's flag naming an acceptance figure alone with its
value ('`--draft-accept-rate 0.45`'): the value given to a program, a setting, no record; shown as
unread with the flag (notrun.span_flag, reader._drop_span_flags). A measured figure of the same
line outside the span, a span holding a key and its value without the flag's dashes (a program's
output quoted), or a flag turning a report on are read as before; a forcing knob's line keeps its
own reason (test_forced_rows)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["", "draft-", "spec-decode-", "sim-", "bench-"]
_FIGURES = ["accept-rate", "acceptance-rate", "acceptance-length", "accept-len", "accept-ratio"]
_BEFORE = [
    "Sweep runs pass {span} to the load generator",
    "The replay harness uses ({span}) for every arm",
    "Throughput jobs set {span}, eval jobs leave it out",
]


def _value(figure: str, n: int) -> str:
    return f"{1 + n / 100:.2f}" if "len" in figure else f"0.{n:02d}"


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    figure=st.sampled_from(_FIGURES),
    n=st.integers(10, 95),
    before=st.sampled_from(_BEFORE),
    eq=st.sampled_from([" ", "  "]),
)
def test_a_flag_alone_in_a_span_is_a_setting(
    read: Read, lead: str, figure: str, n: int, before: str, eq: str
) -> None:
    flag = f"--{lead}{figure}"
    text = before.format(span=f"`{flag}{eq}{_value(figure, n)}`") + ".\n"
    assert read(text).records == ()


@pytest.mark.parametrize("lead", ["", "spec-decode-", "sim-"])
def test_the_span_is_shown_as_a_setting(read: Read, lead: str) -> None:
    got = read(f"Sweep runs pass `--{lead}accept-rate 0.45` to the load generator.\n")
    assert got.records == ()
    assert any(f"--{lead}accept-rate" in b.reason and "a setting" in b.reason for b in got.unread)


@settings(max_examples=examples(20), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    n=st.integers(10, 95),
    measured=st.integers(100, 990),
)
def test_a_measured_figure_beside_the_span_is_read(
    read: Read, lead: str, n: int, measured: int
) -> None:
    text = (
        f"The simulator took `--{lead}accept-rate 0.{n:02d}`; the real server measured "
        f"acceptance rate {measured / 10:.1f}% on the same prompts.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([measured / 1000])


@pytest.mark.parametrize(
    "span",
    [
        # a key and its value quoted from a program's output: a reading, no flag
        "`acceptance_rate: 0.62`",
        "`accept_rate=0.62`",
    ],
)
def test_a_span_without_a_flag_is_read(read: Read, span: str) -> None:
    got = read(f"After the fix the server printed {span} for that run.\n").records
    assert [r.printed_rate for r in got] == [0.62]


def test_a_forcing_knob_keeps_its_reason() -> None:
    reading = read_paste("Ran `--synthetic-accept-rate 0.8`: acceptance rate 80.0%.\n")
    assert reading.records == ()
    assert any("a forced acceptance" in b.reason for b in reading.unread)
