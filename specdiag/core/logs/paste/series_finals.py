"""Series named in one bullet, their values joined by `/` in a bracket after them, the measure
named by the bullet directly above.

    - Right panel: `accept length (eval set B)`, greedy
    - three series: `baseline`, `head-v2`, `head-v3` (final 2.41 / 2.96 / 3.12)

A review of a plot, or a summary of a sweep, names the measure in one bullet and lists the
series with their last (or only) values in the next. The i-th value is the i-th name's: one
record a series, labelled by its name, of the one acceptance figure the bullet above names.

Only where the two bullets are adjacent and at the same indent; the upper one names exactly one
acceptance figure (bullets.metric_named) and no other measure before it; the lower names none
of its own, lists its series as code spans or bold names (two to eight, nothing but `,`, `and`
between them) followed by a single bracket of exactly as many values joined by `/` (a word or
two before them: `finals`, `last`, `at step 2k`), each a value that figure can take. Any other
count, a second bracket of values, a range, or values the figure cannot be: nothing read.

Pure: the block's lines in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import bullets as B
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.text import Line

_NAME = r"(?:`(?P<c>[^`\n]{1,40})`|\*\*(?P<b>[^*\n]{1,40})\*\*)"
_NAME_ANY = r"(?:`[^`\n]{1,40}`|\*\*[^*\n]{1,40}\*\*)"
_NAMES = re.compile(_NAME_ANY + r"(?:\s*(?:,|,?\s+and)\s*" + _NAME_ANY + r"){1,7}")
_ONE_NAME = re.compile(_NAME)
_V = r"\d+(?:\.\d+)?%?"
# '(finals 5.72 / 6.52 / 5.96)', '(last: 2.4/2.9)', '(2.41 / 2.96)'
_VALUES = re.compile(
    r"\(\s*(?:[A-Za-z][\w-]*(?:\s+[A-Za-z\d][\w-]*){0,2}\s*:?\s+)?(?P<vals>"
    + _V
    + r"(?:\s*/\s*"
    + _V
    + r"){1,7})\s*\)"
)
_ANY_VALUES = re.compile(_V + r"(?:\s*/\s*" + _V + r")+")
# a measure other than acceptance named before the figure ('speedup and acceptance length')
_OTHER = re.compile(
    r"throughput|speed|latency|tok(?:ens)?/s|accuracy|loss|time|memory|ttft|tpot", re.I
)


def _names(m: re.Match[str]) -> list[str]:
    return [(x.group("c") or x.group("b")).strip() for x in _ONE_NAME.finditer(m.group(0))]


def records(blk: list[Line], ctx: tuple[str, str, str]) -> tuple[list[PasteRecord], set[int]]:
    """The series records of a block, and the lines they were read from."""
    out: list[PasteRecord] = []
    used: set[int] = set()
    items = [(ln, B.BULLET.match(t.expandtabs(4))) for ln, t in blk]
    for (_, upper), (ln, lower) in zip(items, items[1:], strict=False):
        if upper is None or lower is None or upper.group("indent") != lower.group("indent"):
            continue
        named = B.metric_named(upper.group("text"))
        text = lower.group("text")
        if named is None or B.metric_named(text) is not None:
            continue
        metric, name = named
        if _OTHER.search(upper.group("text").split(name, 1)[0]):
            continue
        vm = list(_VALUES.finditer(text))
        if len(vm) != 1 or len(_ANY_VALUES.findall(text)) != 1:
            continue
        nm = [m for m in _NAMES.finditer(text) if m.end() <= vm[0].start()]
        if len(nm) != 1 or text[nm[0].end() : vm[0].start()].strip():
            continue  # the names right before the values, one list of them
        names = _names(nm[0])
        raw = [v.strip() for v in vm[0].group("vals").split("/")]
        vals = [C.value(v) for v in raw]
        if len(names) != len(vals) or any(v is None or not B._plausible(metric, v) for v in vals):
            continue
        key = C.key(name)
        if key.metric != metric:
            key = C.Key(metric, name.lower(), False)
        recs = []
        for series, v, r in zip(names, vals, raw, strict=True):
            assert v is not None
            fig = E.Figures()
            fig.put(metric, v, key, r, name)
            rec = E.record(
                fig,
                kind=ctx[2],
                tool=ctx[0],
                tool_rule=ctx[1],
                structure="bullets",
                lines=(ln, ln),
                labels=(("series", series),),
            )
            if rec is not None:
                recs.append(rec)
        if len(recs) == len(names):
            out.extend(recs)
            used.add(ln)
    return out, used
