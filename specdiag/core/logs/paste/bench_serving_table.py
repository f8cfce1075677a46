"""A table right under the command running SGLang's `bench_serving` that produced it.

SGLang's `python -m sglang.bench_serving` prints the server's accept length as `Accept length:`
(the server's mean, bonus included), and prints it only for SGLang's backends. So a pipe table
whose block starts at most one blank line below the end of such a command (its line, then the
lines it continues onto with a trailing backslash, a code fence perhaps closing it), whose one
acceptance figure is named `Accept length` as bench_serving prints it (a row's name in a table
of metrics as rows, or a column's header), is that command's output laid out by hand: SGLang's
length, bonus included, in a paste naming no other tool (the tool's name on the command alone
left a table open to a client script's printing before).

Not where the command sets another backend (`--backend vllm`: bench_serving prints no accept
length there), where another line stands between the command and the table, where the command
is not the last of its block, nor where the table names another acceptance figure (`Accept
rate`, `Acceptance length`: not bench_serving's label).

Pure: lines in, a yes or no out; gated by `bench_serving` in the paste.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C

RULE = "the table right under SGLang's bench_serving command, under its own 'Accept length'"

# the command's first line: environment settings perhaps, then the module run by python
_RUN = re.compile(
    r"^[\s$>`]{0,8}(?:[A-Z_][A-Z0-9_]{0,39}=\S{0,200}\s+){0,8}python3?\s+-m\s+sglang\.bench_serving\b"
)
_BACKEND = re.compile(r"--backend(?:\s+|=)['\"]?([\w.-]+)")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# bench_serving's own label for the length, as printed ('Accept length:')
_OWN_NAME = "accept length"

# the most lines from the command's last line to the table's first: a closing code fence and a
# blank line (a line of anything else between would be a block of its own)
GAP_MOST = 3


def hinted(text: str) -> bool:
    """Whether the paste may run bench_serving (cheap)."""
    return "bench_serving" in text


def command_above(lines: Sequence[str]) -> bool:
    """Whether ``lines`` (the block right above a table) close on a bench_serving command of an
    SGLang backend: its first line, then each line its trailing backslash continues onto, the
    last of them the block's last line but a closing code fence."""
    body = [t for t in lines if not _FENCE.match(t)]
    for i, t in enumerate(body):
        if _RUN.match(t) is None:
            continue
        j = i
        while body[j].rstrip().endswith("\\") and j + 1 < len(body):
            j += 1
        if j != len(body) - 1 or body[j].rstrip().endswith("\\"):
            return False
        backend = _BACKEND.search(" ".join(body[i : j + 1]))
        return backend is None or backend.group(1).lower().startswith("sglang")
    return False


def own_name(lines: Sequence[str]) -> bool:
    """Whether ``lines`` are a pipe table from their first line (no title over it) whose cells
    name one acceptance figure, bench_serving's `Accept length`, and no other (markup and case
    aside)."""
    if not lines or not lines[0].lstrip().startswith("|"):
        return False
    named = False
    for t in lines:
        if "|" not in t:
            continue
        for cell in t.strip().strip("|").split("|"):
            name = " ".join(C._MARKUP.sub("", cell).split()).lower()
            if not name or not any(ch.isalpha() for ch in name):
                continue
            if name == _OWN_NAME:
                named = True
            elif C.key(name).metric in C.ACCEPTANCE:
                return False
    return named
