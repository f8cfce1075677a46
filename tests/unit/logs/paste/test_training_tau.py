"""A draft trainer's log (a loss beside a learning rate or an epoch on each step's line) with a
simulated or estimated accept length ('train_tau_sim=1.05', tqdm's 'tau=1.05'): the draft's
training estimate, no run's acceptance, so no record; the lines are shown as a training loop set
aside. Serving lines that print a step counter beside an accept length (no loss, no learning
rate) are still read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _line(step: int, acc: float, tau: float, key: str, tqdm: bool) -> str:
    log = (
        f"2026-03-02 10:11:{step % 60:02d} | INFO | train | epoch=1 step={step} "
        f"train_loss={8.5 - step / 50:.6f} train_acc={acc:.6f} {key}={tau:.4f} lr=8.1e-05"
    )
    if not tqdm:
        return log
    bar = (
        f"Training:  {step}%|##        | {step}/200 [00:07<00:17,  2.90step/s, acc={acc:.4f}, "
        f"loss={8.5 - step / 50:.4f}, lr=8.10e-05, tau={tau:.2f}]"
    )
    return bar + log


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.lists(st.integers(1, 199), min_size=1, max_size=5, unique=True),
    key=st.sampled_from(
        ["train_tau_sim", "tau_sim", "train_acc_len", "eval_accept_length", "tau_simulated"]
    ),
    tqdm=st.booleans(),
    data=st.data(),
)
def test_a_trainers_simulated_accept_length_is_no_record(
    read: Read, steps: list[int], key: str, tqdm: bool, data: st.DataObject
) -> None:
    rows = [
        (s, data.draw(st.integers(1, 900)) / 1000, 1 + data.draw(st.integers(0, 900)) / 1000)
        for s in sorted(steps)
    ]
    text = "EAGLE-3 draft training, our recipe:\n" + "\n".join(
        _line(s, a, t, key, tqdm) for s, a, t in rows
    )
    reading = read(text + "\n")
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


@pytest.mark.parametrize(
    "text",
    [
        # a distillation temperature in a training loop of a paste speaking of no drafts
        "epoch=1 step=10 loss=2.31 lr=1e-4 tau=0.5\nepoch=1 step=11 loss=2.29 lr=1e-4 tau=0.5\n",
        # Kendall's tau of a ranking model
        "epoch=2 step=40 loss=0.41 lr=3e-4 kendall_tau=0.82 val_acc=0.71\n",
        # a Gumbel temperature annealed in a training loop, no drafts spoken of
        "epoch=0 step=1 train_loss=3.2 lr=1e-3 gumbel_tau=1.0\nepoch=0 step=2 train_loss=3.1 lr=1e-3 tau=0.9\n",
        # two figures that disagree
        "epoch=0 step=3 loss=7.1 lr=1e-4 acc=0.02 tau=1.90 train_tau_sim=1.0385 (EAGLE draft)\n",
    ],
)
def test_no_accept_length(read: Read, text: str) -> None:
    assert [r.printed_length for r in read(text).records if r.printed_length] == []


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.integers(110, 480), min_size=1, max_size=4))
def test_near_miss_serving_lines_with_a_step_counter_are_read(
    read: Read, hundredths: list[int]
) -> None:
    # a step counter beside an accept length, no loss and no learning rate: a serving run's
    text = "EAGLE-3 draft on our server, greedy.\n" + "".join(
        f"step={120 * (i + 1)} accept_length={h / 100:.2f} throughput=88.1\n"
        for i, h in enumerate(hundredths)
    )
    assert [r.printed_length for r in read(text).records] == [h / 100 for h in hundredths]


@settings(max_examples=examples(30), deadline=None)
@given(
    loss=st.sampled_from(["Draft loss", "Train loss (first → last)", "loss"]),
    trained=st.sampled_from(["Training steps", "Epochs", "Learning rate"]),
    rate=st.sampled_from(["Mean acceptance rate", "Acceptance length", "accept rate"]),
    a=st.integers(5, 95),
    b=st.integers(5, 95),
)
def test_a_trainers_summary_table_is_no_record(
    loss: str, trained: str, rate: str, a: int, b: int
) -> None:
    # metrics down the first column, one column per training recipe: a loss and how long it
    # trained beside the acceptance: the trainer's estimate, no served run
    text = (
        "| Metric | Recipe A | Recipe B |\n|---|---|---|\n"
        f"| {loss} | 9.1 → 4.2 | 8.8 → 4.0 |\n"
        f"| {rate} | ~0.{a:02d} | ~0.{b:02d} |\n"
        f"| {trained} | 2,000 | 2,000 |\n"
    )
    assert not read_paste(text).records


def test_a_serving_summary_without_a_loss_or_training_length_is_read() -> None:
    text = (
        "| Metric | Server A | Server B |\n|---|---|---|\n"
        "| Mean acceptance rate | 0.62 | 0.58 |\n| Decode steps | 2,000 | 2,000 |\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.62, 0.58]
    lossy = text.replace("| Decode steps |", "| Val loss |")
    assert [r.printed_rate for r in read_paste(lossy).records] == [0.62, 0.58]


def _script(sentence: str) -> str:
    # a shell script's header comment: the figure in its background paragraph, the engine only
    # in the launch it recommends for another purpose further down
    return (
        "#!/usr/bin/env bash\n# ------------------------------\n"
        "# Rebuild the distillation set with stricter filters.\n#\n"
        f"# Background: the first pass kept many empty answers, {sentence}\n#\n"
        "# Prerequisite: an SGLang server for the rewrites, launched with\n"
        "#   python3 -m sglang.launch_server --model ./base --tp 4 --port 9000\n"
        "# ------------------------------\n"
        "set -euo pipefail\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    length=st.integers(15, 45).map(lambda x: x / 10),
    shape=st.sampled_from(
        [
            "which broke the head's training (mean accept length stuck at {v}).",
            "and during training the accept length stayed at {v}.",
            "so the training eval showed an accept length of {v}.",
        ]
    ),
)
def test_a_training_figure_takes_no_engine_named_elsewhere(length: float, shape: str) -> None:
    (r,) = read_paste(_script(shape.format(v=length))).records
    assert r.printed_length == length and r.accept_length is None and r.tool == "unknown"


def test_a_served_figure_keeps_the_engine() -> None:
    # the same paragraph stating a run's figure with no training word: SGLang's convention
    (r,) = read_paste(_script("and the rewrite run kept a mean accept length of 2.7.")).records
    assert r.tool == "sglang" and r.accept_length == 2.7
    # ... and a training's figure on a line naming the engine: the engine's
    (r,) = read_paste(
        _script("which broke the training (SGLang showed mean accept length 2.7).")
    ).records
    assert r.tool == "sglang" and r.accept_length == 2.7
