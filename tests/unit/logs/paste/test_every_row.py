"""A sentence under a table giving a figure of every row in one bracket (`Accept length is the
same for both drafts at every len (2.41, 2.65, 2.38).`), the label naming the table's column
(the same word, a plural or an abbreviation: `ctx` for `context`) and as many values as rows:
one record a value, labelled by its row (every_row.py). A count that differs, a label naming no
column, or another measure named give nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_COLUMN = st.sampled_from(
    [("len", "length"), ("ctx", "context"), ("batch", "batch"), ("prompts", "prompt")]
)
_NAME = st.sampled_from(["Accept length", "Mean acceptance length", "Tokens per step"])


def _table(col: str, keys: list[int]) -> str:
    rows = "".join(f"| {k} | {30 + i}.5 | {60 + i}.25 |\n" for i, k in enumerate(keys))
    return f"| {col} | base tok/s | draft tok/s |\n| --- | --- | --- |\n" + rows


@settings(max_examples=examples(50), deadline=None)
@given(
    col=_COLUMN,
    name=_NAME,
    keys=st.lists(st.integers(2, 9999), min_size=2, max_size=6, unique=True),
    data=st.data(),
    blank=st.sampled_from(["\n", "\n\n"]),
)
def test_a_figure_listed_for_every_row_is_one_record_a_row(
    read: Read, col: tuple[str, str], name: str, keys: list[int], data: st.DataObject, blank: str
) -> None:
    vals = [f"{data.draw(st.integers(2, 6))}.{data.draw(st.integers(10, 99))}" for _ in keys]
    word = data.draw(st.sampled_from(["every", "each"]))
    text = (
        "Decode speed by setting.\n\n"
        + _table(col[0], keys)
        + blank
        + f"{name} does not change between the drafts at {word} {col[1]} ({', '.join(vals)}).\n"
    )
    got = read(text).records
    assert [x.printed_length for x in got] == [float(v) for v in vals]
    assert [x.labels for x in got] == [((col[0], str(k)),) for k in keys]
    assert all(x.accept_length is None for x in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    col=_COLUMN,
    keys=st.lists(st.integers(2, 9999), min_size=2, max_size=6, unique=True),
    case=st.sampled_from(["count", "label", "measure"]),
    data=st.data(),
)
def test_negative_control_a_mismatch_reads_nothing(
    read: Read, col: tuple[str, str], keys: list[int], case: str, data: st.DataObject
) -> None:
    n = len(keys) + (1 if case == "count" else 0)
    vals = [f"{data.draw(st.integers(2, 6))}.{data.draw(st.integers(10, 99))}" for _ in range(n)]
    label = "temperature" if case == "label" else col[1]
    name = "Decode speed" if case == "measure" else "Accept length"
    text = (
        _table(col[0], keys)
        + "\n"
        + f"{name} does not change between the drafts at every {label} ({', '.join(vals)}).\n"
    )
    assert [x.printed_length for x in read(text).records] == []
