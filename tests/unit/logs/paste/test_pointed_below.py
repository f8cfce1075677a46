"""A sentence naming the figure of the one run shown below it ('the 37% acceptance below comes
from the old build', pointed_below.py): that run told before it is shown, no record of its own;
the run below keeps its record. `below` as a comparison ('below the baseline', 'below 50%'), no
article before the figure, or two runs below of that figure leave the sentence's record."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths

_LEADS = st.sampled_from(["Not measured again yet", "Open question", "Status", "Careful"])
# (the pointer, then what the sentence says of that run)
_POINTERS = st.sampled_from(
    [
        "the {v}% acceptance below {tail}",
        "the {v}% acceptance rate shown below {tail}",
        "that {v}% acceptance below {tail}",
        "the acceptance rate of {v}% below {tail}",
    ]
)
_TAILS = st.sampled_from(
    [
        "is from the build before the kernel rework, to be measured again.",
        "was taken on the previous driver.",
        "comes from the build before the patch,",
        "is what we want to explain.",
    ]
)
_LABELS = st.sampled_from(["old build", "nightly", "branch-x", "before fix"])


def _sentence(lead: str, pointer: str, v: int, tail: str, colon: bool) -> str:
    said = pointer.format(v=v, tail=tail)
    return f"{lead}: {said}" if colon else f"{lead} - {said[0].upper()}{said[1:]}"


def _table(rows: list[tuple[str, int]]) -> str:
    body = "\n".join(f"| {label} | {v}% |" for label, v in rows)
    return f"| run | acceptance rate |\n|---|---|\n{body}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    pointer=_POINTERS,
    tail=_TAILS,
    colon=st.booleans(),
    v=st.integers(5, 95),
    other=st.integers(5, 95),
    label=_LABELS,
    two=st.booleans(),
)
def test_a_figure_pointed_at_below_is_the_run_below(
    read: Read,
    lead: str,
    pointer: str,
    tail: str,
    colon: bool,
    v: int,
    other: int,
    label: str,
    two: bool,
) -> None:
    assume(other != v)
    rows = [(label, v), ("second run", other)] if two else [(label, v)]
    text = f"{_sentence(lead, pointer, v, tail, colon)}\n\n{_table(rows)}"
    got = read(text).records
    assert [r.printed_rate for r in got] == [x / 100 for _, x in rows]
    assert all(r.structure == "markdown table" for r in got)


_ENGINE_LINE = (
    "SpecDecoding metrics: Mean acceptance length: 1.00, Accepted: 0 tokens,{cut}"
    "Drafted: {d} tokens, Per-position acceptance rate: {zeros}"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    tail=_TAILS,
    colon=st.booleans(),
    d=st.integers(30, 4000),
    k=st.integers(2, 6),
    fence=st.booleans(),
    wrapped=st.booleans(),
)
def test_a_zero_pointed_at_below_is_the_engine_line(
    read: Read, lead: str, tail: str, colon: bool, d: int, k: int, fence: bool, wrapped: bool
) -> None:
    # (an engine's line of no draft accepted: a rate of 0, its length exactly 1; wrapped at a
    # page's width, the line scanner reads its length alone)
    cut = "\n" if wrapped else " "
    line = _ENGINE_LINE.format(d=d * k, zeros=", ".join(["0.000"] * k), cut=cut)
    shown = f"```\n{line}\n```" if fence else line
    text = f"{_sentence(lead, 'the {v}% acceptance below {tail}', 0, tail, colon)}\n\n{shown}\n"
    got = read(text).records
    # (the line is the line scanner's, or, read alone, the paste's: one run in all)
    assert line_scanner_lengths(text) == [1.0]
    assert [r.printed_length for r in got] in ([], [1.0])
    assert all(r.first_line > 1 for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    v=st.integers(5, 95),
    label=_LABELS,
    near=st.sampled_from(
        [
            # (below as a comparison, a level or a value after it)
            "the {v}% acceptance below the baseline is a worry.",
            "the {v}% acceptance below target needs a look.",
            "the {v}% acceptance below {w}% of the old head is odd.",
            # (no article before the figure)
            "a {v}% acceptance below is what we got once.",
        ]
    ),
    w=st.integers(5, 95),
)
def test_below_as_a_comparison_or_no_article_keeps_the_sentence(
    read: Read, lead: str, v: int, label: str, near: str, w: int
) -> None:
    assume(w != v)
    text = f"{lead}: {near.format(v=v, w=w)}\n\n{_table([(label, v)])}"
    got = read(text).records
    assert sorted(r.printed_rate for r in got) == [v / 100, v / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    pointer=_POINTERS,
    tail=_TAILS,
    v=st.integers(5, 95),
    other=st.integers(5, 95),
    twice=st.booleans(),
)
def test_no_run_or_two_runs_below_keep_the_sentence(
    read: Read, lead: str, pointer: str, tail: str, v: int, other: int, twice: bool
) -> None:
    assume(other != v)
    # (two runs below of that figure: which one it tells is not said; none: it tells none)
    rows = [("first", v), ("second", v)] if twice else [("first", other)]
    text = f"{_sentence(lead, pointer, v, tail, True)}\n\n{_table(rows)}"
    got = read(text).records
    assert len(got) == len(rows) + 1
    assert got[0].first_line == 1 and got[0].printed_rate == v / 100
