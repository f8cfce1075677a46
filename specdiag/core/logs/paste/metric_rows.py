"""Tables of metrics as rows: a tool named in one row's label is that row's alone.

A table headed ``Metric Value`` (perhaps a third or fourth column: ``Reference``, ``Notes``,
``Source``), as a card prints its headline numbers and a web page copies them with single
spaces or keeps the pipes, holds one metric a row: ``SGLang serving speedup 1.84x`` names the
tool that measured that speedup, never the other rows' figures (``Serving accept length
5.34`` below it names none). So a row naming a tool is left out of the text that attributes the
block's figures; the header and the heading above still attribute them all.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as T

# the header: 'Metric' (or 'Measure', 'Measurement', 'Quantity') then 'Value', then at most
# three more one-word cells, with or without pipes, no digit
_HEAD = re.compile(
    r"^\s*\|?\s*[*_]{0,2}(?:metrics?|measures?|measurements?|quantity|quantities)[*_]{0,2}"
    r"\s*\|?\s*[*_]{0,2}values?[*_]{0,2}"
    r"(?:\s*\|?\s*[*_]{0,2}[A-Za-z][A-Za-z/()_-]{0,30}[*_]{0,2}){0,3}\s*\|?\s*$",
    re.I,
)
# a markdown delimiter row under a pipe header
_DELIMITER = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def rows_header(lines: list[str]) -> bool:
    """Whether the block opens with a metric-value header over two rows or more."""
    if not lines or _HEAD.match(lines[0]) is None:
        return False
    rows = [t for t in lines[1:] if t.strip() and not _DELIMITER.match(t)]
    return len(rows) >= 2


def attributing(lines: list[str]) -> list[str]:
    """The block's lines that may attribute all its figures to a tool: under a metric-value
    header, every line but the rows that name a tool (a tool named in a row is that row's);
    otherwise every line."""
    if not rows_header(lines):
        return lines
    return [lines[0]] + [t for t in lines[1:] if not T.tools_named(t)]


def without_rows(text: str) -> str:
    """The paste without the rows naming a tool of its metric-value tables (a block, up to a
    blank line, under such a header): what may name the paste's one tool. One pass."""
    if "value" not in text.lower():
        return text
    lines = text.split("\n")
    out: list[str] = []
    block: list[str] = []
    for t in [*lines, ""]:
        if t.strip():
            block.append(t)
            continue
        out.extend(attributing(block))
        out.append(t)
        block = []
    return "\n".join(out[:-1])
