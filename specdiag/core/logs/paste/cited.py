"""A figure cited as the reference a run reproduces, reaches or matches: no run of the paste.

    Measured the draft on MT-Bench (112,844 decode steps), reproducing that card's published
    AL of 3.05 to within 4.1%:

A verb of reproduction or comparison (``reproducing``, ``reproduces``, ``replicates``,
``matches``, ``reaches``, ``approaches``, ``recovers``, ``close to``, ``within 4% of``) then the
source of a figure (``card``, ``model card``, ``published``, ``official``, ``paper``,
``reported``, ``upstream``, ``vendor``, ``advertised``, ``claimed``), then only the figure's name
and a connector (``AL of``, ``acceptance length:``) before the value: the value is the target the
run was set against (as a threshold is), no record. A source alone (``The model card reports an
AL of 3.05``, ``- model card: 3.05`` under a measured figure: a reported run) stays a record, and
so does the run's own value after such a clause (``reproducing the paper's AL: we got 2.9``).

A figure attributed to a source in its own sentence (``in the blog post, their draft reached an
AL of 2.80``, ``the paper reports 3.1``, ``AL 2.80 (from the team's blog)``), no first person
between the source and the value (the writer reading it, ``we see that``, is none), in a paste
holding its own figure too, on the same line (``while mine only gets 2.61``) or another (``on my box
τ = 2.4``), or its own run set aside (a draft's training trajectory, no serving measurement):
that source's figure, set against the run, no record. Where every figure of the paste is so
attributed, they stay reported runs (above). A sentence closing on its source (`greedy at 62%
acceptance beat sampling at 64% in the post.`: `in`, `from` or `per`, a determiner, up to two
words, a source, a post, a thread or a write-up, then only closing marks), no first person
anywhere in it and no method's origin (`as described in the paper`), attributes its figures
alike; a rate printed as a percentage is matched by its share. A footnote is such a source too, its owner
possessive before it or not (``that row's footnote reports 0.345``), and a sentence wrapped from
the line above is read from its opening there (the line above ending no sentence). A label
opening its line with the source (``- Model card AL: 3.05``, ``Paper τ = 3.1``; never ``paper
config``) names it as well, and so do Chinese and Japanese sources (``论文给出的``, ``模型卡``,
``官方数据``, ``技术报告``, ``モデルカード``, ``公式ブログ``; never ``官方`` alone, the Chinese ``公式`` nor a
setup the run followed, ``论文的设置``, ``官方实现``), no first person nor a word of the writer's
own run (``实测``, ``测得``, ``复现``) between the source and the value. A line naming only its
source under the measured line (``- 论文：4.30；差距 -4.2%。``) gives no record of its own.

A section whose markdown heading names a model card as where its figures come from (`### Mean
acceptance length (model card of org/draft-x)`, `## 模型卡的接受长度`), with no word of the paste's
own run in it (`we`, `our`, `my`, `measured`, `reproduced`, `vs`, `compared`, `复现`, `实测`):
the card's published figures quoted, no run of the paste; every block of the section (to the next
markdown heading) gives no record. A heading naming the card beside the paste's own run
(`## Our runs vs the model card`, `## 官方模型卡复现`) is read as before. So is a section whose
heading names a paper's figure or table with its page (`### Paper title — Fig.6 (p.4)`, `## Table 2
(page 7)`): notes reading a published plot, its values the paper's, no run of the paste.

A paste quoting a model card throughout (`card_digest`): a section headed as the card's figures
(above) or a source field linking a model's page (`**Source:** https://huggingface.co/org/name`,
a digest of the card), and no first person anywhere (`we`, `our`, `I`, `my`, `我`, `私`, `tôi`,
`mình`, `우리`): nothing in it is the writer's run, so the sections after the card's heading are
the card's figures too; every record of it gives none. A Chinese repost's project or download
field (`项目地址`, `下载链接`, after a bracketed tag and the model's name too) is such a field, and
so is a link to one of the hub's mirrors (`hf-mirror.com`, a host's `hf_mirrors/` path,
`modelscope.cn/models/`).

A page listing its sources on a line of their own (`Sources: ...`, `References: ...`), no first
person anywhere (`listed_source_closings`): a value whose sentence closes on a source named with
`the` or `that` (`in the post.`, `from that article.`) is the listed source's, quoted, no record,
alone in the paste too; `this post` (the page itself) is none.

A figure in a sentence attributing it to a linked page (`based on [the forum
benchmarks](https://...) showing 48% acceptance`, `according to [the docs](https://...), 2.9`), no
first person between the link and the value: that page's figure, quoted, no record; the writer's
own after it (`based on [the guide](https://...), we got 2.9`) stays. A first person anywhere (`On our box the
long prompts gave ...`) keeps the other sections read.

A one-line record whose every value follows, in its sentence, a source's table, figure or
section named as where it is (`in Table 2 of your paper`, `Figure 4 of their report shows`, `the
preprint's Table 2`): that source's figure quoted, no record, alone in the paste too. A first
person anywhere in the sentence (the writer's own run, `we measured ...`, or their own paper, `in
Table 2 of our paper`) keeps it read; a figure only said to be reported (`is reported as 3.05`),
alone in the paste, is a reported run (the house rule).

Figures each followed, in their sentence, by a passive clause saying they were quoted (`are
cited from "a trial run"`, `were quoted from the thread`), or, where the sentence calls them
claims (`claims (...)`), taken from a source (`are taken from`, `according to`): quoted, not
measured, no record, however many figures the record holds. A first person in the sentence
(`we measured 2.40 and it is quoted in the PR`) is the writer's run, cited by themselves: read.

A figure inside a bracket that names a venue and its year (`(the tree drafter, ICML 2024 at 3.9
tokens a step)`, `[COLM'25: 0.71]`): a paper's citation, its figure the paper's, no record, alone
in the paste too. A first person in the bracket (`(ICML 2024; we got 2.9)`) keeps it read, and so
does a figure outside the bracket (`the tree drafter (ICML 2024) gave 3.9 on our box`).

A section whose markdown heading names a numbered table or figure (`## Table 6: ablation of the
draft depth`, `### Fig. 3`, `## 表 6`) with a source's section by its number, in the heading or on
the first line of text under it (`**Location**: Section 5.5.2`, `§4.2`, `Sec. 3`, `第 4 节`): notes
quoting a paper's table, its figures the paper's; every record of the section (to the next heading
of its level or above, sub-headings included) gives none, alone in the paste too. A numbered
table with no section referred to (`## Table 1: my runs`, the writer's own table) is read as
before, and so is a section with a first person or a word of the paste's own run in it (`we`,
`measured`, `reproduced`, `实测`, `复现`).

Pure: a record and the paste's lines in, a yes or no out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord
from specdiag.core.logs.paste.vocab import ANY_FIRST_PERSON, FIRST_PERSON, FIRST_PERSON_RE

_VERB = (
    r"(?:reproduc\w*|replicat\w*|recover\w*|match\w*|reach\w*|approach\w*|close\s+to|"
    r"within\s+\d+(?:\.\d+)?\s*%\s+of|in\s+line\s+with|on\s+par\s+with)"
)
_SOURCE = (
    r"(?:(?:model[\s_-]*)?card|published|official|paper|reported|upstream|vendor|advertised|"
    r"claimed|stated)(?:'s|’s)?"
)
# the figure's name and a connector, nothing else ('AL of', 'mean acceptance length:')
_NAME = (
    r"(?:\s+(?:mean|average|avg|accept(?:ance)?|acc|length|len|rate|AL|τ|tau|figure|number|"
    r"value|result|of|is|was|at|an|a|the|\w+['’]s))*\s*(?:[:=]\s*)?"
)
_CITED = re.compile(
    r"\b"
    + _VERB
    + r"\s+(?:[\w'’-]+\s+){0,4}?"
    + _SOURCE
    + r"(?:\s+"
    + _SOURCE
    + r")*"
    + _NAME
    + r"[*`~≈]{0,3}$",
    re.I,
)


# a markdown heading naming a model card (card_section), or its figure as published (by a
# source the heading names: '## Track 2 — org/repo: published MTP acceptance rate', in the
# languages eurowords.py reads too: 'publié', 'publicado', 'veröffentlicht', 'опубликован')
# (the English 'published' only where it qualifies the heading's figure, within four words
# before its name, or the source after it, or ends the heading; not negated: '..., not published'
# is the paste's own run, and 'text is blanked in the published rows' says what was released)
_PUBLISHED_FIGURE = (
    r"(?<!not )(?<!never )(?<!un)\bpublished\b"
    r"(?=(?:[^\w\n]+\w+){0,4}?[^\w\n]+(?:accept\w*|acc|al|τ|tau|rates?|lengths?|len|figures?|"
    r"numbers?|results?|metrics?|benchmarks?|scores?|speedups?|by|in|on|from)\b|"
    r"[^\w\n]*$)"
)
_CARD_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s|\*\*|__).*?(model[\s_-]*card|模型卡|モデルカード|"
    + _PUBLISHED_FIGURE
    + r"|\bpubli[ée]e?s?\b|\bpublicad[oa]s?\b|\bver[öo]ffentlicht\w*|"
    r"опубликован\w*)",
    re.I,
)
_OWN_RUN = re.compile(
    r"\b(?:we|our|ours|my|mine|I|measured|observed|reproduc\w*|replicat\w*|vs\.?|versus|"
    r"compar\w*|against)\b|复现|实测|对比|再現",
    re.I,
)


# a caption right above a table saying its figures were gathered from other people's posts
# ('From the forums and the project's discussions on X:', 'Collected from community threads:')
_HEARSAY = re.compile(
    r"^\s*[*_]{0,2}(?:from|according\s+to|per|(?:collected|gathered|compiled|quoted|sourced)"
    r"\s+from)\s+(?:[\w.'’&-]+\s+){0,6}?(?P<src>forums?|discussions?|threads?|reddit|posts?|"
    r"comments?|community|blogs?|tweets?)\b[^\n:]{0,120}:\s*[*_]{0,2}\s*$",
    re.I,
)
# a markdown heading naming a paper's figure or table with its page ('### Paper title — Fig.6
# (p.4)', '## Table 2 (page 7)'): notes reading a published plot or table (card_section)
_PAGED_FIGURE_HEADING = re.compile(
    r"^\s*#{1,6}\s.*?\b((?:fig(?:ure)?|tab(?:le)?)\.?\s*\d{1,3}[a-z]?\s*"
    r"[(（]\s*(?:p\.|pp\.|page)\s*\d{1,4}\s*[)）])",
    re.I,
)


def hearsay_caption(line: str) -> str | None:
    """The source a caption right above a table names as where its figures were gathered
    (forums, discussions, threads, posts: other people's runs quoted), or None: another
    caption, or one naming the paste's own run ('we', 'measured', 'vs')."""
    m = _HEARSAY.match(line)
    if m is None or _OWN_RUN.search(line):
        return None
    return m.group("src")


def card_section(heading: str) -> str | None:
    """The source a section's markdown heading names for its figures (see the module's rule): a
    model card, or a paper's figure or table with its page; None for a heading naming none, or
    the paste's own run beside it."""
    m = _CARD_HEADING.match(heading) or _PAGED_FIGURE_HEADING.match(heading)
    if m is None or _OWN_RUN.search(heading):
        return None
    return m.group(1)


# a source field naming a model's page on the hub as the paste's source (a digest of its card):
# 'Source: https://huggingface.co/org/name', '- **Model card:** huggingface.co/org/name'; never a
# data set, a space, a paper or a discussion
# (a Chinese repost's project or download field too, '【...】name 项目地址: <link>' after a bracketed
# tag, and the hub's mirrors: hf-mirror.com, a host's 'hf_mirrors/' path, modelscope.cn/models/)
_CARD_SOURCE = re.compile(
    r"^\s*(?:[-*]\s+)?(?:【[^】\n]{1,20}】[^\n:：【】]{0,80}?\s*)?[*_]{0,2}"
    r"(?:source|model[\s_-]*card|card|来源|出典|nguồn|项目地址|下载链接|模型地址|模型链接)[*_]{0,2}"
    r"\s*[:：][*_]{0,2}\s*<?(?P<page>(?:https?://)?(?:www\.)?"
    r"(?:huggingface\.co/|hf-mirror\.com/|modelscope\.cn/models/|[\w.-]+\.[a-z]{2,}/hf_mirrors/)"
    r"(?!(?:datasets|spaces|papers|docs|blog|collections)/)[\w.-]+/[\w.-]+)/?(?:[\s>)]|$)",
    re.I | re.M,
)


def card_digest(text: str) -> str | None:
    """The model card a paste quotes throughout (see the module's rule), or None: a section
    heading or a source field naming the card, and no first person anywhere."""
    card = next(
        (c for t in text.split("\n") if "#" in t and (c := card_section(t)) is not None), None
    )
    if card is None and (m := _CARD_SOURCE.search(text)) is not None:
        card = "model card " + m.group("page")
    if card is None or ANY_FIRST_PERSON.search(text):
        return None
    return card


# a passive clause after the figures saying where they were quoted from ('... are cited from "a
# smoke run"', 'were quoted from the thread'): 'cited' or 'quoted' always; 'taken', 'copied',
# 'lifted' or 'borrowed' from, or 'according to', only where the figures are called claims
# ('the claims (...) are taken from', 'claimed figures ... according to'): a writer may take
# their own figure from a metrics endpoint
_CITED_AFTER = re.compile(
    r"\b(?:are|is|were|was|been|being)\s+(?:all\s+|only\s+|just\s+|simply\s+|\w+ly\s+)?"
    r"(?:cited|quoted)\s+(?:verbatim\s+)?(?:from|in|by)\b",
    re.I,
)
_CLAIMED_AFTER = re.compile(
    r"\b(?:(?:are|is|were|was|been|being)\s+(?:all\s+|only\s+|just\s+|simply\s+|\w+ly\s+)?"
    r"(?:taken|copied|lifted|borrowed)\s+(?:verbatim\s+)?from|according\s+to)\b",
    re.I,
)
# the figures called claims before them ('Specific quantitative claims (', 'the claimed AL')
_CLAIM_NOUN = re.compile(r"\bclaim(?:s|ed)\b", re.I)


def _cited_after(r: PasteRecord, line: str) -> bool:
    """Whether every figure the record prints on ``line`` is followed, in its sentence, by a
    clause saying it was quoted from elsewhere (_CITED_AFTER; _CLAIMED_AFTER where the sentence
    calls the figures claims before them), no first person anywhere in the sentence (the
    writer's own run, cited by themselves: 'we measured 2.74 and it is quoted in the PR')."""
    vals = [v.strip().strip("*`") for _, v in r.fields if re.search(r"\d", v)]
    if not vals:
        return False
    for val in vals:
        places = list(re.finditer(r"(?<![\w.])" + re.escape(val) + r"(?![\w.]?\d)", line))
        if not places:
            return False
        for m in places:
            start = max(
                (e.end() for e in _SENTENCE_END.finditer(line, max(m.start() - 400, 0), m.start())),
                default=0,
            )
            start = max(start, m.start() - 400)
            end = _SENTENCE_END.search(line, m.end(), m.end() + 400)
            stop = end.start() if end else min(len(line), m.end() + 400)
            sentence = line[start:stop]
            if ANY_FIRST_PERSON.search(sentence):
                return False
            if _CITED_AFTER.search(line, m.end(), stop):
                continue
            if _CLAIM_NOUN.search(line, start, m.start()) and _CLAIMED_AFTER.search(
                line, m.end(), stop
            ):
                continue
            return False
    return True


def cited(r: PasteRecord, raw: list[str]) -> bool:
    """Whether a record of prose is the reference its sentence cites (see the module's rule):
    every place its line prints the value follows such a clause; or a one-line record whose
    every figure its sentence credits to a source's table, figure or section, or says is
    reported (_quoted_report); or (any number of figures) every figure is followed by a clause
    saying it was quoted from elsewhere (_cited_after); or every figure sits in a bracket naming
    a venue and its year (_venue_bracketed)."""
    if r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    if _quoted_report(r, line):
        return True
    if _VENUE_YEAR.search(line) and _venue_bracketed(r, line):
        return True
    low = line.lower()
    if (
        r.kind != TABLE_ROW
        and ("cited" in low or "quoted" in low or "claim" in low)
        and _cited_after(r, line)
    ):
        return True
    if len(r.fields) != 1:
        return False
    line = raw[r.first_line - 1]
    val = r.fields[0][1].strip().strip("*`")
    places = list(re.finditer(r"(?<![\w.])" + re.escape(val) + r"(?![\w.]?\d)", line))
    # (the clause looked for in a window before each place: a line of a thousand figures stays
    # linear per record)
    return bool(places) and all(
        _CITED.search(line, max(m.start() - 200, 0), m.start()) is not None
        or _linked_before(line, m.start())
        or ("#" in line and _thread_before(line, m.start()))
        for m in places
    )


# a venue and its year ('NeurIPS 2025', 'ICML'24', 'EMNLP-2024'): a paper's citation
_VENUE_YEAR = re.compile(
    r"(?<![\w-])(?:iclr|neurips|nips|icml|cvpr|iccv|eccv|acl|emnlp|naacl|coling|aaai|ijcai|kdd|"
    r"sigir|cikm|colm|tmlr|mlsys|osdi|sosp|nsdi|eurosys|asplos|isca)"
    r"(?:\s*[-']?\s*(?:19|20)\d{2}|\s*['’]\d{2})(?![\w.]?\d)",
    re.I,
)
_OPENS = {"(": ")", "[": "]", "（": "）"}
_CLOSES = {v: k for k, v in _OPENS.items()}


def _bracket_around(line: str, at: int, end: int) -> str | None:
    """The text of the innermost bracket (round, square, full-width) that holds ``line[at:end]``
    on its line, or None where no bracket opened before it closes after it."""
    depth = 0
    start = -1
    for i in range(at - 1, -1, -1):
        c = line[i]
        if c in _CLOSES:
            depth += 1
        elif c in _OPENS:
            if depth == 0:
                start = i
                break
            depth -= 1
    if start < 0:
        return None
    want, depth = _OPENS[line[start]], 0
    for j in range(end, len(line)):
        c = line[j]
        if c in _OPENS:
            depth += 1
        elif c in _CLOSES:
            if depth == 0:
                return line[start + 1 : j] if c == want else None
            depth -= 1
    return None


def _field_places(r: PasteRecord, line: str) -> list[re.Match[str]]:
    """Where the line prints each of the record's field values (none where it prints none, or
    where two fields share a value)."""
    vals = {v.strip().strip("*`~≈ ") for _, v in r.fields}
    places = [
        m
        for val in vals
        if val
        for m in re.finditer(r"(?<![\w.])" + re.escape(val) + r"(?![\w.]?\d)", line)
    ]
    return places if len({v for v in vals if v}) == len(r.fields) else []


def _venue_bracketed(r: PasteRecord, line: str) -> bool:
    """Whether every place the line prints one of the record's values sits inside a bracket
    that names a venue and its year (`(EAGLE-3, NeurIPS 2025 at 4.65 tokens/step)`): a paper's
    citation, its figure quoted; no first person in the bracket (`(ICML 2024; we got 2.9)`)."""
    places = _field_places(r, line)
    if not places:
        return False
    for m in places:
        inside = _bracket_around(line, m.start(), m.end())
        if inside is None or not _VENUE_YEAR.search(inside) or ANY_FIRST_PERSON.search(inside):
            return False
    return True


# a source's table, figure or section named as where a figure is ('in Table 3 of your paper',
# 'from Fig. 2 in the authors' report', 'Figure 2 of their write-up shows', 'the paper's Table
# 3'): that source's figure, read off its page and quoted
_REF_LABEL = (
    r"(?:table|tab\.|figure|fig\.|section|sec\.|§|appendix|chart|plot)\s*"
    r"(?:\d{1,3}(?:\.\d{1,2})?[a-z]?|[IVX]{1,4}\b|[A-H]\b)"
)
_REF_OWNER = r"(?:the|your|their|his|her|its|this|that|[\w-]+['’]s?)"
_REF_SOURCE = (
    r"(?:paper|preprint|article|publication|thesis|tech(?:nical)?\s+report|report|"
    r"blog(?:\s*post)?|write-?up|model[\s_-]*card|readme)"
)
_REF_VERB = (
    r"(?:shows?|showed|reports?|reported|lists?|listed|gives?|gave|says|states|claims|quotes)"
)
_REFERENCED = re.compile(
    r"\b(?:in|from|per|according\s+to)\s+(?:the\s+)?"
    + _REF_LABEL
    + r"\s+(?:of|in|from)\s+"
    + _REF_OWNER
    + r"\s+(?:[\w'’-]+\s+){0,2}?"
    + _REF_SOURCE
    + r"\b|"
    r"\b"
    + _REF_LABEL
    + r"\s+(?:of|in)\s+"
    + _REF_OWNER
    + r"\s+(?:[\w'’-]+\s+){0,2}?"
    + _REF_SOURCE
    + r"\s+"
    + _REF_VERB
    + r"\b|"
    r"\b" + _REF_OWNER + r"\s+(?:[\w'’-]+\s+){0,2}?" + _REF_SOURCE + r"['’]s\s+" + _REF_LABEL,
    re.I,
)
# a sentence's end; a point after a reference's abbreviation ('Fig. 2', 'Tab. 3') ends none
_REF_SENTENCE_END = re.compile(r"(?<![Ff]ig)(?<![Tt]ab)(?<![Ss]ec)(?<![Ee]q)[.!?](?=\s)")


def _quoted_report(r: PasteRecord, line: str) -> bool:
    """Whether every place the line prints one of the record's values is in a sentence crediting
    it to a source's table, figure or section named before it (_REFERENCED); no first person
    anywhere in the sentence (the writer's own run, or their own paper: read as before)."""
    places = _field_places(r, line)
    if not places:
        return False
    for m in places:
        start = max(
            (e.end() for e in _REF_SENTENCE_END.finditer(line, max(m.start() - 600, 0), m.start())),
            default=max(m.start() - 600, 0),
        )
        end = _REF_SENTENCE_END.search(line, m.end())
        sentence = line[start : end.start() if end else len(line)]
        if ANY_FIRST_PERSON.search(sentence):
            return False
        before = line[start : m.start()]
        if _REFERENCED.search(before):
            continue
        return False
    return True


# a thread cited by its number as the subject reporting a figure ('Issue #N reports', 'PR #12
# showed', 'sglang#512 found', 'according to #N'): that thread's figure quoted (its run is
# recorded in that thread), a reporting verb right after the number; a bare number sign only
# after no word and with two digits at least ('Run #N showed', '#N shows' of one digit: a run, a
# rank), and never 'this PR #12' (the paste's own thread)
_THREAD_REPORTS = re.compile(
    r"(?:(?<!this\s)\b(?:issue|pr|pull\s+request|discussion|ticket)\s*#\d{1,7}|"
    r"\b[\w.-]{1,40}#\d{2,7}|(?<![\w&#]\s)(?<![\w&#])#\d{2,7})"
    r"(?![\w#])\s+(?:also\s+|originally\s+|earlier\s+|already\s+)?"
    r"(?:reports?|reported|shows?|showed|found|finds|measured|measures|observed|observes|saw|"
    r"sees|notes|noted|says|said|lists|listed|gives|gave|mentions|mentioned|quotes|quoted)\b|"
    r"\b(?:according\s+to|as\s+reported\s+in)\s+(?:issue\s*|pr\s*|pull\s+request\s*)?"
    r"(?:[\w.-]{1,40})?#\d{1,7}(?![\w#])",
    re.I,
)


def _thread_before(line: str, at: int) -> bool:
    """Whether the sentence of the value at ``at`` credits it to a thread cited by its number
    (_THREAD_REPORTS, before the value), no first person anywhere in the sentence (the writer's
    own run told beside the thread: 'PR #12 shows that we get ...')."""
    start = max((e.end() for e in _SENTENCE_END.finditer(line, max(at - 600, 0), at)), default=0)
    start = max(start, at - 600)
    src = _THREAD_REPORTS.search(line, start, at)
    if src is None:
        return False
    end = _SENTENCE_END.search(line, at)
    return not ANY_FIRST_PERSON.search(line, start, end.start() if end else len(line))


# a linked page named as where the figure comes from ('based on [the forum benchmarks](https://..)
# showing 48% acceptance', 'according to [the docs](https://..), ...'): another's figure
_LINKED_SOURCE = re.compile(
    r"\b(?:based\s+on|according\s+to|per|as\s+(?:shown|reported|measured)\s+(?:in|by))\s+"
    r"(?:[\w'’-]+\s+){0,3}?\[[^\]\n]{1,120}\]\((?:https?://|www\.)[^)\s]{1,300}\)",
    re.I,
)


def _linked_before(line: str, at: int) -> bool:
    """Whether the sentence before ``at`` attributes what follows to a linked page, no first
    person between the link and ``at`` (the module's rule)."""
    start = max((e.end() for e in _SENTENCE_END.finditer(line, max(at - 600, 0), at)), default=0)
    src = list(_LINKED_SOURCE.finditer(line, max(start, at - 600), at))
    return bool(src) and not ANY_FIRST_PERSON.search(line, src[-1].end(), at)


# a source named as where the figure comes from: 'in the [blog post](url)', 'from the team's
# blog', 'according to the paper', 'the tech report's', 'the paper reports / shows / lists'
# (a tutorial or a guide too: 'the vendor tutorial lists 55% acceptance', another's published run)
_WHERE = (
    r"(?:blog(?:\s*post)?|paper|article|tech(?:nical)?\s+report|model[\s_-]*card|tutorial|"
    r"guide|footnote)"
)
_ATTRIBUTED_BEFORE = re.compile(
    r"\b(?:in|from|according\s+to|per|as\s+(?:stated|reported|shown)\s+in)\s+(?:the|their|this|"
    r"that|an?|[\w-]+['’]s)?\s*(?:[\w-]+\s+){0,3}?\[?" + _WHERE + r"\b|"
    # (the owner of the source possessive between: 'that row's footnote reports')
    r"\b(?:the|their|this|that)\s+(?:[\w-]+(?:['’]s)?\s+){0,2}?"
    + _WHERE
    + r"(?:['’]s\b|\s+(?:reports?|"
    r"says|shows|claims|states|lists|gives|quotes|mentions)\b)|"
    # (a card without 'model' claiming a figure: 'their card claims', 'the upstream card
    # states'; a card that shows or gives a figure may be the GPU a run measured on)
    r"\b(?:the|their|its|this|that)\s+(?:[\w-]+\s+){0,2}?card\s+(?:claims|states|says|"
    r"advertises|quotes|promises)\b|"
    # (a label opening its line or sentence with the source: '- Model card AL: 3.05', 'Official
    # model card acceptance length: 3.05', 'Paper τ = 3.1'; never the source's setup a run
    # followed: 'paper config', 'model card settings')
    r"^[\s>*+•-]*(?:the\s+)?(?:(?:official|published|upstream)\s+)*(?:model[\s_-]*card|paper)"
    r"(?:['’]s)?\s+(?!(?:config|setting|setup|recipe|hyper|param|prompt|default)\w*)",
    re.I,
)
# the same in a bracket right after the value ('2.80 AL (from the team's blog)')
_ATTRIBUTED_AFTER = re.compile(
    r"[^\d()\n.;]{0,40}?\(\s*(?:from|per|in|via|according\s+to|source:?)\s+[^()\n]{0,40}?"
    + _WHERE
    + r"\b[^()\n]*\)",
    re.I,
)
# the same closing the value's sentence ('greedy at 62% acceptance beat sampling at 64% in the
# post.', '... reported a 90% acceptance rate in the technical report.'): the source named last,
# only closing marks after it before the sentence's end; a post or a thread too (another's
# writing the sentence quotes); never a method's origin ('the head described in the paper')
_CLOSING_WHERE = _WHERE + r"|(?:blog\s+|forum\s+|original\s+|linked\s+)?post|thread|write-?up"
_ATTRIBUTED_CLOSING = re.compile(
    r"(?P<verb>\b[\w-]+\s+)?\b(?:in|from|per)\s+(?:the|that|this|their|[\w-]+['’]s)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:" + _CLOSING_WHERE + r")(?![\w-])[\s*_`'\"”)\]]*(?:[.!?]\s*)?$",
    re.I,
)
_ORIGIN_VERB = re.compile(
    r"^(?:described|defined|explained|proposed|introduced|used|trained|released)\s+$", re.I
)
_CLOSING_SPAN = 400  # the most characters between a value and its sentence's end
_CLOSING_HINT = re.compile(r"\b(?:post|thread|write-?up)\b", re.I)


def _closed_by_source(line: str, at: int, start: int) -> bool:
    """Whether the sentence of the value at ``at`` (opening at ``start``) closes on the source it
    comes from (_ATTRIBUTED_CLOSING), with no first person anywhere in it (the writer's own run
    set beside the source's: 'we got 2.9, above 2.6 in the paper')."""
    # (the sentence's rest looked at within a window: a line of a thousand figures stays linear
    # per record; a longer rest is no closing source's)
    stop = _closing_match(line, at)
    return stop is not None and not ANY_FIRST_PERSON.search(_READING.sub("", line[start:stop]))


def _closing_match(line: str, at: int, other: bool = False) -> int | None:
    """The end of the sentence of the value at ``at`` where it closes on a source
    (_ATTRIBUTED_CLOSING, no method's origin), or None; ``other``: the source named with 'the'
    or 'that' (_OTHER_CLOSING)."""
    end = _SENTENCE_END.search(line, at, at + _CLOSING_SPAN)
    stop = end.end() if end else len(line)
    if stop - at > _CLOSING_SPAN:
        return None
    m = _ATTRIBUTED_CLOSING.search(line, at, stop)
    if m is None or (m.group("verb") and _ORIGIN_VERB.match(m.group("verb"))):
        return None
    if other and not _OTHER_CLOSING.search(m.group(0)):
        return None
    return stop


# the clause of a value closed by a bracket pointing to another document for it ('0.96 -> 85.8
# t/s (see `sampler-notes.md`)', '（见 `notes.md`）', '(cf. results.txt)'): that document's figure,
# quoted here (a bounded clause, no sentence end between)
_SEE_DOC = re.compile(
    r"[^\n.。;；!?()（）]{0,60}?(?:\.\d[^\n.。;；!?()（）]{0,40}?)?[(（]\s*"
    r"(?:see|cf\.?|见|参见|详见|參見|詳見)\s*[`'\"]?[\w/-]{1,80}(?:\.[\w-]{1,40}){0,3}"
    r"\.(?:md|txt|pdf|log|json|csv|html?|rst)[`'\"]?\s*[)）]",
    re.I,
)
# a quotation closing after the value, then a bracket citing where it was said: an issue or a
# pull request by its number ('sglang#21138', a bare number sign), a forum thread ('t/366660') or such a link
# ('.../issues/412'): 'is "0% acceptance, accept_len = 1.00" (SGLang, sglang#21138)' quotes that
# thread's figure (the rest of the quotation then the bracket, matched after the value)
_REF = r"(?:#\d|\bt/\d|/(?:issues|pull|discussions)/\d)"
_QUOTE_CITED = re.compile(
    r"[^\n“”\"]{0,80}?[”\"]\s*[(（][^()（）\n]{0,60}?" + _REF + r"[^()（）\n]{0,40}[)）]"
)
_QUOTE_CITED_HINT = re.compile(r"[”\"]\s*[(（][^()（）\n]{0,60}?" + _REF)
_SEE_HINT = re.compile(r"[(（]\s*(?:see|cf\b|见|参见|详见|參見|詳見)", re.I)
# a reference the run is set against, in Chinese or Japanese ('GPU 参考中 ... 约 3.1': in the GPU
# reference; '参考值', '参考結果'); never 'for reference only' (仅供参考, 供参考) after one's own
# figure, nor '参考了' (followed a setup)
_CJK_REFERENCE = r"(?<!供)参考(?:中|里|值|値|数据|数値|结果|結果|表现|实现)?(?!了)"
# a source named in Chinese or Japanese, as _WHERE is ('官方模型卡', '官方数据', '论文', '技术报告',
# 'モデルカード', '公式の' / '公式発表': official; never the Chinese 公式 alone, a formula, nor
# 官方 alone, an official build or weights a run used); never a source's setup the run followed
# ('论文的设置', '官方实现', '公式の実装': the writer's run with it)
_CJK_SOURCE = (
    r"(?:官方(?:模型卡|数据|数字|数值|结果|成绩|公布|报告|博客|论文|给出|宣称|声称|值)|模型卡|论文|"
    r"論文|技术报告|技術報告|博客|ブログ|モデルカード|公式(?:の|モデルカード|発表|ブログ|結果|数値|値))"
    r"(?!的?(?:设置|配置|方法|参数|超参|设定|实现|权重|代码|脚本|数据集|設定|手法|実装|重み|コード))"
)
# the paste's own run between a CJK source and the value ('用官方实现实测', '官方实现跑出'):
# the writer's figure, measured with the source's setup
_CJK_OWN = re.compile(r"实测|測定|実測|测得|测出|跑出|跑得|跑了|复现|再現|得到|我们|我")
_CJK_ATTRIBUTED = re.compile(_CJK_REFERENCE + "|" + _CJK_SOURCE)
_WHERE_WORD = re.compile(_WHERE + "|" + _CJK_REFERENCE + "|" + _CJK_SOURCE + r"|\bcard\b", re.I)
# the writer reading the source, not running ('in the paper we see that τ reaches 3.1'):
# no first person of a run
_READING = re.compile(r"\b(?:I|[Ww]e)\s+(?:noticed?|see|saw|read)\s+(?:that\s+)?")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
_SENTENCE_END = re.compile(r"[.!?](?=\s)")


def _places(r: PasteRecord, line: str) -> list[re.Match[str]]:
    """Where the line prints the record's figures (a rate as a percentage too; a value written
    against CJK words by its number)."""
    figures = {round(x, 9) for x in (r.printed_length, r.printed_rate) if x is not None}
    # (a rate printed as a percentage is the record's share: '62.5%' for 0.625)
    vals = [
        v.strip().strip("*`")
        for _, v in r.fields
        if (m := re.search(r"\d+(?:\.\d+)?", v))
        and (
            round(float(m.group(0)), 9) in figures
            or ("%" in v and round(float(m.group(0)) / 100, 9) in figures)
        )
    ]
    places = [
        m
        for val in vals
        for m in re.finditer(r"(?<![\w.])" + re.escape(val) + r"(?![\w.]?\d)", line)
    ]
    if not places and _CJK_ATTRIBUTED.search(line):
        # a value written against CJK words ('长度约3.00'): its number, a CJK letter before it
        nums = {m.group(0) for v in vals if (m := re.search(r"\d+(?:\.\d+)?", v))}
        places = [
            m
            for num in nums
            for m in re.finditer(r"(?<![0-9A-Za-z_.])" + re.escape(num) + r"(?![\w.]?\d)", line)
        ]
    return places


def _attributed(r: PasteRecord, line: str) -> bool:
    """Whether every place the line prints the record's figure is a source's (the rule above)."""
    places = _places(r, line)
    if not places:
        return False
    for m in places:
        start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, m.start())), default=0)
        before = line[start : m.start()]
        src = list(_ATTRIBUTED_BEFORE.finditer(before))
        if src and not FIRST_PERSON.search(_READING.sub("", before[src[-1].end() :])):
            continue
        cjk = list(_CJK_ATTRIBUTED.finditer(before))
        if (
            cjk
            and not ANY_FIRST_PERSON.search(before, cjk[-1].end())
            and not _CJK_OWN.search(before, cjk[-1].end())
        ):
            continue
        if _ATTRIBUTED_AFTER.match(line, m.end()):
            continue
        if _closed_by_source(line, m.end(), start):
            continue
        if _SEE_DOC.match(line, m.end()) and not ANY_FIRST_PERSON.search(before):
            continue  # (another document's figure, pointed to: no first person of a run)
        if _QUOTE_CITED.match(line, m.end()) and _quoted_from_other(before):
            continue  # (a quotation of another thread's figure, cited by its number)
        return False
    return True


