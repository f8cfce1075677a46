"""Verbs of change and arrival in prose: where a figure went, as a sentence reports a run.

- arrival: the figure's name, a verb of where it went, its value (`the accepted length has
  reached 3.6 tokens`, `the acceptance length decreased to about **3.3**`, `accept rate
  stays at 0.7`, `has climbed back up to 2.9`, `rose by 0.3 to 2.9`): one value, what the run
  printed. An auxiliary of the perfect (`has`, `had`) may stand before the verb; a modal or an
  infinitive (`should reach`, `needs to reach`, `is expected to reach`) is a target, and the
  name then never ends right before the verb, so nothing is read. A change alone (`improves
  by 0.3`, `up 12%`) has no value arrived at: nothing is read. A bound after the verb (`rose to
  over 80%`) or a share of something else (`dropped to 40% of the baseline`) is no figure.
- trajectory: where a figure began or held (`AL starts at ~3.07`, `was stable at ~61%`, a start
  at the figure's floor or a whole count, `starts at 1`, being a definition) and its next legs
  in the same sentence with no name of their own (`, smoothly regresses to ~2.8`, `, then
  dropped to ~36%`): one value each, the same figure's (only adverbs between the comma or the
  conjunction and the verb; a new subject, a modal, a hedge of likelihood, another measure or a
  value of the other kind is no leg).
- change: the verb of change that closes the words before `from X to Y` (`goes up from 0.6 to
  0.9`, `has gone down from`, `improved slightly from`): two values, the runs before and after
  (the caller reads them; a setting's span, `ranges from`, `varies from`, `between`, is a
  range, not a change).

Pure: regular expressions over one line; the caller names the figure (its key) and reads the
value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# an auxiliary of the perfect, or an adverb of time, before the verb ('has reached', 'had
# already dropped', 'has now risen', 'then fell', 'eventually climbed'); never a modal
_AUX = (
    r"(?:(?:has|have|had)(?:\s+(?:now|already|finally|just|since|also|then|eventually|even))?\s+|"
    r"(?:now|then|finally|eventually|quickly|gradually|steadily|later|soon|also|even|only|just|"
    r"slightly|barely|merely|consistently|persistently|still|always)\s+)?"
)
# a verb of change, its tenses and participles ('drops', 'dropped', 'fallen', 'goes', 'gone')
_CHANGE_VERB = (
    r"(?:drops?|dropped|dropping|falls?|fell|fallen|falling|rises?|rose|risen|rising|"
    r"climbs?|climbed|climbing|goes|go|went|gone|going|improves?|improved|improving|"
    r"increases?|increased|increasing|decreases?|decreased|decreasing|jumps?|jumped|"
    r"recovers?|recovered|degrades?|degraded|grows?|grew|grown|declines?|declined|"
    r"shrinks?|shrank|shrunk|sinks?|sank|sunk|plummets?|plummeted|soars?|soared|"
    r"slips?|slipped|dips?|dipped|creeps?|crept|comes?|came|moves?|moved|changes?|changed|"
    r"shifts?|shifted|edges?|edged|bumps?|bumped|collapses?|collapsed|spikes?|spiked|"
    r"regress(?:es|ed|ing)?|worsens?|worsened|deteriorat(?:es?|ed|ing)|decays?|decayed|"
    r"erodes?|eroded|slides?|slid|craters?|cratered|tanks?|tanked|sags?|sagged|"
    # (the participles of a later leg: '..., recovering to ~2.7', ', declining to 41%')
    r"recovering|degrading|declining|growing|shrinking|sinking|slipping|dipping|sliding|"
    r"collapsing|jumping|plummeting|soaring|creeping|edging|worsening|decaying|eroding)"
)
# a particle or an adverb of degree after the verb ('goes up', 'came back down', 'dropped
# sharply'), none to three
_PARTICLE = (
    r"(?:\s+(?:back|down|up|all\s+the\s+way|further|slightly|sharply|significantly|"
    r"substantially|considerably|dramatically|drastically|greatly|notably|markedly|somewhat|"
    r"marginally|a\s+lot|a\s+bit|a\s+little|only|quickly|steadily|gradually)){0,3}"
)
# the size of the change before the value arrived at ('rose by 0.3 to 2.9', 'by 12% to 70%')
_BY = r"(?:\s+by\s+[~≈]?\d+(?:\.\d+)?\s*(?:%|pp|points?|percentage\s+points?)?)?"
# a hedge between the verb and the value ('to about **3.3**', 'at roughly 0.7'); never a
# bound ('to over 80%', 'at least 2.5'): those are no figure read
HEDGE = (
    r"[*`]{0,2}(?:(?:about|around|roughly|approximately|approx\.?|nearly|almost|only|just|"
    r"barely|merely|exactly|some)\s+)?"
)
_ARRIVED_AT = (
    r"(?:" + _CHANGE_VERB + _PARTICLE + _BY + r"\s+to|"
    r"reach(?:es|ed|ing)?|hits?|hitting|"
    # what the figure came to be, no preposition ('the accept length becomes exactly 1.00')
    r"becomes?|became|becoming|"
    r"(?:sits?|sat|sitting|stays?|stayed|staying|remains?|remained|remaining|settles?|settled|"
    r"settling|hovers?|hovered|"
    r"hovering|peaks?|peaked|plateaus?|plateaued|stabili[sz]e[sd]?|levell?ed\s+off|levels?\s+off|"
    r"bottom(?:s|ed)?\s+out|tops?\s+out|topped\s+out|"
    # where a trajectory began ('AL starts at ~3.07', 'began at 0.7')
    r"starts?|started|starting|begins?|began|begun|opens?|opened|"
    # a level held ('was stable at ~61%', 'remained steady around 2.4'), the verb perhaps
    # left out as a summary leaves it ('showed the acceptance flat at ~80%')
    r"(?:(?:is|was|were|are|been|remains?|remained|stays?|stayed|holds?|held|kept)\s+)?"
    r"(?:(?:fairly|very|pretty|quite|mostly|roughly|largely)\s+)?"
    r"(?:stable|steady|flat|constant|unchanged|consistent|stuck)|"
    # where a measurement came out ('tok/round came out bit-identical at 2.44 in all runs')
    r"(?:comes?|came|coming|turns?|turned)\s+out(?:\s+(?:bit-?)?identical|\s+the\s+same)?)"
    r"\s+(?:at|around|near)|"
    # a level held, its value marked approximate right after the verb ('stays ~4.5', 'remained
    # ≈0.7'): the mark is the preposition's stand-in; a bare number after the verb is not read
    r"(?:stays?|stayed|staying|remains?|remained|remaining|hovers?|hovered|sits?|sat)(?=\s+[~≈])|"
    # ... or a bare value that ends its clause ('the acceptance rate remains 0.', 'stays 0%
    # when k is raised'): the level held; a value going on to a comparison ('remains 12%
    # lower', 'stays 2 points below') is none
    r"(?:stays?|stayed|remains?|remained)(?=\s+[*`]{0,2}\d+(?:\.\d+)?(?![.\d]\d|\d)(?:\s?%)?[*`]{0,2}"
    r"(?:\s*[.,;!)]|\s*$|\s+(?:when|whenever|with|for|on|across|after|regardless|throughout|"
    r"under|during|in)\b))|"
    # a level a run cannot leave ('the accept length is stuck at 1', 'got stuck at 1.2',
    # 'stuck around 2'): what it printed, again and again
    r"(?:(?:gets?|got|gotten|getting|seems?|seemed|appears?|appeared)\s+(?:to\s+be\s+)?)?"
    r"stuck\s+(?:at|around|near))"
)
_ARRIVED_VERB = (
    _AUX + _ARRIVED_AT + r"\s+" + HEDGE + r"(?:[~≈]\s?)?[*`]{0,2}"
    r"(?P<val>[~≈]?\s?\d+(?:\.\d+)?\s*%?)"
    # not a multiplier or a version ('to 2x', 'to 0.5.1'), nor a share of something else
    # ('to 40% of the baseline')
    r"(?!\d|[\w.]\d|\s*[x×](?![a-z])|\s*%?\s*of\b)"
    # nor the low end of a range ('sits at 0.55-0.85', 'at 2.1 to 2.4')
    r"(?!\s*%?\s*(?:[-–—~]|to\s|and\s)\s*[*`]{0,2}[~≈]?\d)"
)
# the name: 2 to _NAME_MOST characters
_NAME_MOST = 51
ARRIVED = re.compile(
    r"(?P<key>[A-Za-zτ][\w .%/-]{1,50}?)\s+" + _ARRIVED_VERB,
    re.I,
)
# what follows the name and its spaces in every arrival: :func:`arrivals` tries the whole
# pattern only in the reach of a name before one (the pattern's lazy name, tried at every
# letter of a line, is the cost)
_ARRIVED_AFTER = re.compile(r"(?<=\s)" + _ARRIVED_VERB, re.I)
_SPACE = re.compile(r"\s")


def arrivals(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`ARRIVED` in ``text``, those of ``ARRIVED.finditer(text)``: the
    whole pattern tried only at the places a name may start before a verb of arrival (at most
    a name's length before the spaces that precede the verb)."""
    start = 0  # no match starts before it
    after = 0  # where the next verb is looked for
    while True:
        v = _ARRIVED_AFTER.search(text, after)
        if v is None:
            return
        at = v.start()
        spaces = at
        while spaces > 0 and _SPACE.match(text, spaces - 1):
            spaces -= 1
        m = None
        for p in range(max(start, spaces - _NAME_MOST - 1), at):
            m = ARRIVED.match(text, p)
            if m is not None:
                break
        if m is None:  # no name before this verb: the next verb's
            start, after = max(start, at), max(start, at) + 1
            continue
        yield m
        start = after = m.end()


