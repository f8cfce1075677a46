"""A table of metrics as rows copied with single spaces (flat_table.metric_rows) whose labels
hold words with digits after letters ('Latency bs=4 (ms)', 'MMLU5 score (3-shot)') and whose
cells may be 'N/A' (a configuration without that figure): the labels stay labels, 'N/A' an
empty cell, the acceptance row read one record a filled column. Near misses: a label holding a
word opening on digits ('2nd pass'), a row of 'N/A' alone, rows of other widths."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import flat_table
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OTHER = ["Latency bs={} (ms)", "Speed c={} tok/s", "Quiz{} score (2-shot)", "Mem gpu{} used"]
_ACCEPT = ["Accept length", "Acceptance length", "Mean accepted length"]
_EMPTY = ["N/A", "n/a"]


def _lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), 1))


@settings(max_examples=examples(40), deadline=None)
@given(
    others=st.lists(st.sampled_from(_OTHER), min_size=1, max_size=4),
    accept=st.sampled_from(_ACCEPT),
    empty=st.sampled_from(_EMPTY),
    where=st.integers(0, 4),
    data=st.data(),
)
def test_labels_with_digits_and_an_empty_cell_are_read(
    read: Read, others: list[str], accept: str, empty: str, where: int, data: st.DataObject
) -> None:
    rows = []
    for o in others:
        label = o.format(data.draw(st.integers(1, 64)))
        a, b = data.draw(st.integers(100, 9000)), data.draw(st.integers(100, 9000))
        rows.append(f"{label} {a / 100:.2f} {b / 100:.2f}")
    length = data.draw(st.integers(1200, 4800)) / 1000
    rows.insert(min(where, len(rows)), f"{accept} {empty} ~{length:.3f}")
    text = "Metric Plain run Drafted run\n" + "\n".join(rows) + "\n"
    out = flat_table.metric_rows(_lines(text))
    assert out[0][1].startswith("| Metric | column 1 | column 2 |")
    got = read(text).records
    assert [r.printed_length for r in got] == [length]
    assert [dict(r.labels).get("column") for r in got] == ["column 2"]


def test_a_label_holding_a_figure_of_its_own_is_no_row() -> None:
    # (a word opening on digits is a figure, no label's word)
    assert flat_table._metric_row("Accept length 2nd pass 2.4 2.5") is None
    assert flat_table._metric_row("Latency bs=4 (ms) 12.5 9.8") == (
        "Latency bs=4 (ms)",
        ["12.5", "9.8"],
    )
    assert flat_table._metric_row("Quiz score (3-shot) 0.81 0.80") == (
        "Quiz score (3-shot)",
        ["0.81", "0.80"],
    )


def test_a_row_of_empty_cells_alone_is_no_row() -> None:
    assert flat_table._metric_row("Accept length N/A N/A") is None
    assert flat_table._metric_row("Accept length N/A 2.41") == ("Accept length", ["N/A", "2.41"])


def test_rows_of_other_widths_leave_the_lines(read: Read) -> None:
    text = "Metric Plain run Drafted run\nLatency bs=4 (ms) 12.5 9.8\nAccept length N/A\n"
    assert flat_table.metric_rows(_lines(text)) == _lines(text)
    assert read(text).records == ()
