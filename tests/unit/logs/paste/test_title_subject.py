"""A table's title naming its figure after the names of what was measured, each holding a digit
('Mistral-7B Head3 acceptance length on a chat set:'): the title still names the figure, so a
table of items by runs with an overall row reads every row (interpret._TITLE_SUBJECT). Leading
words without digits ('Max acceptance length ...') are not stripped."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_TABLE = (
    "| Domain | Run A | Run B |\n| --- | --- | --- |\n"
    "| chat | 3.2100 | 3.6400 |\n| code | 2.9800 | 3.3300 |\n| math | 3.4500 | 3.9100 |\n"
    "| Overall AL | 3.2100 | 3.6300 |\n"
)


@pytest.mark.parametrize(
    "title",
    [
        "Mistral-7B Head3 acceptance length on a chat set:",
        "Gemma2-2B acceptance length across domains:",
        "### Llama-3.1-8B EAGLE-3 acceptance length on SPEED-Bench",
    ],
)
def test_a_title_led_by_model_names_names_its_figure(read: Read, title: str) -> None:
    got = read(f"{title}\n\n{_TABLE}").records
    assert sorted(r.printed_length or 0.0 for r in got) == pytest.approx(
        sorted((3.21, 3.64, 2.98, 3.33, 3.45, 3.91, 3.21, 3.63))
    )


def test_words_without_digits_are_not_stripped(read: Read) -> None:
    # 'Max ...' names no measured figure: only the overall row's own name is read
    got = read(f"Max acceptance length on a chat set:\n\n{_TABLE}").records
    assert [r.printed_length for r in got] == [pytest.approx(3.21), pytest.approx(3.63)]


@settings(max_examples=20, deadline=None)
@given(
    model=st.sampled_from(["Qwen2-7B", "Phi3", "Llama-3.2-1B", "Mixtral-8x7B"]),
    method=st.sampled_from(["", "Draft4 ", "EAGLE-3 ", "MTP2 "]),
    tail=st.sampled_from([" on a chat set:", " across domains:", ":"]),
)
def test_generated_titles(model: str, method: str, tail: str) -> None:
    from specdiag.core.logs.paste import read_paste

    got = read_paste(f"{model} {method}acceptance length{tail}\n\n{_TABLE}").records
    assert len(got) == 8
