"""The line scanner's records in a paste, decided by the paste around them.

A llama.cpp line the line scanner reads (``draft acceptance = 0.91717 ( 764 accepted / 833
generated)``) prints a rate and its counts but no mean length: alone, its tokens per verify
step are unknown. Pasted among other lines, the paste may prove them:

- **a draft maximum of one** set on the run: every draft setting of the paste is one
  (``--spec-draft-n-max 1``, ``--draft-max 1``) and the paste names one target model at most
  (a second model's command may be another run's); the decision is :mod:`one_draft`'s, the
  paste readers' own (length 1 + rate), taken over the paste's lines;
- **no draft accepted**: ``0 accepted / N generated`` (N > 0) means every verify step emitted
  the target's own token alone, so the tokens per step are 1 whatever each step drafted and
  however many steps ran (the paste readers' rule for counts of zero, evidence.py);
- **the count identity** of llama.cpp's own timings in the record's block: ``eval time = ... /
  N tokens`` with N = accepted + generated + 1 (the first token comes from the prompt's pass):
  the decode steps are as many as the drafted tokens, so the tokens per step are
  1 + accepted / generated, whatever each step drafted;
- **the statistics line of the same counts** in the record's block: a ``statistics <impl>:``
  line whose ``#acc tokens`` and ``#gen tokens`` are the request's accepted and generated
  counts (the server's counters since start hold this request's alone) gives its drafts,
  ``#gen drafts``: the tokens per step are 1 + accepted / drafts. Counters of other values
  (other requests counted with it) or two such lines of different drafts decide nothing.

The summary of llama.cpp's speculative examples (``n_draft = 4``, ``n_predict = 202``,
``n_drafted = 376``, ``n_accept = 107``) prints no step count either, and ``n_draft`` is only the
most a draft holds. Its counts prove the steps where they close exactly:

- every step drafts at most ``n_draft`` tokens, so there are at least ``n_drafted / n_draft``
  drafts, and ``n_predict`` counts each step's accepted drafts and its target token, plus the
  one token sampled before any draft where the program does (``llama-speculative`` samples the
  prompt's next token before its first draft; ``llama-speculative-simple`` does not);
- ``n_drafted`` a whole multiple of ``n_draft`` and ``n_predict = n_accept + n_drafted /
  n_draft + c`` (c the program's first token: 1 where the paste names ``llama-speculative``
  and not the simple one, else 0) leave no room for a short draft: the drafts are
  ``n_drafted / n_draft`` and the tokens per step 1 + n_accept / drafts. An offset of 1 where no
  program is named (the simple one's short drafts could sum to the same multiple) or of 0
  where llama-speculative is named (its counts cannot give it) decides nothing.

Each decided record is the line scanner's own (same line, same figures) with the normalised
length the line scanner could not give: it replaces none and adds no record. Pure: records and
the paste's lines in, decided records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from specdiag.core.logs.paste import one_draft as OD
from specdiag.core.logs.paste import token_a_step as TAS
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_DRAFT,
    SUMMARY,
    UNDECIDED,
    UNKNOWN,
    Decision,
    PasteRecord,
)
from specdiag.core.logs.records import CUMULATIVE, EXAMPLE, REQUEST, LogRecord

# llama.cpp's print_timings: 'eval time =   20397.76 ms /  1598 tokens ('
_EVAL = re.compile(r"(?<![\w ])\s*eval time\s*=\s*[\d.]+\s*ms\s*/\s*(?P<n>\d+)\s+(?:tokens|runs)\b")
RULE_IDENTITY = (
    "identity: eval tokens = accepted + generated + 1 (llama.cpp's timings in the same block): "
    "the decode steps are as many as the drafted tokens, tokens per step = 1 + accepted / "
    "generated"
)

RULE_STATISTICS = (
    "counts: the statistics line of the same block prints the same accepted and generated "
    "tokens ({acc} / {gen}) and {drafts} drafts: tokens per step = 1 + {acc} / {drafts}"
)


# the speculative example named as the program that printed the summary (its binary, its
# directory), and the simple example (whose first token is no extra step's)
_SPECULATIVE = re.compile(
    r"(?<![\w-])(?:llama-speculative|(?:\./|bin/|examples/)speculative)(?![\w-])"
)
_SIMPLE = re.compile(r"speculative[-_]simple", re.I)
RULE_EXAMPLE = (
    "identity: n_predict = n_accept + n_drafted / n_draft{first} with n_drafted a whole "
    "multiple of n_draft (the most a draft holds): every draft held n_draft tokens, "
    "{steps} drafts, tokens per step 1 + n_accept / drafts"
)


def _count(raw: dict[str, str], key: str) -> int | None:
    v = raw.get(key, "").strip()
    return int(v) if v.isdigit() and len(v) <= 12 else None


def _example(rec: LogRecord, text: str) -> PasteRecord | None:
    """The speculative example's summary whose counts close exactly (module rules), with its
    length; None otherwise."""
    raw = dict(rec.raw)
    k, pred = _count(raw, "n_draft"), _count(raw, "n_predict")
    dra, acc = _count(raw, "n_drafted"), _count(raw, "n_accept")
    if k is None or pred is None or dra is None or acc is None or not k or not dra:
        return None
    if dra % k or acc > dra:
        return None
    steps = dra // k
    first = int(_SPECULATIVE.search(text) is not None and _SIMPLE.search(text) is None)
    if pred != acc + steps + first:
        return None
    after = " + 1 (llama-speculative's first token, sampled before any draft)" if first else ""
    return PasteRecord(
        kind=SUMMARY,
        tool="llamacpp",
        tool_rule="the line scanner's llama.cpp speculative example summary",
        structure="example summary",
        first_line=rec.line_no,
        last_line=rec.line_no,
        labels=(),
        printed_length=None,
        accept_length=round(1 + acc / steps, 6),
        printed_rate=rec.accept_rate,
        accept_rate=rec.accept_rate,
        accepted_tokens=acc,
        drafted_tokens=dra,
        steps=steps,
        output_tokens=pred,
        per_position=(),
        max_length=None,
        statistic=None,
        bonus=Decision(INCLUDED, RULE_EXAMPLE.format(first=after, steps=steps)),
        rate_basis=Decision(PER_DRAFT, "the example's accept is n_accept / n_drafted"),
        pooling=UNDECIDED,
        fields=tuple((key, raw[key]) for key in ("n_draft", "n_predict", "n_drafted", "n_accept")),
        notes=(),
    )


def _record(rec: LogRecord) -> PasteRecord | None:
    rate, acc, gen = rec.accept_rate, rec.accepted_tokens, rec.drafted_tokens
    if rec.engine != "llamacpp" or rec.kind != REQUEST or rec.accept_length is not None:
        return None
    if rate is None or acc is None or not gen:
        return None
    return PasteRecord(
        kind=SUMMARY,
        tool="llamacpp",
        tool_rule="the line scanner's llama.cpp line",
        structure="server line",
        first_line=rec.line_no,
        last_line=rec.line_no,
        labels=(),
        printed_length=None,
        accept_length=None,
        printed_rate=rate,
        accept_rate=rate,
        accepted_tokens=acc,
        drafted_tokens=gen,
        steps=None,
        output_tokens=None,
        per_position=(),
        max_length=None,
        statistic=None,
        bonus=Decision(UNKNOWN, "llama.cpp's line prints no mean length"),
        rate_basis=Decision(PER_DRAFT, "llama.cpp's draft acceptance is accepted / generated"),
        pooling=UNDECIDED,
        fields=(("draft acceptance", f"{rate:g}"),),
        notes=(),
    )


def _block(lines: Sequence[str], line_no: int) -> tuple[int, int]:
    """The 1-based first and last lines of the run of non-blank lines holding ``line_no``."""
    lo = hi = line_no
    while lo > 1 and lines[lo - 2].strip() and not lines[lo - 2].lstrip().startswith("```"):
        lo -= 1
    while hi < len(lines) and lines[hi].strip() and not lines[hi].lstrip().startswith("```"):
        hi += 1
    return lo, hi


def _by_identity(r: PasteRecord, lines: Sequence[str]) -> PasteRecord | None:
    lo, hi = _block(lines, r.first_line)
    acc, gen = r.accepted_tokens, r.drafted_tokens
    assert acc is not None and gen
    evals = [int(m.group("n")) for t in lines[lo - 1 : hi] if (m := _EVAL.search(t))]
    if len(evals) != 1 or evals[0] != acc + gen + 1:
        return None
    return dataclasses.replace(
        r, accept_length=round(1 + acc / gen, 6), bonus=Decision(INCLUDED, RULE_IDENTITY)
    )


def _by_statistics(
    r: PasteRecord, scanned: Sequence[LogRecord], lines: Sequence[str]
) -> PasteRecord | None:
    """The request's length from a statistics line of its block printing its counts (module
    rules); None where no such line, or two of different drafts."""
    lo, hi = _block(lines, r.first_line)
    acc, gen = r.accepted_tokens, r.drafted_tokens
    assert acc is not None and gen
    drafts = {
        d
        for s in scanned
        if s.engine == "llamacpp" and s.kind == CUMULATIVE and lo <= s.line_no <= hi
        if s.accepted_tokens == acc and s.drafted_tokens == gen
        if (d := _count(dict(s.raw), "#gen drafts"))
    }
    if len(drafts) != 1:
        return None
    (n,) = drafts
    if n > gen:
        return None
    rule = RULE_STATISTICS.format(acc=acc, gen=gen, drafts=n)
    return dataclasses.replace(
        r, accept_length=round(1 + acc / n, 6), steps=n, bonus=Decision(INCLUDED, rule)
    )


def _none_accepted(r: PasteRecord) -> PasteRecord | None:
    """The record whose counts accept no drafted token: 1 token a step (module rules)."""
    if r.accepted_tokens != 0 or not r.drafted_tokens or r.drafted_tokens < 0:
        return None
    rule = (
        f"computed: 0 of {r.drafted_tokens} drafted tokens accepted: every step emitted the "
        "target's token alone, 1 + 0 / steps = 1 (no length printed)"
    )
    return dataclasses.replace(r, accept_length=1.0, bonus=Decision(INCLUDED, rule))


def decide(scanned: Sequence[LogRecord], text: str) -> tuple[PasteRecord, ...]:
    """The line scanner's records of one paste whose tokens per step the paste proves."""
    examples = tuple(
        got
        for r in scanned
        if r.engine == "llamacpp" and r.kind == EXAMPLE and r.accept_length is None
        if (got := _example(r, text)) is not None
    )
    out = [*examples]
    recs = [r for r in map(_record, scanned) if r is not None]
    if recs:
        lines = text.split("\n")
        numbered = list(enumerate(lines, 1))
        one_model = len(OD.target_models(text)) <= 1
        for r in recs:
            got = _none_accepted(r) or _by_identity(r, lines) or _by_statistics(r, scanned, lines)
            if got is None and one_model:
                (got,) = OD.block([r], numbered, where="the paste")
                if got.accept_length is None:
                    got = None
            if got is not None:
                out.append(got)
    # a paste saying its target decodes one token a step whatever is accepted (token_a_step.py)
    kept = (r for r in TAS.undo(out, text) if r.accept_length is not None)
    return tuple(sorted(kept, key=lambda r: r.first_line))
