"""One draft a step said in a list of setup items right above a table, both ways (our own text):

- a markdown list of the runs' setup (`- draft: head-x with `k=1``, `- prompts: ...`, nested
  sampling items), then the table of rates, its blank line between or none: an item saying one
  draft token a step is the caption's, so each rate gives the length 1 + rate, whichever item
  says it;
- never where an item tells a change of setup (`- earlier runs used k=1; now ...`), another k
  is stated in the paste, the list is not right above the table (a paragraph between), or the
  one is a sampler's (`top-k=1`, greedy sampling).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ONE = ["with `k=1`", "(num_speculative_tokens=1)", "at depth 1", "drafting 1 draft token per step"]
_OTHER_ITEMS = [
    "- prompts: a mixed set of 60 chat turns",
    "- output length: 256 tokens",
    "- hardware: one card of 24 GB",
    "- sampling:\n  - greedy: temperature 0\n  - random: temperature 0.8, top_p 0.95",
]


def _paste(one_item: str, others: list[str], place: int, gap: str, rates: list[int]) -> str:
    items = list(others)
    items.insert(place % (len(items) + 1), one_item)
    rows = [[f"variant {i}", f"0.{r:03d}"] for i, r in enumerate(rates)]
    return (
        "## Setup\nThe runs below compare two drafter fixes.\n\n"
        + "\n".join(items)
        + "\n"
        + gap
        + pipe_table(["Variant", "Accept Rate"], rows)
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    one=st.sampled_from(_ONE),
    others=st.lists(st.sampled_from(_OTHER_ITEMS), min_size=1, max_size=3, unique=True),
    place=st.integers(0, 3),
    gap=st.sampled_from(["\n", ""]),
    rates=st.lists(st.integers(50, 950), min_size=2, max_size=4),
)
def test_an_item_of_the_setup_list_says_one_draft(
    read: Read, one: str, others: list[str], place: int, gap: str, rates: list[int]
) -> None:
    text = _paste(f"- drafter: tiny-head-v2 {one}", others, place, gap, rates)
    got = read(text).records
    assert [r.accept_length for r in got] == [round(1 + r / 1000, 6) for r in rates]
    assert all(r.bonus.rule.startswith("computed: 1 + rate, one draft token") for r in got)


_RATES = [312, 605]


def _lengths(text: str) -> list[float | None]:
    return [r.accept_length for r in read_paste(text).records]


def test_an_item_telling_a_change_of_setup_says_nothing_of_the_table() -> None:
    text = _paste(
        "- drafter: earlier runs used `k=1`, these use a longer chain",
        _OTHER_ITEMS[:2],
        0,
        "\n",
        _RATES,
    )
    assert _lengths(text) == [None, None]


def test_another_k_in_the_paste_says_nothing() -> None:
    text = _paste("- drafter: tiny-head-v2 with `k=1`", _OTHER_ITEMS[:2], 0, "\n", _RATES)
    assert _lengths(text + "\nA second sweep at k=3 is planned.\n") == [None, None]


def test_a_paragraph_between_the_list_and_the_table() -> None:
    text = _paste("- drafter: tiny-head-v2 with `k=1`", _OTHER_ITEMS[:2], 0, "", _RATES)
    head, table = text.split("| Variant")
    text = head + "\nThe table lists each fix on the same prompts.\n\n| Variant" + table
    assert _lengths(text) == [None, None]


def test_a_samplers_top_k_of_one_is_no_draft() -> None:
    items = ["- prompts: a mixed set of 60 chat turns", "- sampling: greedy, top-k=1"]
    text = _paste("- drafter: tiny-head-v2", items, 0, "\n", _RATES)
    assert _lengths(text) == [None, None]
