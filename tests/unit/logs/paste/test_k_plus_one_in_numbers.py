"""The length's maximum told in numbers beside the draft count, both ways (our own text):

- one sentence stating the draft tokens a step and the length's maximum as that count plus one
  (`draft length 5 (maximum acceptance length 6)`, `k=3, so the max AL is 4`, `AL_max = 7 with
  6 draft tokens`): the lengths printed under that name, or in a table its title names, count
  the target's own token (ceiling.numeric);
- never a maximum equal to the draft count, two counts in the sentence, the count told in
  another sentence, a maximum of another measure, or a printed length above the maximum.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import ceiling, read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _said(k: int, shape: int) -> str:
    return (
        f"The drafter ran with draft length {k} (maximum acceptance length {k + 1}), greedy.",
        f"We set k={k}, so the max AL is {k + 1} for every task.",
        f"Every run: AL_max = {k + 1} with {k} draft tokens, batch one.",
        f"Setup: num_speculative_tokens: {k}; maximum accept length of {k + 1}.",
    )[shape]


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(4, 9),
    shape=st.integers(0, 3),
    cells=st.lists(st.integers(105, 300), min_size=2, max_size=5),
    blank=st.booleans(),
)
def test_a_table_titled_by_the_length_counts_the_bonus(
    read: Read, k: int, shape: int, cells: list[int], blank: bool
) -> None:
    rows = [[f"set-{i}", f"{c / 100:.2f}", f"{(c + 7) / 100:.2f}"] for i, c in enumerate(cells)]
    text = (
        "### Acceptance length by prompt set\n\n"
        + _said(k, shape)
        + ("\n\n" if blank else "\n")
        + pipe_table(["Set", "batch 1", "batch 8"], rows)
    )
    got = read(text).records
    want = [v for c in cells for v in (c / 100, (c + 7) / 100)]
    assert [r.printed_length for r in got] == pytest.approx(want)
    assert [r.accept_length for r in got] == pytest.approx(want)
    assert all(
        r.bonus.rule.startswith(f"the paste bounds the figure by k + 1 = {k + 1}") for r in got
    )


def test_named_lengths_count_the_bonus(read: Read) -> None:
    text = _said(4, 0) + "\n\n- chat: acceptance length 2.71\n- code: acceptance length 3.38\n"
    assert [r.accept_length for r in read(text).records] == pytest.approx([2.71, 3.38])


@pytest.mark.parametrize(
    "said",
    [
        "The drafter ran with draft length 5 (maximum acceptance length 5), greedy.",
        "With k=4 or k=6 the maximum acceptance length is 7.",
        "The drafter ran with draft length 5. Separately, the maximum acceptance length 6 is shown.",
        "The drafter ran with draft length 5 (maximum batch size 6), greedy.",
        "The drafter ran with draft length 5 (maximum acceptance length 7), greedy.",
    ],
)
def test_no_bound_of_k_plus_one(said: str) -> None:
    text = "### Acceptance length by prompt set\n\n" + said + "\n\n"
    text += pipe_table(["Set", "batch 1"], [["a", "2.41"], ["b", "3.05"]])
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_a_length_above_the_maximum_decides_nothing() -> None:
    text = "### Acceptance length by prompt set\n\n" + _said(3, 0) + "\n\n"
    text += pipe_table(["Set", "batch 1"], [["a", "2.41"], ["b", "4.35"]])
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_the_statement_alone() -> None:
    assert ceiling.numeric("k=2 gives at most 3.") == {}
    assert ceiling.numeric(_said(6, 1))["al"][0] == 7
