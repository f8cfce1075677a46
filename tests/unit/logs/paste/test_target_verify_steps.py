"""A column named the target's verify steps ('Target verify steps', 'target verification
rounds') counts verify steps, so a row printing its output tokens and a length proves the
length by output / steps (bonus included) where the counts close; a row whose counts do not
close decides nothing."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_STEP_HEADERS = [
    "Target verify steps",
    "target verify steps",
    "Target verify rounds",
    "Target verification steps",
    "target verification rounds",
    "Target model verify steps",
]
_OUT_HEADERS = ["Completion tokens", "Output tokens", "Generated tokens"]
_LEN_HEADERS = ["Average accept length", "Accept length", "Mean acceptance length"]


def _paste(step_h: str, out_h: str, len_h: str, rows: list[tuple[int, int, float]]) -> str:
    """A results table: a label, the output tokens, the verify steps, the length, a speed."""
    body = [
        [f"ckpt {i}", str(out), str(steps), f"{v:.4f}", f"{50 + 7 * i}.5 tok/s"]
        for i, (out, steps, v) in enumerate(rows)
    ]
    table = pipe_table(["Checkpoint", out_h, step_h, len_h, "Throughput"], body)
    return f"## Result\n\n{table}"


@settings(max_examples=examples(30), deadline=None)
@given(
    step_h=st.sampled_from(_STEP_HEADERS),
    out_h=st.sampled_from(_OUT_HEADERS),
    len_h=st.sampled_from(_LEN_HEADERS),
    counts=st.lists(
        st.tuples(st.integers(2_000, 40_000), st.integers(110, 300)), min_size=2, max_size=4
    ),
)
def test_output_over_target_verify_steps_proves_the_bonus(
    step_h: str, out_h: str, len_h: str, counts: list[tuple[int, int]]
) -> None:
    # steps from the output and a length between 1.1 and 3 (hundredths from the second value)
    rows = [(out, max(1, round(out * 100 / per)), 0.0) for out, per in counts]
    rows = [(out, steps, round(out / steps, 4)) for out, steps, _ in rows]
    assume(all(v > 1.05 for _, _, v in rows))
    got = read_paste(_paste(step_h, out_h, len_h, rows)).records
    assert len(got) == len(rows)
    for rec, (out, steps, v) in zip(got, rows, strict=True):
        assert rec.steps == steps
        assert rec.output_tokens == out
        assert rec.bonus.value == "included"
        assert rec.accept_length == v


@settings(max_examples=examples(30), deadline=None)
@given(
    step_h=st.sampled_from(_STEP_HEADERS),
    out_h=st.sampled_from(_OUT_HEADERS),
    len_h=st.sampled_from(_LEN_HEADERS),
    out=st.integers(2_000, 40_000),
    per=st.integers(110, 300),
    off=st.integers(5, 40),
)
def test_counts_that_do_not_close_decide_nothing(
    step_h: str, out_h: str, len_h: str, out: int, per: int, off: int
) -> None:
    steps = max(1, round(out * 100 / per))
    true = out / steps
    v = round(true + off / 100, 4)  # off output / steps, and off output / steps - 1
    assume(abs(v - true) > 0.02 and abs(v - (true - 1)) > 0.02)
    rows = [(out, steps, v), (out, steps + 7, round(out / (steps + 7) + off / 100, 4))]
    got = read_paste(_paste(step_h, out_h, len_h, rows)).records
    assert got
    assert all(r.bonus.value == "unknown" for r in got)
