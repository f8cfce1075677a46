"""A task-list item's criterion: the first sentence of a markdown task-list item (`- [x]`,
`* [ ]`, `1. [x]`) is the task as it was written; where it states a requirement (the figures
stay `unchanged`, `within` the run-to-run noise or a tolerance, `should`, `must`, `at least`,
`no worse than`), the figures it holds (in a bracket too: `rows are unchanged within noise (k=4
near 70 tok/s, acceptance 35%)`) are the values a check compares with, no run's measurement:
blanked. What the item reports after that sentence (`(Measured: acceptance 41%.)`) is read as
before, and so is an item whose first sentence states no requirement (`- [x] Measured
acceptance 0.71 on chat.`).

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

# a task-list item's opening: its marker, the box, the text after it
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+\[[ xX]\]\s+")
# the end of the item's first sentence: a stop, then a space and a capital or a bracket, or the
# line's end (a decimal's point has a digit after it)
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(]|\s*$)")
_REQUIREMENT = re.compile(
    r"\b(?:unchanged|within\s+(?:[\w-]+\s+){0,3}?(?:noise|tolerance|margin)|should|must|"
    r"at\s+least|no\s+(?:worse|lower|less|slower)\s+than)\b",
    re.I,
)
_FIGURE = re.compile(r"\d+(?:\.\d+)?\s*%?")


def blank(line: str) -> str:
    """``line`` with the figures of a task-list item's requirement blanked (spaces, the same
    length); any other line as it is."""
    if "[" not in line or (m := _ITEM.match(line)) is None:
        return line
    end = _SENTENCE_END.search(line, m.end())
    stop = end.start() if end is not None else len(line)
    if _REQUIREMENT.search(line, m.end(), stop) is None:
        return line
    head = _FIGURE.sub(lambda f: " " * len(f.group()), line[m.end() : stop])
    return line[: m.end()] + head + line[stop:]
