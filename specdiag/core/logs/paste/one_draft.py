"""A draft maximum of one said of the very run a rate belongs to: the row's own label or the
block (a command line, a sentence) the rate is read from.

With at most one draft a verify step (``--draft-max 1``, ``--spec-draft-n-max 1``, ``n_max=1``,
``num_speculative_tokens=1``), a step that drafted accepts its one draft or none, so a rate of
accepted over drafted tokens is the accepted drafts per such step and the accept length is
1 + rate (bonus included). :mod:`drafts` applies this to a table whose caption says it of all
its rows, where the paste states no other depth; here the setting sits on the run itself:

- **a row's label** (``| Post-fix `--draft-max 1` smoke | 10.0 t/s @ 88.2% +/- 9.7% |``): that
  row alone, whatever other maxima the paste compares in other rows or sentences; never a row
  whose labels also state another maximum or k, nor one whose label cell stating it sets
  another setting to two or more (``MTP K=1 paired-L=2``: what that setting drafts is untold);
- **the block of the rate** (a prose or key-value block holding the flag on one of its lines):
  its records, where the block states no other draft maximum, k or number of drafted tokens
  (``for 2 drafted tokens``); where it does, a rate whose own sentence states the maximum of
  one and no other setting (never a clause of a sentence stating another).

A maximum above 1 proves nothing (a step may draft fewer); SGLang's settings
(``--speculative-num-steps 1``, ``--speculative-num-draft-tokens 2``, ``-eagle-topk``) are
never a maximum of one (a tree may hold several drafts a step) and, beside one, stop it.
Never for a bound or a ranged rate (``below 0.5``, ``0.8-0.9``), a rate of another basis, or
per-position rates; a mean +/- its spread is the mean. A rate hedged as approximate alone
(``~90%``, ``about 0.85``, ``in the range of 0.88`` with one number) gives a length as approximate as itself (one
draft a step: 1 + rate, its error not multiplied), the rule saying so.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import drafts as D
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste import zero_drafts as ZD
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_DRAFT,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

# (the draft settings and the run without speculation live in zero_drafts.py)
_SETTING = ZD.SETTING
_told = ZD.told
no_drafts = ZD.no_drafts

# the start of the rule text of a length this module decided (k_sweep.py re-reads such a row)
RULE = "computed: 1 + rate, at most one draft token a step"
# a setting given a list of values in the same words ('draft=1/2/4', 'n_max=1, 2'): several runs'
# settings, so no one maximum of one for any of them
_LISTED = re.compile(
    r"(?<![\w-])-*(?:"
    + V.DRAFT_MAX_NAME_RE
    + r"|draft(?:-n)?|k|num[-_]draft(?:[-_]tokens)?)\s*[=:]?\s*\d{1,3}\s*(?:/|,|and|or)\s*\d",
    re.I,
)
# a rate printed as an approximation or a range ('~0.75', '0.7-0.8', 'about 70%', '<90%')
_APPROX = re.compile(
    r"[~≈∼<>≤≥≲≦]"
    # a hedge or a bound right before the number ('about 0.8', 'in the range of 0.88')
    r"|\b(?:about|around|approx\w*|roughly|circa|nearly|almost|below|under|over|above|"
    r"less\s+than|more\s+than|at\s+(?:most|least)|up\s+to|close\s+to|virtually|essentially|"
    r"practically|(?:in\s+)?the\s+range\s+of|range\s+of)\s+[\d.]"
    # ... or right after it ('0.85 or so', '85%-ish', '0.8左右')
    r"|[\d%]\s*(?:or\s+(?:so|less|more|lower|higher|thereabouts)\b|-?ish\b|左右|上下|前后|以下|"
    r"以上|程度|정도)"
    r"|(?:约|大约|接近|几乎|不到|ほぼ|およそ|거의)\s*[\d.]"
    r"|\d\s*%?\s*(?:-|–|to)\s*\d",
    re.I,
)

# a hedge of approximation alone ('~0.85', 'about 90%', '0.85 or so'): with one draft a step the
# length 1 + rate is as approximate as the rate, no more ('in the range of 0.88', one number, is
# such a hedge; never a bound, a range, 'nearly': those stay _APPROX's)
_HEDGE = re.compile(
    r"[~≈∼](?=\s*[\d.])|\b(?:about|around|approx\w*|roughly|circa|in\s+the\s+range\s+of)\s+(?=[\d.])"
    r"|(?<=[\d%])\s*(?:or\s+(?:so|thereabouts)\b|-?ish\b|左右)|(?:约|大约)\s*(?=[\d.])",
    re.I,
)


def _unsure(text: str, rate: float | None = None) -> bool:
    """Whether ``text`` prints a bound or a range (an approximation alone is no doubt here, but
    of a zero rate: '~0%' is a small rate above it, a bound)."""
    text = text.replace("+/-", " ").replace("±", " ")
    if rate == 0.0:
        return _APPROX.search(text) is not None
    return _APPROX.search(_HEDGE.sub(" ", text)) is not None


def said_max_one(text: str) -> str | None:
    """The words of ``text`` setting a draft maximum of one, where every draft setting it
    states is one; else None."""
    found = [
        (
            m.group(0),
            int(m.group("max") or m.group("n") or m.group("m")) if m.group("o") is None else 0,
        )
        for m in _SETTING.finditer(text)
    ]
    if not found or any(n != 1 for _, n in found) or _LISTED.search(text) is not None:
        return None
    return found[0][0].strip("`'\" ")


def _fits(r: PasteRecord) -> bool:
    rate = r.printed_rate
    return (
        rate is not None
        and 0.0 <= rate <= 1.0
        and r.printed_length is None
        and r.accept_length is None
        and r.bonus.value == UNKNOWN
        and r.rate_basis.value != "per_output_token"
        and not r.per_position
        and not r.summary_row
        and len(r.fields) >= 1
        and not any(_unsure(f"{n} {v}", rate) for n, v in r.fields)
    )


def _decided(r: PasteRecord, said: str, where: str, hedged: bool = False) -> PasteRecord:
    rate = r.printed_rate
    assert rate is not None
    return dataclasses.replace(
        r,
        accept_length=round(1 + rate, 6),
        bonus=Decision(
            INCLUDED,
            f"{RULE} ('{said}' in {where}): the rate is the accepted drafts per step that drafted"
            + ("; approximate, as the rate is" if hedged else ""),
        ),
        notes=decided_notes(r.notes),
    )


# another setting of two or more in the label cell stating the maximum of one
_OTHER_SETTING = re.compile(r"[A-Za-z][\w-]*\s*=\s*(?:[2-9]|\d{2,})\b")


# a tree's width beside a steps column ('topk', 'num_draft_tokens'): a step of a tree may hold
# several drafts at one depth, so its steps are no drafts a step
_TREE = re.compile(r"top ?k|draft tokens|width")


def _steps_columns(records: list[PasteRecord]) -> set[str]:
    """The table's columns naming the draft steps a step takes (cells.STEPS_SETTING: 'MTP
    steps', '投机步数', 'num steps') that hold the drafts a step: small whole numbers (1-16), one
    a row, taking two values or more unless the name says MTP or speculation; never beside a
    tree's width or in SGLang's paste (its steps are a tree's depth)."""
    values: dict[str, list[int | None]] = {}
    for r in records:
        names = [C.norm(n)[0] for n, _ in r.labels]
        if r.tool == "sglang" or any(_TREE.search(n) for n in names):
            return set()
        for n, v in r.labels:
            if C.STEPS_SETTING.match(C.norm(n)[0]):
                got = C.value(v)
                whole = got is not None and not got.percent and got.number == int(got.number)
                values.setdefault(n, []).append(int(got.number) if got and whole else None)
    return {
        n
        for n, ks in values.items()
        if all(k is not None and 0 <= k <= 16 for k in ks)
        and max(k or 0 for k in ks) >= 1
        and (len(set(ks)) >= 2 or re.search(r"mtp|投机|推测", C.norm(n)[0]))
    }


def told_in_header(r: PasteRecord) -> str | None:
    """The words of a table row's figure headers setting a draft maximum of one ('| MTP n=1
    acceptance |' over '| 2.77% |'), where every draft setting the headers and the labels
    state is one; else None."""
    if r.kind != TABLE_ROW or "=" not in "".join(n for n, _ in r.fields):
        return None
    said = said_max_one(" ".join(n for n, _ in r.fields))
    if said is None or any(
        m.group("o") is not None or int(m.group("max") or m.group("n") or m.group("m")) != 1
        for _, v in r.labels
        for m in _SETTING.finditer(v)
    ):
        return None
    return said


def rows(records: list[PasteRecord]) -> list[PasteRecord]:
    """Table rows whose own labels set a draft maximum of one: length 1 + rate (never in a
    table whose k's count from 0, interpret.k_from_zero: 'k=1' is a position there)."""
    if I.k_from_zero(records):
        return records
    out = []
    steps = _steps_columns(records)
    for r in records:
        told = _told(r, steps)
        said = said_max_one(told) if told else None
        if said is None and (most := I.most_of_labels(r.labels)) is not None and most.number == 1:
            # the labels' one draft maximum, in any spelling interpret knows ('max_draft_len=1')
            said = next(v for _, v in r.labels if I.most_of_labels([("", v)]) is not None)
        if said and any(
            said in v and _OTHER_SETTING.search(v.replace(said, " ")) for _, v in r.labels
        ):
            said = None  # ('MTP K=1 paired-L=2': what the other setting drafts is not told)
        where = "the row's label"
        if said is None and told_in_header(r) is not None:
            said, where = told_in_header(r), "the column's header"
        out.append(_decided(r, said, where) if said and _fits(r) else r)
    return out


def block(
    records: list[PasteRecord], lines: list[tuple[int, str]], where: str = "the same block"
) -> list[PasteRecord]:
    """A block's records where the block (its numbered ``lines``) sets a draft maximum of one
    and no other draft setting: length 1 + rate. A record's own lines must print no
    approximation (a reader may drop the '~' of '~0.85' from the field it keeps)."""
    text = "\n".join(t for _, t in lines)
    if not records:
        return records
    if (said := said_max_one(text)) is None:
        return [_own_sentence(r, lines) for r in records]
    if D._OTHER_DEPTH.search(text) is not None:
        # ('for 2 drafted tokens ...'): another setting in the block; a sentence of its own
        # stating the maximum of one and the rate still decides it (never a clause: 'with
        # --draft-max 1 the rate is 0.88, but for 2 drafted tokens 0.61' is one sentence)
        return [_own_sentence(r, lines, clauses=False) for r in records]

    out = []
    for r in records:
        if _fits(r) and not _unsure(
            own := " ".join(t for ln, t in lines if r.first_line <= ln <= r.last_line),
            r.printed_rate,
        ):
            r = _decided(r, said, where, _HEDGE.search(own) is not None)
        elif _fits(r):
            r = _own_sentence(r, lines)  # (a range in another clause of its line: '(1-12)')
        out.append(r)
    return out


def _own_sentence(
    r: PasteRecord, lines: list[tuple[int, str]], clauses: bool = True
) -> PasteRecord:
    """A record whose sentence holding its rate (on the rate's line) sets a draft maximum of one and no
    other draft setting ('Measured, MTP-1 is not worth it: 64.8% acceptance'), where the block
    around states other depths: length 1 + rate."""
    if not _fits(r) or len(r.fields) != 1:
        return r
    shown = r.fields[0][1]
    # (the line printing the rate: a wrapped sentence's record may start lines above it)
    own = next((t for ln, t in lines if ln >= r.first_line and shown in t), "")
    for sentence in re.split(r"(?<=[.!?;])\s+|\s+[—–]\s+(?=[A-Z])", own):
        if shown not in sentence:
            continue
        # the sentence, else the clause holding the rate where the sentence states other
        # settings or ranges in other clauses ('every k (1-12) beats the baseline, at k=1 the
        # rate is 0.97'): the clause's own setting is the rate's
        for part, where in (
            (sentence, "the rate's own sentence"),
            *(
                (c, "the rate's own clause")
                for c in (_CLAUSE.split(sentence) if clauses else ())
                if c != sentence
            ),
        ):
            if (
                re.search(r"(?<![\d.])" + re.escape(shown) + r"(?!\d)", part) is not None
                and (said := said_max_one(part) or _single_token(part)) is not None
                and D._OTHER_DEPTH.search(part) is None
                and not _unsure(part, r.printed_rate)
            ):
                return _decided(r, said, where, _HEDGE.search(part) is not None)
    return r


# drafts of one token named as such ('single-token drafts', 'one-token drafting', '1-token
# drafts'): one draft a step; drafts of more tokens ('4-token drafts', 'multi-token drafts') or a
# draft setting above one beside it say the sentence is about another depth too
_SINGLE_TOKEN = re.compile(r"\b(?:single|one|1)[- ]token\s+draft(?:s|ing)?\b", re.I)
_MORE_TOKENS = re.compile(
    r"\b(?:[2-9]|\d{2}|two|three|four|five|six|seven|eight|multi|multiple|several)[- ]token\s+"
    r"draft(?:s|ing)?\b",
    re.I,
)


def _single_token(text: str) -> str | None:
    """The words of ``text`` naming drafts of one token, where it names no drafts of more and
    sets no draft count or other setting above one (every draft setting it states is one)."""
    m = _SINGLE_TOKEN.search(text)
    if m is None or _MORE_TOKENS.search(text) or _OTHER_SETTING.search(text):
        return None
    if any(
        m2.group("o") is not None or int(m2.group("max") or m2.group("n") or m2.group("m")) != 1
        for m2 in _SETTING.finditer(text)
    ):
        return None
    return m.group(0)


# a clause's end within a sentence: a comma (never one inside a number, '10,180'), a
# full-width comma, a colon before a space
_CLAUSE = re.compile(r",(?!\d)|，|:\s")


def paste(records: list[PasteRecord], lines: list[tuple[int, str]]) -> list[PasteRecord]:
    """The paste's records where the paste sets a draft maximum of one and no other draft
    setting, on a line above every record, and names one target model at most: each rate of
    no length is the accepted drafts a step that drafted, length 1 + rate (as the line
    scanner's llama.cpp line in a paste is decided, scanned.py), where the rate is known to be
    accepted of drafted tokens (by its counts or its tool; never SGLang's, whose rate formula
    changed between versions). The records' own lines count
    as settings too, but for a record's own drafted count (``draft= 106`` of a bench's row).
    Never where a record prints a length (the paste's runs are no rates alone) or holds a
    length of another rule (a record whose length a one-draft rule already gave, a row under
    a caption stating the same maximum, is the paste's convention and stops nothing: the
    paste's other rates, an aggregate below those rows, take it too), the paste
    names a second target model or tells a change of setup (drafts._CHANGED: `earlier`,
    `instead`, `tried`, `switched`: the setting may be another run's)."""
    if not records or any(
        r.printed_length is not None or (r.accept_length is not None and not _one_draft_rule(r))
        for r in records
    ):
        return records
    own_lines: dict[int, PasteRecord] = {
        ln: r for r in records for ln in range(r.first_line, r.last_line + 1)
    }
    rest = "\n".join(t for ln, t in lines if ln not in own_lines)
    if "1" not in rest:
        return records
    # (a bench's rows drafting nothing, the run without speculation: no setting of the paste)
    if undrafted := _undrafted_rows(records, lines, own_lines):
        rest = "\n".join(t for ln, t in lines if ln not in own_lines and ln not in undrafted)
    if "1" not in rest or (said := said_max_one(rest)) is None:
        return records
    if D._OTHER_DEPTH.search(rest) is not None or len(target_models(rest)) > 1:
        return records
    if D._CHANGED.search(rest) is not None:
        return records  # ('earlier we tried --draft-max 1; now ...': a setup changed since)
    for ln, t in lines:
        if (r := own_lines.get(ln)) is None:
            continue
        for m in _SETTING.finditer(t):
            n = m.group("max") or m.group("n") or m.group("m")
            if m.group("o") is not None or (int(n) != 1 and int(n) != r.drafted_tokens):
                return records  # (a record's own line setting another depth)
    at = next(
        (
            ln
            for ln, t in lines
            if ln not in own_lines and ln not in undrafted and _SETTING.search(t)
        ),
        None,
    )
    if at is None or any(r.first_line <= at for r in records):
        return records  # (the setting stated below a run: not the paste's)
    numbered = dict(lines)
    out = []
    for r in records:
        own = " ".join(numbered.get(ln, "") for ln in range(r.first_line, r.last_line + 1))
        if (
            _fits(r)
            and r.rate_basis.value == PER_DRAFT
            and r.tool != "sglang"
            and not _unsure(own, r.printed_rate)
        ):
            r = _decided(r, said, "the paste, above its runs", _HEDGE.search(own) is not None)
        out.append(r)
    return out


# the rules of a length from one draft token a step (RULE, and drafts.py's caption rules of a
# rate or of counts: 'computed: 1 + accepted / drafted (a / d), one draft token a step')
_ONE_DRAFT_RULE = re.compile(r"^computed: 1 \+ [^,]+, (?:at most )?one draft token a step\b")


def _one_draft_rule(r: PasteRecord) -> bool:
    """A record of no printed length whose length a one-draft rule gave (bonus included)."""
    return (
        r.printed_length is None
        and r.bonus.value == INCLUDED
        and _ONE_DRAFT_RULE.match(r.bonus.rule) is not None
    )


# a row's keys ('pred= 192 draft=   0 acc=   0 rate=n/a': 'pred', 'draft', 'acc', 'rate')
_ROW_KEY = re.compile(r"(?<![\w/-])([^\W\d][\w/.-]*)\s*[=:]")


def _undrafted_rows(
    records: list[PasteRecord], lines: list[tuple[int, str]], own: dict[int, PasteRecord]
) -> set[int]:
    """The lines, of no record, that are rows of the records' own keys (every field name of a
    record printing its drafted count, ``draft= 89 acc= 84 rate=0.944``) drafting nothing: each
    draft setting they state is that row's drafted count of 0 under a key the records print
    theirs by (``draft=   0 ... rate=n/a``, the run without speculation beside them), so no
    setting of the paste."""
    shapes = [
        frozenset(n.strip().lower() for n, _ in r.fields)
        for r in records
        if r.drafted_tokens is not None and len(r.fields) >= 2
    ]
    if not shapes:
        return set()
    out = set()
    for ln, t in lines:
        if ln in own or "0" not in t:
            continue
        found = list(_SETTING.finditer(t))
        if not found:
            continue
        keys = {k.lower() for k in _ROW_KEY.findall(t)}
        shape = next((s for s in shapes if s <= keys), None)
        if shape is not None and all(
            m.group("m") is not None
            and int(m.group("m")) == 0
            and re.sub(r"[\"'\s=:]|\d", "", m.group(0)).lower() in shape
            for m in found
        ):
            out.add(ln)
    return out


# a target model of a command ('-m Qwen3-8B-Q4_K_M.gguf', '--model x', 'model.gguf'); a draft
# model ('-md', '--model-draft') is the same run's
_MODEL = re.compile(r"(?<![\w-])(?:-m|--model)[ =]+(?P<m>\S+)")
_GGUF = re.compile(
    r"(?<![\w-])(?:-md|--model-draft|-hfd|--hf-repo-draft)[ =]+\S+|(?P<g>[\w.-]+\.gguf)\b"
)


def target_models(text: str) -> set[str]:
    """The target models the paste's commands name (file names, lower-cased)."""
    out = {m.group("m").rsplit("/", 1)[-1].lower() for m in _MODEL.finditer(text)}
    out.update(m.group("g").lower() for m in _GGUF.finditer(text) if m.group("g"))
    return out


COUNTED_RULE = (
    "identity: printed length = 1 + accepted / drafted, at most one draft token a step ('{said}' "
    "in the paste): the drafts are the verify steps"
)


def _decimals(x: float) -> int:
    text = repr(x)
    return len(text.split(".", 1)[1]) if "." in text and "e" not in text else 0


def _flag_max_one(text: str) -> str | None:
    """The words of ``text`` setting a draft maximum of one by a draft-maximum or draft-count
    flag (``n-max=1``, ``--draft-max 1``, ``--num-speculative-tokens 1``), where every such
    setting is one and none is listed; a loose ``name: N`` (``MTP: 2 splits``, a count of
    something else as often) is no setting here: the counts and the length decide with it."""
    found = [
        (m.group(0), int(m.group("max") or m.group("n")))
        for m in _SETTING.finditer(text)
        if m.group("o") is None and (m.group("max") or m.group("n"))
    ]
    if not found or any(n != 1 for _, n in found) or _LISTED.search(text) is not None:
        return None
    return found[0][0].strip("`'\" ")


def counted_lengths(records: list[PasteRecord], lines: list[tuple[int, str]]) -> list[PasteRecord]:
    """The paste's records where the paste sets a draft maximum of one and no other draft
    setting (anywhere outside its records' lines; one target model at most, no other depth):
    a record printing its accepted and drafted counts and a length equal, at the length's
    printed precision, to 1 + accepted / drafted (and not to accepted / drafted) counts the
    target's own token, each step having drafted one token (the drafts are the verify steps):
    bonus included. Unlike a rate alone (``paste``), the setting may stand below the run: the
    counts and the length must agree with it."""
    if not any(
        r.printed_length is not None
        and r.accepted_tokens is not None
        and r.drafted_tokens
        and r.accept_length is None
        for r in records
    ):
        return records
    own = {ln for r in records for ln in range(r.first_line, r.last_line + 1)}
    rest = "\n".join(t for ln, t in lines if ln not in own)
    if "1" not in rest or (said := _flag_max_one(rest)) is None:
        return records
    if D._OTHER_DEPTH.search(rest) is not None or len(target_models(rest)) > 1:
        return records
    out = []
    for r in records:
        length, acc, drf = r.printed_length, r.accepted_tokens, r.drafted_tokens
        if (
            length is not None
            and acc is not None
            and drf
            and 0 <= acc <= drf
            and r.accept_length is None
            and r.bonus.value == UNKNOWN
        ):
            tol = 0.5 * 10 ** -_decimals(length) + 1e-9
            if abs(length - (1 + acc / drf)) <= tol and abs(length - acc / drf) > tol:
                r = dataclasses.replace(
                    r,
                    accept_length=length,
                    bonus=Decision(INCLUDED, COUNTED_RULE.format(said=said)),
                    notes=decided_notes(r.notes),
                )
        out.append(r)
    return out
