"""Shapes of held-out pastes read in general: a section headed as a model card's figures (quoted,
no run of the paste), a paste quoting a card throughout (its heading or a source field linking
the card, no first person anywhere), a column named tokens per step printing a value below 1 (its name does not
hold, the column's convention unknown)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_ROWS = "| Set | Mean acceptance length |\n|---|---:|\n| chat | {a:.2f} |\n| code | {b:.2f} |\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(210, 480),
    b=st.integers(210, 480),
    heading=st.sampled_from(
        [
            "### Acceptance length (model card `org/draft-x`)",
            "## Model card figures",
            "### Lengths from the model-card of the drafter",
            "## 模型卡的接受长度",
        ]
    ),
)
def test_a_section_headed_as_a_model_cards_figures_gives_no_record(
    a: int, b: int, heading: str
) -> None:
    text = (
        heading
        + "\n\nScored with eight draft tokens:\n\n"
        + _ROWS.format(a=a / 100, b=b / 100)
        + "\n## Our own run\n\nOn one card we got a mean acceptance length of 2.61.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.61]


@pytest.mark.parametrize(
    "heading",
    [
        "### Our runs vs the model card",
        "### Model card reproduced on one card",
        "## 官方模型卡复现",
        "### Acceptance length (measured; the model card lists more sets)",
        "### Acceptance length on our card",
    ],
)
def test_a_heading_naming_the_card_beside_the_pastes_own_run_is_read(heading: str) -> None:
    got = read_paste(heading + "\n\n" + _ROWS.format(a=2.4, b=3.1)).records
    assert [r.printed_length for r in got] == [2.4, 3.1]


_LONG = "| Prompt | Mean acceptance length |\n|---|---:|\n| 4K | 3.30 |\n| 32K | 3.10 |\n"


@pytest.mark.parametrize(
    "voice",
    [
        "On our box, long prompts:",
        "I measured long prompts:",
        "Chúng tôi đo prompt dài:",
        "我们测了长提示：",
    ],
)
def test_the_card_section_ends_at_the_next_heading_where_the_paste_speaks_of_its_own_run(
    voice: str,
) -> None:
    text = (
        "### Acceptance length (model card)\n\n"
        + _ROWS.format(a=4.1, b=3.9)
        + "\n### Long prompts\n\n"
        + voice
        + "\n\n"
        + _LONG
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.3, 3.1]


@pytest.mark.parametrize("lead", ["Scored on a long-prompt set, 200 requests:", "Đo trên tập dài:"])
def test_a_paste_quoting_a_card_with_no_first_person_gives_no_record(lead: str) -> None:
    # the card's heading, then a section of no run of the writer's: the card's figures too
    text = (
        "### Acceptance length (model card)\n\n"
        + _ROWS.format(a=4.1, b=3.9)
        + "\nRead the table both ways.\n\n### Long prompts\n\n"
        + lead
        + "\n\n"
        + _LONG
    )
    got = read_paste(text)
    assert not got.records
    assert any("no first person" in b.reason for b in got.ignored)


_DIGEST = (
    "# Drafter X notes\n\n{source}\n**Base:** a 20B model\n\n## Speculative decoding\n\n"
    "- Mean accepted length: **{a:.2f}**\n- Avg draft acceptance: **~{r}%**\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(150, 450),
    r=st.integers(30, 95),
    source=st.sampled_from(
        [
            "**Source:** https://huggingface.co/some-org/drafter-x-7b",
            "- Model card: huggingface.co/some-org/drafter-x-7b",
            "来源：https://huggingface.co/some-org/drafter-x-7b",
        ]
    ),
)
def test_a_digest_of_a_model_card_gives_no_record(a: int, r: int, source: str) -> None:
    assert not read_paste(_DIGEST.format(source=source, a=a / 100, r=r)).records


@pytest.mark.parametrize(
    ("source", "tail"),
    [
        # a data set's page is no model card
        ("**Source:** https://huggingface.co/datasets/some-org/chat-set", ""),
        # the writer's own run beside the card's link
        (
            "**Source:** https://huggingface.co/some-org/drafter-x-7b",
            "\nWe served it on one card.\n",
        ),
        # no source field: a plain link in the prose
        ("Weights at https://huggingface.co/some-org/drafter-x-7b", ""),
    ],
)
def test_a_digest_with_a_run_of_its_own_or_no_card_source_is_read(source: str, tail: str) -> None:
    got = read_paste(_DIGEST.format(source=source, a=2.4, r=70) + tail).records
    assert got


_TPS = "| Method | Accept rate | Tokens/target forward |\n| --- | --- | --- |\n"


@settings(max_examples=examples(30), deadline=None)
@given(low=st.integers(300, 950), high=st.integers(1010, 1400), rate=st.integers(1, 30))
def test_a_tokens_per_step_column_below_one_leaves_its_rows_undecided(
    low: int, high: int, rate: int
) -> None:
    text = (
        _TPS
        + f"| plain spec | 0.{rate:03d} | {low / 1000:.3f} |\n"
        + f"| cached spec | 0.{rate + 100:03d} | {high / 1000:.3f} |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [low / 1000, high / 1000]
    assert all(r.accept_length is None for r in got)


def test_a_tokens_per_step_column_above_one_counts_the_target_token() -> None:
    text = _TPS + "| plain spec | 0.210 | 1.420 |\n| cached spec | 0.350 | 1.700 |\n"
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [1.42, 1.7]
