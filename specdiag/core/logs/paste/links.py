"""A tool named only by a link to a thread of its repository (a pull request, an issue, a
discussion, a commit or a comparison: `using the pull request
https://github.com/<owner>/sglang/pull/123`): the link says where a change was discussed or
proposed, not which program printed the figures nor how (a pull request may change what the
tool prints; a fork's pull request is not the tool at all). Such a tool is a hint for the
reader, never the source whose documented convention decides a figure: ``tools.py`` reads no
tool's name inside such a link (``tools_named``, ``linked``), so it holds for every structure
(prose, key-value lines, tables, JSON); ``reader.py`` names the link's tool in the rule, a
hint. A name in the words of the paste, its log format, or a link into the tool's own source
files (`.../sglang/blob/...`) still names the tool.

Pure: text in, a decision out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import tools as T

without_thread_links = T.without_thread_links


def hint_rule(tool: str) -> str:
    """The tool rule of a record whose only tool is such a link's: unknown, the link a hint."""
    return f"no tool named but in a link to a pull request, issue or commit ({tool}): a hint only"
