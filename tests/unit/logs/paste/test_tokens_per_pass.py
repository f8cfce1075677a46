"""Tokens committed per target pass ('3.10 average committed tokens/target pass', '2.2 tokens per
pass') in a paste that speaks of speculative decoding: a pass of the target is a verify step, so
the figure is tokens per step, the target's own token counted (one record each). In a paste
naming no speculation (a compiler's or a data loader's pass) the unit stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples

_UNITS = [
    "average committed tokens/target pass",
    "average committed tokens/pass",
    "committed tokens per target pass",
    "tokens/pass",
    "tokens per verify pass",
]


@settings(max_examples=examples(25), deadline=None)
@given(
    values=st.lists(st.integers(105, 790), min_size=1, max_size=3),
    unit=st.sampled_from(_UNITS),
    bold=st.booleans(),
    head=st.sampled_from(["EAGLE draft head", "MTP drafter", "speculative decoding with a draft"]),
)
def test_tokens_per_pass_in_a_speculative_paste_are_tokens_per_step(
    values: list[int], unit: str, bold: bool, head: str
) -> None:
    lines = [f"Runs of the {head} on the 70B target:", ""]
    for i, v in enumerate(values):
        fig = f"{v / 100:.2f} {unit}"
        lines.append(f"- prompt set {'xyz'[i]}: {f'**{fig}**' if bold else fig}, greedy")
    got = read_paste("\n".join(lines) + "\n").records
    assert [r.printed_length for r in got] == [v / 100 for v in values]
    assert all(r.bonus.value == INCLUDED and r.accept_length == r.printed_length for r in got)


def test_the_counts_beside_it_are_the_same_run() -> None:
    text = (
        "DSpark-style draft, one prompt:\n\n"
        "- sample A: **5.50 average committed tokens/target pass**, 22 tokens in 4 target "
        "passes, 70% accepted verification rows\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [5.5]


def test_negative_control_a_pass_in_a_paste_without_speculation() -> None:
    text = (
        "Tokenizer throughput:\n\n"
        "- corpus A: 2.40 average tokens/pass over the merge table\n"
        "- corpus B: 3.43 tokens per pass\n"
    )
    assert not read_paste(text).records


def test_negative_control_a_forward_pass_keeps_its_own_reading() -> None:
    text = "MTP draft: 2.61 tokens per forward pass on chat\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.61]


@settings(max_examples=examples(20), deadline=None)
@given(values=st.lists(st.integers(105, 790), min_size=2, max_size=4), tail=st.booleans())
def test_sibling_list_items_are_never_joined(values: list[int], tail: bool) -> None:
    # '- set A: 3.10 average committed tokens/step' ends in a unit, no key left open: the next
    # item is its own record, on its own line
    lines = ["MTP drafter:", ""]
    for i, v in enumerate(values):
        lines.append(
            f"- set {i}: {v / 100:.2f} average committed tokens/step{', greedy' if tail else ''}"
        )
    got = read_paste("\n".join(lines) + "\n").records
    assert [r.printed_length for r in got] == [v / 100 for v in values]
    assert [r.first_line for r in got] == list(range(3, 3 + len(values)))


def test_negative_control_an_item_wrapped_onto_an_indented_line_is_still_joined() -> None:
    text = "MTP drafter:\n\n- run A: the mean accept length on chat was\n  2.41 after the fix\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.41]
