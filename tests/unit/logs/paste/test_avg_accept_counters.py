"""A speculation counter line of snake_case keys ('rounds=', 'proposed=', 'accepted_draft=',
'avg_accept='): the bare 'avg_accept' fraction that the line's own counts prove is accepted
drafts per verify step (accepted / steps) is that, not a second rate: one record, 1 + its value
(the bonus left out, below 1). A timing line's 'target=...' (ms) is no model's name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(25), deadline=None)
@given(
    steps=st.integers(20, 4000),
    share=st.integers(5, 99),
    name=st.sampled_from(["cycles", "rounds"]),
    acc_name=st.sampled_from(["accepted_draft", "accepted_drafts"]),
    timing=st.booleans(),
)
def test_avg_accept_equal_to_accepted_per_step_is_one_record_bonus_left_out(
    steps: int, share: int, name: str, acc_name: str, timing: bool
) -> None:
    accepted = max(1, steps * share // 100)
    per = accepted / steps
    text = "draft stats (one draft token per cycle):\n\n```\n"
    text += (
        f"{name}={steps} proposed={steps} {acc_name}={accepted} "
        f"accept_rate={100 * per:.2f}% avg_accept={per:.3f}\n"
    )
    if timing:
        text += "time_ms draft=812.4 verify=4410.9\n        target=3901.2 saved=1200.5\n"
    text += "```\n"
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length is not None and abs(r.printed_length - round(per, 3)) < 1e-9
    assert r.accept_length is not None and abs(r.accept_length - (1 + per)) < 6e-4
    assert r.steps == steps and r.accepted_tokens == accepted
    assert all(k != "target" for k, _ in r.labels)


@settings(max_examples=examples(20), deadline=None)
@given(steps=st.integers(20, 2000), k=st.integers(2, 5), share=st.integers(5, 95))
def test_negative_control_avg_accept_over_drafted_tokens_stays_a_rate(
    steps: int, k: int, share: int
) -> None:
    # more draft tokens than steps: accepted / drafted is a rate, and it is not accepted / steps
    drafted = steps * k
    accepted = max(1, drafted * share // 100)
    rate = accepted / drafted
    text = (
        f"spec: rounds={steps} proposed={drafted} accepted_draft={accepted} avg_accept={rate:.3f}\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length is None
    assert r.printed_rate is not None and abs(r.printed_rate - round(rate, 3)) < 1e-9


def test_the_snake_case_counter_names() -> None:
    from specdiag.core.logs.paste import cells as C

    assert C.key("accepted_draft").metric == C.ACCEPTED
    assert C.key("accepted_drafts").metric == C.ACCEPTED
    assert C.key("proposed").metric == C.DRAFTED
    assert C.key("cycles").metric == C.STEPS
    assert C.key("rounds").metric == C.STEPS


def test_negative_control_cpu_cycles_and_scheduler_rounds_are_no_record() -> None:
    text = (
        "perf counters for the tokenizer benchmark:\n\n"
        "cycles=8812345 instructions=15012340 ipc=1.70 branch_miss=0.412\n"
        "scheduler: rounds=40 tasks=312 preempted=7 avg_wait_ms=3.5\n"
    )
    assert not read_paste(text).records


def test_negative_control_a_whole_label_value_is_still_a_label() -> None:
    # 'draft=3' (a setting, whole) stays the configuration; only a decimal measure is dropped
    text = "spec run\nbatch=4 draft=3 rounds=50 accepted_drafts=60 tok_per_step=2.20\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert ("draft", "3") in got[0].labels and ("batch", "4") in got[0].labels