# the next leg of a trajectory, right after an arrival, with no name of its own ('AL starts at
# ~3.07, smoothly regresses to ~2.8', 'was stable at ~61% from 6/16 through 7/8, then dropped
# to ~36%'): the rest of the first clause, a comma or a conjunction, adverbs only (no noun: a
# new subject is another figure's), then a verb of where the figure went and its value
CONTINUED = re.compile(
    r"(?P<gap>[^.;!?\n]{0,60}?)(?:\s*,\s*(?:and\s+|but\s+)?|\s+(?:and|but)\s+)"
    # (a hedge of likelihood is no adverb of a run: 'and likely drops to 2')
    r"(?P<adv>(?:(?:then|later|eventually|finally|afterwards|since|gradually|now|"
    r"(?!(?:likely|possibly|probably|presumably|hypothetically|supposedly|theoretically|"
    r"ideally|potentially)\s)\w+ly)\s+){0,3})"
    r"(?P<verb>" + _AUX + _ARRIVED_AT + r")\s+" + HEDGE + r"(?:[~≈]\s?)?[*`]{0,2}"
    r"(?P<val>[~≈]?\s?\d+(?:\.\d+)?\s*%?)"
    r"(?!\d|[\w.]\d|\s*[x×](?![a-z])|\s*%?\s*of\b)"
    r"(?!\s*%?\s*(?:[-–—~]|to\s|and\s)\s*[*`]{0,2}[~≈]?\d)",
    re.I,
)


