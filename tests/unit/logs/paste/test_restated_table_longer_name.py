"""A later table naming an earlier table's runs by a longer name (restated_table.py, its fifth
rule): a row whose name is an earlier row's name with a word or two more, printing the same
acceptance cells (a ranged one too), is that run told again, prose between the two tables in
one block allowed. A figure that differs, a name of three words more or another name keep it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


_MODELS = ["Orca-7B", "Lynx-13B-A2B", "Heron-3B", "Ibis-70B"]


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(20, 95), min_size=2, max_size=4, unique=True),
    suffix=st.sampled_from(["-draft", "-MTP", " (eagle)", "-spec-v2"]),
    blank=st.booleans(),
    ranged=st.booleans(),
)
def test_rows_told_again_under_longer_names_are_no_new_runs(
    read, rates: list[int], suffix: str, blank: bool, ranged: bool
) -> None:
    models = _MODELS[: len(rates)]
    cells = [f"0.{r:02d}" for r in rates]
    if ranged:
        cells[-1] = f"0.{rates[-1] - 10:02d}–0.{rates[-1]:02d}"
    first = _pipe(
        ["model", "acceptance", "tok/s"],
        [[m, c, f"{40 + n}"] for n, (m, c) in enumerate(zip(models, cells, strict=True))],
    )
    later = _pipe(
        ["model", "size", "acceptance", "note"],
        [
            [m + suffix, f"{3 + n} GB", c, "kept"]
            for n, (m, c) in enumerate(zip(models, cells, strict=True))
        ],
    )
    gap = "\n" if blank else ""
    got = read(
        "our drafter runs\n" + first + gap + "the whole sheet, the runs above again\n" + later
    ).records
    assert [r.first_line for r in got] == [4 + n for n in range(len(rates))]


def test_another_figure_or_name_keeps_the_later_row(read) -> None:
    first = _pipe(["model", "acceptance"], [["Orca-7B", "0.61"], ["Heron-3B", "0.52"]])
    later = _pipe(
        ["model", "acceptance"],
        [
            ["Orca-7B-MTP", "0.58"],  # another figure: another run
            ["Heron-3B-int4-g128-fast", "0.52"],  # three words more: another model
            ["Ibis-3B-MTP", "0.52"],  # another name
        ],
    )
    got = read("our runs\n" + first + "and more\n" + later).records
    assert [r.printed_rate for r in got] == [0.61, 0.52, 0.58, 0.52, 0.52]


def test_one_table_keeps_its_rows(read) -> None:
    # two rows of one table, one name holding the other's: two runs
    table = _pipe(["model", "acceptance"], [["Orca-7B", "0.61"], ["Orca-7B-MTP", "0.61"]])
    got = read("our runs\n" + table).records
    assert [r.printed_rate for r in got] == [0.61, 0.61]
