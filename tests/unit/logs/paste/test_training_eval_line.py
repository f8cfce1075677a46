"""A draft trainer's log whose loop lines print their keys and values apart by spaces
('step 40/1200 loss 2.71 lr 3.0e-05') is a training loop as its 'key=value' form is, and a line the
trainer tags as its evaluation ('[eval warmup] ... tokens/step 2.31', 'eval: acc_len 1.8') in the
loop's block is the loop's estimate of the draft (teacher-forced on held-out text): no record.
The same tagged line with no training loop in its block (a benchmark harness's '[eval]' line, or
a blank line between it and the loop) is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TAGS = ["[eval warmup]", "[eval]", "eval:", "[validation step 300]", "Evaluation |", "[val]"]
_FIGURES = ["tokens/step {v}", "acc_len={v}", "mean accept length {v}", "tau: {v}"]


def _loop(n: int, space: bool) -> list[str]:
    out = []
    for i in range(1, n + 1):
        loss, lr = 6.0 - i / 7, f"{2 + i % 3}.0e-05"
        if space:
            out.append(f"09:{i:02d}:11 step {i * 40}/1200 loss {loss:.3f} ema 4.1 lr {lr} | 0.3 s")
        else:
            out.append(f"09:{i:02d}:11 step={i * 40} loss={loss:.3f} lr={lr}")
    return out


def _eval(tag: str, figure: str, hundredths: int, stamp: bool) -> str:
    line = f"{tag} shards 41 | {figure.format(v=f'{hundredths / 100:.2f}')}"
    return f"09:00:58 {line}" if stamp else line


@settings(max_examples=examples(40), deadline=None)
@given(
    tag=st.sampled_from(_TAGS),
    figure=st.sampled_from(_FIGURES),
    hundredths=st.integers(120, 480),
    n=st.integers(2, 6),
    space=st.booleans(),
    stamp=st.booleans(),
    where=st.integers(0, 6),
)
def test_an_eval_line_in_a_training_loops_block_is_no_record(
    read: Read,
    tag: str,
    figure: str,
    hundredths: int,
    n: int,
    space: bool,
    stamp: bool,
    where: int,
) -> None:
    lines = _loop(n, space)
    lines.insert(min(where, n), _eval(tag, figure, hundredths, stamp))
    reading = read("\n".join(["09:00:40 loaded the draft head"] + lines) + "\n")
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


@settings(max_examples=examples(20), deadline=None)
@given(tag=st.sampled_from(_TAGS), hundredths=st.integers(120, 480), stamp=st.booleans())
def test_an_eval_line_without_a_training_loop_is_read(
    read: Read, tag: str, hundredths: int, stamp: bool
) -> None:
    text = "Speculative decoding bench, EAGLE draft, k=4:\n" + _eval(
        tag, "tokens/step {v}", hundredths, stamp
    )
    records = read(text + "\n").records
    assert [r.printed_length for r in records] == [hundredths / 100]


@settings(max_examples=examples(20), deadline=None)
@given(hundredths=st.integers(120, 480), space=st.booleans())
def test_an_eval_line_a_blank_line_away_from_the_loop_is_read(
    read: Read, hundredths: int, space: bool
) -> None:
    text = (
        "\n".join(_loop(3, space))
        + "\n\nServed the checkpoint afterwards (speculative decoding, k=4):\n"
        + _eval("[eval]", "tokens/step {v}", hundredths, False)
        + "\n"
    )
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]


def test_a_space_separated_loop_line_with_an_accept_length_is_no_record(read: Read) -> None:
    text = (
        "step 40/1200 loss 2.710 lr 3.0e-05 acc_len 1.84\n"
        "step 80/1200 loss 2.530 lr 3.0e-05 acc_len 1.91\n"
    )
    assert read(text).records == ()


def test_loss_without_a_learning_rate_is_no_loop(read: Read) -> None:
    # a packet loss beside an accept length: no trainer's line
    text = "net: loss 0.0 retries 2 | speculative decoding k=4 | tokens/step 2.61\n"
    assert [r.printed_length for r in read(text).records] == [2.61]