def _quoted_from_other(before: str) -> bool:
    """Whether a quotation opens in ``before`` (the sentence up to a value) and is not closed,
    no first person before its opening mark (the writer quoting their own words is a run)."""
    curly = before.rfind("“")
    opened = curly if curly > before.rfind("”") else -1
    if opened < 0 and before.count('"') % 2 == 1:
        opened = before.rfind('"')
    return opened >= 0 and not ANY_FIRST_PERSON.search(before[:opened])


# a lead line crediting the figures of the line under it to another's source, ending on a colon
# ('Upstream official numbers (`their-repo/README.md`, other hardware):', '官方数字（README）：'):
# the project's README, its official or self-reported figures; no first person in it
_LEAD_SOURCE = re.compile(
    r"\bREADME\b|官方(?:数字|数据|数值|结果|成绩|公布)|自[报報]|\bself[- ]reported\b|"
    r"\bofficial\s+(?:figures|numbers|results|claims)\b",
    re.I,
)
_LEAD_END = re.compile(r"[:：][\s*_`]*$")


def sourced_lead(line: str) -> bool:
    """Whether ``line`` leads the line under it as another's source's figures (_LEAD_SOURCE,
    ending on a colon, no first person)."""
    return (
        _LEAD_END.search(line) is not None
        and _LEAD_SOURCE.search(line) is not None
        and ANY_FIRST_PERSON.search(line) is None
    )


