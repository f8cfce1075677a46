"""vLLM V0's `System efficiency` (emitted tokens over the k + 1 a step may emit): with the
number of speculative tokens it gives the tokens a step emits, efficiency x (k + 1), bonus
included. V0's draft acceptance rate counts drafts accepted after a rejected one too, so
1 + k x rate is no length there."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import READERS, Read


@settings(max_examples=examples(40), deadline=None)
@given(
    eff=st.integers(200, 1000),
    rate=st.integers(300, 990),
    k=st.integers(1, 8),
    reader=st.sampled_from(READERS),
)
def test_a_cut_v0_line_gives_efficiency_times_k_plus_one(
    eff: int, rate: int, k: int, reader: tuple[str, Read]
) -> None:
    eff = max(eff, -(-1000 // (k + 1)))  # a step emits one token at least
    # the line cut after its first fields (a page that cut it), so no line reader claims it
    text = (
        "our vLLM run logged:\n"
        f"INFO 01-02 03:04:05 metrics.py:400] Speculative metrics: Draft acceptance rate: "
        f"{rate / 1000:.3f}, System efficiency: {eff / 1000:.3f}, Number of speculative tokens: "
        f"{k}, Number of accepted\n"
    )
    (r,) = reader[1](text).records
    assert r.printed_length is None
    assert r.accept_length is not None and abs(r.accept_length - eff / 1000 * (k + 1)) < 1e-9
    assert "system efficiency" in r.bonus.rule


def test_without_efficiency_the_rate_and_k_rule_stands() -> None:
    text = "our run: draft acceptance rate 0.600, num speculative tokens 3\n"
    (r,) = read_paste(text).records
    assert r.accept_length is not None and abs(r.accept_length - 2.8) < 1e-9


def test_an_efficiency_alone_is_no_record() -> None:
    text = "| cluster | system efficiency | num speculative tokens |\n|---|---|---|\n| a | 0.81 | 4 |\n"
    assert read_paste(text).records == ()


def _metrics_json(eff: float, k: int, drafted: int, accepted: int, emitted: int | None) -> str:
    rows = [
        f'  "acceptance_rate": {accepted / drafted:.4f}',
        f'  "num_speculative_tokens": {k}',
        f'  "num_draft_tokens": {drafted}',
        f'  "num_accepted_tokens": {accepted}',
    ]
    if emitted is not None:
        rows.append(f'  "num_emitted_tokens": {emitted}')
    rows.append(f'  "system_efficiency": {eff}')
    return "{\n" + ",\n".join(rows) + "\n}\n"


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(2, 8), steps=st.integers(100, 5000), share=st.integers(20, 95))
def test_counts_without_an_emitted_count_leave_an_efficiency_undecided(
    k: int, steps: int, share: int
) -> None:
    # someone's own metrics file: drafted and accepted counts but no emitted one, and an
    # 'efficiency' of its own (V0 prints its emitted count beside the others)
    drafted = steps * k
    accepted = drafted * share // 100
    eff = round(0.3 + share / 400, 3)
    (r,) = read_paste(_metrics_json(eff, k, drafted, accepted, None)).records
    assert r.accept_length is None
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(2, 8), steps=st.integers(100, 5000), share=st.integers(20, 95))
def test_counts_with_v0s_emitted_count_keep_the_efficiency_rule(
    k: int, steps: int, share: int
) -> None:
    drafted = steps * k
    accepted = drafted * share // 100
    emitted = steps + accepted * 2 // 3  # V0: contiguous accepted drafts plus the bonus
    eff = emitted / (steps * (k + 1))
    (r,) = read_paste(_metrics_json(eff, k, drafted, accepted, emitted)).records
    assert r.accept_length is not None and abs(r.accept_length - eff * (k + 1)) < 1e-6
