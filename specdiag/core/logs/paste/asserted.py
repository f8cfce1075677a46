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

A bound written as a name (`assert acceptance_len >= args.expected_len`) takes its value from
pytest's explanation line (`+  where 3.9 = Args(...).expected_len`, the expression's last dotted
part), where the paste explains that name with one value only; the check is then as if stated
with its number.

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
# a check whose bound is a name ('acceptance_len >= args.expected_acceptance_len')
_NAMED_CHECK = re.compile(
    r"(?<![\w.])(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*"
    r"(?P<op>>=|<=|>|<)\s*(?P<b>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?![\w.(])"
)
# pytest's explanation of an operand: '+  where 3.9 = <expression ending in .name>'
_WHERE = re.compile(
    r"^[\sE+]*\bwhere\s+(?P<t>\d+(?:\.\d+)?)\s*=\s*(?:.*\.)?(?P<b>[A-Za-z_][A-Za-z0-9_]*)\s*$",
    re.M,
)


def _is_figure(name: str) -> bool:
    return C.key(name.replace("_", " ")).metric in _FIGURES


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
        if not _is_figure(last):
            continue
        found.setdefault((m.group("op"), m.group("t")), set()).add(last)
    # a bound by name: its value is what pytest's 'where T = ...name' line prints, one value
    bound: dict[str, set[str]] = {}
    for m in _WHERE.finditer(text):
        bound.setdefault(m.group("b"), set()).add(m.group("t"))
    if bound:
        for m in _NAMED_CHECK.finditer(text):
            name, b = m.group("name"), m.group("b").rsplit(".", 1)[-1]
            last = name.rsplit(".", 1)[-1]
            if name == "assert" or b == "assert" or last == b or not _is_figure(last):
                continue
            values = bound.get(b, set())
            if len(values) == 1:
                found.setdefault((m.group("op"), next(iter(values))), set()).add(last)
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