# a line of prose: no table row, no code, no list item or heading opening it
_PROSE_LINE = re.compile(r"^\s*[A-Za-z\"'“(*_]")


def _wrapped_from(above: str) -> str:
    """The opening of a sentence the line above leaves unfinished (its text after its last
    sentence end, a space after it), or '' where it ends one or is no prose."""
    if not above.strip() or "|" in above or _PROSE_LINE.match(above) is None:
        return ""
    if re.search(r"[.!?:;]\W*$", above.rstrip()):
        return ""
    start = max((e.end() for e in _SENTENCE_END.finditer(above)), default=0)
    return _LINK_TARGET.sub("]", above[start:]).strip() + " "


def attributed(records: list[PasteRecord], raw: list[str], own: bool = False) -> set[int]:
    """The indexes of the one-line records whose figure a source is said to report, in a
    paste holding its own figure too: a record not so attributed, or (``own``) its own run
    set aside as no serving measurement (a draft's training trajectory)."""
    out: set[int] = set()
    if not records:
        return out
    # (one search of the whole paste first: a line's match is the paste's too)
    whole = "\n".join(raw)
    lead = _LEAD_SOURCE.search(whole) is not None
    where = _WHERE_WORD.search(whole) is not None and any(_WHERE_WORD.search(t) for t in raw)
    # (a bracket pointing to another document: '(see notes.md)', '（见 notes.md）')
    where = where or _SEE_HINT.search(whole) is not None
    # (a source closing a sentence: '... in the post.', cited._ATTRIBUTED_CLOSING)
    where = where or (
        _CLOSING_HINT.search(whole) is not None and any(_CLOSING_HINT.search(t) for t in raw)
    )
    # (a quotation cited by an issue's or a thread's number: '"..." (sglang#21138)')
    where = where or _QUOTE_CITED_HINT.search(whole) is not None
    if not (lead or where):
        return out
    by_line: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if r.first_line == r.last_line and 1 <= r.first_line <= len(raw):
            by_line.setdefault(r.first_line, []).append(i)
    for ln, idx in by_line.items():
        line = _LINK_TARGET.sub("]", raw[ln - 1])
        if lead and ln >= 2 and sourced_lead(raw[ln - 2]) and not ANY_FIRST_PERSON.search(line):
            out.update(idx)  # (the line a lead above credits to a source: every figure of it)
        elif where:
            # (a sentence wrapped from the line above: its opening there, 'That row's footnote
            # reports' over '0.95-1.0 on its prompt but 0.345 on novel traffic')
            line = _wrapped_from(raw[ln - 2] if ln >= 2 else "") + line
            out.update(i for i in idx if _attributed(records[i], line))
    # the paste's own figure on the same line or on another ('In the paper τ reaches 3.1.'
    # over 'On my box τ = 2.4'): the source's are set against it; alone, they stay
    return out if own or len(out) < len(records) else set()


