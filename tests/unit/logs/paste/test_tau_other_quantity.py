"""A table's column headed by τ alone, in a paste whose only speculative word is that letter,
holding a value no accept length takes (below 1, or above the 64 tokens a step no engine
drafts past): another quantity under τ (a threshold, a size), no row of the column a record.
Its near misses read as before: the same column with every value in [1, 64], and the same
column in a paste naming speculation elsewhere (a length below 1 is then one without the
bonus)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.reader import _SPEC_CONTEXT
from tests.support.examples import examples

# prose of other fields before the table, naming nothing of a model's decoding
_INTROS = (
    "Sweep of the alert cut-off on the held-out week:",
    "Counters per shard, measured with the release build:",
    "Kết quả trên tập kiểm tra:",
    "Grid over the smoothing constant, five seeds each:",
)
_OTHER_COLUMNS = ("recall", "precision", "F1", "shards", "ops/s", "p99 ms", "hit ratio")
_HEADS = ("τ", "`τ`", "**τ**", "mean τ", "τ ↑")


def _table(head: str, at: int, values: list[str], others: list[str], intro: str) -> str:
    names = list(others)
    names.insert(at, head)
    lines = ["| " + " | ".join(names) + " |", "|" + "---|" * len(names)]
    for i, v in enumerate(values):
        cells = [f"{(17 * i + 3 * j) % 90 + 5}.{j}%" for j in range(len(others))]
        cells.insert(at, v)
        lines.append("| " + " | ".join(cells) + " |")
    return f"{intro}\n\n" + "\n".join(lines) + "\n"


_SHAPE = {
    "head": st.sampled_from(_HEADS),
    "others": st.lists(st.sampled_from(_OTHER_COLUMNS), min_size=1, max_size=4, unique=True),
    "at": st.integers(0, 4),
    "intro": st.sampled_from(_INTROS),
}


def _below_one(n: int) -> st.SearchStrategy[list[str]]:
    """Thresholds: every value a fraction of four decimals."""
    return st.lists(st.integers(1, 9999), min_size=n, max_size=n).map(
        lambda vs: [f"0.{v:04d}" for v in vs]
    )


def _above_ceiling(n: int) -> st.SearchStrategy[list[str]]:
    """Sizes: whole numbers, one of them (at least) above 64."""
    return st.tuples(
        st.lists(st.integers(2, 64), min_size=n - 1, max_size=n - 1), st.integers(65, 4096)
    ).map(lambda p: [str(v) for v in sorted([*p[0], p[1]])])


@settings(max_examples=examples(30), deadline=None)
@given(
    **_SHAPE,
    data=st.data(),
    rows=st.integers(2, 6),
    kind=st.sampled_from(["below one", "above the ceiling", "one row below one"]),
)
def test_a_tau_column_of_another_quantity_is_no_record(
    head: str,
    others: list[str],
    at: int,
    intro: str,
    data: st.DataObject,
    rows: int,
    kind: str,
) -> None:
    if kind == "below one":
        values = data.draw(_below_one(rows))
    elif kind == "above the ceiling":
        values = data.draw(_above_ceiling(rows))
    else:
        # lengths in range but one row's value below 1: one column, one quantity
        ok = data.draw(st.lists(st.integers(110, 640), min_size=rows - 1, max_size=rows - 1))
        values = [f"{v / 100:.2f}" for v in ok] + [f"0.{data.draw(st.integers(1, 99)):02d}"]
    text = _table(head, min(at, len(others)), values, others, intro)
    assume(_SPEC_CONTEXT.search(text.replace("τ", " ")) is None)
    reading = read_paste(text)
    assert reading.records == ()
    assert any("another quantity under τ" in b.reason for b in reading.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(**_SHAPE, values=st.lists(st.integers(100, 6400), min_size=2, max_size=6))
def test_near_miss_every_value_in_range_stays_read(
    head: str, others: list[str], at: int, intro: str, values: list[int]
) -> None:
    cells = [f"{v / 100:.2f}" for v in values]
    text = _table(head, min(at, len(others)), cells, others, intro)
    assume(_SPEC_CONTEXT.search(text.replace("τ", " ")) is None)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in values]


@settings(max_examples=examples(30), deadline=None)
@given(
    **_SHAPE,
    values=st.lists(st.integers(1, 99), min_size=2, max_size=6),
    spec=st.sampled_from(
        [
            "Draft model on the chat set.",
            "EAGLE-3 head, speculative decoding, 4 draft tokens.",
            "MTP with the verify step on.",
        ]
    ),
)
def test_near_miss_speculation_named_elsewhere_reads_the_column(
    head: str, others: list[str], at: int, intro: str, values: list[int], spec: str
) -> None:
    cells = [f"0.{v:02d}" for v in values]
    text = f"{spec}\n\n" + _table(head, min(at, len(others)), cells, others, intro)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in values]
