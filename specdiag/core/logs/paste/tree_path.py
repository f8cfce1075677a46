"""A token tree's accepted path length ('PathLen', 'avg accepted path length').

Tree speculation reports the mean length of the path a verify step accepts through its draft
tree. It is a length a step (read under ``cells.LENGTH``), but:

- whether the path counts the target's own token is never said by the name: its convention is
  left undecided unless the paste's other evidence decides it;
- a tree has no one k (its width and depth vary by row), and its rate is often printed as the
  path over the tree's depth, so a path length equal to k x rate for one k is that quotient by
  construction: the identity 'one k fits every run' decides nothing for it;
- a row printing tokens per step beside it keeps tokens per step as its length (the name that
  says what a step emits), the path length a field of the row.
"""

from __future__ import annotations

import re

# the names cells.py reads as a tree's path length (normalised keys: lower case, camel case
# split, '_' as spaces)
NAMES = (
    "path len",
    "path length",
    "pathlen",
    "accepted path length",
    "accepted path len",
    "avg path length",
    "mean path length",
    "avg accepted path length",
    "mean accepted path length",
)

_PATH = re.compile(r"path[\s_-]*len(?:gth)?\b|pathlen\b", re.I)


def named(name: str) -> bool:
    """Whether a printed field name names a tree's path length."""
    return _PATH.search(name) is not None
