"""A draft trainer that logs each step on two lines: one with its losses and estimates
(`head: draft_loss=4.1 est_loss=1.9 accept_len=1.24`), one with its progress (`epoch=0 step=20
loss=7.7 lr=3e-05`). The line with a loss key right next to a training loop's line is the same
loop's output: its accept length is the draft's training estimate, no record. A serving line
beside a loop (no loss key), and a loss-keyed line with no loop line next to it, are read as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LOSSES = ["draft_loss", "base_loss", "proposal_loss", "loss", "kl_loss"]
_LENGTH_KEYS = ["accept_len", "acc_len", "accept_length", "avg_accept_len"]


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(1, 5),
    loss_key=st.sampled_from(_LOSSES),
    len_key=st.sampled_from(_LENGTH_KEYS),
    prefix=st.sampled_from(["draftnet: ", "[rank0] ", "", "trainer | "]),
    progress_first=st.booleans(),
    progress=st.sampled_from(
        ["epoch={e} step={s} loss={l} lr=1.5e-05", "step={s} lr=2e-5 loss={l}"]
    ),
    data=st.data(),
)
def test_a_loss_line_beside_a_loop_line_is_the_loops(
    read: Read,
    n: int,
    loss_key: str,
    len_key: str,
    prefix: str,
    progress_first: bool,
    progress: str,
    data: st.DataObject,
) -> None:
    lines: list[str] = []
    for k in range(n):
        length = 1 + data.draw(st.integers(10, 600)) / 1000
        est = f"{prefix}{loss_key}={3 + k / 7:.4f} {len_key}={length:.3f} recall=0.41"
        prog = progress.format(e=0, s=40 + 10 * k, l=f"{8.8 - k / 9:.4f}")
        lines += [prog, est] if progress_first else [est, prog]
    reading = read("\n".join(lines) + "\n")
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


def test_negative_control_a_loss_line_far_from_any_loop_is_read(read: Read) -> None:
    # a loss-keyed line with no loop line next to it (a blank line between): read as before
    text = (
        "epoch=0 step=40 loss=8.8 lr=1.5e-05\n"
        "\n"
        "Served result of the finished head, mean accept length 2.41 (packet_loss=0.0).\n"
    )
    assert [r.printed_length for r in read(text).records] == [2.41]
