"""A titled table's column headed as the quotient of two other columns (quotient_column.py):
``new / base`` beside ``base run`` and ``new run (ours)`` holds ratios, no run's figure, and is
not read; a slash header whose sides name no other column, or numbers alone, is read as
before (the title's figure), and so is a grid of slash-named settings (``short/C1`` beside
``short/C32`` and ``long/C1``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# (a column's header, the words of it a quotient names it by)
_RUNS = st.sampled_from(
    [
        ("stock head (v1)", "stock"),
        ("tuned head 3 ep", "3 ep"),
        ("wide draft (this run)", "wide draft"),
        ("baseline eagle", "baseline"),
        ("official release", "official"),
    ]
)
_TITLES = st.sampled_from(["Mean accept length:", "Tokens per verify step:"])


def _text(title: str, heads: list[str], rows: list[list[str]]) -> str:
    out = [title, "", "| set | " + " | ".join(heads) + " |", "|" + "---|" * (len(heads) + 1)]
    for i, row in enumerate(rows):
        out.append(f"| split {chr(97 + i)} | " + " | ".join(row) + " |")
    return "\n".join(out) + "\n"


_VALS = st.lists(st.integers(150, 590), min_size=6, max_size=6, unique=True)


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLES,
    runs=st.lists(_RUNS, min_size=2, max_size=2, unique_by=lambda r: r[1]),
    swap=st.booleans(),
    spaced=st.booleans(),
    vals=_VALS,
)
def test_a_quotient_of_two_columns_is_not_read(
    read: Read,
    title: str,
    runs: list[tuple[str, str]],
    swap: bool,
    spaced: bool,
    vals: list[int],
) -> None:
    (ha, a), (hb, b) = runs
    top, bottom = (b, a) if swap else (a, b)
    quotient = f"{top} / {bottom}" if spaced else f"{top}/{bottom}"
    rows = []
    for i in range(3):
        x, y = vals[2 * i], vals[2 * i + 1]
        r = (y / x) if swap else (x / y)
        rows.append([f"{x / 100:.2f}", f"{y / 100:.2f}", f"{r:.2f}"])
    got = [r.printed_length for r in read(_text(title, [ha, hb, quotient], rows)).records]
    assert got == [v / 100 for v in vals]


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLES,
    runs=st.lists(_RUNS, min_size=2, max_size=2, unique_by=lambda r: r[1]),
    other=st.sampled_from(["chat / code", "greedy / sampled", "1 / 2", "eager/graphs"]),
    vals=st.lists(st.integers(150, 590), min_size=9, max_size=9, unique=True),
)
def test_negative_control_a_slash_header_of_no_two_columns(
    read: Read, title: str, runs: list[tuple[str, str]], other: str, vals: list[int]
) -> None:
    (ha, _), (hb, _) = runs
    rows = [[f"{v / 100:.2f}" for v in vals[3 * i : 3 * i + 3]] for i in range(3)]
    got = [r.printed_length for r in read(_text(title, [ha, hb, other], rows)).records]
    assert got == [v / 100 for v in vals]


@settings(max_examples=examples(30), deadline=None)
@given(
    title=_TITLES,
    a=st.sampled_from(["short", "chat", "greedy"]),
    b=st.sampled_from(["long", "code", "sampled"]),
    c=st.sampled_from(["c1", "bs8", "t0"]),
    d=st.sampled_from(["c32", "bs64", "t1"]),
    vals=st.lists(st.integers(150, 590), min_size=9, max_size=9, unique=True),
)
def test_negative_control_a_grid_of_slash_named_settings(
    read: Read, title: str, a: str, b: str, c: str, d: str, vals: list[int]
) -> None:
    heads = [f"{a}/{c}", f"{a}/{d}", f"{b}/{c}"]
    rows = [[f"{v / 100:.2f}" for v in vals[3 * i : 3 * i + 3]] for i in range(3)]
    got = [r.printed_length for r in read(_text(title, heads, rows)).records]
    assert got == [v / 100 for v in vals]
