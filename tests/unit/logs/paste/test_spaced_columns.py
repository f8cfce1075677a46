"""A table a web page's copy joined with single spaces: the header's and the rows' cells are
their words (a bracket and a unit joined to the word before), read only where the header and
every row have as many cells and the rows end in as many numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste, tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Speculative decoding on a small board, greedy decoding.\n\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.integers(40, 95), st.integers(150, 450), st.integers(10, 90)),
        min_size=1,
        max_size=4,
    ),
    sizes=st.booleans(),
    unit=st.sampled_from(["tok/s", "ms", ""]),
)
def test_a_single_spaced_table_reads_by_its_words(
    read: Read, rows: list[tuple[int, int, int]], sizes: bool, unit: str
) -> None:
    size = " (params)" if sizes else ""
    speed = f"Speed {unit}".strip()
    head = f"Target{size} Draft{size} α (accept rate) accepted/step {speed}"
    body = "\n".join(
        f"big-{i}{' (1B)' if sizes else ''} small-{i}{' (90M)' if sizes else ''} "
        f"0.{r:02d} {a / 100:.2f} {s / 10:.1f}"
        for i, (r, a, s) in enumerate(rows)
    )
    got = read(f"{_INTRO}{head}\n{body}\n").records
    assert [r.printed_length for r in got] == [a / 100 for _, a, _ in rows]
    assert [r.printed_rate for r in got] == [r / 100 for r, _, _ in rows]
    assert all(r.accept_length is None for r in got)


def test_near_misses_are_no_table() -> None:
    for text in (
        # a header of more words than the rows have cells: its columns are not known
        "Target Draft mean accept length speed\nbig small 2.41 11.2\n",
        # a header holding a number
        "Target Draft top 5 accept length\nbig small 2.41 11.2\n",
        # one number a row
        "Target Draft accepted/step\nbig small 2.41\n",
    ):
        grids, _ = tables.find(list(enumerate(text.splitlines(), 1)))
        assert all(g.structure != "spaced columns" for g in grids), text
        assert all(r.structure != "spaced columns" for r in read_paste(_INTRO + text).records)
    # a row ending in another number of numbers ends the table
    text = (
        "Target Draft Mode accepted/step speed\nbig small greedy 2.41 11.2\nbig 1 1.9 2.41 11.2\n"
    )
    (g,) = tables.find(list(enumerate(text.splitlines(), 1)))[0]
    assert [c for _, c in g.rows] == [["big", "small", "greedy", "2.41", "11.2"]]
