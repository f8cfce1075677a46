"""Symbol definitions are no values: 'where p_k is the acceptance rate at step k', 'α denotes the
acceptance rate', 'pk 是第 k 步的接受率', a legend 'τ: average acceptance length', numbered legend
items: no record from a symbol's index, a step number, a footnote or an item's number."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_DEFINITIONS = [
    "where p_k is the acceptance rate at step k",
    "where p_{k} is the acceptance rate at step k = 1, ..., K",
    "α denotes the acceptance rate of the draft model",
    "α denotes the acceptance rate³ of the draft model (see [12])",
    "Let p_2 be the acceptance rate at draft position 2",
    "where a_i denotes the acceptance rate of the i-th draft token [7]",
    "τ: average acceptance length",
    "τ: average acceptance length (higher is better)¹",
    "其中 pk 是第 k 步的接受率",
    "其中 p_k 表示第 k 步的接受率,k = 1, 2, 3",
    "Here L_k is the mean acceptance length with k drafts, see eq. (3)",
    "The speedup is (1 - α^(γ+1)) / (1 - α), where α is the acceptance rate and γ the draft length",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    picked=st.lists(st.sampled_from(_DEFINITIONS), min_size=1, max_size=3, unique=True),
    numbered=st.booleans(),
    note=st.sampled_from(["", " [3]", " (1)", "²"]),
    intro=st.sampled_from(["", "Notation for speculative decoding:\n", "## Definitions\n"]),
)
def test_definitions_and_legends_are_no_records(
    picked: list[str], numbered: bool, note: str, intro: str
) -> None:
    lines = [
        (f"{i}. " if numbered else "") + d + note + ("" if d.endswith(")") else ".")
        for i, d in enumerate(picked, 1)
    ]
    assert read_paste(intro + "\n".join(lines) + "\n").records == ()


def test_a_numbered_legend_lends_no_item_number_to_the_line_before() -> None:
    text = "1. α: acceptance rate\n2. τ: average acceptance length\n3. K: number of draft tokens\n"
    assert read_paste(text).records == ()


def test_positive_control_a_legend_above_its_table_still_names_the_column() -> None:
    text = (
        "EAGLE-3 results\nτ: average acceptance length\n\nMethod   τ\nEAGLE-3  3.1\nMedusa   2.4\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.1, 2.4]


def test_positive_control_a_numbered_item_with_its_value_is_read() -> None:
    text = "Results of the EAGLE-3 run:\n1. mean acceptance length: 2.91\n2. draft acceptance rate: 63%\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(2.91, 0.63)]
