"""Two lists of per-position rates set against each other in one clause: `per-position acceptance
reads 0.61/0.35/0.12 on long prompts against 0.92/0.77/0.58 on short ones`. The name comes once,
then a verb of stating (`is`, `was`, `reads`, `sits at`), a slashed list and what it was measured
on (`on`, `for`, `in`, `with` and up to four words), then a word setting the second against it
(`against`, `vs`, `versus`, `and`, `while`, `compared with`) and the second list with its own
`on ...`: two runs, the name written again before the second (one record each, as two clauses
of their own). A single list, lists without what each was measured on, or a name of another
figure leave the line as it was.

Pure: a line in, the line (perhaps with the name written again) out; linear: every part of the
match is bounded, and a line without a per-position name is not searched.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# the per-position name ('per-position acceptance', 'per-index acceptance rate', 'acceptance
# per draft position'); the cells vocabulary reads each as per-position rates
_NAME = (
    r"(?:per[- ](?:draft[- ])?(?:position|pos|index)[- ](?:acceptance|accept)"
    r"(?:[- ](?:rates?|ratios?))?"
    r"|(?:acceptance|accept)(?:[- ](?:rates?|ratios?))?[- ]per[- ](?:draft[- ])?"
    r"(?:position|pos|index))"
)
_VERB = (
    r"(?:is|was|are|were|reads|read|sits[ \t]+at|sat[ \t]+at|stands[ \t]+at|"
    r"comes[ \t]+out[ \t]+at)"
)
_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)%?"
_LIST = rf"[*`]{{0,2}}{_NUM}(?:[ \t]*/[ \t]*{_NUM}){{1,15}}[*`]{{0,2}}"
_WHERE = r"(?:on|for|in|with)[ \t]+(?:[A-Za-z][\w'-]*[ \t]+){0,3}?[A-Za-z][\w'-]*"
_AGAINST = r"(?:against|vs\.?|versus|and|while|compared[ \t]+(?:with|to))"
_PAIR = re.compile(
    rf"(?<![\w-])(?P<name>{_NAME})[*`]{{0,2}}[ \t]+{_VERB}[ \t]+(?P<l1>{_LIST})[ \t]+"
    rf"(?P<w1>{_WHERE})[ \t]+{_AGAINST}[ \t]+(?P<l2>{_LIST})[ \t]+"
    rf"(?P<w2>(?:on|for|in|with)[ \t]+(?:[A-Za-z][\w'-]*[ \t]+){{0,3}}[A-Za-z][\w'-]*)",
    re.I,
)
# the cheap test before the search: a per-position name's anchor word
_HINT = re.compile(r"per[- ](?:draft[- ])?(?:position|pos|index)", re.I)


def rewrite(text: str) -> str:
    """The line with two runs' per-position lists set against each other written as two
    clauses, each with the name."""
    if "/" not in text or _HINT.search(text) is None:
        return text

    def split(m: re.Match[str]) -> str:
        name = m.group("name")
        if C.key(C.norm(name)[0]).metric != C.PER_POSITION:
            return m.group(0)  # a spelling the cells vocabulary does not read as positions
        return (
            f"{name} is {m.group('l1')} {m.group('w1')}; {name} is {m.group('l2')} {m.group('w2')}"
        )

    return _PAIR.sub(split, text)
