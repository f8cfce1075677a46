"""A table whose one figure its title names (interpret._titled), some of its cells saying the
point was left out of the sweep ('skip', 'skipped', 'not run', 'not measured'): those cells are
runs not measured, like a dash, so their column is still the title's figure, one record per
filled cell (before, one such word made its whole column a label and only the columns without
one were read). Near misses: a column whose other cells are words of a result ('OOM', 'fails'),
and a title naming another measure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_TITLES = ["Draft acceptance rate:", "### Acceptance rate", "**Spec accept rate**"]
_LEFT_OUT = ["skip", "skipped", "SKIP", "Skipped", "not run", "not measured", "—", "n/a"]


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    columns=st.integers(2, 5),
    rows=st.integers(2, 4),
    data=st.data(),
)
def test_left_out_cells_keep_their_column_the_titled_figure(
    read: Read, title: str, columns: int, rows: int, data: st.DataObject
) -> None:
    header = ["prompt len", *(f"conc{2**c}" for c in range(columns))]
    body = []
    rates = []
    for r in range(rows):
        row = [f"{(r + 1) * 8}k"]
        for _ in range(columns):
            if data.draw(st.booleans()):
                row.append(data.draw(st.sampled_from(_LEFT_OUT)))
            else:
                v = data.draw(st.integers(310, 880)) / 1000
                rates.append(v)
                row.append(f"{v:.3f}")
        body.append(row)
    # one point at least was measured
    if not rates:
        body[0][1] = "0.512"
        rates.append(0.512)
    got = read(title + "\n\n" + pipe_table(header, body)).records
    assert sorted(r.printed_rate for r in got) == sorted(rates)
    assert all(r.printed_length is None for r in got)


def test_a_result_word_in_a_column_is_no_left_out_point(read: Read) -> None:
    text = "### Acceptance rate\n\n" + pipe_table(
        ["prompt len", "conc1", "conc4"],
        [["8k", "0.61", "OOM"], ["16k", "0.55", "OOM"]],
    )
    assert sorted(r.printed_rate for r in read(text).records) == [0.55, 0.61]


def test_skipped_cells_under_a_title_of_another_measure_give_nothing(read: Read) -> None:
    text = "### Throughput (tok/s)\n\n" + pipe_table(
        ["prompt len", "conc1", "conc4"],
        [["8k", "91.5", "skip"], ["16k", "88.0", "skip"]],
    )
    assert read(text).records == ()
