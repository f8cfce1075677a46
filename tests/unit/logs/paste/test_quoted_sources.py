"""Figures that are no run of the paste: a figure a sentence attributes to a linked page (another's
benchmark, quoted as the reason for a change), and a mocked unit test's asserted figure (what the
mock was set to give), in the test or restated in the discussion."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cited as CIT
from specdiag.core.logs.paste import notrun as NR
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    rate=st.integers(20, 95),
    lead=st.sampled_from(
        [
            "Turn the draft model on, based on [forum benchmarks](https://example.org/t/123) showing "
            "a 30% speedup with {r}% average acceptance rate.",
            "According to [the upstream guide](https://example.org/guide), the draft acceptance "
            "rate is {r}% on chat.",
            "Per [this thread](https://example.org/t/9) the acceptance rate was {r}% for code.",
        ]
    ),
)
def test_a_figure_a_sentence_attributes_to_a_linked_page_is_no_record(rate: int, lead: str) -> None:
    text = "## Summary\n\n" + lead.format(r=rate) + "\n\n## Changes\n\n- `--draft-max 8`\n"
    assert not read_paste(text).records


@pytest.mark.parametrize(
    "line",
    [
        # the writer's own figure after the linked source
        "Based on [the upstream guide](https://example.org/guide), we got a 64% acceptance rate.",
        # a source named without a link
        "Based on forum benchmarks the acceptance rate was 64% for code.",
        # the link after the figure, in another sentence
        "The acceptance rate was 64% for code. See [the guide](https://example.org/guide).",
    ],
)
def test_a_figure_of_the_writers_own_or_with_no_link_before_it_is_read(line: str) -> None:
    got = read_paste("## Summary\n\n" + line + "\n").records
    assert [r.printed_rate for r in got] == [0.64]


_TEST = (
    "```diff\n"
    "+    fake_model = mock.MagicMock()\n"
    "+    fake_model.generate.side_effect = [ids(4), ids(1), ids(2)]\n"
    "+    out = runner.measure()\n"
    "+    # every draft token matches, so the acceptance rate should be 1\n"
    "+    assert out.acceptance_rate == {v}\n"
    "```\n\n"
    "**reviewer**: the test passes, is that right?\n\n"
    "**author**: by the formula we use, AR is {v}.\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(10, 95))
def test_a_mocked_tests_asserted_figure_is_no_record(v: int) -> None:
    assert not read_paste(_TEST.format(v=f"0.{v:02d}")).records


def test_a_test_without_a_mock_and_a_run_beside_a_mocked_test_are_read() -> None:
    plain = _TEST.replace("mock.MagicMock()", "load_model()").replace(".side_effect", ".inputs")
    assert [r.printed_rate for r in read_paste(plain.format(v="0.75")).records]
    # the paste's own run, another value than the asserted one, stays
    text = (
        _TEST.format(v="0.75")
        + "\nWith speculative decoding on the real model the acceptance rate was 62%.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.62]


def test_the_new_patterns_stay_linear_on_a_long_line() -> None:
    line = ("1.5, 22 ; 7% -- (3) [9] " * 420)[:10_000]
    start = time.perf_counter()
    CIT._LINKED_SOURCE.search("based on [" + line)
    CIT._CARD_SOURCE.search("Source: huggingface.co/" + line)
    CIT.ANY_FIRST_PERSON.search(line)
    NR._ASSERTED.match("assert accept " + line)
    NR.mocked_test([line, "mock", "assert accept_rate == " + line])
    assert time.perf_counter() - start < 0.05
