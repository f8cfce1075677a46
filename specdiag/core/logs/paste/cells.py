"""Cells and keys: what a table header or a printed key means, and what a printed value is.

A header goes through this module's vocabulary first (the meanings the line grammar has no
field for: tokens per step, accepted drafts per step, output tokens, per-position rates by
position) and then through the line grammar's synonym table (:mod:`..grammar`), so a spelling
added there is read here too. A value is read with its thousands separators, percent sign,
unit, markup, ``x / max`` and statistic word; anything else left in the cell makes it unread.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from specdiag.core.logs import grammar as G
from specdiag.core.logs.paste import tree_path as TP

# Metrics of a paste (the values of :func:`metric`).
LENGTH = "accept_length"  # accept length, convention to be decided
TOK_PER_STEP = "tokens_per_step"  # tokens per verify step: bonus included by its name
ACC_PER_STEP = "accepted_per_step"  # accepted drafts per verify step: bonus excluded by name
# the tail of an accepted-per-step name said to leave the bonus out ('... (excl. bonus)')
EXCLUDED_SAID = "(bonus excluded)"
RATE = "accept_rate"
ACCEPT_RATIO = "accept_ratio"  # a 'ratio' whose denominator the name does not give
ACCEPTED = "accepted"
DRAFTED = "drafted"
STEPS = "steps"  # verify steps: drafts, proposals
OUTPUT = "output_tokens"
K = "k"  # draft tokens per step
# vLLM V0's system efficiency: emitted tokens / the most a step may emit (k + 1 each)
EFFICIENCY = "system_efficiency"
POSITION = "position"  # a per-position rate (the position in ``Cell.position``)
PER_POSITION = "per_position"  # a list of per-position rates
HISTOGRAM = "histogram"
LABEL = "label"  # a configuration column (steps, topk, batch size, dataset, ...)
# a check of the paste's own figures that failed ('acceptance (2.1 of 4, 70%)': 2.1 / 4 is not
# 70%): the key's text is the rule shown; the record then claims no normalised figure
FAILED = "identity_failed"

ACCEPTANCE = (LENGTH, TOK_PER_STEP, ACC_PER_STEP, RATE, ACCEPT_RATIO, POSITION, PER_POSITION)

_OWN: dict[str, str] = {}
for _m, _keys in {
    LENGTH: (
        "acc len",
        # SGLang's own spelling, one word ('the acclen was about 4')
        "acclen",
        "a len",
        "al",
        "tau",
        "τ",
        # the length's symbol after an acceptance word ('mean accept τ', 'acceptance tau'): the
        # word says which τ, the symbol which figure (a rate would be 'acceptance rate α')
        "accept τ",
        "acceptance τ",
        "accept tau",
        "acceptance tau",
        "mat",
        "avg acc len",
        "acc length",
        "accept len",
        "accept length",
        "accept lengths",
        "acceptance lengths",
        "acceptance length",
        "acceptance len",
        "mean accepted length",
        # the mean length of what a verify step emits: whether the target's own token is
        # counted the name does not say (a length, undecided; an identity may decide it)
        "emitted length",
        "mean emitted length",
        "emitted lengths",
        "spec accept length",
        "avg spec accept length",
        "average acceptance length",
        "mean acceptance length",
        "avg accept length",
        "avg accept len",
        "accept length avg",
        "acceptance length mean",
        "accepted token length",
        "accepted token lengths",
        "accepted tokens length",
        "accepted length",
        "accepted lengths",
        "accepted len",
        "accept token length",
        # blockwise decoding's block efficiency: the tokens a target call yields, the target's
        # own token counted by some papers and not by others (a length, undecided)
        "block efficiency",
        "block eff",
        # tokens a step's verification keeps (SpecInfer's 'verified tokens'): whether the
        # target's own token is among them is not said (a length, undecided)
        "verified tokens per step",
        "verified tokens per iteration",
        "verified tokens per decoding step",
        "tokens verified per step",
        # a token tree's accepted path, its mean length a step ('PathLen' beside 'Accept%'):
        # whether the path counts the target's own token is not said (tree_path.py)
        *TP.NAMES,
    ),
    TOK_PER_STEP: (
        "avg tok/step",
        "tok/step",
        "tokens/step",
        "tok per step",
        "tokens per step",
        "avg tokens per step",
        "mean tokens per step",
        "tokens per verify step",
        "avg decoded tokens per iter",
        "decoded tokens per iter",
        "tokens per iteration",
        "avg tokens/step",
        # tokens a verify step emits: the accepted drafts and the target's own token
        "emitted per verify",
        "emitted per verify step",
        "emitted per step",
        "tokens emitted per step",
        "emitted tokens per step",
        "tokens per verify",
        "tokens per forward",
        "tokens per target forward",
        "emitted/verify",
        "emitted/step",
        "tokens/verify",
        "tok/verify",
        # per target forward pass or per draft-verify cycle (ROCm ATOM 'toks/fwd', oMLX
        # 'tok/cycle'): the same count, the target's own token included
        "toks/fwd",
        "tok/fwd",
        "tokens/fwd",
        "tokens/forward",
        "tok/forward",
        "toks/forward",
        "tokens per forward pass",
        "tok/cycle",
        "toks/cycle",
        "tokens/cycle",
        "tokens per cycle",
        "tok per cycle",
        # tokens a draft-verify round commits: the accepted drafts and the target's own token
        "committed/round",
        "committed per round",
        "committed tokens per round",
    ),
    ACC_PER_STEP: (
        "accepted/steps",
        "accepted/step",
        "acc/step",
        "accepted per step",
        "accepted drafts per step",
        "accepted tokens per step",
        "avg accepted drafts",
        "avg accepted per step",
        "mean accepted drafts",
        # a mean of accepted draft tokens is per step, not a count ('Mean accepted draft tokens
        # | 3.479 / 5': of 5 drafted per step)
        "mean accepted draft tokens",
        "avg accepted draft tokens",
        "average accepted draft tokens",
        "mean accepted draft tokens per step",
        # the accepted part of a step's draft, in tokens ('Accepted draft length | 1.9 / 4')
        "accepted draft length",
        "average accepted drafts",
        # accepted out of one draft (vLLM's 'drafts' are its draft-verify steps): drafts only
        "accepted per draft",
        # (its slash spelling: only above 1, where no accepted / drafted quotient can be:
        # evidence.py)
        "accepted/draft",
        # (in tokens: 'accepted_tokens_per_draft' beside 'accepted_per_draft_token'; above 1
        # alone, as the slash spelling)
        "accepted tokens per draft",
    ),
    RATE: (
        "acc rate",
        "ar",
        "acc %",
        "acc%",
        "acceptance",
        "acceptance %",
        "acceptance rate",
        "accept rate",
        # a web page's spelling ('Accepted Rate: 58.68', llama.cpp's accepted / drafted %)
        "accepted rate",
        "draft accepted rate",
        "draft acceptance rate",
        "draft acceptance",
        "avg draft acceptance rate",
        "token acceptance rate",
        # the drafted tokens' acceptance, the noun 'token' spelled out ('draft-token acceptance')
        "draft token acceptance rate",
        "draft token acceptance",
        "token acceptance",
        "acceptance probability",
        # the share of drafted tokens accepted, called a fraction ('acceptance fraction: 0.57')
        "acceptance fraction",
        "accept fraction",
        "draft acceptance fraction",
        # a bare 'accept' or 'accepted' column that says '%' ('Accept %', 'accepted (%)')
        "accept %",
        "accepted %",
        "draft accept %",
    ),
    # 'global accept ratio': FastDeploy's accepted drafts / generated tokens; 'from draft %':
    # the share of output tokens that came from the draft (mlx-lm's per-token from_draft)
    ACCEPT_RATIO: (
        "accept ratio",
        "acceptance ratio",
        "global accept ratio",
        "from draft %",
        "tokens from draft %",
        "share from draft",
        # a table's short 'draft rate' column (a share of the drafts or of the output: which,
        # the name does not say)
        "draft rate",
        "draft share",
        # the drafts that hit, of ... (drafted tokens, or draft steps: the name does not say)
        "draft hit rate",
        "draft hit %",
    ),
    ACCEPTED: (
        "accepted",
        "accepted tokens",
        "accepted draft tokens",
        "accepted drafts",
        # a counter's snake_case name ('accepted_draft=112' beside 'proposed=135')
        "accepted draft",
        "num accepted",
        "num accepted tokens",
        "num accepted draft tokens",
        "number of accepted tokens",
        "number of accepted draft tokens",
        "total accepted",
        "total accepted tokens",
        "n accept",
        "n accepted",
        "accept num",
        "accepted token num",
        "tokens from draft",
        "from draft tokens",
        "num from draft",
    ),
    DRAFTED: (
        "drafted",
        "proposed",
        "num proposed",
        "total proposed",
        "draft tokens",
        "drafted tokens",
        "num draft tokens",
        "num drafted tokens",
        "number of draft tokens",
        "number of drafted tokens",
        "total draft tokens",
        "proposed tokens",
        "proposed draft tokens",
        "drafts proposed",
        "n drafted",
        "speculated tokens",
    ),
    STEPS: (
        "drafts",
        "num drafts",
        "number of drafts",
        "draft proposals",
        "number of draft proposals",
        "num draft proposals",
        "proposals",
        "verify steps",
        "num verify steps",
        "spec steps",
        "num spec steps",
        "speculation steps",
        "verify ct",
        "spec verify ct",
        "decoding steps",
        "target forward passes",
        "target passes",
        "total step",
        "total steps",
        "spec decode steps",
        "total spec decode steps",
        # draft-verify rounds (llama.cpp forks' spec bench tables)
        "rounds",
        "draft rounds",
        "verify rounds",
        "spec rounds",
        # (the noun spelled out: 'verification_rounds', 'verification steps')
        "verification rounds",
        "verification steps",
        "num verification rounds",
        "num verification steps",
        # calls of the target (the large model) to verify: one per step
        "target model calls",
        "target calls",
        "number of target model calls",
        "num target model calls",
        "target model forward passes",
        # the target's verify steps named by both ('target verify steps'): one a step
        "target verify steps",
        "target verify rounds",
        "target verification steps",
        "target verification rounds",
        "target model verify steps",
        "large model steps",
        "large model step",
        "target model steps",
        "verifier calls",
        # TensorRT-LLM's iteration stats: each request drafted for in the iteration is verified
        # once in it
        "num requests with draft tokens",
    ),
    OUTPUT: (
        "output tokens",
        "total output tokens",
        "num output tokens",
        "completion tokens",
        "generated tokens",
        "total generated tokens",
        "num generated tokens",
        "emitted tokens",
        "decode tokens",
        "total output token num",
        "output token num",
        "new tokens",
        "total new tokens",
        "num new tokens",
        "generated new tokens",
    ),
    K: (
        "num speculative tokens",
        "num spec tokens",
        "speculative tokens",
        "max draft tokens",
        "draft length",
        "draft len",
        "gamma",
        # SGLang's draft depth: a step accepts at most this many drafts, whatever the tree
        "speculative num steps",
    ),
    EFFICIENCY: ("system efficiency",),
    HISTOGRAM: ("acceptance histogram", "accepted histogram", "correct drafts histogram"),
    PER_POSITION: (
        "per position acceptance",
        "per position acceptance rate",
        "per position acceptance rates",
        "acceptance per position",
        "acceptance rate per position",
        "acc per pos",
        "acc rate per pos",
        "per position al",
        "per position acc",
        "per position rate",
        "per position rates",
        "pos accept",
        "pos acceptance",
        "pos accept rate",
        "position acceptance",
        "accept per position",
        "accept per pos",
        # 'per' written as a slash, as in a unit ('acceptance rate/position', German tables'
        # 'Akzeptanzrate/Position')
        "acceptance rate/position",
        "acceptance rate/pos",
        "acceptance/position",
        "accept rate/position",
        "accept rate/pos",
        "acc rate/pos",
        # the draft index for the position ('per-index acceptance', 'acceptance per index')
        "per index acceptance",
        "per index acceptance rate",
        "per index acceptance rates",
        "per index accept rate",
        "acceptance per index",
        "acceptance rate per index",
        "per draft index acceptance",
        "per draft position acceptance",
    ),
}.items():
    for _k in _keys:
        _OWN[_k] = _m

# What one draft-verify step is called: a step, a (target) forward, a cycle, a round, an
# iteration. Tokens per any of them is tokens per step (the target's own token included);
# accepted drafts per any of them is accepted per step. One vocabulary for headers, units after
# a value ('2.15 tokens/round') and the candidate test, so a spelling added here is read
# everywhere.
STEP_NOUNS = (
    "step",
    "fwd",
    "forward",
    "cycle",
    "verify",
    "round",
    "iter",
    "iteration",
    "window",
    # (a draft proposal, one a verify step: 'tokens accepted per proposal')
    "proposal",
)
STEP_NOUN_RE = (
    r"(?:steps?|fwd|forwards?|cycles?|verify|verif\w*|rounds?|iters?|iterations?|windows?|"
    r"proposals?)"
)
_STEP_PHRASES = tuple(
    f"{q} {n}"
    for q in (
        "draft",
        "spec",
        "speculative",
        "speculation",
        "verify",
        "verification",
        "decode",
        # a step of the target model ('tokens per target step'), or of the frozen model that
        # Medusa-style heads draft for, which their papers call the backbone
        "target",
        "backbone",
        # one draft-verify step named by both its halves ('per draft/verify step')
        "draft/verify",
        "draft verify",
    )
    for n in ("step", "round", "cycle", "iteration")
)
_PER_STEP_WORDS = (
    (
        TOK_PER_STEP,
        (
            "tok",
            "toks",
            "tokens",
            "token",
            "avg tok",
            "avg tokens",
            "mean tokens",
            "emitted",
            "emitted tokens",
            "tokens emitted",
            "committed",
            "committed tokens",
            # the tokens a verify step commits: its accepted drafts and the target's own token
            "tokens committed",
            "avg committed tokens",
            "mean committed tokens",
            # the tokens a round delivers to the output: the same count
            "tokens delivered",
            "delivered tokens",
            # the tokens a step adds to the output: every token it emits, the target's own
            # among them ('2.9 output tokens per verification')
            "output tokens",
            "generated tokens",
        ),
    ),
    (
        ACC_PER_STEP,
        (
            "accepted",
            "acc",
            "accepted drafts",
            # ('acc drafts/round': the participle clipped before its noun; 'acc' alone is
            # above, a noun of drafts after it names no accuracy)
            "acc drafts",
            "acc draft tokens",
            "accepted tokens",
            "avg accepted",
            "tokens accepted",
            "drafts accepted",
            "draft tokens accepted",
            "mean accepted",
            "mean accepted tokens",
            # accepted DRAFT tokens per step leave out the target's own token ('accepted draft
            # tokens per step': the length is 1 + it); without this name the longest known tail
            # ('tokens per step') would read it as tokens per step
            "accepted draft tokens",
            "accepted draft",
            "avg accepted draft tokens",
            "mean accepted draft tokens",
            # proposed tokens are the drafted ones (the target proposes none): accepted
            # proposed tokens a step are accepted drafts, the target's own token left out
            "accepted proposed tokens",
            "accepted proposed",
            "avg accepted proposed tokens",
            "mean accepted proposed tokens",
            "proposed tokens accepted",
            # (accepted drafted tokens: the same, the participle of drafting)
            "accepted drafted tokens",
            "avg accepted drafted tokens",
            "mean accepted drafted tokens",
        ),
    ),
)
# ('accepted/draft run', 'acc per draft run': one drafting run, a draft proposed and verified:
# a step; never 'run' alone, a benchmark's whole run)
# ('per verification': the verify step named by its noun alone)
for _noun in (
    STEP_NOUNS
    + _STEP_PHRASES
    + (
        "forward pass",
        "target forward",
        "draft run",
        "verification",
    )
):
    for _meaning, _words in _PER_STEP_WORDS:
        if _noun == "proposal" and _meaning == TOK_PER_STEP:
            continue  # ('tokens per proposal': the drafted tokens a proposal holds, k)
        for _word in _words:
            # ('tokens a step': 'a' for 'per')
            for _sep in ("/", " per ", " a "):
                _OWN.setdefault(f"{_word}{_sep}{_noun}", _meaning)

# 'Accept/step', 'accept/round': the verb's stem over a step noun by a slash, a column's or a
# bullet's short name of the accepted per step (as 'accepted/step': whether the target's own
# token is counted left to the counts); never spelled out ('accept per step', 'accept a step':
# a verb's phrase in prose)
for _noun in STEP_NOUNS:
    _OWN.setdefault(f"accept/{_noun}", ACC_PER_STEP)

# 'avg_toks_fwd' (underscores read as spaces): tokens per forward without the '/'
for _k in ("toks fwd", "tok fwd", "tokens fwd", "avg toks fwd", "avg tok fwd", "mean toks fwd"):
    _OWN.setdefault(_k, TOK_PER_STEP)

# Configuration columns: kept as the record's labels, never read as figures.
_LABELS = frozenset(
    (
        "dataset",
        "data",
        "task",
        "tasks",
        "category",
        "benchmark",
        "bench",
        "model",
        "target",
        "target model",
        "draft",
        "draft model",
        "method",
        "config",
        "configuration",
        "setting",
        "settings",
        "name",
        "run",
        "engine",
        "framework",
        "backend",
        "tool",
        "steps",
        "num steps",
        "speculative num steps",
        "topk",
        "top k",
        "eagle topk",
        "speculative eagle topk",
        "batch size",
        "batch",
        "bs",
        "concurrency",
        "max concurrency",
        "num draft tokens",
        "speculative num draft tokens",
        # draft maxima (llama.cpp's n_draft and --draft-max): a step drafts at most that many,
        # fewer where the draft is unsure, so they are no k to multiply a rate by
        "n draft",
        "draft max",
        "n max",
        # (the flag spelled out: llama.cpp's '--draft-n-max', '--spec-draft-n-max' and
        # '--spec-draft-max', '-' and '_' read as spaces)
        "draft n max",
        "spec draft max",
        "spec draft n max",
        # a draft block's or a tree's width: the tokens one step verifies (drafts.py's per-row
        # identity 1 + rate x (width - 1) decides which; a label otherwise)
        "width",
        "block",
        "block size",
        "draft block size",
        "block width",
        "tree width",
        "k",
        "n",
        "temperature",
        "temp",
        "prompt",
        "prompts",
        "scenario",
        "hardware",
        "gpu",
        "precision",
        "tp",
        "spec",
        "speculative",
        "mode",
        "variant",
        "checkpoint",
        "request rate",
        "rate",
        "qps",
        "isl",
        "osl",
        "input len",
        "output len",
    )
)
# The draft steps a run's step takes, named as steps ('MTP steps', 'num_mtp_steps', 'num steps',
# the Chinese '步数' and '投机步数'): a configuration column, a label (one_draft.py reads a
# column of them holding small whole numbers as the drafts a step). A count of the steps a run
# took has its own names ('spec steps', 'verify steps': STEPS), read before this.
STEPS_SETTING = re.compile(
    r"^(?:(?:num|number of|n)\s?)?(?:(?:mtp|投机|推测)\s?)?(?:num\s)?(?:steps|步数)$"
)
# Labels that tell apart items of one configuration (several datasets of one draft), not
# configurations: records differing only in these are comparable.
ITEM_LABELS = frozenset(
    (
        "dataset",
        "data",
        "task",
        "tasks",
        "category",
        "benchmark",
        "bench",
        "prompt",
        "prompts",
        "scenario",
    )
)

_MARKUP = re.compile(r"\*\*|__|~~|[*`]|<[^<>]{0,80}>|\b_(?=[\d.])|(?<=[\d%])_\b")
# a character that every match of _MARKUP holds
_MARKUP_CHARS = frozenset("*_~`<")


def unmarked(text: str) -> str:
    """The text without its markup (``_MARKUP``: bold, code, tags, escaped underscores), stripped."""
    return _MARKUP.sub("", text).strip()


_UNIT_PAREN = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_POS = re.compile(
    r"^(?:the\s+)?(?:acceptance|accept|acc|draft acceptance)?\s*(?:rate|prob(?:ability)?)?\s*"
    r"(?:at|@|for)?\s*(?:token|position|pos|draft token|draft position|(?:draft )?step(?=\s*\d{1,2}$))"
    r"\s*#?\s*(\d{1,4})$"
)
_POS_SUFFIX = re.compile(
    r"^(?:acceptance|accept|acc)\s*(?:rate)?\s*(?:pos|position|token)?\s*#?(\d{1,2})$"
)
# a draft trainer's accuracy at a position, a bare 'acc' and the position ('acc_0', 'acc1':
# EAGLE / SpecForge training and eval logs, the top-1 accuracy of the head at that step)
_TRAIN_ACC = re.compile(r"^acc\s*\d{1,2}$")
# the position first ('pos2 的 acceptance rate', from '第 2 步的接受率'; "position 2's acceptance rate")
_POS_FIRST = re.compile(
    r"^(?:pos|position|draft position|step|draft step)\s*#?\s*(\d{1,2})\s*(?:的|'s)?\s*"
    r"(?:acceptance|accept|acc)\s*(?:rate|prob(?:ability)?)$"
)


@dataclass(frozen=True, slots=True)
class Key:
    """What a header or key means."""

    metric: str | None  # one of the metrics above, LABEL, or None (another figure: ignored)
    text: str  # the normalised key
    percent: bool  # the key says '%'
    position: int | None = None  # POSITION: the 0-based draft position
    tool: str | None = (
        None  # the tool the key names before the metric ('SGLang Spec Accept Length')
    )
    pooled: bool = False  # the name says the run's totals ('Token-Weighted Acceptance Length')


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
_PERCENT_WORD = re.compile(r"(?<![A-Za-z])(?:pct|percent|percentage)(?![A-Za-z])", re.I)


# a bracket holding a signed change, one or a range ('(+10%)', '(-3%)', '(+6–12%)', '(+0.4)',
# '(+2 pp)'): how much the figure before it moved, never its unit
_SIGNED_CHANGE_PAREN = re.compile(
    r"\(\s*[~≈]?\s*[+\-−±]\s*\d+(?:[.,]\d+)?\s*(?:%|pp|pts?|points?)?"
    r"(?:\s*(?:[-–—~]|to)\s*[+\-−]?\s*\d+(?:[.,]\d+)?\s*(?:%|pp|pts?|points?)?)?\s*\)",
    re.I,
)


def norm(key: str) -> tuple[str, bool]:
    """A key in lower case without markup, units and punctuation noise, and whether it says
    '%': 'Acc. Len' -> 'acc len'; '**Accept Length (tokens)**' -> 'accept length'."""
    k = (key if _MARKUP_CHARS.isdisjoint(key) else _MARKUP.sub("", key)).strip()
    # camelCase words ('acceptanceRate', 'AvgAcceptLen'), not capitals ('vLLM', 'SGLang');
    # arrows saying which way is better ('AL ↑')
    k = _CAMEL.sub(" ", k).replace("↑", " ").replace("↓", " ")
    if "(" in k and _SIGNED_CHANGE_PAREN.search(k):
        # a signed change in brackets after the name ('acceptance rate (+10%)', 'AL (+6-12%)'):
        # the figure's change, no unit of its value
        k = _SIGNED_CHANGE_PAREN.sub(" ", k)
    if _PERCENT_WORD.search(k):
        k = _PERCENT_WORD.sub("%", k)  # 'accept_rate_pct', 'acceptance (percent)'
    pct = "%" in k
    k = k.replace("%", " %") if pct else k
    k = _UNIT_PAREN.sub(lambda m: " % " if "%" in m.group(0) else " ", k)
    k = k.lower().replace("_", " ").replace("-", " ").replace("#", " ")
    k = re.sub(r"(?<=[a-zτ])\.\s*(?=[a-z])", " ", k)  # 'acc. len', 'a.len'
    k = re.sub(r"\baccpt\b", "accept", k)  # a common shorthand ('Accpt Len')
    k = k.strip(" .:=|\t,")
    k = re.sub(r"\s*/\s*", "/", k)
    k = re.sub(r"\s+", " ", k)
    return k, pct


# a tool's name before the metric's ('SGLang Spec Accept Length', 'vLLM acceptance rate'): the
# metric is read without it and the tool kept
_TOOL_PREFIX = re.compile(
    r"^(sglang|vllm|llama\.?cpp|trt ?llm|tensorrt llm|fastdeploy|mlx(?: lm)?|aiperf|specforge)\s+"
)
# a figure of the run's totals named as such, beside the mean over requests ('Token-Weighted
# Acceptance Length' next to 'Acceptance Length', AIPerf; 'pooled acceptance rate')
_POOLED_PREFIX = re.compile(
    r"^(?:token weighted|step weighted|(?:global )?weighted|pooled|run level|overall|global)\s+"
)
_TOOL_NAME = {
    "llama.cpp": "llamacpp",
    "trt llm": "trtllm",
    "tensorrt llm": "trtllm",
    "mlx lm": "mlx",
}


# Abbreviations read only as a table's column header, never in prose ('AR' is also
# 'autoregressive'), and only for values a rate can take: NVIDIA's tools call tokens per
# iteration 'AR' too (2.62), which no rate is.
TABLE_ONLY_RATE_KEYS = frozenset(("ar",))
# a configuration after a metric's name ('AR off', 'acceptance rate (before)', 'AL new'): the
# column holds that metric for one configuration
_CONFIG_SUFFIX = re.compile(r"^(?P<m>.+?)\s+(?:on|off|before|after|old|new|base|baseline)$")


_AGGREGATE = re.compile(
    r"^(?:avg|average|mean|overall|total|median|p50|aggregate|aggregated|cumulative|combined|"
    r"global|net|final|end to end|e2e|per (?:request|sample|prompt|query|sequence))\s+"
)


# tokens per step summed over a batch ('tok/cycle (batch)'): no one sequence's count per step
_BATCH_SUM = re.compile(r"[(\[]\s*(?:batch|agg\w*|sum|total)\s*[)\]]|\bper batch\b", re.I)


# a name's trailing scope naming the run it was measured in ('Accepted tokens per step in that
# session', 'acceptance rate over the whole run', 'accept length on each task'): the name alone
# (never a position, a head or a setting: no digits, only these nouns of a run)
_RUN_SCOPE = re.compile(
    r"\s+(?:in|on|during|for|over|across)\s+(?:(?:that|this|the|each|every|our|my|a|one|whole)\s+)?"
    r"(?:session|run|test|benchmark|bench|workload|sweep|experiment|job|conversation|trial|task)s?$",
    re.I,
)
# ... or to one turn of a conversation ('AL Turn1', 'accept length turn 2'): the name alone
_TURN_SCOPE = re.compile(r"\s+turn[\s_-]?\d{1,2}$", re.I)
# ... or the turn first ('Turn-2 accept length', 'turn 1 AL'): the name after it alone
_TURN_LEAD = re.compile(r"^turn[\s_-]?\d{1,2}\s+(?=\S)", re.I)


# a length's name scoped to one step at its end ('accepted length per step', 'acceptance length
# per verify step'): the step's noun alone after 'per' (no count, no other unit)
_LENGTH_PER_STEP = re.compile(
    r" per (?:(?:verify|verification|decode|decoding|draft) )?" + STEP_NOUN_RE + r"$"
)


# a draft count's setting written inside a figure's name ('MTP n=1 acceptance', 'k=3 accept
# length', 'gamma = 2 acceptance rate'): a one-letter or a draft count's name, '=' and a whole
# number
_INNER_SETTING = re.compile(
    r"(?<![\w=.-])(?i:n|k|gamma|γ|num_speculative_tokens|draft[_ -]?n|n[_ -]?spec)\s*=\s*\d{1,3}"
    r"(?![\w.=])"
)


# a header naming what a step accepts of the drafts it made ('accepted of 5 drafted', 'mean
# accepted out of 4 draft tokens per round'): accepted drafts per step, the bonus left out (it
# is never drafted); N a step's drafts (a larger N is a total's, whose cells are counts)
_ACCEPTED_OF_DRAFTED = re.compile(
    r"(?:mean\s+|avg\s+|average\s+)?accepted(?:\s+drafts|\s+tokens)?\s+(?:out\s+)?of\s+"
    r"(?P<n>\d{1,2})\s+(?:drafted(?:\s+tokens)?|draft\s+tokens|drafts)"
    r"(?:\s+(?:per|a|each)\s+(?:step|round|cycle|iteration))?",
    re.I,
)


# the same, the request's word joined to the step's by a hyphen ('per request-cycle', read as
# 'per request cycle'): the request's word and its space dropped
_PER_REQUEST_JOINED = re.compile(
    r"(?<= per )(?:reqs?|requests?|seqs?|sequences?|samples?|slots?) (?=" + STEP_NOUN_RE + r"$)"
)


# a participle of measuring before a figure's name ('observed', 'measured', 'actual')
_MEASURED_PREFIX = re.compile(r"^(?:observed|measured|actual|achieved) ")


# a participle of counting before a count's name ('counted draft tokens', 'logged accepted')
_COUNTED_PREFIX = re.compile(r"^(?:counted|logged|recorded|observed|tallied) ")


# tokens per request per step ('tokens/row/round', 'tok/seq/step', 'tokens per request per
# round'): a step's tokens for one sequence of the batch, which is what a length counts: the
# request's word between the two is dropped (never alone: 'tokens/request' is a reply's length)
_PER_REQUEST_MID = re.compile(
    r"(?:/| per )(?:rows?|reqs?|requests?|seqs?|sequences?|samples?|slots?)"
    r"(?=(?:/| per )" + STEP_NOUN_RE + r"(?:$|[ )]))"
)


@functools.lru_cache(maxsize=4096)
def key(text: str) -> Key:
    """The meaning of a printed key or header."""
    got = _key(text)
    if got.metric is None and "," in text:
        # a subset, a comma, then the figure's name ('agent turns (63), tokens/cycle', 'all 8
        # turns, accept length'): a transposed table's row of that figure on the subset
        normed = norm(text)[0]
        head, _, tail = normed.rpartition(",")
        tail = tail.strip()
        again = _key(tail + (" %" if got.percent and "%" not in tail else "")) if tail else got
        if (
            again.metric in (LENGTH, TOK_PER_STEP, ACC_PER_STEP, RATE)
            and 0 < len(head.split()) <= 6
            and _OTHER_TAIL.search(head) is None
            and _key_plain(head).metric in (None, LABEL)
            and "," not in head
        ):
            return Key(
                again.metric, normed, again.percent, again.position, again.tool, again.pooled
            )
    if got.metric is None and ("/" in text or " per " in text.lower()):
        spelled = norm(text)[0]
        if (m := _PER_REQUEST_MID.search(spelled)) is not None or (
            m := _PER_REQUEST_JOINED.search(spelled)
        ) is not None:
            cut = spelled[: m.start()] + spelled[m.end() :]
            again = _key(cut + (" %" if got.percent else ""))
            if again.metric in (TOK_PER_STEP, ACC_PER_STEP):
                got = Key(again.metric, spelled, again.percent, None, again.tool, again.pooled)
    if (
        got.metric is None
        and "of" in text
        and (m := _ACCEPTED_OF_DRAFTED.fullmatch(_MARKUP.sub("", text).strip())) is not None
        and 1 <= int(m.group("n")) <= MAX_STEP_TOKENS
    ):
        return Key(ACC_PER_STEP, f"accepted drafts per step (of {m.group('n')} drafted)", False)
    if got.metric is None and " per " in got.text and (m := _LENGTH_PER_STEP.search(got.text)):
        # ('mean_accepted_length_per_step', 'acceptance length per verify step'): a length is
        # already a step's mean, the scope names it again; only a length's name before it (a
        # rate or a count per step is another figure, left as before)
        again = _key(got.text[: m.start()])
        if again.metric == LENGTH:
            got = Key(LENGTH, got.text, again.percent, None, again.tool, again.pooled)
    if got.metric is None and (_RUN_SCOPE.search(text) or _TURN_SCOPE.search(text)):
        again = _key(_TURN_SCOPE.sub("", _RUN_SCOPE.sub("", text)))
        if again.metric in ACCEPTANCE:
            got = again
    if got.metric is None and (lead := _TURN_LEAD.match(_MARKUP.sub("", text).strip())):
        # ('Turn-2 accept length', 'turn 1 AL, cap on / cap off'): the turn's number before the
        # figure's name scopes it as after it does; the rest read as a name of its own (not a
        # position: a turn's number is no draft position)
        again = key(_MARKUP.sub("", text).strip()[lead.end() :])
        if again.metric in ACCEPTANCE and again.metric != POSITION:
            got = again
    if got.metric is None and "=" in text and _INNER_SETTING.search(text):
        # ('MTP n=1 acceptance', 'k=3 accept length'): a draft count's setting inside the
        # name, the figure's name the rest; the setting stays in the name's text
        again = _key(_INNER_SETTING.sub(" ", text))
        if again.metric in ACCEPTANCE and again.metric != POSITION:
            got = Key(again.metric, got.text, again.percent, None, again.tool, again.pooled)
    if got.metric is None and got.text.endswith(" tok"):
        # a count's noun cut short at the end of its name ('Draft tok', 'Accepted tok'; never
        # 'tok/s', a speed): read as 'tokens', for a count only
        again = _key(got.text[:-4] + " tokens")
        if again.metric in (ACCEPTED, DRAFTED):
            got = Key(again.metric, got.text, got.percent)
    if got.metric is None and (mp := _MEASURED_PREFIX.match(got.text)) is not None:
        # a participle saying the figure was measured before its name ('observed
        # acceptance_at_token_0', 'measured acceptance at position 1'): the figure, read as its
        # name alone (the names the configuration reading misses: a position's)
        again = _key(got.text[mp.end() :])
        if again.metric in ACCEPTANCE:
            got = Key(again.metric, got.text, got.percent or again.percent, again.position)
    if got.metric is None and (cm := _COUNTED_PREFIX.match(got.text)) is not None:
        # a count's name after a participle saying it was counted ('counted_draft_tokens',
        # 'logged accepted tokens'): the count, read as its name alone (counts only)
        again = _key(got.text[cm.end() :])
        if again.metric in (ACCEPTED, DRAFTED):
            got = Key(again.metric, got.text, got.percent)
    if got.metric is None:
        fixed = _spelled(got.text)
        if fixed is not None:
            again = _key(fixed + (" %" if got.percent else ""))
            if again.metric in ACCEPTANCE and again.metric != POSITION:
                got = again
    if (
        got.metric in (None, LENGTH)
        and ("," in text or ";" in text)
        and (plain := definition_alone(text)) is not None
        and (defined := key(plain)).metric == TOK_PER_STEP
    ):
        # a bracket defining the figure, then after a comma what it was taken over ('τ
        # (tokens per verify step, mean of 8 prompts)'): the definition decides as alone
        got = defined
    if got.metric == TOK_PER_STEP and _BATCH_SUM.search(text):
        return Key(None, got.text, got.percent)
    if got.metric in (TOK_PER_STEP, LENGTH) and _DRAFT_WIDTH_NAME.search(norm(text)[0]):
        # ('speculated tokens per step', 'spec tokens/step'): the tokens the draft offers a
        # step, its width k, no length
        return Key(None, got.text, got.percent)
    if got.metric in (RATE, ACCEPT_RATIO) and _FULL_ACCEPT.search(text):
        # ('full-accept rate', 'all-accepted ratio'): the share of steps whose every draft was
        # accepted, no share of the drafted tokens
        return Key(None, got.text, got.percent)
    if got.metric in ACCEPTANCE and (proxy(text) or validation(text)):
        # ('mean accepted tokens per step proxy', 'accept length (proxy)'): what stands in for
        # the figure (a teacher-forced or training estimate), no run's measurement; so is a
        # figure of a training's validation split ('val acceptance', 'val_acc_len')
        return Key(None, got.text, got.percent)
    return got


# a rate of steps accepting their whole draft ('full-accept rate', 'all accepted ratio',
# 'complete-acceptance rate'): the share of steps, not of drafted tokens
_FULL_ACCEPT = re.compile(
    r"(?<![\w-])(?:full|all|complete|entire)[\s_-]+(?:draft[\s_-]+)?accept(?:ed|ance)?"
    r"[\s_-]+(?:rate|ratio|fraction|share)\b",
    re.I,
)


# a bracket of a definition, then after a comma or a semicolon its qualifier ('(tokens per
# verify step, 8-prompt mean)'); no bracket inside, so one pass over the name
_QUALIFIED_BRACKET = re.compile(r"\(([^(),;]+)[,;]([^()]*)\)")


def definition_alone(text: str) -> str | None:
    """The name with each bracket's qualifier after its definition dropped, where a
    qualifier names no measure of its own (a sample, a statistic); None where none is."""
    cut = False

    def one(m: re.Match[str]) -> str:
        nonlocal cut
        rest = m.group(2)
        if _OTHER_TAIL.search(rest) or _key_plain(rest).metric not in (None, LABEL):
            return m.group(0)
        cut = True
        return "(" + m.group(1).strip() + ")"

    plain = _QUALIFIED_BRACKET.sub(one, text)
    return plain if cut else None


# a training's validation split naming the figure right after it ('val acceptance', 'validation
# set accept length', 'val_acc_len', 'val τ'): the draft's estimate on held-out training data
_VALIDATION = re.compile(
    r"(?<![\w.-])val(?:idation)?(?:[ _-]+(?:set|split))?[ _.:-]+"
    r"(?:(?:mean|avg|average)[ _-]+)?(?:ac+[ce]p|acc(?![a-z])|τ|tau\b)",
    re.I,
)


def validation(text: str) -> bool:
    """Whether a name calls its figure one of a training's validation split."""
    return "val" in text.lower() and _VALIDATION.search(text) is not None


