"""A paste as lines: quoting removed (diff hunks, '>' quotes, code fences, ANSI colour), split
into blocks at blank lines, with every line's number in the input kept."""

from __future__ import annotations

import re

Line = tuple[int, str]  # (1-based line number in the input, text)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_DIFF_ADD = re.compile(r"^\+(?![-=+]{3})")
_DIFF_META = re.compile(
    r"^(?:@@ .*@@|diff --git |index [0-9a-f]+\.\.|--- a/|\+\+\+ b/|--- /dev/null)"
)
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# full-width ASCII forms ('accept length：1.70', '２.４'), as CJK input methods type them
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def prepare(text: str) -> list[Line]:
    """Every line of the input without its quoting. A diff hunk (most lines '+', '@@' hunk
    headers) keeps its added and context lines, without the '+'; removed lines are dropped."""
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if "\x1b" in text:
        raw = [_ANSI.sub("", ln) for ln in raw]
    if re.search("[\uff01-\uff5e\u3000]", text):
        raw = [ln.translate(_FULLWIDTH) for ln in raw]
    nonblank = [ln for ln in raw if ln.strip()]
    diffish = sum(1 for ln in nonblank if _DIFF_ADD.match(ln) or _DIFF_META.match(ln))
    diff = (
        bool(nonblank)
        and diffish >= 0.6 * len(nonblank)
        and any(_DIFF_ADD.match(ln) for ln in nonblank)
    )
    out: list[Line] = []
    for i, ln in enumerate(raw, 1):
        if diff:
            if _DIFF_META.match(ln) or ln.startswith("-"):
                continue
            if ln.startswith(("+", " ")):
                ln = ln[1:]
        if ln.lstrip().startswith(">"):
            ln = _QUOTE.sub("", ln)
        if _FENCE.match(ln):
            ln = ""
        out.append((i, ln.rstrip()))
    return out


def blocks(lines: list[Line]) -> list[list[Line]]:
    """Runs of non-blank lines."""
    out: list[list[Line]] = []
    cur: list[Line] = []
    for item in lines:
        if item[1].strip():
            cur.append(item)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out
