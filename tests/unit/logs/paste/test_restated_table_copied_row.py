"""A later table's row copying one earlier table's row whole (restated_table.py, its fourth
rule): the same length and rate, and every other decimal of its line (its speeds) printed on
the earlier row's line too: one run told twice, whatever the later row's name. A speed that
differs, a figure that differs, or a row printing acceptance figures alone keep it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(200, 900), st.integers(300, 990)),
        min_size=2,
        max_size=4,
        unique_by=lambda t: t[1],
    ),
    picked=st.data(),
    name=st.sampled_from(["cache f16", "tree path", "arm B", "q8 cache"]),
    bold=st.booleans(),
    new_row=st.booleans(),
)
def test_a_row_copied_into_a_later_table_is_one_run(
    read,
    runs: list[tuple[int, int]],
    picked: st.DataObject,
    name: str,
    bold: bool,
    new_row: bool,
) -> None:
    first = _pipe(
        ["run", "gen tok/s", "acceptance", "eff tok/s"],
        [
            [f"limit {i + 2}", f"{s / 10:.1f}", f"{r / 1000:.3f}", f"{s * r / 10000:.1f}"]
            for i, (s, r) in enumerate(runs)
        ],
    )
    i = picked.draw(st.integers(0, len(runs) - 1))
    s, r = runs[i]
    cells = [f"{s / 10:.1f}", f"{r / 1000:.3f}", f"{s * r / 10000:.1f}"]
    if bold:
        cells = [f"**{c}**" for c in cells]
    rows = [[name, *cells]]
    if new_row:
        rows.append(["other", "12.3", "0.111", "1.4"])
    later = _pipe(["setting", "gen tok/s", "acceptance", "eff tok/s"], rows)
    got = read("Sweep:\n\n" + first + "\nA second look:\n\n" + later).records
    want = [ra / 1000 for _, ra in runs] + ([0.111] if new_row else [])
    assert [rec.printed_rate for rec in got] == want


def test_a_speed_that_differs_keeps_the_later_row(read) -> None:
    first = _pipe(
        ["run", "gen tok/s", "acceptance"],
        [["limit 2", "80.5", "0.860"], ["limit 3", "99.1", "0.840"]],
    )
    # the same rate, another speed: another run
    later = _pipe(["cache", "gen tok/s", "acceptance"], [["q4", "95.2", "0.860"]])
    got = read("Sweep:\n\n" + first + "\nCache:\n\n" + later).records
    assert [r.printed_rate for r in got] == [0.86, 0.84, 0.86]
    # the same speed, another rate: another run
    later = _pipe(["cache", "gen tok/s", "acceptance"], [["q4", "80.5", "0.790"]])
    got = read("Sweep:\n\n" + first + "\nCache:\n\n" + later).records
    assert [r.printed_rate for r in got] == [0.86, 0.84, 0.79]


def test_acceptance_figures_alone_keep_the_later_row(read) -> None:
    # nothing but the rate to compare: two runs may share it
    first = _pipe(["run", "acceptance"], [["limit 2", "0.860"], ["limit 3", "0.840"]])
    later = _pipe(["cache", "acceptance"], [["q4", "0.860"]])
    got = read("Sweep:\n\n" + first + "\nCache:\n\n" + later).records
    assert [r.printed_rate for r in got] == [0.86, 0.84, 0.86]


def test_a_summary_over_several_prompts_keeps_the_later_row(read) -> None:
    # the earlier row a mean over three prompts: the later row, alike, is one prompt's own run
    first = _pipe(
        ["suite", "prompts", "gen tok/s", "acceptance"],
        [["long", "3", "80.5", "0.860"], ["short", "2", "99.1", "0.840"]],
    )
    later = _pipe(["prompt", "gen tok/s", "acceptance"], [["essay-7", "80.5", "0.860"]])
    got = read("Bench:\n\n" + first + "\nPer prompt:\n\n" + later).records
    assert [r.printed_rate for r in got] == [0.86, 0.84, 0.86]