_PROXY = re.compile(r"\bprox(?:y|ies)\b", re.I)


def proxy(text: str) -> bool:
    """Whether a name calls its figure a proxy (a stand-in estimate, not the measure)."""
    return ("rox" in text or "ROX" in text) and _PROXY.search(text) is not None


# Typos in a header ('accept radio', 'acceptnace rate', 'accept lenght'): a word of five letters
# or more (four, when the correction is longer) that is no word of the metric names, one edit (a letter changed, added, dropped, or two
# swapped) from exactly one word that is, is read as that word; two edits for words of nine
# letters or more. Only a name with an acceptance stem is corrected, and only into a name of an
# acceptance figure (never a count or a label: 'accepted tokens' is not a misspelt figure).
_STEM = re.compile(r"\bac+[ce]p|\bac+pe|\bacc\b|\baccpt\b")


@functools.lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    words = {w for k in _OWN for w in re.split(r"[ /]", k)}
    words |= {w for k in G.SYNONYMS for w in re.split(r"[ /_]", k)}
    return frozenset(w for w in words if w.isalpha())


def _edits(a: str, b: str, most: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one), or ``most + 1`` past ``most``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]


def _spelled(text: str) -> str | None:
    """The key with its misspelt words corrected, or None (nothing to correct, or no one
    correction)."""
    if not _STEM.search(text):
        return None
    words = text.split(" ")
    changed = False
    for i, w in enumerate(words):
        fixed = _corrected(w)
        if fixed is not None:
            words[i], changed = fixed, True
    return " ".join(words) if changed else None


