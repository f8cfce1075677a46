"""Words several paste readers share, spelled once.

- ``LENGTH_NAME``: the accept length's name (``accept length``, ``acceptance_len``,
  ``acc len``, ``AL``, ``τ``), not inside a longer word or a hyphenated one. ``AL`` only in
  capitals: 'et al.' names no length.
- ``SPECULATIVE``: words that speak of speculative decoding (speculative, draft, MTP, EAGLE,
  Medusa, DFlash, lookahead, n-gram, spec decode, and the Chinese 投机 / 推测解码, 草稿, 预测头,
  多 token 预测, 大小模型). Each word is specific to speculation; a reader that takes wider
  context (``verify``, ``accept``) adds its own words to these, never to this set.
"""

from __future__ import annotations

import re

# the accept length's name; ``AL`` case-exact ('et al.', 'al-Farabi' are no lengths)
LENGTH_NAME_RE = (
    r"(?<![\w-])(?:accept(?:ance|ed)?[ _-]?len(?:gth)?s?|acc[ _-]?len|(?-i:AL)|τ)(?![\w-])"
)
LENGTH_NAME = re.compile(LENGTH_NAME_RE, re.I)

# speculative decoding named; an English word not glued to letters before it (a Chinese
# character or '_' may be: 'MTP采纳率', 'use_mtp')
SPECULATIVE_RE = (
    r"投机|推测(?:解码|采样|式)|草稿|预测头|多\s*token\s*预测|大小模型|speculat"
    r"|(?<![A-Za-z])(?:draft|mtp(?![A-Za-z])|eagle|medusa|dflash|lookahead|n-?gram|"
    r"spec[-_ ]?dec)"
)
SPECULATIVE = re.compile(SPECULATIVE_RE, re.I)
