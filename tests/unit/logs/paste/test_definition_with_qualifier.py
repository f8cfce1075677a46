"""A figure's name defined in brackets, the definition followed after a comma (or a
semicolon, in a table's header) by what it was taken over: `Mean accept length (tokens per
verify step, averaged over 6 runs)`. The definition decides what the figure counts, as it does
alone in its bracket (tokens per verify step: the target's own token counted); a qualifier that
names another measure (a speed, a latency) leaves the name undecided, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["Acceptance tau", "Mean acceptance length", "accept length", "AL", "τ"]
_DEFS = ["tokens per verify step", "tokens per verify", "tokens per step", "tokens per round"]
_QUALS = ["averaged over 6 runs", "12-prompt mean", "median of the sweep", "chat set", "greedy"]
_OTHER = ["at 41 tok/s", "latency 20 ms", "speedup 2.1x", "throughput-bound"]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    define=st.sampled_from(_DEFS),
    qual=st.sampled_from(_QUALS),
    sep=st.sampled_from([", ", ","]),
)
def test_a_qualified_definition_names_tokens_per_step(
    name: str, define: str, qual: str, sep: str
) -> None:
    assert C.key(f"{name} ({define}{sep}{qual})").metric == C.TOK_PER_STEP


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES[:3]),
    define=st.sampled_from(_DEFS),
    qual=st.sampled_from(_QUALS),
    value=st.integers(150, 690),
)
def test_a_key_value_line_reads_the_length_bonus_included(
    name: str, define: str, qual: str, value: int
) -> None:
    v = value / 100
    got = read_paste(f"Spec decode run, draft head on target.\n\n{name} ({define}, {qual}): {v}\n")
    assert [(r.printed_length, r.accept_length) for r in got.records] == [(v, v)]


@settings(max_examples=examples(40), deadline=None)
@given(
    define=st.sampled_from(_DEFS),
    qual=st.sampled_from(_QUALS),
    values=st.lists(st.integers(150, 690), min_size=2, max_size=4),
)
def test_a_table_header_reads_the_column_bonus_included(
    define: str, qual: str, values: list[int]
) -> None:
    rows = "".join(f"| run-{i} | {v / 100} |\n" for i, v in enumerate(values))
    got = read_paste(f"| setup | acceptance length ({define}, {qual}) |\n|---|---|\n" + rows)
    assert [r.accept_length for r in got.records] == [v / 100 for v in values]


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(_NAMES), define=st.sampled_from(_DEFS), other=st.sampled_from(_OTHER))
def test_negative_control_a_qualifier_naming_another_measure_decides_nothing(
    name: str, define: str, other: str
) -> None:
    assert C.key(f"{name} ({define}, {other})").metric != C.TOK_PER_STEP


def test_negative_control_a_bracket_of_settings_decides_nothing() -> None:
    # no definition before the comma: the bracket qualifies the run, names no figure
    assert C.key("accept length (k=3, greedy)").metric == C.LENGTH
    got = read_paste("Acceptance length (draft 4, greedy): 2.71\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.71, None)]


def test_the_example_of_the_docs() -> None:
    got = read_paste("Acceptance τ (tokens per verify step, mean of 8 prompts): 3.84\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.84, 3.84)]