@functools.lru_cache(maxsize=4096)
def _corrected(w: str) -> str | None:
    """The one word of the metric names one edit from ``w`` (two for long words), or None."""
    vocab = _vocabulary()
    if len(w) < 4 or not w.isalpha() or w in vocab:
        return None
    most = 2 if len(w) >= 9 else 1
    letters = set(w)
    near = [
        v
        for v in vocab
        if len(v) >= 4
        # a word of four letters only into a longer one ('raio': ratio), never into another
        # word of four ('date', 'late': not 'rate')
        and (len(w) >= 5 or len(v) > len(w))
        and abs(len(v) - len(w)) <= most
        and len(letters ^ set(v)) <= 2 * most
        and _edits(w, v, most) <= most
    ]
    return near[0] if len(near) == 1 else None


# a metric's name, then the configuration its column holds after a comma or a dash ('Accept
# length, Run 1 (TP8)', 'AL - greedy'): the column holds that metric for one configuration
# (not when the words after the comma name another figure: 'accept length, tok/s')
_OTHER_TAIL = re.compile(
    r"throughput|speed|latency|tok(?:ens)?/s|\bt/s|\btime\b|accura|score|\bms\b|speedup", re.I
)
_CONFIG_AFTER = re.compile(r"^(?P<m>[^,;]{2,40}?)\s*(?:,|;|\s[-–—]\s)\s*(?P<c>\S.{0,60})$")
# ... or after an at sign or a colon ('AL @ batch 16', 'accept length: greedy'): the same, the
# configuration naming a setting in words (a letter in it; never a draft position, read as such)
_CONFIG_AT = re.compile(r"^(?P<m>[^,;:@]{2,40}?)\s*(?:@|:)\s*(?P<c>\S.{0,60})$")
_CONFIG_POSITION = re.compile(
    r"^(?:draft\s+)?(?:pos(?:ition)?|depth|token|head|step)s?\s*[#_-]?\s*\d", re.I
)


