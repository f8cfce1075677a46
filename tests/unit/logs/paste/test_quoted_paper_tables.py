"""A paper's figures quoted in notes: a section headed as a numbered table or figure of a source
with that source's section by its number (`## Table 3: depth sweep` over `Where: Section 4.2`),
and a figure inside a bracket naming a venue and its year (`(Drafter-Z, ICML 2024 at 3.9 ...)`):
the paper's, no record. A numbered table with no section, a section holding the writer's own run,
or a figure outside the venue's bracket is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NUMBERED = st.sampled_from(["Table", "Figure", "Fig.", "Tab.", "表"])
_TITLE = st.sampled_from(["depth sweep", "draft layers ablation", "Ablation on tree width"])
_SECTION = st.sampled_from(["Section 4.2", "Sec. 3", "§5.1.2", "section 6", "第 4.3 节"])
_WHERE = st.sampled_from(["**Where**: ", "Location: ", "**位置**：", "> From ", ""])
_VENUE = st.sampled_from(["ICML", "NeurIPS", "EMNLP", "ICLR", "COLM", "AAAI"])


def _table(a: int, b: int, gap: str) -> str:
    return (
        f"| depth |{gap}mean τ | speedup |\n|---|---|---|\n"
        f"| 2 | {a / 100:.2f} | 2.1x |\n| 4 |{gap}{b / 100:.2f} | 2.8x |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    num=_NUMBERED,
    n=st.integers(1, 12),
    title=_TITLE,
    sec=_SECTION,
    where=_WHERE,
    in_heading=st.booleans(),
    sub=st.sampled_from(["", "### Key numbers\n\n", "#### Data\n\n"]),
    level=st.sampled_from(["#", "##", "###"]),
    a=st.integers(150, 450),
    b=st.integers(150, 750),
    gap=st.sampled_from([" ", "  ", "\t"]),
)
def test_a_section_quoting_a_papers_numbered_table_gives_no_record(
    num: str,
    n: int,
    title: str,
    sec: str,
    where: str,
    in_heading: bool,
    sub: str,
    level: str,
    a: int,
    b: int,
    gap: str,
) -> None:
    head = f"{level} {num} {n}: {title}" + (f" ({sec})" if in_heading else "") + "\n\n"
    located = "" if in_heading else f"{where}{sec}\n\n"
    sub = sub if len(level) < 3 else ""
    got = read_paste(head + located + sub + _table(a, b, gap)).records
    assert not got
    # the writer's own section after it, at its level: read
    own = f"\n{level} Runs on the card\n\n" + _table(211, 305, " ")
    got = read_paste(head + located + sub + _table(a, b, gap) + own).records
    assert [r.printed_length for r in got] == [2.11, 3.05]


@settings(max_examples=examples(30), deadline=None)
@given(
    num=_NUMBERED,
    n=st.integers(1, 12),
    title=_TITLE,
    sec=_SECTION,
    a=st.integers(150, 450),
    b=st.integers(150, 750),
    case=st.sampled_from(["no section", "own run", "no number", "under a heading"]),
)
def test_near_misses_of_a_quoted_table_stay_read(
    num: str, n: int, title: str, sec: str, a: int, b: int, case: str
) -> None:
    if case == "no section":  # the writer's own numbered table
        text = f"## {num} {n}: {title}\n\n" + _table(a, b, " ")
    elif case == "own run":  # the writer's run beside the section referred to
        text = f"## {num} {n}: {title}\n\n{sec}\n\nWe measured these on one card.\n\n"
        text += _table(a, b, " ")
    elif case == "no number":  # a heading naming no numbered table or figure
        text = f"## {title}\n\n{sec}\n\n" + _table(a, b, " ")
    else:  # the section referred to only under a heading below, no line of text
        text = f"## {num} {n}: {title}\n\n### {sec}\n\n" + _table(a, b, " ")
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 100, b / 100]


@settings(max_examples=examples(40), deadline=None)
@given(
    venue=_VENUE,
    year=st.integers(2019, 2027),
    short=st.booleans(),
    v=st.integers(150, 650),
    name=st.sampled_from(["Drafter-Z", "the tree drafter", "BlockSpec v2"]),
    bullet=st.sampled_from(["- ", "* ", ""]),
    opener=st.sampled_from([("(", ")"), ("[", "]"), ("（", "）")]),
)
def test_a_figure_in_a_venue_bracket_gives_no_record(
    venue: str,
    year: int,
    short: bool,
    v: int,
    name: str,
    bullet: str,
    opener: tuple[str, str],
) -> None:
    when = f"'{year % 100:02d}" if short else f" {year}"
    o, c = opener
    text = (
        f"{bullet}feature fusion with a tree of drafts {o}{name}, {venue}{when} at "
        f"{v / 100:.2f} mean accepted tokens/step{c}.\n"
    )
    assert not read_paste(text).records


@settings(max_examples=examples(30), deadline=None)
@given(
    venue=_VENUE,
    year=st.integers(2019, 2027),
    v=st.integers(150, 650),
    case=st.sampled_from(["outside", "first person", "no venue", "no year"]),
)
def test_near_misses_of_a_venue_bracket_stay_read(venue: str, year: int, v: int, case: str) -> None:
    fig = f"{v / 100:.2f} mean accepted tokens/step"
    if case == "outside":  # the figure after the citation's bracket
        text = f"- tree drafting (Drafter-Z, {venue} {year}) at {fig} on the card.\n"
    elif case == "first person":  # the writer's own figure beside the citation
        text = f"- tree drafting (Drafter-Z, {venue} {year}; we got {fig}).\n"
    elif case == "no venue":  # a build and its year: no paper
        text = f"- tree drafting (Drafter-Z, build {year} at {fig}).\n"
    else:  # a venue named without its year
        text = f"- tree drafting (Drafter-Z, as at {venue} talks, {fig}).\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100]
