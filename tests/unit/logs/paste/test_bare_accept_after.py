"""A rate named by a bare 'accept' after it ('52.3 tok/s @ 81.5% accept', '@ 0.702 accept'), in a
cell or in prose: an abbreviation of 'acceptance', one record per row with the rate only (no
length: the drafts per step are not said). 'accept' as a verb ('we accept 5 requests', '70%
accept the terms') or HTTP's 'Accept:' header is no rate's name."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


def _rates(text: str) -> list[float | None]:
    return [r.printed_rate for r in read_paste(text).records]


def test_cells_percent_and_fraction() -> None:
    table = pipe_table(
        ["config", "GPUs", "single stream"],
        [
            ["eagle3-draft-tp1", "1", "**52.3 tok/s** @ 81.5% accept"],
            ["eagle3-draft-tp2", "2", "**77.0 tok/s** @ 0.702 accept"],
        ],
    )
    got = read_paste("### Speculative decoding recipes\n\n" + table).records
    assert [r.printed_rate for r in got] == [0.815, 0.702]
    assert all(r.printed_length is None and r.accept_length is None for r in got)


def test_prose() -> None:
    text = "With the EAGLE-3 drafter we measured 52.3 tok/s @ 81.5% accept on the chat prompts.\n"
    assert _rates(text) == [0.815]


def test_verb_and_header_are_no_rate() -> None:
    assert (
        _rates("With speculative decoding on, we accept 5 requests per second at 0.5 load.\n") == []
    )
    assert _rates("Speculative decoding survey: 70% accept the default draft length.\n") == []
    text = "Speculative decoding endpoint: curl -H 'Accept: application/json' returns 0.9 Accept: text\n"
    assert _rates(text) == []


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.integers(300, 990), min_size=1, max_size=4), st.booleans())
def test_every_row_its_rate(rates: list[int], percent: bool) -> None:
    rows = [
        [
            f"draft-{i}",
            f"**{40 + i}.5 tok/s** @ " + (f"{r / 10:.1f}% accept" if percent else f"0.{r} accept"),
        ]
        for i, r in enumerate(rates)
    ]
    table = pipe_table(["recipe", "warm decode"], rows)
    got = _rates("Speculative decoding runs:\n\n" + table)
    assert got == pytest.approx([r / 1000 for r in rates])


@settings(max_examples=examples(40), deadline=None)
@given(
    r=st.integers(11, 94),
    percent=st.booleans(),
    speed=st.integers(20, 400),
    approx=st.sampled_from(["", "~", "≈"]),
    bold=st.booleans(),
    label=st.sampled_from(["Run B", "Long math", "Code"]),
)
def test_a_spaced_slash_before_the_next_figure_ends_the_name(
    r: int, percent: bool, speed: int, approx: str, bold: bool, label: str
) -> None:
    figure = f"{r}% accept" if percent else f"0.{r} accept"
    # (a percentage then '~' before the next figure is unread with a comma too: not this rule's)
    run = f"{label}: {figure} / {'' if percent else approx}{speed} TPS"
    text = (
        f"The patched draft runs on two cards. {f'**{run}**' if bold else run} (one card slower).\n"
    )
    assert _rates(text) == [r / 100]


def test_a_slash_before_words_is_no_such_end() -> None:
    assert _rates("Speculative set B: 0.58 accept / reject ratio on the draft queue.\n") == []
