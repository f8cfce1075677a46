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
