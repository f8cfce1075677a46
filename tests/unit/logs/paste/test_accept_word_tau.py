"""The length's symbol after an acceptance word ('mean accept τ', 'avg acceptance tau'): the
accept length, whatever aggregation word opens the name and whatever layout prints it (a row of
a metric table, a column's header, a key-value line). The name spelled 'rate' before the
symbol stays a rate; the symbol after a word of another measure names nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_AGG = st.sampled_from(["", "mean ", "avg ", "average ", "overall "])
_WORD = st.sampled_from(["accept", "acceptance", "Accept", "Acceptance"])
_SYM = st.sampled_from(["τ", "tau", "τ", "Tau"])


@settings(max_examples=examples(40), deadline=None)
@given(agg=_AGG, word=_WORD, sym=_SYM)
def test_the_name_is_a_length(agg: str, word: str, sym: str) -> None:
    assert C.key(f"{agg}{word} {sym}").metric == C.LENGTH
    assert C.key(f"{agg}{word}_{sym}".replace(" ", "_")).metric == C.LENGTH


@settings(max_examples=examples(30), deadline=None)
@given(
    agg=_AGG,
    word=_WORD,
    sym=_SYM,
    value=st.integers(1050, 5400),
    layout=st.sampled_from(["metric-row", "column", "key-value"]),
)
def test_read_in_each_layout(
    read: Read, agg: str, word: str, sym: str, value: int, layout: str
) -> None:
    name = f"{agg}{word} {sym}".strip()
    v = f"{value / 1000:.3f}"
    if layout == "metric-row":
        text = pipe_table(["check", "result"], [[name, v], ["deterministic", "yes"]])
    elif layout == "column":
        text = pipe_table(["prompt set", name, "tok/s"], [["essays", v, "61.5"]])
    else:
        text = f"Drafter sweep notes\n\n{name}: {v}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [float(v)]
    assert all(r.printed_rate is None for r in got)


def test_negative_control_rate_named_before_the_symbol() -> None:
    assert C.key("acceptance rate τ").metric == C.RATE


def test_negative_control_the_symbol_after_another_measure() -> None:
    for name in ("latency τ", "throughput tau", "loss τ"):
        assert C.key(name).metric not in C.ACCEPTANCE
    text = pipe_table(["check", "result"], [["latency τ", "1.742"], ["deterministic", "yes"]])
    assert read_paste(text).records == ()
