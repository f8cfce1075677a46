"""Figures the writer relays from someone else who measured them, or expects: no run of the paste.

A third party named as the subject of a verb of measuring (``A forum user tested the draft on
code and found ...``, ``One commenter measured ...``, ``Several testers reported ...``): the
figures after that sentence (a record numbered by its paragraph's first line, a title run on
into the prose, placed where its values are printed) are that person's, told by a writer who measured nothing, no record,
where the paste holds no first person anywhere (``I``, ``we``, ``my``, ``our``, ``我``: the
writer's own run may be told beside the relayed one, read as before). A person's noun alone
(``a user asked whether 66% is good``), a verb of another kind or a modal's (``users can test``)
and a subject that is no person (``the benchmark measured``) relay nothing (``third_party``).
The one who wrote a thread or a patch is such a person too (``the PR author``, ``a
maintainer``), and so is a thing of someone else's telling figures: a thread cited by its number
(``issue #N``, ``tool-x PR #N``; never ``this PR #N``, the paste's own), a thread, a post or an
article (``a Reddit thread``, ``one blog post``), a benchmark or a test marked as others' (``a
public benchmark``, ``an independent test``, ``one community benchmark``) or others' earlier
work, plural and under no determiner (``prior mlx-lm experiments``, ``previous studies``; never
``our prior experiments``, ``the earlier benchmarks``, nor earlier runs or tests, often the
writer's own); the verb in the past,
the present or its participle (``with the PR author reporting``), up to six words of place
between (``on a single 24 GB card``) or a relative clause of the source (``PR #N, which wires
the head in and reports``). Where the paste holds a first person somewhere, a paragraph (lines
between blank lines) holding none relays the figures from such a sentence to its end
(``third_party_paragraphs``): the writer's own words in another paragraph (``We wrote about this
last month``) keep no run of theirs in it; a paragraph of the writer's own (``I ran``, ``we
measured``, ``my benchmark reports``) is read as before.

A party named by its proper name opening a sentence, then a verb of reporting alone and its
object (``Acme reports the following acceptance lengths:`` over a table, ``Foo Labs claimed
64%``: a company, a lab or a project telling its own figures) is such a third party too
(``_named_party``). A tool as the subject (``vLLM reports``: its printing), a code-like name or
an acronym, a common subject opening the sentence (``This``, ``Profiling``, a source the cited
rules weigh such as ``Paper``, the writer's own instrument such as ``Grafana``), a verb of
running or getting (``Acme gets``) and a noun or a participle (``Bug reports from``, ``Lengths
quoted from``) are none.

The addressee's own figures told back (``Your log shows ...``, ``You got ...``): a sentence
opening on ``Your`` or on ``You`` and a verb of their measuring or telling in the past (``got``,
``saw``, ``measured``, ``reported``, ``said``; never ``You can see``, the writer's own shown), no
first person between its opening and the value but a hedge (``I think``, ``I guess``, ``I
believe``, ``I suspect``, ``I'd say``): the other person's run restated in a reply, no record. The writer's own after it (``..., mine reached 71%``) stays
(``told_back``).

A section whose markdown heading or bold title says its figures come from others (``### Numbers
from other projects``, ``## Third-party results``, ``**Others' benchmarks**``), no word of the
paste's own run in it (``we``, ``our``, ``my``, ``vs``, ``compared``): quoted, every block of it
gives no record (``others_heading``, read where a model card's section is). A heading naming
other engines with no source word (``### Other engines``) or a community's numbers the writer
adds to (``# Add my GPU's community numbers``) is read as before.

A comment line in a fenced code block of a usage section (a markdown heading ``Usage``,
``Example``, ``Examples``, ``Quick start``, ``Getting started``, ``How to use``, ``用法``,
``使用方法``, ``示例``), right above a line of the block that is no comment (the command it
annotates), no first person in it: what to expect of the command, no run (``usage_comments``).
The same comment under another heading, a command's output line, and a comment of the writer's
own run (``# we measured ...``) are read as before.

An announcement's approximate claim: in a paste inviting the reader to try the product
(``Users can run it locally``, ``you can now try``, ``用户可通过 ... 测试``) and holding no first
person anywhere, a value printed approximate (``约``, ``~``, ``about``) after its sentence's verb
of achieving (``achieves``, ``delivers``, ``实现了``, ``达到``): the vendor's claim relayed, no
run (``announced``, ``claimed_approx``). An exact value, a first person anywhere or no
invitation keep it read.

Pure: lines in, a verdict out; each search bounded by a line.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as TL
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.vocab import ANY_FIRST_PERSON

# a person other than the writer: a determiner, up to three words ('Reddit', 'forum', 'PR'), a
# noun of a person (an author, a maintainer: the one who wrote a thread or a patch); or
# 'someone', 'somebody'
_PERSON = (
    r"(?:\b(?:an?|one|another|some|several|two|three|many|other|the)\s+"
    r"(?:[\w'’/.-]+\s+){0,3}?"
    r"(?:users?|redditors?|commenters?|posters?|members?|testers?|reviewers?|developers?|"
    r"researchers?|persons?|people|folks|authors?|maintainers?|contributors?)|"
    r"\b(?:someone|somebody))\b"
)
# a thing of someone else's that tells figures: a thread cited by its number ('mlx-lm PR #N',
# 'issue #N'; never 'this PR #N', the paste's own), a thread, a post or an article ('a Reddit
# thread', 'one comment'; never 'the write-up', perhaps the paste's own), or a benchmark, a test or a study marked as others' ('a
# public benchmark', 'an independent test', 'one community benchmark'; never 'the benchmark',
# perhaps the writer's own)
_NUMBERED = r"(?<!\bthis\s)\b(?:PR|pull\s+request|issue|discussion|ticket)\s*#\d{1,7}\b"
_OTHERS_THING = (
    r"\b(?:an?|one|another|some|several)\s+(?:[\w'’/.-]+\s+){0,3}?"
    r"(?:threads?|posts?|PRs?|pull\s+requests?|comments?|tweets?|videos?|write-?ups?|"
    r"articles?|blog\s+posts?)\b"
)
_MARKED_THING = (
    r"\b(?:an?|one|another|some|several)\s+(?:[\w'’/.-]+\s+){0,2}?"
    r"(?:public|community|third[\s-]party|independent|external|reddit|forum|published|"
    r"upstream)\s+(?:[\w'’/.-]+\s+){0,2}?"
    r"(?:benchmarks?|tests?|runs?|studies|study|evaluations?|measurements?|experiments?|"
    r"reports?|comparisons?)\b"
)
# others' earlier work told with no determiner ('prior mlx-lm experiments showed', 'previous
# studies found'): measurements made before and elsewhere, plural, never the writer's ('our
# prior experiments', 'the earlier benchmarks': a determiner or a possessive before; runs and
# tests, often the writer's own, are none)
_EARLIER_WORK = (
    r"(?<!\bthe\s)(?<!\bthese\s)(?<!\bthose\s)(?<!\bour\s)(?<!\bmy\s)(?<!\bits\s)"
    r"\b(?:prior|previous|earlier|past)\s+(?:[\w'’/.-]+\s+){0,2}?"
    r"(?:experiments|studies|work|evaluations|measurements|benchmarks)\b"
)
_SOURCE = (
    r"(?:"
    + _PERSON
    + r"|"
    + _NUMBERED
    + r"|"
    + _OTHERS_THING
    + r"|"
    + _MARKED_THING
    + r"|"
    + _EARLIER_WORK
    + r")"
)
# a verb of measuring or reporting in the past, the present or its participle ('with the author
# reporting'; never a modal's infinitive: 'can test')
_MEASURED = (
    r"(?:tested|tests|testing|measured|measures|measuring|benchmarked|benchmarks|benchmarking|"
    r"ran|runs|running|reported|reports|reporting|found|finds|finding|saw|sees|seeing|observed|"
    r"observes|observing|got|gets|getting|clocked|clocking|recorded|recording|timed|shows|"
    r"showed|showing|claims|claimed|claiming)"
)
# the source, then the verb: up to six words of place or setup between ('on the forum', '(via the
# app)', 'on a single 24 GB card'), or a relative clause of the source (', which uses the
# built-in head and reports'), no sentence's end in it
_THIRD_PARTY = re.compile(
    _SOURCE + r"(?:[\s,(]+(?:[\w'’/.()-]+[\s,]+){0,6}?|\s+|,?\s+(?:which|that|who)\s+"
    r"(?:[^.!?\n]|[.!?](?=\S)){0,160}?\s)" + _MEASURED + r"\b",
    re.I,
)

# a party named by its proper name opening its sentence, then a verb of reporting alone ('Acme
# reports the following acceptance lengths:', 'Foo Labs claimed 3.1'), then its object: a
# company, a lab or a project telling its own figures. One or two capitalised words of letters
# (never a code-like name, 'vLLM', 'llama.cpp', 'Qwen3', nor an acronym, 'MTP': often the
# writer's component); never a verb of running or getting ('SGLang gets 3.12' is a compared
# tool's run: tools.subject_engine)
_NAMED_PARTY = re.compile(
    r"(?:^|(?<=[.!?;]\s))[\s>*_\-+]*"
    r"(?P<name>[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})?)\s+"
    r"(?:reports|reported|claims|claimed|publishes|published|announces|announced|cites|cited|"
    r"quotes|quoted|lists|listed)"
    # ... then its object: a determiner, a hedge or a figure (never 'from', 'by', 'in', a
    # bracket: a noun or a participle, 'Speed reports (...)', 'Lengths quoted from the card')
    r"\s+(?:(?:the|an?|its|their|these|those|that|this|some|about|around|roughly|nearly|over|"
    r"up\s+to)\b|[~≈]|\d)"
)
_REPORTING_GATE = ("report", "claim", "publish", "announc", "cite", "quote", "list")
# words opening a sentence as its subject that name no party: a pronoun or a determiner, a
# source the cited rules weigh (a paper, a card: alone in the paste a reported run), or the
# writer's own instrument, log or program (a dashboard, the server: the paste's run)
_NO_PARTY = re.compile(
    r"the|an?|this|these|that|those|it|its|each|every|everything|nothing|something|which|what|"
    r"who|one|another|there|here|all|both|some|any|none|also|then|table|figure|section|paper|"
    r"card|readme|docs|documentation|guide|tutorial|blog|post|article|thread|issue|report|"
    r"benchmark|bench|tests?|logs?|output|server|engine|client|dashboard|metrics|monitor|"
    r"monitoring|profiler|profiling|telemetry|grafana|prometheus|tensorboard|wandb|nsight|"
    r"perfetto|datadog|script|program|tool|model|draft|target|run|job",
    re.I,
)


def _named_party(line: str) -> bool:
    """Whether a line opens a sentence on a party's proper name reporting figures (_NAMED_PARTY),
    the name no common subject (_NO_PARTY) and no tool's (a tool reporting is its printing)."""
    low = line.lower()
    if not any(w in low for w in _REPORTING_GATE):
        return False
    for m in _NAMED_PARTY.finditer(line):
        name = m.group("name")
        if not any(_NO_PARTY.fullmatch(w) for w in name.split()) and not TL.tools_named(name):
            return True
    return False


