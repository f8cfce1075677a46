"""A failed assertion's values as pytest prints them, the asserted figure named elsewhere in the
paste.

pytest rewrites a failing `assert last_accept_rate > 0.825` to print its operands' values:
`FAILED tests/test_spec.py::test_acceptance - assert 0.8142514011208967 > 0.825`. The left value
is what the test measured; which figure it is, the line does not say. Where the paste states the
check itself, an acceptance figure's identifier compared with the same operator to the same
threshold, digit for digit (`last_accept_rate > 0.825`, `mean_acceptance_length >= 2.5`), the
identifier is the only name the value can have: each such assertion line is read as that name
set to its value (`- last_accept_rate = 0.8142514011208967`), one record a line, as any
key-value figure (a rate, or a length whose convention the paste decides or not).

Read only where one identifier of an acceptance figure (a rate, a length: `cells.key` of its
words, underscores as spaces) states the operator and threshold, no other identifier states the
same pair (two checks of one bound: which failed is unsaid), and the assertion's threshold is on
the right (`assert 0.81 > 0.825`; a reversed `assert 0.825 < 0.81` is left). An assertion no
stated check matches (`assert 0.81 > 0.9` beside `last_accept_rate > 0.825`), a check stating no
acceptance figure (`latency_ms < 200`), or a comparison of two names (`assert a > b`) leave the
lines as they were.

Pure: a paste in, the stated checks out (one pass, only where 'assert' is in it); a line in, the
line (perhaps with the name written) out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# a check stated in code: an identifier (snake_case or dotted), a comparison, a threshold
_CHECK = re.compile(
    r"(?<![\w.])(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*"
    r"(?P<op>>=|<=|>|<)\s*(?P<t>\d+(?:\.\d+)?)(?![\w.])"
)
# pytest's rewritten assertion: 'assert <value> <op> <threshold>'
_ASSERTED = re.compile(
    r"\bassert\s+(?P<v>\d+(?:\.\d+)?(?:[eE]-?\d+)?)\s*(?P<op>>=|<=|>|<)\s*"
    r"(?P<t>\d+(?:\.\d+)?)(?![\w.])"
)
_FIGURES = (C.RATE, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def checks(text: str) -> dict[tuple[str, str], str]:
    """The checks the paste states: (operator, threshold as printed) -> the one acceptance
    figure's identifier stating it; none where 'assert' is not in the paste."""
    if "assert" not in text:
        return {}
    found: dict[tuple[str, str], set[str]] = {}
    for m in _CHECK.finditer(text):
        name = m.group("name")
        if name == "assert":
            continue
        last = name.rsplit(".", 1)[-1]
        if C.key(last.replace("_", " ")).metric not in _FIGURES:
            continue
        found.setdefault((m.group("op"), m.group("t")), set()).add(last)
    return {pair: next(iter(names)) for pair, names in found.items() if len(names) == 1}


def rewrite(line: str, stated: dict[tuple[str, str], str]) -> str:
    """The line with each assertion a stated check matches read as its name set to its value
    ('assert 0.8142 > 0.825' -> 'last_accept_rate = 0.8142')."""
    if "assert" not in line:
        return line

    def one(m: re.Match[str]) -> str:
        name = stated.get((m.group("op"), m.group("t")))
        return m.group(0) if name is None else f"{name} = {m.group('v')}"

    return _ASSERTED.sub(one, line)
