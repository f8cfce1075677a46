"""A threshold stated in prose is no run: `The threshold appears to be ~50% acceptance`, `the
break-even point is around 55% acceptance`, `a 40% acceptance threshold`, `the draft needs
~60% acceptance to pay off`, `the minimum acceptance rate for a gain is 45%`, `接受率阈值约为
50%`. The figure says where speculation starts to pay, not what a run measured (a key ending
in `threshold` and a bound right before a value, `at least 60%`, are read so elsewhere:
interpret.py).

A threshold word (threshold, break-even, cut-off, tipping point, crossover, minimum, needs,
requires, 阈值, 门槛, 至少, 最低, 閾値) and the first number after it in its clause, or a number
and the threshold word right after it (`a 40% acceptance threshold`, `55% is the break-even`),
are blanked in the line before it is read; a clause that says the figure was measured
(`above the threshold we measured 62%`) is kept, and so is every figure outside those spans
(`we measured ~50% acceptance`). A measured value set against the threshold's right after it
(`break-even acceptance is 0.62, against a measured 0.58`; `vs. the observed`, `compared to an
actual`) is the run's: read under the figure's name the threshold's words held.

Pure: a line in, a line of the same length out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import vocab as V

# the nouns of a threshold ('a 40% acceptance threshold'), then every word that states one
_NOUN = (
    r"thresholds?|breaks?[- ]?even(?:\s+point)?|cut-?offs?|tipping\s+point|crossover(?:\s+point)?"
)
_WORD = (
    r"(?:\b(?:" + _NOUN + r"|minimum|min\.|needs?|needed|requires?|required|necessary)\b|"
    r"阈值|门槛|临界值?|至少|最低|閾値|しきい値)"
)
# the words between the threshold word and its value: one clause (no ',', ';' or a sentence's
# end), none saying the figure was measured
_BETWEEN = r"(?:(?![,;]|[.!?](?:\s|$)|[，；。])[^\n\d]){0,50}?"
_MEASURED = re.compile(
    r"\b(?:measured|measure|observed|observe|saw|see|got|get|recorded|printed|reported|logged|"
    r"ended\s+up|came\s+out|reached|hit|achieved|achieve)\b",
    re.I,
)
# a share or a decimal (never a whole number: 'needs k=3' is a setting)
# a minimum over the run's requests or prompts ('the minimum acceptance rate across prompts was
# 41%'): a statistic of what was measured, read as such elsewhere
_STATISTIC = re.compile(r"\b(?:was|were|across|among|over|of\s+all|per)\b", re.I)
_KEY_SEPARATOR = re.compile(r"[*`_]{0,2}\s*[:=：]\s*")
_NUMBER = r"[~≈]?\s?(?:\d+(?:\.\d+)?\s*%|\d+\.\d+)"
_WORD_THEN_VALUE = re.compile(
    r"(?P<word>" + _WORD + r")(?P<between>" + _BETWEEN + r")[*`]{0,2}" + _NUMBER + r"(?!\d|\.\d)",
    re.I,
)
# a threshold's noun, then its clause holding a setting's assignment ('k=5', '`n_draft=3`'),
# then the value: the threshold at that setting
_NOUN_SET_THEN_VALUE = re.compile(
    r"\b(?:" + _NOUN + r")\b(?P<between>(?:(?![,;]|[.!?](?:\s|$))(?:[^\n\d]|(?<==)\d+)){0,60}?"
    r"(?<==)\d+(?:(?![,;]|[.!?](?:\s|$))[^\n\d]){0,30}?)[*`]{0,2}" + _NUMBER + r"(?!\d|\.\d)",
    re.I,
)
# a value, then its figure's name (at most three words), then the threshold word
# ('a 40% acceptance threshold', '55% acceptance is the break-even', '2.0 AL cut-off')
_VALUE_THEN_WORD = re.compile(
    r"(?<![\w.])" + _NUMBER + r"[*`]{0,2}"
    # (never a value said to be beside the threshold: '62% is well above the threshold')
    r"(?:\s+(?!(?:above|below|over|under|beyond|past|than|exceeds?|exceeding|near|close|"
    r"clears?|cross\w*|pass\w*|well|just|still|safely|comfortably|at|of)\b)[A-Za-z][\w-]*){0,3}?\s*"
    r"(?:(?:is|as|marks?|sets?|=)\s+(?:the\s+|a\s+|an\s+|our\s+)?)?"
    r"(?:\b(?:" + _NOUN + r")\b|阈值|门槛|閾値|"
    # (a value its name calls a gate or a claim, 'the 0.25 acceptance gate', 'the official 90%
    # acceptance claim': the bar a run is set against or another's figure, never 'gates the
    # run' nor 'claims to' / 'claim that' of a verb)
    r"\b(?:gate|claim)s?\b(?!\s+(?:to|that|the|a|an|its|their|our|my)\b))",
    re.I,
)
_QUICK = re.compile(
    r"thresh|break|cut|tipping|crossover|min|need|requir|necessary|gate|claim|阈值|门槛|临界|至少|"
    r"最低|閾値|しきい値",
    re.I,
)
_QUICK_ASCII = (
    "thresh", "break", "cut", "tipping", "crossover", "min", "need", "requir", "necessary", "gate",
    "claim",
)  # fmt: skip

# A goal word (vocab.GOAL_WORDS) before a figure's name ('Target acceptance rate:
# 70%', 'the golden AL 2.78', 'expected accept length of 3.0', 'reference AL 2.9', '黄金接受长度
# 2.78'): the value is set or aimed at, no run. Up to three words may come between the goal word
# and the name ('committed thinking-on golden AL'), or the goal word may be a key, the name right
# after its colon ('Target: acceptance at 70%'); 'reference' only right before it.
_GOAL_NAME = (
    r"(?:(?:avg|average|mean)\s+)?(?:acc(?:ept(?:ance|ed)?)?\.?(?:[\s_-]+(?:len(?:gth)?|rate|"
    r"ratio))?|AL|τ|tau|MAT)(?![\w-])"
)
_GOAL_SPAN = re.compile(
    r"(?:" + V.GOAL_WORDS + r"(?:\s*的)?(?:\s+(?!(?:is|was|of|at|got|measured)\b)[\w-]+){0,3}?"
    # a goal word as a key, the name right after its colon ('Target: acceptance at 70%')
    r"|" + V.GOAL_WORDS + r"[*`_]{0,2}\s*[:：]"
    r"|\breference)\s*(?P<name>" + _GOAL_NAME + r")"
    r"[*`_]{0,2}\s*(?:[:=：]|\b(?:of|is|was|at|to|of\s+about)\b|为|是)?\s*[*`]{0,2}"
    + _NUMBER
    + r"(?!\d|\.\d)[*`]{0,2}"
    # a measured value right after the goal ('target 70%, got 62%'): the run's, read under the
    # figure's name
    r"(?P<then>\s*(?:[,;(]\s*|\s)(?:(?:but|and|while|vs\.?)\s+)?(?:(?:we|I|it|the\s+run)\s+)?"
    r"(?:got|get|measured|observed|saw|see|reached|hit|achieved|actual(?:ly)?|obtained)\b"
    r"\s*(?:[:=]\s*)?(?:(?:was|is|of|at|only|just|about)\s+)*(?=[*`~≈]*\d))?",
    re.I,
)
_GOAL_QUICK = re.compile(
    r"target|goal|expect|golden|pinned|committed|desired|intended|aimed|configured|reference|"
    r"黄金|目标|预期|期望|既定",
    re.I,
)
_GOAL_QUICK_ASCII = (
    "target", "goal", "expect", "golden", "pinned", "committed", "desired", "intended", "aimed",
    "configured", "reference",
)  # fmt: skip


# A tuning target: a setting to be tuned so the figure lands at a value ('sigma should be tuned so
# the acceptance rate is about 25%', 'k must be chosen so that the accept length is near 3.0',
# 'Set the step so the acceptance rate is ~0.6'): the value aimed at, no run. A modal (should,
# must, can, needs to, has to, ought to, is to) and 'be' before the verb, or the verb opening a
# sentence (an instruction); a past tense with its subject ('we tuned k so the rate was 41%')
# says what the tuning gave and is read as before.
_TUNE_VERB = r"(?:tuned|set|chosen|picked|adjusted|calibrated|configured|selected)"
_TUNED_SPAN = re.compile(
    r"(?:\b(?:should|must|can|could|ought\s+to|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)"
    r"\s+be\s+" + _TUNE_VERB + r"|(?:^|(?<=[.!?:;]\s)|(?<=[.!?:;]))\s*[*_-]{0,2}\s*"
    r"(?:tune|set|choose|pick|adjust|calibrate|select))\b"
    # the setting's words, then 'so' or 'so that' (one clause: no figure, no sentence's end)
    r"(?:(?![,;]|[.!?](?:\s|$))[^\n\d]){0,60}?\bso(?:\s+that)?\s+"
    r"(?:(?:the|its|our|your|their)\s+)?(?:[\w-]+\s+){0,2}?(?P<name>" + _GOAL_NAME + r")"
    r"[*`_]{0,2}\s*(?:(?:is|stays|sits|lands|falls|becomes|comes\s+out|ends\s+up|reaches|hits)"
    r"\s+)?(?:(?:at|to|of|about|around|roughly|approximately|near|close\s+to|nearly|near\s+to)\s+)*"
    r"[*`]{0,2}" + _NUMBER + r"(?!\d|\.\d)",
    re.I | re.M,
)

_TUNE_QUICK = (
    "tune", "set", "choose", "chosen", "pick", "adjust", "calibrat", "configured", "select",
)  # fmt: skip


def _blank_tuned(line: str) -> str:
    """``line`` with each tuning target's span (_TUNED_SPAN) blanked."""
    low = line.lower()
    if " so" not in low or not any(w in low for w in _TUNE_QUICK):
        return line
    for m in list(_TUNED_SPAN.finditer(line)):
        a, b = m.span()
        line = line[:a] + " " * (b - a) + line[b:]
    return line


