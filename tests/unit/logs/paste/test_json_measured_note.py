"""A run told in a JSON document's note (measured_note.py): under a `metric` member naming the
field its records print, a string member's `KEY=N measured V` is one more run of that figure
at that setting, decided as the records are. Near misses: a value a record already prints (a
restatement), a unit after the value, no setting before `measured`, no metric member, a metric
member naming another field."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_KEY = st.sampled_from(["num_steps", "depth", "k", "draft_len", "spec_steps"])
_NOTES = st.sampled_from(["findings", "notes", "summary", "remarks"])
_FIELD = st.sampled_from(["accept_len", "acc_len", "accept_length"])


def _doc(field: str, notes: str, note: str, values: list[float], metric: str | None) -> str:
    doc: dict[str, object] = {"model": "tiny-draft"}
    if metric is not None:
        doc["metric"] = metric
    doc["runs"] = [{"checkpoint": f"step_{i}", field: v} for i, v in enumerate(values)]
    doc[notes] = [f"run {i} is our own" for i in range(2)] + [note]
    return json.dumps(doc, indent=2) + "\n"


@given(
    field=_FIELD,
    notes=_NOTES,
    key=_KEY,
    n=st.integers(1, 9),
    eq=st.sampled_from(["=", ": ", "="]),
    hundredths=st.lists(st.integers(120, 480), min_size=1, max_size=3, unique=True),
    told=st.integers(110, 490),
    close=st.sampled_from(["", ")", ".", ", then stop"]),
)
def test_note_tells_one_more_run(
    read: Read,
    field: str,
    notes: str,
    key: str,
    n: int,
    eq: str,
    hundredths: list[int],
    told: int,
    close: str,
) -> None:
    values = [h / 100 for h in hundredths]
    v = told / 100
    note = f"deeper serving (we tried {key}{eq}{n} measured {v:.2f}{close}"
    text = _doc(field, notes, note, values, f"mean {field} (ceiling = k+1)")
    got = read(text).records
    want = values if v in values else [*values, v]
    assert [r.printed_length for r in got] == [pytest.approx(x) for x in want]
    assert [r.accept_length for r in got] == [pytest.approx(x) for x in want]


@pytest.mark.parametrize(
    ("note", "metric"),
    [
        ("num_steps=5 measured 2.87 tok/s", "mean accept_len"),
        ("num_steps=5 measured 2.87%", "mean accept_len"),
        ("num_steps=5 measured 2.87 ms", "mean accept_len"),
        ("we measured 2.87 at the end", "mean accept_len"),
        ("num_steps=5 measured 2.87", None),
        ("num_steps=5 measured 2.87", "mean throughput"),
        ("num_steps=5 measured 3.10", "mean accept_len"),
    ],
)
def test_near_misses_add_no_run(read: Read, note: str, metric: str | None) -> None:
    got = read(_doc("accept_len", "findings", note, [2.5, 3.1], metric)).records
    assert [r.printed_length for r in got] == [pytest.approx(2.5), pytest.approx(3.1)]