# a page's own list of its sources, a line opening on the field ('Sources: Some earlier post ·
# Code', '**References:** ...'): the page quotes them, 'the post' of its prose is one of them
_SOURCES_LINE = re.compile(
    r"^[\s>*_]*(?:sources|references|further\s+reading|credits)[*_]{0,2}\s*[:：][*_]{0,2}\s*\S",
    re.I | re.M,
)
# the closing source named as another's by its determiner ('in the post', 'from that article');
# never 'this post' (the page itself) nor an owner's
_OTHER_CLOSING = re.compile(r"\b(?:in|from|per)\s+(?:the|that)\s", re.I)


_JOINED = 4  # the most lines of a paragraph a record's line is joined to


def listed_source_closings(records: list[PasteRecord], raw: list[str]) -> set[int]:
    """The indexes of the one-line records whose every value's sentence closes on a source
    named with 'the' or 'that' (_ATTRIBUTED_CLOSING: 'in the post.', 'in that article.'), in a
    page listing its sources on a line of their own (_SOURCES_LINE) and holding no first person
    anywhere: the listed source's figure quoted, no record, alone in the paste too."""
    whole = "\n".join(raw)
    if (
        not records
        or _SOURCES_LINE.search(whole) is None
        or not (_CLOSING_HINT.search(whole) or _WHERE_WORD.search(whole))
        or ANY_FIRST_PERSON.search(whole)
    ):
        return set()
    out: set[int] = set()
    for i, r in enumerate(records):
        if r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
            continue
        line = _LINK_TARGET.sub("]", raw[r.first_line - 1])
        places = _places(r, line)
        nxt = r.first_line
        while not places and nxt < min(len(raw), r.first_line + _JOINED) and raw[nxt].strip():
            # (a record of lines wrapped by hand, read joined: its values on a next line)
            line = line.rstrip() + " " + _LINK_TARGET.sub("]", raw[nxt]).strip()
            places = _places(r, line)
            nxt += 1
        if places and all(_closing_match(line, m.end(), other=True) for m in places):
            out.add(i)
    return out


