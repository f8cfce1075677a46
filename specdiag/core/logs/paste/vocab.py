"""Words several paste readers share, spelled once.

- ``LENGTH_NAME``: the accept length's name (``accept length``, ``acceptance_len``,
  ``acc len``, ``AL``, ``τ``), not inside a longer word or a hyphenated one. ``AL`` only in
  capitals: 'et al.' names no length.
"""

from __future__ import annotations

import re

# the accept length's name; ``AL`` case-exact ('et al.', 'al-Farabi' are no lengths)
LENGTH_NAME_RE = (
    r"(?<![\w-])(?:accept(?:ance|ed)?[ _-]?len(?:gth)?s?|acc[ _-]?len|(?-i:AL)|τ)(?![\w-])"
)
LENGTH_NAME = re.compile(LENGTH_NAME_RE, re.I)

