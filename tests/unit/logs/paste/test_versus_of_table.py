"""A bracket setting two figures against each other ('(3.41 vs 3.77)') in a finding below a
table that printed both: the prose compares two of the table's runs, no record of its own.
A pair the table never printed, or only one of whose values it printed, stays read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_LEADS = [
    "1. **Small vocabulary, same quality**: the pruned head keeps an acceptance length ",
    "- Finding: the pruned head keeps nearly the same acceptance length ",
    "The pruned head keeps nearly the same acceptance length ",
]


@settings(max_examples=examples(50), deadline=None)
@given(
    values=st.lists(st.integers(210, 590), min_size=2, max_size=5, unique=True),
    pick=st.data(),
    lead=st.sampled_from(_LEADS),
    word=st.sampled_from(["vs", "vs.", "versus"]),
    wide=st.booleans(),
)
def test_a_pair_of_the_tables_figures_is_no_record(
    values: list[int], pick: st.DataObject, lead: str, word: str, wide: bool
) -> None:
    rows = [[f"head-{i}", f"{300 + i}.0", f"{v / 100:.2f}"] for i, v in enumerate(values)]
    table = pipe_table(["Method", "tok/s", "Avg. Accept Length"], rows)
    i, j = pick.draw(
        st.lists(st.sampled_from(range(len(values))), min_size=2, max_size=2, unique=True)
    )
    o, c = ("（", "）") if wide else ("(", ")")
    finding = (
        f"{lead}{o}{values[i] / 100:.2f} {word} {values[j] / 100:.2f}{c} at a tenth the size.\n"
    )
    got = read_paste(f"{table}\n\n### Findings\n\n{finding}").records
    assert [r.printed_length for r in got] == [v / 100 for v in values]


def test_negative_control_a_pair_the_table_never_printed_stays_read() -> None:
    table = pipe_table(["Method", "Avg. Accept Length"], [["head-a", "3.10"], ["head-b", "3.55"]])
    text = f"{table}\n\nOn code the pruned head keeps an acceptance length (4.02 vs 4.30).\n"
    got = sorted(r.printed_length or 0 for r in read_paste(text).records)
    assert got == [3.10, 3.55, 4.02, 4.30]
