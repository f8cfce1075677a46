"""A JSON object printed among other lines of one block (a bench script's per-request lines,
then its totals under a label, then a closing sentence, no blank line between): the lines
above the object, the object and the lines below are read as blocks of their own, so each
request line is a record and so is the object. Near misses: an object under a title of one or
two lines alone, a line of the object's own level that is no member, a member line above the
opening, or an object of one member leave the block whole (as before)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import json_inset as JI
from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples

_NAMES = st.sampled_from(["chat_a", "qa_short", "sum_long", "code_fix", "poem", "math_steps"])
_LABEL = st.sampled_from(["Totals", "Summary", "overall", "Run stats"])
_SEP = st.sampled_from([": ", " = ", ":"])
_EQ = st.sampled_from(["=", "= "])
_INDENT = st.sampled_from(["", "  ", "    "])


@st.composite
def _runs(draw: st.DrawFn) -> list[tuple[str, int, int]]:
    names = draw(st.lists(_NAMES, min_size=2, max_size=5, unique=True))
    out = []
    for name in names:
        drafted = draw(st.integers(60, 400))
        accepted = draw(st.integers(drafted // 4, drafted - 1))
        out.append((name, drafted, accepted))
    return out


def _request_lines(runs: list[tuple[str, int, int]], eq: str) -> list[str]:
    return [
        f"{n} drafted{eq}{d} accepted{eq}{a} accept_rate={a / d:.3f} tok/s={40 + i}.5"
        for i, (n, d, a) in enumerate(runs)
    ]


def _object(runs: list[tuple[str, int, int]], label: str, sep: str, ind: str) -> list[str]:
    drafted, accepted = sum(d for _, d, _ in runs), sum(a for _, _, a in runs)
    return [
        f"{label}{sep}{{",
        f'{ind}"requests": {len(runs)},',
        f'{ind}"drafted_total": {drafted},',
        f'{ind}"accepted_total": {accepted},',
        f'{ind}"overall_accept_rate": {accepted / drafted:.4f}',
        "}",
    ]


_PROSE = [
    "Trying the new draft head on my own box.",
    "Hardware: one consumer GPU, 12 GB",
    "Here is the bench script's output:",
]


def _rates(text: str) -> list[float | None]:
    return [r.printed_rate for r in read_held(text.encode(), None).records]


@settings(max_examples=examples(30), deadline=None)
@given(runs=_runs(), label=_LABEL, sep=_SEP, eq=_EQ, ind=_INDENT, tail=st.booleans())
def test_inset_object_and_the_lines_around_it_are_read(
    runs: list[tuple[str, int, int]], label: str, sep: str, eq: str, ind: str, tail: bool
) -> None:
    lines = [*_PROSE, *_request_lines(runs, eq), *_object(runs, label, sep, ind)]
    if tail:
        lines.append("That is a decent average for this card.")
    rates = _rates("\n".join(lines) + "\n")
    assert len(rates) == len(runs) + 1
    for got, (_, d, a) in zip(rates, runs, strict=False):
        assert got is not None and abs(got - round(a / d, 3)) < 1e-3


def _numbered(lines: list[str]) -> list[tuple[int, str]]:
    return list(enumerate(lines, 1))


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_runs(),
    label=_LABEL,
    sep=_SEP,
    ind=_INDENT,
    miss=st.sampled_from(["title", "stray", "member_above", "one_member"]),
)
def test_near_misses_leave_the_block_whole(
    runs: list[tuple[str, int, int]], label: str, sep: str, ind: str, miss: str
) -> None:
    above = [*_PROSE, *_request_lines(runs, "=")]
    body = _object(runs, label, sep, ind)
    if miss == "title":
        above = above[:2]  # a title of one or two lines over the object: the reader's own
        above = above[: 1 + len(runs) % 2]
    elif miss == "stray":
        body.insert(2, "and then the rest of the totals")
    elif miss == "member_above":
        above.insert(1, '"model": "tiny-draft",')
    else:
        body = [body[0], body[1], body[-1]]
    blk = _numbered([*above, *body, "closing words"])
    assert JI.split(blk) == [blk]