# a paper cited by its identifier or its page ('(Some Lab, arXiv:2601.01234)', a link to
# arxiv.org/abs/..., openreview.net/...): the paragraph describes the published method
_PAPER_ID = re.compile(
    r"\barxiv\s*:\s*\d{4}\.\d{4,5}\b|\barxiv\.org/(?:abs|pdf)/|openreview\.net/(?:forum|pdf)",
    re.I,
)
# a word of the paste's own run in the paragraph: then its figures may be the writer's
_OWN_RUN_WORDS = re.compile(
    FIRST_PERSON_RE + r"|(?i:\b(?:measured|observed|reproduc\w*|ran|run|runs|tested|"
    r"benchmarked|got|here)\b)"
)


def paper_paragraphs(records: list[PasteRecord], raw: list[str]) -> set[int]:
    """The indexes of the prose records read in a paragraph citing a paper by its identifier or
    link with no word of the paste's own run in it (`Block drafting (Some Lab, arXiv:2601.01234)
    ... accept length ~6.5 vs ~4.2 for the chain drafter`): the paper's published figures, in a
    paste holding its own records elsewhere (alone, they stay reported runs)."""
    # (one search of the whole paste first: a line's match is the paste's too)
    if not records or _PAPER_ID.search("\n".join(raw)) is None:
        return set()
    if not any(_PAPER_ID.search(t) for t in raw):
        return set()
    para: list[int] = []  # each line's paragraph (runs of non-blank lines), by its first line
    start = 0
    for i, t in enumerate(raw):
        if not t.strip():
            start = i + 1
        para.append(start)
    texts: dict[int, list[str]] = {}
    for i, t in enumerate(raw):
        if t.strip():
            texts.setdefault(para[i], []).append(t)
    quoting = {
        p
        for p, ts in texts.items()
        if _PAPER_ID.search(body := "\n".join(ts)) and not _OWN_RUN_WORDS.search(body)
    }
    out = {
        i
        for i, r in enumerate(records)
        if r.structure in ("prose", "key-value")
        and 1 <= r.first_line <= r.last_line <= len(raw)
        and para[r.first_line - 1] in quoting
        and para[r.last_line - 1] == para[r.first_line - 1]
    }
    return out if len(out) < len(records) else set()


