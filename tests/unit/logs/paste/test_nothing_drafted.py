"""A run that drafted nothing measured no acceptance: vLLM's metrics line before the first draft
('Draft acceptance rate: nan%, Accepted: 0 tokens, Drafted: 0 tokens', 'Mean acceptance length:
nan') and the v0 line with 'Number of draft tokens: 0' yield no record (0 / 0 is no rate), and
no key ever runs back over the field before it ('nan%, Accepted')."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.reader import NOTHING_DRAFTED
from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples
from tests.support.parseline import parse_line

_V1_EMPTY = (
    "SpecDecoding metrics: Draft acceptance rate: nan%, Accepted: 0 tokens, Drafted: 0 tokens"
)
_V1_NEW_EMPTY = (
    "SpecDecoding metrics: Mean acceptance length: nan, Accepted throughput: 0.00 tokens/s, "
    "Drafted throughput: 0.00 tokens/s, Accepted: 0 tokens, Drafted: 0 tokens, "
    "Per-position acceptance rate: , Avg Draft acceptance rate: nan%"
)
_V0_EMPTY = (
    "Speculative metrics: Draft acceptance rate: nan, System efficiency: nan, Number of "
    "speculative tokens: 5, Number of accepted tokens: 0, Number of draft tokens: 0, Number of "
    "emitted tokens: 0."
)


def _v1(rate_pct: float, acc: int, drf: int) -> str:
    return (
        f"SpecDecoding metrics: Draft acceptance rate: {rate_pct:.1f}%, Accepted: {acc} tokens, "
        f"Drafted: {drf} tokens"
    )


def test_nothing_drafted_yields_no_record() -> None:
    for line in (_V1_EMPTY, _V1_NEW_EMPTY, _V0_EMPTY, "Mean acceptance length: nan"):
        for prefix in ("", "INFO 12-04 09:12:01 [metrics.py:88] "):
            got = read_paste(prefix + line + "\n")
            assert got.records == (), line


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=st.lists(st.tuples(st.integers(1, 999), st.integers(1000, 5000)), min_size=1, max_size=4),
    empty_at=st.integers(0, 4),
    empty=st.sampled_from([_V1_EMPTY, _V1_NEW_EMPTY]),
)
def test_an_empty_line_among_runs_takes_nothing_from_them(
    runs: list[tuple[int, int]], empty_at: int, empty: str
) -> None:
    lines = [_v1(100 * a / d, a, d) for a, d in runs]
    lines.insert(min(empty_at, len(lines)), empty)
    got = read_paste("vLLM server log\n" + "\n".join(lines) + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == runs
    for r, (a, d) in zip(got, runs, strict=True):
        assert r.printed_rate is not None
        assert abs(r.printed_rate - float(f"{100 * a / d:.1f}") / 100) < 1e-9
        assert all("," not in name and "nan" not in name for name, _ in r.fields)


def test_keys_never_run_back_over_the_field_before() -> None:
    got = read_paste(_v1(61.0, 610, 1000) + "\n").records
    assert [name for name, _ in got[0].fields] == ["Draft acceptance rate", "Accepted", "Drafted"]


def test_negative_control_zero_accepted_of_some_drafted_is_a_measurement() -> None:
    # drafts were made and none accepted: a rate of 0, read
    got = read_paste(
        "Speculative metrics: Draft acceptance rate: 0.000, Number of accepted tokens: 0, "
        "Number of draft tokens: 500, Number of emitted tokens: 100.\n"
    ).records
    assert [(r.printed_rate, r.accepted_tokens, r.drafted_tokens) for r in got] == [(0.0, 0, 500)]


# Alone, such a line says why it gave nothing: 'nothing drafted yet', set aside (not 'not
# understood'), in the reading's ignored blocks (so in --json); the line scanner drops the same
# lines without a skip (never 'mean acceptance length is not a number'), so the two agree.


def test_nothing_drafted_alone_says_why() -> None:
    for line in (_V1_EMPTY, _V1_NEW_EMPTY, _V0_EMPTY):
        for prefix in ("", "INFO 12-04 09:12:01 [metrics.py:88] "):
            got = read_paste(prefix + line + "\n")
            assert got.records == () and got.unread == (), line
            assert [b.reason.split(" (")[0] for b in got.ignored] == ["nothing drafted yet"]
            assert got.ignored[0].lines == (prefix + line,)
            assert (got.ignored[0].first_line, got.ignored[0].last_line) == (1, 1)


def test_line_scanner_drops_the_same_lines_without_a_skip() -> None:
    for line in (_V1_EMPTY, _V1_NEW_EMPTY, _V0_EMPTY):
        for prefix in ("", "INFO 12-04 09:12:01 [metrics.py:88] "):
            assert parse_line(prefix + line) is None, line


def test_nothing_drafted_in_the_cli_json(tmp_path: Path) -> None:
    log = tmp_path / "empty.log"
    log.write_text("INFO 12-04 09:12:01 [metrics.py:88] " + _V1_NEW_EMPTY + "\n")
    res = run_logs([str(log)], LogsOptions())
    ((_, reading),) = res.pastes
    assert reading.records == ()
    assert [b.reason for b in reading.ignored] == [NOTHING_DRAFTED]
    assert res.report.skipped_lines == 0  # (not 'could not be read')


def test_negative_control_a_run_that_drafted_is_not_set_aside() -> None:
    got = read_paste(_v1(61.0, 610, 1000) + "\n" + _V1_EMPTY + "\n")
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got.records] == [(610, 1000)]
    assert len(got.ignored) == 1 and got.ignored[0].first_line == 2
    drafted = read_paste(_v1(0.0, 0, 400) + "\n")
    assert [r.printed_rate for r in drafted.records] == [0.0] and drafted.ignored == ()


def test_a_rate_of_none_of_none_is_no_rate() -> None:
    """'0/0' as a rate drafted nothing: no record, never a rate of 0 (nor a length of 1); a
    row beside it that drafted is read."""
    assert read_paste("MTP on: acceptance rate: 0/0\n").records == ()
    table = "| method | accept rate |\n|---|---|\n| ngram | 0/0 |\n| suffix | 5/10 |\n"
    (r,) = read_paste(table).records
    assert r.printed_rate == 0.5 and r.first_line == 4


# A rate printed as 0% beside counts of nothing drafted ('acceptance 0% (0/0)', 'Drafted: 0'):
# the 0% is 0 / 0, no measurement: set aside as nothing drafted, never a length of 1. Near
# misses: 0% of some drafted (a measurement, length 1), the words 'no draft accepted' (drafts
# made, none kept), a position label ('draft0=').


@settings(max_examples=examples(25), deadline=None)
@given(
    name=st.sampled_from(["draft acceptance", "MTP acceptance", "acceptance rate", "accept rate"]),
    zero=st.sampled_from(["0%", "0.0%", "0.00%"]),
    counts=st.sampled_from(["({z}/{z})", "({z} / {z})", "({z} draft tokens)", "(drafted: {z})"]),
    lead=st.sampled_from(["", "My earlier note said ", "- run B: "]),
)
def test_a_zero_rate_of_nothing_drafted_is_no_record(
    name: str, zero: str, counts: str, lead: str
) -> None:
    line = f"{lead}{name} {zero} {counts.format(z=0)} with the draft head loaded"
    got = read_paste("speculative decoding on\n" + line + "\n")
    assert got.records == ()
    assert [b.reason for b in got.ignored] == [NOTHING_DRAFTED]


def test_a_zero_rate_of_nothing_drafted_beside_a_run_keeps_the_run() -> None:
    text = (
        "MTP on, k=3\n"
        "First try: MTP acceptance 0% (0/0), the head was off.\n\n"
        "Second try, head on: MTP acceptance 40% (12/30).\n"
    )
    got = read_paste(text).records
    assert [(r.first_line, r.printed_rate) for r in got] == [(4, 0.4)]


def test_negative_control_zero_of_some_drafted_or_no_draft_accepted() -> None:
    # drafts were made, none accepted: a measurement, kept
    got = read_paste("speculative decoding on\nMTP acceptance 0% (0/48)\n").records
    assert [r.printed_rate for r in got] == [0.0]
    got = read_paste("speculative decoding on\ndraft acceptance 0% - no draft accepted\n").records
    assert [r.printed_rate for r in got] == [0.0]
    # a position's label is no count of drafts
    got = read_paste("speculative decoding on\nMTP acceptance 0% [dbg] draft0=miss\n").records
    assert [r.printed_rate for r in got] == [0.0]


def _run_object(name: str, rounds: int, length: float, rate: float) -> str:
    return (
        f'{{"method": "{name}", "total_rounds": {rounds}, "avg_path_length": {length}, '
        f'"acceptance_rate": {rate}, "speedup": 1.0}}'
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(20, 400), st.floats(1.2, 4.8), st.floats(0.05, 0.95)),
        min_size=1,
        max_size=3,
    ),
    baseline_at=st.integers(0, 3),
)
def test_a_run_of_no_rounds_printing_zeros_measured_nothing(
    runs: list[tuple[int, float, float]], baseline_at: int
) -> None:
    """A baseline object printing its length and rate as 0 over 0 rounds is no record, and its
    0 (below 1) decides nothing for the others: their convention stays unknown."""
    objs = [
        _run_object(f"tree-{i}", n, round(x, 3), round(p, 3)) for i, (n, x, p) in enumerate(runs)
    ]
    objs.insert(min(baseline_at, len(objs)), _run_object("baseline", 0, 0.0, 0.0))
    got = read_paste('{"results": [' + ", ".join(objs) + "]}\n")
    assert [r.printed_length for r in got.records] == [round(x, 3) for _, x, _ in runs]
    assert all(r.accept_length is None for r in got.records)
    assert any(NOTHING_DRAFTED in b.reason for b in got.ignored)


def test_a_zero_length_over_counted_rounds_is_still_read() -> None:
    """The near miss: 0 accepted drafts a step over rounds that ran is a measurement (the bonus
    left out), not a run without drafts."""
    got = read_paste(
        '{"results": [{"method": "tree", "total_rounds": 40, "avg_path_length": 0.0, '
        '"acceptance_rate": 0.0}]}\n'
    ).records
    assert len(got) == 1 and got[0].printed_length == 0.0
