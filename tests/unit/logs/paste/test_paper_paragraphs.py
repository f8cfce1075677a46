"""A paragraph citing a paper by its identifier or link (`(Some Lab, arXiv:2601.01234)`,
`arxiv.org/abs/...`) with no word of the paste's own run in it describes the published method:
its figures are the paper's, no record, in a paste holding its own records elsewhere. Alone, or
with a word of the writer's run in the paragraph, its figures are read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_OWN = (
    "\n## Results on our box\n\n| config | accept_len |\n|---|---:|\n"
    "| chain k=3 | 2.41 |\n| block k=8 | 3.37 |\n"
)


def _intro(cite: str, a: int, b: int) -> str:
    return (
        "## The method\n\n"
        f"Block drafting ({cite}): a small model proposes a whole block at once. Published:\n"
        f"accept length ~{a / 10:.1f} vs a chain drafter ~{b / 10:.1f}, lossless.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(30, 80),
    b=st.integers(20, 45),
    cite=st.sampled_from(
        ["Some Lab, arXiv:2601.01234", "arxiv.org/abs/2512.00042", "ICLR, arXiv: 2409.12345"]
    ),
)
def test_a_paragraph_citing_a_paper_gives_no_record(a: int, b: int, cite: str) -> None:
    got = read_paste(_intro(cite, a, b) + _OWN).records
    assert [r.printed_length for r in got] == [2.41, 3.37]


def test_a_cited_paragraph_alone_stays_a_reported_run() -> None:
    got = read_paste(_intro("arXiv:2601.01234", 65, 42)).records
    assert got and all(r.first_line in (3, 4) for r in got)


def test_a_cited_paragraph_with_the_writers_run_is_read() -> None:
    text = (
        "Block drafting (arXiv:2601.01234) on our box: we measured an accept length of 3.90.\n"
        + _OWN
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.9, 2.41, 3.37]