# a markdown heading (its level, its text)
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# a numbered table or figure named ('Table 6: ...', 'Fig. 3', 'Figure 2b', '表 6', '图 3')
_NUMBERED = re.compile(
    r"(?<![\w-])(?:table|tab\.|figure|fig\.)\s*\d{1,3}[a-z]?(?![\w.]?\d)|[表图図]\s*\d{1,3}(?!\d)",
    re.I,
)
# a source's section referred to by its number ('Section 5.5.2', 'Sec. 4', '§5.5', '第 5.5 节')
_SECTION_REF = re.compile(
    r"(?<![\w-])(?:section|sect?\.)\s*\d{1,2}(?:\.\d{1,2}){0,3}(?![\w.]?\d)|"
    r"§\s*\d{1,2}(?:\.\d{1,2}){0,3}(?![\w.]?\d)|第\s*\d{1,2}(?:\.\d{1,2}){0,3}\s*[节節章]",
    re.I,
)
# a word of the paste's own run in a section quoting a source's table
_OWN_SECTION = re.compile(
    r"\b(?:measured|observed|reproduc\w*|replicat\w*|benchmarked)\b|实测|測得|测得|复现|再現|実測",
    re.I,
)


def quoted_table_sections(records: list[PasteRecord], raw: list[str]) -> set[int]:
    """The indexes of the records in a section whose markdown heading names a numbered table or
    figure (`## Table 6: ablation of ...`) with a source's section referred to by its number, in
    the heading or on the first line of text under it (`**Location**: Section 5.5.2`): notes
    quoting a paper's table, its figures the paper's; the section runs to the next heading of
    its level or above. A heading naming no section (`## Table 1: my runs`: the writer's own
    table), or a first person or a word of the paste's own run anywhere in the section
    (`we`, `measured`, `reproduced`), keeps it read."""
    if not records or not any(_SECTION_REF.search(t) for t in raw):
        return set()
    fenced = False
    heads: list[tuple[int, int, str]] = []  # (0-based line, level, text)
    for i, t in enumerate(raw):
        if _FENCE.match(t):
            fenced = not fenced
            continue
        if not fenced and (m := _MD_HEADING.match(t)) is not None:
            heads.append((i, len(m.group(1)), m.group(2)))
    spans: list[tuple[int, int]] = []  # (first line, last line), 1-based, of a quoted section
    for hi, (i, level, title) in enumerate(heads):
        if not _NUMBERED.search(title) or _OWN_RUN.search(title):
            continue
        end = next((j for j, lv, _ in heads[hi + 1 :] if lv <= level), len(raw))
        if not _SECTION_REF.search(title):
            first = next((t for t in raw[i + 1 : end] if t.strip()), "")
            if _MD_HEADING.match(first) or not _SECTION_REF.search(first):
                continue
        body = "\n".join(raw[i:end])
        if ANY_FIRST_PERSON.search(body) or _OWN_SECTION.search(body):
            continue
        spans.append((i + 2, end))
    return {
        k
        for k, r in enumerate(records)
        if any(a <= r.first_line and r.last_line <= b for a, b in spans)
    }


