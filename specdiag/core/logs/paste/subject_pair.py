"""Two measures named together as a sentence's subject, their values given after it in one
bracket, in the same order: `both acceptance and TG are back to the old level (~81%, 64 tps)`,
`decode speed and acceptance rate recovered (71 tok/s, 62%)`. The bracket's values map onto
the subject's names one to one, so the share at the acceptance's place is the acceptance rate of
the run the sentence tells of; the reader takes it as if the name were written after it
(`~81% acceptance`), and the rate readers read it as any share before its noun.

Read only where every bit holds:

- the subject is an acceptance rate's name (`acceptance`, `acceptance rate`, `accept rate`,
  `draft acceptance`) and one other measure's (`TG`, `PP`, `throughput`, `speed`, `decode
  speed`, `tok/s`, `latency`, ...) joined by `and`, `both` perhaps before them;
- the words between the subject and the bracket are in the same clause (no `.`, `;`, `:`,
  `!`, `?`, no bracket) and hold no figure (a number standing alone; an identifier's digits,
  `pre-v2`, are no figure), at most fifteen of them, and the sentence states no condition or
  goal before the bracket (`if`, `would`, `should`, `target`, ...);
- the bracket holds exactly two values joined by a comma, the acceptance's a single share
  (`~81%`, `62.5 %`: no range) and the other a number, perhaps with a unit.

A bracket of one value or of three, a subject of one measure or of three, a value out of the
acceptance's place that is no share, a figure between the subject and the bracket, or a
condition leave the line as it was.

Pure: a line in, the line (perhaps with the name written) out; linear: one pattern whose parts
are bounded, tried only on lines holding `and` and a bracket.
"""

from __future__ import annotations

import re

_ACCEPT = r"(?:draft\s+|token\s+)?(?:acceptance(?:\s+rate)?|accept\s+rate)"
_OTHER = (
    r"(?:TG|PP|TPS|t/s|tok/s|tokens/s|throughput|(?:decode|decoding|generation|token)\s+speed|"
    r"speed|token\s+generation|decode|latency|TTFT|TPOT|ITL|speedup)"
)
_SHARE = r"[~≈]?\s?\d{1,3}(?:\.\d+)?\s?%"
_NUMBER = r"[~≈]?\s?\d+(?:\.\d+)?(?:\s?[A-Za-z/%×]{1,8})?"
_PAIR = re.compile(
    r"(?<![\w-])(?:both\s+)?(?:(?P<a1>"
    + _ACCEPT
    + r")\s+and\s+(?:the\s+)?"
    + _OTHER
    + r"|"
    + _OTHER
    + r"\s+and\s+(?:the\s+)?(?P<a2>"
    + _ACCEPT
    + r"))(?![\w-])"
    # (the rest of the clause: no sentence end, no bracket, no clause mark)
    r"(?P<pred>[^().;:!?\n]{1,200}?)"
    r"\(\s*(?P<v1>" + _NUMBER + r")\s*,\s*(?P<v2>" + _NUMBER + r")\s*\)",
    re.I,
)
# a figure standing alone among the words between ('back to 80 level'): never an identifier's
# digits ('pre-v2', 'build-7', a numbered ticket)
_FIGURE = re.compile(r"(?<![\w#./-])\d")
# a condition or a goal said of the values ('if acceptance and TG get back to ...', 'should')
_CONDITION = re.compile(
    r"\b(?:if|unless|when|whether|would|could|should|will|might|may|must|expect\w*|hope\w*|"
    r"target\w*|goals?|aim\w*|want\w*|need\w*|projected|estimated)\b",
    re.I,
)
_SHARE_ONLY = re.compile(_SHARE)
_MAX_WORDS = 15


def rewrite(text: str) -> str:
    """The line with the acceptance's name written after its value in each such bracket."""
    low = text.lower()
    if "(" not in text or " and " not in low or "accept" not in low:
        return text
    out: list[str] = []
    last = 0
    for m in _PAIR.finditer(text):
        pred = m.group("pred")
        if len(pred.split()) > _MAX_WORDS or _FIGURE.search(pred):
            continue
        start = max(text.rfind(mark, 0, m.start()) for mark in (". ", "; ", "! ", "? "))
        if _CONDITION.search(text, max(start, 0), m.start("v1")):
            continue
        first = m.group("a1") is not None
        name = " ".join((m.group("a1") or m.group("a2")).split())
        which = "v1" if first else "v2"
        other = "v2" if first else "v1"
        if not _SHARE_ONLY.fullmatch(m.group(which).strip()):
            continue
        if "%" in m.group(other):
            continue  # (two shares: a speed printed as a share is no speed the subject names)
        out.append(text[last : m.end(which)])
        out.append(" " + name)
        last = m.end(which)
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
