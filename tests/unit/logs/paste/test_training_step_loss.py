"""A trainer's line printing a loss key beside a whole step counter ('step 300 train_loss=4.1
val_acc=0.19 acc_len=0.77'), no learning rate or epoch on it, is a training loop's line as one
with a learning rate is: its accept length the draft's training estimate, no record. A banner
in the loop's block over its evaluation ('===== HELD-OUT SUMMARY =====') sets the lines below it
in that block aside with the loop. A serving line printing a step counter and no loss, a rate per
step ('tokens/step: 2.4') beside a packet loss, and an evaluation banner with no loop in its
block are read as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STEPS = ["step {n}", "step={n}", "step: {n}", "global_step={n}", "step {n}/9000"]
_LOSSES = ["train_loss={v}", "loss={v}", "training_loss: {v}", "loss: {v}"]
_FIGURES = ["accepted_len={v}", "acc_len={v}", "accept_length={v}", "tau={v}"]
_TAGS = ["", "[ab] HEADX ", "[train] ", "2026-03-01 10:00:02 "]
_BANNERS = [
    "===== HELD-OUT SUMMARY =====",
    "--- eval ---",
    "### validation results ###",
    "==== heldout ====",
    "----- Evaluation (final) -----",
]


def _line(tag: str, step: str, loss: str, figure: str, i: int, hundredths: int, first: bool) -> str:
    s = step.format(n=i * 500)
    lo = loss.format(v=f"{7.5 - i / 3:.4f}")
    f = figure.format(v=f"{hundredths / 100:.4f}")
    body = f"{s}  {lo}  heldout_acc=0.{10 + i:02d}  {f}" if first else f"{lo} {f} {s}"
    return tag + body


@settings(max_examples=examples(30), deadline=None)
@given(
    tag=st.sampled_from(_TAGS),
    step=st.sampled_from(_STEPS),
    loss=st.sampled_from(_LOSSES),
    figure=st.sampled_from(_FIGURES),
    values=st.lists(st.integers(30, 290), min_size=2, max_size=6),
    first=st.booleans(),
)
def test_a_loss_beside_a_step_counter_is_a_training_loop(
    read: Read, tag: str, step: str, loss: str, figure: str, values: list[int], first: bool
) -> None:
    lines = [_line(tag, step, loss, figure, i, v, first) for i, v in enumerate(values, start=1)]
    reading = read("\n".join(["draft head A/B, 512 held-out samples", *lines]) + "\n")
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(
    tag=st.sampled_from(_TAGS),
    banner=st.sampled_from(_BANNERS),
    values=st.lists(st.integers(30, 290), min_size=2, max_size=5),
    summary=st.integers(30, 290),
)
def test_the_lines_under_an_eval_banner_in_the_loops_block_are_set_aside(
    read: Read, tag: str, banner: str, values: list[int], summary: int
) -> None:
    lines = [
        _line(tag, "step {n}", "train_loss={v}", "accepted_len={v}", i, v, True)
        for i, v in enumerate(values, start=1)
    ]
    lines += [tag + banner, f"{tag}HEADX  overall=0.2{summary % 10}  accepted_len={summary / 100}"]
    reading = read("\n".join(lines) + "\n")
    assert reading.records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    step=st.sampled_from(_STEPS),
    figure=st.sampled_from(["accept_length={v}", "accept length: {v}", "tokens/step {v}"]),
    hundredths=st.integers(120, 480),
)
def test_a_step_counter_without_a_loss_is_read(
    read: Read, step: str, figure: str, hundredths: int
) -> None:
    text = (
        "Speculative decoding bench, EAGLE draft, k=4:\n"
        f"{step.format(n=120)} {figure.format(v=f'{hundredths / 100:.2f}')} throughput=88.1\n"
    )
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]


@settings(max_examples=examples(20), deadline=None)
@given(
    per=st.sampled_from(["tokens/step: {v}", "tokens per step: {v}", "accepted/step={v}"]),
    hundredths=st.integers(120, 480),
)
def test_a_rate_per_step_beside_a_packet_loss_is_no_counter(
    read: Read, per: str, hundredths: int
) -> None:
    value = hundredths / 100
    assume(value != int(value))  # (a whole rate per step would read as a counter's number)
    text = (
        "Speculative decoding bench, EAGLE draft, k=4:\n"
        f"net loss: 0.00 | {per.format(v=f'{value:.2f}')}\n"
    )
    assert [r.printed_length for r in read(text).records] == [value]


@settings(max_examples=examples(20), deadline=None)
@given(banner=st.sampled_from(_BANNERS), hundredths=st.integers(120, 480))
def test_an_eval_banner_without_a_loop_in_its_block_is_read(
    read: Read, banner: str, hundredths: int
) -> None:
    loop = [_line("", "step {n}", "train_loss={v}", "acc_len={v}", i, 80, True) for i in (1, 2)]
    text = (
        "\n".join(loop)
        + "\n\nServed the checkpoint with speculative decoding, k=4:\n"
        + f"{banner}\naccept_length={hundredths / 100:.2f}\n"
    )
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]


@settings(max_examples=examples(20), deadline=None)
@given(
    key=st.sampled_from(["packet_loss", "eval_loss", "kv_loss"]),
    step=st.sampled_from(_STEPS),
    hundredths=st.integers(120, 480),
)
def test_a_loss_key_of_another_name_beside_a_step_is_read(
    read: Read, key: str, step: str, hundredths: int
) -> None:
    text = f"{step.format(n=100)} {key}=0.0 acc_len={hundredths / 100:.2f}\n"
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]
