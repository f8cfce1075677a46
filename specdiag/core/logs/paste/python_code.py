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

A call's keyword arguments cut from source, its opening line left out (indented lines
`accept_len=2.4,` one a line, each ending in a comma, the last too, then a bracket alone on its
line, less indented: `)`): the comma after the last argument is a formatter's, in source only
(Python's repr, pprint and rich close on the last argument, with no comma), and a bracket closed
with no opener is a fragment cut from a file, no printout: its lines are code. Not such a cut:
the last argument with no comma, the bracket on the last argument's line or as indented as
the arguments, a line above opening the call (`Stats(`: perhaps a pretty-printer's), one
argument alone.

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
# a keyword argument of a call opened over lines: its indentation, and what follows the '='
_CUT_ARG = re.compile(r"^([ \t]+)[A-Za-z_]\w*\s*=(?!=)\s*\S")
# a bracket closing the call alone on its line (perhaps a comma after it)
_CLOSER = re.compile(r"^([ \t]*)[)\]}]+\s*,?\s*(?:#.*)?$")
_CUT_ARGS_NEEDED = 2


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


def _code_end(t: str) -> str:
    """``t`` without its comment and trailing blanks (what a comma closing it is looked for in)."""
    return _STRING.sub('""', t).split("#", 1)[0].rstrip()


def _cut_at(lines: list[tuple[int, str]], i: int) -> set[int]:
    """The lines of a call's keyword arguments cut from source that open at ``lines[i]`` (module
    doc), through the bracket closing them; none where they are no such cut."""
    first = _CUT_ARG.match(lines[i][1])
    if first is None:
        return set()
    indent = first.group(1)
    span: set[int] = set()
    args = 0
    depth = 0
    for n, t in lines[i:]:
        if not t.strip():
            return set()  # (a blank line inside the arguments: no formatter's call)
        if depth > 0:  # (a value opened over lines: its lines to the bracket closing it)
            span.add(n)
            depth += depth_change(t)
            if depth <= 0 and not _code_end(t).endswith(","):
                return set()
            continue
        closer = _CLOSER.match(t)
        if closer is not None:
            shallower = len(closer.group(1)) < len(indent) and indent.startswith(closer.group(1))
            return span | {n} if shallower and args >= _CUT_ARGS_NEEDED else set()
        arg = _CUT_ARG.match(t)
        if arg is None or arg.group(1) != indent:
            return set()
        span.add(n)
        depth = max(0, depth_change(t))
        if depth == 0 and not _code_end(t).endswith(","):
            return set()
        args += 1
    return set()


def _cut_calls(lines: list[tuple[int, str]]) -> set[int]:
    """The lines of the calls' keyword arguments cut from source in ``lines`` (module doc): a
    run opening where no line above opens it (the block's first line, or below a line that
    neither opens a bracket nor goes on with a comma)."""
    out: set[int] = set()
    above = ""
    for i, (n, t) in enumerate(lines):
        if n not in out and not above.endswith(("(", "[", "{", ",", "\\")):
            out |= _cut_at(lines, i)
        if t.strip():
            above = _code_end(t)
    return out


def _block_code(lines: list[tuple[int, str]], tagged: bool = False) -> set[int]:
    """The code lines (their numbers) of one block, or none where it reads as no program;
    ``tagged``: its opening fence names Python, which counts as one kind."""
    prompted = any(_PROMPT.match(t) for _, t in lines)
    code = _program_code(lines, prompted, tagged)
    if not prompted and any(_CLOSER.match(t) for _, t in lines):
        code |= _cut_calls(lines)
    return code


def _program_code(lines: list[tuple[int, str]], prompted: bool, tagged: bool) -> set[int]:
    """The code lines of one block read as a program (module doc), or none where it is none."""
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
# a keyword argument ending in a comma over a bracket alone on its line (a cut call's close)
_CUT_GATE = re.compile(r",[ \t]*(?:#[^\n]*)?\n[ \t]*[)\]}]+[ \t]*,?[ \t]*$", re.M)


def gate(text: str) -> bool:
    """Whether ``text`` may hold a program's source (a line opening on a statement's word, or a
    call's arguments closed by a bracket alone on its line after a comma)."""
    return _GATE.search(text) is not None or _CUT_GATE.search(text) is not None


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
