"""Conventions proven by the number of drafts a step makes, where the paste states it, or by
none of its drafts being accepted.

Three rules, each applied to records already read (the first identity that decides wins):

- **length = 1 + k x rate**: a record printing a per-step length L and a per-draft rate r, in a
  paste that states one draft block size b (``--draft-block-size 4``; the block holds the
  target's own token and b - 1 drafts, or b drafts: both readings are tried) or one k that the
  name-led rule (``reader._rate_times_k``) could not use. The bonus is decided INCLUDED only
  when L = 1 + k x r within the printed rounding for exactly one reading of k, and no other
  reading fits (L = k' x r for k' in k - 1, k, k + 1, or 1 + k' x r for another k'). Otherwise
  nothing is decided.
- **one draft a step**: a table's rate printed without a length, where the sentence right above
  the table (its caption) says the runs draft one token a step (``acceptance at depth 1``,
  ``--draft-max 1``, ``num_speculative_tokens=1``, ``1 draft token``), or any sentence of the
  setup paragraph right above it does where that paragraph tells no change of setup ('Llama-8B,
  greedy, `K=1`. The head is ...'), and the paste states no other depth or k. A step then accepts at most one draft, so the rate is the accepted drafts
  per step and the length is 1 + rate. Approximate or ranged rates get no length.
- **zero acceptance**: a record whose rate is printed as exactly zero (``0``, ``0%``, ``0.0%``,
  ``0.000``, ``0/34``) and no length: no draft was accepted, so each verify step emitted the
  target's own token alone, a length of 1 (bonus included) whatever k and whatever the rate
  divides. Never for an approximate or bounded zero (``~0%``, ``about 0%``, ``<1%``, ``0%
  左右``), a run that drafted nothing (``0/0``, ``no draft``, ``Drafted: 0``), a row run without
  drafts (``baseline``), a row its own label marks as failed (``❌``, ``FAIL``, ``error``: a
  draft the target could not use may have been switched off, its 0% standing for nothing
  drafted), nor where a count says some draft was accepted, nor for a heading's zero that
  another line naming acceptance writes approximate (``# ... acceptance is 0%`` over ``the
  acceptance rate drops to nearly 0%``: the title restates the body's approximate figure).
  (A zero count of accepted drafts among drafts made is :mod:`evidence`'s own rule.)

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import (
    BONUS_UNKNOWN,
    INCLUDED,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

# a draft block's size: the tokens one draft-verify round proposes, perhaps with the target's
# own (mlx-vlm's '--draft-block-size 4', DFlash's 'block_size=16'); never a KV cache block
# ('--block-size 16' alone names no draft)
_BLOCK = re.compile(
    r"(?:--)?(?:draft|spec(?:ulative)?|mtp|dflash)[-_ ]block[-_ ]size\s*(?:[=:]\s*|\s)(\d{1,2})\b"
    r"(?!\s*(?:[/,]|→|->|=>|\.\d)\s*\d)",
    re.I,
)


def block_stated(text: str) -> int | None:
    """The one draft block size a paste (or a block of it) states, or None for none or
    several."""
    found = {int(m.group(1)) for m in _BLOCK.finditer(text)}
    found.discard(0)
    found.discard(1)  # (a block of one token drafts nothing, or one: no reading to prove)
    return found.pop() if len(found) == 1 else None


def _shown(r: PasteRecord, number: float, rate: bool) -> C.Value | None:
    """The printed value of ``number`` among the record's fields (a rate as a fraction)."""
    for _, shown in r.fields:
        v = C.value(shown)
        if v is None:
            continue
        as_read = v.number / 100.0 if (rate and v.percent) else v.number
        if abs(as_read - number) < 1e-9 and (v.percent or not rate or v.number <= 1.0):
            return v
    return None


_APPROX_RATE = re.compile(r"[~≈∼]|\b(?:about|around|approx\w*|roughly|nearly)\b", re.I)


def _approximate_rate(r: PasteRecord, rate: float) -> str:
    """The printed text of the record's rate where it is marked approximate ('~60%'), else ''."""
    for _, shown in r.fields:
        v = C.value(shown)
        if v is None or not _APPROX_RATE.search(shown):
            continue
        if abs((v.number / 100.0 if v.percent else v.number) - rate) < 1e-9:
            return C._MARKUP.sub("", shown).strip()
    return ""


