"""A paste naming an acceptance rate beside a rejection rate, and nothing of a model's decoding
(no speculative word, no tokens, model, GPU, sampler; a noun `sample` is none), speaks of a
decision's two outcomes on items (a review, a screen, a filter): no record, the blocks shown as
acceptance in another meaning. The same lines in a paste about drafts and tokens are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _run(style: str, acc: int, rej: int, label: str) -> str:
    pairs = [("Acceptance rate", f"0.{acc:02d}"), ("Rejection rate", f"0.{rej:02d}")]
    if style == "bullets":
        return "\n".join(f"- {k}: {v}" for k, v in pairs)
    if style == "snake":
        return "\n".join(f"{k.lower().replace(' ', '_')} = {v}" for k, v in pairs)
    return f"| group | acceptance rate | rejection rate |\n|---|---|---|\n| {label} | {pairs[0][1]} | {pairs[1][1]} |"


@settings(max_examples=examples(30), deadline=None)
@given(
    style=st.sampled_from(["bullets", "snake", "table"]),
    acc=st.integers(1, 99),
    rej=st.integers(1, 99),
    title=st.sampled_from(
        ["# Review summary", "## Screening outcome", "# Largest sample: group B"]
    ),
)
def test_two_outcomes_of_a_decision_are_no_record(
    style: str, acc: int, rej: int, title: str
) -> None:
    text = f"{title}\n\n- Items: 214\n\n{_run(style, acc, rej, 'first')}\n"
    reading = read_paste(text)
    assert reading.records == ()


@settings(max_examples=examples(20), deadline=None)
@given(style=st.sampled_from(["bullets", "snake"]), acc=st.integers(10, 99))
def test_beside_drafts_and_tokens_the_rate_is_read(style: str, acc: int) -> None:
    text = f"# Draft model run (k=4, 512 output tokens)\n\n{_run(style, acc, 100 - acc, 'first')}\n"
    assert [r.printed_rate for r in read_paste(text).records] == [acc / 100]
