"""A table whose one figure its title names (interpret._titled), with a column named as a count
or a setting ('n', 'prompts', 'k') of whole numbers: that column is each row's sample size or
configuration, a label, never the title's figure (before, its counts, far above any length, made
the table implausible and nothing was read). Near misses: such a column with decimals, a column
of whole numbers under a name of no count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_TITLES = ["### Accept length", "## Acceptance length", "**Mean accepted length**"]
_COUNTS = ["n", "N", "prompts", "k"]
_SETS = ["quiz-a", "prose-b", "proofs", "lookup", "dialog"]


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    count=st.sampled_from(_COUNTS),
    where=st.integers(1, 2),
    configs=st.integers(1, 3),
    data=st.data(),
)
def test_a_count_column_is_a_label_under_a_titled_table(
    read: Read, title: str, count: str, where: int, configs: int, data: st.DataObject
) -> None:
    n_rows = data.draw(st.integers(2, 5))
    names = [f"stage {c + 1}" for c in range(configs)]
    header = ["set", *names]
    header.insert(where, count)
    rows = []
    lengths = []
    for r in range(n_rows):
        vals = [data.draw(st.integers(1100, 3900)) / 1000 for _ in names]
        lengths.extend(vals)
        row = [_SETS[r], *(f"{v:.3f}" for v in vals)]
        row.insert(where, str(data.draw(st.integers(5, 2000))))
        rows.append(row)
    got = read(title + "\n\n" + pipe_table(header, rows)).records
    assert sorted(r.printed_length for r in got) == sorted(lengths)
    labels = [dict(r.labels) for r in got]
    assert all(count.lower() in lab for lab in labels)


def test_a_count_name_over_decimals_is_no_label(read: Read) -> None:
    text = "### Accept length\n\n" + pipe_table(
        ["set", "n", "stage 1"], [["quiz-a", "2.5", "2.41"], ["proofs", "3.5", "2.77"]]
    )
    got = read(text).records
    assert not any("n" in dict(r.labels) for r in got)


def test_whole_numbers_under_a_name_of_no_count_stay_the_figure(read: Read) -> None:
    text = "### Accept length\n\n" + pipe_table(
        ["set", "stage 1", "stage 2"], [["quiz-a", "2", "3"], ["proofs", "3", "4"]]
    )
    assert sorted(r.printed_length for r in read(text).records) == [2, 3, 3, 4]
