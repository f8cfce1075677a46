"""A level a run cannot leave, in prose under a server's command (arrival.py): `the accept
length is stuck at 1`, `the speculative decoding length got stuck at 1.5` (that name only
with `stuck`: a configured draft length is set, never stuck); SGLang's one-word `acclen`
(`the acclen was about 4`); another quantity stuck, a goal or a condition is no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SGLANG = (
    "python -m sglang.launch_server --model-path org/chat-model --tp-size 2 \\\n"
    "  --speculative-algorithm EAGLE --speculative-num-steps 3 --speculative-eagle-topk 1\n\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(
        [
            "the speculative decoding length",
            "the spec decode length",
            "speculative length",
            "the accept length",
            "the acclen",
            "acc_len",
            "the accept len",
        ]
    ),
    verb=st.sampled_from(["is stuck at", "got stuck at", "seems stuck at", "was stuck around"]),
    value=st.sampled_from(["1", "1.0", "1.02", "1.5"]),
    tail=st.sampled_from(["", " on every request", " since the upgrade"]),
)
def test_a_length_stuck_at_a_level_is_the_run_s_length(
    read: Read, name: str, verb: str, value: str, tail: str
) -> None:
    text = f"{_SGLANG}After upgrading to the new release, {name} {verb} {value}{tail}.\n"
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(float(value))
    # SGLang's accept length counts the bonus token
    assert r.accept_length == pytest.approx(float(value))


@pytest.mark.parametrize("name", ["acclen", "acc_len", "accept len"])
@pytest.mark.parametrize("hedge", ["about ", "around ", "~", ""])
def test_sglang_s_own_spelling_keeps_an_approximate_value(
    read: Read, name: str, hedge: str
) -> None:
    text = (
        f"{_SGLANG}On the two easiest levels the {name} was {hedge}4 and the throughput "
        "reached 1300 tokens/s.\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(4.0)
    assert r.accept_length == pytest.approx(4.0)


@pytest.mark.parametrize(
    "sentence",
    [
        "After upgrading, the batch size is stuck at 1 on every request.",
        "The running requests are stuck at 1 while the queue grows.",
        "We want acclen above 4 on the easy levels.",
        "We want the acclen to reach 4 on the easy levels.",
        "If the speculative decoding length is stuck at 1, nothing is accepted.",
        "The speculative decoding length is set to 5 in the launch command.",
        "The speculative length sits at 4 in the config.",
    ],
)
def test_another_quantity_a_goal_or_a_setting_is_no_record(read: Read, sentence: str) -> None:
    assert read(f"{_SGLANG}{sentence}\n").records == ()