def _unit(v: C.Value | None, rate: bool) -> float:
    if v is None:
        return 0.01  # (a whole unit of the second decimal where the printed value is not found)
    return C.half_unit(v.decimals) / (100.0 if (rate and v.percent) else 1.0)


def _rate_field(r: PasteRecord) -> bool:
    """Whether the record's rate was printed under a rate's name (never a ratio: FastDeploy's
    accept ratio is per output token)."""
    return r.rate_basis.value != "per_output_token" and any(
        C.key(n).metric == C.RATE
        or ("rate" in n.lower() and "ratio" not in n.lower())
        or n.lower().rstrip(": ").endswith("acceptance")
        or " ".join(n.lower().split()) in C.TOKEN_ACCEPT_NAMES
        for n, _ in r.fields
    )


def _readings(k: int, block: bool) -> list[tuple[int, str]]:
    if block:
        return [
            (
                k - 1,
                f"k = {k - 1} drafts of the draft block of {k} (the block holds the target's "
                "own token)",
            ),
            (k, f"k = {k} drafts, the whole draft block"),
        ]
    return [(k, f"k = {k} as the paste states")]


def length_by_drafts(
    records: list[PasteRecord], k: int | None, block: int | None, why: str | None = None
) -> list[PasteRecord]:
    """Records whose undecided length the arithmetic 1 + k x rate proves bonus-included (see
    the module's rules); the others as they are. ``why``: how the paste states k, where not as
    k itself (a heading's bare ``n=N``)."""
    if k is None and block is None:
        return records
    readings = _readings(block, True) if block is not None else _readings(k or 0, False)
    if why is not None and block is None:
        readings = [(n, why) for n, _ in readings]
    readings = [(n, why) for n, why in readings if n >= 1]
    out = []
    for r in records:
        pl, rate = r.printed_length, r.printed_rate
        if (
            pl is None
            or rate is None
            or not 0.0 < rate <= 1.0
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or not _rate_field(r)
        ):
            out.append(r)
            continue
        lu, ru = _unit(_shown(r, pl, False), False), _unit(_shown(r, rate, True), True)
        fits, others = [], False
        for n, why in readings:
            tol = lu + n * ru
            if tol >= 0.1:
                others = True  # (the rate's digits too coarse for n of them to tell)
            if abs(pl - (1 + n * rate)) <= tol:
                fits.append((n, why))
            for n2 in (n - 1, n, n + 1):
                t2 = lu + max(n2, 0) * ru
                if n2 >= 1 and abs(pl - n2 * rate) <= t2:
                    others = True  # the printed length would be k x rate: bonus left out
        if len(fits) != 1 or others:
            out.append(r)
            continue
        n, why = fits[0]
        approx = _approximate_rate(r, rate)
        out.append(
            dataclasses.replace(
                r,
                accept_length=pl,
                bonus=Decision(
                    INCLUDED,
                    f"identity: length = 1 + k x rate ({pl:g} = 1 + {n} x {rate:g}), {why}; no "
                    "other reading of k fits"
                    + (
                        f" (the rate printed as approximate, {approx!r}: the identity holds "
                        "within its printed rounding)"
                        if approx
                        else ""
                    ),
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out


# a bare 'n=N' in a markdown heading over the block ('## Bench at shipped n=7 (TP=2)'): the
# draft tokens per step of a speculative setup only where the identity 1 + N x rate proves it
# (length_by_drafts: one reading, no other fits); never a count of prompts, samples or runs
# ('n=8 prompts'), a list or a range ('n=4/8', 'n=4-8'), a decimal, nor a name ending in n
# ('max_n=7', 'spec-n=7')
_N_IN_HEADING = re.compile(
    r"(?<![\w-])n\s*=\s*(\d{1,2})\b(?![.,]\d)(?!\s*(?:[/,\-–]|→|->|=>|\b(?:and|or|to)\b)\s*\d)"
    r"(?!\s*(?:prompts?|samples?|runs?|requests?|seeds?|trials?|reps?|repeats?|repetitions?|"
    r"questions?|items?|examples?|shots?|gpus?|users?|sequences?|turns?|tasks?)\b)",
    re.I,
)
_MD_HEADING = re.compile(r"^\s*#{1,6}\s+\S")

N_READING = (
    "k = {n}, the bare n={n} of the heading above (read as the draft tokens per step only "
    "because 1 + n x rate gives the length)"
)


def n_in_heading(heading: str) -> int | None:
    """The one bare ``n=N`` (2 to 16) the markdown headings of ``heading`` state, or None for
    none, several, or one out of range."""
    found = {
        int(m.group(1))
        for line in heading.split("\n")
        if _MD_HEADING.match(line)
        for m in _N_IN_HEADING.finditer(line)
    }
    if len(found) != 1:
        return None
    n = found.pop()
    return n if 2 <= n <= 16 else None


# one draft token a step said of the runs ('Measured acceptance at depth 1', '--draft-max 1',
# 'num_speculative_tokens=1', 'with 1 draft token per step', 'k=1')
_ONE = r"(?:1|one|a single)"
_DEPTH_ONE = re.compile(
    r"\b(?:at\s+)?(?:draft\s+|mtp\s+|speculation\s+)?depth\s*(?:[=:]\s*)?1\b(?!\s*(?:[/,.\-–]|and|or|to)\s*\d)"
    + r"|"
    + V.draft_max_set_to("1")  # a draft maximum of one (vocab.DRAFT_MAX)
    + r"|--num[-_]speculative[-_]tokens[ =]+1\b|[\"']?num_speculative_tokens[\"']?\s*[=:]\s*1\b"
    r"|\b(?:n|num)[_-]?drafts?(?:[_-]tokens?)?\s*[=:]\s*1\b(?!\s*(?:[/,.\-–]|and|or|to)\s*\d)"
    # (never a sampler's top-k, 'top-k=1': greedy sampling, no draft)
    r"|(?<!top-)(?<!top )\b(?:k|n[_ ]?spec|mtp[_ ]?k|gamma)\s*=\s*1\b(?!\s*(?:[/,.\-–]|and|or|to)\s*\d)"
    rf"|\b{_ONE}\s+draft(?:ed)?\s+tokens?\b(?:\s+(?:per|a|each)\s+(?:step|cycle|round|verify))?"
    rf"|\b{_ONE}[- ]token\s+drafts?\b",
    re.I,
)
# another depth or k stated ('depth 3', 'k=2', 'depths 1-3', 'three draft tokens', 'position 2')
_OTHER_DEPTH = re.compile(
    r"\bdepths?\s*(?:[=:]\s*)?(?:[2-9]|\d{2})\b|\bdepths?\s*(?:[=:]\s*)?1\s*(?:[/,\-–]|and|or|to)\s*\d"
    # a draft maximum above one, alone or listed (vocab.DRAFT_MAX)
    r"|"
    + V.draft_max_set_to(r"(?:[2-9]|\d{2,3})", alone=False)
    + r"|num_speculative_tokens[\"']?\s*[=:]\s*(?:[2-9]|\d{2})"
    r"|\b(?:k|n[_ ]?spec|mtp[_ ]?k|gamma)\s*=\s*(?:[2-9]|\d{2})\b"
    r"|\b(?:n|num)[_-]?drafts?(?:[_-]tokens?)?\s*[=:]\s*(?:[2-9]|\d{2})\b|\bnd\s*=?\s*(?:[2-9]|\d{2})\b"
    r"|\b(?:[2-9]|two|three|four|five|six|seven|eight)\s+draft(?:ed)?\s+tokens\b"
    r"|\bposition\s*#?\s*[2-9]\b|\bper[- ](?:position|depth)\b",
    re.I,
)
# a rate printed as an approximation or a range ('~0.75', '0.7-0.8', 'about 70%')
_APPROX = re.compile(
    r"[~≈]|\b(?:about|around|approx\w*|roughly|circa)\b|\d\s*(?:-|–|to)\s*\d", re.I
)


# a paragraph telling a change of setup: its earlier sentences may state a k the table's runs
# no longer use
_CHANGED = re.compile(
    r"\b(?:earlier|previously|before|formerly|first|initially|originally|then|now|later|"
    r"instead|changed?|switch(?:ed)?|tried|used to|moved)\b",
    re.I,
)


# 'nd1' (one draft a step, 'MTP acceptance (nd1, K2 verify)'): a short code, read only in a
# sentence naming speculation or acceptance ('nd1' alone may name a node)
_ND_ONE = re.compile(r"(?<![\w-])nd\s*=?\s*1(?![\w.-])", re.I)
_SPEC_OR_ACCEPT = re.compile(rf"{V.SPECULATIVE_RE}|\baccept", re.I)


def _one_said(sentence: str) -> re.Match[str] | None:
    if (m := _DEPTH_ONE.search(sentence)) is not None:
        return m
    if _SPEC_OR_ACCEPT.search(sentence) is not None:
        return _ND_ONE.search(sentence)
    return None


def one_draft_counts(records: list[PasteRecord], said: str | None) -> list[PasteRecord]:
    """Records of accepted and drafted (or accepted and rejected) counts without a length,
    where the caption says one draft a step (``said``): every step drafts one token, so the
    drafts are the steps and the length is 1 + accepted / drafted."""
    if said is None:
        return records
    out = []
    for r in records:
        a, d = r.accepted_tokens, r.drafted_tokens
        if (
            a is None
            or not d
            or a > d
            or r.printed_length is not None
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or r.steps is not None
            or r.per_position
            or any(C.key(n).metric == C.K for n, _ in r.labels)
        ):
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=round(1 + a / d, 6),
                bonus=Decision(
                    INCLUDED,
                    f"computed: 1 + accepted / drafted ({a:g} / {d:g}), one draft token a step "
                    f"('{said}' said of these runs): the drafts are the verify steps",
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out


# an item of a markdown list ('- model: X with `K=1`', '  * greedy', '2. dataset: ...')
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+\S")


def setup_items(above: Sequence[str]) -> list[str]:
    """The items of the list the lines ``above`` a table end on (each with the lines continuing
    it), the list right above the table; none where the last line is no item of a list or
    its continuation."""
    items: list[str] = []
    tail: list[str] = []
    for t in reversed(above):
        if _ITEM.match(t):
            items.append(" ".join([t.strip(), *tail]))
            tail = []
        elif t[:1].isspace() and t.strip():
            tail.insert(0, t.strip())  # a line continuing the item above it
        else:
            break
    return items[::-1]


def said_one_draft(caption: str, paste: str, above: Sequence[str] = ()) -> str | None:
    """The words of ``caption`` (the sentence right above a table) saying the runs draft one
    token a step, when the paste states no other depth or k; else None. ``above``: the lines
    right above the table (its block's, or the block just before it where the table opens its
    own), whose list of setup items is the setup paragraph when they end on one."""
    lines = [t for t in caption.split("\n") if t.strip()]
    if not lines:
        return None
    sentences = [s for s in re.split(r"(?<=[.!?;])\s+", lines[-1]) if s.strip()]
    # a list of setup items right above the table ('- model: X with `K=1`', '- dataset: Y',
    # '- sampling: greedy'): its items are the setup paragraph's sentences
    items = setup_items(above)
    if len(items) >= 2 and items[-1].endswith(lines[-1].strip()):
        sentences = items if not any(_CHANGED.search(t) for t in items) else [items[-1]]
    # the last sentence right above the table, or any sentence of the setup paragraph right
    # above it ('Qwen3-8B, teacher-forced, greedy, `K=1`. The head is built from ...') where
    # that paragraph tells no change of setup ('Earlier we tried k=1. Now ...')
    said = [sentences[-1]] if _CHANGED.search(lines[-1]) else sentences
    m = next((m for s in reversed(said) if (m := _one_said(s)) is not None), None)
    if m is None or _OTHER_DEPTH.search(paste) is not None:
        return None
    return m.group(0).strip()


def one_draft_lengths(records: list[PasteRecord], said: str | None) -> list[PasteRecord]:
    """A table's rates without a length, where its caption says one draft a step (``said``):
    length 1 + rate (see the module's rules); the others as they are."""
    if said is None:
        return records
    out = []
    for r in records:
        rate = r.printed_rate
        # (the rate's field: its name, a bare 'accept', or 'accepted' after a share, '88%
        # accepted': the share of the drafts accepted)
        shown = [
            s
            for n, s in r.fields
            if C.key(n).metric == C.RATE
            or C.ACCEPT_ALONE.match(n)
            or (C.key(n).metric == C.ACCEPTED and "%" in s)
        ]
        if (
            rate is None
            or not 0.0 <= rate <= 1.0
            or r.printed_length is not None
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or r.rate_basis.value == "per_output_token"
            or r.per_position
            or len(shown) != 1
            or _APPROX.search(shown[0]) is not None
            or any(C.key(n).metric == C.K for n, _ in r.labels)
        ):
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=round(1 + rate, 6),
                bonus=Decision(
                    INCLUDED,
                    f"computed: 1 + rate, one draft token a step ('{said}' said of these runs): "
                    "the rate is the accepted drafts per step",
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out


# a zero printed exactly: '0', '0%', '0.0%', '0,00 %', '0.000', none of some drafts ('0/34'),
# or a zero rate with those counts after it ('0.0% (0/34)')
_EXACT_ZERO = re.compile(
    r"^0(?:[.,]0+)?(?:\s*%)?(?:\s*\(\s*0\s*/\s*0*[1-9][\d,]*\s*\))?$|^0\s*/\s*0*[1-9][\d,]*$"
)
# what makes a printed zero approximate, a bound or a change, before it ('~0%', 'about 0%',
# '<1%', '接近 0%', '+0.0%', '-0%') or after it ('0% or so', '0%左右', '0%程度')
_ZERO_BEFORE = re.compile(
    # (an ASCII arrow's head, '-> 0' or '=> 0', is no bound)
    r"(?:(?:[~≈∼<≤≥≲≦+±−]|(?<![-=])>|\b(?:about|around|near|nearly|almost|approx\w*|roughly|close\s+to|"
    r"under|below|less\s+than|at\s+most|up\s+to|virtually|essentially|practically|"
    r"effectively|basically|circa|ca\.?)|约|大约|接近|几乎|近乎|不到|低于|小于|少于|約|ほぼ|およそ|"
    # (a hedge before a copula or a sign: '约为 0', '几乎是 0%', 'about = 0')
    r"약|거의)\s*(?:为|是|于|於|為|等于|[=:：])?\s*|-)$",
    re.I,
)
_ZERO_AFTER = re.compile(
    r"^\s*(?:[-–]\s*\d|to\s+\d|or\s+(?:so|less|lower|below|thereabouts)|and\s+(?:below|less)|"
    r"ish\b|-ish\b|左右|上下|前后|以下|程度|未満|前後|정도|[x×])",
    re.I,
)
# nothing drafted, said beside the figure ('accept: no draft', 'Drafted: 0', '0/0')
_NONE_DRAFTED = re.compile(
    r"\bno\s+drafts?\b|\bnothing\s+(?:was\s+)?drafted\b|\bdraft(?:ed)?(?:\s+tokens?)?\W{0,3}"
    r"0(?![.,]?\d)|(?<![\d.,])0\s*draft(?:ed)?\s+tokens?\b|(?<![\d.,])0\s*/\s*0(?![.,]?\d)",
    re.I,
)


# counts saying nothing was drafted ('0% (0/0)', 'Drafted: 0', '0 draft tokens'), never the words
# 'no draft' (said of drafts none of which were accepted as well) or a position label ('draft0=')
_ZERO_DRAFT_COUNTS = re.compile(
    r"(?<![\d.,/])0\s*/\s*0(?![.,]?\d|\s*/)|\bdraft(?:ed)?(?:\s+tokens?)?\W{1,3}0(?![.,]?\d)"
    r"|(?<![\d.,])0\s*draft(?:ed)?\s+tokens?\b",
    re.I,
)


def none_drafted(r: PasteRecord, raw: list[str]) -> bool:
    """A rate printed as exactly zero, no length, no draft counted accepted, whose own lines count
    nothing drafted (``MTP acceptance 0% (0/0)``): 0 / 0 is no rate, nothing was measured.
    ``raw``: the paste's lines as given."""
    if (
        r.printed_rate != 0.0
        or r.printed_length is not None
        or r.accepted_tokens not in (None, 0)
        or r.drafted_tokens not in (None, 0)
        or r.per_position
    ):
        return False
    span = C._MARKUP.sub("", "\n".join(raw[r.first_line - 1 : r.last_line]))
    return _ZERO_DRAFT_COUNTS.search(span) is not None and not _some_accepted(span)


def _exactly_zero(shown: str, span: str) -> bool:
    """Whether ``shown`` (a field's printed value) is an exact zero and every place the record's
    lines print it is neither approximate nor a bound."""
    t = C._MARKUP.sub("", shown).strip().strip(",;:.").strip()
    if _EXACT_ZERO.match(t) is None:
        return False
    # (a zero glued to a Chinese or Japanese word before it is its own: '接受率为0', '是0%')
    places = list(re.finditer(r"(?<![A-Za-z0-9_.,])" + re.escape(t) + r"(?![.,]?\d)", span))
    return bool(places) and not any(
        _ZERO_BEFORE.search(span[max(0, m.start() - 24) : m.start()])
        or _ZERO_AFTER.match(span[m.end() : m.end() + 12])
        for m in places
    )


def _some_accepted(span: str) -> bool:
    """Whether the lines count some draft accepted ('1/2001 proposals accepted (0.0%)'): a share
    printed as zero beside them is a rounding, not none accepted."""
    return any(
        (a := C.value(m.group("a"))) is not None and a.number > 0
        for pat in (I._SLASH_OF_ACCEPTED, I._OF_ACCEPTED, I._ACCEPTED_OF)
        for m in pat.finditer(span)
    )


# a label marking the row's run as failed ('❌ broke', 'FAIL - bad vocab', 'load error'): its
# printed 0% may be a run that never drafted (an incompatible draft switched off), no measure of
# drafts rejected
_FAILED_ROW = re.compile(r"[❌✗✘]|\b(?:fail(?:ed|s|ure)?|errors?|crash(?:ed|es)?)\b", re.I)


# a heading line ('# ...', '## ...'): a title, which restates its body's figure
_TITLE_LINE = re.compile(r"^\s*#{1,6}\s")
# a zero written on a line, as a percentage or plainly, or the word
_ANY_ZERO = re.compile(r"(?<![\w.,])0(?:[.,]0+)?(?![.,]?\d)(?P<pct>\s*%)?|\bzero\b", re.I)


def _hedged_zeros(raw: list[str]) -> dict[int, set[bool]]:
    """The lines (0-based) of ``raw`` that name acceptance and write a zero approximate or
    bounded ('close to 0%', 'nearly zero', '~0'), each with the units of those zeros (True: a
    percentage; the word 'zero' counts as both). Once a paste; lines without 'accept' or a
    '0' are never searched."""
    out: dict[int, set[bool]] = {}
    for i, line in enumerate(raw):
        low = line.lower()
        if "accept" not in low or ("0" not in line and "zero" not in low):
            continue
        t = C._MARKUP.sub("", line)
        for m in _ANY_ZERO.finditer(t):
            if _ZERO_BEFORE.search(t[max(0, m.start() - 24) : m.start()]) or _ZERO_AFTER.match(
                t[m.end() : m.end() + 12]
            ):
                units = {True, False} if m.group().lower() == "zero" else {bool(m.group("pct"))}
                out.setdefault(i, set()).update(units)
    return out


def _title_of_hedged(
    r: PasteRecord, raw: list[str], zeros: list[str], hedged: dict[int, set[bool]]
) -> bool:
    """Whether the record is a heading's exact zero that another line of the paste, naming
    acceptance, writes as an approximate one ('# ... acceptance is 0%' over '... acceptance
    will be close to 0%'): the title restates the body's figure, whose zero is no exact one."""
    own = range(r.first_line - 1, r.last_line)
    if not all(_TITLE_LINE.match(raw[i]) for i in own if i < len(raw)):
        return False
    units = {"%" in z for z in zeros}
    return any(i not in own and units & u for i, u in hedged.items())


# a line of prose ending mid-sentence: a word or a comma, no sentence end, no colon, no table bar
_MID_SENTENCE = re.compile(r"[A-Za-z,(]\s*$")
# a line that opens its own item or block: a heading, a bullet, a number's item, a table row
_OWN_START = re.compile(r"^\s*(?:#|[-*+•]\s|\d{1,3}[.)]\s|\|)")
_WRAP_MAX = 3  # the most lines a wrapped sentence is followed on


def _wrapped_end(raw: list[str], r: PasteRecord) -> int:
    """The record's last line, or the last of the lines its sentence wraps onto: prose wrapped
    at a width joins its lines before reading, so a record's lines may stop at the sentence's
    first line ('... as an independent' over 'request), so the draft acceptance fell to 0 %.')
    while its figure is printed below; each next line is followed while the one above ends
    mid-sentence and it opens no item or block of its own (at most a few)."""
    end = r.last_line
    for _ in range(_WRAP_MAX):
        if end >= len(raw) or not _MID_SENTENCE.search(raw[end - 1]):
            break
        nxt = raw[end]
        if not nxt.strip() or _OWN_START.match(nxt):
            break
        end += 1
    return end


def zero_accepted(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Records whose rate is printed as exactly zero and that claim no length: length 1 (see
    the module's rules); the others as they are. ``text``: the paste as given (its lines as
    typed, before any word was translated or an 'about' dropped)."""
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    hedged: dict[int, set[bool]] | None = None  # (the paste's approximate zeros, once)
    for r in records:
        if (
            r.printed_rate != 0.0
            or r.printed_length is not None
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or r.accepted_tokens not in (None, 0)
            or r.drafted_tokens == 0
            or r.steps == 0
            or r.per_position
            or any(I._BASELINE_ROW.match(C._MARKUP.sub("", v).strip()) for _, v in r.labels)
            or any(_FAILED_ROW.search(v) for _, v in r.labels)
        ):
            out.append(r)
            continue
        span = C._MARKUP.sub("", "\n".join(raw[r.first_line - 1 : _wrapped_end(raw, r)]))
        zeros = [s for _, s in r.fields if (v := C.value(s)) is not None and v.number == 0]
        if (
            not zeros
            or _NONE_DRAFTED.search(span) is not None
            or _some_accepted(span)
            or not all(_exactly_zero(s, span) for s in zeros)
        ):
            out.append(r)
            continue
        if _TITLE_LINE.match(raw[r.first_line - 1]):
            if hedged is None:
                hedged = _hedged_zeros(raw)
            if _title_of_hedged(r, raw, zeros, hedged):
                out.append(
                    dataclasses.replace(
                        r,
                        notes=(
                            *r.notes,
                            "no length from the title's zero: the paste's text writes the "
                            "acceptance as approximately zero, not exactly",
                        ),
                    )
                )
                continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=1.0,
                bonus=Decision(
                    INCLUDED,
                    f"computed: a rate of exactly {zeros[0].strip()}, no draft accepted: each "
                    "verify step emitted the target's own token alone, 1 whatever k",
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out


# a row's label naming a draft block's width: the tokens one step verifies, the target's own
# among them ('Width', 'Block size', 'draft block size'); a tree's width is no depth, so only
# the identity below, holding in every row, makes it one
_WIDTH_LABELS = frozenset(
    ("width", "block", "block size", "draft block size", "block width", "tree width")
)


def _row_width(r: PasteRecord) -> int | None:
    found = {
        int(v.number)
        for n, shown in r.labels
        if C.norm(n)[0] in _WIDTH_LABELS
        and (v := C.value(shown)) is not None
        and not v.percent
        and v.number == int(v.number)
    }
    w = found.pop() if len(found) == 1 else None
    return w if w is not None and 2 <= w <= 64 else None


def length_by_row_width(records: list[PasteRecord]) -> list[PasteRecord]:
    """A table's rows each printing a length L, a per-draft rate r and a block width W (a
    'Width' or 'Block size' column): where L = 1 + r x (W - 1) within the printed rounding in
    every such row (two or more, of two widths or more), and no row fits another reading (W x
    r, (W - 1) x r, 1 + W x r), the block holds the target's token and W - 1 drafts, and each
    length counts the bonus token. Any row failing leaves every row as it was."""
    rows = [
        (i, r, w)
        for i, r in enumerate(records)
        if (w := _row_width(r)) is not None
        and r.printed_length is not None
        and r.printed_rate is not None
        and 0.0 < r.printed_rate <= 1.0
        and _rate_field(r)
    ]
    if len(rows) < 2 or len({w for _, _, w in rows}) < 2:
        return records
    if any(r.bonus.value != UNKNOWN or r.accept_length is not None for _, r, _ in rows):
        return records
    for _, r, w in rows:
        pl, rate = r.printed_length, r.printed_rate
        assert pl is not None and rate is not None
        lu, ru = _unit(_shown(r, pl, False), False), _unit(_shown(r, rate, True), True)
        tol = lu + (w - 1) * ru
        if tol >= 0.1 or abs(pl - (1 + (w - 1) * rate)) > tol:
            return records
        for other in (w * rate, (w - 1) * rate, 1 + w * rate):
            if abs(pl - other) <= lu + w * ru:
                return records
    out = list(records)
    for i, r, w in rows:
        pl, rate = r.printed_length, r.printed_rate
        out[i] = dataclasses.replace(
            r,
            accept_length=pl,
            bonus=Decision(
                INCLUDED,
                f"identity: length = 1 + rate x (width - 1) in every row ({pl:g} = 1 + {rate:g}"
                f" x {w - 1}): the block of {w} holds the target's token and {w - 1} drafts",
            ),
            notes=decided_notes(r.notes),
        )
    return out


def _drafted_times_rate(pl: float, rate: float, k: int, lu: float, ru: float) -> bool:
    """Whether a mean ``pl`` is d x ``rate`` within the printed rounding (``lu``, ``ru``) for
    a whole d from 1 to ``k``: the accepted drafts of a step drafting d tokens. A step drafts
    at most k, and may draft fewer: a K counting the verify block's own token ('[1,K]': K - 1
    drafts), a head whose chain stops short of K. A rounding of half the rate or more proves
    nothing either way (every mean between the rate and k x rate fits)."""
    if lu + k * ru >= rate / 2:
        return True
    return any(abs(pl - d * rate) <= lu + d * ru for d in range(1, k + 1))


def series_against_row_k(records: list[PasteRecord]) -> list[PasteRecord]:
    """A series of means read as accepted drafts per step by its values alone (one below 1,
    one above: ``evidence.SERIES_RULE``) whose row states k and prints a per-draft rate r
    ('| 4 | 30.0% / 0.45 |'): accepted drafts per step are then d x r for the whole d drafts
    a step ran, at most k (``_drafted_times_rate``), so a mean that is no such multiple nor
    1 + k x r within the printed rounding (0.45 is 1.5 x 0.30) tells the series is some other
    mean (of a window, a rate's average): every record of the series keeps its printed figure,
    convention unknown. Rows that fit, or print no k or no rate, contradict nothing."""
    misfit: dict[tuple[str, ...], str] = {}
    for r in records:
        pl, rate = r.printed_length, r.printed_rate
        if r.bonus.rule != E.SERIES_RULE or pl is None or rate is None or not 0 < rate <= 1:
            continue
        # the row's k: a k column ('num spec tokens', 'k=4' in a label) or a bare 'K' column,
        # which only takes a decision away here
        ks = {int(v.number) for n, c in r.labels if n.lower() == "k" and (v := C.value(c))}
        k = I._k_of_labels(list(r.labels)) or (
            C.Value(ks.pop(), False, 0) if len(ks) == 1 else None
        )
        if k is None or not 1 <= k.number <= 64:
            continue
        per = k.number * rate
        lu, ru = _unit(_shown(r, pl, False), False), _unit(_shown(r, rate, True), True)
        tol = lu + k.number * ru
        if (
            tol < 0.1
            and not _drafted_times_rate(pl, rate, int(k.number), lu, ru)
            and abs(pl - 1 - per) > tol
        ):
            misfit.setdefault(
                tuple(n for n, _ in r.fields),
                f"{pl:g} at k = {k.number:g} and a rate of {rate:g} is neither the rate times "
                f"a whole count of drafts up to k ({per:.3g} at k) nor 1 + k x rate",
            )
    if not misfit:
        return records
    return [
        dataclasses.replace(
            r,
            accept_length=None,
            bonus=Decision(
                UNKNOWN,
                "the series' own row contradicts it being the accepted drafts per step: " + why,
            ),
            notes=(*r.notes, f"{BONUS_UNKNOWN}: no normalised accept length is given"),
        )
        if r.bonus.rule == E.SERIES_RULE and (why := misfit.get(tuple(n for n, _ in r.fields)))
        else r
        for r in records
    ]