# figures said to be bounds for the writer's case ('treat them as upper bounds', 'these are
# lower bounds'): quoted as a ceiling or a floor, no run
_BOUNDS_SAID = re.compile(
    r"\b(?:treat|take|read|use|count)\s+(?:them|these|those|both|the\s+(?:numbers|figures)|"
    r"these\s+(?:numbers|figures))\s+as\s+(?:an?\s+)?(?:upper|lower)\s+bounds?\b|"
    r"\b(?:these|those|both|they)\s+are\s+(?:only\s+|just\s+)?(?:upper|lower)\s+bounds\b",
    re.I,
)
_ITEM_START = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s")


def bound_items(records: list[PasteRecord], raw: list[str]) -> set[int]:
    """The indexes of the prose records of an item (a list item, else a paragraph) that says its
    figures are bounds (`SGLang reports 3.3 on the same model ... treat them as upper bounds`),
    with no first person in it (the writer's own figure said to bound another case stays)."""
    # (one search of the whole paste first: a line's match is the paste's too)
    if not records or _BOUNDS_SAID.search("\n".join(raw)) is None:
        return set()
    if not any(_BOUNDS_SAID.search(t) for t in raw):
        return set()
    item: list[int] = []  # each line's item, by its first line
    start = 0
    for i, t in enumerate(raw):
        if not t.strip() or _ITEM_START.match(t):
            start = i + (0 if t.strip() else 1)
        item.append(start)
    texts: dict[int, list[str]] = {}
    for i, t in enumerate(raw):
        texts.setdefault(item[i], []).append(t)
    bounded = {
        p
        for p, ts in texts.items()
        if _BOUNDS_SAID.search(body := "\n".join(ts)) and not FIRST_PERSON.search(body)
    }
    return {
        i
        for i, r in enumerate(records)
        if r.structure in ("prose", "key-value")
        and 1 <= r.first_line <= len(raw)
        and item[r.first_line - 1] in bounded
    }


