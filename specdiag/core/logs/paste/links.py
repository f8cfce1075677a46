"""A tool named only by a link to a thread of its repository (a pull request, an issue, a
discussion, a commit or a comparison: `using the pull request
https://github.com/<owner>/sglang/pull/123`): the link says where a change was discussed or
proposed, not which program printed the figures nor how (a pull request may change what the
tool prints; a fork's pull request is not the tool at all). Such a tool is a hint for the
reader, never the source whose documented convention decides a figure. A name in the words of
the paste, or a link into the tool's own source files (`.../sglang/blob/...`), is read as
before (``tools.py``, ``reader.py``).

Pure: text in, a decision out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as T

# a link to a thread of a repository on GitHub ('https://github.com/o/r/pull/16818',
# 'github.com/o/r/issues/12#issuecomment-1', '.../commit/abc123', '.../compare/a...b')
_THREAD_LINK = re.compile(
    r"(?:https?://)?(?:www\.)?github\.com/[\w.-]+/[\w.-]+/"
    r"(?:pull|pulls|issues|discussions|commit|commits|compare)(?:/[^\s)\]>\"'`]*)?",
    re.I,
)


def without_thread_links(text: str) -> str:
    """``text`` with every link to a repository's thread blanked (same length)."""
    if "github.com/" not in text.lower():
        return text
    return _THREAD_LINK.sub(lambda m: " " * len(m.group(0)), text)


def named_only_by_thread_links(tool: str, text: str) -> bool:
    """Whether the paste ``text`` names ``tool`` only inside links to its repository's threads
    (pull requests, issues, discussions, commits): no name in its words, no link into the
    tool's source files."""
    if tool == "unknown" or "github.com/" not in text.lower():
        return False
    return tool in T.tools_named(text) and tool not in T.tools_named(without_thread_links(text))


def hint_rule(tool: str) -> str:
    """The tool rule of a record whose only tool is such a link's: unknown, the link a hint."""
    return f"no tool named but in a link to a pull request, issue or commit ({tool}): a hint only"
