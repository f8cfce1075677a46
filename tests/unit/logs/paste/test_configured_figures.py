"""A figure's name under 'configured' (`configured acceptance length: 3.9`, a simulator's or a
recipe's knob): a value set, no run, no record, as for the other goal words; a measured value
beside it on the line is the run's, and 'configured' elsewhere on a line (a configured draft, a
configured k) leaves the run's figure as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read


def _figures(text: str, read: Read = read_paste) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read(text).records]


_NAMES = st.sampled_from(
    [
        "acceptance length",
        "accept length",
        "acceptance rate",
        "AL",
        "accept_len",
        "mean acceptance length",
    ]
)
_BULLETS = st.sampled_from(["", "- ", "* ", "  - "])
_QUOTES = st.sampled_from(["", "`", "**"])
_CASES = st.sampled_from(["configured", "Configured", "CONFIGURED"])


@settings(max_examples=40, deadline=None)
@given(
    name=_NAMES,
    bullet=_BULLETS,
    quote=_QUOTES,
    word=_CASES,
    whole=st.integers(1, 6),
    tenth=st.integers(0, 9),
    sep=st.sampled_from([": ", " = ", "="]),
    after=st.sampled_from(["", ", mode: sampled", " (per verify)"]),
)
def test_a_configured_figure_is_no_record(
    name: str, bullet: str, quote: str, word: str, whole: int, tenth: int, sep: str, after: str
) -> None:
    value = f"{whole}.{tenth}"
    if "rate" in name:
        value = f"{whole * 10 + tenth}%"
    text = f"{bullet}{word} {name}{sep}{quote}{value}{quote}{after}\n"
    assert _figures(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "- configured acceptance length: `3.9`, method: sampled\n- requests: 40/40 ok\n",
        "Configured accept length = 2.6\n",
    ],
)
def test_configured_lines_are_no_record(read: Read, text: str) -> None:
    assert _figures(text, read) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a measured figure beside the configured one is the run's
        ("Configured AL 3.0 but we measured 2.64 on chat.\n", [(2.64, None)]),
        # 'configured' naming the draft or k, not the figure: the run's figure is read
        ("With the configured k=4, acceptance length: 2.37\n", [(2.37, None)]),
        ("Acceptance length: 2.52 (draft configured as in the recipe)\n", [(2.52, None)]),
    ],
)
def test_configured_elsewhere_keeps_the_run(
    text: str, want: list[tuple[float | None, float | None]]
) -> None:
    assert _figures(text) == want
