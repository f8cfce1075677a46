"""Two lines a sentence was wrapped across by hand, read as one where a rule says so.

Pure: lines in, lines out.
"""

from __future__ import annotations

from collections.abc import Callable


def pairs_joined(
    lines: list[tuple[int, str]], worth: Callable[[str, str, str], bool]
) -> list[tuple[int, str]]:
    """Each line and the next are one line (the first line's number kept) where ``worth(line,
    next_line, both_joined)`` holds; a joined pair is not joined again."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        ln, t = lines[i]
        if i + 1 < len(lines):
            nxt = lines[i + 1][1]
            two = f"{t.rstrip()} {nxt.strip()}"
            if worth(t, nxt, two):
                out.append((ln, two))
                i += 2
                continue
        out.append((ln, t))
        i += 1
    return out
