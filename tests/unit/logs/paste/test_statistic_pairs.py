"""A header naming one figure by a pair of its statistics ('a.len mean/std', 'rate mean/std',
'AL avg (p50)') over cells printing both ('3.76/0.06'): the cell is ONE figure, its first; the
spread (or second centre) is never a record of its own. A length above the draft maximum the
paste states ('n_max=3', '--draft-max 4') counts the bonus token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table


def _bench(n_max: int, rows: list[tuple[str, float, float, float]], layout: str) -> str:
    header = ["task", "runs", "tok/s mean/std", "rate mean/std", "a.len mean/std"]
    body = [
        [task, "5", "41.20/1.31", f"{rate:.2f}%/2.10%", f"{mean:.2f}/{sd:.2f}"]
        for task, rate, mean, sd in rows
    ]
    cmd = f"$ ./bin/spec-bench -m target.gguf -md draft.gguf --spec-type mtp:n_max={n_max}\n\n"
    return cmd + "Repeat summary (5 runs/task)\n\n" + render_table(layout, header, body)


def test_the_spread_is_no_record_and_a_mean_above_n_max_counts_the_bonus() -> None:
    text = _bench(3, [("code", 92.15, 3.76, 0.06), ("story", 46.58, 2.39, 0.15)], "markdown")
    got = [(r.printed_length, r.accept_length) for r in read_paste(text).records]
    assert got == [(3.76, 3.76), (2.39, 2.39)]


def test_without_a_stated_bound_the_mean_is_read_and_left_undecided() -> None:
    text = _bench(3, [("code", 92.15, 3.76, 0.06)], "markdown").replace(
        "--spec-type mtp:n_max=3", ""
    )
    got = [(r.printed_length, r.accept_length) for r in read_paste(text).records]
    assert got == [(3.76, None)]


@settings(max_examples=examples(30), deadline=None)
@given(
    n_max=st.integers(2, 6),
    means=st.lists(st.integers(110, 690), min_size=1, max_size=4),
    sd=st.integers(1, 99),
    layout=st.sampled_from(["markdown", "aligned", "box"]),
)
def test_one_record_a_row_whatever_the_spread(
    n_max: int, means: list[int], sd: int, layout: str
) -> None:
    rows = [(f"t{i}", 80.0, m / 100, sd / 100) for i, m in enumerate(means)]
    got = read_paste(_bench(n_max, rows, layout)).records
    assert [r.printed_length for r in got] == [m / 100 for m in means]
    above = any(m / 100 > n_max for m in means)
    for r in got:
        # the bound proves the bonus upward only; at or below it nothing is decided
        assert r.accept_length == (r.printed_length if above else None)


def test_headers_naming_a_statistic_pair() -> None:
    assert C.statistic_pair("a.len mean/std") == "a.len"
    assert C.statistic_pair("**rate mean / std**") == "rate"
    assert C.statistic_pair("Acceptance Length (mean ± sd)") == "Acceptance Length"
    assert C.statistic_pair("accept len avg (p50)") == "accept len"
    assert C.pair_centre("92.15%/1.84%") == "92.15%"
    assert C.pair_centre("2.41 (2.50)") == "2.41"


def test_negative_control_headers_of_counts_ratios_and_maxima() -> None:
    for h in ("accepted/drafted", "a.len / max", "mean/std", "accept/total", "len/k"):
        assert C.statistic_pair(h) is None
    text = render_table(
        "markdown",
        ["task", "accepted/drafted", "a.len / max"],
        [["code", "1676/2646", "2.60 / 5"], ["chat", "3/5", "2.10 / 5"]],
    )
    for r in read_paste(text).records:
        assert r.printed_length not in (0.06, 5.0, 2646.0, 3.0)


def test_negative_control_a_draft_maximum_list_states_no_bound() -> None:
    text = _bench(3, [("code", 92.15, 3.76, 0.06)], "markdown").replace("n_max=3", "n_max=2/3")
    got = [(r.printed_length, r.accept_length) for r in read_paste(text).records]
    assert got == [(3.76, None)]
