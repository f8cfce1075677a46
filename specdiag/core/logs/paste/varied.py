"""A figure said to vary between samples, then the samples' own values in the next sentence:
`Acceptance varies a lot between prompts. Three prompts at 8k measured 2.91, 3.40 and 2.55.`
The first sentence opens on an acceptance figure as the subject of its variation (``VARIES``);
the next counts its samples in a word or a digit (``Three prompts``, ``2 seeds``), a verb of
measuring and exactly as many bare values (no name of their own). Each value is that figure of
its own sample: the reader gets the figure's name written before each value, one record a value.
A count other than the values', a name of another measure after a value (``tok/s``), or a
first sentence opening on another measure leave the line as it was.

Pure: a line in, the line (perhaps with the name written again) out; linear: one bounded match
per opening sentence.
"""

from __future__ import annotations

import re

# a paragraph or sentence opening on an acceptance figure as the subject of its spread over
# samples ('Acceptance varies about 40% between prompts', 'Accept length differs a lot across
# seeds'), the figure in group 'x'
VARIES = re.compile(
    r"^[\W_]{0,4}(?P<x>(?:draft\s+)?(?:acceptance|accept(?:ance)?[ _-](?:length|len|rate))"
    r"(?:\s*\((?:AL|τ)\))?)[*_`]{0,2}\s+"
    r"(?:varies|varied|vary|differs|differed|ranges|ranged|swings|swung)\b",
    re.I,
)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_VALUE = r"[*`]{0,2}\d+(?:\.\d+)?%?[*`]{0,2}"
# (a sentence's own characters: a decimal point is no end)
_SAMPLES = re.compile(
    r"(?P<lead>(?:[^.!?\n]|\.\d){0,240}?[.!?][ \t]+(?:the[ \t]+)?"
    r"(?P<count>two|three|four|five|six|[2-6])[ \t]+(?:[\w,-]+[ \t]+){0,4}?"
    r"(?:requests|runs|prompts|seeds|samples|trials|repeats|repetitions)\b"
    r"(?:[^.!?\n]|\.\d){0,80}?[ \t](?:measured|gave|got|scored|showed|returned|reached)[ \t]+)"
    r"(?P<vals>" + _VALUE + r"(?:[ \t]*,[ \t]*" + _VALUE + r")*,?[ \t]+and[ \t]+" + _VALUE + r")"
    r"(?=[ \t]*(?:[.;!?]|$))",
    re.I,
)
_ONE = re.compile(_VALUE)


def rewrite(text: str) -> str:
    """The line with the figure's name written before each value of the samples' sentence."""
    low = text.lower()
    if "accept" not in low or not any(
        w in low for w in ("vari", "vary", "differ", "rang", "swing", "swung")
    ):
        return text
    m = VARIES.match(text)
    if m is None:
        return text
    s = _SAMPLES.match(text, m.end())
    if s is None:
        return text
    vals = list(_ONE.finditer(s.group("vals")))
    count = s.group("count").lower()
    if _COUNTS.get(count, int(count) if count.isdigit() else 0) != len(vals):
        return text
    name = m.group("x").lower()
    out, at = [], 0
    body = s.group("vals")
    for v in vals:
        out.append(body[at : v.start()] + f"{name} " + v.group(0))
        at = v.end()
    out.append(body[at:])
    return text[: s.start("vals")] + "".join(out) + text[s.end("vals") :]