# a τ attributed to EAGLE by name ('EAGLE τ', "EAGLE-3's τ", 'τ (EAGLE)')
_EAGLE_TAU = re.compile(r"\beagle(?:[- ]?\d)?(?:'s)?\s*τ|τ\s*\(\s*eagle(?:[- ]?\d)?\s*\)", re.I)


# the target's own token after a verb of counting it in or out, closing the name (perhaps
# before its bracket's end): 'including target', 'incl. the target token', "excluding the
# target's token"
_TARGET_TOKEN = (
    r"(?:\b|(?<=\W))(?:{verb})\s*(?:the\s+)?target(?:['’]s(?:\s+own)?\s+token|\s+token)?"
    r"(?=\s*[)\]]?\s*$)"
)
# a length that says whether it counts the bonus token ('AL (incl. bonus)', 'accept length
# w/o bonus', 'τ (bonus excluded)')
_BONUS_IN = re.compile(
    r"(?:\b(?:incl(?:uding|\.|udes)?|with|counting)|\+\s*1?)\s*(?:the\s+)?bonus(?:\s+token)?\b|"
    r"\bbonus(?:\s+token)?\s+(?:included|counted)\b|"
    # (the target's own token named so, at the name's end: 'mean acceptance length including
    # target', 'AL (incl. the target token)')
    + _TARGET_TOKEN.format(verb=r"incl(?:uding|\.|udes)?|counting|with"),
    re.I,
)
_BONUS_OUT = re.compile(
    r"(?:\b(?:excl(?:uding|\.|udes)?|without|no|minus)|\bw/o)\s*(?:the\s+)?bonus(?:\s+token)?\b|"
    r"\bbonus(?:\s+token)?\s+(?:excluded|not (?:included|counted))\b|"
    + _TARGET_TOKEN.format(verb=r"excl(?:uding|\.|udes)?|without|minus|w/o"),
    re.I,
)


# an acceptance word, then the draft positions it is printed for, one value each ('accept
# d1/d2/d3', 'acceptance rate (p1/p2/p3)', 'acc pos0 / pos1', 'accept 1/2/3 %'): per-position
_POSITIONS_HEAD = re.compile(
    r"^(?:draft\s+)?(?:acceptance|accept(?:ed)?|acc)(?:\s+(?:rate|ratio|prob(?:ability)?))?"
    r"(?:\s+(?:by|per|at)\s+(?:position|depth))?\s*[(\[]?\s*"
    r"(?P<list>(?P<p>d|p|pos|position|t|tok|token|depth|draft|#|)\s*\d{1,2}"
    r"(?:\s*/\s*(?P=p)\s*\d{1,2}){1,15})\s*[)\]]?\s*(?:%|\(%\)|\[%\])?$"
)


# ... or the positions first, the acceptance word after them ('pos0 / pos1 acceptance', 'd1/d2/d3
# accept rate %'): the same list of per-position rates
_POSITIONS_FIRST = re.compile(
    r"^[(\[]?\s*(?P<list>(?P<p>d|p|pos|position|t|tok|token|depth|draft|#|)\s*\d{1,2}"
    r"(?:\s*/\s*(?P=p)\s*\d{1,2}){1,15})\s*[)\]]?\s+(?:draft\s+)?(?:acceptance|accept(?:ed)?|acc)"
    r"(?:\s+(?:rate|ratio|prob(?:ability)?))?\s*(?:%|\(%\)|\[%\])?$"
)


def positions_named(text: str) -> int:
    """How many draft positions a per-position header names ('accept d1/d2/d3', 'd1/d2/d3
    accept': 3), else 0."""
    m = _POSITIONS_HEAD.match(text) or _POSITIONS_FIRST.match(text)
    if m is None:
        return 0
    nums = [int(x) for x in re.findall(r"\d{1,2}", m.group("list"))]
    ok = nums[0] in (0, 1) and nums == list(range(nums[0], nums[0] + len(nums)))
    return len(nums) if ok else 0


# a spread named after the figure ('Acceptance Length ± std', 'AL (mean ± sd)'): the figure's
# column, its cells 'value ± spread'
_SPREAD_TAIL = re.compile(
    r"^(?P<m>.+?)\s*[(\[]?\s*(?:mean\s*)?(?:±|\+/-|\+-)\s*(?:std|sd|stddev|stdev|σ|se|sem)\s*[)\]]?$",
    re.I,
)


# a rate named per draft position ('accept_rate_per_pos', 'acceptance rate by draft position',
# 'positional acceptance rate', 'accept rate at each position'): a list of per-position rates,
# whatever words name the rate; never 'per token' or 'per draft token' (a rate's basis), never a
# position with its number ('at position 2': that one position's rate)
_BY_POSITION = re.compile(
    r"(?:^|\s)(?:(?:per|by|at each|for each|each|over)\s+(?:draft\s+|spec\s+|token\s+)?"
    r"(?:pos|positions?|depths?)|positional)(?:\s|$)(?!\s*#?\d)"
)
_RATE_WORDS = re.compile(r"^(?:accept|acceptance|acc|accepted)(?:\s+(?:prob|probability|probs))?$")


def _by_position(text: str, got: Key) -> Key | None:
    # (in brackets too: 'accept (per position)')
    k = norm(re.sub(r"[(\[](\s*(?:per|by|at each|for each|each)\s[^()\[\]]*)[)\]]", r" \1 ", text))[
        0
    ]
    m = _BY_POSITION.search(k)
    if m is None:
        return None
    rest = re.sub(r"\s+", " ", k[: m.start()] + " " + k[m.end() :]).replace(" %", "").strip()
    rest = re.sub(r"\s*\b(?:rates|ratios|probs|probabilities)$", " rate", rest).strip()
    # (after a tool's or configuration's name: 'MTP accept per position')
    head, _, tail = rest.rpartition(" ")
    named = bool(head) and _RATE_WORDS.match(tail) is not None and names_one(head)
    if not rest or (key(rest).metric != RATE and not _RATE_WORDS.match(rest) and not named):
        return None
    return Key(PER_POSITION, _MARKUP.sub("", text).strip().lower(), got.percent or "%" in text)


# accepted out of a block of K a step ('DFlash2 accepted/8', 'accepted (of 8)', 'acc out of
# 4'): a mean of what one step accepts, K the most it can; accepted drafts leave the target's
# own token out, 'accepted' alone or 'accepted tokens' some count with it and some without (a
# length, undecided); words before it are the configuration, unless they name another measure
_OUT_OF_K = re.compile(
    r"^(?P<pre>.{0,40}?)\s*(?:mean |avg |average )?(?:accepted|acc|accept)(?P<noun> tokens| drafts)?"
    r"\s*(?:/|\bout of\b|\(\s*(?:out )?of)\s*(?P<k>\d{1,2})\s*\)?$"
)


# the most tokens one draft-verify step emits in any engine's setting read here (DFlash blocks of
# 16): a mean per step above it is something else (a count per request)
MAX_STEP_TOKENS = 16.0

# a table column named 'Accept' alone, perhaps qualified in a bracket ('Accept (coding)'): the
# acceptance rate where its cells are shares (interpret.grid), named so in the record's fields
ACCEPT_ALONE = re.compile(r"^[*_`]{0,2}accept[*_`]{0,2}(?:\s*\([^()]{1,40}\))?\s*$", re.I)
# ... qualified by the speculative method whose drafts it counts ('MTP accept', 'Draft accept',
# 'EAGLE-3 accept'): the same bare figure, that method's
METHOD_ACCEPT = re.compile(
    r"^[*_`]{0,2}(?:mtp|draft|spec|eagle(?:-?\d)?|medusa|dflash|n-?gram|lookahead)[*_`]{0,2}\s+"
    r"[*_`]{0,2}accept[*_`]{0,2}(?:\s*\([^()]{1,40}\))?\s*$",
    re.I,
)
# what a length read by the reader of last resort is called: no tool's name for its length, so
# no tool's convention decides it
UNSURE_LENGTH = "(length of unknown convention)"
# the name the prose and cell readers give a mean of accepted tokens per step read as a length
# ('3.2 accepted tokens/step', 'accepted ~2.1 tokens per round'): the user's words, which leave
# the target's own token unsaid, never a tool's printed length
ACCEPTED_PER_STEP_NAME = "accepted tokens per step"
# ('Mean Accept Tokens': the verb's stem before 'tokens', the same mean)
_MEAN_ACCEPTED = re.compile(
    r"^(?:mean|avg|average)\s+(?:number of\s+)?(?:accepted(?:\s+tokens)?|accept\s+tokens)$"
)


def _out_of_k(text: str) -> Key | None:
    k = norm(text)[0]
    m = _OUT_OF_K.match(k)
    if m is None or not 2 <= int(m.group("k")) <= 64:
        return None
    pre = m.group("pre").strip()
    if pre and (_OTHER_TAIL.search(pre) or key(pre).metric not in (None, LABEL)):
        return None
    if (m.group("noun") or "").strip() == "drafts":
        return Key(ACC_PER_STEP, k, False)
    return Key(LENGTH, k, False)


def _key(text: str) -> Key:
    got = _key_plain(text)
    if got.metric in (None, RATE) and (pp := _by_position(text, got)) is not None:
        return pp
    if got.metric in (None, ACCEPTED) and (ok := _out_of_k(text)) is not None:
        return ok
    if got.metric in (None, ACCEPTED) and _MEAN_ACCEPTED.match(norm(text)[0]):
        # 'Mean Accepted Tokens' (Spec-Bench, Medusa): a mean per step, which some count with
        # the target's own token and some without: a length, undecided
        return Key(LENGTH, got.text, False)
    if got.metric is None and (st := _SPREAD_TAIL.match(text.strip())) is not None:
        inner = _key_plain(st.group("m"))
        if inner.metric in ACCEPTANCE:
            return inner
    if got.metric in (None, RATE, ACCEPT_RATIO) and (
        positions_named(norm(text)[0]) or positions_named(_MARKUP.sub("", text).strip().lower())
    ):
        return Key(PER_POSITION, _MARKUP.sub("", text).strip().lower(), got.percent or "%" in text)
    if "bonus" in (low := text.lower()) or "target" in low:
        # (a field name's underscores are its spaces: 'mean_acceptance_length_including_target')
        text = text.replace("_", " ") if " " not in text.strip() else text
        out, inc = _BONUS_OUT.search(text), _BONUS_IN.search(text)
        said = inc if out is None else out if inc is None else None
        if said is not None and re.search(r"(?:\band|\bor|/|\bvs\.?)\s*$", text[: said.start()]):
            said = None  # 'with and without bonus': both, neither decides
        base = (
            _key_plain(re.sub(r"[(\[]\s*[)\]]", "", text[: said.start()] + text[said.end() :]))
            if said is not None
            else got
        )
        if said is not None and said is out and base.metric in (LENGTH, ACC_PER_STEP, TOK_PER_STEP):
            # (the name keeps what was said: 'accepted per step' alone decides no bonus)
            text = base.text + " " + EXCLUDED_SAID
            return Key(ACC_PER_STEP, text, base.percent, base.position, base.tool, base.pooled)
        if said is not None and said is inc and base.metric in (LENGTH, TOK_PER_STEP):
            # ('tokens per round including the bonus': the name's own reading, said again)
            return Key(TOK_PER_STEP, base.text, base.percent, base.position, base.tool, base.pooled)
        if base.metric == ACC_PER_STEP and said is inc:
            # 'tokens accepted per verification step (incl. bonus)': the tokens a step keeps,
            # the target's own token with them, are tokens per step; accepted DRAFTS with the
            # bonus say two things at once: a length, undecided
            m = LENGTH if "draft" in base.text else TOK_PER_STEP
            return Key(m, base.text, base.percent, base.position, base.tool, base.pooled)
    if got.metric == LENGTH and _EAGLE_TAU.search(text):
        # EAGLE's own τ, named as EAGLE's ('Accept length (EAGLE τ)', "EAGLE-3's τ"): tokens
        # per drafting-verification cycle, the target's token counted (τ alone decides nothing)
        return Key(TOK_PER_STEP, got.text, got.percent, got.position, got.tool, got.pooled)
    if got.metric == LENGTH:
        # a length defined in brackets as tokens per verify step ('Average accept length
        # (tokens per verify step)'): the definition decides what it counts
        for a, b in _UNIT_PAREN.findall(_MARKUP.sub("", text)):
            inner = (a or b).strip()
            if inner and _OWN.get(norm(inner)[0]) == TOK_PER_STEP:
                return Key(TOK_PER_STEP, got.text, got.percent, got.position, got.tool, got.pooled)
    if got.metric in (None, LENGTH):
        k = norm(text)[0]
        ca = _CONFIG_AFTER.match(k)
        if (
            ca is not None
            and key(ca.group("m")).metric == LENGTH
            and (defined := key(ca.group("c")).metric) in (TOK_PER_STEP, ACC_PER_STEP)
        ):
            # a length defined after a comma or a dash ('Average accept length, tokens per
            # verify step'): the definition decides what it counts
            return Key(defined, got.text, got.percent)
    if got.metric is None:
        # a figure's name, then the configuration it was measured at after a comma or a dash,
        # or after an at sign or a colon ('AL @ concurrency 8', 'Acclen: theta 10000'): the
        # figure for that configuration
        k = norm(text)[0]
        for at, pattern in ((False, _CONFIG_AFTER), (True, _CONFIG_AT)):
            if at and "@" not in text and ":" not in text:
                continue
            ca = pattern.match(k)
            if ca is None:
                continue
            c, m = ca.group("c"), ca.group("m")
            if at and (not re.match(r"[a-z]", c) or _CONFIG_POSITION.match(c)):
                continue
            if _OTHER_TAIL.search(c) or key(c).metric not in (None, LABEL):
                continue
            inner = key(m + (" %" if got.percent and "%" not in m else ""))
            if inner.metric in ACCEPTANCE and inner.metric != POSITION:
                return Key(inner.metric, got.text, got.percent or inner.percent, None, inner.tool)
    if got.metric is None and (sy := _SYMBOL_TAIL.match(_MARKUP.sub("", text).strip())) is not None:
        # the name, then its symbol alone ('acceptance rate α', '平均接受长度 τ'): the name's
        # figure, as with the symbol in brackets ('acceptance rate (α)')
        inner = key(sy.group("m"))
        if inner.metric in (RATE, LENGTH, TOK_PER_STEP):
            return inner
    return got


