"""A row run without drafts ('Vanilla', 'baseline', 'AR', 'w/o speculative') that prints a
length of 1 measured no speculation: it decides its column's convention (one token per step
counts the target's own token) and is no record of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_BASE = ["Vanilla", "baseline", "AR", "w/o speculative", "**Vanilla**", "no spec"]


@settings(max_examples=examples(40), deadline=None)
@given(
    base=st.sampled_from(_BASE),
    one=st.sampled_from(["1", "1.0", "1.00"]),
    lengths=st.lists(st.integers(120, 480), min_size=1, max_size=3),
    method=st.sampled_from(["Eagle3", "MTP", "draft-0.5B"]),
)
def test_rows_without_drafts_are_no_records_and_decide_the_column(
    base: str, one: str, lengths: list[int], method: str
) -> None:
    rows = []
    for i, v in enumerate(lengths):
        rows.append([f"model-{i}", base, f"{300 + i}.5", one])
        rows.append(["", method, f"{500 + i}.5", f"{v / 100:.2f}"])
    text = pipe_table(["Model", "Method", "throughput (tokens/s)", "accept length"], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got] == [v / 100 for v in lengths]


def test_negative_control_a_baseline_printing_a_rate_stays_a_record() -> None:
    text = pipe_table(
        ["Method", "accept length", "acceptance rate"],
        [["baseline", "1.00", "40%"], ["tuned", "2.40", "70%"]],
    )
    assert len(read_paste(text).records) == 2


def test_negative_control_a_row_at_one_that_names_no_run_without_drafts_stays() -> None:
    text = pipe_table(["run", "accept length"], [["cold cache", "1.00"], ["warm", "2.40"]])
    assert [r.printed_length for r in read_paste(text).records] == [1.0, 2.4]


@settings(max_examples=examples(40), deadline=None)
@given(
    base=st.sampled_from(["AR", "Baseline", "Vanilla", "autoregressive"]),
    aside=st.sampled_from(["(Baseline)", "(plain)", "[bs=1]", "(greedy, no draft)"]),
    lengths=st.lists(st.integers(150, 520), min_size=1, max_size=4),
)
def test_a_bracketed_aside_after_the_run_without_drafts_leaves_it_no_record(
    base: str, aside: str, lengths: list[int]
) -> None:
    rows = [[f"{base} {aside}", "101.5", "1.00x", "1.00"]]
    rows += [[f"head-{i}", f"{200 + i}.5", "1.9x", f"{v / 100:.2f}"] for i, v in enumerate(lengths)]
    text = pipe_table(["Method", "tok/s", "Speedup", "Avg. Accept Length"], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got] == [v / 100 for v in lengths]


def test_negative_control_a_method_with_a_bracketed_baseline_word_at_one_stays() -> None:
    # a method that is the paper's baseline, not a run without drafts: its 1.00 is a run
    text = pipe_table(
        ["Method", "Avg. Accept Length"], [["Medusa (baseline)", "1.00"], ["ours", "2.40"]]
    )
    assert [r.printed_length for r in read_paste(text).records] == [1.0, 2.4]
