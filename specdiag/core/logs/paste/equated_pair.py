"""Two labelled values of a figure set side by side with a sign of equality or comparison after
the sentence naming it and a colon: `prose acceptance drops the same way on both cards: single
0.085 ≡ dual 0.090`. The sign (`≡`, `≈`, `=`, `vs`, `versus`) says the two runs came out alike
or are compared, never that one value is the other's name: each value is written after the
figure's name with its label after it (`...: prose acceptance 0.085 on single; prose acceptance
0.090 on dual`), as the prose reader takes two runs, one record each. The words between the figure's name and the colon hold no number and name no other
measure (`throughput`, `latency`, ...); labels are one word each. Values of two forms (`%` on
one side only), a label-less value, or a sentence naming no acceptance figure leave the line as
it was.

Pure: a line in, the line (perhaps rewritten) out; linear: each match scans at most one bounded
clause after an acceptance word.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import rate_changes as RCH

_NAME = r"(?:[A-Za-z][\w/-]*[ \t]+)?(?:accept(?:ance)?(?:[ \t]+(?:rates?|ratios?|length|len))?)"
_V = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)[ \t]?%?"
_LABEL = r"[A-Za-z][\w-]{0,20}"
_PAIR = re.compile(
    rf"(?<![\w-])(?P<name>{_NAME})(?P<mid>[*_`]{{0,2}}[^:\d\n]{{0,60}}?):[ \t]*"
    rf"(?P<m>[*_`]{{0,2}})(?P<l1>{_LABEL})[ \t]+(?P<v1>{_V})[ \t]*"
    rf"(?:≡|≈|=|vs\.?|versus)[ \t]*(?P<l2>{_LABEL})[ \t]+(?P<v2>{_V})(?![\w.]\d)[*_`]{{0,2}}",
    re.I,
)


def rewrite(text: str) -> str:
    """The line with a pair of labelled values set side by side by a sign written as a comma
    list under the figure's name."""
    if ":" not in text or "ccept" not in text.lower():
        return text

    def listed(m: re.Match[str]) -> str:
        if C.key(C.norm(m.group("name"))[0]).metric not in C.ACCEPTANCE:
            return m.group(0)
        if RCH.other_between(m.group("mid").strip("*_` ")):
            return m.group(0)  # (the clause names another measure: its pair, not this figure's)
        if ("%" in m.group("v1")) != ("%" in m.group("v2")):
            return m.group(0)
        if C.key(m.group("l1")).metric is not None or C.key(m.group("l2")).metric is not None:
            return m.group(0)  # (a figure's name where a label stands: 'AL 2.1 = rate 0.3')
        name = m.group("name")
        return (
            f"{name}{m.group('mid')}: {name} {m.group('v1')} on {m.group('l1')}; "
            f"{name} {m.group('v2')} on {m.group('l2')}"
        )

    return _PAIR.sub(listed, text)