# a name, then one Greek letter alone after it ('acceptance rate α'), perhaps barred as a mean
# is written ('average acceptance rate ᾱ': the precomposed alpha with macron, or a letter and a
# combining macron, 'τ̄')
_SYMBOL_TAIL = re.compile(r"^(?P<m>.*[A-Za-z\u4e00-\u9fff].*?)\s+(?:[αβγτλ]\u0304?|\u1fb1)\s*$")


def _key_plain(text: str) -> Key:
    k, pct = norm(text)
    tp = _TOOL_PREFIX.match(k)
    if tp is not None and len(k) > tp.end():
        rest = k[tp.end() :]
        inner = key(rest + (" %" if pct and "%" not in rest else ""))
        if inner.metric is not None and inner.metric != LABEL:
            name = tp.group(1)
            return Key(
                inner.metric, inner.text, inner.percent, inner.position, _TOOL_NAME.get(name, name)
            )
    pq = _POOLED_PREFIX.match(k)
    if pq is not None and len(k) > pq.end():
        inner = key(k[pq.end() :] + (" %" if pct and "%" not in k[pq.end() :] else ""))
        if inner.metric in (LENGTH, TOK_PER_STEP, ACC_PER_STEP, RATE):
            return Key(inner.metric, k.replace(" %", "").strip(), pct, None, inner.tool, True)
    bare = k.replace(" %", "").strip()
    for cand in (k, bare):
        m = _OWN.get(cand)
        if m is not None:
            if m == ACCEPTED and pct:
                # accepted tokens counted in percent ('accepted_tokens, %'): their share
                return Key(RATE, bare, pct)
            return Key(m, bare, pct)
    pm = _POS.match(bare) or _POS_SUFFIX.match(bare) or _POS_FIRST.match(bare)
    if pm and _TRAIN_ACC.match(bare):
        return Key(None, bare, pct)  # a draft's training accuracy at a position, no acceptance
    if pm and ("acc" in bare or "rate" in bare or "prob" in bare):
        return Key(POSITION, bare, pct, int(pm.group(1)))
    if bare in _LABELS or STEPS_SETTING.match(bare):
        return Key(LABEL, bare, pct)
    # aggregation words before the metric's name, in any number and order ('aggregate accept
    # rate', 'overall mean acceptance length', snake_case 'avg_overall_accept_len')
    stripped = bare
    while (agg := _AGGREGATE.match(stripped)) is not None and len(stripped) > agg.end():
        stripped = stripped[agg.end() :]
    for scope in ("speculative decoding ", "spec decoding ", "spec decode ", "speculative "):
        if stripped.startswith(scope) and _OWN.get(stripped[len(scope) :]) is not None:
            stripped = stripped[len(scope) :]
    # a mean or pooling word after the name ('accept_length_mean', 'acceptance rate avg',
    # 'tau_overall')
    stripped = re.sub(r"\s+(?:mean|avg|average|overall|aggregate|combined)$", "", stripped)
    if stripped != bare:
        m = _OWN.get(stripped)
        if m is not None:
            return Key(m, bare, pct)
    f = G.canonical(bare) if bare else None
    mapped = (
        {
            G.F.LENGTH: LENGTH,
            G.F.RATE: RATE,
            G.F.ACCEPTED: ACCEPTED,
            G.F.DRAFTED: DRAFTED,
            G.F.STEPS: STEPS,
            G.F.EMITTED: OUTPUT,
            G.F.K: K,
            G.F.PER_POSITION: PER_POSITION,
        }.get(f)
        if f is not None
        else None
    )
    if mapped is None and re.search(r"[)\]]\W*$", _MARKUP.sub("", text)):
        # a symbol or name with the metric in brackets ('α (acceptance rate)', 'E[tokens/step]'),
        # the brackets ending the key (not '... (AL) when speculative-num-steps')
        for a, b in _UNIT_PAREN.findall(_MARKUP.sub("", text)):
            cand = (a or b).strip()
            if cand and cand != "%" and not re.search(r"\d", cand):
                ik = key(cand)
                if ik.metric is not None and ik.metric != LABEL:
                    return Key(ik.metric, ik.text, pct or ik.percent, ik.position, ik.tool)
    if mapped is None and (cs := _CONFIG_SUFFIX.match(bare)) is not None:
        inner = key(cs.group("m") + (" %" if pct else ""))
        if inner.metric in ACCEPTANCE:
            return Key(inner.metric, bare, pct or inner.percent, inner.position, inner.tool)
    if mapped is None and " " in bare:
        # a dataset or configuration before the metric's name ('MT-bench τ', 'GSM8K AL', 'H100
        # accept rate'): the column holds that metric for it, unless the words before name a
        # measure of their own ('speedup τ')
        words = bare.split(" ")
        for n in (3, 2, 1):
            if len(words) <= n:
                continue
            tail, head = " ".join(words[-n:]), " ".join(words[:-n])
            named = _OWN.get(tail)
            if named is None and n >= 2 and _AGGREGATE.match(tail):
                # a mean's name the vocabulary spells with its aggregation word ('average
                # accepted', 'mean accepted tokens'): as the name alone is read
                named = key(tail).metric
            if named == RATE and (
                pm := _POSITION_BEFORE.search(
                    head + " token" if tail.startswith(("token ", "draft token ")) else head
                )
            ):
                # a draft position before the name ('second token acceptance rate', 'normal
                # pos2 acceptance rate'): that position's rate, never a configuration's
                at = pm.group("n") or _ORDINALS[pm.group("o")]
                return Key(POSITION, bare, pct, int(at))
            if named in (LENGTH, TOK_PER_STEP, ACC_PER_STEP, RATE) and names_one(head, False):
                if key(head).metric is None:
                    return Key(named, bare, pct)
                break
    return Key(mapped, bare, pct)


# a draft position closing the words before a figure's name: 'pos2', 'position 3', 'token 2',
# or an ordinal past the first with its noun ('second token', '3rd draft token'). ('first token
# acceptance' is left as it was read: a first token's share is also said of the run as a whole,
# the share of steps whose first draft was accepted)
_ORDINALS = {
    w: str(i)
    for i, ws in enumerate(
        (
            ("second", "2nd"),
            ("third", "3rd"),
            ("fourth", "4th"),
            ("fifth", "5th"),
            ("sixth", "6th"),
            ("seventh", "7th"),
            ("eighth", "8th"),
        ),
        2,
    )
    for w in ws
}
_POSITION_BEFORE = re.compile(
    r"(?:^|\s)(?:(?:pos|position|token|draft token)\s?(?P<n>\d{1,2})|"
    r"(?P<o>second|third|fourth|fifth|sixth|seventh|eighth|2nd|3rd|[4-8]th)"
    r"\s+(?:draft\s+)?(?:token|position))$"
)


def says_drafts(name: str) -> bool:
    """Whether a name of the accepted per step says they are drafts ('accepted draft tokens',
    'accepted proposed tokens': the target proposes none), the target's own token left out."""
    low = name.lower()
    return "draft" in low or "proposed" in low


# a name of the draft's output a step: one of those words right before its tokens
_DRAFT_WIDTH_NAME = re.compile(
    r"(?<!accepted )(?<!acc )\b(?:proposed|drafted|speculated|draft|spec)\s+(?:toks?|tokens)\b"
    r"(?!\s+(?:accepted|kept|verified)\b)"
)
# a participle or noun of the draft's own output right before a name of tokens a step
# ('proposed tokens per cycle', 'drafted tokens/step', 'spec tokens per round'): what the draft
# offers a step, its width k, never what the target accepts; not after an accepted word
# ('accepted drafted tokens per step': the accepted drafts a step)
_DRAFT_WIDTH_WORDS = frozenset(("proposed", "drafted", "speculated", "draft", "spec"))


def draft_width(before: list[str]) -> bool:
    """Whether the words ``before`` a name of tokens a step (its first word 'tokens') end on a word of
    the draft's own output ('Mean proposed', 'avg drafted'): the name counts the tokens drafted
    a step, no length; not where an accepted word comes right before it."""
    if not before:
        return False
    last = before[-1].lower().strip("*`_:=()[]")
    if last not in _DRAFT_WIDTH_WORDS:
        return False
    return len(before) < 2 or not before[-2].lower().startswith(("acc", "kept", "verified"))


def names_one(head: str, alone: bool = True) -> bool:
    """Whether the words before a metric's name name a dataset, a configuration or a tool
    ('MT-bench', 'H100', 'MTP'): one or two such words, no function word, none naming a measure
    of its own ('speedup'); ``alone``: nor a metric themselves."""
    words = head.split(" ")
    return (
        len(words) <= 2
        and not _PREFIX_OTHER.search(head)
        and not any(w in _FUNCTION_WORDS for w in words)
        and all(_PREFIX_WORD.fullmatch(w) for w in words)
        and not (alone and key(head).metric is not None)
    )


# a dataset's or configuration's name: letters and digits, with '.', '+', '-' or '/' inside,
# at least one letter ('mt bench', 'gsm8k', 'h100', 'k=3' is no such word)
_PREFIX_WORD = re.compile(r"(?=[\w.+/]*[a-zτ])[a-z0-9][\w.+/]*")
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "was",
        "are",
        "were",
        "has",
        "have",
        "had",
        "of",
        "on",
        "at",
        "in",
        "for",
        "with",
        "and",
        "or",
        "but",
        "yet",
        "so",
        "while",
        "though",
        "although",
        "to",
        "by",
        "from",
        "our",
        "my",
        "its",
        "their",
        "this",
        "that",
        "these",
        "those",
        "we",
        "i",
        "you",
        "it",
        "than",
        "vs",
        "per",
    ]
)
# words before a metric's name that make the column another measure, or a count
_PREFIX_OTHER = re.compile(
    r"speed|throughput|latency|\btime|tok/s|tokens?/s|\bms\b|accura|score|loss|error|delta|"
    r"\bdiff|change|gain|\bstd|variance|\bci\b|\bmin\b|\bmax\b|p9\d|ratio|expected|target|"
    r"theoretical|predicted|estimated|simulat|synthetic|mock|fake|forced|assumed|dummy|goal|"
    r"threshold|\btrain(?:ing)?\b|accept|draft|token|tg/s|/s\b|required|desired|ideal|optimal|"
    r"upper|lower|bound|limit|budget|typical|nominal|projected|hypothetical|illustrative|golden|"
    r"pinned|verif|margin",
    re.I,
)


# a bare 'accept' after the tokens it counts ('Token accept', 'draft token accept'): over
# percentages only, the drafted tokens' acceptance rate ('Token acceptance' is one by its name)
TOKEN_ACCEPT_NAMES = frozenset(
    f"{w} accept" for w in ("token", "tokens", "draft token", "draft tokens", "per-token")
)


# --------------------------------------------------------------------------- values

_STATS = ("median", "p50", "p90", "p95", "p99", "avg", "average", "mean", "min", "max", "std")
_STAT_RE = re.compile(
    r"^(?:(" + "|".join(_STATS) + r")\b[\s:=]*)?(.*?)(?:[\s(]+(" + "|".join(_STATS) + r")\)?)?$",
    re.I,
)
_NUMBER = re.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$")
_THOUSANDS = re.compile(r"^[-+]?\d{1,3}(?:([,' _\u202f\u00a0])\d{3})(?:\1\d{3})*(?:\.\d+)?$")
_UNITS = re.compile(
    r"\s*(?:(?:tokens?|toks?)\s*(?:/|per\s+)\s*(?:step|fwd|forward|cycle|round|iter|verify)|"
    r"tokens?/s(?:ec)?|tok/s|t/s|tokens?|toks?|tok|steps?|ms|s|x|×|it/s|req/s)$",
    re.I,
)


# (and the same words of Chinese, Japanese and Korean: '約 90%', '约2.4', '약 85%', 'およそ 3.1')
_APPROX = re.compile(
    r"^(?:~|≈|about\s+|approx\.?\s+|approximately\s+|约|約|大约|大約|약|およそ)\s*(?=[\d.])", re.I
)
# a list of rates in one cell ('[0.73, 0.52, 0.35]', '(0.8, 0.6)', '0.73 / 0.52 / 0.35', '72%, 41%')
_RATE_LIST = re.compile(
    r"^[\[(]?\s*((?:\d+(?:\.\d+)?|\.\d+)\s*%?\s*(?:[,;/]\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?\s*)+)[\])]?$"
)


_POSITION_DICT = re.compile(
    r"""^\{\s*(?:['"]?\d{1,2}['"]?\s*:\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?\s*,?\s*){2,16}\}$"""
)


