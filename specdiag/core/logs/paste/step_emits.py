"""A verify step as a sentence's subject, emitting its tokens, in prose: `A round costs about
30 ms and emits 2.41 tokens`, `Each verify step commits ~3.1 tokens on the code set`, `every
iteration produced 2.8 tokens on average`. The subject names one step (`a`, `each`, `every`,
`one`, `the average`, then `round`, `step`, `verify step`, `cycle`, `iteration`, `forward`,
`verify` alone as the noun, `one verify costs ...`), its verb of emitting is in the present or
past (`emits`, `emitted`, `commits`, `produces`, `yields`, `outputs`, `returns`), and the object is a decimal count of tokens: what one verify step emits,
the accepted drafts and the target's own token, tokens per step (bonus included), as a
figure named `tokens per step` is.

A modal or a condition (`would emit`, `if a round emits`), a whole number (`emits 3 tokens`: a
step's configured size as often as a mean), a speed (`tokens/s`, `tokens per second`), another
noun than tokens, or another subject (`the drafter emits`, `the same 2.4 tokens`) read nothing.

The same sentence in Chinese (its `平均` read as `average` by text.py): one step opening the
line or a clause (`单次`, `每次`, `一次`, `每个` and a step's noun, `forward`, `前向`, `step`,
`round`, `迭代`, `验证`, `decode`, perhaps after `decode` or `验证`; `每轮`, `每步`), a few words
of its clause (`用时20ms,`), a verb of emitting (`得到`, `产出`, `产生`, `输出`, `生成`,
`吐出`, `提交`) and a count of tokens (`个token`, `词元`): a decimal, or a whole number the
sentence says is a mean (`平均` before the subject, the verb or the count: `平均产出2个token`).
A supposition or a bound (`如果`, `最多`, `可以`), a whole number not said to be a mean, a
speed (`每秒`) or a drafter's step (`每次draft forward`, no step's noun) read nothing.
Such a sentence wrapped by hand after its subject (`one verify costs about 6 % of a` /
`short request and returns 2.0 tokens`) is read as one line (`wrapped`); the next line an item,
row or heading of its own is not joined.
Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_EMITS = re.compile(
    # the subject opens the line or a sentence (after a sentence's end or a colon)
    r"(?:^|(?<=[.!?:]\s)|(?<=[.!?:]\s\s))\s*[*_]{0,2}"
    r"(?P<subj>(?:a|an|each|every|one|the\s+average|an\s+average|the\s+typical|a\s+typical)\s+"
    r"(?:(?:verify|verification|decode|speculative|draft)\s+)?"
    r"(?:round|step|cycle|iteration|(?:forward|verify)(?:\s+pass)?))\b"
    # the words between the subject and its verb, in its sentence ('costs about 47 ms and'):
    # at most 60 characters, no sentence end (a decimal point is none), no modal or condition
    r"(?P<gap>(?:[^.!?;\n]|\.(?=\d)){0,60}?)\s"
    r"(?P<verb>emits|emitted|commits|committed|produces|produced|yields|yielded|outputs|returns|"
    r"returned)\s+"
    r"(?:(?:on\s+average|about|around|roughly|approximately|nearly|only|just)\s+)?"
    r"[*`]{0,2}(?P<val>[~≈]?\s?\d+\.\d+)[*`]{0,2}\s+"
    r"(?:output\s+|committed\s+|accepted\s+)?tokens?\b"
    # never a speed ('tokens/s', 'tokens per second')
    r"(?!\s*(?:/\s*s(?:ec(?:ond)?)?\b|per\s+s(?:ec(?:ond)?)?\b))",
    re.I | re.M,
)
# the same in Chinese, as text.py leaves it ('平均' read 'average', digits set apart)
_ZH_VERBS = ("得到", "产出", "产生", "输出", "生成", "吐出", "提交")
_EMITS_ZH = re.compile(
    r"(?:^|(?<=[\s,:;.!?]))(?P<avg0>average\s*)?"
    r"(?P<subj>(?:每一?|单)(?:轮|步)|(?:单次|每次|一次|每一次|每个|单个)\s*"
    r"(?:(?:verify|decode|验证|解码)\s*)?"
    r"(?:forward(?:\s+pass)?|前向(?:计算|传播)?|step|round|iteration|迭代|验证|verify|decode|解码))"
    r"(?P<gap>(?:[^.!?;\n]|\.(?=\d)){0,30}?)\s*(?P<avg1>average\s*)?"
    r"(?P<verb>" + "|".join(_ZH_VERBS) + r")了?\s*(?:(?P<avg2>average)|约|大约|大概)?\s*"
    r"[*`]{0,2}(?P<val>\d+(?:\.\d+)?)[*`]{0,2}\s*个?\s*(?:tokens?|词元)"
    r"(?![\w/]|\s*(?:/|每秒|per\s+s))",
    re.I | re.M,
)
# a modal, a condition or a supposition between the subject and its verb, or before the subject
_NOT_MEASURED = re.compile(
    r"\b(?:would|could|should|might|must|will|can|needs?|ought|if|when|whenever|suppose|assuming|"
    r"expected|ideally|hypothetical\w*|theoretical\w*|at\s+most|at\s+least|up\s+to)\b"
    r"|如果|假如|假设|若|理论|最多|至多|至少|最少|应该|应当|需要|预期|预计|期望|可以|能够|可能",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a sentence (cheap test before the regex)."""
    return ("token" in low or "词元" in low) and any(
        v in low for v in ("emit", "commit", "produce", "yield", "output", "return", *_ZH_VERBS)
    )


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such sentence: the tokens a step emits, a tokens-per-step
    figure."""
    zh = any(v in text for v in _ZH_VERBS)
    for m in (*_EMITS.finditer(text), *(_EMITS_ZH.finditer(text) if zh else ())):
        if _NOT_MEASURED.search(m.group("gap")) is not None:
            continue
        v = C.value(m.group("val").replace(" ", ""))
        if v is None or not 1.0 <= v.number <= C.MAX_STEP_TOKENS:
            continue
        if m.re is _EMITS_ZH and (
            _NOT_MEASURED.search(text, max(0, m.start() - 8), m.start()) is not None
            or (v.decimals == 0 and not (m["avg0"] or m["avg1"] or m["avg2"]))
        ):
            continue  # (a supposition before the subject; a whole count not said to be a mean)
        name = f"tokens {m.group('verb').lower()} per {m.group('subj').split()[-1].lower()}"
        yield (
            m.start("subj"),
            m.end(),
            [(C.key("tokens per step"), v, name, m.group("val").strip())],
        )


# a line that opens its own item or row (a list's bullet, a table's bar, a heading)
_OWN_LINE = re.compile(r"\s*(?:[-*+•|#>]|\d{1,2}[.)]\s)")


def wrapped(t: str, nxt: str) -> bool:
    """Whether ``t`` opens such a sentence (its subject) that ``nxt``, no item, row or heading
    of its own, goes on with to its tokens: one sentence wrapped by hand. Only the last 200
    characters of ``t`` are looked at (a subject and its gap fit; the cut is no line's start)."""
    if not hinted(nxt.lower()) or _OWN_LINE.match(nxt):
        return False
    tail = t[-200:]
    joined = f"{tail} {nxt.strip()}"
    return any(
        m.start("subj") < len(tail) < m.start("verb")
        and (len(t) <= 200 or m.start() > 0)
        and not _NOT_MEASURED.search(m.group("gap"))
        for m in _EMITS.finditer(joined)
    )