def _relays(line: str) -> bool:
    """Whether a line names a third party telling figures: a person's or a thing's of others
    measuring (_THIRD_PARTY), or a party by its proper name reporting (_named_party)."""
    return _THIRD_PARTY.search(line) is not None or _named_party(line)


def third_party(raw: list[str]) -> int | None:
    """The first line (1-based) of a sentence naming a third party as the subject of a verb of
    measuring, in a paste holding no first person anywhere; None otherwise."""
    if any(ANY_FIRST_PERSON.search(t) for t in raw):
        return None
    for n, t in enumerate(raw, 1):
        if _relays(t):
            return n
    return None


def third_party_paragraphs(raw: list[str]) -> tuple[tuple[int, int], ...]:
    """Where a paste holds a first person somewhere, each paragraph (lines between blank lines)
    holding none whose line names a third party as the subject of a verb of measuring: (that
    line, the paragraph's last line), 1-based. The writer relays the figures from there to the
    paragraph's end; their own run told in another paragraph stays read."""
    if not any(ANY_FIRST_PERSON.search(t) for t in raw):
        return ()
    out: list[tuple[int, int]] = []
    n = 0
    while n < len(raw):
        if not raw[n].strip():
            n += 1
            continue
        end = n
        while end < len(raw) and raw[end].strip():
            end += 1
        para = raw[n:end]
        if not any(ANY_FIRST_PERSON.search(t) for t in para):
            src = next((n + i + 1 for i, t in enumerate(para) if _relays(t)), None)
            if src is not None:
                out.append((src, end))
        n = end
    return tuple(out)


