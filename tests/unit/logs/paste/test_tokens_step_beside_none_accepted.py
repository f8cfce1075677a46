"""A figure named tokens per step well above 1 beside a count of no draft accepted, no step count:
with nothing accepted every step emits one token, and the few tokens no step emitted (the
prefill's) cannot lift the mean far unless the run had almost no steps, which would have needed
more drafts a step than any drafter proposes. The counts decide: length 1, the printed figure
kept as printed. A figure near 1, some accepted, or a step count beside it keep their rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    drafted=st.integers(400, 90000),
    per_step=st.sampled_from(["2.00", "3.0", "1.75", "4"]),
    shape=st.sampled_from(
        [
            "worker-3 | INFO spec::stats: Draft stats: proposed={d}, accepted=0, "
            "accept_rate=0.00%, avg_tokens/step={T}",
            "drafted={d} accepted=0 tokens_per_step={T}",
            "- drafted tokens: {d}, accepted tokens: 0, tokens/step: {T}",
        ]
    ),
)
def test_none_accepted_decides_a_length_of_one(drafted: int, per_step: str, shape: str) -> None:
    # a mean at or above 1.75 over drafts of 400 or more would need 150 drafts a step or more
    text = "The head never lands a draft here:\n\n" + shape.format(d=drafted, T=per_step) + "\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].printed_length == float(per_step)
    assert got[0].accept_length == 1.0
    assert got[0].accept_rate == 0.0


@settings(max_examples=examples(20), deadline=None)
@given(
    per_step=st.sampled_from(["1.02", "1.01", "1.2"]),
    drafted=st.integers(20, 200),
)
def test_negative_control_a_figure_near_one_stays_the_printed_length(
    per_step: str, drafted: int
) -> None:
    # 1.2 over 200 drafts needs 20 drafts a step at most: a run of few steps may print it
    got = read_paste(f"# run\n\ndrafted={drafted} accepted=0 tokens_per_step={per_step}\n").records
    assert len(got) == 1
    assert got[0].accept_length == float(per_step)


def test_negative_control_some_accepted_keeps_the_name() -> None:
    got = read_paste("# run\n\ndrafted=512 accepted=3 tokens_per_step=2.00\n").records
    assert len(got) == 1
    assert got[0].accept_length == 2.0


def test_negative_control_a_nonzero_rate_keeps_the_name() -> None:
    got = read_paste(
        "# run\n\ndrafted=512 accepted=0 accept_rate=4.1% tokens_per_step=2.00\n"
    ).records
    assert all(r.accept_length != 1.0 for r in got)