def continued(text: str, at: int, percent: bool) -> re.Match[str] | None:
    """The next leg of a trajectory whose previous leg ends at ``at``: the same figure's value
    (a rate after a rate, a number after a number), in the same sentence, no other measure
    named between and no other measure's unit after."""
    m = CONTINUED.match(text, at)
    if m is None or m.group("val").rstrip().endswith("%") != percent:
        return None
    if other_measure(m.group("gap") + " " + m.group("adv"), text[m.end() :]):
        return None
    return m


# the verb of change closing the words before 'from X to Y' ('the acceptance rate goes up',
# 'has gone down', 'improved drastically'): cut off, the words left name the figure
# (the change's size may come before its two ends in a bracket: 'drops 5% (from 70% to 65%)',
# 'rose by 0.4 (from ...')
CHANGE_BEFORE_FROM = re.compile(
    r"(?:^|\s+)"
    + _AUX
    + r"(?:"
    + _CHANGE_VERB
    + r")"
    + _PARTICLE
    + r"(?:\s+(?:by\s+)?[~≈]?\d+(?:\.\d+)?\s*(?:%|pp\b|points?\b|percentage\s+points?\b)?"
    r"(?:\s*\()?)?\s*$",
    re.I,
)
# another measure named in a clause that carries the figure of the clause before ('..., while
# throughput went from 40 to 61 tok/s'): that clause's change is the other measure's
_OTHER_MEASURE = re.compile(
    r"\b(?:throughput|speed|speedup|latency|ttft|tpot|itl|memory|accuracy|score|perplexity|"
    r"loss|time|tok/s|t/s|tokens/s|ms)\b|tok/s|t/s",
    re.I,
)
_UNIT_AFTER = re.compile(r"\s*(?:tok(?:en)?s?/s|t/s|ms\b|s\b|x\b|×|GB\b|MB\b)", re.I)


