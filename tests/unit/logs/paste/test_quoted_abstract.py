"""A paper's abstract quoted in a paste that links the paper (`reader._quoted_abstract`): a block
titled `Abstract` / `摘要` (a title line above it, or the block opening on the word) in a paste
linking arxiv, OpenReview, a DOI, the ACL anthology or HF papers holds the paper's published
claims, no run of the paste: no record. Without the link (a report's own `Abstract`) or in a
block with no such title, the figures are read as before."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_CLAIM = (
    "We present a cheaper verifier for speculative decoding. On chat prompts it raises the "
    "mean accept length from 2.31 to 3.02 while keeping quality."
)


@pytest.mark.parametrize(
    "link",
    [
        "https://arxiv.org/abs/2401.00001",
        "https://openreview.net/forum?id=abc123",
        "https://doi.org/10.1000/xyz",
    ],
)
@pytest.mark.parametrize(
    "body",
    [
        f"**Abstract:**\n> {_CLAIM}\n",
        f"**摘要：**\n> {_CLAIM}\n",
        f"Abstract: {_CLAIM}\n",
    ],
)
def test_a_linked_papers_abstract_gives_no_record(read: Read, link: str, body: str) -> None:
    text = f"### 12. [A cheaper verifier]({link})\n\n**Authors:** A. Writer, B. Writer\n\n{body}"
    assert read(text).records == ()


def test_an_abstract_with_no_paper_linked_is_read() -> None:
    text = f"## Abstract\n\n{_CLAIM}\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.31, 3.02]


def test_a_linked_papers_notes_outside_the_abstract_are_read() -> None:
    text = (
        "### [A cheaper verifier](https://arxiv.org/abs/2401.00001)\n\n"
        f"**Abstract:**\n> {_CLAIM}\n\n"
        "**Our rerun:**\n\n- mean accept length: 2.84\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.84]