def _quick(pattern: re.Pattern[str], ascii_words: tuple[str, ...], line: str) -> bool:
    """Whether ``pattern`` (words, case-blind) finds one in ``line``. An ASCII line is asked by
    substring tests of its lower case (the pattern's alternatives tried at every place of a long
    line are not); outside ASCII the pattern itself is asked: its case-blind letters match more
    than their lower case ('K' for k, 'ſ' for s)."""
    if line.isascii():
        low = line.lower()
        return any(w in low for w in ascii_words)
    return pattern.search(line) is not None


def _blank_goals(line: str) -> str:
    for m in list(_GOAL_SPAN.finditer(line)):
        a, b = m.span()
        if m.group("then") is None:
            line = line[:a] + " " * (b - a) + line[b:]
            continue
        # keep the name and the measured value: 'acceptance rate:        62%'
        n0, n1, t1 = m.start("name"), m.end("name"), m.end("then")
        line = line[:a] + " " * (n0 - a) + line[n0:n1] + ":" + " " * (t1 - n1 - 1) + line[t1:]
    return line


# the first word of a line a sentence wrapped onto: a threshold's noun there may close the
# value-then-noun span of the line above ('... the official 90% acceptance' / 'claim is ...')
_WRAPPED_NOUN = re.compile(
    r"^\s*[*_]{0,2}(?:" + _NOUN + r"|(?:gate|claim)s?)\b(?!\s+(?:to|that|the|a|an|its|their|"
    r"our|my)\b)",
    re.I,
)