# where a trajectory began: its start is a definition where the value is the figure's floor
# or a whole count ('the acceptance length starts at 1 and grows by one per accepted token',
# 'the rate begins at 0'), a run's figure where it was measured ('AL starts at ~3.07')
_START = re.compile(
    r"\b(?:starts?|started|starting|begins?|began|begun|opens?|opened)\s+\S+\s*$", re.I
)


def floor_start(before_value: str, value: str) -> bool:
    """Whether an arrival whose words up to the value are ``before_value`` is where a
    trajectory starts at a floor or a whole count (``value`` as printed): no run's figure."""
    if _START.search(before_value.rstrip(" *`~≈")) is None:
        return False
    v = value.strip().lstrip("~≈ ")
    num = float(v.rstrip("% "))
    return num in (0.0, 1.0) or ("." not in v and not v.endswith("%"))


# the speculative decoding's length, a name that may be a setting's (the draft length) as much
# as a run's (the accept length), before a verb only a measured level takes ('is stuck at')
_SPEC_LENGTH = re.compile(
    r"\b(?:spec(?:ulative)?|spec[ -]?decod(?:e|ing)|speculative\s+decoding)\s+length\s*$", re.I
)
_STUCK = re.compile(r"\bstuck\s+(?:at|around|near)\b", re.I)


# the same in a block: whether a block may hold one (a quick test before the readers)
_STUCK_NAMED = re.compile(
    r"\b(?:spec(?:ulative)?|spec[ -]?decod(?:e|ing)|speculative\s+decoding)\s+length\s+"
    r"(?:\w+\s+){0,4}?stuck\s+(?:at|around|near)\b",
    re.I,
)


def stuck_named(body: str) -> bool:
    """Whether ``body`` says the speculative decoding's length is stuck at a level."""
    return "stuck" in body.lower() and _STUCK_NAMED.search(body) is not None


def stuck_length(key: str, verb: str) -> bool:
    """Whether ``key`` is the speculative decoding's length and ``verb`` (the words between it
    and its value) says it is stuck at a level: the accept length a run printed, no setting."""
    return _STUCK.search(verb) is not None and _SPEC_LENGTH.search(key.strip(" *`")) is not None


def other_measure(clause: str, after: str = "") -> bool:
    """Whether a clause without the figure's name names another measure, or its value has
    another measure's unit right ``after`` it: a change there is no change of the figure."""
    return _OTHER_MEASURE.search(clause) is not None or _UNIT_AFTER.match(after) is not None


# words one of the arrival verbs needs on the line: a quick test before the search
_HINT = re.compile(
    r"\s(?:to|at|around|near)\s|reach|\bhit|\s[~≈]|\s(?:stay|remain)(?:s|ed)?\s+[*`]{0,2}\d", re.I
)


def hinted(text: str) -> bool:
    """Whether the line may hold an arrival (a cheap test before :data:`ARRIVED`)."""
    return _HINT.search(text) is not None


