"""Lines of a Python program pasted as source: its statements, their bracketed arguments and its
comments state no run.

A test's or a self-check's body (`def check():`, `stats = Stats(accepted=9, length=2.8)`,
`assert out.to_dict() == {"length": 2.8}`, `for name, v in (("a", 2.8), ("b", 2.0)):`) holds
figures that the code sets or expects, never ones a run measured; its comments
(`# built so that a=2.8 and b=2.0`) tell what the code was given. A block (the text between
code fences, or the whole paste where it has none) reads as Python source where it holds
statements of at least two kinds among: a function or class definition, an assert, an import,
a `for ... in ...:` or a `with ...:` header, a return, a docstring, a name assigned a call opened
over lines with keyword arguments; an opening fence naming Python (```` ```python ````, `py`)
counts as one kind, so a fenced Python loop alone is source. In such a block each line that is a statement (the kinds
above, an assignment, a call), each line inside brackets a statement opened, and each comment is
code; a record whose lines are all code gives none.

Never a line of output: a block with interactive prompts (`>>> `, `... `) counts only the
prompted lines as code (what the interpreter printed below stays read); a traceback's or a log's
line opens on no statement and stays read; a block with one kind of statement only (an
assignment list, a printed repr `Stats(accepted=9, ...)`) is no program and stays read.

Pure: the paste's lines in, the 1-based numbers of its code lines out.
"""

from __future__ import annotations

import re

# an import (the statement that also opens a usage section's unfenced code: usage_named.py)
_IMPORT = re.compile(
    r"^(?:import\s+[A-Za-z_][\w.]*(?:\s+as\s+\w+)?\s*(?:,|$)|from\s+[\w.]+\s+import\s+)"
)
# the statement kinds that tell a program (each its own name)
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("def", re.compile(r"^(?:async\s+)?(?:def\s+\w+\s*\(|class\s+\w+\s*[(:])")),
    ("assert", re.compile(r"^assert\s+\S")),
    ("import", _IMPORT),
    ("for", re.compile(r"^for\s+[\w\s,()]+?\s+in\s+\S.*:\s*(?:#.*)?$")),
    ("with", re.compile(r"^with\s+\S.*:\s*(?:#.*)?$")),
    ("return", re.compile(r"^return(?:\s|$)")),
    ("docstring", re.compile(r'^[rRuU]?(?:"""|\'\'\')')),
    # a name assigned a call whose keyword arguments open over the lines below
    ("constructed", re.compile(r"^[A-Za-z_][\w.]*\s*=\s*[A-Za-z_][\w.]*\(\s*(?:#.*)?$")),
)
_KEYWORD_ARG = re.compile(r"^[A-Za-z_]\w*\s*=\s*\S")
# any other statement: an assignment, a call, a block header
_STATEMENT = re.compile(
    r"^(?:[A-Za-z_][\w.\[\]'\"]*\s*(?:[-+*/]?=)(?!=)\s*\S|[A-Za-z_][\w.]*\(|"
    r"(?:if|elif|while|except|try|else|finally)\b.*:\s*(?:#.*)?$|(?:raise|yield|pass|break|"
    r"continue)\b)"
)
_COMMENT = re.compile(r"^#(?!#)")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# an opening fence that names Python as its block's language: the writer's own word that the
# block is source, worth one kind of statement
_PYTHON_FENCE = re.compile(r"^\s*(?:```|~~~)\s*(?:python3?|py)\s*$", re.I)
_PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.)(?:\s|$)")
_STRING = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")
_KINDS_NEEDED = 2


def depth_change(line: str) -> int:
    """How many brackets ``line`` leaves open (closed ones negative), strings and comment
    aside."""
    t = _STRING.sub("", line).split("#", 1)[0]
    return sum(t.count(c) for c in "([{") - sum(t.count(c) for c in ")]}")


def _kinds(body: list[str]) -> set[str]:
    """The statement kinds of ``body`` (lines, indentation and prompts removed)."""
    found: set[str] = set()
    for i, t in enumerate(body):
        for name, pattern in _KINDS:
            if pattern.match(t) and (
                name != "constructed" or any(_KEYWORD_ARG.match(n) for n in body[i + 1 : i + 3])
            ):
                found.add(name)
    return found


def _block_code(lines: list[tuple[int, str]], tagged: bool = False) -> set[int]:
    """The code lines (their numbers) of one block, or none where it reads as no program;
    ``tagged``: its opening fence names Python, which counts as one kind."""
    prompted = any(_PROMPT.match(t) for _, t in lines)
    body = [
        (n, _PROMPT.sub("", t, count=1).strip() if prompted else t.strip())
        for n, t in lines
        if not prompted or _PROMPT.match(t)
    ]
    if len(_kinds([t for _, t in body])) + tagged < _KINDS_NEEDED:
        return set()
    code: set[int] = set()
    depth = 0
    docstring = False
    for n, t in body:
        if docstring:
            code.add(n)
            docstring = '"""' not in t and "'''" not in t
            continue
        if not t:
            continue
        if depth > 0 or _COMMENT.match(t):
            code.add(n)
            depth = max(0, depth + (depth_change(t) if depth > 0 else 0))
            continue
        if statement(t):  # (no comment here: those are taken above)
            code.add(n)
            depth = max(0, depth_change(t))
            quotes = t.count('"""') + t.count("'''")
            docstring = quotes % 2 == 1
    return code


def statement(t: str) -> bool:
    """Whether the stripped line ``t`` opens on a statement (an import, an assignment, a call,
    a definition, a block header) or is a comment: a line of a program's source."""
    return bool(_COMMENT.match(t) or _STATEMENT.match(t) or any(p.match(t) for _, p in _KINDS))


def imports(t: str) -> bool:
    """Whether the stripped line ``t`` is an import statement (`from x import y`, `import x`)."""
    return _IMPORT.match(t) is not None


# a statement only a program opens a line on (the test before any block is read)
_GATE = re.compile(r"^[ \t>.]*(?:def|class|assert|import|from|for|with|return)\s", re.M)


def gate(text: str) -> bool:
    """Whether ``text`` may hold a program's source (a line opening on a statement's word)."""
    return _GATE.search(text) is not None


def code_lines(lines: list[str]) -> set[int]:
    """The 1-based numbers of ``lines`` that are a Python program's source (module doc)."""
    out: set[int] = set()
    block: list[tuple[int, str]] = []
    tagged = False
    for n, t in enumerate(lines, 1):
        if _FENCE.match(t):
            out |= _block_code(block, tagged)
            block = []
            tagged = _PYTHON_FENCE.match(t) is not None
            continue
        block.append((n, t))
    return out | _block_code(block, tagged)