def blank_wrapped(line: str, after: str) -> str:
    """``blank(line)``, where the line ``after`` it opening on a threshold's noun (a sentence
    wrapped by hand) closes a value-then-noun span at its end: that value blanked too."""
    line = blank(line)
    m = _WRAPPED_NOUN.match(after) if after and _quick(_QUICK, _QUICK_ASCII, after[:40]) else None
    if m is None:
        return line
    return blank(f"{line.rstrip()} {m.group(0).strip()}")[: len(line)].ljust(len(line))


# a value, then a comparison written after it (Japanese and Korean put it there: '1.5未満',
# '2.0 以上', '1.5 미만', '90% 이하', '3を超える'): the value bounds the figure (an alarm's or a
# check's threshold), nothing measured; blanked with the comparison
_CJK_BOUND_AFTER = re.compile(
    r"(?<![\w.])[~≈]?\s?(?:\d+(?:\.\d+)?\s*%|\d+\.\d+|\.\d+)[*`]{0,2}\s?(?:未満|以下|以上|以内|を?超え|超過|미만|이하|이상|초과|"
    r"[을를]\s?(?:넘|밑돌)|"
    # ('1.2보다 커야', '1.2より高い': than the value; '.85라면', '0.7이면', '0.7なら', '0.7と
    # すると': if the figure were the value, a supposition)
    r"보다|より|(?:이)?라면|이면|なら|であれば|だ?とすると|だ?とすれば|と仮定)"
)
_CJK_BOUND_QUICK = (
    "未満", "以下", "以上", "以内", "超え", "超過", "미만", "이하", "이상", "초과", "넘", "밑돌",
    "보다", "より", "라면", "이면", "なら", "であれば", "すると", "すれば", "と仮定",
)  # fmt: skip