# the marks a sentence may open on (a list's, a quote's, emphasis) before its first word
_OPENING = re.compile(r"[\s>*_\-+]*")
# 'Your' (the addressee's log, numbers, run) or 'You' and a verb of their own measuring or
# telling in the past ('You got', 'You saw'; never 'You can see', the writer's own shown)
_ADDRESSEE = re.compile(
    r"Your\b|You\s+(?:(?:just|also|already)\s+)?(?:got|saw|measured|reported|observed|posted|"
    r"mentioned|said|hit|reached|quoted|shared|found)\b"
)
# a hedge in the first person: no run of the writer's
_HEDGE = re.compile(r"\bI\s+(?:think|guess|believe|suspect|reckon|assume)\b|\bI'd\s+say\b")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def _places(r: PasteRecord, line: str) -> list[int]:
    vals = [v.strip().strip("*`~≈ ") for _, v in r.fields if re.search(r"\d", v)]
    out: list[int] = []
    for val in vals:
        num = re.match(r"\d+(?:[.,]\d+)?", val)
        if num is None:
            return []
        hits = [
            m.start()
            for m in re.finditer(
                r"(?<![0-9A-Za-z_.])" + re.escape(num.group()) + r"(?![0-9A-Za-z_.]?\d)", line
            )
        ]
        if not hits:
            return []
        out.extend(hits)
    return out


