"""Shapes of held-out pastes read in general: a 'Draft tokens' label as a row's k where three
rows fit 1 + k x rate, a guide's bands beside bounds, a server turning requests away, drafts
proposed as drafted tokens, a product worked out beside τ, an engine's own metric name in a text
citing figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_DT = "| Run | Draft tokens | Acceptance rate | Acceptance length |\n| --- | ---: | ---: | ---: |\n"


@settings(max_examples=examples(30), deadline=None)
@given(rates=st.lists(st.integers(800, 4500), min_size=3, max_size=3))
def test_a_draft_tokens_label_is_the_rows_k_where_one_plus_k_rate_gives_the_length(
    rates: list[int],
) -> None:
    lens = [float(f"{1 + k * x / 10000:.2f}") for k, x in zip((1, 2, 3), rates, strict=True)]
    rows = "".join(
        f"| run_{name} | {k} | {x / 100:.2f}% | {n:.2f} |\n"
        for name, k, x, n in zip("abc", (1, 2, 3), rates, lens, strict=True)
    )
    got = read_paste(_DT + rows).records
    assert [r.accept_length for r in got] == pytest.approx(lens)


def test_a_draft_tokens_label_that_fits_no_identity_decides_nothing() -> None:
    rows = "| run_a | 2 | 40.00% | 2.10 |\n| run_b | 3 | 30.00% | 2.60 |\n"
    got = read_paste(_DT + rows).records
    assert [r.printed_length for r in got] == [2.1, 2.6]
    assert all(r.accept_length is None for r in got)


def test_two_rows_fitting_a_draft_tokens_label_decide_nothing() -> None:
    rows = "| run_a | 3 | 50.00% | 2.50 |\n| run_b | 5 | 40.00% | 3.00 |\n"
    got = read_paste(_DT + rows).records
    assert [r.printed_length for r in got] == [2.5, 3.0]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize("band", ["1.4 – 1.9", "1.4-1.9"])
def test_a_range_beside_bounds_in_its_column_is_a_guides_band(band: str) -> None:
    text = (
        "How to read the accept length you measure:\n\n"
        "| Accept length | Verdict |\n|---|---|\n"
        f"| < 1.2 | broken draft |\n| {band} | fine for two drafts |\n| > 2.0 | great |\n"
    )
    assert read_paste(text).records == ()


def test_a_range_row_with_no_bound_in_its_column_is_still_a_run() -> None:
    text = "| Run | Accept length |\n|---|---|\n| night | 1.4-1.9 |\n| day | 2.31 |\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [None, 2.31]


@pytest.mark.parametrize(
    "clause",
    [
        "it rejects requests with an error once the queue is full",
        "excess requests are turned away at the gateway",
        "request acceptance is what the load balancer reports",
    ],
)
def test_a_servers_request_admission_is_acceptance_in_another_meaning(clause: str) -> None:
    text = (
        f"Under load the two servers differ: {clause}. Server A kept a 98.1% acceptance rate "
        "at 200 users while server B fell to 85.0% acceptance.\n"
    )
    assert read_paste(text).records == ()


def test_rejected_drafts_beside_an_acceptance_rate_are_read() -> None:
    text = "The verifier rejected drafts often: the draft acceptance rate was 41.5% over the run.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.415]


@settings(max_examples=examples(20), deadline=None)
@given(drafted=st.integers(3, 400))
def test_drafts_proposed_with_none_accepted_is_a_length_of_one(drafted: int) -> None:
    text = (
        "MTP against plain decode:\n\n| arm | tok/s | drafts proposed | accepted |\n"
        f"|---|---|---|---|\n| plain | 9.5 | — | — |\n| mtp | 4.1 | {drafted} | 0 |\n"
    )
    got = read_paste(text).records
    assert [(r.accept_length, r.accept_rate) for r in got] == [(1.0, 0.0)]


@pytest.mark.parametrize("op", ["×", "*"])
def test_a_product_worked_out_beside_tau_is_no_length(op: str) -> None:
    text = (
        "Speculative decoding with a draft head: τ = 2.7 measured.\n\n"
        f"The cost of one pass is `L {op} τ = 4.1 {op} 2.7 ≈ 11.1 ms`.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.7]


def test_a_figure_worked_out_after_its_name_is_read() -> None:
    text = "Speculative decoding run: τ = 1 + 450 / 200 = 3.25 on the chat set.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.25]


_LAB = (
    "Close the loop with Table 1's formula (Figure 2 shows the lanes).\n\n"
    "```bash\npython3 -m sglang.launch_server --model-path org/m --speculative-algorithm EAGLE\n```\n\n"
    "Our run:\n\n```text\n{line}\n```\n"
)


def test_an_engines_own_metric_name_keeps_its_convention_in_a_text_citing_tables() -> None:
    got = read_paste(_LAB.format(line="sglang:spec_accept_length = 2.6")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.6, 2.6)]


def test_a_plain_figure_in_a_text_citing_tables_keeps_no_convention() -> None:
    got = read_paste(_LAB.format(line="mean acceptance length τ = 2.6")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.6, None)]
