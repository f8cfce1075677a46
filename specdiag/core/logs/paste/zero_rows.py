"""A table row that accepted no draft, printing a length of exactly 1: the length column counts
the target's own token.

    | step | loss  | agreement | accept len |
    |   10 | 14.74 | 0.000     | 1.000      |
    |  400 |  6.32 | 0.069     | 1.244      |

A row whose acceptance rate, or whose draft-target agreement (``accuracy``, ``agreement``,
``top-1 acc``, ``match rate``: the share of drafts the target would keep), is printed as exactly
zero accepted no draft: a length that leaves the target's token out is 0 there, one that counts
it is 1 (each step emits the target's token alone). A length of exactly 1 on that row therefore
counts the bonus, and so does the rest of its column (one column, one way). This is the run
without drafts printing 1.00 (``interpret._baseline_ones``), told by the row's zero rather than
its label.

A plain percentage below 1% (``0.1%``, ``0.1% (1/894)``: next to nothing accepted, at most
0.64 drafts a step even at 64 drafts a step) is such a row too. Never decided where the zero is
not exact (``~0``, ``0.01``, ``0.0`` as a fraction: up to 0.05 a draft, enough for 64 drafts a
step to make a 1 of accepted drafts alone), where a zero row
prints another length (the zero then counts something else), or where the header names a task's
accuracy (``gsm8k accuracy``, ``eval acc``): only bare agreement words, perhaps after ``draft``,
``top-1``, ``token`` or ``greedy``.

The same idea from a third sign, the paste's own words (``said_none_accepted``): a length of
exactly 1 in a paste that says its drafts were all rejected (``no draft is accepted``,
``garbage predictions``, ``every draft rejected``) counts the target's own token, where no length
of the paste is below 1; where lengths of 1 lie in several paragraphs (several runs), only
the words of a length's own paragraph count for it. The three signs decide through one
function, ``target_alone``.

A fourth gives the figure's meaning rather than a run's value (``explained_ones``): the paste
says its length is 1 where nothing was accepted, the words in a bracket right after the 1
(``before the patch the accept length was either 1 (every draft rejected) or k + 1``): a
length of that name counts the target's own token, so the paste's records of that name do.

Pure: a table and its records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED, PasteRecord, printed_decided
from specdiag.core.logs.paste.tables import Grid

# a column of the draft's agreement with the target, under any of its bare names
_AGREEMENT = re.compile(
    r"^(?:(?:draft|top ?1|top|token|greedy|draft target|draft vs target|spec)\s+)*"
    r"(?:acc|accuracy|agreement|match|match rate|hit rate)$"
)
# a zero printed exactly ('0.000', '0%', '0.00 %'), nothing around it
_ZERO = re.compile(r"^0(?:[.,](?P<dec>0+))?\s*(?P<pct>%)?$")
# the most drafts one step may make: a bound on what a printed zero may hide
_MOST_DRAFTS = 64


# a rate below one percent, printed as a plain percentage ('0.1%', '0.12 %'), perhaps with
# its counts in brackets after it ('0.1% (1/894)'): next to nothing accepted
_NEAR_ZERO = re.compile(r"^0[.,](?P<dec>\d+)\s*%(?:\s*[(\[][\d\s/,]+[)\]])?$")
# the most such a rate may be, as a fraction
_NEAR_MOST = 0.01


def _zero_bound(cell: str) -> float | None:
    """The most a cell printed as exactly zero, or as a plain percentage below 1% ('0.1%',
    '0.1% (1/894)'), may be, as a fraction; None when not such a cell."""
    t = C._MARKUP.sub("", cell).strip()
    m = _ZERO.match(t)
    if m is None:
        n = _NEAR_ZERO.match(t)
        if n is None:
            return None
        bound = (float("0." + n.group("dec")) + C.half_unit(len(n.group("dec")))) / 100
        return bound if bound <= _NEAR_MOST else None
    bound = C.half_unit(len(m.group("dec") or ""))
    return bound / 100 if m.group("pct") else bound


def _zero_column(k: C.Key, name: str) -> bool:
    return k.metric == C.RATE or (
        k.metric is None and _AGREEMENT.match(C.norm(name)[0]) is not None
    )


def at_zero(
    g: Grid, cols: list[tuple[str, str]], keys: list[tuple[C.Key, str]], recs: list[PasteRecord]
) -> list[PasteRecord]:
    """``recs`` (the table's records), those on a zero row printing a length of exactly 1 decided
    as counting the bonus (a 'value:' rule: the column's other rows follow it)."""
    zero_cols = [
        i
        for i, ((k, _), (_, name)) in enumerate(zip(keys, cols, strict=True))
        if _zero_column(k, name)
    ]
    length_cols = [i for i, (k, _) in enumerate(keys) if k.metric == C.LENGTH]
    if not zero_cols or not length_cols:
        return recs
    ones: set[int] = set()
    for line, cells in g.rows:
        bounds = [
            b for i in zero_cols if i < len(cells) and (b := _zero_bound(cells[i])) is not None
        ]
        if not bounds:
            continue
        for i in length_cols:
            v = C.value(cells[i]) if i < len(cells) else None
            if v is None or v.percent:
                continue
            low = 1.0 - C.half_unit(v.decimals)
            if abs(v.number - 1.0) > 1e-9 or _MOST_DRAFTS * max(bounds) >= low:
                return recs  # another length where nothing was accepted, or a loose zero
            ones.add(line)
    if not ones:
        return recs
    return [
        target_alone(
            r,
            "the row that accepted no draft (its acceptance or agreement is exactly 0) prints 1",
            "the column counts",
        )
        if r.first_line in ones
        else r
        for r in recs
    ]


def target_alone(r: PasteRecord, sign: str, who: str) -> PasteRecord:
    """``r`` decided as counting the target's own token where it prints a length of exactly 1
    and nothing else decided it, ``sign`` telling how the paste says no draft was accepted
    there (a row's zero, a baseline label, its words): a length leaving the target's token out
    would be 0 there. ``who`` ('the column counts'): what the decision covers. ``r`` as it is
    otherwise."""
    if r.bonus != UNDECIDED or r.printed_length != 1.0:
        return r
    return printed_decided(r, INCLUDED, f"value: {sign}: {who} the target's own token")


# the paste's words that no draft was accepted: none accepted, every draft rejected, drafts of
# garbage (a head fed the wrong input); never a hypothesis ('if no draft is accepted') nor a
# negation of it ('not every draft is rejected')
_NONE_ACCEPTED = re.compile(
    r"(?<!\bif )(?<!\bnot )\b(?:"
    r"(?:no|none of the|zero)\s+(?:draft(?:ed)?\s+)?(?:drafts?|tokens?|proposals?)\s+"
    r"(?:(?:is|are|was|were|got|gets|being|ever)\s+)?(?:accepted|kept)"
    # the count before its noun ('zero accepted drafts', 'no accepted tokens')
    r"|(?:no|zero)\s+accepted\s+(?:draft\s+)?(?:drafts?|tokens?|proposals?)"
    r"|nothing\s+(?:is\s+|was\s+|gets\s+|got\s+|ever\s+)?accepted"
    r"|(?:every|each|all(?:\s+the)?)\s+(?:drafts?(?:\s+tokens?)?|proposals?)\s+"
    r"(?:is\s+|are\s+|was\s+|were\s+|gets\s+|got\s+)?rejected"
    r"|rejects?\s+(?:every|each|all(?:\s+the)?)\s+(?:drafts?|proposals?)"
    r"|garbage\s+(?:drafts?|predictions?|draft\s+tokens?|proposals?)"
    # the draft said to give nothing ('the drafter contributes nothing'; never 'nothing to
    # the speed', a measure named)
    r"|(?:drafter|draft(?:\s+(?:model|head))?|speculator)\s+(?:contributes|contributed|adds|added)"
    r"\s+nothing(?!\s+(?:to|for|in)\s+(?:the\s+)?(?:speed|throughput|latency|tok))"
    r")\b",
    re.I,
)
# how a decision by the paste's words reads: it decides the length of 1 alone, never the other
# lengths of the paste (another run's figure, which the words say nothing of)
SAID = "the paste says"
# a line break inside a comment of code, its marker after it ('... every draft is' over '//
# rejected'): the sentence goes on
_COMMENT_WRAP = re.compile(r"[ \t]*\n[ \t]*//+[ \t]*")
# a hypothesis or a question around those words: no statement of what happened
_HYPOTHETICAL = re.compile(r"\b(?:if|whether|would|could|suppose|assume|when)\b", re.I)


def said_none_accepted(text: str) -> str | None:
    """The words by which ``text`` says, as what happened, that no draft was accepted; None
    when it does not (words wrapped inside a code comment read as one line)."""
    text = _COMMENT_WRAP.sub(" ", text)
    for m in _NONE_ACCEPTED.finditer(text):
        start = max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        if _HYPOTHETICAL.search(text[start : m.start()]) is None:
            return m.group(0)
    return None


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """Each line of ``text`` with its paragraph (a run of non-blank lines; -1 for a blank
    line)."""
    out: list[tuple[int, str]] = []
    n = 0
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line.strip():
            n += 1
        out.append((n if line.strip() else -1, line))
    return out


def none_accepted_ones(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths of exactly 1 in a paste that says no draft was accepted (``said_none_accepted``),
    decided as counting the target's own token; nothing where a length of the paste is below
    1 (that paste's lengths leave it out) or a record of it accepted drafts (a rate or a count
    above 0; a rate of at most 1% is next to nothing, at most 0.64 drafts a step even at 64
    drafts a step, so a length of exactly 1 beside it still counts the target's token). Where those lengths of 1 lie in several paragraphs (several runs printing 1),
    the words count for a length in its own paragraph alone: a paste of two runs, one of
    which accepted nothing, says nothing of the other's 1."""
    ones = {
        id(r)
        for r in records
        if r.bonus == UNDECIDED
        and r.printed_length == 1.0
        and (not r.printed_rate or r.printed_rate <= _NEAR_MOST)
        and not r.accepted_tokens
    }
    if not ones or any(r.printed_length is not None and r.printed_length < 1.0 for r in records):
        return records
    words = said_none_accepted(text)
    if words is None:
        return records
    lines = _paragraphs(text)

    def own(r: PasteRecord) -> set[int]:
        return {
            lines[i - 1][0] for i in range(r.first_line, r.last_line + 1) if 0 < i <= len(lines)
        }

    where = {id(r): own(r) for r in records if id(r) in ones}
    several = len(set().union(*where.values()) - {-1}) > 1
    out = []
    for r in records:
        w: str | None = words
        if several and id(r) in where:
            w = said_none_accepted("\n".join(ln for p, ln in lines if p in where[id(r)]))
        out.append(
            target_alone(r, f"{SAID} {w.strip()!r} and prints 1", "the length counts")
            if w is not None and id(r) in ones
            else r
        )
    return _across_table(out, lines)


# a length's name, a few words of its clause (no figure, no clause end), a copula and a value of
# 1 explained in a bracket right after it ('on the old branch the accept length was either 1
# (every draft rejected) or k + 1')
_ONE_EXPLAINED = re.compile(
    r"\b(?P<name>accept(?:ance|ed)?[ _-]?len(?:gth)?|AL)\b(?P<gap>[^.!?;:()\n]{0,60}?)\s"
    r"(?:is|was|were|are|=|becomes|became|stays|stayed)\s+(?:either\s+)?"
    r"(?<![\d.])1(?:\.0+)?\s*\((?P<why>[^()\n]{1,80})\)",
    re.I,
)
# a figure or a measure named in the clause: the 1 may be its
_OTHER_IN_GAP = re.compile(r"\b\d|\b(?:rate|ratio|speed|throughput|latency|k|steps?)\b", re.I)


def _words(name: str) -> str:
    return " ".join(re.findall(r"[a-z]+", name.lower()))


def explained_ones(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """The paste's records of a length's name decided as counting the target's own token where
    the paste says that length is 1 with nothing accepted (``_ONE_EXPLAINED``, the bracket's
    words ``said_none_accepted``): 1 + 0 accepted counts it. Nothing where a length of the paste
    is below 1, where its records name two tools, or for another name."""
    if "(" not in text or not any(r.bonus == UNDECIDED and r.printed_length for r in records):
        return records
    names = {
        _words(m["name"])
        for m in _ONE_EXPLAINED.finditer(text)
        if not _OTHER_IN_GAP.search(m["gap"]) and said_none_accepted(m["why"]) is not None
    }
    if (
        not names
        or len({r.tool for r in records}) > 1
        or any(r.printed_length is not None and r.printed_length < 1.0 for r in records)
    ):
        return records
    out = []
    for r in records:
        name = next(
            (
                n
                for n in names
                for f, _ in r.fields
                if C.key(f).metric == C.LENGTH and re.search(rf"\b{n}\b", _words(f))
            ),
            None,
        )
        if r.bonus != UNDECIDED or r.printed_length is None or name is None:
            out.append(r)
            continue
        out.append(
            printed_decided(
                r,
                INCLUDED,
                f"value: {SAID} its {name} is 1 where nothing is accepted: a length of that name "
                "counts the target's own token",
            )
        )
    return out


# words before a column's figure that make it another figure than its neighbour's ('draft
# accept' beside 'accept': accepted drafts; 'total accepted'): no column of one figure
_OTHER_FIGURE = frozenset(
    [
        "draft",
        "drafts",
        "drafted",
        "extra",
        "bonus",
        "total",
        "target",
        "token",
        "tokens",
        "spec",
        "rate",
        "ratio",
        "share",
        "pct",
        "percent",
        "count",
        "counts",
        "num",
    ]
)
_BRACKETED = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")


def _column(r: PasteRecord) -> str | None:
    """The table column a record's length was read from: its 'column' label, else the name of
    its one field; None otherwise."""
    named = next((v for k, v in r.labels if k == "column"), None)
    return named if named is not None or len(r.fields) != 1 else r.fields[0][0]


def _figure_of(column: str) -> str | None:
    """The figure a table column names, its subset words before it set aside ('code accept
    (median)' and 'narrative accept': 'accept'); None where a word makes it another figure."""
    words: list[str] = re.findall(r"[a-z]+", _BRACKETED.sub("", column).lower())
    if not words or _OTHER_FIGURE & set(words):
        return None
    return words[-1]


def _across_table(records: list[PasteRecord], lines: list[tuple[int, str]]) -> list[PasteRecord]:
    """A table cell of exactly 1 the paste's words decided (``none_accepted_ones``) decides its
    table's other lengths of that figure, one table printing one figure one way: the cells of
    its column and of the columns naming the same figure for another subset ('code accept' beside
    'narrative accept'), in its paragraph and structure; nothing where a length of those columns
    is below 1 or a column's name holds a word of another figure (``_OTHER_FIGURE``)."""
    seeds = [
        r
        for r in records
        if r.bonus.rule.startswith("value: " + SAID)
        and "table" in r.structure
        and (col := _column(r)) is not None
        and _figure_of(col) is not None
    ]
    if not seeds:
        return records

    def para(r: PasteRecord) -> int:
        return lines[r.first_line - 1][0] if 0 < r.first_line <= len(lines) else -1

    out = list(records)
    for seed in seeds:
        fig = _figure_of(_column(seed) or "")
        mates = [
            i
            for i, r in enumerate(out)
            if r is not seed
            and r.structure == seed.structure
            and para(r) == para(seed) != -1
            and r.printed_length is not None
            and (col := _column(r)) is not None
            and _figure_of(col) == fig
        ]
        if any((out[i].printed_length or 0.0) < 1.0 for i in mates):
            continue
        for i in mates:
            r = out[i]
            if r.bonus != UNDECIDED or r.printed_rate is not None:
                continue
            out[i] = printed_decided(
                r,
                INCLUDED,
                f"value: {SAID} its drafts gave nothing where its table prints 1 "
                f"(line {seed.first_line}): the table's {fig!r} columns count the target's own "
                "token",
            )
    return out
