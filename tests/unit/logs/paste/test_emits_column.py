"""A pipe table's bare `emits` column in a paste whose prose says what emitting counts: tokens
per verify step (`each pass emits at most k + 1 tokens per verify`). The column is then tokens
per step, bonus included, one record a row. Without that sentence, or with another unit
(`tokens per second`), the column stays unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.emits_column import told
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_SAYS = [
    "A draft chain of depth d emits at most d + 1 tokens per verify, so:",
    "Every round emits some tokens per step; measured below.",
    "The engine emitted the following tokens a cycle on average:",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    says=st.sampled_from(_SAYS),
    header=st.sampled_from(["emits", "emitted", "**emits**"]),
    hundredths=st.lists(st.integers(110, 390), min_size=2, max_size=4),
)
def test_a_bare_emits_column_is_tokens_per_step(
    says: str, header: str, hundredths: list[int]
) -> None:
    rows = [[str(i + 3), f"{8 + i}.5", f"{h / 100:.3f}"] for i, h in enumerate(hundredths)]
    text = says + "\n\n" + pipe_table(["depth", "ms/verify", header], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([h / 100 for h in hundredths])
    assert [r.accept_length for r in got] == pytest.approx([h / 100 for h in hundredths])


@pytest.mark.parametrize(
    "says",
    [
        "The server emits 40 tokens per second at best.",
        "The daemon emits a log line per request.",
        "Measured on one card.",
    ],
)
def test_negative_control_no_unit_of_a_verify_step(says: str) -> None:
    assert not told(says)
    text = says + "\n\n" + pipe_table(["depth", "ms/verify", "emits"], [["3", "8.5", "1.720"]])
    assert read_paste(text).records == ()
