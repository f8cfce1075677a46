"""vLLM's draft count named, then written short on the same line: where a line names the setting
``num_speculative_tokens`` with no value after it (a table's row label `` MTP `num_speculative_tokens` ``,
a sentence ``tuning --num-speculative-tokens``) and gives values to ``num=`` (``num=3 is fastest``,
``acceptance 83/72/63% for num=1/2/3``), ``num`` is that setting, the draft tokens a step: read
as ``k=`` (one draft count, as the readers take ``k=N``). A ``num=`` on a line naming no such
setting (``num=8 prompts``) stays as written.

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

# the setting named with no value right after it ('`num_speculative_tokens`', '--num-speculative-
# tokens', 'num_speculative_tokens を')
_NAMED = re.compile(
    r"(?<![\w-])(?:--)?num[_-]speculative[_-]tokens(?![\w-])(?![`'\"]?\s*[=:]?\s*[`'\"]?\d)", re.I
)
# 'num=' before a number ('num=3', 'num = 1/2/3')
_SHORT = re.compile(r"(?<![\w-])num\s*=\s*(?=\d)", re.I)


def hinted(body: str) -> bool:
    """Whether a block may hold such a line (a cheap test before the search)."""
    low = body.lower()
    return "num=" in low.replace(" ", "") and "speculative" in low


def rewrite(line: str) -> str:
    """``line`` with its short ``num=`` read as ``k=`` where it names the setting (see above)."""
    if _NAMED.search(line) is None:
        return line
    return _SHORT.sub("k=", line)
