"""A dashboard row's bare `Mean` cell right after its acceptance-rate cell, in a paste about
speculative decoding: the mean acceptance length (printed, bonus undecided). Near misses: a
mean of 1 or less, a unit after the value, a cell labelled more than `Mean`, another cell
between, and a paste naming no speculative decoding: the `Mean` is not read as a length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples

_BARS = st.sampled_from(["│", "┃", "|"])
_PAD = st.sampled_from([" ", "  ", "   "])
_RATE_LABEL = st.sampled_from(["Acceptance", "Acceptance rate", "Draft acceptance"])


def _paste(heading: str, row: str, bar: str) -> str:
    rule = "─" * 30
    return (
        "Dashboard while serving:\n\n```\n"
        f"┌ monitor {rule}┐\n"
        f"{bar} RUNNING 3   WAITING 1          {bar}\n"
        f"├ {heading} {rule}┤\n"
        f"{row}\n"
        f"└{rule}┘\n```\n"
    )


def _printed(text: str) -> list[float | None]:
    return [r.printed_length for r in read_held(text.encode(), None).records]


@st.composite
def _row_parts(draw: st.DrawFn) -> tuple[str, str, str, int, float]:
    bar, pad, label = draw(_BARS), draw(_PAD), draw(_RATE_LABEL)
    pct = draw(st.integers(5, 100))
    mean = draw(st.integers(105, 900)) / 100
    return bar, pad, label, pct, mean


@settings(max_examples=examples(30), deadline=None)
@given(parts=_row_parts(), heading=st.sampled_from(["Speculative Decoding", "MTP drafts"]))
def test_mean_beside_acceptance_is_the_length(
    parts: tuple[str, str, str, int, float], heading: str
) -> None:
    bar, pad, label, pct, mean = parts
    row = f"{bar} {label} {pct}%{pad}{bar} Mean {mean:.2f}{pad}{bar} Queue 2{pad}{bar}"
    assert _printed(_paste(heading, row, bar)) == [mean]


@settings(max_examples=examples(30), deadline=None)
@given(
    parts=_row_parts(),
    miss=st.sampled_from(["low", "unit", "label", "between", "topic"]),
)
def test_near_misses_stay_unread(parts: tuple[str, str, str, int, float], miss: str) -> None:
    bar, pad, label, pct, mean = parts
    heading = "Speculative Decoding"
    value = f"{mean:.2f}"
    mean_cell = f"Mean {value}"
    if miss == "low":
        mean_cell = f"Mean {mean / 10:.2f}" if mean < 10 else "Mean 0.75"
    elif miss == "unit":
        mean_cell = f"Mean {value} ms"
    elif miss == "label":
        mean_cell = f"Mean TTFT {value}"
    elif miss == "topic":
        heading, label = "Serving", "Acceptance"  # ('draft' would name speculative decoding)
    cells = [f"{label} {pct}%", mean_cell]
    if miss == "between":
        cells.insert(1, "Queue 2")
    row = bar + "".join(f" {c}{pad}{bar}" for c in cells)
    assert all(p is None for p in _printed(_paste(heading, row, bar)))