def position_dict(text: str, percent: bool = False) -> tuple[float, ...] | None:
    """The rates of a dict of draft positions ('{0: 0.980, 1: 0.637, 2: 0.152}'), counted from
    0 or 1 without a gap, or None."""
    t = _MARKUP.sub("", text).strip()
    if not _POSITION_DICT.match(t):
        return None
    items = re.findall(r"""['"]?(\d{1,2})['"]?\s*:\s*((?:\d+(?:\.\d+)?|\.\d+)\s*%?)""", t)
    pos = [int(a) for a, _ in items]
    if pos[0] not in (0, 1) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    return rate_list(", ".join(b for _, b in items), percent)


def rate_list(text: str, percent: bool = False) -> tuple[float, ...] | None:
    """The rates of a cell listing one per draft position, or None. Percentages where each
    value carries "%" (or the last alone, the others above 1: '72.3 / 53.2 / 39.6%'), where ``percent`` (the key says so), or where every value is a decimal
    above 1 and at most 100 ('99.2 / 95.5 / 94.7': no rate is above 1)."""
    m = _RATE_LIST.match(_MARKUP.sub("", text).strip())
    if m is None:
        return None
    parts = [x for x in re.split(r"\s*[,;/]\s*", m.group(1).strip()) if x]
    marked = [x.endswith("%") for x in parts]
    nums = tuple(float(x.rstrip("% ")) for x in parts)
    # one '%' after the last value marks the list ('72.3 / 53.2 / 39.6%'), where every value
    # before it is above 1 (no rate then)
    tail = marked[-1] and not any(marked[:-1]) and all(x > 1.0 for x in nums[:-1])
    if any(marked) and not all(marked) and not tail:
        return None
    if (
        all(marked)
        or tail
        or percent
        or (all(x > 1.0 for x in nums) and all("." in x for x in parts))
    ):
        nums = tuple(x / 100.0 for x in nums)
    return nums if all(0.0 <= x <= 1.0 for x in nums) else None


# rates per draft position separated by spaces only ('0.9393 0.6789 0.3387'): decimals, each at
# most 1, falling from one position to the next (P(position i accepted) can only fall)
_SPACED_RATES = re.compile(r"^[\[(]?\s*(\d*\.\d+(?:\s+\d*\.\d+){1,15})\s*[\])]?$")


def spaced_rates(text: str) -> tuple[float, ...] | None:
    """The per-position rates of a cell listing them with spaces, or None."""
    m = _SPACED_RATES.match(_MARKUP.sub("", text).strip())
    if m is None:
        return None
    nums = tuple(float(x) for x in m.group(1).split())
    if not all(0.0 <= x <= 1.0 for x in nums):
        return None
    if any(b > a for a, b in zip(nums, nums[1:], strict=False)):
        return None
    return nums


@dataclass(frozen=True, slots=True)
class Value:
    """A printed value: the number, what the cell said about it, and its printed decimals."""

    number: float
    percent: bool
    decimals: int
    max: float | None = None  # '2.6 / 5'
    statistic: str | None = None  # 'median', 'p50', ... when the cell names one
    spread: float | None = None  # '2.61 ± 0.12'


def _plain(t: str) -> tuple[float, int] | None:
    t = t.strip()
    if thousands := _THOUSANDS.match(t):
        t = t.replace(thousands.group(1), "")
    elif re.match(r"^[-+]?\d+,\d{1,2}$|^[-+]?\d+,\d{4,}$", t):
        t = t.replace(",", ".")  # a decimal comma: '3,12' cannot be a thousands separator
    if not _NUMBER.match(t):
        return None
    try:
        v = float(t)
    except ValueError:
        return None
    if v != v or v in (float("inf"), float("-inf")):
        return None
    dec = len(t.split(".", 1)[1]) if "." in t and "e" not in t.lower() else 0
    return v, dec


# a fraction with its percentage restated in brackets, or the other way round ('0.612 (61.2%)',
# '61.2% (0.612)'): one figure
_RESTATED = re.compile(
    r"^(?P<a>(?:\d+(?:\.\d+)?|\.\d+))\s*(?P<pa>%?)\s*[(\[]\s*(?P<b>(?:\d+(?:\.\d+)?|\.\d+))\s*(?P<pb>%?)\s*[)\]]$"
)


# a value (perhaps with its spread, '84.0 ± 0.4 %') with an annotation in brackets that is no
# second figure: a signed change ('2.61 (+0.31)', '(↑0.31)', '(Δ -0.05)', or none in words,
# '2.61 (no gain)', '(unchanged)', perhaps with a note
# after it, '(+1.1 pp, p=0.59, no detectable difference)'), a named spread ('(std 0.12)', '(± 0.1)'), or an interval
# holding the value ('2.61 [2.50, 2.70]')
_ANNOTATED = re.compile(
    r"^(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?(?:\s*(?:±|\+/-)\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?)?)"
    r"\s*[(\[]\s*(?:"
    # (a change of a percentage in points: '(−3.0pp)', '(+1.2 p.p.)', '(-2 pts)')
    r"(?P<chg>(?:[+\-−↑↓▲▼]|Δ\s*[+\-−]?)\s*(?:\d+(?:\.\d+)?|\.\d+)\s*(?:%|(?:pp|p\.p\.?|pts?|points?)(?![A-Za-z]))?"
    r"(?:\s*(?:vs\.?|over|from)\s[^()\[\]]{1,30})?)"
    # (a note on the change after it: '(+1.1 pp, p=0.59, no detectable difference)')
    r"(?:\s*[,;]\s*(?=[^\W\d_])[^()\[\]]{1,80})?|"
    r"(?P<spread>(?:std|sd|σ|stdev|stddev|±|\+/-)\s*[:=]?\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?)|"
    # (a change of nothing, in words: '(no gain)', '(no change)', '(unchanged)')
    r"(?P<nil>no\s+(?:gain|change|difference|improvement|regression)|unchanged)|"
    r"(?:(?:95%?\s*)?ci\s*[:=]?\s*)?(?P<lo>(?:\d+(?:\.\d+)?|\.\d+))\s*%?\s*(?:,|–|-|to)\s*(?P<hi>(?:\d+(?:\.\d+)?|\.\d+))\s*%?"
    r")\s*[)\]]$",
    re.I,
)


# a bracket saying what a value's spread is or how many it was measured over ('(1se, n=558)',
# '(n = 80)', '(2σ)'): no figure of its own
_NOTE_ITEM = r"(?:\d+\s*)?(?:se|sem|s\.e\.|sd|σ|std|stderr|ci)|n\s*=\s*[\d,]+"
_SAMPLE_NOTE = re.compile(
    r"^(?P<v>[^()\[\]]+?)\s*[(\[]\s*(?:" + _NOTE_ITEM + r")(?:\s*[,;]\s*(?:" + _NOTE_ITEM + r"))*"
    r"\s*[)\]]$",
    re.I,
)


# a value with the subset or condition it was measured on in brackets after it, one or two
# words of letters ('3.44 (narr)', '61% (code set)'): that run's figure, the words its label.
# Words saying the value was not measured, or measured in another convention or state
# (_NOT_A_RUN_LABEL), are no such label
_LABELLED = re.compile(
    r"^(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*[(\[]\s*"
    r"(?P<w>[^\W\d_][^\W\d_-]{1,15}(?:[ -][^\W\d_]{2,15})?)\s*[)\]]$"
)
_NOT_A_RUN_LABEL = re.compile(
    r"\b(?:est\w*|approx\w*|project\w*|expect\w*|predict\w*|target\w*|goals?|theor\w*|"
    r"ideal|simulat\w*|sim|model\w*|calc\w*|computed|derived|implied|upper|lower|bound|max|"
    r"maximum|min|minimum|cap|capped|limit|ceiling|floor|excl\w*|incl\w*|bonus|without|with|no|"
    r"not|none|nil|bug\w*|broken|invalid|wrong|stale|bogus|oom|fail\w*|crash\w*|error|wip|tbd|"
    r"todo|pending|off|disabled|baseline|reference|ref|plain|ar|autoregressive|vanilla|nospec|"
    r"paper|reported|claimed|published|"
    r"old|previous|prior|before|after|unverified|noisy|outlier|partial|cut|truncated)\b",
    re.I,
)


# a value with the target's sampling it was measured under in brackets after it ('61% (temp=0)',
# '0.74 (T = 0.7, top-p 0.9)', '2.9 (greedy; temperature 0)'): that run's figure, the bracket a
# setting of sampling, no figure of its own. Every item must be such a setting: a draft setting
# ('k=3', 'top-k 8', 'draft-max 4') or a second figure ('T=0: 82%') leaves the cell unread
_BRACKETED = re.compile(r"^(?P<v>[^()\[\]]+?)\s*[(\[]\s*(?P<s>[^()\[\]]{1,60}?)\s*[)\]]$")
_SAMPLING_ITEM = re.compile(
    r"(?:(?:temp(?:erature)?)\s*[=:]?\s*|t\s*[=:]\s*)(?P<t>\d+(?:\.\d+)?|\.\d+)"
    r"|top[-_ ]?p\s*[=:]?\s*(?P<p>0?\.\d+|[01](?:\.0+)?)|greedy|sampled|sampling",
    re.I,
)


def _sampling_noted(t: str) -> re.Match[str] | None:
    """``_BRACKETED``'s match of a value and a bracket of sampling settings alone (a temperature
    of 2 at most, a top-p of 1 at most, 'greedy'), or None."""
    m = _BRACKETED.match(t)
    if m is None:
        return None
    for item in re.split(r"\s*[,;]\s*", m.group("s")):
        got = _SAMPLING_ITEM.fullmatch(item.strip())
        if got is None or (got.group("t") is not None and float(got.group("t")) > 2):
            return None
    return m


def _labelled(t: str) -> re.Match[str] | None:
    """``_LABELLED``'s match of a value and its run's label in brackets, or None."""
    m = _LABELLED.match(t)
    return None if m is None or _NOT_A_RUN_LABEL.search(m.group("w")) else m


def _annotated(t: str) -> Value | None:
    m = _ANNOTATED.match(t)
    if m is None:
        return None
    v = value(m.group("v"))
    if v is None:
        return None
    if m.group("lo") is not None:
        lo, hi = _plain(m.group("lo")), _plain(m.group("hi"))
        if lo is None or hi is None or not lo[0] <= v.number <= hi[0]:
            return None
    return v


# a range of a figure with its aggregate in brackets after it ('0.48-0.93 (0.74)', '41%–88%
# (mean 69%)'): the range the runs spread over, the bracket the one figure measured over them
_RANGE_CENTRE = re.compile(
    r"^(?P<span>[^()\[\]]+?)\s*[(\[]\s*(?:(?:mean|avg|average|median|aggregate|overall|pooled)"
    r"\s*[:=]?\s*)?(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*[)\]]$",
    re.I,
)


def _range_centre(t: str) -> Value | None:
    """The aggregate in brackets after a range of one figure, of the range's kind (a '%' on both
    or on neither) and inside it; None otherwise."""
    m = _RANGE_CENTRE.match(t)
    if m is None or (sp := span(m.group("span"))) is None:
        return None
    v = value(m.group("v"))
    if v is None or v.percent != sp[0].percent or not sp[0].number <= v.number <= sp[1].number:
        return None
    return v


# a range of a figure, then after a comma or a semicolon its value pooled over the runs, named
# so by a pooling word before or after it ('0.48-0.93, 79.7% aggregate', '41%-88%; overall
# 0.69'): the range the runs spread over, the pooled value the figure measured over them; a
# percentage beside a range of shares of one (or the other way) is the same figure in another
# unit, compared as such
_POOL = r"(?:aggregate|aggregated|overall|pooled|weighted|mean|avg|average|median)"
_RANGE_THEN_POOLED = re.compile(
    r"^(?P<span>[^()\[\],;]+?)\s*[,;]\s*(?:(?P<w1>" + _POOL + r")\s*[:=]?\s*)?"
    r"(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)(?:\s+(?P<w2>" + _POOL + r"))?$",
    re.I,
)


def _range_then_pooled(t: str) -> Value | None:
    """The pooled value after a range of one figure and a comma, named by a pooling word and
    inside the range (in either unit: a share of one or a percentage); None otherwise."""
    m = _RANGE_THEN_POOLED.match(t)
    if m is None or (m.group("w1") is None) == (m.group("w2") is None):
        return None
    if (sp := span(m.group("span"))) is None:
        return None
    v = value(m.group("v"))
    if v is None:
        return None
    lo, hi = sp[0].number, sp[1].number
    if v.percent and not sp[0].percent:
        lo, hi = 100 * lo, 100 * hi
        if sp[1].number > 1:
            return None
    elif sp[0].percent and not v.percent:
        if v.number > 1:
            return None
        lo, hi = lo / 100, hi / 100
    return v if lo <= v.number <= hi else None


def _restated(t: str) -> Value | None:
    m = _RESTATED.match(t)
    if m is None or bool(m.group("pa")) == bool(m.group("pb")):
        return None
    a, b = _plain(m.group("a")), _plain(m.group("b"))
    if a is None or b is None:
        return None
    frac, pct = (a, b) if m.group("pb") else (b, a)
    if frac[0] > 1 or abs(100 * frac[0] - pct[0]) > half_unit(pct[1]) + 100 * half_unit(frac[1]):
        return None
    return Value(pct[0], True, pct[1]) if m.group("pa") else Value(frac[0], False, frac[1])


# a value with the counts whose quotient it is ('1.60 (77360/48367)', '68% (54/80 drafts)': a
# percentage with the counts' noun): the value
_QUOTIENT = re.compile(
    r"^(?P<v>\d*\.\d+|\d+(?:\.\d+)?\s*(?P<p>%))\s*\(\s*(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)"
    r"(?P<noun>\s+(?:extra\s+|draft(?:ed)?\s+|proposed\s+)?(?:drafts|tokens|proposals))?\s*\)$"
)


