"""An amount a figure changed by, its verb at the end of one line and the amount opening the
next ('going from k = 1 to k = 2 adds' / '0.84 accepted tokens per round, ...'): a prose line
wrapped between the verb and its value. The value is by how much the figure rose or fell
between two runs, no run's figure, as it is on one line (interpret._AMOUNT_CHANGED).

The shape: a line ending with a verb of gaining, adding, losing or costing (perhaps with
'another', 'a further', 'only', 'about', '~' after it), the next line opening with a plain
number (a share or decimals) followed by words: that number is blanked, the rest of the line
kept. A line ending otherwise, a next line opening with a key (`accept len: 2.1`) or with
words, is unchanged.
Pure: lines in, lines out.
"""

from __future__ import annotations

import re

# the verb closing the line, a hedge or 'another' perhaps after it (the words of
# interpret._AMOUNT_CHANGED)
_VERB_AT_END = re.compile(
    r"\b(?:costs?|costing|loses|lost|losing|gains?|gained|gaining|adds|added|adding|shaves?|"
    r"shaved|sheds?|trims?|trimmed|drops|dropped|dropping)"
    r"(?:\s+(?:another|a\s+further|an\s+extra|only|just|about|roughly|around|nearly|almost))?"
    r"\s*[~≈+]?\s*$",
    re.I,
)
# the amount opening the next line, then a word (a value before its name)
_AMOUNT_FIRST = re.compile(
    r"^(?P<pad>\s*[*`]{0,2})(?P<val>[~≈+]?\d+(?:\.\d+)?\s*%?)(?=[*`]{0,2}\s+[^\W\d])"
)


def blank_across(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines with each amount wrapped after its verb blanked (one pass, each line looked at
    once); unchanged where no line ends with such a verb."""
    out = list(lines)
    for i in range(len(out) - 1):
        t = out[i][1].rstrip()
        # (the line's last 40 characters alone: the verb and its hedge fit in them)
        if _VERB_AT_END.search(t, max(0, len(t) - 40)) is None:
            continue
        nxt = out[i + 1][1]
        m = _AMOUNT_FIRST.match(nxt)
        if m is None:
            continue
        out[i + 1] = (
            out[i + 1][0],
            nxt[: m.start("val")] + " " * len(m.group("val")) + nxt[m.end("val") :],
        )
    return out
