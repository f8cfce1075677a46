"""A docs-style case of what a tool's counters report ('A short reply comes back as
`predicted_n=2 draft_n=7 draft_n_accepted=6`') is no measurement, and a tool named only as a
habit others follow is not the one that printed a paste's figures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        ["A two-token answer", "An empty completion", "A reply cut by max_tokens"]
    ),
    k=st.integers(4, 16),
    short=st.integers(1, 2),
)
def test_an_indefinite_case_that_comes_back_as_counters_is_no_record(
    case: str, k: int, short: int
) -> None:
    text = (
        "The server's timings carry draft counters that the docs leave unexplained. "
        f"{case} at `--draft-block-size {k}` comes back as "
        f"`predicted_n=2 draft_rounds=1 draft_n={k - 1} draft_n_accepted={k - 1 - short}`, "
        "so the accepted count can exceed predicted_n.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


def test_mlx_vlm_is_named_and_a_habit_named_elsewhere_does_not_win() -> None:
    text = (
        "With a drafter, mlx_vlm.server printed `predicted_n=40 draft_rounds=10 draft_n=70 "
        "draft_n_accepted=30` for my prompt. Readers used to the llama.cpp habit read it "
        "otherwise.\n"
    )
    (rec,) = read_paste(text).records
    assert rec.tool != "llamacpp"


def test_negative_control_a_reported_run_is_read() -> None:
    text = (
        "My run of llama-server printed `predicted_n=120 draft_n=90 draft_n_accepted=60` "
        "in its timings.\n"
    )
    assert len(read_paste(text).records) == 1
