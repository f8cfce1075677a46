"""Values a program's source assigns to a name: no run of the paste.

- A triple-quoted string assigned to a name (``SAMPLE_LOG = \"\"\"``, ``SPEC = HEAD + '''``,
  ``OUT: str = textwrap.dedent(\"\"\"``): a test module's or a script's sample text, fed to a
  parser or checked against; the figures inside are what the code is given, never a
  measurement. Every line from the one opening the literal to the one closing it is marked
  (a docstring, no assignment, is not: a benchmark's docstring may report its run).
- A dict assigned to a name that says it holds targets (``SLO = {``, ``THRESHOLDS = dict(``,
  ``min_targets = {``: a service level objective, a target, a threshold, a goal, a limit, a
  budget): the values a run is held to, a setting. Every line from the assignment to the
  brace closing it is marked. A dict under another name (``results = {``, ``ret = {``: what a
  program printed or a run gave) is not.

Pure: the paste's lines in, once per paste (gated by a substring test), marks out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import notrun as NR

LITERAL = "a string assigned in code"

_NAME = r"(?P<name>[A-Za-z_][\w.]*)"
# 'NAME =', 'NAME: str =' (an annotation up to the '='), then perhaps another name and '+'
# or a call's opening bracket ('textwrap.dedent('), then the quotes
_OPEN = re.compile(
    r"^\s*" + _NAME + r"\s*(?::[^=\n]{1,40})?=\s*(?:[A-Za-z_][\w.]*\s*\+\s*|[A-Za-z_][\w.]*\(\s*)?"
    r"[rRbBuUfF]{0,2}(?P<q>\"\"\"|''')"
)
_DICT_OPEN = re.compile(r"^\s*" + _NAME + r"\s*(?::[^=\n]{1,40})?=\s*(?:dict\(|\{)")
# the words of a name saying it holds what a run is held to
_TARGET_WORD = re.compile(
    r"^(?:slos?|slas?|targets?|thresholds?|goals?|objectives?|limits?|budgets?|bounds?"
    r"|floors?|ceilings?|minimums?|maximums?|mins?|maxs?)$",
    re.I,
)


def _targets(name: str) -> bool:
    """Whether ``name``'s words (split at '_', '.' and case changes) hold a target's word."""
    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).replace(".", "_").split("_")
    return any(_TARGET_WORD.match(w) for w in words if w)


def marks(lines: list[tuple[int, str]]) -> dict[int, str]:
    """The numbers of ``lines`` (the paste's, in order) inside a string literal or a targets'
    dict a program's source assigns to a name, each with its mark."""
    out: dict[int, str] = {}
    i, n = 0, len(lines)
    while i < n:
        t = lines[i][1]
        m = _OPEN.match(t)
        if m is not None:
            q = m.group("q")
            j = i
            if q not in t[m.end() :]:
                j = i + 1
                while j < n and q not in lines[j][1]:
                    j += 1
            if j >= n:  # never closed: a cut paste, nothing known
                i += 1
                continue
            for k in range(i, j + 1):
                out[lines[k][0]] = LITERAL
            i = j + 1
            continue
        d = _DICT_OPEN.match(t)
        if d is not None and _targets(d.group("name")):
            depth, j = 0, i
            while j < n:
                s = lines[j][1]
                depth += s.count("{") + s.count("(") - s.count("}") - s.count(")")
                if depth <= 0:
                    break
                j += 1
            if j >= n:
                i += 1
                continue
            for k in range(i, j + 1):
                out[lines[k][0]] = f"{NR.SETTING}: {d.group('name')} ="
            i = j + 1
            continue
        i += 1
    return out


def gate(text: str) -> bool:
    """Whether ``text`` may hold an assignment ``marks`` reads (a cheap substring test)."""
    return ('"""' in text or "'''" in text or "{" in text or "dict(" in text) and "=" in text
