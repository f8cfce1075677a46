"""`label: value both` items (both_items.py): `(v2 head: 3.1% both; v1 head: ~12% both)` after a
table of the mean acceptance, or in a sentence naming the acceptance, is one record an item.
Items without the quantifier, of the wrong kind, of a goal, or with no acceptance figure named
in the sentence or the table above are none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.both_items import rewrite
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TABLE = (
    "Draft quant sweep (target fixed at Q4_K_M, 3 probes per rung):\n\n"
    "| draft quant | mean acceptance |\n|---|---:|\n| Q4_0 | 41.2% |\n| Q8_0 | 42.0% |\n\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    # (below the table's own 41.2% and 42.0%: prose quoting a table restates it)
    tenths=st.lists(st.integers(5, 400), min_size=1, max_size=3, unique=True),
    q=st.sampled_from(["both", "each", "all"]),
    bracket=st.booleans(),
    hedge=st.sampled_from(["", "~"]),
)
def test_items_under_the_table_are_one_record_each(
    read: Read, tenths: list[int], q: str, bracket: bool, hedge: str
) -> None:
    labels = ["v2 head", "v1 head", "distilled"]
    items = "; ".join(f"{labels[i]}: {hedge}{t / 10:g}% {q}" for i, t in enumerate(tenths))
    if len(tenths) == 1 and not bracket:
        items = f"{items}."
    said = "We also ran both heads at F16 and Q8_0, no difference there"
    text = _TABLE + (f"{said} ({items}).\n" if bracket else f"{said}: {items}\n")
    got = read(text).records[2:]
    assert [r.printed_rate for r in got] == pytest.approx([t / 1000 for t in tenths])
    assert all(r.accept_length is None for r in got)


def test_the_sentence_names_the_figure() -> None:
    text = (
        "Quantizing the draft left the acceptance flat (v2 head: 3.1% both; v1 head: ~12% both).\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == pytest.approx([0.031, 0.12])


def test_a_length_named_in_the_sentence() -> None:
    text = "The mean accept length did not move with the draft's precision (EAGLE-3: 2.84 both).\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.84]


@pytest.mark.parametrize(
    "tail",
    [
        "We also ran both heads at F16 and Q8_0 (F16: 1.2 GB; Q8_0: 640 MB).",
        "We also ran both heads at F16 and Q8_0 (v2 head: 1.2 GB both; v1 head: 640 MB both).",
        "We also ran both heads at F16 and Q8_0 (target: 70% both).",
        "We also ran both heads at F16 and Q8_0 (v2 head: 30-40% both).",
    ],
)
def test_no_record_of_the_sentence(tail: str) -> None:
    assert len(read_paste(_TABLE + tail + "\n").records) == 2


def test_no_figure_named_nowhere() -> None:
    line = "Both quants built fine (v2 head: 3.1% both; v1 head: 12% both)."
    assert rewrite(line, None) == line
    assert not read_paste(line + "\n").records


def test_a_percentage_is_no_length() -> None:
    line = "The accept length was flat (v2 head: 31% both)."
    assert rewrite(line, None) == line