def _blank_cjk_bounds(line: str) -> str:
    if line.isascii() or not any(w in line for w in _CJK_BOUND_QUICK):
        return line
    for m in list(_CJK_BOUND_AFTER.finditer(line)):
        a, b = m.span()
        line = line[:a] + " " * (b - a) + line[b:]
    return line


def blank(line: str) -> str:
    """``line`` with every threshold's value (and the words that state it) blanked, and every
    goal's (a target, an expected or golden value)."""
    line = _blank_cjk_bounds(line)
    line = _blank_tuned(line)
    if _quick(_GOAL_QUICK, _GOAL_QUICK_ASCII, line):
        line = _blank_goals(line)
    if not _quick(_QUICK, _QUICK_ASCII, line):
        return line
    spans = [
        m.span()
        for m in _WORD_THEN_VALUE.finditer(line)
        if _MEASURED.search(m.group("between")) is None
        # ('minimum: 2.5', 'threshold = 0.5': a key of its own, read as such by the key rules)
        and not _KEY_SEPARATOR.fullmatch(m.group("between"))
        and not (
            m.group("word").lower().startswith("min") and _STATISTIC.search(m.group("between"))
        )
    ]
    if "=" in line:
        # (a threshold's noun over a setting of the run: 'the break-even at `k=5` is 0.83')
        spans.extend(
            m.span()
            for m in _NOUN_SET_THEN_VALUE.finditer(line)
            if _MEASURED.search(m.group("between")) is None
            and not any(a <= m.start() < b for a, b in spans)
        )
    spans.extend(m.span() for m in _VALUE_THEN_WORD.finditer(line))
    for a, b in spans:
        kept = _measured_after(line, a, b)
        line = line[:a] + " " * (b - a) + line[b:]
        if kept is not None:
            # keep the figure's name before the measured value: 'acceptance:        0.813'
            name, end = kept
            line = line[:b] + name + ":" + " " * max(end - b - len(name) - 1, 0) + line[end:]
    return line


# a measured value of the same figure right after a threshold's ('break-even acceptance is
# 0.832, against a measured 0.813', '... needs 55%, vs. the observed 51%'): the run's, read
# under the figure's name the threshold's words hold
_THEN_MEASURED = re.compile(
    r"[*`]{0,2}\s*,?\s*(?:against|vs\.?|versus|compared\s+(?:to|with))\s+"
    r"(?:(?:a|an|the|our|my)\s+)?(?:measured|observed|actual)\s+(?=[*`~≈]*\d)",
    re.I,
)
_NAME = re.compile(r"(?<![\w-])" + _GOAL_NAME, re.I)
_NAME_BEFORE = 24  # characters looked at before a threshold word for its figure's name


def _measured_after(line: str, a: int, b: int) -> tuple[str, int] | None:
    """The figure's name in the threshold's span ``line[a:b]`` and where the measured value
    after it starts, where one follows (see ``_THEN_MEASURED``); else None."""
    m = _THEN_MEASURED.match(line, b)
    if m is None:
        return None
    # (the name in the span, or right before its threshold word: 'the acceptance threshold')
    names = _NAME.findall(line, a, b) or _NAME.findall(line, max(a - _NAME_BEFORE, 0), a)
    if len(names) != 1 or len(names[0]) + 1 > m.end() - b:
        return None
    return names[0], m.end()