# a decimal with the two counts it is the quotient of, each named: tokens over steps ('2.31 (4,620
# tokens / 2,000 steps)', 'tok' / 'rounds' / 'iterations' / 'forward passes' alike): the value,
# where the counts give it at its printed decimals
_NAMED_QUOTIENT = re.compile(
    r"^(?P<v>\d*\.\d+)\s*\(\s*(?P<a>\d[\d,]*)\s+(?:(?:output|generated|emitted)\s+)?(?:tokens?|toks?)"
    r"\s*/\s*(?P<b>\d[\d,]*)\s+(?:(?:verify|target|backbone|decode|decoding)\s+)?"
    r"(?:steps|rounds|iterations|cycles|forward\s+passes)\s*\)$",
    re.I,
)


def _named_quotient(t: str) -> Value | None:
    m = _NAMED_QUOTIENT.match(t)
    v = _plain(m.group("v")) if m is not None else None
    if m is None or v is None or not (b := int(m.group("b").replace(",", ""))):
        return None
    a = int(m.group("a").replace(",", ""))
    return Value(v[0], False, v[1]) if abs(a / b - v[0]) <= half_unit(v[1]) + 1e-9 else None


def _with_quotient(t: str) -> Value | None:
    m = _QUOTIENT.match(t)
    if m is None:
        return _named_quotient(t)
    a, b = int(m.group("a").replace(",", "")), int(m.group("b").replace(",", ""))
    pct = m.group("p") is not None
    if pct and m.group("noun") is None:
        return (
            None  # ('75.02% (1000/1333)': the counts read apart, where a cell's bracket names them)
        )
    v = _plain(m.group("v").rstrip("%").strip())
    scale = 100.0 if pct else 1.0
    if v is None or not b or a > b and pct or abs(scale * a / b - v[0]) > half_unit(v[1]) + 1e-9:
        return None
    return Value(v[0], pct, v[1])


# values joined by '/' and worked out to their mean ('91.2 / 76.4 / 78.0 / 88.2 = 83.5% avg', a
# rate over prompt classes): the mean, where it is the run's
_RUN_MEAN = re.compile(
    r"^(?P<run>(?:\d+(?:\.\d+)?|\.\d+)\s*%?(?:\s*/\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?){1,7})\s*(?:=|≈)\s*"
    r"(?P<v>(?:\d+(?:\.\d+)?|\.\d+))\s*(?P<p>%?)\s*(?:avg|mean|average)?$",
    re.I,
)


def _run_mean(t: str) -> Value | None:
    m = _RUN_MEAN.match(t)
    if m is None:
        return None
    run = [_plain(x.strip().rstrip("%").strip()) for x in m.group("run").split("/")]
    v = _plain(m.group("v"))
    if v is None or any(x is None for x in run):
        return None
    got = [x for x in run if x is not None]
    if (
        len(got) == 2
        and m.group("p")
        and "%" not in m.group("run")
        and all(d == 0 for _, d in got)
        and got[1][0]
        and abs(100 * got[0][0] / got[1][0] - v[0]) <= half_unit(v[1])
    ):
        return None  # ('100/100 = 100.0%': the share of two counts, read with its counts)
    slack = half_unit(v[1]) + sum(half_unit(d) for _, d in got) / len(got)
    if abs(sum(x for x, _ in got) / len(got) - v[0]) > slack:
        return None
    return Value(v[0], bool(m.group("p")), v[1], None, "mean")


# counts worked out to a length with the target's own token added ('900/300 + bonus = 4.00',
# '840/400 + 1 = 3.10'): the length, where the counts give it at its printed precision
_PLUS_ONE = re.compile(
    r"^(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)\s*\+\s*(?:1|one|(?:the\s+)?bonus(?:\s+token)?)\s*"
    r"(?:=|≈)\s*(?P<v>(?:\d+(?:\.\d+)?|\.\d+))$",
    re.I,
)
# a mean out of its maximum with its share of it in brackets ('3.61 / 5 (72 % of the
# ceiling)', '2.9/4 (73%)'): the mean out of that maximum, where the share is mean / maximum
# (whole numbers over a count, '50 / 101 (49.5%)', are counts: cells.share_with_counts); the
# maximum said in words ('2.87 of a 5-token window (57 % of the window used)') alike
_OF_MAX_SHARE = re.compile(
    r"^(?P<v>\d*\.\d+)\s*(?:/\s*|of\s+(?:(?:a|an|the)\s+)?)(?P<mx>\d{1,2})(?:[- ]?tokens?)?"
    r"(?:\s+(?:window|block|budget|ceiling|draft|chain))?"
    r"\s*\(\s*(?P<p>\d+(?:\.\d+)?)\s*%(?:\s+of\b[^()]{0,40})?\)$"
)


def _plus_one(t: str) -> Value | None:
    m = _PLUS_ONE.match(t)
    v = _plain(m.group("v")) if m is not None else None
    if m is None or v is None or not (b := int(m.group("b").replace(",", ""))):
        return None
    a = int(m.group("a").replace(",", ""))
    return Value(v[0], False, v[1]) if abs(a / b + 1 - v[0]) <= half_unit(v[1]) + 1e-9 else None


def _of_max_share(t: str) -> Value | None:
    m = _OF_MAX_SHARE.match(t)
    got = value(f"{m.group('v')}/{m.group('mx')}") if m is not None else None
    p = _plain(m.group("p")) if m is not None else None
    if got is None or p is None or not got.max:
        return None
    return got if abs(100 * got.number / got.max - p[0]) <= half_unit(p[1]) + 1e-9 else None


@functools.lru_cache(maxsize=16384)
def value(text: str) -> Value | None:
    """A printed value, or None when the cell holds anything else (a dash, words, a range)."""
    t = _MARKUP.sub("", text).strip().strip(",;").strip()
    t = _APPROX.sub("", t)  # '~5%', '≈ 2.4': the printed figure, read as printed
    if not t:
        return None
    if len(t) > 60:
        # a value with a note on its change ('84.0 ± 0.4 % (+1.1 pp, p=0.59, no difference)')
        return _annotated(t) if len(t) <= 140 and ("(" in t or "[" in t) else None
    if "/" in t and ("=" in t or "≈" in t) and (got := _run_mean(t) or _plus_one(t)) is not None:
        return got
    if "," in t and (got := _centre_and_tails(t)) is not None:
        return got
    if ("," in t or ";" in t) and (got := _range_then_pooled(t)) is not None:
        return got
    if "(" in t or "[" in t:
        got = (
            _restated(t)
            or _annotated(t)
            or _with_quotient(t)
            or _of_max_share(t)
            or _range_centre(t)
        )
        if got is not None:
            return got
        note = _SAMPLE_NOTE.match(t) or _labelled(t) or _sampling_noted(t)
        if note is None:
            return None
        t = note.group("v").strip()  # '0.6470 ± 0.0202 (1se, n=558)': what the spread is, n
    spread = None
    if "±" in t or "+-" in t or "+/-" in t:
        parts = re.split(r"±|\+/-|\+-", t, maxsplit=1)
        # the spread in the value's own unit ('88.2% +/- 9.7%', '10.0 +/- 0.4 t/s')
        sp = (
            _plain(_UNITS.sub("", parts[1].strip().rstrip("%")).strip())
            if len(parts) == 2
            else None
        )
        if sp is None:
            return None
        spread, t = sp[0], parts[0].strip()
    m = _STAT_RE.match(t)
    stat = None
    if m is not None:
        stat = (m.group(1) or m.group(3) or "").lower() or None
        t = m.group(2).strip()
    pct = False
    if t.endswith("%"):
        pct, t = True, t[:-1].strip()
    if " of " in t and (om := _OF_MOST.match(t)) is not None:
        # a mean of the tokens a step can hold ('2.7 of 4 total tokens/step'): out of that most
        most = om.group("n")
        t = f"{om.group('a')} / {most if most.isdigit() else _WORD_NUMBERS[most.lower()]}"
    if " in " in t and (ci := _COUNT_OF.match(t)) is not None:
        t = f"{ci.group(1)}/{ci.group(2)}"  # ('1 in 15': 1 / 15)
    t = _UNITS.sub("", t).strip()
    mx = None
    if " of " in t:
        # 'A of B' of whole counts, a mean 'out of' a whole: A over B; of anything else, the value
        # alone
        t = _COUNT_OF.sub(r"\1/\2", t) if _COUNT_OF.match(t) else t.partition(" of ")[0]
    if "/" in t:
        a, _, b = t.partition("/")
        pb = _plain(b)
        if pb is None:
            return None
        mx, t = pb[0], a.strip()
        if t.endswith("%"):
            pct, t = True, t[:-1].strip()
    p = _plain(t)
    if p is None:
        return None
    return Value(p[0], pct, p[1], mx, stat, spread)


# one statistic and its value ('median 6.83', 'max: 6.97', 'p99=3.0'), a part of a cell
_STAT_PART = re.compile(r"^(" + "|".join(_STATS) + r")\b[\s:=]*(?:\d+(?:\.\d+)?|\.\d+)\s*%?$", re.I)
_CENTRE_ORDER = ("mean", "avg", "average", "median", "p50")


def _centre_and_tails(t: str) -> Value | None:
    """A cell of one figure's statistics joined by commas, each a word and its value ('median
    6.83, max 6.97', 'mean 2.1, p99 3.0, min 1.2'): its centre (the mean, else the median), the
    others that run's spread; None where a part is anything else or no centre is there."""
    parts = [p.strip() for p in t.split(",")]
    if len(parts) < 2 or len(parts) > 6 or not all(_STAT_PART.match(p) for p in parts):
        return None
    by = {p.split(None, 1)[0].rstrip(":=").lower(): p for p in parts}
    centre = next((by[c] for c in _CENTRE_ORDER if c in by), None)
    return value(centre) if centre is not None else None


# a mean, then 'of' the whole number of tokens a step holds at most ('2.7 of 4 total tokens/step',
# '3.1 of five tokens per round'): the mean out of that most, as '2.7 / 4'
_WORD_NUMBERS = {
    w: n
    for n, w in enumerate(
        ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 2
    )
}
OF_MOST_NUMBER = r"(?:\d{1,2}|" + "|".join(_WORD_NUMBERS) + r")"
# (the unit after the most: tokens a step, 'total' or 'possible' perhaps before it)
OF_MOST_UNIT = (
    r"(?:total\s+|possible\s+)?(?:tokens?|toks?)\s*(?:/\s*|per\s+|an?\s+|each\s+)"
    r"(?:step|fwd|forward|cycle|round|iter|iteration|verify)\b"
)
_OF_MOST = re.compile(
    r"^(?P<a>\d+\.\d+)\s+of\s+(?P<n>" + OF_MOST_NUMBER + r")\s+" + OF_MOST_UNIT + "$", re.I
)


# whole counts, one of the other ('54 of 80')
# 'A of B' / 'A out of B' of whole counts, and a mean 'out of' its most ('2.93 out of 4'): A / B
# ('A in B' of whole counts too, '1 in 15'; the counted drafts perhaps named after B, '10 of 24
# drafts', '3 in 40 draft tokens')
_COUNT_OF = re.compile(
    r"^(\d[\d,]*|\d+\.\d+(?=\s+out\s))\s+(?:(?:out\s+)?of|in(?<=\d\sin))\s+(\d[\d,]*)"
    r"(?:\s+(?:draft(?:ed)?\s+)?(?:drafts?|tokens?|proposals?|guess(?:es)?))?$"
)


# a cell printing a range of one figure ('0.36–0.47', '45-53%', '~2.4 to 2.9', the CJK '1.4~1.6'
# and '1.4～1.6', the en dash typed as two hyphens '2.4--2.9'): the low and the high end, both of one kind (a '%' on the high end alone applies
# to both)
_SPAN = re.compile(
    r"^[~≈]?\s*(?P<lo>(?:\d+(?:\.\d+)?|\.\d+))\s*(?P<pl>%?)\s*(?:--|[-–—~～〜]|to)\s*[~≈]?\s*(?P<hi>(?:\d+(?:\.\d+)?|\.\d+))\s*(?P<ph>%?)$"
)


def span(text: str) -> tuple[Value, Value] | None:
    """(low, high) of a cell printing a range of one figure, low below high; None otherwise
    (a single value, a date, a spread, words)."""
    m = _SPAN.match(_MARKUP.sub("", text).strip())
    if m is None or (m.group("pl") and not m.group("ph")):
        return None
    lo, hi = _plain(m.group("lo")), _plain(m.group("hi"))
    if lo is None or hi is None or not lo[0] < hi[0]:
        return None
    pct = bool(m.group("ph"))
    return Value(lo[0], pct, lo[1]), Value(hi[0], pct, hi[1])


# a header naming one figure by its centre and its spread or a second centre ('a.len mean/std',
# 'rate mean/std', 'tok/s mean/std', 'AL mean ± std', 'length avg (p50)'): each cell prints
# that one figure first ('3.76/0.06', '92.15%/1.84%'), what follows it no figure of its own
# (a spread is never a record; a second centre restates the first)
_CENTRES = r"mean|avg|average|median|p50"
_SPREADS = r"std|sd|stdev|stddev|σ|se|sem|stderr|ci|var|err"
_STAT_PAIR = re.compile(
    rf"^(?P<m>.*?\S)\s*[(\[]?\s*(?:{_CENTRES})\s*(?:/|±|\+/-|\+-|[(\[])\s*"
    rf"(?:{_SPREADS}|{_CENTRES})\s*[)\]]*$",
    re.I,
)
# a cell printing a figure and its spread or its second centre ('3.76/0.06', '92.15%/1.84%',
# '2.41 ± 0.10', '2.41 (2.50)')
_PAIR_CELL = re.compile(
    r"^(?P<a>[^/±()\[\]]+?)\s*(?:/|±|\+/-|\+-)\s*(?P<b>[^/±()\[\]]+)$"
    r"|^(?P<a2>[^/±()\[\]]+?)\s*[(\[]\s*(?P<b2>[^/±()\[\]]+?)\s*[)\]]$"
)


