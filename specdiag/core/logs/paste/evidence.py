"""Conventions decided by evidence, and the record built from what a block printed.

Rules, in order (the first that decides wins, and is named in the decision):

- **identities** where the paste prints counts: 1 + accepted / steps against the printed
  length (bonus included) or accepted / steps (excluded); output tokens / steps; 1 + the sum
  of the per-position rates, or of their running products (the rates are then conditional,
  each given the position before accepted); the histogram's mean; tokens per step = 1 + accepted per step;
  accepted / drafted or accepted / output tokens against the printed rate;
- **names**: 'tokens per step' includes the bonus token, 'accepted per step' does not; a
  length below 1 cannot include it; a series of means named without their unit ('avg_accept',
  'acc / mean') holding one value below 1 and one above is accepted drafts per step
  (``SERIES_BELOW_ONE``), its counts checked first (the accepted drafts its rate x drafted
  tokens give, where that is one whole number);
- **the tool**, when the paste tells it and the tool's convention is documented;
- otherwise ``unknown``, and no normalised figure is given.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from itertools import accumulate
from operator import mul
from typing import TypedDict

from specdiag.core.logs.paste import bench_serving_table as BST
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import output_rounds as ORD
from specdiag.core.logs.paste import positions_counted as PCN
from specdiag.core.logs.paste import rate_changes as RCH
from specdiag.core.logs.paste import table_rate_kept as TRK
from specdiag.core.logs.paste import tree_path as TP
from specdiag.core.logs.paste import vllm_positions as VP
from specdiag.core.logs.paste.model import (
    BONUS_UNKNOWN,
    EXCLUDED,
    INCLUDED,
    MEAN_OVER_REQUESTS,
    MEDIAN,
    PER_DRAFT,
    PER_OUTPUT_TOKEN,
    POOLED,
    UNDECIDED,
    UNKNOWN,
    Decision,
    PasteRecord,
    blank_record,
)

# the tail of a series' name (a column, a row of a transposed table) that its values prove to be
# accepted drafts per step: one value below 1 and one above (interpret.accepted_series)
SERIES_BELOW_ONE = " (a series of means below and above 1)"
SERIES_RULE = (
    "value: its series (column or row) holds a mean below 1, which no length counting the bonus "
    "token can be, and one above 1, which no rate can be: accepted drafts per step"
)

# The most drafts a step that 1 + k x rate takes as drafted every step: fixed chains (EAGLE's
# and MTP's heads, vLLM's num_speculative_tokens, its docs' example 5) stay at or under it; a
# larger k is a draft maximum's scale (llama.cpp's --draft-max, 16 by default, stops drafting
# early where its draft is unsure), so no length is computed from it (a table's k column reaching
# past it makes all its k's maxima: interpret._k_maxima)
FIXED_K_MOST = 8
COMPUTED_K_RULE = "computed: 1 + draft tokens per step x rate (no length printed)"
COMPUTED_COUNTS_K_RULE = (
    "computed: 1 + draft tokens per step x accepted / drafted tokens (no length printed)"
)
# Tools whose printed accept length is documented as bonus-included.
_BONUS_BY_TOOL = {
    "sglang": "SGLang prints the accept length with the bonus token (1 + accepted drafts)",
    "vllm": "vLLM >= 0.9 prints the mean acceptance length with the bonus token (0.8.5 did not)",
    "llamacpp": "llama.cpp's mean length counts the bonus token",
    "trtllm": "TensorRT-LLM's acceptance length counts the bonus token",
    "specforge": "SpecForge's benchmark divides completion tokens by verify steps (bonus "
    "included; benchmarks/benchmarker/utils.py)",
    "aiperf": "AIPerf's Acceptance Length is 1 + accepted / verify steps per request "
    "(spec_decode_metrics.py)",
    "fastdeploy": "FastDeploy's average accept len is output tokens / verify steps "
    "(token_processor.py)",
    "lmdeploy": "LMDeploy's mean acceptance length is 1 + accepted / drafts (metrics/loggers.py)",
}
# llama.cpp prints its mean length under its own keys only ('mean len', '#mean acc len'): a
# length named by an abbreviation ('AL', 'τ') in a paste naming llama.cpp is the writer's own
# figure (llama.cpp prints no such key), its convention left to the paste's evidence
_ABBREVIATED = {"llamacpp": re.compile(r"(?:^|\s)(?:al|τ|tau|a\.?\s?len)$", re.I)}


# a length's name no engine prints ('mean emitted length': a writer's or a trainer's own
# script's; 'mean accepted-token length': an engine's accepted tokens are its accepted drafts,
# whether the length counts the target's token beside them is unsaid), so no engine's
# convention is its (a bare 'accepted length' keeps the tool's)
_NO_ENGINE_NAME = re.compile(
    r"\b(?:emitted\s+lengths?|accepted[\s-]tokens?\s+(?:lengths?|len))$", re.I
)


def _abbreviated_for(tool: str, name: str) -> bool:
    """Whether ``name``, a length's key, is an abbreviation ``tool`` never prints, or a name no
    engine prints (its convention then not the tool's)."""
    bare = name.strip(" *_`:=")
    if _NO_ENGINE_NAME.search(bare) is not None:
        return True
    pat = _ABBREVIATED.get(tool)
    return pat is not None and pat.search(bare) is not None


# Tools whose printed acceptance rate is documented as accepted / proposed draft tokens.
_RATE_BY_TOOL = {
    "vllm": "vLLM's acceptance rate is accepted / drafted tokens",
    "llamacpp": "llama.cpp's draft acceptance is accepted / generated draft tokens",
    "trtllm": "TensorRT-LLM's draft acceptance rate is accepted / draft tokens",
    "aiperf": "AIPerf's Draft Acceptance Rate is accepted / proposed draft tokens",
    "lmdeploy": "LMDeploy's draft acceptance rate is accepted / drafted tokens",
}
# Tools whose 'accept ratio' is documented as accepted drafts over all output tokens.
_RATIO_BY_TOOL: dict[str, str] = {
    "fastdeploy": "FastDeploy's global accept ratio is 1 - verify steps / output tokens "
    "(accepted drafts over generated tokens, token_processor.py)",
}
# Tools whose printed acceptance rate is documented as accepted drafts over output tokens.
_OUTPUT_RATE_BY_TOOL = {
    "evalscope": "evalscope's Spec. Accept Rate is 1 - 1 / Decoded Tok/Iter, accepted drafts "
    "per output token (benchmark_util.py), not accepted / drafted",
}
_POOLING_BY_TOOL = {
    "vllm": "vllm bench serve and the offline example pool the counters of the whole run",
    "trtllm": "trtllm-bench averages each request's figure",
    "specforge": "SpecForge's benchmark pools completion tokens and verify steps over a run's "
    "requests (and averages the runs' figures)",
    "aiperf": "AIPerf's Acceptance Length row averages each request's length",
    "fastdeploy": "FastDeploy's spec log divides the run's totals",
    "lmdeploy": "LMDeploy's stats line divides the interval's totals",
    "evalscope": "evalscope averages each streamed request's (tokens - 1) / (chunks - 1), an "
    "estimate from the stream's chunks",
}

# the rule of a figure named tokens per step / round / iteration (one step's every token)
TOKENS_NAME_RULE = "name: tokens per step count the target's own token"
# ... where the figure is below 1: every step emits the target's token, so the name misleads
TOKENS_BELOW_ONE_RULE = (
    "a figure named tokens per step below 1: not every token of a step (each emits the "
    "target's own), its convention unknown"
)


# the tool rules (reader.py, interpret.py) under which a tool's conventions may decide
# the one tool a paste names, linked to its own source (the script that printed the figures)
LINKED_RULE = "the only tool named in the paste, linked to its source repository"
# the one tool a paste names, in its own backend or engine field
DECLARED_RULE = "the only tool named in the paste, in its backend or engine field"
# the one tool a paste names, whose server its command line starts: the tool of the user's own
# prose about the run (a client script's printed lines may follow that script's own convention)
LAUNCHED_RULE = "the only tool named in the paste, whose server its command line starts"
# the one tool a sentence of the paste says measured the figures ('Benchmarked with our SGLang
# fork'), among the tools the paste names
MEASURED_RULE = "the tool the paste says measured its figures"
# a benchmark named with the only server it drives, the paste saying it starts that server
# (tools.driving): the figures are the benchmark's output
DRIVES_RULE = "named with the only server its benchmark drives: the benchmark's output"
# a benchmark's framework named with the only server it drives, the paste's own command
# starting that server and no command running the benchmark (tools.server_launched)
SERVER_LAUNCHED_RULE = "named with a benchmark's framework; the paste's command starts this server, never the benchmark"
# SGLang's own server flags set in a paste that names no tool ('speculative-num-steps=3,
# speculative-eagle-topk=8'): SGLang served the run; like a launch, for the user's own prose
FLAGS_RULE = "SGLang's own server flags set in the paste (speculative-num-steps, -eagle-topk)"
# llama.cpp's own speculative flags ('--spec-type draft-mtp', '--spec-draft-n-max 2') or its
# bug-report form ('### GGML backends') in a paste that names no tool: llama.cpp served the run,
# but it prints a rate, no length: the user's own figures keep their convention unknown
LLAMACPP_FLAGS_RULE = (
    "llama.cpp's own speculative flags (--spec-type, --spec-draft-n-max, --draft-max) or its "
    "bug-report form in the paste; the user's own figures, no convention from it"
)
# ... but a length under llama.cpp's own name for it ('mean len', '#mean acc len': its print_timing
# line's words), in such a paste: the figure llama.cpp printed, its convention llama.cpp's
LLAMACPP_OWN_NAME_RULE = (
    "llama.cpp's own speculative flags set in the paste, its length under llama.cpp's own name "
    "(mean len)"
)
_LLAMACPP_LENGTH_NAME = re.compile(r"(?:#\s*)?mean\s+(?:acc\s+)?len", re.I)
# a table whose header is, word for word, an earlier block's of the same paste, that block's
# tool named beside it (same_header.py): the same printer's output
SAME_HEADER_RULE = "the same table header as an earlier block named beside its tool"
# a block of key-value lines alone whose keys are, in order, an earlier such block's of the same
# paste, that block's tool named beside it (same_header.keys): the same printer's output
SAME_KEYS_RULE = "the same keys, in order, as an earlier block named beside its tool"
# the one tool a paste names, named as the server of its runs ('serving ... in vLLM 0.17.1', a
# setup item '* vLLM 0.17.1, v1 engine'): its convention decides the user's prose, and only a
# length under the tool's own name for it (never a rate: a monitor may divide other counts)
SERVED_RULE = "the only tool named in the paste, named as the server of its runs"
# a fragment of SGLang's Decode batch line without its prefix ('accept len: 6.90, accept rate:
# 0.84, cuda graph: True, gen throughput (token/s): 1033.37'): its own fields, in its own words
DECODE_FIELDS_RULE = (
    "SGLang's own Decode batch fields (accept len with cuda graph or gen throughput)"
)
# a fragment of vLLM V0's 'Speculative metrics:' line, perhaps cut before its counts
# ('Speculative metrics: Draft acceptance rate: 0.512, System efficiency: 0.377, ...'): its own
# fields, in its own words and order
V0_FIELDS_RULE = (
    "vLLM V0's own Speculative metrics fields (draft acceptance rate, system efficiency)"
)
# the names a serving engine gives its acceptance length ('Mean acceptance length', 'accept
# length', 'AL'), as a normalised key reads
_LENGTH_NAME = re.compile(
    r"(?:^|\s)(?:(?:mean|avg|average)\s+)?(?:acceptance|accept|acc)[ _.]*(?:length|len)$|"
    r"(?:^|\s)al$",
    re.I,
)
# a table row led by its source ('SGLang: Qwen3-4B + EAGLE3') among rows led by others
ROW_SOURCE_RULE = "the row's label names its source"
COLUMN_SOURCE_RULE = "the column's header names its engine, beside another engine's column"
# a table of metrics as rows one of whose run columns names the block's engine, the others none
ONE_COLUMN_SOURCE_RULE = "the column's header names its engine, beside columns naming none"
OTHER_COLUMN_SOURCE_RULE = "no tool named: another column's header names {tool}, this one none"
# a figure said measured on its own serving engine, beside another engine's figure on the same
# line ('~3 on llama.cpp vs ~5.5 on vLLM'): each figure that engine's (tools.figure_engines)
FIGURE_ENGINE_RULE = "the engine the figure is said measured on, beside another engine's"
# 'SGLang gets 2.95.' in a block of another tool's run (tools.subject_engine): that tool's run,
# the figure labelled by it but its convention not decided (a quoted or compared figure)
SUBJECT_RUN_RULE = "the tool the figure's clause has for its subject, another than the block's"
CONVENTION_RULES = frozenset(
    (
        "named in the block or its heading",
        SAME_HEADER_RULE,
        SAME_KEYS_RULE,
        MEASURED_RULE,
        DRIVES_RULE,
        SERVER_LAUNCHED_RULE,
        LINKED_RULE,
        DECLARED_RULE,
        LAUNCHED_RULE,
        FLAGS_RULE,
        "the row's engine column",
        "the row's framework column",
        "the row's backend column",
        "the row's tool column",
        ROW_SOURCE_RULE,
        COLUMN_SOURCE_RULE,
        ONE_COLUMN_SOURCE_RULE,
        FIGURE_ENGINE_RULE,
        DECODE_FIELDS_RULE,
        V0_FIELDS_RULE,
        LLAMACPP_OWN_NAME_RULE,
        "the metric's name",
        BST.RULE,
    )
)


# the attribute of Figures each metric's one value is kept in (Figures.put, Figures.holds)
_ATTR = {
    C.LENGTH: "length",
    C.TOK_PER_STEP: "tok_per_step",
    C.ACC_PER_STEP: "acc_per_step",
    C.RATE: "rate",
    C.ACCEPT_RATIO: "ratio",
    C.ACCEPTED: "accepted",
    C.DRAFTED: "drafted",
    C.STEPS: "steps",
    C.OUTPUT: "output",
    C.K: "k",
    C.EFFICIENCY: "efficiency",
}


@dataclass
class Figures:
    """What one candidate record printed (values as numbers, with their printed decimals)."""

    length: C.Value | None = None
    tok_per_step: C.Value | None = None
    acc_per_step: C.Value | None = None
    rate: C.Value | None = None
    rate_percent: bool = False
    ratio: C.Value | None = None
    accepted: C.Value | None = None
    drafted: C.Value | None = None
    steps: C.Value | None = None
    output: C.Value | None = None
    k: C.Value | None = None
    efficiency: C.Value | None = None  # vLLM V0's system efficiency (C.EFFICIENCY)
    positions: dict[int, float] = field(default_factory=dict)
    # counts accepted at each position out of ``steps`` ('141/114/90 of 166'): their sum is the
    # accepted count, checked against one the run prints (position_counts.py, record)
    position_counts: tuple[int, ...] = ()
    position_half: float = 0.0  # the rounding of the coarsest printed position rate (a fraction)
    # the list of positions goes on past its last printed rate ('[0.8, 0.7, ...]'): the printed
    # positions are listed, never summed (no identity or length from them)
    positions_cut: bool = False
    histogram: tuple[int, ...] = ()
    # acceptance figures printed as ranges (header, cell): the run measured, no one figure
    spans: list[tuple[str, str]] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    named_tools: set[str] = field(default_factory=set)  # tools the figures' keys name
    ratio_name: str = ""  # the key of the ratio
    steps_name: str = ""  # the key of the steps count ('verify steps', 'drafts')
    drafted_name: str = ""  # the key of the drafted count ('generated', 'drafted')
    length_name: str = ""  # the key of the length ('mean acceptance length', 'al')
    acc_per_step_name: str = ""  # the key of accepted per step ('accepted drafts per step')
    pooled_by_name: str = ""  # the key that says the figure divides the run's totals
    # the length was read under a count's name ('accepted tokens ... from 1.4 to 1.8'), not
    # under the tool's length name: the tool's convention for its length does not decide it
    count_named: bool = False
    # a check of the paste's own figures that failed where it was read (interpret.py): the
    # rule shown; no length is claimed and the rate's basis is not told
    failed: str = ""
    # the share printed in brackets after the accepted count ('4 (8.3 %)'): the rate only where
    # it is accepted / drafted at its printed precision (decide)
    accepted_share: C.Value | None = None

    def has_acceptance(self) -> bool:
        return (
            any(
                v is not None
                for v in (self.length, self.tok_per_step, self.acc_per_step, self.rate, self.ratio)
            )
            or bool(self.positions)
            or bool(self.spans)
            or any(self.histogram)
            or (self.accepted is not None and (self.steps is not None or self.drafted is not None))
        )

    def holds(self, metric: str) -> bool:
        """Whether a value of ``metric`` (one ``put`` keeps in an attribute) is set already."""
        attr = _ATTR.get(metric)
        return attr is not None and getattr(self, attr) is not None

    def put(self, metric: str, v: C.Value, key: C.Key, text: str, label: str) -> bool:
        """Take one figure; False when this metric is already set (a second column of it)."""
        attr = _ATTR.get(metric)
        if metric == C.POSITION and key.position is not None:
            if key.position in self.positions:
                return False  # a second value of one position: another run's
            scale = 100.0 if (v.percent or key.percent) else 1.0
            self.positions[key.position] = v.number / scale
            self.position_half = max(self.position_half, C.half_unit(v.decimals) / scale)
            self.fields.append((label, text))
            return True
        if attr is None:
            return False
        rate_named_length = False
        if (
            attr == "rate"
            and not (v.percent or key.percent)
            and v.decimals > 0
            and 1 < v.number <= C.MAX_STEP_TOKENS
            and (_RATE_WORD.search(key.text) is None or v.decimals >= 2)
        ):
            # 'EAGLE3 acceptance: 2.31', '| acceptance |' over 2.80: a name that says no rate
            # over a value no rate can be (none passes 1 without '%', a percentage has no
            # reason for decimals this small), or a 'rate' of 1.50 (two decimals without '%':
            # a length misnamed): tokens per step of some convention, a length
            # left undecided, and no tool's name for its length: its convention does not decide
            attr, metric = "length", C.LENGTH
            key = C.Key(C.LENGTH, key.text, False, None, key.tool, key.pooled)
            rate_named_length = True
        if attr in ("length", "tok_per_step", "acc_per_step") and v.percent:
            return False  # a percentage is no count of tokens per step ('5%' under 'AL (AR)')
        if (
            attr == "acc_per_step"
            and key.text.endswith(("accepted/draft", "accepted tokens per draft"))
            and v.number <= 1
        ):
            return False  # ('accepted/draft 0.72': accepted / drafted as likely, a rate)
        if (
            attr == "drafted"
            and self.drafted is not None
            and self.output is None
            and (self.drafted_name == _GENERATED) != (key.text == _GENERATED)
            and v.number == int(v.number)
            and not v.percent
        ):
            # a bare 'generated' count (llama.cpp's word for its drafted tokens) beside a count
            # named as drafted ('| Generated | Drafted / accepted |'): the named one is what
            # was drafted, 'generated' what the run generated, its output tokens
            if key.text == _GENERATED:
                self.output = v
            else:
                self.output, self.drafted, self.drafted_name = self.drafted, v, key.text
            self.notes.append(_GENERATED_NOTE)
            self.fields.append((label, text))
            return True
        if getattr(self, attr) is not None:
            return False
        if attr in ("accepted", "drafted", "steps", "output") and (
            v.number != int(v.number) or v.percent
        ):
            return False  # a count is whole: 'mean accepted 5.45' counts nothing
        if attr == "drafted":
            self.drafted_name = key.text
        if rate_named_length:
            # (only once the figure is taken: a second run's 'acceptance 3.00' this record
            # turns away leaves its own length's name, and the tool's convention, as they were)
            self.count_named = True
        if key.tool is not None and metric in C.ACCEPTANCE:
            self.named_tools.add(key.tool)
        if attr == "ratio":
            self.ratio_name = key.text
        if attr == "steps":
            self.steps_name = key.text
        if attr == "acc_per_step":
            self.acc_per_step_name = key.text
        if attr == "length":
            self.length_name = key.text
        # ('mean accept tokens' too: the verb's stem, the same mean)
        if (
            attr == "length"
            and re.match(r"mean accept(?:ed)?\b", key.text)
            and "len" not in key.text
        ):
            self.count_named = True
        if attr == "length" and key.text == C.ACCEPTED_PER_STEP_NAME:
            # ('3.2 accepted tokens/step' in a sentence or a cell beside a named tool): the
            # user's own words for a mean a step, never the tool's printed length; they leave
            # the target's own token unsaid, so the tool's convention does not decide it
            self.count_named = True
        if attr == "length" and key.text.endswith(C.UNSURE_LENGTH):
            self.count_named = True
            if RCH.RATE_NAMED in key.text:
                self.notes.append(RCH.PLAIN_UNDER_RATE)  # (the paste may say rates: reader.py)
        if (
            attr == "length"
            and re.match(
                r"(?:#\s*)?(?:mean|avg|average)\s+(?:number of\s+)?accept(?:ed)?\b", key.text
            )
            and "len" not in key.text
            and not 0 < v.number <= C.MAX_STEP_TOKENS
        ):
            return False  # 'avg accepted tokens: 812': a count per request, no mean per step
        if metric in (C.RATE, C.ACCEPT_RATIO) and key.percent:
            v = C.Value(v.number, True, v.decimals, v.max, v.statistic, v.spread)
        setattr(self, attr, v)
        self.fields.append((label, text))
        return True


# a bare 'generated' count's key, and the note when a count named as drafted beside it makes it
# the output tokens
_GENERATED = "generated"
_GENERATED_NOTE = (
    "'generated' read as the output tokens: another count beside it is named as the drafted"
)
# the words that make a name a rate's, whatever its value
_RATE_WORD = re.compile(r"rate|ratio|prob|percent|pct|share|fraction|%", re.I)
# a header naming a rate in any language the readers know ('acceptance rate', '接受率', '受理率')
_RATE_WORD_ANY = re.compile(r"\brate\b|率", re.I)


_OF_DRAFTED = re.compile(r"\(of (\d{1,2}) drafted\)$")


def _of_drafted(name: str) -> float | None:
    """The drafts a step makes, from a name ``cells.key`` gave ('... (of 5 drafted)')."""
    m = _OF_DRAFTED.search(name)
    return float(m.group(1)) if m else None


def _close(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol


def _count(v: C.Value | None) -> int | None:
    if v is None or v.number < 0 or v.number != int(v.number) or v.percent:
        return None
    return int(v.number)


def _fraction(v: C.Value, notes: list[str]) -> float | None:
    if v.percent:
        return v.number / 100.0
    if v.max is not None and v.max > 0:
        return v.number / v.max
    if 1.0 < v.number <= 100.0:
        notes.append(RCH.PLAIN_PERCENT_NOTE.format(v.number))
        return v.number / 100.0
    return v.number


class RecordFigures(TypedDict):
    """A record's figures (the fields of :class:`PasteRecord` of the same names)."""

    printed_length: float | None
    accept_length: float | None
    printed_rate: float | None
    accept_rate: float | None
    accepted_tokens: int | None
    drafted_tokens: int | None
    steps: int | None
    output_tokens: int | None
    per_position: tuple[float, ...]
    max_length: float | None
    statistic: str | None


def _drafts_are_tokens(f: Figures, acc: int | None, steps: int | None, dra: int | None) -> bool:
    """Whether a steps count named after drafts ('drafts', 'draft proposals') is the printed
    rate's denominator: accepted / it equals the rate within the rate's rounding."""
    if acc is None or not steps or dra is not None or f.rate is None:
        return False
    if "draft" not in f.steps_name and "proposal" not in f.steps_name:
        return False
    if f.length is not None and any(
        _close(f.length.number, x + acc / steps, C.half_unit(f.length.decimals)) for x in (0, 1)
    ):
        return False  # the printed length's identity holds: they are verify steps too (k = 1)
    fr = _fraction(f.rate, [])
    tol = C.half_unit(f.rate.decimals) / (100.0 if f.rate.percent else 1.0) + 1e-9
    return fr is not None and acc <= steps and _close(fr, acc / steps, tol)


def _per_step_counts(
    v: C.Value, name: str, acc: int | None, steps: int | None, out: int | None
) -> Decision | None:
    """What the counts printed beside a figure named per step ('avg_tok/step', 'accepted per
    step') prove of its bonus token: 1 + accepted / steps (or output tokens / steps) equal to
    it within its rounding, included; accepted / steps (or output tokens / steps - 1),
    excluded, whatever its name says; neither (or both ways at once), unknown. None where no
    counts are printed to check it against."""
    if not steps or (acc is None and out is None):
        return None
    tol = C.half_unit(v.decimals)
    inc, exc = [], []
    if acc is not None:
        per = acc / steps
        if _close(v.number, 1 + per, tol):
            inc.append("1 + accepted / steps")
        if _close(v.number, per, tol):
            exc.append("accepted / steps")
    if out is not None:
        per = out / steps
        if _close(v.number, per, tol):
            inc.append("output tokens / steps")
        if _close(v.number, per - 1, tol):
            exc.append("output tokens / steps - 1")
    if inc and not exc:
        return Decision(INCLUDED, f"identity: {name} = {inc[0]}")
    if exc and not inc:
        return Decision(
            EXCLUDED,
            f"identity: {name} = {exc[0]} (the bonus token left out, whatever the name says)",
        )
    tried = " nor ".join(
        (["1 + accepted / steps", "accepted / steps"] if acc is not None else [])
        + (["output tokens / steps", "output tokens / steps - 1"] if out is not None else [])
    )
    shown = [f"accepted {acc}"] if acc is not None else []
    shown += [f"output {out}"] if out is not None else []
    return Decision(
        UNKNOWN,
        f"identity failed: {name} {v.number:g} is neither {tried} ({', '.join(shown)}, steps "
        f"{steps}): bonus convention not told",
    )


# the tokens a run's output may hold beyond its verify steps' (the prefill's first token, one
# more at the end): a tokens-per-step figure over the output is 1 + accepted / steps plus these
_OUTSIDE_STEPS = 2
# the note of a printed length that neither count identity gives (replaced where the output
# tokens outside the steps explain it)
_NEITHER = "is neither 1 + accepted / steps nor accepted / steps"
_FIRST_TOKEN_RULE = "counts: the printed length is output tokens / steps"
_FIRST_TOKEN_TIMES = "counts: the printed length times the steps holds tokens outside them"


def _tokens_outside_steps(v: C.Value, acc: int | None, steps: int | None) -> str | None:
    """The rule that the counts decide the length where a tokens-per-step figure times the
    steps is 1 + accepted / steps times them plus one or two whole tokens (within the figure's
    rounding): the figure divides the output tokens, a token or two of which no verify step
    emitted. None otherwise (the counts and the figure then disagree: nothing decided)."""
    if acc is None or not steps or acc < 0:
        return None
    half = C.half_unit(v.decimals)
    low, high = (v.number - half) * steps, (v.number + half) * steps
    emitted = steps + acc
    if not any(
        low - 1e-6 <= emitted + extra <= high + 1e-6 for extra in range(1, _OUTSIDE_STEPS + 1)
    ):
        return None
    return (
        f"computed: 1 + accepted / steps ({acc} / {steps}); the printed {v.number:g} tokens per "
        f"step counts up to {_OUTSIDE_STEPS} tokens no verify step emitted (the prefill's)"
    )


def _tokens_cut_at_end(
    v: C.Value, acc: int | None, steps: int | None, dra: int | None
) -> str | None:
    """The rule that the counts decide the bonus where a tokens-per-step figure times the steps
    is the tokens the steps emitted (steps + accepted) less a few (within the figure's
    rounding): a run capped at an output length ('tg128') stops inside its last step, whose
    accepted drafts past the cap are counted but never emitted. At most the drafts a step are
    cut (drafted / steps rounded; one where no drafted count is printed), and the steps must
    outnumber the cut thrice, so that accepted / steps (the bonus left out, a whole step count
    of tokens fewer) cannot come near. The figure is kept as printed (the tokens the run
    emitted a step, bonus included). None otherwise."""
    if acc is None or not steps or acc < 0:
        return None
    most = max(1, round(dra / steps)) if dra else 1
    if steps < 3 * (most + 1):
        return None
    half = C.half_unit(v.decimals)
    low, high = (v.number - half) * steps, (v.number + half) * steps
    emitted = steps + acc
    cuts = [c for c in range(1, most + 1) if low - 1e-6 <= emitted - c <= high + 1e-6]
    if not cuts:
        return None
    return (
        f"counts: {steps} steps emitting 1 + their accepted drafts ({acc}) give {emitted} "
        f"tokens; the printed {v.number:g} tokens per step counts {cuts[0]} fewer (an output "
        "cap cutting the last step): bonus included, the figure kept as printed"
    )


def _counts_close(f: Figures, acc: int, dra: int | None) -> bool:
    """Whether an accepted count closes with the run's other counts: not below 0, no more than
    the drafted tokens, and a printed rate, where one is beside drafted tokens, accepted /
    drafted within its rounding."""
    if acc < 0 or (dra is not None and acc > dra):
        return False
    if f.rate is not None and dra:
        fr = _fraction(f.rate, [])
        scale = fr / f.rate.number if fr is not None and f.rate.number else 1.0
        if fr is None or not _close(fr, acc / dra, C.half_unit(f.rate.decimals) * scale + 1e-9):
            return False
    return True


def _first_token_counted(
    f: Figures, acc: int | None, steps: int | None, out: int | None, dra: int | None
) -> str | None:
    """The rule that the counts decide the length where a printed length is the output tokens
    over the verify steps (already checked) and the output is the tokens the steps emitted
    (steps + accepted) plus one or two whole tokens no step emitted: the first, from prefill
    (SGLang's ``spec_accept_length`` = completion_tokens / spec_verify_ct beside its accepted
    drafts). Every count must close: whole counts, no more accepted than drafted, and a printed
    rate, where one is, accepted / drafted within its rounding. None otherwise (the printed
    length then kept as before)."""
    if acc is None or not steps or out is None or not _counts_close(f, acc, dra):
        return None
    extra = out - (steps + acc)
    if not 1 <= extra <= _OUTSIDE_STEPS:
        return None
    return (
        f"{_FIRST_TOKEN_RULE} ({out} / {steps}), and the output "
        f"is the {steps} steps' tokens (1 + accepted each: {steps + acc}) plus {extra} no "
        f"verify step emitted (the prefill's): 1 + accepted / steps ({acc} / {steps})"
    )


# the most draft tokens one verify step is taken to propose (a tree of 60 nodes, a wide sweep);
# a figure that would need more is no figure of that run's steps
_MOST_DRAFTS_A_STEP = 128


def _none_accepted_above(f: Figures, acc: int | None, dra: int | None) -> str | None:
    """The rule that the counts decide a length of 1 where a figure named tokens per step sits
    above 1 beside a count of no draft accepted (a whole 0, any rate beside it 0) of ``dra``
    drafted and no step count: with nothing accepted each step emits one token, so a figure
    T a step needs T - 1 tokens a step that no step emitted; the output holds at most
    _OUTSIDE_STEPS such tokens, so the steps were at most _OUTSIDE_STEPS / (T - 1) and the
    drafts a step at least dra x (T - 1) / _OUTSIDE_STEPS. Where that is above
    _MOST_DRAFTS_A_STEP the figure counts something else (drafts a step, several sequences).
    None otherwise (a figure near 1, '1.02 tokens/forward', stays the run's printed length)."""
    v = f.tok_per_step
    if (
        v is None
        or acc != 0
        or f.accepted is None
        or f.accepted.decimals != 0
        or not dra
        or any(x is not None and x.number != 0 for x in (f.rate, f.ratio))
    ):
        return None
    above = v.number - C.half_unit(v.decimals) - 1.0
    if above <= 0 or dra * above / _OUTSIDE_STEPS <= _MOST_DRAFTS_A_STEP:
        return None
    return (
        f"computed: 0 of {dra} drafted tokens accepted: 1 + 0 / steps = 1 (the printed "
        f"{v.number:g} tokens per step would need over {_MOST_DRAFTS_A_STEP} drafts a step)"
    )


def _accepted_of_rate(rate: C.Value | None, drafted: int | None) -> int | None:
    """The accepted drafts a per-draft rate of ``drafted`` draft tokens gives, where the rate's
    rounding leaves one whole number only; else None."""
    if rate is None or not drafted or (fr := _fraction(rate, [])) is None or not 0 <= fr <= 1:
        return None
    half = C.half_unit(rate.decimals) / (100.0 if rate.percent else 1.0)
    est = fr * drafted
    whole = round(est)
    if half * drafted >= 0.5 or abs(est - whole) > half * drafted + 1e-9:
        return None
    return whole


def _by_positions(
    printed: float, positions: tuple[float, ...], tol: float, half: float, target_first: bool
) -> tuple[Decision, tuple[float, ...]] | None:
    """What a per-step figure proves beside its per-position rates: equal to 1 + their sum
    (marginal rates, bonus included) or to the sum (excluded); or, for rates that are each
    conditional on the position before, to 1 + the sum of their running products (included)
    or to that sum alone (excluded: the expected accepted drafts). Decided only where every
    reading that fits within the rounding (``tol`` of the figure, ``half`` of the coarsest
    printed rate: '0.60' to the hundredth) agrees on the bonus; the positions come back as
    the marginal rates they prove. None where none fits."""
    n = len(positions)
    s = sum(positions)
    ptol = tol + n * 0.5e-2
    running = tuple(accumulate(positions, mul))
    # the products' sum over every rate within its rounding (a product grows with each rate)
    c_lo = sum(accumulate((max(p - half, 0.0) for p in positions), mul)) - tol
    c_hi = sum(accumulate((min(p + half, 1.0) for p in positions), mul)) + tol
    fits = [(v, b) for v, b in ((1 + s, INCLUDED), (s, EXCLUDED)) if _close(printed, v, ptol)]
    # the running products differ from the plain sum only from two positions on, and tell
    # nothing where a position 0 of 1 may be the target's own token
    chain = n >= 2 and not target_first and c_hi < s - ptol
    chained = [
        (printed, b)
        for one, b in ((1, INCLUDED), (0, EXCLUDED))
        if chain and c_lo <= printed - one <= c_hi
    ]
    found = {b for _, b in fits + chained}
    if len(found) != 1:
        return None
    if target_first and fits[0][1] == EXCLUDED:
        return None
    value = found.pop()
    if chained:
        rule = (
            "identity: printed length = "
            + ("1 + " if value == INCLUDED else "")
            + "the sum of the running products of the per-position rates (conditional rates)"
        )
        return Decision(value, rule), tuple(round(x, 6) for x in running)
    rule = (
        "identity: printed length = 1 + sum of per-position rates"
        if value == INCLUDED
        else "identity: printed length = sum of per-position rates"
    )
    return Decision(value, rule), positions


def _whole_k(k: C.Value | None, most: float) -> int:
    """The draft tokens a step where the paste prints a whole number of them from 1 to ``most``
    (the two lengths computed from k: system efficiency x (k + 1), 1 + k x rate); else 0."""
    return int(k.number) if k is not None and 1 <= k.number <= most and k.number.is_integer() else 0


def _normalised(printed: float, bonus: Decision) -> float | None:
    """The bonus-included length from a printed per-step figure and its decided bonus."""
    if bonus.value == INCLUDED:
        return printed
    if bonus.value == EXCLUDED:
        return printed + 1
    return None


def _vllm_positions(
    f: Figures, positions: tuple[float, ...], positions_ok: bool, target_first: bool
) -> bool:
    """Whether a record's figures are per-position rates alone that vLLM's convention sums
    (vllm_positions.py)."""
    return (
        positions_ok
        and not target_first
        and all(v is None for v in (f.rate, f.ratio, f.accepted, f.drafted, f.steps, f.output))
        and f.tok_per_step is None
        and f.acc_per_step is None
        and f.efficiency is None
        and not f.histogram
        and VP.fits(positions, FIXED_K_MOST)
        and VP.named(f.fields)
    )


def decide(f: Figures, tool: str) -> tuple[RecordFigures, Decision, Decision, Decision]:
    """The record's figures and its three decisions (bonus, rate basis, pooling)."""
    notes = f.notes
    acc, dra, steps, out = _count(f.accepted), _count(f.drafted), _count(f.steps), _count(f.output)
    if (drafts_are_tokens := _drafts_are_tokens(f, acc, steps, dra)) and steps:
        # 'drafts' beside a rate it is the denominator of (10,000 / 16,000 = 62.5%): draft
        # tokens, not verify steps (a step drafts k of them)
        dra, steps = steps, None
        notes.append(
            f"'{f.steps_name}' is the printed rate's denominator (accepted / {f.steps_name} = "
            "the rate): draft tokens, not verify steps"
        )
    if f.accepted_share is not None and f.rate is None and acc is not None and dra:
        share = f.accepted_share
        if _close(100 * acc / dra, share.number, C.half_unit(share.decimals) + 1e-9):
            f.rate = share  # ('4 (8.3 %)' beside 48 drafted: 4 / 48 = 8.3%)
        else:
            notes.append(
                f"the share {share.number:g}% after the accepted count is not accepted / drafted "
                f"({acc} / {dra}): no rate"
            )
    if (
        f.length is not None
        and f.rate is None
        and f.length.number == 1
        and f.length_name.endswith(C.UNSURE_LENGTH)
        and acc is not None
        and acc == dra
        and steps
        and not (_close(1 + acc / steps, 1, 1e-9) or _close(acc / steps, 1, 1e-9))
    ):
        # a bare 'accept' of exactly 1 read as one token a step ('MEAN_ACCEPT 1.0000') whose
        # own counts accept every draft and no step count agrees: the share of drafts accepted
        f.rate, f.length = f.length, None
        notes.append(
            "a bare 'accept' of 1 beside counts accepting every draft: the rate, no length"
        )
    if f.length is not None and f.tok_per_step is not None and TP.named(f.length_name):
        # a tree's path length beside tokens per step: the row's length is what a step emits
        # (tree_path.py), the path a field of the row
        f.length = None
    printed_len = f.length.number if f.length is not None else None
    max_len = f.length.max if f.length is not None else None
    statistic = next(
        (v.statistic for v in (f.length, f.tok_per_step, f.rate) if v is not None and v.statistic),
        None,
    )
    positions = tuple(f.positions[i] for i in sorted(f.positions))
    if positions and sorted(f.positions) != list(
        range(min(f.positions), min(f.positions) + len(positions))
    ):
        notes.append("per-position rates with gaps: not used in identities")
        positions_ok = False
    else:
        positions_ok = bool(positions)
    if positions and (not positions_ok or min(f.positions) not in (0, 1)):
        # the list is read from its first position: rates from a later one ('at token 2' alone)
        # or with gaps would be listed at positions they were not printed for
        first = min(f.positions)
        notes.append(
            f"per-position rates from position {first} on"
            + (" with gaps" if not positions_ok else "")
            + ": the positions before are unknown, no per-position list is given"
        )
        positions = ()
    if positions and f.positions_cut:
        notes.append(
            f"per-position rates of positions {min(f.positions)} to {max(f.positions)}, the list "
            "cut short after them ('...'): listed, no sum of them used"
        )
        positions_ok = False
        summed: tuple[float, ...] = ()
    else:
        summed = positions
    # a position 0 of exactly 1 may be the target's own token (SGLang's per-position tables
    # print it): the sum of the positions is then the length with the bonus, or the accepted
    # drafts where position 0 is a draft always accepted; one record does not tell which
    # (position_zero.py decides it for a whole table)
    target_first = bool(positions) and min(f.positions) == 0 and positions[0] == 1.0
    bonus = UNDECIDED
    length: float | None = None
    counted: float | None = None  # the length the counts give where they decide it
    # --- bonus token
    if (
        f.tok_per_step is not None
        and f.length is not None
        and not any(
            _close(
                f.length.number + d,
                f.tok_per_step.number,
                C.half_unit(f.length.decimals) + C.half_unit(f.tok_per_step.decimals),
            )
            for d in (0, 1)
        )
    ):
        # a length and another value named tokens per step, neither it nor 1 + it ('acceptance
        # length 2.4 on set A, and the other run 2.9 tokens per step'): two figures, the name
        # of the one never deciding the other's convention
        notes.append(
            f"tokens per step {f.tok_per_step.number:g} != the printed length "
            f"{f.length.number:g}: another figure, no convention from its name"
        )
    elif f.tok_per_step is not None:
        length = f.tok_per_step.number
        bonus = Decision(INCLUDED, TOKENS_NAME_RULE)
        by_counts = _per_step_counts(f.tok_per_step, "tokens per step", acc, steps, out)
        if f.acc_per_step is not None:
            tol = C.half_unit(f.tok_per_step.decimals) + C.half_unit(f.acc_per_step.decimals)
            if not _close(f.tok_per_step.number, 1 + f.acc_per_step.number, tol):
                notes.append(
                    f"identity failed: tokens per step {f.tok_per_step.number:g} != 1 + "
                    f"accepted per step {f.acc_per_step.number:g}"
                )
            else:
                bonus = Decision(INCLUDED, "identity: tokens per step = 1 + accepted per step")
        elif (
            by_counts is not None
            and by_counts.value == UNKNOWN
            and (outside := _tokens_outside_steps(f.tok_per_step, acc, steps))
        ):
            # 'accept=295/295', 103 cycles, 3.88 tok/cycle: the output counts a token or two no
            # verify step emitted (the prefill's), so the counts, not the rounded quotient,
            # give the length: 1 + accepted / steps
            assert acc is not None and steps
            length = round(1 + acc / steps, 6)
            bonus = Decision(INCLUDED, outside)
        elif (
            by_counts is not None
            and by_counts.value == UNKNOWN
            and (cut := _tokens_cut_at_end(f.tok_per_step, acc, steps, dra))
        ):
            # 82 accepted in 47 cycles but 2.72 tok/cycle over a 128-token output: the cap
            # stopped the run inside its last cycle; the figure counts the bonus
            bonus = Decision(INCLUDED, cut)
        elif by_counts is not None:
            bonus = by_counts
            length = _normalised(f.tok_per_step.number, bonus)
            if bonus.value == UNKNOWN:
                notes.append(bonus.rule)
        elif steps is None and (zero := _none_accepted_above(f, acc, dra)) is not None:
            # 'proposed=512, accepted=0, avg_tokens/step=2.00': with nothing accepted a step
            # emits the target's token alone; the figure cannot be the run's tokens per step
            length, bonus = 1.0, Decision(INCLUDED, zero)
            notes.append(
                f"tokens per step {f.tok_per_step.number:g} disagrees with the counts (0 of "
                f"{dra} accepted): another figure, the counts decide"
            )
        elif f.tok_per_step.number < 1.0 - C.half_unit(f.tok_per_step.decimals):
            # ('Tokens/target forward 0.52', no counts beside it to check the name against)
            length, bonus = None, Decision(UNKNOWN, TOKENS_BELOW_ONE_RULE)
        if printed_len is None:
            printed_len = f.tok_per_step.number
    elif f.acc_per_step is not None and printed_len is None:
        printed_len = f.acc_per_step.number
        if f.acc_per_step_name.endswith(SERIES_BELOW_ONE):
            length = 1 + printed_len
            bonus = Decision(EXCLUDED, SERIES_RULE)
        elif (
            (top := f.acc_per_step.max or _of_drafted(f.acc_per_step_name))
            and top == int(top)
            and printed_len > top + C.half_unit(f.acc_per_step.decimals)
        ):
            # '7.3 / 7' under 'accepted drafts': no step accepts more drafts than it made, so
            # the figure counts the target's own token whatever its name says
            length = printed_len
            bonus = Decision(
                INCLUDED,
                f"value: {printed_len:g} is above the {top:g} drafts a step it is out of: the "
                "target's own token is counted, whatever the name says",
            )
        elif C.says_drafts(f.acc_per_step_name) or f.acc_per_step_name.endswith(C.EXCLUDED_SAID):
            length = 1 + printed_len
            bonus = Decision(EXCLUDED, "name: accepted drafts per step leave out the bonus token")
        else:
            # 'accepted/step', 'accepted tokens per step': some tools count the target's own
            # token among the accepted (EAGLE's tau), some do not; only counts decide it
            length = None
            bonus = Decision(
                UNKNOWN,
                f"name: '{f.acc_per_step_name}' does not say whether the target's own token "
                "is counted",
            )
        acc_here = acc
        if acc is None and f.acc_per_step_name.endswith(SERIES_BELOW_ONE):
            # the series' values checked against the counts where they give the accepted
            # drafts: the rate x the drafted tokens, a whole number within the rate's rounding
            # ('cycles 51', 'proposed 116', 'accept_rate 66.38%': 77 accepted, 77 / 51 = 1.510)
            acc_here = _accepted_of_rate(f.rate, dra)
        by_counts = _per_step_counts(f.acc_per_step, "accepted per step", acc_here, steps, out)
        if (
            by_counts is not None
            and by_counts.value == UNKNOWN
            and acc_here is None
            and (near := ORD.decide(f.acc_per_step, steps, out)) is not None
        ):
            by_counts = near  # (a token or two of the output outside the steps: output_rounds)
        if by_counts is not None:
            bonus = by_counts
            length = _normalised(printed_len, bonus)
            if bonus.value == UNKNOWN:
                notes.append(bonus.rule)
        elif (
            length is None
            and bonus.value == UNKNOWN
            and summed
            and (
                by_pos := _by_positions(
                    printed_len,
                    positions,
                    C.half_unit(f.acc_per_step.decimals),
                    f.position_half,
                    target_first,
                )
            )
            is not None
        ):
            # 'MeanAccepted 2.01' beside 'Pos0..Pos2': the per-position rates decide what the
            # name leaves unsaid
            bonus, positions = by_pos
            length = _normalised(printed_len, bonus)
        elif (
            length is None
            and bonus.value == UNKNOWN
            and printed_len < 1.0 - C.half_unit(f.acc_per_step.decimals)
        ):
            # a name that leaves the target's token unsaid ('Avg Accepted/window 0.64'): a mean
            # below 1 a step cannot count it (every step emits it), so it is accepted drafts
            length = round(1 + printed_len, 6)
            bonus = Decision(
                EXCLUDED,
                "value: accepted per step below 1 cannot count the bonus token (every step "
                "emits it)",
            )
    if (
        printed_len is not None
        and f.tok_per_step is None
        and not (f.acc_per_step is not None and f.length is None)
    ):
        tol = C.half_unit(f.length.decimals if f.length is not None else 2)
        if f.acc_per_step is not None:
            t2 = tol + C.half_unit(f.acc_per_step.decimals)
            if _close(printed_len, 1 + f.acc_per_step.number, t2):
                bonus = Decision(INCLUDED, "identity: printed length = 1 + accepted per step")
            elif _close(printed_len, f.acc_per_step.number, t2):
                bonus = Decision(EXCLUDED, "identity: printed length = accepted per step")
        if bonus is UNDECIDED and steps and acc is not None:
            per = acc / steps
            if _close(printed_len, 1 + per, tol):
                bonus = Decision(INCLUDED, "identity: printed length = 1 + accepted / steps")
            elif _close(printed_len, per, tol):
                bonus = Decision(EXCLUDED, "identity: printed length = accepted / steps")
            elif (
                out is None
                and f.length is not None
                and _counts_close(f, acc, dra)
                and (outside := _tokens_outside_steps(f.length, acc, steps)) is not None
            ):
                # '3.75' over 8 steps with 21 accepted and no output count: 3.75 x 8 = 30 is
                # the steps' 29 tokens and one no step emitted; the counts give 1 + 21 / 8
                counted = round(1 + per, 6)
                bonus = Decision(INCLUDED, f"{_FIRST_TOKEN_TIMES}: {outside}")
            else:
                notes.append(
                    f"identity failed: printed length {printed_len:g} is neither 1 + accepted / "
                    f"steps nor accepted / steps ({acc} / {steps} = {per:.4g})"
                )
        if (
            bonus is UNDECIDED
            and acc == 0
            and f.accepted is not None
            and f.accepted.decimals == 0
            and all(v is None or v.number == 0 for v in (f.rate, f.ratio))
        ):
            # no draft accepted ('0 accepted / 412 drafted, mean len = 1.00'): every step
            # emitted the target's token alone, 1 + 0 / steps whatever the steps were
            if _close(printed_len, 1.0, tol):
                bonus = Decision(INCLUDED, "identity: no draft accepted, printed length = 1 + 0")
            elif _close(printed_len, 0.0, tol):
                bonus = Decision(EXCLUDED, "identity: no draft accepted, printed length = 0")
        if (
            bonus is UNDECIDED
            and acc is None
            and f.rate is not None
            and f.rate.number == 0
            and f.ratio is None
            and f.accepted is None
            and steps != 0
        ):
            # a per-draft rate of exactly 0 ('0% draft acceptance (mean accept length = 1.0)'):
            # no draft accepted, so every step emitted the target's token alone, 1 + 0 whatever
            # the drafts a step (a rate rounded to 0 moves it by hundredths, never to 0); over no
            # verify step at all (0 rounds) the zeros measured nothing and decide nothing
            if _close(printed_len, 1.0, tol):
                bonus = Decision(INCLUDED, "identity: a rate of 0, printed length = 1 + 0")
            elif _close(printed_len, 0.0, tol):
                bonus = Decision(EXCLUDED, "identity: a rate of 0, printed length = 0")
        if bonus is UNDECIDED and steps and out is not None:
            if _close(printed_len, out / steps, tol):
                bonus = Decision(INCLUDED, "identity: printed length = output tokens / steps")
                if (prefill := _first_token_counted(f, acc, steps, out, dra)) is not None:
                    # '30 tokens over 8 steps, 21 accepted': 8 + 21 = 29 emitted by the steps,
                    # the 30th is the prefill's; the counts give 1 + 21 / 8, not 30 / 8
                    assert acc is not None
                    counted = round(1 + acc / steps, 6)
                    bonus = Decision(INCLUDED, prefill)
                    notes[:] = [n for n in notes if _NEITHER not in n]
            elif _close(printed_len, out / steps - 1, tol):
                bonus = Decision(EXCLUDED, "identity: printed length = output tokens / steps - 1")
        # counts printed beside the length that neither count identity gives: the paste's
        # figures disagree, and no other figure's identity decides the bonus (a per-position
        # sum, a histogram's mean, k x rate, agreeing with the length alone)
        agreed = not any(_NEITHER in n for n in notes)
        if bonus is UNDECIDED and summed and agreed:
            if (
                by_pos := _by_positions(printed_len, positions, tol, f.position_half, target_first)
            ) is not None:
                bonus, positions = by_pos
            elif target_first and _close(
                printed_len, sum(positions), tol + len(positions) * 0.5e-2
            ):
                notes.append(
                    "printed length = the sum of the per-position rates, position 0 = 1: the "
                    "target's token (bonus included) or a draft always accepted (excluded)"
                )
        if bonus is UNDECIDED and agreed and f.histogram and sum(f.histogram) > 0:
            h = f.histogram
            mean_acc = sum(i * n for i, n in enumerate(h)) / sum(h)
            if _close(printed_len, 1 + mean_acc, tol):
                bonus = Decision(INCLUDED, "identity: printed length = 1 + the histogram's mean")
            elif _close(printed_len, mean_acc, tol):
                bonus = Decision(EXCLUDED, "identity: printed length = the histogram's mean")
        if (
            bonus is UNDECIDED
            and agreed
            and f.k is not None
            and f.k.number >= 1
            and f.rate is not None
            and (fr := _fraction(f.rate, [])) is not None
            and 0.0 <= fr <= 1.0
        ):
            # the draft tokens per step times the rate per draft is the accepted drafts per step
            # ('nst=7', 8.7%, length 1.61 = 1 + 7 x 0.087)
            scale = fr / f.rate.number if f.rate.number else 1.0  # '%', a maximum, or neither
            rtol = f.k.number * C.half_unit(f.rate.decimals) * scale
            per = f.k.number * fr
            if _close(printed_len, 1 + per, tol + rtol) and not _close(
                printed_len, per, tol + rtol
            ):
                bonus = Decision(
                    INCLUDED, "identity: printed length = 1 + draft tokens per step x rate"
                )
            elif _close(printed_len, per, tol + rtol) and not _close(
                printed_len, 1 + per, tol + rtol
            ):
                bonus = Decision(
                    EXCLUDED, "identity: printed length = draft tokens per step x rate"
                )
        if (
            bonus is UNDECIDED
            and agreed
            and max_len is not None
            and max_len == int(max_len)
            and 2 <= max_len <= 17
            and f.rate is not None
            and f.rate.max is None
            and (fr := _fraction(f.rate, [])) is not None
            and 0.0 < fr < 1.0
        ):
            # a length out of the most tokens a step emits, beside its per-draft rate ('3.2 of 4
            # tokens a step', 73.3%): where 1 + (most - 1) x rate gives it, the most is k + 1
            # and the length counts the target's token; the other way, most x
            # rate, is also the share of the ceiling a length is and decides nothing
            rtol = (max_len - 1) * C.half_unit(f.rate.decimals) * (fr / f.rate.number)
            if _close(printed_len, 1 + (max_len - 1) * fr, tol + rtol):
                bonus = Decision(
                    INCLUDED,
                    f"identity: printed length = 1 + ({max_len:g} - 1) x rate: its maximum of "
                    f"{max_len:g} a step counts the target's token",
                )
        if bonus is UNDECIDED and printed_len < 1.0 - tol and steps != 0:
            # (over no verify step at all a printed 0 measured nothing: it decides nothing)
            bonus = Decision(EXCLUDED, "value: a length below 1 cannot count the bonus token")
        if (
            bonus is UNDECIDED
            and max_len is not None
            and f.k is not None
            and _close(max_len, f.k.number + 1, 0)
        ):
            bonus = Decision(INCLUDED, "the printed maximum is draft tokens + 1")
        if bonus is UNDECIDED and f.k is not None and printed_len > f.k.number + tol:
            bonus = Decision(
                INCLUDED,
                f"value: a length above the draft tokens per step ({f.k.number:g}) must count "
                "the bonus token",
            )
        if (
            bonus is UNDECIDED
            and max_len
            and printed_len > max_len + tol
            and f.length_name.replace(" ", "").endswith(f"/{max_len:g}")
        ):
            # '3.1 / 3' under 'accepted tokens' (its name out of those K, interpret's
            # _out_of_cells): above the drafts a step it is out of
            bonus = Decision(
                INCLUDED,
                f"value: {printed_len:g} is above the {max_len:g} drafts a step it is out of: "
                "the target's own token is counted",
            )
        if (
            bonus is UNDECIDED
            and tool in _BONUS_BY_TOOL
            and not f.count_named
            and not _abbreviated_for(tool, f.length_name)
        ):
            bonus = Decision(INCLUDED, "tool: " + _BONUS_BY_TOOL[tool])
        if bonus.value == INCLUDED:
            length = printed_len if counted is None else counted
        elif bonus.value == EXCLUDED:
            length = printed_len + 1
    if printed_len is None and steps and acc is not None and f.steps_name.strip() == "proposals":
        # a bare 'proposals' count is draft tokens as often as verify steps (a prompt-lookup
        # probe proposes one token at a time, never verifying a step): only an identity with a
        # printed length or rate tells which, and none is here
        notes.append(
            "'proposals' without a printed length or rate to check them: draft tokens or verify "
            "steps, not told; no length computed"
        )
        steps = None
    elif printed_len is None and steps and acc is not None:
        length = 1 + acc / steps
        bonus = Decision(INCLUDED, "computed: 1 + accepted / steps (no length printed)")
    elif (
        printed_len is None
        and length is None
        and positions_ok
        and min(f.positions) in (0, 1)
        and not target_first
        and f.rate is not None
        and _close(
            _fraction(f.rate, []) or -1.0,
            sum(positions) / len(positions),
            C.half_unit(f.rate.decimals) / (100.0 if f.rate.percent else 1.0) + 1e-6,
        )
    ):
        # the overall rate is the positions' mean: they are P(position i accepted) of the same
        # drafts (not conditional on the position before), so their sum is the accepted drafts
        # per step
        length = 1 + sum(positions)
        bonus = Decision(
            INCLUDED,
            "computed: 1 + sum of per-position rates, whose mean is the printed overall rate",
        )
    elif (
        printed_len is None
        and length is None
        and positions_ok
        and min(f.positions) in (0, 1)
        and not target_first
        and acc is not None
        and dra is None
        and steps is None
        and f.rate is None
        and f.ratio is None
        and f.tok_per_step is None
        and f.acc_per_step is None
        and PCN.unconditional_steps(positions, acc, f.position_half or None, out)
    ):
        # per-position rates beside the accepted count alone: whole steps give the count as
        # whole counts a position only with the rates unconditional (positions_counted.py)
        length = 1 + sum(positions)
        bonus = Decision(INCLUDED, PCN.RULE)
    elif printed_len is None and length is None and f.histogram and sum(f.histogram) > 0:
        h = f.histogram
        length = 1 + sum(i * n for i, n in enumerate(h)) / sum(h)
        bonus = Decision(INCLUDED, "computed: 1 + the histogram's mean (no length printed)")
    elif (
        printed_len is None
        and length is None
        and acc == 0
        and f.accepted is not None
        and f.accepted.decimals == 0
        and dra
        and all(v is None or v.number == 0 for v in (f.rate, f.ratio))
    ):
        # no draft accepted of those drafted (a count; a rate beside it is zero too, else the
        # figures disagree): each step emitted the target's token alone, 1 + 0 / steps whatever
        # the steps were
        length = 1.0
        bonus = Decision(
            INCLUDED,
            f"computed: 0 of {dra} drafted tokens accepted: 1 + 0 / steps = 1 (no length printed)",
        )
    elif (
        printed_len is None
        and length is None
        and f.efficiency is not None
        # V0 prints its efficiency beside its counts with the emitted count among them: drafted
        # and accepted counts without an emitted one are someone's own fields, whose
        # 'efficiency' may be any ratio (a cut V0 line ends before its counts)
        and not (f.accepted is not None and f.drafted is not None and f.output is None)
        and (k := _whole_k(f.k, math.inf))
        and 0.0 < (eff := f.efficiency.number / (100.0 if f.efficiency.percent else 1.0)) <= 1.0
        and eff * (k + 1) >= 1.0  # (a step emits one token at least)
    ):
        # vLLM V0: its accepted count (so its rate) counts drafts accepted after a rejected one
        # too, which no step emits; the system efficiency is emitted tokens over the most a step
        # may emit (k + 1): so the tokens a step emits, bonus included, are efficiency x (k + 1)
        length = eff * (k + 1)
        bonus = Decision(
            INCLUDED,
            "computed: system efficiency x (k + 1) (vLLM V0: emitted tokens over the k + 1 a "
            "step may emit; no length printed)",
        )
    elif (
        printed_len is None
        and length is None
        and f.efficiency is None
        and f.rate is not None
        and (k := _whole_k(f.k, FIXED_K_MOST))
        and not out
        and (acc is None and dra is None or drafts_are_tokens)
        # (llama.cpp's k, --spec-draft-n-max, is a most: a step drafts fewer where the draft's
        # probability falls below --spec-draft-p-min, where fewer tokens are left to generate,
        # down to --spec-draft-n-min, as the harness's real llama-server's --help says; so
        # 1 + k x rate is no length)
        and "llamacpp" not in (tool, *f.named_tools)
        and (fr := _fraction(f.rate, [])) is not None
        and 0.0 <= fr <= 1.0
    ):
        # every step drafts k tokens and the rate is accepted / drafted: the accepted drafts per
        # step are k x rate (only where no counts are printed: counts would tell the drafts)
        length = 1 + k * fr
        bonus = Decision(INCLUDED, COMPUTED_K_RULE)
    elif (
        printed_len is None
        and length is None
        and tool == "vllm"
        and _vllm_positions(f, positions, positions_ok, target_first)
    ):
        # vLLM's per-position rate is the drafts accepted at position i over the drafts (its
        # counters per position over the draft count, by log line or /metrics): unconditional,
        # so their sum is the accepted drafts a step (vllm_positions.py)
        length = 1 + sum(positions)
        bonus = Decision(INCLUDED, VP.RULE)
    elif (
        printed_len is None
        and length is None
        and f.efficiency is None
        and acc is not None
        and dra
        and steps is None
        and not out
        and (k := _whole_k(f.k, FIXED_K_MOST))
        # (every step drafting k, the drafted count is k x the steps: a whole multiple of k)
        and dra % k == 0
        and 0 <= acc <= dra
        and "llamacpp" not in (tool, *f.named_tools)
        # the share printed with the counts, under a header naming a rate ('Draft acceptance
        # rate' over '527/612 (86.11%)'): the counts are what the rate divides, drafted tokens
        # ('accepts/attempts' over '44/100' may count rounds: none)
        and f.rate is not None
        and any(_RATE_WORD_ANY.search(h) for h, _ in f.fields)
        and (fr := _fraction(f.rate, [])) is not None
        and _close(
            fr,
            acc / dra,
            C.half_unit(f.rate.decimals) / (100.0 if f.rate.percent else 1.0) + 1e-9,
        )
    ):
        # accepted of drafted tokens beside a fixed k, printed with their share under a
        # rate's name: the accepted drafts per step are k x accepted / drafted, from the
        # counts (more digits than the rounded share)
        length = 1 + k * acc / dra
        bonus = Decision(INCLUDED, COMPUTED_COUNTS_K_RULE)
    # --- rate basis
    basis = UNDECIDED
    printed_rate: float | None = None
    rate: float | None = None
    rv = f.rate if f.rate is not None else f.ratio
    if rv is not None:
        printed_rate = _fraction(rv, notes)
    if printed_rate is not None and rv is not None:
        tol = C.half_unit(rv.decimals) / (100.0 if rv.percent else 1.0) + 1e-9
        if acc is not None and dra and _close(printed_rate, acc / dra, tol):
            basis = Decision(PER_DRAFT, "identity: rate = accepted / drafted tokens")
        elif acc is not None and out and _close(printed_rate, acc / out, tol):
            basis = Decision(PER_OUTPUT_TOKEN, "identity: rate = accepted / output tokens")
        elif (
            acc is None
            and out
            and steps
            and out > steps
            and _close(printed_rate, (out - steps) / out, tol)
        ):
            basis = Decision(
                PER_OUTPUT_TOKEN,
                "identity: ratio = (output tokens - steps) / output tokens, accepted drafts over "
                "output tokens (each step emitting the target's own token)",
            )
        elif bonus.rule.startswith(
            (
                "identity: printed length = 1 + draft tokens per step x rate",
                "identity: printed length = draft tokens per step x rate",
            )
        ):
            basis = Decision(
                PER_DRAFT, "identity: the length's rate times the draft tokens per step"
            )
        elif (
            f.acc_per_step is not None
            and f.k is not None
            and f.k.number > 0
            and _close(
                printed_rate,
                f.acc_per_step.number / f.k.number,
                tol + C.half_unit(f.acc_per_step.decimals) / f.k.number,
            )
        ):
            basis = Decision(
                PER_DRAFT, "identity: rate = accepted drafts per step / draft tokens per step"
            )
        elif acc is not None and (dra or out):
            notes.append(
                f"identity failed: rate {printed_rate:g} is not accepted / drafted "
                "nor accepted / output tokens"
            )
        elif f.ratio is not None and f.rate is None and "from draft" in f.ratio_name:
            basis = Decision(
                PER_OUTPUT_TOKEN, "name: the share of output tokens that came from the draft"
            )
        elif f.ratio is not None and f.rate is None and tool in _RATIO_BY_TOOL:
            basis = Decision(PER_OUTPUT_TOKEN, "tool: " + _RATIO_BY_TOOL[tool])
        elif f.rate is not None and tool in _OUTPUT_RATE_BY_TOOL:
            basis = Decision(PER_OUTPUT_TOKEN, "tool: " + _OUTPUT_RATE_BY_TOOL[tool])
        elif f.rate is not None and tool in _RATE_BY_TOOL:
            basis = Decision(PER_DRAFT, "tool: " + _RATE_BY_TOOL[tool])
        if basis.value == PER_DRAFT:
            rate = printed_rate
        elif basis.value == PER_OUTPUT_TOKEN:
            if acc is not None and dra:
                rate = acc / dra
            if length is None and printed_rate < 1:
                length = 1 / (1 - printed_rate)
                bonus = Decision(
                    INCLUDED,
                    "computed: 1 / (1 - accepted per output token), each verify step emitting "
                    "the target's own token",
                )
    elif acc is not None and dra:
        rate = acc / dra
        basis = Decision(PER_DRAFT, "computed: accepted / drafted tokens (no rate printed)")
    if f.failed:
        # the paste's own figures disagree where they were read: what each counts is not told
        bonus = basis = Decision(UNKNOWN, f.failed)
        length = rate = None
    # --- pooling
    pooling = UNDECIDED
    if statistic in ("median", "p50"):
        pooling = Decision(MEDIAN, f"the paste says '{statistic}'")
    elif f.pooled_by_name:
        pooling = Decision(POOLED, f"name: '{f.pooled_by_name}' divides the run's totals")
    elif bonus.rule.startswith(
        (
            "identity: printed length = 1 + accepted",
            "identity: printed length = accepted",
            "computed: 1 + accepted",
            "identity: tokens per step = 1 + accepted / steps",
            "identity: tokens per step = accepted / steps",
            "identity: tokens per step = output",
            "identity: accepted per step = 1 + accepted / steps",
            "identity: accepted per step = accepted / steps",
            "identity: accepted per step = output",
            _FIRST_TOKEN_RULE,
            _FIRST_TOKEN_TIMES,
        )
    ) or (bonus.rule.startswith("identity: printed length = output")):
        pooling = Decision(POOLED, "identity: the length is the run's totals' ratio")
    elif tool in _POOLING_BY_TOOL:
        value = MEAN_OVER_REQUESTS if tool in ("trtllm", "aiperf", "evalscope") else POOLED
        pooling = Decision(value, "tool: " + _POOLING_BY_TOOL[tool])
    figures: RecordFigures = {
        "printed_length": printed_len,
        "accept_length": length,
        "printed_rate": printed_rate,
        "accept_rate": rate,
        "accepted_tokens": acc,
        "drafted_tokens": dra,
        "steps": steps,
        "output_tokens": out,
        "per_position": positions,
        "max_length": max_len,
        "statistic": statistic,
    }
    return figures, bonus, basis, pooling


# The most tokens per step a printed accept length can be, and the reason a record above it
# gives. An accept length is at most 1 + the draft tokens of one step, and the largest drafts
# any engine verifies in a step are a few tens of tokens: DFlash blocks of 16, EAGLE-2/3 and
# SGLang trees of 60-64 draft tokens (EAGLE's total_tokens 60, SGLang's
# --speculative-num-draft-tokens up to 64). Anything above is a count, a year or an id
# printed after the length's name, never a length; 64 leaves a 64-token tree's lengths read.
MAX_ACCEPT_LENGTH = 64.0
IMPLAUSIBLE_LENGTH = (
    f"a 'length' above {MAX_ACCEPT_LENGTH:g} tokens per step (no engine drafts that many a "
    "step): a count, a year or an id after the length's name, no record"
)


# A length above 1 + the record's own drafted tokens per step: one sequence accepts at most
# what was drafted for it, so such a figure is tokens summed over a batch of sequences (or
# another figure under the length's name), no sequence's accept length
ABOVE_DRAFTED = (
    "a 'length' above 1 + the drafted tokens per step the same row counts (no sequence "
    "accepts more than was drafted): tokens summed over a batch or another figure, no record"
)


def _above_drafted(printed: object, drafted: object, steps: object) -> bool:
    """Whether a printed length exceeds 1 + drafted / steps beyond its rounding."""
    if not (isinstance(printed, float) and isinstance(drafted, int) and isinstance(steps, int)):
        return False
    return steps > 0 and printed > 1 + drafted / steps + 0.05


def implausible(r: PasteRecord) -> bool:
    """Whether :func:`record` gave ``r`` for a length above :data:`MAX_ACCEPT_LENGTH` or above
    1 + its drafted tokens per step (a record of no figure, its lines to be listed as not
    understood)."""
    return bool(r.notes) and r.notes[0].startswith((IMPLAUSIBLE_LENGTH, ABOVE_DRAFTED))


def _any_figure(figs: RecordFigures) -> bool:
    """Whether the record states a length, a rate or a count."""
    return any(
        figs[k] is not None
        for k in (
            "printed_length",
            "accept_length",
            "printed_rate",
            "accept_rate",
            "accepted_tokens",
            "drafted_tokens",
            "steps",
            "output_tokens",
        )
    )


# the names a serving engine's own stats line gives its per-draft rate (vLLM's 'Draft acceptance
# rate', V1's 'Avg Draft acceptance rate'; SGLang's Decode batch 'accept rate'), as a normalised
# key reads: a rate beside the length under the engine's own words for both is its line's pair
_OWN_RATE_NAME = {
    "vllm": re.compile(r"(?:(?:avg|average|mean)\s+)?draft\s+acceptance\s+rate", re.I),
    "sglang": re.compile(r"(?:(?:avg|average|mean)\s+)?accept\s+rate", re.I),
}


def _served_length(f: Figures, tool_rule: str, tool: str = "") -> bool:
    """Whether the tool named as the server decides the figures: a length alone, under the
    tool's own name for its acceptance length (no count, no other figure), and no rate but one
    under the tool's own name for its rate (``_OWN_RATE_NAME``), every field of the record
    named so (the engine's own pair of figures, copied)."""
    own_rate = _OWN_RATE_NAME.get(tool)
    return (
        tool_rule == SERVED_RULE
        and f.length is not None
        and not f.count_named
        and _LENGTH_NAME.search(f.length_name.strip(" *_`:")) is not None
        and all(v is None for v in (f.tok_per_step, f.acc_per_step, f.ratio, f.accepted, f.drafted))
        and (
            f.rate is None
            or (
                own_rate is not None
                and f.ratio is None
                and all(
                    own_rate.fullmatch(n := " ".join(C.norm(name)[0].split())) is not None
                    or _LENGTH_NAME.fullmatch(n) is not None
                    for name, _ in f.fields
                )
            )
        )
        and not f.positions
    )


def _llamacpp_named_length(f: Figures, tool_rule: str) -> bool:
    """Whether a paste that sets llama.cpp's own speculative flags (and names no tool) prints
    this record's length under llama.cpp's own name for it, `mean len` (`#mean acc len`), no
    count named so and no other per-step figure: llama.cpp's printed length, copied."""
    return (
        tool_rule == LLAMACPP_FLAGS_RULE
        and f.length is not None
        and not f.count_named
        and _LLAMACPP_LENGTH_NAME.fullmatch(" ".join(f.length_name.strip(" *_`:=").split()))
        is not None
        and f.tok_per_step is None
        and f.acc_per_step is None
    )


# tools whose convention is their benchmark output's only (SpecForge: a trainer whose benchmark
# prints fixed lines and tables): a figure of the user's prose naming the tool is not shown to
# be that output (a paraphrase, a server's log, a training metric), so it decides nothing there
_OUTPUT_ONLY = frozenset(("specforge",))


def _counted_positions(f: Figures) -> None:
    """Counts accepted at each position out of the steps (position_counts.py): their sum is the
    run's accepted count where it prints none; where it prints another, the counts are no
    chain's of this run: their positions and steps are dropped (nothing decided by them)."""
    total = sum(f.position_counts)
    if f.accepted is None:
        f.accepted = C.Value(float(total), False, 0)
        f.fields.append(("accepted (the counts by position)", str(total)))
    elif f.accepted.number != total:
        f.positions.clear()
        f.steps, f.steps_name = None, ""
        f.notes.append(
            f"the counts by position add up to {total}, not the accepted {f.accepted.number:g}:"
            " no steps or rates read from them"
        )
    f.position_counts = ()


def record(
    f: Figures,
    *,
    kind: str,
    tool: str,
    tool_rule: str,
    structure: str,
    lines: tuple[int, int],
    labels: tuple[tuple[str, str], ...],
    summary_row: bool = False,
) -> PasteRecord | None:
    """A record from a block's figures, or None when they hold no acceptance figure or one
    outside its possible range (a note is not enough: such a figure is not stated)."""
    for attr in ("rate", "ratio"):
        v = getattr(f, attr)
        if v is not None and v.max == 0:
            # '0/0' (or '5/0'): nothing drafted, no rate (0 / 0 is none): never a rate of 0
            setattr(f, attr, None)
    if f.position_counts:
        _counted_positions(f)
    if not f.has_acceptance():
        return None
    if len(f.named_tools) == 1 and tool_rule not in CONVENTION_RULES - {"the metric's name"}:
        tool, tool_rule = next(iter(f.named_tools)), "the metric's name"
    if _llamacpp_named_length(f, tool_rule):
        tool_rule = LLAMACPP_OWN_NAME_RULE
    if f.length is not None and TRK.keeps_rate(
        structure, f.length, f.rate, (f.tok_per_step, f.acc_per_step, f.ratio), MAX_ACCEPT_LENGTH
    ):
        # a row's length cell past any step's tokens, beside its own rate (table_rate_kept.py)
        dropped = TRK.NOTE.format(v=f.length.number)
        f.notes.append(dropped)
        f.length = None
    else:
        dropped = ""
    # a tool's documented conventions decide only when the block itself (or its heading, or
    # the row's engine column) tells the tool; one named elsewhere in the paste may be a
    # comparison ('unlike vLLM, our fork ...')
    figs, bonus, basis, pooling = decide(
        f,
        tool
        if (tool_rule in CONVENTION_RULES or _served_length(f, tool_rule, tool))
        and not (tool in _OUTPUT_ONLY and structure == "prose")
        else "",
    )
    if dropped:
        # the row's own length column says no 1 + k x rate: nothing computed from the rate
        figs["accept_length"] = None
        bonus = Decision(UNKNOWN, dropped)
    length = figs["accept_length"]
    printed = figs["printed_length"]
    summed = _above_drafted(printed, figs["drafted_tokens"], figs["steps"])
    if summed and bonus.rule.startswith((_FIRST_TOKEN_RULE, _FIRST_TOKEN_TIMES)):
        # the printed figure counts the prefill's token too (all drafts accepted: above 1 +
        # drafts a step by that token over the steps); the length the counts give is checked
        summed = _above_drafted(length, figs["drafted_tokens"], figs["steps"])
    if (
        (isinstance(printed, float) and printed > MAX_ACCEPT_LENGTH)
        or (isinstance(length, float) and length > MAX_ACCEPT_LENGTH + 1)
        or summed
    ):
        # a count, a year or an id under a length's name ('τ: 118,402 / 41,990 = 2.82', 'AL
        # (2023)'), or tokens of a batch's step ('tok/verify 24.3' over 128 drafted in 127
        # steps): no length at all. The record keeps its lines and cells only, for the reader
        # to list among what was not understood (``implausible``); it states no figure
        shown = printed if isinstance(printed, float) else length
        why = f"{ABOVE_DRAFTED if summed else IMPLAUSIBLE_LENGTH} ({shown:g} tokens per step)"
        return blank_record(
            kind,
            tool,
            tool_rule,
            structure,
            lines,
            labels=labels,
            fields=tuple(f.fields),
            notes=(why,),
            conventions=Decision(UNKNOWN, why),
            summary_row=summary_row,
        )
    if isinstance(length, float) and length < 1.0 - 1e-9:
        return None
    if f.positions and not figs["per_position"] and not _any_figure(figs):
        return None  # per-position rates at unknown positions, and nothing else
    pr = figs["printed_rate"]
    if isinstance(pr, float) and not 0.0 <= pr <= 1.0 and figs["printed_length"] is not None:
        # a share past 100% beside the run's length ('Accept. 102.2%' of a tree, its caption
        # counting more than one path): no per-draft rate; the length is still the run's
        f.notes.append(f"a printed rate of {pr:.4g} is no share of drafts: left out")
        figs["printed_rate"] = figs["accept_rate"] = pr = None
    if isinstance(pr, float) and not 0.0 <= pr <= 1.0:
        return None
    rate = figs["accept_rate"]
    if isinstance(rate, float) and not 0.0 <= rate <= 1.0:
        return None
    if any(not 0.0 <= p <= 1.0 for p in f.positions.values()):
        return None
    if bonus.value == UNKNOWN and figs["printed_length"] is not None:
        f.notes.append(f"{BONUS_UNKNOWN}: no normalised accept length is given")
    figs["accept_length"] = round(length, 6) if isinstance(length, float) else None
    figs["accept_rate"] = round(rate, 6) if isinstance(rate, float) else None
    return PasteRecord(
        kind=kind,
        tool=tool,
        tool_rule=tool_rule,
        structure=structure,
        first_line=lines[0],
        last_line=lines[1],
        labels=labels,
        **figs,
        bonus=bonus,
        rate_basis=basis,
        pooling=pooling,
        fields=tuple(f.fields),
        notes=tuple(dict.fromkeys(f.notes)),
        summary_row=summary_row,
    )
