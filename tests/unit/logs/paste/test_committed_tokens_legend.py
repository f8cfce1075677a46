"""A legend under a table defining its length column as the committed (emitted) tokens a step,
the participle written before the tokens (`AL = mean committed tokens per draft/verify step`):
what a step commits holds the target's own token, so the column's lengths count the bonus
(defined._EMITTED). A step named by its draft and verify halves (`draft/verify step`,
`draft-verify cycle`, `draft and verify round`) is one step, no count of drafts; tokens per
draft step, tokens a step drafts or accepts, and a legend of another measure decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.defined import definitions
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_UNITS = st.sampled_from(
    [
        "mean committed tokens per draft/verify step",
        "average committed tokens per draft-verify cycle",
        "mean emitted tokens per draft and verify round",
        "committed tokens per verify step",
        "mean emitted tokens per target forward pass",
    ]
)
_NAMES = st.sampled_from(["AL", "Accept len", "acceptance length"])
_SEPS = st.sampled_from([" = ", ": ", " — "])


def _table(name: str, rows: list[tuple[str, int]]) -> str:
    out = f"| Split | Base tok/s | Spec tok/s | {name} |\n|---|---|---|---|\n"
    for label, v in rows:
        out += f"| {label} | 21.4 | 63.0 | {v / 100:.2f} |\n"
    return out


@settings(max_examples=examples(50), deadline=None)
@given(
    unit=_UNITS,
    name=_NAMES,
    sep=_SEPS,
    values=st.lists(st.integers(130, 790), min_size=1, max_size=4),
    blank=st.booleans(),
    flat=st.booleans(),
)
def test_a_committed_tokens_legend_decides_the_bonus(
    read: Read, unit: str, name: str, sep: str, values: list[int], blank: bool, flat: bool
) -> None:
    rows = [(f"set{i}", v) for i, v in enumerate(values)]
    legend = f"Base = plain decoding. {name}{sep}{unit} (higher is better).\n"
    text = _table(name, rows) + ("\n" if blank else "") + legend
    if flat:  # a web page's copy, the whole table and its legend on one line
        text = text.replace("\n", " ").strip() + "\n"
    got = [(r.printed_length, r.accept_length) for r in read(text).records]
    assert got == [(v / 100, pytest.approx(v / 100)) for _, v in rows]


@pytest.mark.parametrize(
    "unit",
    [
        "mean drafted tokens per draft/verify step",  # what a step drafts: its k
        "mean committed tokens per draft step",  # the draft step's tokens
        "mean accepted tokens per draft/verify step",  # accepted: with or without the target's
        "committed tokens per second",  # a throughput
        "mean committed drafts",  # no step
    ],
)
def test_near_misses_decide_nothing(read: Read, unit: str) -> None:
    text = _table("AL", [("chat", 241), ("code", 315)]) + f"AL = {unit}.\n"
    got = [(r.printed_length, r.accept_length) for r in read(text).records]
    assert got == [(2.41, None), (3.15, None)]


@pytest.mark.parametrize(
    ("text", "bonus"),
    [
        ("AL = mean committed tokens per draft/verify step", INCLUDED),
        ("accept length: emitted tokens per draft + verify cycle", INCLUDED),
        ("AL = tokens committed per draft/verify step", INCLUDED),
        ("AL = committed tokens per draft step", "none"),
        ("AL = generated tokens per draft/verify step", "none"),
    ],
)
def test_what_the_definition_says(text: str, bonus: str) -> None:
    got = definitions(text + ".")
    if bonus == "none":
        assert got == []
    else:
        assert [d.bonus for d in got] == [bonus]
