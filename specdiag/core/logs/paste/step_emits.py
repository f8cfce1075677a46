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
# a modal, a condition or a supposition between the subject and its verb, or before the subject
_NOT_MEASURED = re.compile(
    r"\b(?:would|could|should|might|must|will|can|needs?|ought|if|when|whenever|suppose|assuming|"
    r"expected|ideally|hypothetical\w*|theoretical\w*|at\s+most|at\s+least|up\s+to)\b",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a sentence (cheap test before the regex)."""
    return "token" in low and any(
        v in low for v in ("emit", "commit", "produce", "yield", "output", "return")
    )


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such sentence: the tokens a step emits, a tokens-per-step
    figure."""
    for m in _EMITS.finditer(text):
        if _NOT_MEASURED.search(m.group("gap")) is not None:
            continue
        v = C.value(m.group("val").replace(" ", ""))
        if v is None or not 1.0 <= v.number <= C.MAX_STEP_TOKENS:
            continue
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
