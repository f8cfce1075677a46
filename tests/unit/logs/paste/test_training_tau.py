"""A draft trainer's log with a simulated accept length on each step's line (training_tau.py):
one record a line; tqdm's rounded restatement on the same line is the same figure; the bonus
counted only where a line's length of at least 1 sits beside a draft accuracy below 1/16.
Never a temperature or another tau."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    key=st.sampled_from(["train_tau_sim", "tau_sim", "train_acc_len", "eval_accept_length"]),
    tqdm=st.booleans(),
    data=st.data(),
)
def test_one_record_a_line_bonus_proven_by_low_accuracy(
    read: Read, steps: list[int], key: str, tqdm: bool, data: st.DataObject
) -> None:
    rows = []
    for i, s in enumerate(sorted(steps)):
        # the first line proves it: accuracy below 1/16, length at least 1
        acc = 0.03 if i == 0 else data.draw(st.integers(1, 300)).__truediv__(1000)
        tau = 1 + data.draw(st.integers(0, 900)) / 1000
        rows.append((s, acc, tau))
    text = "\n".join(_line(s, a, t, key, tqdm) for s, a, t in rows) + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(round(t, 4)) for _, _, t in rows]
    assert [r.accept_length for r in got] == [pytest.approx(round(t, 4)) for _, _, t in rows]
    assert all(r.bonus.value == "included" for r in got)


def test_high_accuracy_proves_nothing(read: Read) -> None:
    text = "\n".join(_line(s, 0.62, 2.41 + s / 100, "train_tau_sim", False) for s in (3, 4)) + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [2.44, 2.45]
    assert all(r.accept_length is None for r in got)


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