# a table column of a quoted source's figures beside the paste's own runs ('| model | paper |
# ours |', 'published', 'model card', 'reported'): that source's, no run here ('official' may
# name an official checkpoint the writer ran)
_SOURCE_COLUMN = re.compile(
    r"^(?:the\s+)?(?:paper|published|model[\s_-]*card|reported)"
    r"(?:\s+(?:figures?|values?|results?|numbers?))?$",
    re.I,
)


# ... or headed by such a source then the figure's name ('Paper tau', 'GPU paper τ',
# 'published AL'), perhaps after one or two words setting where it ran ('GPU', 'A100'): the
# source's figure of that name ('reported' stays out: 'Reported AL' may be what a server printed
# beside a length computed from its counts)
_SOURCE_NAMED = re.compile(
    r"^(?:[\w.+-]+\s+){0,2}?(?:the\s+)?(?:original\s+)?"
    r"(?:paper|published|model[\s_-]*card)(?:'s)?\s+(?P<fig>\S.*)$",
    re.I,
)
# words of the writer's own run before such a source ('our paper tau', 'reproduced paper AL'):
# the paste's run, never a quoted one
_OWN_RUN_WORD = re.compile(
    r"\b(?:reproduced|repro|replicated|replication|measured|rerun|re-run|ran|local|this|own|new)\b",
    re.I,
)


def _source_named(col: str) -> bool:
    """Whether a column's header names a quoted source, then an acceptance figure
    (_SOURCE_NAMED), no word of the writer's own run in it ('our', 'reproduced')."""
    m = _SOURCE_NAMED.match(col)
    if m is None or C.key(m.group("fig")).metric not in C.ACCEPTANCE:
        return False
    return not (FIRST_PERSON.search(col) or _OWN_RUN_WORD.search(col))


def _column(r: PasteRecord) -> str | None:
    return next((v for k, v in r.labels if k == "column"), None)


# the words one of the named sources holds: a cheap gate before the pattern
_SOURCE_HINTS = ("paper", "published", "card")


def source_columns(records: list[PasteRecord], block_of: list[int]) -> set[int]:
    """The indexes of the table records of a column naming a quoted source alone (_SOURCE_COLUMN)
    or a source then an acceptance figure's name (_SOURCE_NAMED: 'GPU paper tau'), in a table
    (a block) holding records of another column too: the source's figures set against the
    paste's runs, no run of the paste. A table of that column alone keeps them."""
    quoted: dict[int, list[int]] = {}
    own: set[int] = set()
    for i, (r, b) in enumerate(zip(records, block_of, strict=True)):
        if r.kind != TABLE_ROW or (col := _column(r)) is None:
            continue
        head = re.sub(r"[*_`]", "", col).strip()
        if _SOURCE_COLUMN.match(head) or (
            any(w in head.lower() for w in _SOURCE_HINTS) and _source_named(head)
        ):
            quoted.setdefault(b, []).append(i)
        else:
            own.add(b)
    return {i for b, idx in quoted.items() if b in own for i in idx}
