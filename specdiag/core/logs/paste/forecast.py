"""A figure a sentence says a change WILL bring is a forecast, no run: `the deeper head will give
us ~2.6 tok/step`, `K=4 should yield about 3.1 tokens per step`, `this is going to reach 2.9
accept length`, `we'd get 2.2 tok/step`. The value printed before its name (a length, tokens per
step) right after a verb of the future (`will`, `'ll`, `shall`, `would`, `'d`, `should`, `is
going to`, `is expected to`, `is projected to`) and a verb of giving or reaching (`give`,
`yield`, `get`, `reach`, `hit`, `achieve`, `deliver`, `bring`, `be`, `land at`, `provide`,
`produce`), perhaps an object pronoun and a hedge between (`us`, `about`, `~`), is not read; the
same line's figure said in the present or the past (`current X is ~1.8 tok/step`, `we measured
2.2 tok/step`) is read as before. `could` and `might` stay read: a paper's `could achieve 2.8
accept length` states what its method did. A value's own clause (after the last `;` or sentence
end before it) is where the figure it is the unit of is named: the forecast's clause before a
`;` names none for the next value (`own_clause`). The figure named after a verb of the future
and one of moving it (`should push acceptance to ~3.1`, `will lift the accept length to 2.8`:
`driven_to`) is a forecast too: where a change is said to bring the figure, not read.

Pure: a line and a position in, a verdict out (a bounded look behind the value: linear).
"""

from __future__ import annotations

import re

# (the look behind is at most _SPAN characters: a fixed bound per value)
_SPAN = 60
# a value standing alone (never a name's digit, 'v2', 'MTP3')
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])\s*%?")
# the name a value printed after it ('% acceptance rate,'): words alone, then a comma
_NAMED_BEFORE_COMMA = re.compile(r"\s*[A-Za-z][A-Za-z \-]{0,40},")
_FORECAST = re.compile(
    r"(?:\b(?:will|shall|would|should)|'ll|'d|\b(?:is|are|was|were)\s+(?:going|expected|"
    r"projected|predicted|estimated|forecast)\s+to)"
    r"\s+(?:(?:likely|probably|then|now|easily|only|still|also)\s+)?"
    r"(?:give|yield|get|reach|hit|achieve|deliver|bring|be|land(?:\s+at)?|provide|produce)"
    r"(?:\s+(?:us|you|them|me|about|around|roughly|approximately|approx\.?|nearly|almost|an?|"
    r"the)){0,2}"
    r"\s*[*`~≈]{0,2}\s*$",
    re.I,
)


def forecast_before(text: str, at: int) -> bool:
    """Whether the value at ``at`` (printed before its name) follows a verb of the future and of
    giving or reaching: a forecast, no measurement."""
    return _FORECAST.search(text, max(0, at - _SPAN), at) is not None


# a verb of the future, a verb moving its object (perhaps an adverb before it), the figure's name
# (the words after the verb, at most four) and `to` right before the value ('should push
# acceptance to', 'will raise the accept length to about'): bounded words, a bounded look behind
_DRIVEN_TO = re.compile(
    r"(?:\b(?:will|shall|would|should)|'ll|'d|\b(?:is|are)\s+(?:going|expected|projected|"
    r"likely)\s+to)\s+(?:(?:likely|probably|then|easily|further|also)\s+)?"
    r"(?:push|raise|lift|bring|boost|take|drive|move|increase|improve|get|put|"
    # (or down: 'would collapse acceptance to ~1', 'will cut the accept length to 1.4')
    r"lower|drop|cut|reduce|decrease|pull|knock|collapse|degrade|shrink|halve)\s+"
    r"(?:[^\s.;:!?]+\s+){1,4}?to(?:\s+(?:about|around|roughly|approximately|nearly|almost|"
    r"the|a))?\s*[*`~≈]{0,2}\s*$",
    re.I,
)


def driven_to(text: str, at: int) -> bool:
    """Whether the words before ``at`` (where a figure's name ends, before its value) hold a verb
    of the future and one of moving the figure, then `to` ('... should push acceptance to'): a
    forecast, no measurement."""
    return _DRIVEN_TO.search(text, max(0, at - _SPAN * 2), at) is not None


def own_clause(text: str, lo: int, at: int) -> str:
    """The words before ``at`` (from ``lo``) in the value's own clause: after the last `;` or
    sentence end between them (a clause before it states another figure, perhaps a forecast)."""
    cut = max(text.rfind(";", lo, at), text.rfind(". ", lo, at))
    start = cut + 1 if cut >= 0 else lo
    # (after the clause's last value: a name before it is that value's, 'acceptance 4%,
    # speculation 1.01 tok/step')
    ends = [m.end() for m in _NUMBER.finditer(text, start, at)]
    words = text[ends[-1] if ends else start : at]
    # words right after the last value, up to a comma, are that value's own name ('88%
    # acceptance, 5.1 tokens/step'): the clause of the next value starts after the comma
    after = _NAMED_BEFORE_COMMA.match(words) if ends and "," in words else None
    return words[after.end() :] if after is not None else words
