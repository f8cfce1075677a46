"""A single-spaced table whose header joins two columns by an arrow (`Before → After`) over rows
holding `a → b` where it stands, its last words one acceptance figure's name (`Accept Length`):
put back as a pipe table (arrowed.py), one record a row. One row, arrowed pairs elsewhere than
the header's arrow, or a header naming no acceptance figure leave the lines unread."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_ARROW = st.sampled_from(["→", "->"])
_NAME = st.sampled_from(["Accept Length", "Acceptance Length", "Acceptance Rate"])
_LABELS = st.lists(
    st.sampled_from(["Chat", "Code", "Maths", "Long Prompts", "Tool Calls"]),
    min_size=2,
    max_size=4,
    unique=True,
)


def _table(arrow: str, name: str, labels: list[str], vals: list[int]) -> str:
    rows = [
        f"{lab} {100 + 7 * i}.5 {arrow} {140 + 9 * i}.2 +{20 + i}.0% {v / 1000:.3f}"
        for i, (lab, v) in enumerate(zip(labels, vals, strict=False))
    ]
    return (
        "Per-Task Speed (one card)\n\n"
        + f"Task Plain {arrow} Drafted Δ {name}\n"
        + "\n".join(rows)
        + "\n"
    )


@given(
    arrow=_ARROW,
    name=_NAME,
    labels=_LABELS,
    vals=st.lists(st.integers(1500, 4800), min_size=4, max_size=4),
)
def test_each_row_is_a_record(
    read: Read, arrow: str, name: str, labels: list[str], vals: list[int]
) -> None:
    if name == "Acceptance Rate":
        vals = [v // 10 for v in vals]  # (a rate: a share below one)
    got = read(_table(arrow, name, labels, vals)).records
    want = [v / 1000 for v in vals[: len(labels)]]
    if name == "Acceptance Rate":
        assert [r.printed_rate for r in got] == want
    else:
        assert [r.printed_length for r in got] == want


@given(arrow=_ARROW, v=st.integers(1500, 4800))
def test_one_row_is_no_table(read: Read, arrow: str, v: int) -> None:
    assert read(_table(arrow, "Accept Length", ["Chat"], [v])).records == ()


@given(arrow=_ARROW, labels=_LABELS, vals=st.lists(st.integers(1500, 4800), min_size=4, max_size=4))
def test_a_header_naming_no_acceptance_is_left(
    read: Read, arrow: str, labels: list[str], vals: list[int]
) -> None:
    text = _table(arrow, "Token Budget", labels, vals)
    assert read(text).records == ()