# a condition or a supposition in the sentence before the verb ('so if the accept length
# collapsed to 1.0, nothing would notice', 'Suppose acceptance drops to 50%'): no run's figure
_CONDITION = re.compile(
    r"\b(?:if|unless|whether|suppose|supposing|assuming|assume|imagine|hypothetically|"
    r"in\s+case|lest)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?;:](?:\s|$)|\n")


# how far before a figure its condition is looked for: a sentence's own clause, and a bound
# that keeps a run-on line of thousands of figures linear
_CONDITION_REACH = 400


# a request for evidence before the figure ('Please provide: (1) ..., (2) logs showing the
# acceptance rate dropping to 0', 'could you share metrics where the AL falls to 1'): the
# symptom the writer asks to be shown, no run's figure; its list runs on past a colon
_REQUEST = re.compile(
    r"\b(?:(?:please|pls|kindly)\s+|(?:could|can|would)\s+you\s+(?:please\s+)?)"
    r"(?:provide|share|post|attach|send|upload|paste|include|add|give\s+us)\b"
    # (evidence asked for: logs, metrics, an output; 'can you share why the rate fell' is none)
    r"(?:[^.!?\n]|\.(?=\w)){0,300}?\b(?:logs?|metrics|outputs?|screenshots?|traces?|dumps?|stats|statistics)\b",
    re.I,
)
_REQUEST_END = re.compile(r"[.!?](?:\s|$)|\n")


def conditional(text: str, at: int) -> bool:
    """Whether the sentence holding ``at`` states a condition before it (within
    _CONDITION_REACH characters): what a figure would be, not what a run printed; or asks for
    evidence of it (a request, its list past a colon): what the writer wants to be shown."""
    start = max(0, at - _CONDITION_REACH)
    ask = start
    for m in _SENTENCE_END.finditer(text, start, at):
        start = m.end()
        if _REQUEST_END.match(m.group(0)):
            ask = m.end()
    return (
        _CONDITION.search(text, start, at) is not None or _REQUEST.search(text, ask, at) is not None
    )


# a goal or an expectation in the words before the verb ('we want the accept length to reach
# 3.0', 'the rate we need to hit is 70%', 'the AL must reach'): a target, no run's figure
_TARGET = re.compile(
    r"\bto\s*$|\b(?:want\w*|need\w*|hop(?:e|es|ed|ing)|aim\w*|expect\w*|target\w*|goals?|"
    # (a level to be held: 'keep the acceptance flat at 80%', 'maintaining AL at 2.5')
    r"keep|keeps|keeping|maintain\w*|"
    r"should|would|could|must|will|shall|may|might|can|ought)\b",
    re.I,
)


def target(words: str) -> bool:
    """Whether the words before an arrival verb make it a goal or an expectation."""
    return _TARGET.search(words) is not None


# a setting switched between the runs a change compares ('when switching from `top-k = 1` to
# `top-k = 10`', 'going from k=2 to k=4'): the two runs' configurations, one each; read as
# labels one after another, the first would label the second run (the caller leaves them out)
_SWITCH = re.compile(
    r"\bfrom\s+[`*]{0,2}(?P<k1>[A-Za-z][\w.-]*(?:\s[A-Za-z][\w.-]*){0,2}?)\s*[=:]\s*(?P<v1>[\w.]+)"
    r"[`*]{0,2}\s+(?:to|→|->)\s+[`*]{0,2}(?P<k2>[A-Za-z][\w.-]*(?:\s[A-Za-z][\w.-]*){0,2}?)\s*"
    r"[=:]\s*(?P<v2>[\w.]+)[`*]{0,2}",
    re.I,
)


def switches(text: str) -> list[tuple[int, int]]:
    """The spans of settings switched from one value to another, the same setting named twice."""
    if "from" not in text.lower():
        return []
    return [
        m.span()
        for m in _SWITCH.finditer(text)
        if m.group("k1").strip().lower() == m.group("k2").strip().lower()
    ]