def statistic_pair(header: str) -> str | None:
    """The figure a header names by a pair of its statistics ('a.len mean/std': 'a.len'),
    None for any other header ('accepted/drafted', 'a.len / max', 'mean/std' alone)."""
    m = _STAT_PAIR.match(_MARKUP.sub("", header).strip())
    if m is None:
        return None
    name = m.group("m").strip(" ,:-")
    return name if re.search(r"[A-Za-z]", name) else None


def pair_centre(cell: str) -> str | None:
    """The first figure of a cell printing a figure and its spread or second centre
    ('3.76/0.06': '3.76'), None when the cell is not two values so joined."""
    t = _MARKUP.sub("", cell).strip()
    m = _PAIR_CELL.match(t)
    if m is None:
        return None
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("a2"), m.group("b2"))
    va, vb = value(a), value(b)
    if va is None or vb is None or va.max is not None or vb.max is not None:
        return None
    return a.strip()


# a length with its rate in brackets, or the other way round ('2.41 (61%)', '61.2% (2.41)',
# '2.41 (61% accepted)'): two figures whose kinds their ranges tell apart (a rate with '%' is
# no length; a decimal from 1 to 16 without it is no rate)
_LENGTH_RATE = re.compile(
    r"^(?P<a>\d+(?:\.\d+)?\s*%?)\s*[(\[]\s*(?:(?:AR|acc(?:ept(?:ance)?)?(?:\s+rate)?|rate)\s*[:=]?\s*)?"
    r"(?P<b>\d+(?:\.\d+)?\s*%?)\s*(?:acc(?:ept(?:ed|ance)?)?|AL|len(?:gth)?)?\s*[)\]]$",
    re.I,
)


def length_and_rate(text: str) -> tuple[Value, Value] | None:
    """(length, rate) of a cell printing both, told apart by their ranges; None otherwise."""
    m = _LENGTH_RATE.match(_MARKUP.sub("", text).strip())
    if m is None:
        return None
    return length_rate_apart(value(m.group("a")), value(m.group("b")))


def length_rate_apart(a: Value | None, b: Value | None) -> tuple[Value, Value] | None:
    """(length, rate) of two values of one cell, in either order, told apart by their ranges (a
    share with '%' up to 100; a decimal from 1 to the most tokens a step holds, without it);
    None where they are not one of each."""
    if a is None or b is None or a.percent == b.percent:
        return None
    length, rate = (b, a) if a.percent else (a, b)
    if not (length.decimals > 0 and 1.0 <= length.number <= MAX_STEP_TOKENS):
        return None
    if not 0 <= rate.number <= 100:
        return None
    return length, rate


def half_unit(decimals: int) -> float:
    """Half a unit of the last printed decimal: the rounding a printed figure carries."""
    return 0.5 * 10.0**-decimals + 1e-9


def half_of(text: str) -> float:
    """``half_unit`` of a number printed as ``text`` ('2.57': 0.005), by its decimals."""
    return half_unit(len(text.split(".")[1]) if "." in text else 0)


def one_way(fits: list[tuple[bool, bool]]) -> bool | None:
    """Which identity every row fits alone, from each row's (fits the bonus-included identity,
    fits the excluded one): True for included in every row, False for excluded in every row;
    None where a row fits both, neither, or the rows differ."""
    if fits and all(inc and not exc for inc, exc in fits):
        return True
    if fits and all(exc and not inc for inc, exc in fits):
        return False
    return None


# a share with the counts it divides, either way round ('~62% (273/436)', '273 / 436 (62.6%)')
_SHARE_COUNTS = re.compile(
    # perhaps led by the acceptance key of the log line it was copied from ('accept=3/4 (75%)',
    # 'acceptance: 3/4 (75%)'): the column's own figure, written as the tool prints it
    r"^(?:accept(?:ance|ed)?(?:[ _-]?rate)?\s*[=:]\s*)?"
    r"(?:(?P<p>[~≈]?\s*\d+(?:\.\d+)?\s*%)\s*[(\[]\s*(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)\s*[)\]]"
    r"|(?P<a2>\d[\d,]*)\s*/\s*(?P<b2>\d[\d,]*)\s*"
    r"(?:[(\[]\s*(?P<p2>[~≈]?\s*\d+(?:\.\d+)?\s*%)\s*[)\]]|=\s*(?P<p3>[~≈]?\s*\d+(?:\.\d+)?\s*%)))$",
    re.I,
)


# a share with the accepted and rejected counts it divides ('~16% (accept 52 / reject 265 at
# k=2)', '14% (52 accepted, 265 rejected)'): accepted of accepted + rejected drafts
_SHARE_ACCEPT_REJECT = re.compile(
    r"^(?P<p>[~≈]?\s*\d+(?:\.\d+)?\s*%)\s*[(\[]\s*"
    r"(?:accept(?:ed)?\s*[:=]?\s*(?P<a>\d[\d,]*)|(?P<a2>\d[\d,]*)\s+accept(?:ed)?)\s*[/,;]\s*"
    r"(?:reject(?:ed)?\s*[:=]?\s*(?P<r>\d[\d,]*)|(?P<r2>\d[\d,]*)\s+reject(?:ed)?)"
    r"(?:[,;]?\s+(?:at|on|with|for|over|in|from)\b[^()\[\]]{0,40})?\s*[)\]]$",
    re.I,
)


def _accept_reject(text: str) -> tuple[Value, Value, Value] | None:
    m = _SHARE_ACCEPT_REJECT.match(text)
    if m is None:
        return None
    p = value(m.group("p"))
    a = value(m.group("a") or m.group("a2"))
    r = value(m.group("r") or m.group("r2"))
    if p is None or a is None or r is None or not (a.number + r.number):
        return None
    total = a.number + r.number
    approx = "~" in m.group("p") or "≈" in m.group("p")
    tol = 0.5 * 10.0**-p.decimals + (0.5 if approx else 0)
    if abs(100 * a.number / total - p.number) > tol + 1e-9:
        return None
    return p, a, Value(total, False, 0)


def share_with_counts(text: str) -> tuple[Value, Value, Value] | None:
    """(the share, the accepted count, the drafted count) of a cell printing a percentage with
    the counts it divides; None when the cell is no such pair or the counts do not give the share
    at its printed precision (then the counts mean something else)."""
    plain = _MARKUP.sub("", text).strip()
    m = _SHARE_COUNTS.match(plain)
    if m is None:
        return _accept_reject(plain)
    p = value(m.group("p") or m.group("p2") or m.group("p3"))
    a = value(m.group("a") or m.group("a2"))
    b = value(m.group("b") or m.group("b2"))
    if p is None or a is None or b is None or not b.number or a.number > b.number:
        return None
    approx = "~" in m.group(0) or "≈" in m.group(0)
    tol = 0.5 * 10.0**-p.decimals + (0.5 if approx else 0)  # '~62%' is 62.6% rounded loosely
    if abs(100 * a.number / b.number - p.number) > tol + 1e-9:
        return None
    return p, a, b


# ----------------------------------------------------------------- a rate with its counts

# words that name verify steps and nothing else ('378 steps', 'rounds: 378', '378 verify steps')
_STEP_NOUN = (
    r"(?:verify|verification|decode|draft|spec(?:ulative)?|target)?[\s_-]*"
    r"(?:steps?|rounds?|iterations?|iters?|cycles?|forwards?|forward[\s_-]+pass(?:es)?)|"
    r"verifications?|verifies"
)
# a count named after drafts: draft rounds as often as draft tokens ('378 drafts'); told apart
# only by arithmetic
_DRAFTS_NOUN = r"drafts|draft\s+calls|proposals"
_COUNT = r"\d[\d,]*"
_COUNT_ITEM = re.compile(
    r"^(?:(?P<n>" + _COUNT + r")\s*(?P<w>" + _STEP_NOUN + r"|" + _DRAFTS_NOUN + r")"
    r"|(?P<w2>" + _STEP_NOUN + r"|" + _DRAFTS_NOUN + r")\s*[:=]?\s*(?P<n2>" + _COUNT + r"))$",
    re.I,
)
# accepted of drafted: 'A/B', 'A / B accepted', 'A of B accepted', 'A of B draft tokens accepted'
_PAIR_ITEM = re.compile(
    r"^(?P<a>" + _COUNT + r")\s*(?:/|\bof\b|out\s+of)\s*(?P<b>" + _COUNT + r")"
    r"(?:\s+(?:draft(?:ed)?\s+)?(?:tokens?\s+|drafts\s+)?(?:accepted|acc\.?))?$",
    re.I,
)
# each count on its own: 'A accepted', 'accepted A', 'B drafted', 'drafted: B'
_ACCEPTED_ITEM = re.compile(
    r"^(?:(?P<n>" + _COUNT + r")\s+(?:tokens?\s+)?accepted|accepted(?:\s+tokens?)?\s*[:=]?\s*"
    r"(?P<n2>" + _COUNT + r"))$",
    re.I,
)
_DRAFTED_ITEM = re.compile(
    r"^(?:(?P<n>" + _COUNT + r")\s+(?:tokens?\s+)?(?:drafted|proposed)|"
    r"(?:drafted|proposed)(?:\s+tokens?)?\s*[:=]?\s*(?P<n2>" + _COUNT + r"))$",
    re.I,
)
_RATE_WITH_BRACKET = re.compile(
    r"^(?P<r>[~≈]?\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*[(\[]\s*(?P<in>[^()\[\]]{3,120}?)\s*[)\]]$"
)
# (never a thousands separator: '2,646')
_ITEM_SPLIT = re.compile(r"\s*(?:,(?!\d{3}(?!\d))|;|\band\b|\bover\b|\bin\b)\s*", re.I)


@dataclass(frozen=True, slots=True)
class RateCounts:
    """A rate printed with the counts it divides ('0.633 (378 drafts, 1676/2646)').

    ``steps`` is the count of verify steps where the bracket names it so ('378 steps', '378
    rounds'); a count named after drafts ('378 drafts') is verify steps only where the drafted
    tokens divide into it a whole number of times, ``per_count`` (the drafts a step makes),
    which a stated k must then confirm (none is decided here)."""

    rate: Value
    accepted: Value
    drafted: Value
    steps: Value | None = None
    count: Value | None = None  # a count named after drafts, not told apart here
    count_name: str = ""
    per_count: int | None = None  # drafted / count where it is a whole number above 1


def _count_value(text: str) -> Value | None:
    v = _plain(text.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", text) else text)
    return Value(v[0], False, 0) if v is not None and v[1] == 0 else None


def rate_with_counts(text: str) -> RateCounts | None:
    """The rate of a cell printing it with the accepted and drafted counts it divides, and the
    steps count beside them, in any order and wording; None when the bracket holds anything
    else (a sample size, a spread), when the counts do not give the rate at its printed
    precision, or when accepted exceeds drafted."""
    m = _RATE_WITH_BRACKET.match(_MARKUP.sub("", text).strip())
    if m is None:
        return None
    rate = value(m.group("r"))
    if rate is None or not 0 < rate.number <= (100 if rate.percent else 1):
        return None
    acc = dra = cnt = None
    name = ""
    for item in _ITEM_SPLIT.split(m.group("in").strip()):
        if not item:
            continue
        if (p := _PAIR_ITEM.match(item)) is not None:
            if acc is not None or dra is not None:
                return None
            acc, dra = _count_value(p.group("a")), _count_value(p.group("b"))
        elif (a := _ACCEPTED_ITEM.match(item)) is not None:
            if acc is not None:
                return None
            acc = _count_value(a.group("n") or a.group("n2"))
        elif (d := _DRAFTED_ITEM.match(item)) is not None:
            if dra is not None:
                return None
            dra = _count_value(d.group("n") or d.group("n2"))
        elif (c := _COUNT_ITEM.match(item)) is not None:
            if cnt is not None:
                return None
            cnt = _count_value(c.group("n") or c.group("n2"))
            name = re.sub(r"\s+", " ", (c.group("w") or c.group("w2")).lower())
        else:
            return None  # anything else: the counts mean something not told here
    if acc is None or dra is None or not dra.number or acc.number > dra.number:
        return None
    approx = "~" in m.group("r") or "≈" in m.group("r")
    scale = 100.0 if rate.percent else 1.0
    tol = half_unit(rate.decimals) / scale + (0.005 if approx else 0.0)
    if abs(acc.number / dra.number - rate.number / scale) > tol:
        return None  # the identity fails: the counts divide something else
    if cnt is None or not cnt.number or cnt.number > dra.number:
        # (a step drafts at least one token: a larger count is no count of steps)
        return RateCounts(rate, acc, dra)
    if re.fullmatch(_DRAFTS_NOUN, name, re.I) is None:
        return RateCounts(rate, acc, dra, steps=cnt, count_name=name)
    per, rest = divmod(int(dra.number), int(cnt.number))
    return RateCounts(
        rate, acc, dra, count=cnt, count_name=name, per_count=per if not rest and per > 1 else None
    )


# a markdown pipe table's delimiter row, outer bars optional ('|---|:--:|', '--- | ---')
PIPE_DELIM = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def pipe_cells(line: str) -> list[str]:
    """A markdown pipe row's cells, its outer bars dropped (``|`` only: the rules that re-read a
    pipe table's raw lines, beside the grids :func:`find` builds)."""
    t = line.strip()
    if t.startswith("|"):
        t = t[1:]
    if t.endswith("|"):
        t = t[:-1]
    return [c.strip() for c in t.split("|")]
