"""A measurement a tool wraps over two 'key=value' lines is one record, and a bare 'proposals'
count (draft tokens as often as verify steps) gives no length unless an identity says which."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    head=st.sampled_from(["LookupProbe: ", "suite ", ""]),
    drafted=st.integers(10, 5000),
    share=st.integers(1, 100),
    extra=st.sampled_from(["", " hits_per_prompt=0.41", " wall_s=12.5"]),
)
def test_a_summary_wrapped_over_two_key_value_lines_is_one_record(
    head: str, drafted: int, share: int, extra: str
) -> None:
    accepted = max(1, drafted * share // 100)  # 0 accepted is 1.0 whatever the counts are
    rate = accepted / drafted
    text = (
        "prompt-lookup speculation counters:\n"
        f"{head}prompts=12 proposals={drafted} accepted={accepted}\n"
        f"proposal_rate=0.5{extra} acceptance_rate={rate:.3f}\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_rate is not None and abs(r.printed_rate - round(rate, 3)) < 1e-9
    assert r.accepted_tokens == accepted
    # the rate is accepted / proposals: draft tokens, never verify steps
    assert r.steps is None
    assert r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(drafted=st.integers(10, 5000), share=st.integers(1, 100))
def test_a_bare_proposals_count_gives_no_length(drafted: int, share: int) -> None:
    accepted = max(1, drafted * share // 100)
    got = read_paste(f"ngram speculation: proposals={drafted} accepted={accepted}\n").records
    assert all(r.accept_length is None and r.steps is None for r in got)


def test_negative_control_proposals_with_a_printed_length_that_fits_are_steps() -> None:
    got = read_paste("spec decode: proposals=40 accepted=60 accept_length=2.50\n").records
    assert [r.accept_length for r in got] == [2.5]
    assert got[0].steps == 40


def test_negative_control_a_repeated_key_starts_the_next_run() -> None:
    text = (
        "speculative runs:\n"
        "run=a drafted=100 accepted=60 acceptance_rate=0.600\n"
        "run=b drafted=100 accepted=70 acceptance_rate=0.700\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.6, 0.7]
