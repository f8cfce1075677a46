"""A column naming the draft steps a step takes ('MTP steps', 'num mtp steps', '投机步数',
'num steps') is the row's drafts a step where it holds small whole numbers: its row of 1 drafts
one token a step, so its rate is the accepted drafts per step and the length 1 + rate
(one_draft.py); its other rows keep their rate alone, but under a name saying MTP (every row
1 + k x rate: test_mtp_steps.py). Beside a tree's width, in SGLang's paste,
with numbers no k takes, or a bare 'steps' of one value, nothing is decided."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_STEPS_NAMES = ["MTP steps", "num_mtp_steps", "MTP步数", "投机步数", "num steps", "Steps", "步数"]
_RATE_NAMES = ["acceptance rate", "accept rate", "接受率"]


def _sweep(name: str, rate_name: str, rates: list[float], first: int = 1) -> str:
    rows = [
        [str(first + i), f"{4.0 - 0.2 * i:.2f}", f"{r * 100:.2f}%"] for i, r in enumerate(rates)
    ]
    return "Sweep on our box, greedy, 64 prompts:\n\n" + pipe_table(
        [name, "TPOT (ms)", rate_name], rows
    )


# (a name saying MTP makes every row's k its steps: test_mtp_steps.py)
_GENERIC_STEPS = [n for n in _STEPS_NAMES if "mtp" not in n.lower()]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_GENERIC_STEPS),
    rate_name=st.sampled_from(_RATE_NAMES),
    rates=st.lists(st.integers(40, 97), min_size=2, max_size=5),
)
def test_the_row_of_one_step_is_one_plus_rate(
    read: Read, name: str, rate_name: str, rates: list[int]
) -> None:
    fractions = [r / 100 for r in rates]
    got = read(_sweep(name, rate_name, fractions)).records
    assert len(got) == len(rates)
    assert got[0].accept_length == pytest.approx(1 + fractions[0])
    assert got[0].bonus.value == "included"
    assert all(r.accept_length is None for r in got[1:])
    assert [r.printed_rate for r in got] == pytest.approx(fractions)


def test_a_single_mtp_row_of_one(read: Read) -> None:
    text = "One run:\n\n" + pipe_table(["MTP steps", "accept rate"], [["1", "81.5%"]])
    (r,) = read(text).records
    assert r.accept_length == pytest.approx(1.815)


@pytest.mark.parametrize(
    ("header", "rows"),
    [
        # a tree's width beside the steps: a step may hold several drafts at one depth
        (
            ["num steps", "topk", "accept rate"],
            [["1", "4", "71.0%"], ["2", "4", "64.0%"]],
        ),
        # numbers no drafts a step take: a count of the steps a run took
        (["steps", "accept rate"], [["1", "71.0%"], ["240", "64.0%"]]),
        # a bare 'steps' of one value: nothing says it is a setting
        (["steps", "accept rate"], [["1", "71.0%"]]),
        # a count of verify steps has its own name
        (["spec steps", "accept rate"], [["1", "71.0%"], ["2", "64.0%"]]),
    ],
)
def test_no_steps_k(read: Read, header: list[str], rows: list[list[str]]) -> None:
    got = read("Numbers from our runs:\n\n" + pipe_table(header, rows)).records
    assert all(r.accept_length is None for r in got)


def test_sglang_steps_decide_nothing(read: Read) -> None:
    text = "SGLang, EAGLE3 draft, our own prompts:\n\n" + pipe_table(
        ["num steps", "accept rate"], [["1", "71.0%"], ["2", "64.0%"]]
    )
    assert all(r.accept_length is None for r in read(text).records)


# A row whose own label sets zero drafts a step runs without speculation: no record.

_ZERO_NAMES = ["DRAFT", "k", "n_max", "MTP steps", "num speculative tokens", "gamma"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_ZERO_NAMES),
    empty=st.sampled_from(["—", "-", "n/a", "", "0%"]),
    one=st.sampled_from(["1.00", "1.01", "0.99"]),
    lengths=st.lists(st.integers(150, 390), min_size=1, max_size=3),
)
def test_a_row_of_zero_drafts_is_no_record(
    read: Read, name: str, empty: str, one: str, lengths: list[int]
) -> None:
    rows = [["0", "9.10", empty, one]] + [
        [str(i + 1), f"{9.0 - i:.2f}", f"{90 - 10 * i}%", f"{n / 100:.2f}"]
        for i, n in enumerate(lengths)
    ]
    text = "Depth sweep on our box:\n\n" + pipe_table(
        [name, "decode tok/s", "acceptance", "tokens/forward"], rows
    )
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([n / 100 for n in lengths])


def test_a_label_saying_k_zero_is_no_record(read: Read) -> None:
    text = "Arms:\n\n" + pipe_table(
        ["arm", "ms/token", "tokens/step"],
        [["k=0 (no spec)", "11.2", "1.00"], ["k=2", "8.1", "2.31"]],
    )
    assert [r.printed_length for r in read(text).records] == pytest.approx([2.31])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["speculative", "spec", "Speculative"]),
    off=st.sampled_from(["0", "False", "off", "no"]),
    on=st.sampled_from(["1", "True", "on", "yes"]),
    rates=st.lists(st.integers(30, 95), min_size=1, max_size=4),
)
def test_a_row_switching_speculation_off_is_no_record(
    read: Read, name: str, off: str, on: str, rates: list[int]
) -> None:
    # a flag column set off: the baseline of the sweep, its rate 0 no measurement
    rows = [["chat", off, "0.0"]] + [
        [f"task{i}", on, f"{r / 100:.2f}"] for i, r in enumerate(rates)
    ]
    text = "Our runs:\n\n" + pipe_table(["task", name, "acceptance_rate"], rows)
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 100 for r in rates])
    assert all(r.accept_length is None for r in got)


def test_a_switch_off_beside_a_rate_stays(read: Read) -> None:
    # a row switched off that prints a rate of its own: the figures disagree, nothing dropped
    text = "Our runs:\n\n" + pipe_table(
        ["task", "speculative", "acceptance_rate"], [["a", "0", "0.61"], ["b", "1", "0.72"]]
    )
    assert len(read(text).records) == 2


@pytest.mark.parametrize(
    ("header", "rows", "kept"),
    [
        # draft 0 as a position or a name, with its rate: a figure of a run with drafts
        (["draft", "accept rate"], [["0", "81.0%"], ["1", "62.0%"]], 2),
        # a draft model numbered 0 printing a length above one
        (["draft", "tokens/step"], [["0", "2.41"], ["1", "2.77"]], 2),
        # another draft setting beside the zero
        (["arm", "tokens/step"], [["k=0, n_max=3", "1.00"], ["k=2", "2.31"]], 2),
    ],
)
def test_a_zero_with_drafts_stays(
    read: Read, header: list[str], rows: list[list[str]], kept: int
) -> None:
    assert len(read("Our numbers:\n\n" + pipe_table(header, rows)).records) == kept
