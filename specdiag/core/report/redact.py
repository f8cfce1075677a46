"""Secrets out of everything a report shows or embeds.

:func:`specdiag.errors.scrub` masks registered secrets, credential headers, URL userinfo and
key-like query values; a launch command adds flag and environment forms it does not know
(``--api-key KEY``, ``HF_TOKEN=...``) and provider key shapes (``sk-...``, ``hf_...``).
"""

from __future__ import annotations

import re

from specdiag.errors import scrub

# a name that ends in a secret word (HF_TOKEN, api_key, --hf-token), not max_tokens/tokenizer
_SECRET_NAME = r"[A-Za-z0-9_-]*?(?:api[_-]?key|token|secret|password|passwd)(?![A-Za-z0-9])"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # --api-key KEY, --hf-token=KEY, --password 'x'
    (re.compile(rf"(?i)(--{_SECRET_NAME}(?:\s+|=))('[^']*'|\"[^\"]*\"|[^\s'\"]+)"), r"\1***"),
    # HF_TOKEN=KEY, OPENAI_API_KEY="KEY" (environment assignments, JSON/YAML key: value)
    (re.compile(rf"(?i)(\b{_SECRET_NAME}['\"]?\s*[:=]\s*['\"]?)(?!\*\*\*)[^\s'\",}}]+"), r"\1***"),
    # provider key shapes wherever they appear
    (re.compile(r"\b(?:sk|hf|ghp|gho|xox[bp]|AKIA)[-_][A-Za-z0-9_-]{8,}"), "***"),
)


def redact(text: str) -> str:
    """``text`` with every secret the report can recognise replaced by ``***``."""
    text = scrub(text)
    for pat, repl in _PATTERNS:
        text = pat.sub(repl, text)
    return text
