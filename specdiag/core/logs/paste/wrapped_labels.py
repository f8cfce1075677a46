"""Values joined by `/` closing a line with the preposition that names their configurations,
the configurations (as many joined by `/`) opening the next line: `... is 2.91 / 2.64 / 2.40
for` / `k3/k5/k8; the runs were ...`. A hand-wrapped sentence: the configurations' list is moved
up to the line of the values (the rest of the next line stays where it was), so the line reads
as `values for labels` written on one line (interpret._VALS_FOR: a record a value, labelled by
its configuration).

Only where the line ends with two to eight values joined by `/` and one preposition (`for`,
`at`, `on`, `with`, `across`, `by`, `under`) and the next line opens with exactly as many labels
joined by `/`, no space inside a label; a list of another count, or words before the labels,
leave the lines as they were.

Pure: lines in, lines out; linear: two anchored matches a line.
"""

from __future__ import annotations

import re

_V = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:[ \t]?%)?"
_TAIL = re.compile(
    rf"(?<![\w.])(?P<vals>{_V}(?:[ \t]*/[ \t]*{_V}){{1,7}})[ \t]+"
    r"(?:for|at|on|with|across|by|under)[ \t]*$"
)
_HEAD = re.compile(r"^[ \t]*(?P<labs>[\w.+-]{1,20}(?:[ \t]*/[ \t]*[\w.+-]{1,20}){1,7})(?![\w/])")


def moved(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The block's lines with each such list of configurations moved up to its values' line."""
    if not any(
        t.rstrip().endswith(("for", "at", "on", "with", "across", "by", "under")) for _, t in lines
    ):
        return lines
    out = list(lines)
    for i in range(len(out) - 1):
        t = out[i][1]
        if "/" not in t or (m := _TAIL.search(t)) is None:
            continue
        h = _HEAD.match(out[i + 1][1])
        if h is None:
            continue
        n = m.group("vals").count("/") + 1
        if h.group("labs").count("/") + 1 != n:
            continue
        out[i] = (out[i][0], f"{t.rstrip()} {h.group('labs')}")
        rest = out[i + 1][1][h.end() :]
        out[i + 1] = (out[i + 1][0], rest)
    return out