def told_back(r: PasteRecord, raw: list[str]) -> bool:
    """Whether every place the record's one-line values are printed sits in a sentence opening
    on the addressee (``Your``, ``You``), no first person between but a hedge."""
    if r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    if "You" not in line:
        return False
    places = _places(r, line)
    if not places:
        return False
    for at in places:
        start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, at)), default=0)
        m = _OPENING.match(line, start)
        opened = m.end() if m else start
        if not _ADDRESSEE.match(line, opened):
            return False
        between = _HEDGE.sub(" ", line[opened:at])
        if ANY_FIRST_PERSON.search(between):
            return False
    return True


# a heading naming others as the source of its figures: 'from' or 'by' others, other projects,
# a third party or the community; a third party's figures; others' (never 'community numbers'
# alone: a writer adds their own to a community's table)
_OTHERS = re.compile(
    r"\b(?:from|by|per|according\s+to)\s+(?:the\s+)?(?:others\b|third[\s-]+part(?:y|ies)\b|"
    r"community\b|other\s+(?:implementations?|projects?|engines?|frameworks?|people|users|"
    r"teams|groups|vendors|labs|sources|repos|repositories)\b)|"
    r"\bthird[\s-]+party\s+(?:results|benchmarks|numbers|figures|measurements|"
    r"reports|data)\b|\bothers['’]\s",
    re.I,
)
_HEADED = re.compile(r"^\s*(?:#{1,6}\s|\*\*|__)")
_OWN_RUN = re.compile(
    r"\b(?:we|our|ours|my|mine|I|vs\.?|versus|compar\w*|against)\b|复现|实测|对比", re.I
)


def others_heading(heading: str) -> str | None:
    """What a markdown heading or bold title names as its figures' source where it says they
    come from others (see the module's rule); None otherwise."""
    if not _HEADED.match(heading) or _OWN_RUN.search(heading):
        return None
    m = _OTHERS.search(heading)
    return m.group(0).strip() if m else None


_FENCE = re.compile(r"^\s*(?:```|~~~)")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*)$")
_USAGE = re.compile(
    r"^[\W_]*(?:example\s+)?(?:usage|examples?|quick\s*-?\s*start|getting\s+started|"
    r"how\s+to\s+use)\b|^[\W_]*(?:用法|使用方法|使用示例|示例)",
    re.I,
)
_COMMENT = re.compile(r"^\s*(?:#|//)")


