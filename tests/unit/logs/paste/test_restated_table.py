"""A later table restating rows of an earlier one under a shorter name (restated_table.py): a
row (or a transposed table's column) whose name is a strict part of exactly one earlier table
row's name and whose every acceptance cell that row prints too, same value, is that run told
again: no record. A new row of the later table, a name equal to the earlier one's, a figure
that differs or a name two earlier rows share keep their records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


def _main(runs: list[tuple[int, int]]) -> str:
    rows = [
        [f"Variant {chr(65 + i)} (depth={4 + i})", f"{r / 10:.1f}%", f"{ln / 100:.2f}"]
        for i, (r, ln) in enumerate(runs)
    ]
    return "## Results\n\n" + _pipe(["Method", "Accept rate", "Accept length"], rows)


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(300, 950), st.integers(150, 700)),
        min_size=2,
        max_size=5,
        unique_by=lambda t: t[0],
    ),
    picked=st.data(),
    transposed=st.booleans(),
    new_row=st.booleans(),
)
def test_a_later_table_restating_rows_gives_no_records(
    read, runs: list[tuple[int, int]], picked: st.DataObject, transposed: bool, new_row: bool
) -> None:
    told = picked.draw(st.lists(st.integers(0, len(runs) - 1), min_size=1, unique=True))
    # the later table names each run by its short name ('Variant B', or 'depth=5')
    short = picked.draw(st.sampled_from(["variant", "depth"]))
    names = [f"Variant {chr(65 + i)}" if short == "variant" else f"depth={4 + i}" for i in told]
    rates = [f"{runs[i][0] / 10:.1f}%" for i in told]
    lengths = [f"{runs[i][1] / 100:.2f}" for i in told]
    if new_row:
        names.append("Variant Z" if short == "variant" else "depth=12")
        rates.append("12.5%")
        lengths.append("1.13")
    if transposed:
        later = _pipe(["Metric", *names], [["Accept rate", *rates], ["Accept length", *lengths]])
    else:
        rows = [[n, r, ln] for n, r, ln in zip(names, rates, lengths, strict=True)]
        later = _pipe(["Setting", "Accept rate", "Accept length"], rows)
    text = _main(runs) + "\n## Comparison\n\n" + later
    got = read(text).records
    want = [ln / 100 for _, ln in runs] + ([1.13] if new_row else [])
    assert [r.printed_length for r in got] == want


def test_an_equal_name_or_another_figure_keeps_the_later_row(read) -> None:
    runs = [(612, 241), (587, 233)]
    # the same name again (two tables of one setting's name): a run of its own
    same = _pipe(
        ["Method", "Accept rate", "Accept length"], [["Variant A (depth=4)", "61.2%", "2.41"]]
    )
    # a shorter name, a length that differs: another run
    other = _pipe(["Setting", "Accept rate", "Accept length"], [["Variant B", "58.7%", "2.35"]])
    for later, want in ((same, 2.41), (other, 2.35)):
        got = read(_main(runs) + "\n## Again\n\n" + later).records
        assert [r.printed_length for r in got] == [2.41, 2.33, want]


def test_a_name_two_earlier_rows_share_keeps_the_later_row(read) -> None:
    rows = [["Tree depth=4 wide", "61.2%", "2.41"], ["Tree depth=4 narrow", "61.2%", "2.41"]]
    main = "## Results\n\n" + _pipe(["Method", "Accept rate", "Accept length"], rows)
    later = _pipe(["Setting", "Accept rate", "Accept length"], [["depth=4", "61.2%", "2.41"]])
    got = read(main + "\n## Again\n\n" + later).records
    assert [r.printed_length for r in got] == [2.41, 2.41, 2.41]