def usage_comments(raw: list[str]) -> frozenset[int]:
    """The lines (1-based) that are comments in a fenced code block of a usage section, right
    above a line of the block that is no comment, no first person in them (the module's rule)."""
    out: set[int] = set()
    fenced = False
    usage = False
    pending: int | None = None
    for n, t in enumerate(raw, 1):
        if _FENCE.match(t):
            fenced = not fenced
            pending = None
            continue
        if not fenced:
            if (h := _MD_HEADING.match(t)) is not None:
                usage = _USAGE.match(h.group(1)) is not None
            continue
        if not usage or not t.strip():
            continue
        if _COMMENT.match(t):
            pending = None if ANY_FIRST_PERSON.search(t) else n
            continue
        if pending is not None:
            out.add(pending)
            pending = None
    return frozenset(out)


# the reader invited to try the product ('Users can run it locally', 'you can now try',
# '用户可通过 ... 测试'): an announcement
_INVITED = re.compile(
    r"\b(?:users|you|anyone|everyone|readers)\s+can\s+(?:now\s+)?(?:try|test|run|download|use)\b|"
    r"用户可(?:以)?[^。！？!?\n]{0,40}?(?:测试|体验|试用|运行|下载|使用)|(?:欢迎|快来)(?:试用|体验)",
    re.I,
)
# a verb of achieving a figure ('MTP achieves', '实现了', '达到'), then an approximate mark right
# before the value
_ACHIEVES = re.compile(
    r"\b(?:achieves?|achieved|delivers?|delivered|reaches|reached|hits|offers?|brings?)\b|"
    r"实现了?|达到了?|达成",
    re.I,
)
_APPROX_BEFORE = re.compile(
    r"(?:约|大约|近|~|≈|\babout|\baround|\broughly|\bapproximately|\bnearly)\s*$", re.I
)
_ANY_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")


def announced(raw: list[str]) -> bool:
    """Whether a paste reads as an announcement: it invites the reader to try the product and
    holds no first person anywhere."""
    return any(_INVITED.search(t) for t in raw) and not any(ANY_FIRST_PERSON.search(t) for t in raw)


def claimed_approx(r: PasteRecord, raw: list[str]) -> bool:
    """Whether every place a one-line record's values are printed is approximate (``约``,
    ``~``, ``about``) right after its sentence's verb of achieving (``achieves``, ``实现``): a
    product's claim as an announcement words it."""
    if r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    places = _places(r, line)
    if not places:
        return False
    for at in places:
        start = max((e.end() for e in _ANY_SENTENCE_END.finditer(line, 0, at)), default=0)
        before = line[start:at]
        if not _APPROX_BEFORE.search(before) or not _ACHIEVES.search(before):
            return False
    return True


def _printed_line(r: PasteRecord, raw: list[str]) -> int:
    """The line (1-based) where a record's values are printed: its first line, or where a
    record numbered by its paragraph's opening line (a title run on into the prose under it)
    prints them, the first line of that paragraph holding every value, seeking no further than
    its blank line."""
    n = r.first_line
    while 1 <= n <= len(raw) and raw[n - 1].strip():
        if _places(r, raw[n - 1]):
            return n
        n += 1
    return r.first_line


def relayed(
    r: PasteRecord,
    raw: list[str],
    from_line: int | None,
    usage: frozenset[int],
    announcement: bool,
    paragraphs: tuple[tuple[int, int], ...] = (),
) -> bool:
    """Whether a record is relayed or expected (the module's rules): after a third party's
    measuring (``from_line``, from :func:`third_party`), told back to the addressee, a usage
    comment (``usage``, from :func:`usage_comments`), or an announcement's approximate claim
    (``announcement``, from :func:`announced`)."""
    if from_line is not None and _printed_line(r, raw) >= from_line:
        return True
    if paragraphs:
        at = _printed_line(r, raw)
        if any(src <= r.first_line and at <= last for src, last in paragraphs):
            return True
    if r.first_line == r.last_line and r.first_line in usage:
        return True
    if announcement and claimed_approx(r, raw):
        return True
    return told_back(r, raw)
