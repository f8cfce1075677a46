"""Read a paste: candidate blocks -> tables, JSON bodies, key-value runs and prose -> records,
groups of comparable records, and the blocks that were not understood."""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Callable, Collection, Iterator

from specdiag.core.logs.paste import above_max as AM
from specdiag.core.logs.paste import above_one as ABOVE1
from specdiag.core.logs.paste import acc_length_line as ALL
from specdiag.core.logs.paste import accept_list as ACL
from specdiag.core.logs.paste import accepted_of_column as AOC
from specdiag.core.logs.paste import alpha as AL
from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import arrowed as ARW
from specdiag.core.logs.paste import aside_told as AT
from specdiag.core.logs.paste import asserted as ASRT
from specdiag.core.logs.paste import assigned as AS
from specdiag.core.logs.paste import at_baseline as ATB
from specdiag.core.logs.paste import at_positions as ATP
from specdiag.core.logs.paste import bare_rate as BR
from specdiag.core.logs.paste import baseline_column as BC
from specdiag.core.logs.paste import bench_serving_table as BST
from specdiag.core.logs.paste import better_title as BT
from specdiag.core.logs.paste import both_items as BI
from specdiag.core.logs.paste import bracket_column as BCOL
from specdiag.core.logs.paste import bracket_for as BFOR
from specdiag.core.logs.paste import bracket_qualified as BQ
from specdiag.core.logs.paste import bullets as B
from specdiag.core.logs.paste import captioned_baseline as CB
from specdiag.core.logs.paste import captioned_k as CAPK
from specdiag.core.logs.paste import captioned_steps as CSTEPS
from specdiag.core.logs.paste import ceiling as CEIL
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import chained_columns as CHC
from specdiag.core.logs.paste import change_restated as CHR
from specdiag.core.logs.paste import cited as CIT
from specdiag.core.logs.paste import column_phrases as CPR
from specdiag.core.logs.paste import column_runs as CRUN
from specdiag.core.logs.paste import compression as CP
from specdiag.core.logs.paste import corrected as CR
from specdiag.core.logs.paste import counted as CT
from specdiag.core.logs.paste import counts_exceed as CEX
from specdiag.core.logs.paste import counts_kin as CK
from specdiag.core.logs.paste import criterion as CRT
from specdiag.core.logs.paste import decode_pair as DCP
from specdiag.core.logs.paste import defined as DF
from specdiag.core.logs.paste import delta_pair as DP
from specdiag.core.logs.paste import depth_column as DC
from specdiag.core.logs.paste import depth_stated as DST
from specdiag.core.logs.paste import details_restated as DR
from specdiag.core.logs.paste import dict_items as DI
from specdiag.core.logs.paste import drafting as DRF
from specdiag.core.logs.paste import drafts as D
from specdiag.core.logs.paste import emits_column as EMC
from specdiag.core.logs.paste import every_row as ER
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import figure_named_run as FNR
from specdiag.core.logs.paste import fixed_k as FK
from specdiag.core.logs.paste import fixtures as FX
from specdiag.core.logs.paste import flat_table as FT
from specdiag.core.logs.paste import forced as FORCED
from specdiag.core.logs.paste import full_precision as FPR
from specdiag.core.logs.paste import gate_item as GI
from specdiag.core.logs.paste import gated as GT
from specdiag.core.logs.paste import generated_mean as GM
from specdiag.core.logs.paste import has_value as HV
from specdiag.core.logs.paste import head_bracket as HBR
from specdiag.core.logs.paste import headcounts as HC
from specdiag.core.logs.paste import heading_over_k as HOK
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import item_row as IR
from specdiag.core.logs.paste import item_tool as ITM
from specdiag.core.logs.paste import judged as JG
from specdiag.core.logs.paste import k_multiples as KM
from specdiag.core.logs.paste import k_rate_readings as KRR
from specdiag.core.logs.paste import k_short as KSH
from specdiag.core.logs.paste import k_sweep as KS
from specdiag.core.logs.paste import lead_list as LL
from specdiag.core.logs.paste import lead_restated as LR
from specdiag.core.logs.paste import legend_items as LGI
from specdiag.core.logs.paste import length_histogram as LH
from specdiag.core.logs.paste import links as LK
from specdiag.core.logs.paste import listed_settings as LS
from specdiag.core.logs.paste import lookahead_summary as LAS
from specdiag.core.logs.paste import marginals as MARG
from specdiag.core.logs.paste import measured_note as MN
from specdiag.core.logs.paste import method_level as ML
from specdiag.core.logs.paste import metric_rows as MROW
from specdiag.core.logs.paste import misreported as MR
from specdiag.core.logs.paste import named_again as NA
from specdiag.core.logs.paste import near_ceiling as NC
from specdiag.core.logs.paste import no_draft_cycles as NDC
from specdiag.core.logs.paste import note_restated as NOTE
from specdiag.core.logs.paste import notrun as NR
from specdiag.core.logs.paste import one_draft as OD
from specdiag.core.logs.paste import output_steps as OSTEPS
from specdiag.core.logs.paste import paced_column as PCD
from specdiag.core.logs.paste import paired_changes as PCH
from specdiag.core.logs.paste import per_step as PS
from specdiag.core.logs.paste import placeholder_column as PHC
from specdiag.core.logs.paste import plus_one as P1
from specdiag.core.logs.paste import pointed_below as PB
from specdiag.core.logs.paste import position_labels as PLB
from specdiag.core.logs.paste import position_lines as POSL
from specdiag.core.logs.paste import position_sum as PSUM
from specdiag.core.logs.paste import position_zero as PZ
from specdiag.core.logs.paste import prose_named_column as PNC
from specdiag.core.logs.paste import prose_only as PO
from specdiag.core.logs.paste import python_code as PYC
from specdiag.core.logs.paste import rate_changes as RCH
from specdiag.core.logs.paste import rate_row as RATEROW
from specdiag.core.logs.paste import relaid_rows as RLD
from specdiag.core.logs.paste import relayed as REL
from specdiag.core.logs.paste import required as RQ
from specdiag.core.logs.paste import restated_row as RR
from specdiag.core.logs.paste import restated_table as RT
from specdiag.core.logs.paste import restated_title as RTT
from specdiag.core.logs.paste import retold as RTD
from specdiag.core.logs.paste import retold_share as RTS
from specdiag.core.logs.paste import row_accept as RACC
from specdiag.core.logs.paste import row_labels as RLR
from specdiag.core.logs.paste import row_named_k as RNK
from specdiag.core.logs.paste import runcells as RC
from specdiag.core.logs.paste import same_header as SH
from specdiag.core.logs.paste import section_k as SECK
from specdiag.core.logs.paste import series_finals as SF
from specdiag.core.logs.paste import sglang_rate_named as SRN
from specdiag.core.logs.paste import slash_rows as SLR
from specdiag.core.logs.paste import source_setup as SRC
from specdiag.core.logs.paste import spaced_gaps as SG
from specdiag.core.logs.paste import speed_times as SPT
from specdiag.core.logs.paste import stat_header as STH
from specdiag.core.logs.paste import stat_sentence as SSN
from specdiag.core.logs.paste import status_fields as STF
from specdiag.core.logs.paste import step_emits as SEM
from specdiag.core.logs.paste import step_made_up as SMU
from specdiag.core.logs.paste import steps_setting as SSET
from specdiag.core.logs.paste import subject_pair as SP
from specdiag.core.logs.paste import subset_peak as SPK
from specdiag.core.logs.paste import swept_acc as SWA
from specdiag.core.logs.paste import tables as TB
from specdiag.core.logs.paste import tau_quantity as TQ
from specdiag.core.logs.paste import teacher_forced as TF
from specdiag.core.logs.paste import text as TX
from specdiag.core.logs.paste import title_range as TRG
from specdiag.core.logs.paste import token_a_step as TAS
from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste import tpot_quotient as TPQ
from specdiag.core.logs.paste import trainers as TRN
from specdiag.core.logs.paste import training_caption as TCAP
from specdiag.core.logs.paste import tree_path as TP
from specdiag.core.logs.paste import unmeasured_item as UMI
from specdiag.core.logs.paste import usage_named as USE
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste import zero_rows as ZR
from specdiag.core.logs.paste.cells import ITEM_LABELS
from specdiag.core.logs.paste.evidence import (
    CONVENTION_RULES,
    DECLARED_RULE,
    DECODE_FIELDS_RULE,
    DRIVES_RULE,
    FLAGS_RULE,
    LAUNCHED_RULE,
    LINKED_RULE,
    LLAMACPP_FLAGS_RULE,
    MEASURED_RULE,
    SERVED_RULE,
    SERVER_LAUNCHED_RULE,
    TOKENS_NAME_RULE,
    V0_FIELDS_RULE,
    implausible,
)
from specdiag.core.logs.paste.model import (
    BENCH,
    BONUS_UNKNOWN,
    EXCLUDED,
    INCLUDED,
    SUMMARY,
    TABLE_ROW,
    UNDECIDED,
    UNKNOWN,
    Block,
    Decision,
    Group,
    PasteReading,
    PasteRecord,
    decided_notes,
    printed_decided,
    without,
)

# speculation named anywhere in a paste: its words, or an acceptance's or a verification's
_SPECULATION_NAMED = re.compile(
    V.SPECULATIVE_RE + r"|accept|verif|τ|\btau\b|接受|采纳|受理|수락", re.I
)


# a decoder of several tokens a step that drafts nothing: diffusion language models, Jacobi
# and other parallel or non-autoregressive decoding
_OTHER_DECODER = re.compile(
    r"diffusion|\bd-?LLMs?\b|parallel[ -]decod|non-?autoregressive|\bjacobi\b|\bNAR\b|扩散", re.I
)


# a line that opens a JSON body or goes on with one ('{', '"key": 1,', '],')
_JSON_LINE = re.compile(r"^\s*[{}\[\]\"]")


def _json_bodies(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """The JSON bodies of lines that open one each at the first's indent, each without the
    title lines after it (the next body's): a body per such opening line."""
    indent = len(lines[0][1]) - len(lines[0][1].lstrip())
    opens = [
        i
        for i, (_, t) in enumerate(lines)
        if t.lstrip()[:1] in "{[" and len(t) - len(t.lstrip()) <= indent
    ]
    out = []
    for a, b in zip(opens, [*opens[1:], len(lines)], strict=True):
        part = lines[a:b]
        while part and not _JSON_LINE.match(part[-1][1]):
            part = part[:-1]
        out.append(part)
    return out


def _json_body(part: list[tuple[int, str]], ctx: I.Ctx) -> list[PasteRecord]:
    """The records of one JSON body of several: parsed, or by its members where it is cut."""
    text = "\n".join(t for _, t in part)
    doc, repaired = I.load_json(text)
    cut = doc is None
    if cut and (whole := _cut_records(text, ctx, (part[0][0], part[-1][0]))):
        return whole
    if cut:
        doc, repaired = I.json_members(text), False
    if doc is None:
        return []
    found = HC.decide(I.json_records(doc, ctx, (part[0][0], part[-1][0]), repaired), doc)
    return (
        [dataclasses.replace(r, notes=(*r.notes, _MEMBERS_NOTE)) for r in found] if cut else found
    )


def _cut_records(text: str, ctx: I.Ctx, lines: tuple[int, int]) -> list[PasteRecord]:
    """The records of a JSON body cut off inside, read to its last whole object: kept where
    they are two or more (a list of results objects, one record each), else none (its members
    are read as one object)."""
    doc = I.close_cut_json(text)
    found = [] if doc is None else HC.decide(I.json_records(doc, ctx, lines, False), doc)
    return (
        [dataclasses.replace(r, notes=(*r.notes, _CUT_NOTE)) for r in found]
        if len(found) >= 2
        else []
    )


def _json_k_identity(r: PasteRecord, text: str, body: str) -> PasteRecord:
    """A JSON object's record printing a per-step figure beside a per-draft rate, with the draft
    tokens a step as a member of its own (``"k": 7``, ``"num_speculative_tokens": 7``; one such
    member): the identity of _rate_times_k decides the bonus with that k (figure = k x rate:
    the accepted drafts a step, bonus excluded; 1 + k x rate: included). A member of a k
    elsewhere in the paste, two k members that differ, or a figure fitting neither decide
    nothing."""
    if r.printed_length is None or r.printed_rate is None or r.structure != "json":
        return r
    ks = {
        int(v)
        for n, v in r.labels
        if (C.key(n).metric == C.K or I._BARE_K_HEADER.fullmatch(n.strip())) and v.isdigit()
    }
    if len(ks) != 1 or not 1 <= (k := ks.pop()) <= MAX_FITTED_K:
        return r
    (got,) = _rate_times_k([r], k, text, body)
    return got


def _per_step_only(r: PasteRecord) -> bool:
    """Whether every figure of ``r`` is printed under a tokens-a-step name."""
    return bool(r.fields) and all(
        C.key(C._MARKUP.sub("", name)).metric == C.TOK_PER_STEP for name, _ in r.fields
    )


# Tokens per draft-verify step in any spelling ('tok/step', 'tokens committed per verify step',
# 'tokens emitted per step',
# 'committed tokens per draft/verify step', 'tokens delivered per round', 'tokens a step').
_PER_STEP = (
    r"(?:(?:toks?|tokens?)(?:[ _](?:committed|delivered|emitted))?|"
    r"(?:committed|delivered|emitted)[ _]tokens?|emitted)"
    r"(?:/|[ _-]per[ _-]|\s+an?\s+)"
    # (a request of the batch between: 'tokens/row/round', 'tokens per request per step')
    r"(?:(?:rows?|reqs?|requests?|seqs?|sequences?|samples?|slots?)(?:/|[ _-]per[ _-]))?"
    r"(?:draft[/ _-]verify[ _]|(?:target|backbone)[ _](?=steps?\b))?" + C.STEP_NOUN_RE
)
# A block is a candidate when it names an acceptance figure in some spelling.
_CANDIDATE = re.compile(
    r"acc(?:ept|pt|\.|_|\s|%|\b|len|rate)|\bac{1,2}p[et]|τ|\\tau\b|\bAL\b|\bAR\b|\bMAT\b|\ba\.len\b|draft|"
    + _PER_STEP,
    re.IGNORECASE,
)
_STRONG = re.compile(
    r"accept|accpt|acc(?:\.|_)?\s?len|τ|" + _PER_STEP,
    re.I,
)
# 'acceptance' in another meaning (Monte Carlo samplers, admissions, ...).
_OTHER_MEANING = re.compile(
    r"(?<![a-z])mcmc(?![a-z])|robbins|monro\b|munro\b|metropolis|hastings|\bhmc\b|\bnuts\b|sampler|burn-?in|markov chain|"
    r"proposal distribution|step size|admission|loan|applicants|"
    # a deal's or a form's acceptance ('quote acceptance rate', 'invitations acceptance')
    r"\b(?:offer|quote|bid|invitation|payment|order|contract|cookie|customer)s? acceptance|"
    r"user acceptance|acceptance test|submissions?\b|\bvenues?\b|\bconference\b|reviewers?\b|"
    r"\badmitted\b|enrol|acceptance (?:suite|criteria)|anneal|\bsubmitted\b|full papers|"
    r"suggestions?\b|copilot|autocomplet|"
    # a server admitting or turning away requests ('rejects requests with a 503 when full')
    r"\breject(?:s|ed|ing)?\s+(?:(?:the|new|incoming|excess)\s+)?requests?\b|"
    r"\brequests?\s+(?:(?:are|were|get|got)\s+)?(?:rejected|refused|turned away)\b|"
    r"\brequest acceptance\b|"
    # items a person accepts or dismisses (suggested tags, candidates, alerts)
    r"(?<![a-z])dismiss(?:ed|al|als|es)?(?![a-z])|"
    # a structured-output check's acceptance (outputs accepted by a schema or a JSON parser)
    r"schema[ _-]?(?:valid|rejected|conformance|violations?)|json[ _-]?valid|malformed[ _-]?json|"
    # a Monte Carlo simulation's moves ('MC', 'GCMC', a translation or swap move, moves
    # accepted or rejected, a molecule, the Ising model, parallel tempering)
    r"(?<![a-z])(?:gc|kinetic )?mc(?![a-z])|monte[ -]?carlo|\bmolecules?\b|\bising\b|"
    r"parallel tempering|replica exchange|"
    r"\b(?:trial|translation|translate|rotation|rotate|swap|insertion|deletion|displacement|"
    r"exchange|flip|pivot|crankshaft|reptation|regrowth|volume|mc)\s+moves?\b|"
    r"\bmoves?\s+(?:(?:were|are|was|is|got|get)\s+)?(?:accepted|rejected)\b|"
    r"\b(?:iclr|neurips|nips|icml|cvpr|iccv|eccv|acl|emnlp|naacl|aaai|ijcai|kdd|sigir|cikm)(?![a-z])|"
    # a rejection sampler's yield: items kept out of counted attempts ('3000 / 28462 attempts',
    # '412 of 5,000 tries', '次尝试'), or the method named; drafts are never counted as attempts
    r"\d[\d,]*\s*(?:/|\bof\b|out\s+of)\s*\d[\d,]*\s*(?:attempts|tries|trials|次尝试|次采样)|"
    r"rejection[ -]sampl|拒绝采样|"
    # its proposal's density and the envelope over the target density ('proposal density
    # q(y)=1', 'envelope constant c=1.6', '提议密度', '包络常数'): a sampler's words alone
    r"proposal densit|envelope constant|提议密度|包络常数",
    re.IGNORECASE,
)
# a block that speaks of speculative decoding: the speculative words (vocab.SPECULATIVE) but a
# draft of a document ('draft release notes', 'the drafted PR', 'drafting the email'), and this
# reader's wider context (the accept length's name, tokens per step, verify, bonus, target
# model), which only speculation's figures use beside 'acceptance'
_SPEC_CONTEXT = re.compile(
    r"(?!draft(?:ed|s|ing)?\s+(?:of\s+)?(?:the\s+)?(?:release|notes?|pr|document|version|email"
    r"|copy|plan)\b)(?:"
    + V.SPECULATIVE_RE
    + r")|accept(?:ance)?[ _]?len|τ|tok(?:ens)?/step|verify|bonus|target model"
    # llama.cpp's draft maximum by its short name ('n-max', 'n_max'; the long ones say 'draft'):
    # a setting of speculation alone
    + r"|(?<![\w-])n[-_]max(?![\w-])",
    re.IGNORECASE,
)
# (or llama.cpp's token sampler API named, 'common_sampler_sample', 'llama_sampler_init': its
# functions in a backtrace or an error)
_TOKEN_SAMPLING = re.compile(
    r"(?<![\w-])(?:top[_-]?[kp]|min[_-]?p)(?![\w-])|\b(?:common|llama)_sampler_\w", re.I
)
_OTHER_LINE = re.compile(r"accept|acc\.? prob", re.IGNORECASE)
# a word that every match of _OTHER_MEANING holds, lower-cased: an ASCII text holding none of
# them has no match (the pattern's ~50 alternatives are tried at every place of a block, a
# substring test is not)
_OTHER_WORDS = (
    "mcmc", "robbins", "monro", "munro", "metropolis", "hastings", "hmc", "nuts", "sampler",
    "burn", "markov chain", "proposal distribution", "step size", "admission",
    "offer", "quote", "bid", "invitation", "payment", "order", "contract", "cookie",
    "customer", "loan", "applicants", "user acceptance", "acceptance test", "submi",
    "venue", "conference", "reviewer", "admitted", "enrol", "acceptance suite",
    "acceptance criteria", "anneal", "full papers", "suggestion", "copilot", "autocomplet",
    "dismiss", "request",
    "schema", "json",
    "mc", "monte", "molecule", "ising", "tempering", "replica", "move",
    "iclr", "neurips", "nips", "icml", "cvpr", "iccv", "eccv", "acl", "emnlp", "naacl", "aaai",
    "ijcai", "kdd", "sigir", "cikm",
    "attempts", "tries", "trials", "rejection", "次尝试", "次采样", "拒绝采样",
    "proposal densit", "envelope constant", "提议密度", "包络常数",
)  # fmt: skip


# the letters a case-blind pattern's ASCII letters match whose lower case is not that letter
# ('ı', and 'İ' lower-cased with a combining dot, for i; 'ſ' for s): any other letter an ASCII
# letter matches case-blind lower-cases to it (the Kelvin sign to k), over all of Unicode
_FOLDED_APART = ("ı", "İ", "ſ")


def _names_other(text: str) -> bool:
    """Whether ``text`` holds a word of acceptance in another meaning (_OTHER_MEANING). A text
    holding a letter of _FOLDED_APART is asked of the pattern itself: its case-blind letters
    match more than their lower case."""
    if text.isascii() or not any(c in text for c in _FOLDED_APART):
        low = text.lower()
        if not any(w in low for w in _OTHER_WORDS):
            return False
    words = {m.group().lower() for m in _OTHER_MEANING.finditer(text)}
    # a language model's token sampler ('not sending top_k, so the sampler used the full
    # distribution'): its settings named beside it, no Monte Carlo sampler
    return bool(words) and not (words == {"sampler"} and _TOKEN_SAMPLING.search(text))


# a classifier's or an auditor's decision ('| accept_rate | reject_rate | uncertain_rate |
# fp_accept_rate |'): its errors (false accepts, false positives, 'fn_rate'), or a third outcome's
# share beside accept and reject (unsure, abstain); told of a whole block only: a table's header
# inside a block that speaks of drafts may name such a column
_DECISION = re.compile(
    r"false[ _-]?(?:positive|negative|accept|reject)|(?<![a-z])f[pn][ _-]?(?:accept|reject|rate)"
    r"|(?<![a-z])(?:uncertain|unsure|abstain|abstention)[ _-]?rate",
    re.I,
)


# a paste about work items (jobs, captchas, crowd workers) or people's work tracked as a
# product's metrics (productivity, engagement, retention, churn, satisfaction) that never speaks
# of a language model: no speculative word and none of a model's serving (tokens, models,
# decoding, a server, a batch, a step): its 'acceptance rate' is the share of work (or of a
# tool's suggestions) accepted
_WORK_ITEMS = re.compile(
    r"\bjobs?\b|captchas?\b|\bworkers?\b|approval rate"
    r"|\b(?:productivity|engagement|retention|churn|satisfaction)\b",
    re.I,
)
_SERVING = re.compile(
    r"tok|\bmodels?\b|decod|infer|\bllm|gpu|cuda|\bk\s*=|n[_-]?max|tau\b|τ|alpha|step|prompt"
    r"|generat|serv(?:er|ing|e)|batch|throughput|latency|spec|accept(?:ance)?[ _]?len|a\.len|\bAL\b",
    re.I,
)


# a window of calendar time a figure is tracked over ('in the past 28 days', 'last 7 weeks', a
# '30-day average'): a dashboard's metric of people or products, never a run's
_CALENDAR_WINDOW = re.compile(
    r"\b(?:past|last|previous|trailing|rolling)\s+\d+\s+(?:days?|weeks?|months?)\b"
    r"|\b\d+[- ]day\s+(?:average|window|trend|rolling)\b",
    re.I,
)


# a field of a key-value line ('n_tok= 40', 'AL=1.50', 'rate: 0.61')
_FIELD = re.compile(r"[A-Za-z_][\w/.-]{0,40}\s?[=:]\s*[-+]?\.?\d")


# a line of one key ending in a colon, its value padded after it ('Mean TPOT:      41.2 ms'): the
# key opens on a letter and holds no colon, bar or tab
_KEYED_LINE = re.compile(r"[ \t]*(?:[-*][ \t]+)?[A-Za-z][\w .()/%,+-]{0,60}:[ \t]+\S")


def _fields_rows(blk: list[tuple[int, str]], first: int, last: int) -> bool:
    """Whether every line of a block from ``first`` to ``last`` holds two key-value fields or
    more ('n_tok= 40  base= 15.00  AL= 1.50'), or every line is one key and its colon, the
    values padded into a column after it ('Accept length:    2.41'): lines of fields, no table's
    rows."""
    rows = [t for ln, t in blk if first <= ln <= last and t.strip()]
    return bool(rows) and (
        all(len(_FIELD.findall(t)) >= 2 for t in rows)
        or (len(rows) >= 2 and all(_KEYED_LINE.match(t) for t in rows))
    )


# a cell of a result line's field: its name first (a letter), a figure after it ('accept 67%',
# 'tok/step 3.69', 'dspark  44.2 t/s (1.48x)') or a flag ('identical=True')
_NAMED_CELL = re.compile(r"[ \t]*[A-Za-z][^|]*$")
_CELL_FIGURE = re.compile(r"\d")


def _result_lines(blk: list[tuple[int, str]], first: int, last: int) -> bool:
    """Whether the lines of a block from ``first`` to ``last`` are a tool's result lines, one a
    run, each its fields apart by spaced bars ('code  base 30.0 t/s | spec 44.2 t/s | accept
    67% | tok/step 3.69'): no outer bar, no delimiter row, every field after the first opening
    on its name, two of them at least holding a figure, the first line too (so no header):
    lines of fields, no table's rows."""
    rows = [t for ln, t in blk if first <= ln <= last and t.strip()]
    if len(rows) < 2:
        return False
    for t in rows:
        s = t.strip()
        if s[0] in "|│" or s[-1] in "|│" or s.count(" | ") < 2:
            return False
        cells = s.split("|")[1:]
        if not all(_NAMED_CELL.match(c) for c in cells):
            return False
        if sum(1 for c in cells if _CELL_FIGURE.search(c)) < 2:
            return False
    return True


def _other_paste(text: str, no_model: bool) -> bool:
    """Whether a whole paste naming no speculative word and nothing of a model's decoding
    (``no_model``) speaks of acceptance in another meaning: a word of that meaning anywhere in
    it (an MCMC sampler's log under a sentence that says 'acceptance rate of 0'), or a figure
    tracked over a window of calendar days (a product dashboard's acceptance rate)."""
    return no_model and (_CALENDAR_WINDOW.search(text) is not None or _names_other(text))


def _other_titled(text: str) -> bool:
    """Whether a whole paste naming no speculative-decoding word anywhere (_SPEC_CONTEXT; the
    letter τ of another model, _tau_of_other_model, aside) speaks of acceptance in another
    meaning as its subject: its title (the first line standing alone, or its first markdown
    heading) names that meaning (_names_other), or most of its blocks that name acceptance do.
    Every acceptance of such a paste is of that meaning, a block naming none of its words too
    ('the acceptance rate should sit near 25%' under a Metropolis sampler's title). A title
    naming only a sampler, where the paste names a language model's decoding elsewhere, is a
    token sampler's: no such title."""
    if _SPEC_CONTEXT.search(text) is not None and not _tau_of_other_model(text):
        return False
    paras = [p.strip() for p in re.split(r"\n[ \t]*\n", text) if p.strip()]
    if not paras:
        return False
    first = paras[0].split("\n")
    heads = [t for t in text.split("\n") if _HEADING.match(t)]
    titles = [first[0]] if len(first) == 1 or _titles(first[0]) else []
    titles += heads[:1]
    for t in titles:
        words = {m.group().lower() for m in _OTHER_MEANING.finditer(t)}
        if not words or not _names_other(t):
            continue
        if words == {"sampler"} and _DECODING.search(text.replace(t, " ", 1)):
            continue
        return True
    naming = [p for p in paras if "accept" in p.lower()]
    return len(naming) >= 2 and 2 * sum(_names_other(p) for p in naming) > len(naming)


# a rejection's share named as a figure ('rejection rate: 0.71', 'reject_rate', 'rejected %'):
# beside an acceptance rate, the two outcomes of a decision on items (a review, a screen, a
# trade setup's filter); speculative decoding's lines name accepted drafts, not their rejection
_REJECTION_RATE = re.compile(r"\breject(?:ion|ed)?[ _-]?(?:rate|ratio|share|%)", re.I)
_ACCEPTANCE_RATE = re.compile(r"\baccept(?:ance|ed)?[ _-]?(?:rate|ratio|share|%)", re.I)


def _verdict_rates(text: str) -> bool:
    """Whether a paste names an acceptance rate and a rejection rate (``_REJECTION_RATE``): with
    no model's decoding named (the caller's gate), the shares of a decision's two outcomes."""
    return "eject" in text and bool(_REJECTION_RATE.search(text) and _ACCEPTANCE_RATE.search(text))


def _tau_of_other_model(text: str) -> bool:
    """Whether the only speculative-decoding word of a paste is the letter τ and the paste
    names acceptance in another meaning (_names_other: a Metropolis sampler's chain, burn-in):
    τ is a parameter of that model (a time constant), not the accept length."""
    return (
        "τ" in text and _SPEC_CONTEXT.search(text.replace("τ", " ")) is None and _names_other(text)
    )


def _work_acceptance(text: str) -> bool:
    """Whether a whole paste speaks of work items' acceptance (_WORK_ITEMS) and of nothing a
    language model's decoding prints (no speculative word, no _SERVING word)."""
    # (the serving words first: nearly every paste holds one early, the work words seldom)
    return (
        _SERVING.search(text) is None
        and V.SPECULATIVE.search(text) is None
        and _WORK_ITEMS.search(text) is not None
    )


# an acceptance word and what follows it ('Acceptance |', 'acceptance rate', 'accepted tokens')
_ACCEPT_WORD = re.compile(r"accept\w*(?P<after>[ _-]*(?:rate|ratio|len|prob|%|\(%)?)", re.I)
# a table's column headed by the bare word ('| Acceptance |', '│ acceptance │')
_BARE_COLUMN = re.compile(r"[|│┃]\s*[*_]{0,2}acceptance[*_]{0,2}\s*[|│┃]", re.I)
# a line of prose: opening with six words (after a list's or a quote's mark), no table's row
_PROSE_LINE = re.compile(r"^[ \t#>*-]*(?:[A-Za-z]+[^\w|│┃\n]+){6}", re.M)


# a language model's decoding or serving named: its tools, its speed, its sampler, its model
# ('decode', 'tok/s', 'top-k', 'vocabulary', 'GPU', 'llama.cpp', 'vLLM'): a bare 'Acceptance'
# beside them may be the drafts' (a table of arms, '| Decode tok/s | Acceptance |')
_DECODING = re.compile(
    r"decod|\binfer|\bllms?\b|\bgpus?\b|\bcuda\b|\bmodels?\b|\bbatch\b|throughput|latency"
    r"|\btok(?:ens?)?/s|\btok(?:ens?)?\s+per\s+s|sampl(?!es?\b)|vocab|top[_-]?[kp]\b|\bgenerat|\bserv(?:er|ing|e)\b"
    r"|llama|vllm|sglang|tensorrt|trt[_-]?llm|lmdeploy|fastdeploy|\bmlx\b|ollama|\blen\b",
    re.I,
)


def _bare_acceptance(body: str) -> bool:
    """Whether a block names acceptance only by a table's column headed with the bare word
    ('| Acceptance |'), never a figure of speculation's ('acceptance rate', 'accept length',
    'accepted tokens'): in a document whose prose speaks of no speculative decoding
    (_SPEC_CONTEXT nowhere), the word alone is the acceptance of patches, papers or requests."""
    lines = [t for t in body.split("\n") if "ccept" in t.lower()]
    return bool(lines) and all(
        len(_BARE_COLUMN.findall(t)) == len(words := _ACCEPT_WORD.findall(t)) and words
        for t in lines
    )


def _other_meaning(body: str, heading: str) -> bool:
    """Whether a block speaks of acceptance in another meaning (a sampler, admissions, a test
    suite, a classifier's decision): a word of that meaning in the block itself and no
    speculative-decoding word in it (a heading above naming a draft does not make a Metropolis
    line one), or such a word only in the heading and no speculative-decoding word in either."""
    if _names_other(body) or _DECISION.search(body):
        return not _SPEC_CONTEXT.search(body)
    return _names_other(heading) and not _SPEC_CONTEXT.search(body + heading)


# Prometheus text exposition ('name{labels} value'): a pasted /metrics page is read with probe's
# parser (prometheus-client's) and names, its speculation counters only (_counters_record).
_EXPOSITION = re.compile(
    r"^\s*(?:#.*|[A-Za-z_:][\w:]*(?:\{.*\})?[ \t]+(?:[-+]?[\d.]+(?:[eE][-+]?\d+)?|[-+]?Inf|NaN)"
    r"(?:[ \t]+\d+)?)\s*$"
)
# what only exposition has: labels in braces, a HELP/TYPE comment, a 'namespace:name'
_EXPOSITION_MARK = re.compile(
    r"^\s*(?:# (?:HELP|TYPE) |[A-Za-z_][\w]*:[\w:]+[{ \t]|[\w:]+\{)", re.M
)


def _exposition(blk: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """The exposition lines of a block that is a /metrics page, or its grep, under at most two
    lines of its own (the command that fetched it, a title); None for any other block."""
    lead = next((i for i, (_, t) in enumerate(blk) if _EXPOSITION.match(t)), len(blk))
    page = blk[lead:]
    if lead > 2 or not page or not all(_EXPOSITION.match(t) for _, t in page):
        return None
    return page if _EXPOSITION_MARK.search("\n".join(t for _, t in page)) else None


def _unparsed(page: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines of an exposition page its parser refuses (a label list elided with '...', a
    quote left open), each tried alone where the whole page does not parse: they are skipped,
    the page's other lines read. [] where the page parses whole."""
    from prometheus_client.parser import text_string_to_metric_families

    def parses(text: str) -> bool:
        try:
            for fam in text_string_to_metric_families(text + "\n"):
                for _ in fam.samples:
                    pass
        except (ValueError, OverflowError):
            return False
        return True

    if parses("\n".join(t for _, t in page)):
        return []
    return [(n, t) for n, t in page if not t.lstrip().startswith("#") and not parses(t)]


def _counters_record(page: list[tuple[int, str]]) -> list[PasteRecord] | None:
    """The speculation counters of a pasted /metrics page, read with probe's parser and names
    (``core/probe/counters.json``): totals since the server started, so 1 + accepted / verify
    steps and accepted / drafted tokens pooled over its life; SGLang's page, which has no
    accepted count, by its gauges (_gauge_records). None for a page of no engine, [] for an
    engine's page without its speculation figures."""
    from specdiag.core.probe.metrics import MetricsFamily, parse_counters
    from specdiag.errors import ServerError

    try:
        snap = parse_counters("\n".join(t for _, t in page) + "\n")
    except (ServerError, ValueError, OverflowError):  # (a counter past a float's range)
        return []
    if snap.family is MetricsFamily.NONE:
        return None
    if snap.family is MetricsFamily.SGLANG:
        return _gauge_records(page)
    if snap.accepted_drafts is None:
        return []
    f = E.Figures()
    for attr, v in (
        ("accepted", snap.accepted_drafts),
        ("drafted", snap.draft_tokens),
        ("steps", snap.verify_steps),
    ):
        if v is not None and v.is_integer():
            setattr(f, attr, C.Value(v, False, 0))
            f.fields.append((attr, str(int(v))))
    if snap.verify_steps:
        f.positions.update((i, a / snap.verify_steps) for i, a in enumerate(snap.accepted_per_pos))
    f.notes.append("a /metrics page: counters since the server started (or last restarted)")
    # the record spans its engine's lines (a paste may go on with another engine's page)
    own = [n for n, t in page if t.startswith(str(snap.family))] or [page[-1][0]]
    rec = E.record(
        f,
        kind=BENCH,
        tool=str(snap.family),
        tool_rule="named in the block or its heading",
        structure="prometheus",
        lines=(page[0][0], own[-1]),
        labels=(),
    )
    return [rec] if rec is not None else []


def _gauge_records(page: list[tuple[int, str]]) -> list[PasteRecord]:
    """SGLang's /metrics page: no accepted count, but gauges of the last logged interval, the
    `accept len` and `accept rate` of its last ``Decode batch`` line (checked on the real
    server): a record per gauge sample (a rank's labels apart from the model's), none where the
    length is below 1 (0 before any speculation)."""
    from prometheus_client.parser import text_string_to_metric_families

    names = {"sglang:spec_accept_length": "length", "sglang:spec_accept_rate": "rate"}
    found: dict[tuple[tuple[str, str], ...], dict[str, float]] = {}
    try:
        for fam in text_string_to_metric_families("\n".join(t for _, t in page) + "\n"):
            for sample in fam.samples:
                if (attr := names.get(sample.name)) is not None:
                    key = tuple(
                        sorted((k, v) for k, v in sample.labels.items() if k != "model_name")
                    )
                    found.setdefault(key, {})[attr] = float(sample.value)
    except (ValueError, OverflowError):  # not a page, or a value past a float ('9' x 400)
        return []
    at = [n for n, t in page if t.lstrip().startswith(tuple(names))]
    out = []
    for key, got in found.items():
        length = got.get("length")
        if length is None or not 1.0 <= length <= 64.0:
            continue
        f = E.Figures()
        f.length = C.value(repr(length))  # decimals as the parser's float prints
        f.length_name = "accept len"
        f.fields.append(("accept len", repr(length)))
        rate = got.get("rate")
        if rate is not None and 0.0 <= rate <= 1.0:
            f.rate = C.value(repr(rate))
            f.fields.append(("accept rate", repr(rate)))
        f.notes.append(
            "a /metrics gauge: the last logged interval only (its last Decode batch line), "
            "not a mean over the server's life"
        )
        rec = E.record(
            f,
            kind=BENCH,
            tool="sglang",
            tool_rule="named in the block or its heading",
            structure="prometheus",
            lines=(at[0], at[-1]),
            labels=key,
        )
        if rec is not None:
            out.append(rec)
    return out


# a heading that names a tool to compare with ('unlike vLLM, our fork ...') does not tell the
# tool's conventions
_COMPARISON = re.compile(
    r"\b(?:unlike|versus|vs\.?|compared (?:to|with)|than|instead of|rather than|not)\b", re.I
)
# the user's own program printed the figures ('our custom server prints', 'my own eval script',
# 'numbers from my harness'): it names no known tool, and no tool's printing conventions apply
_OWN_PRINTER = re.compile(
    r"\b(?:our|my)\s+(?:(?:own|custom|in-house|homemade|home-made|diy|quick|simple)\s+)+"
    r"(?:[\w-]+\s+){0,2}?(?:server|harness|script|tool|eval\w*|benchmark\w*|engine|code)\b|"
    r"\b(?:our|my)\s+(?:[\w-]+\s+)?(?:script|harness)\b",
    re.IGNORECASE,
)
# a check's line: a pass or fail mark opening it ('✓', '✗', '[PASS]', 'FAIL:'), then a figure
# compared with its threshold ('acceptance length 3.758 >= 2.0'): a test harness printed it
# (it read or computed the figure; a tool named beside it is the system under test)
_CHECK_MARK = re.compile(
    r"^\s*(?:[✓✔✅✗✘❌]|\[\s*(?:PASS|OK|FAIL)\s*\]|(?:PASS|FAIL)(?:ED)?\b)", re.M
)
_COMPARED = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*%?\s*(?:>=|<=|≥|≤|>|<)\s*\d")
_CHECK_QUICK = ("✓", "✔", "✅", "✗", "✘", "❌", "PASS", "FAIL", "OK")


def _checks_figures(block_text: str) -> bool:
    """Whether a line of ``block_text`` is a check's: a pass or fail mark opening it, a figure
    compared with its threshold after it (on that line)."""
    if not any(q in block_text for q in _CHECK_QUICK):
        return False
    for m in _CHECK_MARK.finditer(block_text):
        end = block_text.find("\n", m.end())
        if _COMPARED.search(block_text, m.end(), len(block_text) if end < 0 else end):
            return True
    return False


# a line keyed by a script file that printed the figure on it ('- `check-run.sh`: PASS. MTP
# acceptance length = 2.94'): the script's own printing, its convention not shown. The name is
# bounded (the anchor at a line's start keeps the scan linear); which names count is decided in
# _script_keyed (no engine's name in it, not a tool's own benchmark)
_SCRIPT_KEY = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?`?([\w/-]{1,120}(?:\.[\w-]{1,20}){0,3})`?(?:\*\*)?[ \t]*:"
    r"([^\n]*)",
    re.M,
)
_SCRIPT_FILE = re.compile(r"\.(?:sh|bash|py)$")
_SCRIPT_FIGURE = re.compile(r"\b(?:accept\w*|acc|AL)\b[^\d\n]{0,60}\d", re.I)
# the engines' and trainers' own benchmark and example scripts (their lines print the tool's
# convention, decided by the rules of that tool)
_TOOL_SCRIPTS = (
    "bench_sglang_eagle",
    "bench_serving",
    "benchmark_serving",
    "bench_speculative",
    "bench_one_batch",
    "bench_eagle3",
    "spec_decode",
    "send_one",
)
_MEMBERS_NOTE = (
    "a JSON body that does not parse (cut off or wrapped): its members with numbers read"
)
_CUT_NOTE = "a JSON body cut off inside: read to its last whole object, one record an object"
# figures the paste itself says are not measured ('[MTP1: AL 1.85, ...] (mock numbers)', 'a
# hypothetical 2.4', 'illustrative figures'): no record. A bare 'example' or 'e.g.' is no such
# mark: real runs are shown as 'Here's an example:' (a bench table) or from vLLM's examples/
# scripts, and 'e.g. mean 3.7% / 1.26' quotes a run that was measured.
_ILLUSTRATIVE = re.compile(
    r"\b(?:mock(?:ed)?|dummy|made[- ]up|fake|fictional|fictitious|placeholder|invented)"
    r"\s+(?:numbers|figures|values|results|ALs?)\b|"
    r"\b(?:numbers|figures|values|results)\s+(?:are|were)\s+(?:made[- ]up|invented|fake|"
    r"illustrative|hypothetical|not real)\b|"
    r"\bhypothetical(?:ly)?\b|\billustrat(?:ive|ively)\b|\bfor illustration\b|"
    # a docs-style case of what a field reports ('A one-word reply at k=8 comes back as
    # `predicted_n=2 draft_n=7`'): an indefinite case in the present tense, no run
    r"(?:^|[.!?]\s+)An?\s+[^.!?]{0,80}?\bcomes\s+back\s+as\b|"
    # a code comment opening on an example ('# Example: 70% acceptance, K=5'): the inputs of
    # the call it shows, no run
    r"^\s*(?:#|//)\s*(?:(?:for )?example\b|e\.g\.)|"
    # a training's or a validation's printout in one bracket, a loss beside the acceptance
    # figure ('the val pass was fine (loss 0.92, accept length 1.31)'): the trainer's estimate
    # of the draft, as a training summary's table is (interpret._training_summary), no run
    r"\b(?:validation|val|eval(?:uation)?|training|calibration)\b[^.!?()\n]{0,60}\("
    r"(?=[^()\n]{0,200}\))(?=[^()\n]*?\bloss\b\s*[=:]?\s*\d)(?=[^()\n]*?\b(?:accept|acc\b|AL\b))",
    re.I,
)
# a title saying what a figure does in general ('Acceptance typically decreases with position:',
# 'Typical values:'), what a kind of method shows ('Performance characteristics:', a guide's
# section on one kind of drafter) or what a command should print ('Expected output shape:'), with
# no one's run in it: what it introduces illustrates it
_GENERIC_TITLE = re.compile(
    r"^(?!.*\b(?:we|I|our|my|measured|observed)\b)(?:.*\b(?:typically|usually|generally|"
    r"normally|tends?\s+to)\b|\W*typical\s+(?:values?|ranges?|numbers?|figures?|decay)\b|"
    r"\W*(?:[\w-]+\s+){0,2}characteristics\W*$|"
    r"\W*expected\s+(?:output|results?|response|reply)\b)",
    re.I,
)

# a statement that the figures below it are not measured ('The table below is illustrative',
# 'The numbers are placeholders', '> Illustrative values.'): every block after it to the next
# markdown heading, or to a line saying a run was measured ('On our box we measured:'), gives
# no record. 'Illustrative of' (typical of) is no such statement, nor is 'hypothetical', which
# may hold for its own sentence only.
_MARKS_BELOW = re.compile(
    r"\billustrative\b(?!\s+of\b)|\bfor illustration\b|"
    r"\b(?:mock(?:ed)?|dummy|made[- ]up|fake|fictional|fictitious|placeholder|invented)"
    r"\s+(?:numbers|figures|values|results)\b|"
    r"\b(?:numbers|figures|values|results)\s+(?:(?:below|here|shown)\s+)?(?:are|were)\s+"
    r"(?:(?:only|just|all|mere)\s+)?(?:placeholders|made[- ]up|invented|fake|not real)\b|"
    # what a probe reports, in the counterfactual ('it counts how often a draft would have
    # matched', 'logs which tokens would have been accepted'): drafts no speculative run
    # verified, no acceptance measured
    r"\b(?:reports?|counts?|measures?|records?|logs?|tracks?|estimates?|computes?)\s+"
    r"(?:how\s+(?:often|many|much)|which|whether|what)\b[^.!?\n]{0,80}?\bwould(?:\s+have|['’]ve)"
    r"\s+(?:been\s+)?(?:[a-z]+\s+(?:and|or)\s+)?(?:accepted|matched|kept)\b",
    re.I,
)
# a word each of its statements holds (casefolded): the search above costs ~10 us a line, the
# test for these words one pass over the paste
_MARK_WORDS = (
    "illustrat",
    "mock",
    "dummy",
    "made",
    "fake",
    "ficti",
    "placeholder",
    "invented",
    "not real",
    "would",
)
# a paste saying of itself that it holds no measurement ('An idea rather than a measurement',
# 'this is not a measurement'): every block after it gives no record, to a line saying a run
# was measured (_MEASURED_BELOW); a markdown heading does not end it (the post's own sections)
_NO_MEASUREMENT = re.compile(
    r"\b(?:rather than|instead of|not|never)\s+(?:a\s+|any\s+)?measurements?\b"
    # (a thing said to be a mechanism, not a measurement: 'the bands are not a measurement but
    # a policy': what it is, never a word on the paste's figures)
    r"(?!,?\s+but\s+(?:an?|the)\s+(?:[\w-]+\s+)?(?:policy|policies|heuristic|mechanism|"
    r"rule|schedule|scheduler|design)\b)|"
    r"\bno\s+measurements?\s+(?:yet|here|behind\s+(?:it|this|these)|(?:were|was)\s+(?:taken|made))\b",
    re.I,
)
# a title naming a tool's output ('**MTP statistics output**:', 'Sample output:', 'Output
# format'): what a command prints; told no run only in a paste that plans its figures
# (_plans_figures)
_OUTPUT_TITLE = re.compile(
    r"^(?:[\w/-]+\s+){0,3}(?:output|printout)(?:\s+(?:format|example|sample|shape))?$", re.I
)
# the words a planned table's column or section heading opens on (interpret.EXPECTED_SECTION)
_PLAN_WORDS = ("expect", "projected", "estimated", "anticipated", "target", "goal", "预期", "目标")


def _plans_figures(blocks: list[list[tuple[int, str]]], folded: str) -> bool:
    """Whether the paste is a plan of what it will measure: a table's column or a markdown
    heading names expected or aimed-at figures ('| Expected (D=1) |', '## Targets'), and no line
    says a run was measured ('we measured', 'our actual numbers'). Its output blocks then show
    what a command is meant to print, no run (_OUTPUT_TITLE)."""
    if not any(w in folded for w in _PLAN_WORDS):
        return False
    planned = False
    for blk in blocks:
        for _, t in blk:
            if _MEASURED_BELOW.search(t):
                return False
            if planned:
                continue
            if _HEADING.match(t):
                planned = _expected_section([t])
            elif "|" in t:
                planned = any(I._planned_column(c) for c in t.split("|") if c.strip())
    return planned


_MEASURED_BELOW = re.compile(
    r"\b(?:we|I)\s+(?:measured|got|saw|observed|ran)\b|"
    r"\b(?:my|our)\s+(?:real|actual|measured|own)\s+(?:numbers|figures|values|results|runs?)\b",
    re.I,
)


# an example in the conditional, in one sentence ('for example, k=3 would give an AL of 2.4'):
# what a figure would be, not what was measured
_EXAMPLE = re.compile(r"\be\.g\.|\bfor (?:example|instance)\b|\bexample:|\bsay,", re.I)
_CONDITIONAL = re.compile(
    r"\b(?:would|could|might)\s+(?:\w+\s+)?(?:be|give|get|yield|reach|mean|see)\b|"
    r"(?<=for example, )if\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*_`(\[])")


# a figure set as the premise of a worked estimate ('with K=4 and an 80% acceptance rate, a
# step would emit about 4.2 tokens', 'if your draft has a 75% acceptance rate, roughly 3 of 4
# ...'): a clause opening 'with', 'at', 'given', 'assuming', 'if' holding an acceptance figure
# with an indefinite article, then after its comma a hedged or modal outcome ('roughly',
# 'would', 'can', 'up to') that no one is said to have measured; or a sentence that opens
# with such a figure and says what it 'means' ('A 75% acceptance rate means 3 of 4 drafts
# were kept'): a field's meaning spelled out, no run
# (one word may qualify the name, 'a trained acceptance rate', never one saying it was measured
# or is a run's statistic; the figure may be a range, '~0.6-0.7'; a decimal point ends no clause)
_FIGURE = (
    r"(?:an?\s+[~≈]?\d+(?:\.\d+)?\s*%\s+(?:draft\s+|token\s+)?accept(?:ance)?(?:\s+rate)?|"
    r"an?\s+(?!(?:measured|observed|actual|real|reported|recorded|mean|average|avg|median|"
    r"overall)\b)(?:[a-z-]+\s+)?(?:draft\s+)?accept(?:ance)?\s+(?:rate|length)\s+of\s+[~≈]?"
    r"\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*%?)"
)
_CLAUSE = r"(?:[^.;!?]|\.(?=\d))"
_PREMISE = re.compile(
    r"\b(?P<w>with|at|given|assuming|suppose|supposing|if)\s+(?:[^.;,!?]{0,60}?\s)?"
    + _FIGURE
    + rf"\b{_CLAUSE}{{0,40}}?,(?P<main>{_CLAUSE}{{0,200}})",
    re.I,
)
# (the meaning may open a clause after 'because', 'since', 'whereas', 'while' or a semicolon, and
# be hedged as a rule, 'a 50% accept rate usually means ...': what any such rate does, no run)
_MEANS = re.compile(
    r"(?:^|[.!?:;]\s+|\b(?:because|since|whereas|while)\s+)[*_`]*"
    + _FIGURE
    + r"\s+(?:(?:usually|typically|generally|normally|often|always)\s+)?(?P<w>means|implies)\b",
    re.I,
)
# a rule of thumb: a bare acceptance figure that opens its line or bullet and leads by an arrow
# to a speedup ('- 70% acceptance → ~2.5x speedup', '80% draft acceptance => 3x'): what a rate
# gives, no run's (a run's label before the figure, or a rate on the arrow's right, is read)
_LEADS = re.compile(
    r"^\s*(?:[-*+•]|\d{1,2}[.)])?\s*[*_`]*[~≈]?\d+(?:\.\d+)?\s*%\s+(?:draft\s+|token\s+)?"
    r"accept(?:ance)?(?:\s+rate)?[*_`]*\s*(?P<w>→|->|=>|⇒)\s*[~≈]?\d+(?:\.\d+)?\s*[x×]",
    re.I | re.M,
)
_HEDGED = re.compile(
    r"\b(?:roughly|approximately|about|around|would|could|might|can|should|expects?|expected|"
    r"in theory|theoretically|up to|ideally)\b|[~≈]",
    re.I,
)
_MEASURED_OUTCOME = re.compile(
    r"\b(?:measured|observed|recorded|we\s+(?:got|saw|see|get)|I\s+(?:got|saw|see|get))\b", re.I
)


def _premises(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, words) of each worked estimate's premise in ``text`` ('with K=4 and an 80%
    acceptance rate, ... about')."""
    for m in _PREMISE.finditer(text):
        main = m.group("main")
        h = _HEDGED.search(main)
        if h is not None and _MEASURED_OUTCOME.search(main) is None:
            yield m.start(), m.end(), f"{m.group('w')} ... {h.group(0)}"


def _premise(text: str) -> str | None:
    """The words of a worked estimate's premise in ``text``, or None."""
    for _, _, words in _premises(text):
        return words
    means = _MEANS.search(text)
    if means is not None:
        return f"a ... {means.group('w')}"
    leads = _LEADS.search(text)
    return None if leads is None else f"... acceptance {leads.group('w')} ... x"


def _premise_lines(blk: list[tuple[int, str]]) -> dict[int, str]:
    """The lines of a worked estimate whose sentence runs over several lines of the block (its
    premise on one line, its hedged outcome on the next), each with the estimate's words."""
    text, starts = "", []
    for ln, t in blk:
        starts.append((len(text), ln))
        text += t.strip() + " "
    out: dict[int, str] = {}
    for a, b, words in _premises(text):
        for i, (at, ln) in enumerate(starts):
            end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
            if at < b and end > a:
                out[ln] = words
    return out


def _illustrative(text: str) -> str | None:
    """The words of ``text`` that mark its figures as not measured, or None."""
    if (fixture := FX.mark(text)) is not None:
        return fixture  # a test fixture's or a mock's figures (fixtures.py)
    m = _ILLUSTRATIVE.search(text)
    if m is not None:
        return m.group(0)
    if "%" in text or " of " in text:
        premise = _premise(text)
        if premise is not None:
            return premise
    if _EXAMPLE.search(text) is None:
        return None
    for sentence in _SENTENCE.split(text):
        e, c = _EXAMPLE.search(sentence), _CONDITIONAL.search(sentence)
        if e is not None and c is not None:
            return f"{e.group(0)} ... {c.group(0)}"
    return None


# a paper's abstract quoted (a digest's entry): a block titled 'Abstract' / '摘要', or opening
# on it, in a paste linking a paper (arxiv, OpenReview, a DOI, the ACL anthology, HF papers):
# the paper's published claims, no run of the paste (its own notes elsewhere still read)
_ABSTRACT = re.compile(r"^\W*(?:abstract|摘要)\s*(?:[:：]|$)", re.I)
_PAPER_LINK = re.compile(
    r"\b(?:arxiv\.org/(?:abs|pdf)|openreview\.net/|doi\.org/|aclanthology\.org/|"
    r"huggingface\.co/papers/)",
    re.I,
)


def _quoted_abstract(title: str, first: str, text: str) -> bool:
    """Whether a block is a paper's abstract quoted in a paste linking the paper (_ABSTRACT)."""
    return any(_ABSTRACT.match(C._MARKUP.sub("", t).lstrip("> ")) for t in (title, first)) and (
        _PAPER_LINK.search(text) is not None
    )


# the adverbs of a general behaviour (_GENERIC_TITLE's first branch)
_GENERIC_ADVERB = re.compile(r"\b(?:typically|usually|generally|normally|tends?\s+to)\b", re.I)
# a clause opened by a word pointing at the case shown ('— here the drafter usually hits', 'In
# this run proposals were normally accepted'): up to the adverb, no clause break between
_CASE_CLAUSE = re.compile(
    r"(?:^|[.;:!?\u2014\u2013]|\s-\s)\s*(?:(?:and|but|yet|so|while)\s+)?"
    r"(?:here|in\s+this\s+(?:run|case|test|setup)|this\s+time)\b,?"
    r"[^.;:!?\u2014\u2013]*\Z",
    re.I,
)


def _generic(title: str) -> str | None:
    """The words of a title stating a figure's general behaviour (_GENERIC_TITLE), or None.
    An adverb of a clause opened by a word pointing at the case shown (`here`, `in this
    run`, `this time`) tells what the run shown did, no general behaviour: not a mark."""
    m = _GENERIC_TITLE.match(title)
    if m is None:
        return None
    adverbs = list(_GENERIC_ADVERB.finditer(title))
    if (
        adverbs
        and all(_CASE_CLAUSE.search(title[: a.start()]) for a in adverbs)
        and _GENERIC_TITLE.match(_GENERIC_ADVERB.sub(" ", title)) is None
    ):
        return None
    return m.group(0).strip()


def _illustrative_reason(mark: str, where: str) -> str:
    if NR.is_setting(mark):
        return (
            f"{mark.split(': ', 1)[1]!r} in the {where} is a setting, not a measurement: no record"
        )
    return f"figures marked as not measured ('{mark}' in the {where}): no record"


_DIGIT = re.compile(r"\d")


def _all_marked(blk: list[tuple[int, str]], marked: dict[int, str]) -> str | None:
    """The mark of the block's first line naming a figure with a number, where every such line
    but a script's comment is marked (a setting, an illustration): why nothing was read; else
    None."""
    if not marked:
        return None
    figures = [ln for ln, t in blk if _STRONG.search(t) and _DIGIT.search(t) and not NR.comment(t)]
    if any(ln not in marked for ln in figures):
        return None
    return marked[figures[0] if figures else min(marked)]


def _marks(blk: list[tuple[int, str]], forcing: bool) -> dict[int, str]:
    """The block's lines whose figures are not measured, each with its mark: illustrative
    words, a setting (a script's or a config's assignment, a flag), a forced acceptance (a
    knob's value, or a condition in a paste about such a knob: ``forcing``), an illustration of
    what code does (a supposition, a generic subject), typed placeholder numbers ('2.345')."""
    marked = {ln: m for ln, t in blk if (m := _illustrative(t)) is not None}
    if len(blk) > 1 and any("%" in t or " of " in t for _, t in blk):
        for ln, m in _premise_lines(blk).items():
            marked.setdefault(ln, m)
    for i, m in NR.setting_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.forced_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.condition_marks([t for _, t in blk], forcing).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.example_marks([t for _, t in blk], forcing).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.symptom_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.literal_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.sweep_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.simulated_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in NR.todo_marks([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for i, m in FX.placeholder_lines([t for _, t in blk]).items():
        marked.setdefault(blk[i][0], m)
    for ln, t in blk:
        if ln not in marked and (m := NR.illustrative_sentence(t)) is not None:
            marked[ln] = m
    return marked


def _figures_only_marked(
    r: PasteRecord,
    blk: list[tuple[int, str]],
    marked: dict[int, str],
    marked_lines: list[tuple[int, str]],
) -> bool:
    """Whether every figure of ``r`` is written on a marked line (``marked_lines``: those of
    ``blk``) and on no other line of the block (a name on one line and its figure on a marked
    one below, read as one record)."""
    values = [v for _, v in r.fields if any(c.isdigit() for c in v)]
    if not values or not any(all(v in t for v in values) for _, t in marked_lines):
        return False
    # (a value is on a line as a number of its own: '6' is not on a line for its '65%', nor
    # '1.5' for its '2.15'; a model's '1.5B' still holds it)
    wanted = [_written_alone(v) for v in values]
    on = [ln for ln, t in blk if all(w.search(t) for w in wanted)]
    return bool(on) and all(ln in marked for ln in on)


def _written_alone(value: str) -> re.Pattern[str]:
    """A value's text where no digit (nor a decimal point before a digit) adjoins it."""
    return re.compile(r"(?<![\d.])" + re.escape(value) + r"(?!\d|\.\d)")


def _measured_beside(r: PasteRecord, blk: list[tuple[int, str]], marked: dict[int, str]) -> bool:
    """Whether a record of one line marked by a supposition's sentence is written in another
    sentence of that line, one saying it was measured (notrun.measured_beside): kept."""
    if r.first_line != r.last_line or r.first_line not in marked:
        return False
    values = [v for _, v in r.fields if any(c.isdigit() for c in v)]
    text = next((t for ln, t in blk if ln == r.first_line), "")
    return NR.measured_beside(text, values)


def _json_object(blk: list[tuple[int, str]], ln: int) -> tuple[int, int] | None:
    """The lines (first, last) of the innermost JSON object holding the member on line ``ln``
    of a JSON body, its braces counted line by line (in no string); None where the line holds a
    brace itself or no object closes around it."""
    idx = next((j for j, (n, _) in enumerate(blk) if n == ln), None)
    if idx is None or "{" in blk[idx][1] or "}" in blk[idx][1]:
        return None
    first = last = None
    depth = 0
    for j in range(idx - 1, -1, -1):
        t = _JSON_STRING.sub("", blk[j][1])
        depth += t.count("}") - t.count("{")
        if depth < 0:
            first = blk[j][0]
            break
    depth = 0
    for j in range(idx + 1, len(blk)):
        t = _JSON_STRING.sub("", blk[j][1])
        depth += t.count("{") - t.count("}")
        if depth < 0:
            last = blk[j][0]
            break
    return None if first is None or last is None else (first, last)


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _marks_record(
    r: PasteRecord,
    blk: list[tuple[int, str]],
    at: list[int],
    i: int,
    spans: dict[int, tuple[int, int] | None],
) -> bool:
    """Whether a marked line inside a record's lines marks its figures. A JSON body's record
    (one object's figures, its lines the whole body's) is marked only by a line of the object
    writing its fields (a member saying its sibling's ratio is 1.0 by construction leaves
    another object's counters measured); any other record by any marked line in its lines."""
    if r.structure != "json" or not r.fields:
        return True
    if not all(any(f'"{k}"' in t and v in t for _, t in blk) for k, v in r.fields):
        return True  # (a field not written as a member of its own: where, unknown)
    for ln in at[i:]:
        if ln > r.last_line:
            break
        if ln not in spans:
            spans[ln] = _json_object(blk, ln)
        span = spans[ln]
        if span is None:
            return True
        inside = [t for n, t in blk if span[0] <= n <= span[1]]
        if all(any(f'"{k}"' in t and v in t for t in inside) for k, v in r.fields):
            return True
    return False


def _drop_marked(
    recs: list[PasteRecord],
    blk: list[tuple[int, str]],
    marked: dict[int, str],
    unread: list[Block],
) -> tuple[list[PasteRecord], bool]:
    """The records read from no line that marks its figures as not measured; the lines of
    those dropped are shown as not understood, with the mark. Also whether any was dropped."""
    if not marked:
        return recs, False
    # the names settings set: a record read under one (a comment joined onto its key) is one
    names = {n for m in marked.values() if (n := NR.set_name(m)) is not None}
    at = sorted(marked)
    marked_lines = [(ln, t) for ln, t in blk if ln in marked]
    spans: dict[int, tuple[int, int] | None] = {}
    kept = [
        r
        for r in recs
        if not (
            (i := bisect.bisect_left(at, r.first_line)) < len(at)
            and at[i] <= r.last_line
            and _marks_record(r, blk, at, i, spans)
        )
        and not _figures_only_marked(r, blk, marked, marked_lines)
        and not any(f.split()[-1:] == [n] for f, _ in r.fields for n in names)
        or _measured_beside(r, blk, marked)
    ]
    if len(kept) == len(recs):
        return recs, False
    kept_ids = {id(r) for r in kept}
    gone = [r for r in recs if id(r) not in kept_ids]
    first, last = min(r.first_line for r in gone), max(r.last_line for r in gone)
    mark = next(
        (m for ln, m in sorted(marked.items()) if first <= ln <= last),
        next(iter(sorted(marked.items())))[1],
    )
    unread.append(
        Block(
            first,
            last,
            _illustrative_reason(mark, "lines"),
            _shown(blk, first, last),
        )
    )
    return kept, True


def _drop_span_flags(
    recs: list[PasteRecord], blk: list[tuple[int, str]], unread: list[Block]
) -> tuple[list[PasteRecord], bool]:
    """The records of prose not read from a code span holding a flag naming an acceptance
    figure alone with its value ('`--draft-accept-rate 0.45`', NR.span_flag): the value given
    to a program, a setting, no measurement; the lines of those dropped are shown as such.
    Also whether any was dropped. Other figures of the line are read as before."""
    kept, flags = [], []
    for r in recs:
        got = [NR.span_flag(n, v) for n, v in r.fields] if r.fields else [None]
        if r.structure in ("prose", "key-value") and all(f is not None for f in got):
            flags.append((r, got[0]))
        else:
            kept.append(r)
    if not flags:
        return recs, False
    first = min(r.first_line for r, _ in flags)
    last = max(r.last_line for r, _ in flags)
    unread.append(
        Block(
            first,
            last,
            _illustrative_reason(f"{NR.SETTING}: {flags[0][1]}", "lines"),
            _shown(blk, first, last),
        )
    )
    return kept, True


MAX_BLOCK_LINES = 4000
MAX_LINE_FIGURES = 256  # figures in one line read as prose or key-value
_ANY_NUMBER = re.compile(r"\d+(?:\.\d+)?")
MAX_SHOWN = 12
MAX_UPPER = 4  # headings looked at above a table whose own title names no figure


# a table's header line with a draft position's column ('| K | P0 | P1 |', '| k | pos 1 |')
_POSITION_HEAD = re.compile(r"\|\s*(?:p|pos|position|depth)\s?[01]\s*\|", re.I)
# a word of a title, once its HTML tags are dropped (_TAG, below: '</details>' titles nothing)
_WORD = re.compile(r"[A-Za-z]{3}")
LOG_TARGET_RULE = "the crate of the log lines' target (the module path that logged them)"
# (its cell perhaps in markup: '| `55.0 t/s @ 68.4%` |')
_AT_CELL = re.compile(r"@\s*\d+(?:\.\d+)?\s*%[*`_]{0,2}\s*\|")
# ... or without '%' ('| 19.04@71.5 |'), where a legend above names the figure after '@'
_AT_CELL_BARE = re.compile(r"\d\s*@\s*\d+(?:\.\d+)?\s*\|")
_ACCEPTANCE_WORD = re.compile(r"\baccept(?:ance|ed)?\b", re.I)
_TAU_WORD = re.compile(r"(?<![a-z])(?:avg|mean|average)?[ _]?tau\b", re.I)
# τ's own counts on its line, the tokens a run emitted and its cycles ('tau': 3.6, 'cycles':
# 2177, 'new_tokens': 8008): EAGLE's evaluation printing tokens per draft-and-verify cycle, a
# speculative figure whatever the paste's prose says
_TAU_COUNTS = re.compile(
    r"\b(?:new|output|generated)[_ ]tokens\b[^\n]{0,200}?\bcycles\b|"
    r"\bcycles\b[^\n]{0,200}?\b(?:new|output|generated)[_ ]tokens\b",
    re.I,
)
# (in identifiers too: 'test_acceptance_length')
_ACCEPT_STEM = re.compile(r"accept(?:ance|ed)?", re.I)


# a server line a paste cut short: it ends at a field's name or separator ('accept rate:'), at
# a field name cut mid-word ('..., cuda gr'), or at an ellipsis ('0.8...')
_CUT_LINE = re.compile(r"(?:[:=]|\d\.|\.\.\.|…|,\s*[A-Za-z#][\w ()/#-]{0,24}?)\s*$")
_SERVER_LINE = re.compile(
    r"Decode batch|SpecDecoding metrics|print_timing|draft acceptance|"
    r"\[\d{4}-\d{2}-\d{2}|^\s*(?:INFO|DEBUG|WARNING)\b"
)


def _cut_and_unread(blk: list[tuple[int, str]]) -> bool:
    """Whether a block the line scanner claims holds a server line cut short that the line
    scanner reads no record from (it skips such a line for a value it cannot read, 'accept rate
    is not a rate'): then the block is the structure readers', which read the fields before the
    cut. Its lines are fed to a fresh line scanner to tell."""
    cut = [
        t
        for _, t in blk
        if _CUT_LINE.search(t) and _SERVER_LINE.search(t) and _ACCEPT_STEM.search(t)
    ]
    if not cut:
        return False
    return not _fresh_reads(blk)


def _unflattened_unread(blk: list[tuple[int, str]]) -> bool:
    """Whether a block the line scanner claims is rows a web page had flattened into one line,
    split again (text.py: several lines of one number), that a fresh line scanner reads no
    record from: what the line scanner read on that line is elsewhere on it (a trailing
    summary), and the rows are the structure readers'."""
    return len({ln for ln, _ in blk}) < len(blk) and not _fresh_reads(blk)


def _fresh_reads(blk: list[tuple[int, str]]) -> bool:
    """Whether a fresh line scanner reads a record from the block's lines as the paste reads
    them (quoting removed, a line continued with '\\' or wrapped at a width joined)."""
    from specdiag.core.logs.parse import LineParser
    from specdiag.core.logs.scan import Scanner

    got: list[object] = []
    scanner = Scanner(LineParser(None, None), got.append)
    scanner.feed("".join(t + "\n" for _, t in blk).encode())
    scanner.close()
    return bool(got)


# SGLang's Decode batch fields in one line: 'accept len: 6.90' with 'cuda graph: True' or
# 'gen throughput (token/s): ...' (its words; a fork printing them keeps its definitions)
_DECODE_FIELDS = re.compile(
    r"^(?=.*\baccept len:\s*\d+(?:\.\d+)?\s*,)"
    r"(?=.*(?:\bcuda graph:\s*(?:True|False)\b|\bgen throughput \(token/s\):\s*\d))",
    re.M,
)

# vLLM V0's metrics line ('Speculative metrics: Draft acceptance rate: 0.512, System
# efficiency: 0.377', cut or whole): its first fields, in its words and order
_V0_FIELDS = re.compile(
    r"\bSpeculative metrics:\s*Draft acceptance rate:\s*\d+(?:\.\d+)?\s*,\s*"
    r"System efficiency:\s*\d+(?:\.\d+)?\b"
)


def _script_keyed(block_text: str) -> bool:
    """Whether a line of the block is keyed by a script file that printed an acceptance figure
    on it (a bullet or a line opening `run-check.sh:`): the script's own printing, whatever
    engine ran. A name holding an engine's name or a tool's own benchmark script
    (`bench_sglang_eagle.py`) is left to the rules of its tool."""
    if ".sh" not in block_text and ".py" not in block_text:
        return False
    for m in _SCRIPT_KEY.finditer(block_text):
        name = m.group(1)
        if (
            _SCRIPT_FILE.search(name)
            and _SCRIPT_FIGURE.search(m.group(2))
            and not T.tools_named(name.replace("_", " ").replace("-", " ").replace("/", " "))
            and not any(t in name for t in _TOOL_SCRIPTS)
        ):
            return True
    return False


# a command line running a script file ('bash scripts/check.sh', 'CONTAINER=box-1 ./smoke.sh',
# '$ python3 tools/probe.py --n 8'): perhaps a prompt, settings of the environment and an
# interpreter before the file. Anchored at the line's start, each part bounded: linear
_SCRIPT_RUN = re.compile(
    r"^[ \t]*(?:\$[ \t]+)?(?:[A-Za-z_]\w{0,40}=[^\s=]*[ \t]+){0,8}"
    r"(?:(?:bash|sh|zsh|python3?|uv[ \t]+run(?:[ \t]+python3?)?)[ \t]+)?"
    r"(?:\./)?(?P<name>[\w/-]{1,120}(?:\.[\w-]{1,20}){0,3}\.(?:sh|bash|py))(?=[ \t]|$)"
)


def script_run(line: str) -> bool:
    """Whether ``line`` is a command running the user's own script file (``_SCRIPT_RUN``): the
    lines printed below it are that script's, whatever engine it drove (an engine named only in
    a setting, a container's name, is the system under test). A file holding an engine's name
    or a tool's own benchmark script is left to the rules of its tool."""
    if ".sh" not in line and ".py" not in line and ".bash" not in line:
        return False
    if (m := _SCRIPT_RUN.match(line)) is None:
        return False
    name = m.group("name")
    return not T.tools_named(
        name.replace("_", " ").replace("-", " ").replace("/", " ")
    ) and not any(t in name for t in _TOOL_SCRIPTS)


def _compares_tool(heading: str) -> bool:
    """Whether the heading compares with a tool ('unlike vLLM', 'than SGLang'), not only
    configurations of one ('compared to when only MTP is enabled')."""
    return any(
        T.tools_named(heading[m.end() : m.end() + 40]) for m in _COMPARISON.finditer(heading)
    )


def _tool(
    block_text: str,
    heading: str,
    whole: Callable[[], list[str]],
    linked: Callable[[], set[str]] = set,
    declared: Callable[[], set[str]] = set,
    launched: Callable[[], set[str]] = set,
    measured: Callable[[], set[str]] = set,
    flagged: Callable[[], set[str]] = set,
    served: Callable[[], set[str]] = set,
    trainer: Callable[[str], bool] = lambda _: False,
    driving: Callable[[list[str]], str | None] = lambda _: None,
    script_ran: bool = False,
) -> tuple[str, str]:
    # a tool named only to set the figures apart ('(not vLLM)', 'Unlike SGLang, ...') is no
    # attribution
    def untrained(tools: list[str]) -> list[str]:
        # the tools but the framework that trained the draft (trainers.py), where others remain
        return [t for t in tools if not trainer(t)] or tools

    own = untrained(T.tools_attributed(block_text + "\n" + heading))
    if own and trainer(own[0]) and not trainer(untrained(whole() or own)[0]):
        own = []  # the block names only the trainer: the paste's server decides, as unnamed
    # a tool named only as another run's subject ('SGLang gets 2.58.'): not the printer
    others = T.other_runs(block_text + "\n" + heading) if own else set()
    if own and "|" in heading:
        # a row label of a table above, one of the runs it compares ('| Engine X ref | ...')
        others |= RLR.row_label_runs(heading) - set(T.tools_named(block_text))
    own = [t for t in own if t not in others]
    if own and ("_" in block_text or "--" in block_text):
        # a tool named only as bounding one of its settings ('vLLM caps max_num_seqs at 64'):
        # its scheduler told in a caveat, no printer of the figures (tools.setting_subjects)
        own = [t for t in own if t not in T.setting_subjects(block_text + "\n" + heading)]
    # a tool named only in a bracket citing another thread ('(vLLM, t/366660)'): not the printer
    cited = T.cited_only(block_text + "\n" + heading) if len(own) > 1 else set()
    own = [t for t in own if t not in cited] or own
    # a tool named only as the one left in a move to another ('moved from X to Y'): not the printer
    left = T.left_for(block_text + "\n" + heading) if len(own) > 1 else set()
    own = [t for t in own if t not in left] or own
    if len(own) > 1 and len(in_block := T.tools_attributed(block_text)) == 1:
        own = in_block  # the block's own title ('NVIDIA AIPerf | ...') over a heading's mention
    elif len(own) > 1 and not in_block and len(titled := _title_tool(heading, own)) == 1:
        # the line right above the block, its title, names one of them ('Speed, measured on
        # one card with SGLang 0.5') under lines naming several ('runs on SGLang / vLLM')
        own = titled
    # ('our own SGLang server' is SGLang's: a phrase naming a tool is no own program)
    own_printer = (
        any(
            not T.tools_named(m.group()) for m in _OWN_PRINTER.finditer(block_text + "\n" + heading)
        )
        or _checks_figures(block_text)
        or _script_keyed(block_text)
        # (the block is the output of a command right above it running the user's script)
        or script_ran
    )
    if (
        "vllm" in own
        and set(own) <= {"vllm", "sglang"}
        and DCP.sglang_pair(block_text)
        and "sglang" in whole()
    ):
        # SGLang's own key pair under a heading calling the block by vLLM's metrics name
        return "sglang", DCP.RULE
    if len(own) == 1:
        if _compares_tool(heading) and not T.tools_attributed(block_text):
            return own[0], "named in the heading beside a comparison"
        if own_printer:
            # the tool ran, the user's own script printed: its printing conventions do not apply
            return own[0], "named in the block or its heading; the user's own script printed it"
        return own[0], "named in the block or its heading"
    if own_printer and not own:
        return "unknown", "the user's own script or server printed the figures"
    if not own and (crate := T.log_target(block_text)) is not None:
        # the block's log lines name the module that logged them ('INFO fastserve::spec: ...')
        return crate, LOG_TARGET_RULE
    if len(own) > 1:
        if len(by := measured()) == 1 and by <= set(own):
            # several tools named (a trainer, a compared engine), one said to have measured
            return next(iter(by)), MEASURED_RULE
        if (bench := driving(own)) is not None:
            return bench, DRIVES_RULE
        if (server := T.server_launched(own, launched())) is not None:
            # a benchmark's framework named beside the one server it drives, the paste
            # starting that server by its own command and never the benchmark
            return server, SERVER_LAUNCHED_RULE
        return "unknown", "several tools named in the block: " + ", ".join(own)
    named = untrained(whole())
    if len(named) == 1 and named[0] in others:
        return "unknown", "a tool named only as another run beside the figures"
    if (
        set(named) <= {"sglang"}
        and (named or not others)
        # (or its key pair, then 'gen throughput' right after it and a number, the unit written
        # another way or the line wrapped after a comma: decode_pair.then_throughput)
        and (_DECODE_FIELDS.search(block_text) or DCP.then_throughput(block_text))
    ):
        # SGLang's Decode batch line quoted without its prefix, in a paste naming no other
        # tool: its own fields decide, before a mention or its flags (which leave a table or
        # a key-value line open to a client script's printing)
        return "sglang", DECODE_FIELDS_RULE
    if (
        set(named) <= {"vllm"}
        and (named or not others)
        and "Speculative metrics:" in block_text
        and _V0_FIELDS.search(block_text)
    ):
        # vLLM V0's metrics line quoted or cut short, in a paste naming no other tool: its own
        # fields decide, as SGLang's do above
        return "vllm", V0_FIELDS_RULE
    if len(named) > 1 and others and len(rest := [t for t in named if t not in others]) == 1:
        # 'This branch gets AL 2.93. SGLang gets 2.95.' in a paste that launches vLLM and links
        # SGLang's pull request: the tool named only as the compared run's subject is no
        # printer of the block's other figures; the one left decides where the paste's own
        # evidence (a link, a declared engine, a launch, a measuring phrase) names it
        for got, rule in (
            (linked, LINKED_RULE),
            (declared, DECLARED_RULE),
            (launched, LAUNCHED_RULE),
            (measured, MEASURED_RULE),
        ):
            if rest[0] in got():
                return rest[0], rule
    if len(named) == 1:
        if named[0] in linked():
            return named[0], LINKED_RULE
        if named[0] in declared():
            return named[0], DECLARED_RULE
        if named[0] in launched():
            return named[0], LAUNCHED_RULE
        if named[0] in measured():
            return named[0], MEASURED_RULE
        if named[0] == "sglang" and named[0] in flagged():
            return named[0], FLAGS_RULE
        if named[0] in served():
            return named[0], SERVED_RULE
        return named[0], "the only tool named in the paste"
    if named and len(by := measured()) == 1 and by <= set(named):
        # several tools named (a trainer, a compared engine), one said to have measured
        return next(iter(by)), MEASURED_RULE
    if len(named) > 1 and (bench := driving(named)) is not None and not others:
        return bench, DRIVES_RULE  # SpecForge's benchmark and the SGLang server it drives
    if not named and others:
        return "unknown", "a tool named only as another run beside the figures"
    if not named and T.tools_named(block_text + "\n" + heading):
        return "unknown", "a tool named only beside a contrast ('not', 'unlike', 'vs')"
    if not named and len(by := flagged()) == 1:
        # no tool named anywhere (the caller looks): the paste sets SGLang's own flags (or
        # llama.cpp's, or fills its bug-report form: no convention of the user's figures)
        tool = next(iter(by))
        return tool, FLAGS_RULE if tool == "sglang" else LLAMACPP_FLAGS_RULE
    if not named and len(by := launched()) == 1:
        # no tool named anywhere: the paste starts one engine's server by a script named for
        # it ('./serve_sglang_tp1.sh'), as a launch command does
        return next(iter(by)), LAUNCHED_RULE
    return "unknown", "no tool named" if not named else "several tools named in the paste"


# a paragraph opening with a figure alone in bold, then a dash, a colon, a full stop or the
# line's end ('**0%** — the draft ...', '**2.41**.')
_BOLD_LEAD = re.compile(
    r"^\s*\*\*(?P<v>[~≈]?\s*\d+(?:\.\d+)?\s*%?)\*\*(?P<rest>\s*(?:[—–:.,]|\s-\s|$).*)$"
)


# a title naming a figure that is no measurement ('## Target acceptance rate', '## Acceptance
# rate (simulated)')
_NOT_MEASURED_TITLE = re.compile(
    r"\b(?:typical|usual|expected|theoretical|ideal|assumed|hypothetical|simulated|desired|goal|"
    r"target|required|minimum|maximum|min|max|threshold|limit|estimated?|predicted|projected|"
    r"planned|budget)s?\b",
    re.I,
)


def _lead_under_title(first: tuple[int, str], above: str) -> tuple[int, str] | None:
    """A block's first line opening with a bold figure, just under a title (a markdown heading
    or a bold line) naming one acceptance figure and no value: that line as the title's figure
    and its value ('## Acceptance Rate' over '**0%** — ...' reads as 'Acceptance Rate: 0% — ...'),
    else None."""
    m = _BOLD_LEAD.match(first[1])
    if m is None or not _titles(above) or any(c.isdigit() for c in above):
        return None
    if I.heading_figure(above) is None or _NOT_MEASURED_TITLE.search(above):
        return None
    name = I.HEADING_MARK.sub("", above).strip()
    return first[0], f"{name}: {m.group('v')}{m.group('rest')}"


# words setting a title's tool against the block's run: a comparison, a baseline, a reference
_TITLE_ASIDE = re.compile(
    r"\b(?:vs\.?|versus|than|compar\w*|unlike|against|instead|not|baseline|reference|"
    r"previous|earlier|upstream)\b",
    re.I,
)


def _title_tool(heading: str, own: list[str]) -> list[str]:
    """The one tool of ``own`` the heading's last line (the block's title, right above it) names,
    not as another run's subject nor in contrast, where the heading's other lines name others;
    else []."""
    if "\n" not in heading:
        return []
    rest, title = heading.rsplit("\n", 1)
    if title.lstrip(" >*_`").startswith(("(", "[")) or _TITLE_ASIDE.search(title):
        return []  # an aside, or another run set against it ('(vLLM comparison used ...)')
    named = T.tools_attributed(title)
    if len(named) != 1 or named[0] not in own or T.other_runs(title):
        return []
    return named if set(T.tools_named(rest)) - set(named) else []


def _attributing(blk: list[tuple[int, str]], body: str, heading: str) -> tuple[str, str]:
    """The block's and its heading's text whose tool names may attribute its figures
    (``tools.attributing_text``: not a later section's title below them, nor a feature's
    origin). Leaving names out only takes attributions away: where the whole block and heading
    name several tools (which decides nothing), they are kept, so that no one of them is
    picked for a mention left out."""
    heading = _own_section(heading)
    kept = MROW.attributing([t for _, t in blk])
    if len(kept) < len(blk):
        # a table of metrics as rows: a tool named in a row is that row's (metric_rows.py)
        body = "\n".join(kept)
    own, head = T.attributing_text(kept, heading)
    if len(T.tools_attributed(body + "\n" + heading)) > 1:
        return body, heading
    return own, head


def _own_section(heading: str) -> str:
    """The lines above a block from its own markdown section on (the headings above kept): a
    previous section's last lines (a command, a sentence) are not the block's title."""
    lines = heading.split("\n")
    last = max((i for i, t in enumerate(lines) if _HEADING.match(t)), default=0)
    return "\n".join([t for t in lines[:last] if _HEADING.match(t)] + lines[last:])


def _only_in_notes(lines: list[tuple[int, str]], tool: str) -> bool:
    """Whether the paste names ``tool`` only in notes that speak of the tool's own behaviour
    ('Note: the current vLLM implementation samples greedily'), not of the measured run."""
    naming = [t for _, t in lines if tool in T.tools_named(t)]
    return bool(naming) and all(_NOTE.match(t) for t in naming)


# where scripts, code or weights are found ('Scripts available at SpecForge', 'code is in
# SGLang's repo', 'see vLLM's docs'): a pointer, not the run that measured the figures
_POINTER = re.compile(
    r"\b(?:available|hosted|released|published|found|kept)\s+(?:at|on|in|from|via|under)\b|"
    r"\b(?:scripts?|code|weights|checkpoints?|recipes?|configs?|docs|notebooks?)\s+"
    r"(?:are\s+|is\s+|live\s+|lives\s+)?(?:at|in|on|from|under)\b|"
    # 'see' telling where to look ('see vLLM's docs', '(see SGLang)'), never the verb of a
    # sentence ('I expected to see a high acc ... in vllm')
    r"(?:^|[(\[;:.!?]\s*|,\s*|\b(?:please|also)\s+)see\b|"
    # the code the paste's own engine is brought in line with or ported from ('to bring the
    # forward pass in line with vLLM's reference', 'ported from SGLang's kernel'): a reference,
    # not the run
    r"\bin\s+line\s+with\b|\bported\s+from\b|\ba\s+port\s+of\b|\bmodell?ed\s+(?:on|after)\b",
    re.I,
)


def _only_as_pointer(lines: list[tuple[int, str]], tool: str) -> bool:
    """Whether the paste names ``tool`` only after a pointer to where scripts, code or weights
    are found, never as what ran."""
    naming = [t for _, t in lines if tool in T.tools_named(t)]
    if not naming:
        return False
    for t in naming:
        m = _POINTER.search(t)
        if m is None or tool in T.tools_named(t[: m.start()]):
            return False
    return True


# a training loop's step counter ('step 400', 'step=400', 'global_step: 400', 'step 40/1200'): a
# whole number after 'step', not a rate per step ('tokens/step 2.4', 'per step: 3')
_STEP_COUNTER = r"(?<![\w/])(?<!per )(?:global_)?step\s*[=:]?\s*\d+(?:/\d+)?(?![\d.])"
# a line of a training loop: a loss beside a learning rate, an epoch or a step counter, in either
# order
_TRAINING = re.compile(
    r"\b(?:train_|training_)?loss\s*[=:]\s*[-\d.].*\b(?:lr|learning_rate|epoch)\s*[=:]\s*\d|"
    r"\b(?:lr|learning_rate|epoch)\s*[=:]\s*\d.*\b(?:train_|training_)?loss\s*[=:]\s*[-\d.]|"
    # (a trainer printing its keys and values apart by spaces: 'step 50/900 loss 1.93 lr 2e-05')
    r"\b(?:train_|training_)?loss[ \t]+\d+(?:\.\d+)?\b.*\b(?:lr|learning_rate)[ \t]+\d|"
    r"\b(?:lr|learning_rate)[ \t]+\d.*\b(?:train_|training_)?loss[ \t]+\d+(?:\.\d+)?\b|"
    # (a loss key beside a whole step counter, no learning rate printed: 'step 400
    # train_loss=3.1 heldout_acc=0.2 accepted_len=0.8'; a serving line prints no loss, and a
    # rate per step, 'tokens/step: 2.4', is no counter)
    rf"\b(?:train_|training_)?loss\s*[=:]\s*[-\d.].*{_STEP_COUNTER}|"
    rf"{_STEP_COUNTER}.*\b(?:train_|training_)?loss\s*[=:]\s*[-\d.]",
    re.I,
)
# a line the trainer tags as its evaluation ('[eval init] ... tokens/cycle 2.64', 'eval: tau 1.9',
# '12:01:07 [eval step 500] acc_len 2.1'): after at most two timestamp words and three
# bracketed log tags, the line opens on 'eval' (or 'evaluation', 'validation', 'val'); in a
# training loop's block it is that loop's evaluation of the draft (teacher-forced on held-out
# text), no served run
_EVAL_TAG = re.compile(
    r"^[ \t>*-]*(?:\d[\d:.,/T-]*[ \t]+){0,2}(?:\[[^\]\n]{0,40}\][ \t]*){0,3}\[?[ \t]*"
    r"(?:eval|evaluation|validation|val)\b",
    re.I,
)
# a banner line the trainer prints over its evaluation ('===== HELD-OUT SUMMARY =====', '[ab]
# --- validation ---', 'draft_a ### eval results ###'): after at most two timestamp words, three
# bracketed log tags and one name, a run of three or more '=', '-', '#' or '*', then (a word or
# two after it) a held-out, evaluation or validation word
_EVAL_BANNER = re.compile(
    r"^[ \t>]*(?:\d[\d:.,/T-]*[ \t]+){0,2}(?:\[[^\]\n]{0,40}\][ \t]*){0,3}"
    r"(?:[A-Za-z][\w.-]*[ \t]+)?[=#*-]{3,}[ \t]*"
    r"(?:[\w-]+[ \t]+){0,2}(?:held[- ]?out|eval(?:uation)?|validation|val)\b",
    re.I,
)


def _under_eval_banner(
    lines: list[tuple[int, str]], run_no: list[int], loop_blocks: set[int]
) -> set[int]:
    """The lines of a training loop's block from a banner over its evaluation down to the
    block's end ('===== HELD-OUT SUMMARY =====' over 'DRAFT overall=0.21 accepted_len=0.83'):
    the loop's evaluation of the draft, a training estimate, set aside with the loop."""
    out: set[int] = set()
    opened: int | None = None  # the block whose banner was passed
    for i, (_, t) in enumerate(lines):
        if run_no[i] not in loop_blocks or not t.strip():
            continue
        if opened != run_no[i] and _EVAL_BANNER.match(t):
            opened = run_no[i]
        if opened == run_no[i]:
            out.add(i)
    return out


# a loss key of its own ('base_loss=5.6', 'draft_loss: 2.1', 'loss=9.2'): a line of it right
# next to a training loop's line is that loop's output too (a trainer logging its loss and its
# estimates on one line, its step and learning rate on the next)
_LOSS_KEY = re.compile(r"(?:^|[\s,;|(\[{])[A-Za-z_]*loss\s*[=:]\s*[-\d.]", re.I)
_NOTE = re.compile(r"^\s*[*_>]*\s*(?:note|nb|caveat|warning|disclaimer)\b", re.I)


def read_paste(
    text: str,
    claimed: Collection[int] = (),
    is_claimed: Callable[[int, int], bool] | None = None,
    only_tool: str | None = None,
    skipped_only: Callable[[int, int], bool] | None = None,
    scanned: Callable[[], list[Figure]] | None = None,
) -> PasteReading:
    """Every record the structure readers find in ``text``. Blocks holding a line in
    ``claimed`` (lines the line scanner already read), or for which ``is_claimed(first line,
    last line)`` says so, are left to the line scanner. ``only_tool``: keep only records of
    that tool (``--engine``). ``skipped_only(first, last)``: whether the line scanner claims
    those lines only by lines it skipped (no record read there): such a block is still read
    by structure when its lines as the paste reads them (a '\\' continuation joined) are a
    server line a fresh line scanner reads, so the figure the input's line breaks hid from the
    line scanner is read once, not lost. ``scanned()``: the line scanner's records of the input
    as figures (line, length, rate), asked for only where a title's figure may round one."""
    lines = TX.prepare(text)
    # a spaced table copied with a blank line after every line, back in one block
    lines = SG.closed(lines)
    low = text.lower()  # (once a paste, for the substring gates below)
    if "accept" in low:
        # a table copied with single spaces, back as a pipe table (where no table reader
        # already reads its lines as a spaced table)
        # (one whose header cells and labels carry brackets, its rows perhaps notes, first)
        if "(" in text:
            lines = FT.bracketed(lines)
            # a figure's name, a bracketed qualifier, then its value ('accept length (offline)
            # 5.71'): the separator put after the bracket (bracket_qualified.py)
            if BQ.hinted(text):
                lines = BQ.separated(lines)
        # a bare 'accept' over labelled values joined by slashes ('head accept: chat .61 / code
        # .74'): one rate's list, an item a run (accept_list.py)
        if " / " in text:
            lines = ACL.listed(lines)
        # items of a list printed in a legend's format ('format accept/tok-s:' over "['58%/36.0',
        # '61%/37.2']"): each item's share named by the legend (legend_items.py)
        if "format" in low or "fmt" in low:
            lines = LGI.named(lines)
        # a figure's value, then its value on a subset after 'up to' ('..., up to 5.60 on
        # math'): the second its own clause, the first's unit carried (subset_peak.py)
        if SPK.hinted(low):
            lines = SPK.split(lines)
        # a figure's value, then in a bracket another run's value of it ('(2.41 for the old
        # head)'): the bracket a clause of its own at the sentence's end (bracket_for.py)
        if BFOR.hinted(text):
            lines = BFOR.split(lines)
        # a figure's value told near the ceiling printed after it ('accept length near the
        # ceiling of 3.46 out of 4'): the words placing it there taken out (near_ceiling.py)
        if NC.hinted(low, lowered=True):
            lines = NC.plain(lines)
        # a figure's value said with 'has' ('the accept length only has 1.41'): read as 'is'
        # (has_value.py)
        if HV.hinted(low, lowered=True):
            lines = HV.said(lines)
        # (a table of metrics as rows, its configurations' names single-spaced in the header)
        if "etric" in text or "easure" in text:
            lines = FT.metric_rows(lines)
        # (one whose header joins two columns by an arrow, 'Before → After', arrowed.py)
        if "→" in text or "->" in text:
            lines = ARW.arrowed(lines)
        lines = FT.respaced(lines, lambda blk: bool(TB.find(blk)[0]))
        # a paper's table flattened to one line under its header, back as a pipe table
        lines = FT.one_line(lines)
        # a YAML map of figures under the comment naming its keys and values
        lines = FT.keyed(lines)
    if EMC.told(text):
        # a table's bare 'emits' column where the prose says emitting counts tokens per verify
        # step (emits_column.py)
        lines = EMC.glossed(lines)
    if PNC.hinted(text):
        # a column of percentages the prose restates as acceptance ('at 71–83% acceptance'):
        # named acceptance rate (prose_named_column.py)
        lines = PNC.glossed(lines)
    if AOC.hinted(text):
        # a bare accepted column of shares of whole counts ('1 in 15', '10 of 24'): accepted
        # over drafted (accepted_of_column.py)
        lines = AOC.glossed(lines)
    if PCD.hinted(text):
        # a length column every row of which is its speed x its step time in ms: tokens a
        # step, the target's own counted (paced_column.py)
        lines = PCD.glossed(lines)
    if NOTE.told(text):
        # a row's note restating its figure as the tokens a verify step emits (note_restated.py)
        lines = NOTE.glossed(lines)
    if ATP.hinted(text):
        # per-position columns named 'Acc@0 | Acc@1' beside a length column (at_positions.py)
        lines = ATP.glossed(lines)
    if AL.hinted(text.lower(), text) and AL.setup(text):
        # α fields of a speculative-sampling setup's output ('Average alpha: 0.40' under a target
        # and an approximation model and gamma): that setup's acceptance rate (alpha.py)
        lines = [(ln, AL.glossed(t)) for ln, t in lines]
    cache: list[list[str]] = []

    def whole_tools() -> list[str]:  # the tools the whole paste names, looked up once if needed
        if not cache:
            cache.append(T.tools_attributed(T.without_origins(MROW.without_rows(text))))
        return cache[0]

    links: list[set[str]] = []

    def linked_tools() -> set[str]:  # the tools the paste links to, looked up once if needed
        if not links:
            links.append(T.linked(text))
        return links[0]

    decl: list[set[str]] = []

    def declared_tools() -> set[str]:  # the tools the paste's backend fields name, once
        if not decl:
            decl.append(T.declared(text))
        return decl[0]

    bench: list[set[str]] = []

    def bench_tools() -> set[str]:  # the tools whose command runs what prints the tables, once
        if not bench:
            bench.append(T.bench_launched(text))
        return bench[0]

    launch: list[set[str]] = []

    def launched_tools() -> set[str]:  # the tools whose servers the paste starts, once
        if not launch:
            launch.append(T.launched(text))
        return launch[0]

    meas: list[set[str]] = []

    def measuring_tools() -> set[str]:  # the tools the paste says measured it, once
        if not meas:
            meas.append(T.measured_with(text))
        return meas[0]

    flags: list[set[str]] = []

    def flagged_tools() -> set[str]:  # SGLang's own flags, where the paste names no other tool
        if not flags:
            # (nor SGLang only beside a contrast, 'unlike SGLang')
            by = T.flagged(text)
            alone = not T.tools_named(text) or (len(by) == 1 and whole_tools() == list(by))
            flags.append(by if alone else set())
        return flags[0]

    serv: list[set[str]] = []

    def served_tools() -> set[str]:  # the tools the paste names as its runs' server, once
        if not serv:
            serv.append(T.served(text))
        return serv[0]

    ks: list[int | None] = []

    def paste_k() -> int | None:  # the one k the paste states, looked up once if needed
        if not ks:
            ks.append(I.k_stated(text))
        return ks[0]

    def spec_anywhere(here: str) -> bool:  # speculation named in the paste or here
        return _SPEC_CONTEXT.search(text) is not None or _SPEC_CONTEXT.search(here) is not None

    def named_anywhere() -> bool:  # the paste names acceptance and speculation somewhere
        return _ACCEPT_STEM.search(text) is not None and _SPEC_CONTEXT.search(text) is not None

    claimed_set = set(claimed)
    # the paste speaks of acceptance somewhere ('acceptance uplift'): '@ 93%' cells are rates
    accept_word = _ACCEPTANCE_WORD.search(text) is not None  # (once a paste)
    # a rate said measured with no measure's name ('the corrected rate of 0.485'), in a paste
    # naming speculation, acceptance and no other rate: the acceptance rate (bare_rate.py)
    bare_rates = accept_word and BR.only_acceptance_rates(text)  # (once a paste)
    # the checks a paste states in code ('last_accept_rate > 0.825'), for the failed
    # assertions' values pytest prints (asserted.py; once a paste, where 'assert' is in it)
    stated_checks = ASRT.checks(text)
    # the paste may run SGLang's bench_serving (bench_serving_table.py; once a paste)
    bench_serving = BST.hinted(text)
    # the paste names the steps setting ('a static `num_steps`': steps_setting.py; once a paste)
    steps_setting = SSET.hinted(text)
    acceptance_named = "@" in text and (
        # (or a table's speeds at a share beside a baseline's bare speed: at_baseline.py)
        accept_word or ATB.speeds_at_shares(text)
    )
    defined: dict[str, str] | None = None  # column names the prose defines, looked up once
    line_at: dict[int, str] | None = None  # the paste's lines by number, built once where asked
    syms: list[tuple[int, str, str]] | None = None  # symbols the prose defines, looked up once
    notes_only: dict[str, bool] = {}  # per tool: named only in notes, looked up once
    pointer_only: dict[str, bool] = {}  # per tool: named only as where scripts are, once
    usage_only: dict[str, bool] = {}  # per tool: named only to say how to run the model, once
    setup_only: dict[str, bool] = {}  # per tool: named only in another source's setup, once
    # (the raw lines: fences are gone from the prepared ones)
    impossible = CEX.regions(list(enumerate(text.split("\n"), 1)))
    trainer_only: dict[str, bool] = {}  # per tool: named only as what trained the draft, once
    paper: bool | None = None  # whether the paste is a paper's text, looked up once
    records: list[PasteRecord] = []
    block_of: list[int] = []
    named_headers: dict[str, str] = {}  # table headers of blocks named beside a tool
    # per-position tables keyed by K that no reader read (block, table), for a K sweep beside
    sweep_positions: list[tuple[int, KS.PositionTable]] = []
    # per-position tables alone in their blocks under no title (block, table), for a twin above
    untitled_positions: list[tuple[int, KS.PositionTable]] = []
    unread: list[Block] = []
    ignored: list[Block] = []
    n_blocks = 0
    prev_lines: list[str] = []
    section = ""  # the last markdown heading above the block
    card_title: str | None = None  # the model card the last heading or bold title names
    # the figures tables of the paste printed, for prose that quotes them
    table_figures: set[tuple[float | None, float | None]] = set()
    counted_figures: set[tuple[float | None, float | None]] = set()  # ... and run counts gave
    # the rows tables read, by their label's name and their figure as printed (_row_key)
    # (with that row's table's header and its cells: a later table laid out alike, its row's
    # other cells different, is another run, relaid_rows.py)
    table_rows: dict[
        tuple[str, str, str, str, str],
        tuple[tuple[tuple[str, ...], ...] | None, tuple[str, ...]],
    ] = {}
    summary_figures: set[tuple[float | None, float | None]] = set()  # ... key-value summaries
    work_only = _work_acceptance(text)  # a paste of work items' acceptance, no model's
    # (a document whose prose speaks of no speculative decoding: a bare 'Acceptance' column is
    # of something else)
    no_model = _DECODING.search(text) is None and (
        _SPEC_CONTEXT.search(text) is None or _tau_of_other_model(text)
    )
    no_spec = no_model and _PROSE_LINE.search(text) is not None
    # (and such a paste's other meaning named in any of its blocks, or a window of calendar days)
    work_only = work_only or _other_paste(text, no_model)
    # (or a paste whose title or most of whose blocks name that meaning, no speculative word)
    work_only = work_only or _other_titled(text)
    # (or decisions on items: an acceptance rate beside a rejection rate, no model's decoding)
    work_only = work_only or (no_model and _verdict_rates(text))
    knob_named = NR.forcing_topic(text)  # the paste names a knob forcing acceptance (notrun.py)
    # lines inside a string or a targets' dict the paste's source code assigns (assigned.py)
    assigned = AS.marks(lines) if AS.gate(text) else {}
    # the values with decimals an acceptance setting's line gives (a flag, a script's or a
    # config's assignment, a forcing knob): its line and name, by the value as printed
    set_at: dict[str, tuple[int, str]] = {}
    required = T.required(text)  # the engines a recipe's version fields require (tools.py)
    # the last line of the last table read and the acceptance figure it read (both_items.py)
    table_above: tuple[int, str | None] = (-10, None)
    training = (
        [i for i, (_, t) in enumerate(lines) if "loss" in t.lower() and _TRAINING.search(t)]
        if "loss" in text.lower()
        else []
    )
    if training:
        # a line with a loss key right next to a loop's line (the line above or below, no blank
        # between): the same loop's output ('d: base_loss=5.6 accept_len=1.16' over
        # 'epoch=0 step=100 loss=9.3 lr=2e-05')
        loop = set(training)
        training = sorted(
            loop
            | {
                i
                for i, (_, t) in enumerate(lines)
                if i not in loop
                and ((i - 1) in loop or (i + 1) in loop)
                and "loss" in t.lower()
                and _LOSS_KEY.search(t)
            }
        )
    if training:
        # a line tagged as the trainer's evaluation in the loop's block (no blank line between):
        # the loop's estimate of the draft, set aside with it ('[eval init] ... tokens/cycle
        # 2.64' above 'step 50/900 loss 1.93 lr 2e-05')
        run_no, b = [], 0  # per line, the run of non-blank lines it is in
        for _, t in lines:
            b += not t.strip()
            run_no.append(b)
        loop_blocks = {run_no[i] for i in training}
        loop = set(training)
        training = sorted(
            loop
            | {
                i
                for i, (_, t) in enumerate(lines)
                if i not in loop and run_no[i] in loop_blocks and t.strip() and _EVAL_TAG.match(t)
            }
            | _under_eval_banner(lines, run_no, loop_blocks)
        )
    own_training = bool(training)  # the paste's own training run set aside (loop or trajectory)
    ratio_records: list[PasteRecord] = []
    if only_tool is None and "ompression" in text:
        # lookahead decoding's compression ratio, one line a run under a '(setting,
        # compression_ratio)' header (compression.py): a block of their own
        ratio_records = CP.records(lines, text)
        read_lines = {r.first_line for r in ratio_records}
        for i, (ln, _) in enumerate(lines):
            if ln in read_lines:
                lines[i] = (ln, "")
    if (only_tool is None or only_tool == "llamacpp") and LAS.hinted(text):
        # llama.cpp's lookahead summary ('W = 12' ... 'n_predict = 96', 'n_accept = 21'): an
        # accepted count alone, no figure (lookahead_summary.py)
        looked = LAS.records(lines)
        ratio_records += looked
        read_lines = {r.first_line for r in looked}
        lines = [(ln, "" if ln in read_lines else t) for ln, t in lines]
    if only_tool is None and "," in text:
        # two whole counts in brackets under a rate's name ('Acceptance rate: [812, 655]'),
        # which is which not said: a record of no figure; a pair of zeros none (counted.py)
        pairs, zeros = CT.count_pairs(lines, text)
        ratio_records += pairs
        ignored.extend(Block(ln, ln, CT.ZERO_PAIR, (t,)) for ln, t in lines if ln in zeros)
        read_lines = {r.first_line for r in pairs} | set(zeros)
        lines = [(ln, "" if ln in read_lines else t) for ln, t in lines]
    if training:
        # a training loop's progress ('loss=9.1, lr=9e-05, tau=1.04', a draft trainer's
        # 'train_tau_sim=1.04' among them): its figures, a simulated or estimated accept length
        # included, are the draft's training estimates, no run's acceptance; the lines are
        # shown as skipped
        ignored.append(
            Block(
                lines[training[0]][0],
                lines[training[-1]][0],
                "a training loop's progress (loss, learning rate): no serving measurement",
                tuple(lines[i][1] for i in training[:MAX_SHOWN]),
            )
        )
        for i in training:
            lines[i] = (lines[i][0], "")
    upper: list[str] = []  # the markdown headings above the block, the nearest first
    # the accept length the prose of the block just before named ('a mean acceptance length of
    # 2.9'): the next paragraph may state another without the name ('the older build printed
    # 1.9'), as a reply does
    length_named: C.Key | None = None
    # ... and whether the block just before defined it ('accept len: accepted draft tokens plus
    # one target token per verification, divided by the verifications'): a key-value block may
    # state it again without its name too ('the live value correctly reported 1.25')
    length_defined = False
    listed_lines = {n for n, _ in lines}
    n_raw = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    # (a bullet list inside a paragraph under the sentence naming its figure: a block of its
    # own, lead_list.py)
    all_blocks = [part for blk_ in TX.blocks(lines) for part in LL.split(blk_)]
    titles: dict[int, str] = {}  # per block read: the bold line alone that titles its run
    prev_blk: list[tuple[int, str]] = []
    # the last bullet list read under a figure's name: that heading, its shape, its leaves
    # (labels, figure), for a list repeating it under no name of its own (bullets.shape)
    last_list: (
        tuple[
            str,
            tuple[tuple[int, str, bool], ...],
            set[tuple[tuple[tuple[str, str], ...], tuple[float | None, float | None]]],
        ]
        | None
    ) = None
    marked_below: str | None = None  # the statement above that the figures are not measured
    folded = "\n".join(t for blk in all_blocks for _, t in blk).casefold()
    # a draft trainer's summary table's acceptance figures: prose stating one is its training
    trained = I.training_figures(all_blocks) if "loss" in folded else set()
    # a table's captioned as a proxy: a prose or key-value line stating one tells it again
    proxied: set[tuple[float | None, float | None]] = (
        {(x, x) for x in I.proxy_figures(all_blocks)} if "prox" in folded else set()
    )
    marks = any(w in folded for w in _MARK_WORDS)
    # a case supposed above, then worked out ('Suppose ...:' ... 'For the example above:'): the
    # lines from the turn back to it are its arithmetic (notrun.worked_case_marks, once a paste)
    worked_case = (
        NR.worked_case_marks([x for blk_ in all_blocks for x in blk_])
        if any(w in folded for w in NR.SUPPOSED_WORDS)
        else {}
    )
    # the paste's statement above that it holds no measurement (_NO_MEASUREMENT)
    disclaims, disclaimed = "measurement" in folded, None
    plans: bool | None = None  # (whether the paste plans its figures: once, when asked)
    # per line, whether its section (the lines since the last markdown heading above it) says
    # its figures were measured ('measured on MT-Bench (80 prompts)'): a table under an
    # 'Expected results' heading there is a run the section measured, read (once a paste)
    said_measured: dict[int, bool] = {}
    if "measured" in folded:
        state = False
        for blk_ in all_blocks:
            for ln, t in blk_:
                said_measured[ln] = state
                if _HEADING.match(t):
                    state = False
                elif _MEASURED_SAID.search(t):
                    state = True
    # a statistics sentence read as its table's row (stat_sentence.py): its line, its end
    stat_said: dict[int, int] = {}
    for bi, blk in enumerate(all_blocks):
        if stat_said and any(ln in stat_said for ln, _ in blk):
            blk = [(ln, SSN.blank(t, stat_said[ln]) if ln in stat_said else t) for ln, t in blk]
        lead_title = _bold_lead(blk, prev_blk)
        held_mark = marked_below
        for _, t in blk if marks else ():
            if (m := _MARKS_BELOW.search(t)) is not None and not _HEADING.match(t):
                marked_below = m.group(0)
            elif _HEADING.match(t) or _MEASURED_BELOW.search(t):
                marked_below = None
        for _, t in blk if disclaims else ():
            if (m := _NO_MEASUREMENT.search(t)) is not None:
                disclaimed = m.group(0)
            elif _MEASURED_BELOW.search(t):
                disclaimed = None
        prev_blk = blk
        # the input's last line the block covers: a line joined onto one above (a wrapped
        # server line) is no longer listed, but the line scanner reads it
        raw_last = blk[-1][0]
        while raw_last + 1 not in listed_lines and raw_last + 1 <= n_raw:
            raw_last += 1
        before, length_named = length_named, None
        defined_before, length_defined = length_defined, False
        if prev_lines and (lead := _lead_under_title(blk[0], prev_lines[-1])) is not None:
            # a paragraph opening with a bold figure under a title naming it ('## Acceptance
            # Rate' over '**0%** — the draft ...'): the title's figure, that value
            blk = [lead, *blk[1:]]
        heading = "\n".join(prev_lines[-3:])
        if section and section not in prev_lines[-3:]:
            # the markdown heading of the section the block sits in titles it too
            heading = section + "\n" + heading
        if (cap := _caption_below(blk, all_blocks[bi + 1 : bi + 2])) and not _title(
            blk, blk[0][0], heading
        ):
            # a table with no title above and its numbered caption below ('Table 2: Acceptance
            # lengths ...'): the caption titles it
            heading = heading + "\n" + cap
        elif (
            bi
            and "|" in blk[0][1]
            and blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
            and (cap := _caption(all_blocks[bi - 1][-1][1]))
            and not _title(blk, blk[0][0], heading)
        ):
            # a paper's numbered caption right above its table ('Table 2. Acceptance lengths
            # ...' over '| Task | ... |'): it titles the table the same way
            heading = heading + "\n" + cap
        elif (
            bi
            and "|" in blk[0][1]
            and blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
            and (cap := _paragraph_caption(all_blocks[bi - 1]))
            and not _STRONG.search(_title(blk, blk[0][0], heading))
        ):
            # a caption paragraph right above the table, wrapped over its lines, its first
            # sentence naming the figure ('Accepted drafts per step (the length less the
            # bonus), same prompts, greedy. Quality in parentheses.'): it titles the table,
            # over a title above naming no figure ('## Results')
            heading = heading + "\n" + cap
        prev_lines.extend(t for _, t in blk[-3:])
        section = next((t for _, t in reversed(blk) if _HEADING.match(t)), section)
        # a section headed as a model card's figures ('### Acceptance (model card of X)', a bold
        # title line alike, to the next heading or bold title): quoted
        if (top := next((t for _, t in reversed(blk) if _titles(t)), None)) is not None:
            card_title = CIT.card_section(top) or REL.others_heading(top)
        # ... or as others' figures ('### Numbers from other projects': relayed.py)
        card = (
            CIT.card_section(section) or REL.others_heading(section) if section else None
        ) or card_title
        upper_here = upper
        # (a web page's heading copied as text, a line alone closed by ':', titles as one)
        titles_here = [t for _, t in reversed(blk) if _titles(t)]
        if len(blk) == 1 and not titles_here and _COLON_TITLE.match(blk[0][1]):
            titles_here = [blk[0][1]]
        upper = (titles_here + upper)[:MAX_UPPER]
        body = "\n".join(t for _, t in blk)
        if len(blk) > MAX_BLOCK_LINES:
            if _CANDIDATE.search(body):
                unread.append(
                    Block(
                        blk[0][0],
                        blk[-1][0],
                        f"a block of more than {MAX_BLOCK_LINES:,} lines with no blank line: not "
                        "read as tables, key-value runs or prose (split it with blank lines)",
                        tuple(t for _, t in blk[:MAX_SHOWN]),
                    )
                )
            continue
        if KSH.hinted(body) and (short := [(ln, KSH.rewrite(t)) for ln, t in blk]) != blk:
            # vLLM's draft count named on a line, then written short ('num=1/2/3'): k (k_short)
            blk, body = short, "\n".join(t for _, t in short)
        if BI.hinted(body):
            # 'label: N% both' items, named by the sentence or the table right above (both_items)
            above_name = table_above[1] if blk[0][0] - table_above[0] <= 3 else None
            blk = [(ln, BI.rewrite(t, above_name)) for ln, t in blk]
            body = "\n".join(t for _, t in blk)
        if ("`" in body or "(" in body or "[" in body) and (
            offset := DF.offset_expressions(blk)
        ) is not blk:
            # a formula offsetting an acceptance name by a whole number ('`AL - 1`'): no
            # figure of it (defined.py)
            blk, body = offset, "\n".join(t for _, t in offset)
        if "where" in body and (worked := DF.formula_inputs(blk)) != blk:
            # a formula's acceptance symbol worked out for chosen values ('r = 0.7 -> 3.3x'
            # under 'gain = 1 / (1 - r), where r = acceptance rate'): blanked (defined.py)
            blk, body = worked, "\n".join(t for _, t in worked)
        candidate = (
            _CANDIDATE.search(body)
            # 'the speculative decoding length is stuck at 1': the accept length (arrival.py)
            or A.stuck_named(body)
            or (
                # a speculative method as the subject of a level ('MTP was stable at ~58%') in
                # a paste naming acceptance (method_level.py)
                accept_word and ML.hinted(body) and ML.rewrite(body) != body
            )
            or (bare_rates and BR.rewrite(body) != body)
            or (
                # a table under a title naming its figure ('### Acceptance Lengths')
                _STRONG.search(_title(blk, blk[0][0], heading))
                and ("|" in body or any(g.structure == "spaced table" for g in TB.find(blk)[0]))
            )
            or (
                # EAGLE's τ spelled out ('tau = 3.1'), beside speculation only (Kendall's tau,
                # a time constant)
                _TAU_WORD.search(body) is not None
                and (
                    _SPEC_CONTEXT.search(body + heading) is not None
                    or ("cycles" in body.lower() and _TAU_COUNTS.search(body) is not None)
                )
            )
            or (
                # a bare τ column whose run without drafts prints exactly 1 beside runs above
                # it ('| Baseline (bs=1) | ... | 1.00 |' over '| Static (bs=8) | ... | 5.40 |'):
                # tokens a step against the one token of plain decoding, a speculative table
                "|" in body and _TAU_WORD.search(body) is not None and I.tau_baseline_table(body)
            )
            or (
                # α measured beside speculation ('we measured alpha = 0.45'; alpha.py)
                AL.hinted(body.lower(), body) and _SPEC_CONTEXT.search(body + heading)
            )
        )
        if not candidate and accept_word and PSUM.held(body):
            # a length joined by 'and' to its per-position rates, 1 + their sum, in a paste
            # naming acceptance ('mean length 3.2 and per-position 0.9 / 0.7 / 0.6';
            # position_sum.py)
            candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and SEM.hinted(body.lower())
            and spec_anywhere(body)
            and next(SEM.spans(body), None) is not None
        ):
            # a verify step emitting its tokens in a paste naming speculation ('每轮验证用时
            # 20ms,平均产出2个token'; step_emits.py)
            candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and "|" in body
            and (_MAL_HEAD.search(body) or _BLOCK_EFF.search(body))
            and (_ACCEPT_STEM.search(text) or _SPEC_CONTEXT.search(text))
        ):
            # a table headed 'MAL' (the mean acceptance length of speculators' eval output) or
            # 'Block Eff.' (blockwise decoding's tokens a target call: cells.py) in a paste
            # speaking of acceptance or speculation (interpret._mal_column)
            candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and acceptance_named
            and "|" in body
            and (
                _AT_CELL.search(body)
                or (_AT_CELL_BARE.search(body) and I.AT_LEGEND.search(heading))
            )
        ):
            # a table of speeds measured at a rate ('3.90 t/s @ 93%') in a paste that speaks
            # of acceptance
            candidate = _TABLE_MARK.search("|")
        if not candidate and "|" in body and "measured" in text:
            # a table whose bare symbol a heading names as what was measured ('### `a`,
            # measured' over '| domain | `a` |')
            if defined is None:
                defined = I.definitions(text)
            if defined and any(
                C.norm(c)[0] in defined for g in TB.find(blk)[0] for row in g.header for c in row
            ):
                candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and ("step" in body or "call" in body)
            and any(next(I.bare_quotient(t), None) is not None for _, t in blk)
        ):
            # a bare quotient of decoded tokens over the target's steps ('decoding step:
            # 17778, large model step: 4605, 3.86')
            candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and upper_here
            and any(I.heading_figure(h) for h in upper_here)
            and not (B.item(blk[0][1]) is not None and B.metric_named(heading) is not None)
            and TB.find(blk)[0]
        ):
            # a table under a heading further up naming its figure ('## Acceptance Length vs
            # Context Length', then prose, then '### Eagle3: ...' over the table)
            candidate = _TABLE_MARK.search("|")
        if not candidate and accept_word and "|" in body:
            # a table whose figure a later line names while restating one of its cells
            # (restated_title.py)
            if line_at is None:
                line_at = dict(lines)
            if any(RTT.title(g, _lines_after(line_at, g.last_line)) for g in TB.find(blk)[0]):
                candidate = _TABLE_MARK.search("|")
        if (
            not candidate
            and STH.hinted(body, text)
            and any(STH.reduced(g, text) for g in TB.find(blk)[0])
        ):
            # statistics of one figure a row ('| bs | mean | p50 |') under prose naming it
            # ('Metric = per-request spec_accept_length'; stat_header.py)
            candidate = _TABLE_MARK.search("|")
        # a bullet list of values under prose naming their figure
        # (or a list of accepted / drafted counts whose items name acceptance: '0 / 40
        # accepted tokens', beside a line of words alone)
        listed = (
            (not candidate or B.counts_listed(blk))
            and B.item(blk[0][1]) is not None
            and B.metric_named(heading) is not None
        )
        repeated = (
            last_list
            if not candidate
            and not listed
            and last_list is not None
            and B.item(blk[0][1]) is not None
            and B.metric_named(heading) is None
            and B.shape(blk) == last_list[1]
            # (values that figure can take: the tool is decided below, none needed here)
            and B.read(blk, last_list[0], ("unknown", "", SUMMARY), changes=True)
            else None
        )
        # a title line naming one figure over plain 'label: value' lines ('Acceptance length
        # by category' / 'coding: 3.41' / 'math: 3.20')
        titled = B.titled(blk) and spec_anywhere(body + "\n" + heading)
        proved = (
            I.proved_pairs(blk, paste_k())
            if not candidate and not listed and "/" in body and named_anywhere()
            else []
        )
        if not candidate and not listed and not proved and not titled and repeated is None:
            if (
                "|" in body
                and _POSITION_HEAD.search(blk[0][1])
                and not _WORD.search(_TAG.sub("", heading))
            ):
                # a per-position table under no title: one a twin's header may name below
                grids_, used_ = TB.find(blk)
                pts = [pt for g in grids_ if (pt := KS.positions_table(g)) is not None]
                if pts and len(used_) == len(blk):
                    n_blocks += 1
                    untitled_positions.extend((n_blocks, pt) for pt in pts)
                    continue
            if NR.set_hinted(body):
                # (a script or a config setting an acceptance figure, no figure read: its
                # values, for prose telling them again)
                sets = NR.setting_marks([t for _, t in blk])
                _note_settings(blk, {blk[i][0]: m for i, m in sets.items()}, set_at)
            if before is not None and I.restates_length(body) and not TB.find(blk)[0]:
                n_blocks += 1
                if lead_title is not None:
                    titles[n_blocks] = lead_title
                _restated(blk, before, records, block_of, n_blocks)
            continue
        page = _exposition(blk)
        if page is not None:
            # a /metrics page (or its grep), under at most a command line or a title; its lines
            # the parser refuses are skipped (shown as unread), the others read
            bad = _unparsed(page)
            if bad:
                unread.append(
                    Block(
                        bad[0][0],
                        bad[-1][0],
                        "lines of a /metrics page that do not parse as Prometheus text "
                        "(skipped; the page's other lines read)",
                        tuple(t for _, t in bad)[:MAX_SHOWN],
                    )
                )
                page = [ln for ln in page if ln not in bad]
            recs = _counters_record(page) if page else None
            if recs:
                n_blocks += 1
                records.extend(recs)
                block_of.extend([n_blocks] * len(recs))
            elif recs is not None and _SPEC_CONTEXT.search("\n".join(t for _, t in page)):
                unread.append(
                    Block(
                        page[0][0],
                        page[-1][0],
                        "a /metrics page without the engine's speculation counters or gauges "
                        "read here",
                        tuple(t for _, t in page)[:MAX_SHOWN],
                    )
                )
            continue
        if claimed_set and any(ln in claimed_set for ln, _ in blk):
            continue
        if (
            is_claimed is not None
            and is_claimed(blk[0][0], max(blk[-1][0], raw_last))
            and not _cut_and_unread(blk)
            and not _unflattened_unread(blk)
            and not (
                skipped_only is not None
                and skipped_only(blk[0][0], max(blk[-1][0], raw_last))
                and _fresh_reads(blk)
            )
        ):
            continue
        n_blocks += 1
        if lead_title is not None:
            titles[n_blocks] = lead_title
        shown = Block(blk[0][0], blk[-1][0], "", tuple(t for _, t in blk[:MAX_SHOWN]))
        if (
            work_only
            or _other_meaning(body, heading)
            or (no_spec and _bare_acceptance(body))
            or (no_model and PO.sentences_only(body))
        ):
            ignored.append(
                Block(
                    shown.first_line,
                    shown.last_line,
                    "'acceptance' in another meaning (no speculative-decoding word)",
                    shown.lines,
                )
            )
            continue
        foreign = [
            (ln, t)
            for ln, t in blk
            if _OTHER_LINE.search(t) and _names_other(t) and not _SPEC_CONTEXT.search(t)
        ]
        if foreign:
            # a line of a sampler's or a review's acceptance inside a block that speaks of
            # speculative decoding elsewhere: that line is not read
            ignored.append(
                Block(
                    foreign[0][0],
                    foreign[-1][0],
                    "'acceptance' in another meaning on this line (no speculative-decoding word)",
                    tuple(t for _, t in foreign[:MAX_SHOWN]),
                )
            )
            blk = [(ln, t) for ln, t in blk if (ln, t) not in foreign]
            body = "\n".join(t for _, t in blk)
            if not blk or not _CANDIDATE.search(body):
                continue
        title = _title(blk, blk[0][0], heading)
        # (a title line opening the block over its body, '# Expected results' over a dict,
        # titles it as a heading above would)
        own = _title(blk, blk[1][0], "") if len(blk) > 1 and _titles(blk[0][1]) else ""
        mark = _illustrative(title) or _generic(title) or _illustrative(own) or _generic(own)
        if mark is not None:
            unread.append(dataclasses.replace(shown, reason=_illustrative_reason(mark, "title")))
            continue
        if _OUTPUT_TITLE.match(title.strip()) and (
            plans := _plans_figures(all_blocks, folded) if plans is None else plans
        ):
            unread.append(
                dataclasses.replace(
                    shown,
                    reason=f"a command's output ({title!r}) shown in a plan of expected figures, "
                    "no run measured: no record",
                )
            )
            continue
        if disclaimed is not None:
            unread.append(
                dataclasses.replace(
                    shown,
                    reason=f"the paste says it holds no measurement ({disclaimed!r}): no record",
                )
            )
            continue
        if _quoted_abstract(title, blk[0][1], text):
            unread.append(
                dataclasses.replace(
                    shown,
                    reason="a paper's abstract quoted (the paper linked): its published "
                    "figures, no run of the paste: no record",
                )
            )
            continue
        if (
            bi
            and "|" in blk[0][1]
            and blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
            and (heard := CIT.hearsay_caption(all_blocks[bi - 1][-1][1])) is not None
        ):
            unread.append(
                dataclasses.replace(
                    shown,
                    reason=f"figures gathered from {heard!r} (the caption above the table): "
                    "other people's runs quoted, no run of the paste",
                )
            )
            continue
        if card is not None:
            unread.append(
                dataclasses.replace(
                    shown,
                    reason=f"figures of {card!r} quoted (the section's heading): no run of the paste",
                )
            )
            continue
        if held_mark is not None:
            # a paragraph above, in this section, says the figures below are not measured
            unread.append(
                dataclasses.replace(shown, reason=_illustrative_reason(held_mark, "text above"))
            )
            continue
        if heading and (mark := FX.mark(heading.rsplit("\n", 1)[-1])) is not None:
            # the line right above introduces the block as a test fixture's or a mock's output
            unread.append(dataclasses.replace(shown, reason=_illustrative_reason(mark, "title")))
            continue
        if heading and (
            example := FX.format_example(heading.rsplit("\n", 1)[-1], "\n".join(t for _, t in blk))
        ):
            # the line right above names the file it shows as a template and the block elides
            # members: a program's documented output format, no run (fixtures.py)
            unread.append(
                dataclasses.replace(shown, reason=f"figures of {example!r} (the title): no run")
            )
            continue
        if impossible and (
            over := next((impossible[ln] for ln, _ in blk if ln in impossible), None)
        ):
            # a fence or a paragraph accepting more draft tokens than it drafted: no run printed
            # it (counts_exceed.py)
            unread.append(dataclasses.replace(shown, reason=CEX.reason(over)))
            continue
        marked = _marks(blk, knob_named)
        for ln, _ in blk if worked_case else ():
            if ln in worked_case:
                marked.setdefault(ln, f"a worked example: {worked_case[ln]!r}")
        for ln, _ in blk if assigned else ():
            if ln in assigned:
                marked.setdefault(ln, assigned[ln])
        _note_settings(blk, marked, set_at)
        tool, rule = _tool(
            *_attributing(blk, body, heading),
            whole_tools,
            linked_tools,
            declared_tools,
            launched_tools,
            measuring_tools,
            flagged_tools,
            served_tools,
            lambda t: (
                trainer_only[t]
                if t in trainer_only
                else trainer_only.setdefault(t, TRN.only_as_trainer(lines, t))
            ),
            lambda tools: T.driving(tools, text),
            # (the command opening the block, or on the line right above it)
            script_ran=script_run(blk[0][1])
            or (
                bi > 0
                and blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
                and script_run(all_blocks[bi - 1][-1][1])
            ),
        )
        if rule == SERVED_RULE and T.another_source(body + "\n" + heading):
            # the served tool's convention is the run's, not a paper's or a card's figure's
            rule = "the only tool named in the paste"
        if tool != "unknown" and (rule in CONVENTION_RULES or rule == SERVED_RULE):
            if paper is None:
                paper = T.paper_text(text)
            if paper and not T.own_metric(tool, body):
                # the engine a paper's experiments ran on: its figures are the paper's own
                # metrics, computed by its authors, not the engine's printed lines (but a
                # figure under the engine's own metric name, 'sglang:spec_accept_length')
                rule = T.PAPER_RULE
        if tool != "unknown" and tool not in notes_only:
            notes_only[tool] = _only_in_notes(lines, tool)
        if tool != "unknown" and notes_only[tool]:
            tool, rule = "unknown", f"no tool named but in a note on {tool}'s own behaviour"
        if tool != "unknown" and tool not in pointer_only:
            pointer_only[tool] = _only_as_pointer(lines, tool)
        if tool != "unknown" and pointer_only[tool]:
            tool, rule = "unknown", f"no tool named but as where {tool}'s scripts or code are"
        if tool != "unknown" and tool not in usage_only:
            usage_only[tool] = USE.only_in_usage(lines, tool)
        if tool != "unknown" and usage_only[tool]:
            # 'You can use this draft in <tool> with:' and its launch command: where a reader
            # may run the model, not where its figures were measured (usage_named.py)
            tool, rule = "unknown", USE.RULE.format(tool=tool)
        if tool != "unknown" and tool not in setup_only:
            setup_only[tool] = SRC.only_in_source_setup(lines, tool)
        if tool != "unknown" and setup_only[tool]:
            # 'the model card (H20, vLLM 0.11) reports ...': the card's engine, not the paste's
            # own run (source_setup.py)
            tool, rule = "unknown", SRC.RULE.format(tool=tool)
        if tool != "unknown" and tool not in trainer_only:
            trainer_only[tool] = TRN.only_as_trainer(lines, tool)
        if tool != "unknown" and trainer_only[tool]:
            # 'trained the draft with SpecForge': where the draft came from (trainers.py)
            tool, rule = "unknown", TRN.RULE.format(tool=tool)
        if rule == "no tool named" and len(hint := T.tools_in_thread_links(text)) == 1:
            # a tool named only by a link to a pull request or an issue of its repository: a
            # hint, never the source whose convention decides the figures (links.py)
            rule = LK.hint_rule(hint[0])
        if (head := SH.header(blk_lines := [t for _, t in blk]) or SH.keys(blk_lines)) is not None:
            if rule == "named in the block or its heading":
                named_headers.setdefault(head, tool)
            elif (first := named_headers.get(head)) not in (None, "unknown") and (
                # the same tool, by evidence short of a convention rule (a launch or flags decide
                # prose only: a table's printer is still open) ...
                (tool == first and rule not in CONVENTION_RULES - {LAUNCHED_RULE, FLAGS_RULE})
                # ... or none named (its prose may name the change, not the tool: 'With the
                # patch applied the run slowed down to:')
                or (tool == "unknown" and rule == "no tool named")
            ):
                # the same printer's table again, its tool named above the first only
                same = SH.SAME_KEYS_RULE if head.startswith(SH.KEYS) else SH.SAME_HEADER_RULE
                tool, rule = first, same
        kind = T.kind_of(body + "\n" + heading, tool) or SUMMARY
        ctx: I.Ctx = (tool, rule, kind)
        if (
            rule in (LAUNCHED_RULE, FLAGS_RULE, SERVED_RULE)
            # (a recipe requiring the engine's version: its own fields are the engine's runs)
            and not (rule == SERVED_RULE and tool in required)
            # (a benchmark's command, not a server's: the tables are the benchmark's output)
            and not (rule == LAUNCHED_RULE and tool in bench_tools())
            # (a list right under a line saying the runtime reported it: the served tool's own
            # figures relayed, 'The runtime reported ...:' over '- mean acceptance length: 2.4')
            and not (
                rule == SERVED_RULE
                and bi > 0
                and blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
                and T.reported_below(all_blocks[bi - 1][-1][1], tool)
            )
        ):
            # the launched server decides the user's prose only; tables, JSON and bullet lists
            # may be a client script's output
            ctx = (
                tool,
                "the only tool named in the paste"
                if rule in (LAUNCHED_RULE, SERVED_RULE)
                else "SGLang's own flags set in the paste; a client script may print these lines",
                kind,
            )
        if (
            tool == "sglang"
            and ctx[1] == "the only tool named in the paste"
            and bi > 0
            and bench_serving
            and blk[0][0] - all_blocks[bi - 1][-1][0] <= BST.GAP_MOST
            and BST.command_above([t for _, t in all_blocks[bi - 1]])
            and BST.own_name([t for _, t in blk])
        ):
            # a table right under SGLang's bench_serving command, its 'Accept length' as the
            # command prints it: that command's output (bench_serving_table.py)
            ctx = (tool, BST.RULE, kind)
        prose_ctx: I.Ctx = (tool, rule, kind)
        if proved:
            got = I.proved_records(proved, paste_k() or 0, ctx)
            records.extend(got)
            block_of.extend([n_blocks] * len(got))
            continue
        if titled:
            leaves, dropped = _drop_marked(
                B.read(blk[1:], blk[0][1], ctx, plain=True), blk, marked, unread
            )
            if leaves or dropped:
                records.extend(leaves)
                block_of.extend([n_blocks] * len(leaves))
                continue
        if listed or repeated is not None:
            if repeated is not None:
                # a list of the very shape of the last list read, under no name of its own
                # ('Before this PR:' / 'After this PR:'): that list's figure; a leaf printing
                # the earlier list's value at its place again restates it, no record
                got = B.read(blk, repeated[0], ctx, changes=True)
                got = [r for r in got if (r.labels, _figure(r)) not in repeated[2]]
            else:
                got = B.read(blk, heading, ctx)
                if got and (sh := B.shape(blk)) is not None:
                    last_list = (heading, sh, {(r.labels, _figure(r)) for r in got})
            leaves, _ = _drop_marked(got, blk, marked, unread)
            records.extend(leaves)
            block_of.extend([n_blocks] * len(leaves))
            continue
        if "/" in body and "(" in body and ("`" in body or "**" in body):
            # series named in a bullet, their values in a bracket, under a bullet naming the
            # measure (series_finals.py); the block's other lines are read as before
            series, series_lines = SF.records(blk, ctx)
            if series:
                records.extend(series)
                block_of.extend([n_blocks] * len(series))
                blk = [(ln, t) for ln, t in blk if ln not in series_lines]
                body = "\n".join(t for _, t in blk)
                if not blk:
                    continue
        found: list[PasteRecord] = []
        range_rows: dict[int, PasteRecord] = {}  # a row's record of a range cell (column_phrases)
        named = False
        json_unread = False
        # a JSON body, possibly after a title of a line or two ('FastDeploy response:')
        start = next((i for i, (_, t) in enumerate(blk[:3]) if t.lstrip()[:1] in "{["), None)
        doc, repaired, members = (None, False, False)
        if start is not None:
            doc, repaired = I.load_json("\n".join(t for _, t in blk[start:]))
        if doc is None and start is None and re.match(r'\s*"[\w.-]{1,80}"\s*:', body):
            # a member cut out of a JSON body ('"timings": {...}'): the object it would be in
            doc, repaired = I.load_json("{" + body.strip().rstrip(",") + "}")
            start = 0 if doc is not None else None
        rest_of_dict: list[tuple[int, str]] = []
        if doc is None and "'" in body and ("{'" in body or "':" in body):
            # a dict printed with repr, whole or its items alone, '...' tolerated (dict_items.py)
            one = DI.one_line(blk)
            if one is not None:
                # a log line printing a dict among lines of their own ('step: tau=2.9'): the
                # dict read alone, the other lines after it as the block they make
                doc, rest_of_dict = DI.load(blk[one][1]), [*blk[:one], *blk[one + 1 :]]
                if doc is None:
                    rest_of_dict = []
            else:
                doc = DI.load(body)
            start = (one or 0) if doc is not None else start
        bodies: list[PasteRecord] = []
        if doc is None and start is not None and len(parts := _json_bodies(blk[start:])) >= 2:
            # JSON bodies one after another, each under a title line ('- chat (80 prompts)'
            # over '{...}'): each read on its own, a cut one by its members
            bodies = [r for part in parts for r in _json_body(part, ctx)]
        if not bodies and doc is None and start is not None:
            bodies = _cut_records(
                "\n".join(t for _, t in blk[start:]), ctx, (blk[start][0], blk[-1][0])
            )
        if not bodies and doc is None and body.count('":') >= 2:
            # a JSON body cut or wrapped so that it does not parse: its members with numbers
            doc = I.json_members(body)
            start, members = (0, True) if doc is not None else (start, False)
        if rest_of_dict and doc is not None and start is not None:
            ln = blk[start][0]
            found = HC.decide(I.json_records(doc, ctx, (ln, ln), repaired), doc)
            found, dropped = _drop_marked(found, blk, marked, unread)
            records.extend(found)
            block_of.extend([n_blocks] * len(found))
            blk = rest_of_dict
            body = "\n".join(t for _, t in blk)
            doc, start, found = None, None, []
        if bodies or (start is not None and doc is not None):
            found = bodies or HC.decide(
                I.json_records(doc, ctx, (blk[start or 0][0], blk[-1][0]), repaired), doc
            )
            if members:
                found = [dataclasses.replace(r, notes=(*r.notes, _MEMBERS_NOTE)) for r in found]
            if any(r.printed_length is not None and r.printed_rate is not None for r in found):
                # an object printing a per-draft rate, a per-step figure and its own k as
                # members ('"k": 4' beside them): k x rate or 1 + k x rate decides the bonus
                found = [_json_k_identity(r, text, body) for r in found]
            if not bodies and doc is not None and found:
                # a run a note of the document tells at its setting ('num_steps=5 measured
                # 2.87' under a metric member naming the records' figure): measured_note.py
                found = [*found, *MN.runs(doc, found, blk)]
            found, dropped = _drop_marked(found, blk, marked, unread)
            records.extend(found)
            block_of.extend([n_blocks] * len(found))
            if found or dropped:
                continue
            # no field of the body read: its lines are read as key-value lines and prose (a
            # key before a dict of rates by position, 'pos_accept = {'0': 0.98, '1': 0.64}',
            # or key-value lines above a dict that holds no figure)
            found = []
            json_unread = True
        grids, used = TB.find(blk)
        if "/" in body:
            # a metric's runs listed after its name, their values joined by slashes, in a table
            # of metrics as rows: a column each (slash_rows.py)
            grids = [h for g in grids for h in SLR.split(g)]
        for g in grids:
            if defined is None:
                defined = I.definitions(text)
            g = I.defined_headers(g, defined)
            if " acc" in body:
                # configurations' bare 'acc' columns the prose calls acceptance (swept_acc.py)
                g = SWA.told_headers(g, text)
            if "|" in body:
                # a sentence right under the table stating a statistic of its runs ('Median
                # 38.2 tok/s at 0.641.'): the table's statistics row (stat_sentence.py)
                below = next(((ln, t) for ln, t in blk if ln > g.last_line), None)
                if below is None and bi + 1 < len(all_blocks):
                    below = next(
                        (x for x in all_blocks[bi + 1][:1] if x[0] - g.last_line <= 2), None
                    )
                if (stated := SSN.row(g, below)) is not None:
                    g, said_ln, said_end = stated
                    stat_said[said_ln] = said_end
            if PLB.hinted(g):
                # rows that are draft positions named by their number alone, under a title
                # naming acceptance: each the rate at that position (position_labels.py)
                g = PLB.keyed(g, [t for ln, t in blk if ln < g.first_line])
            if "steps" in body or "Steps" in body:
                # rows labelled 'steps=N' alone under a caption naming the head's steps ('MTP
                # steps=1 → 2:'), in the block or the one just before: read as 'MTP steps=N'
                # labels (captioned_steps.py)
                steps_cap = [t for ln, t in blk if ln < g.first_line]
                if not steps_cap and bi and g.first_line - all_blocks[bi - 1][-1][0] <= 2:
                    steps_cap = [t for _, t in all_blocks[bi - 1]]
                g = CSTEPS.relabel(g, steps_cap)
            if steps_setting:
                # rows labelled by the word the prose puts before the steps setting and a
                # number ('static3' under 'a static `num_steps`'): that depth (steps_setting.py)
                g = SSET.relabel(g, [t for ln, t in lines if ln < g.first_line])
            above = [t for ln, t in reversed(blk) if ln < g.first_line and _titles(t)]
            legend = "\n".join([heading, *(t for ln, t in blk if ln < g.first_line)])
            # statistics of the figure the prose above names ('Metric = ...' over '| bs | mean |
            # p50 |'): one record a row, its mean (stat_header.py); else the table as it reads
            g_title = _title(blk, g.first_line, heading) or BT.title(
                # a sentence above saying which way the figure is better (better_title.py)
                [t for ln, t in blk if ln < g.first_line] or heading.splitlines()
            )
            if not _CANDIDATE.search(g_title) and not I._OTHER_FIGURE.search(g_title):
                # a later line naming the figure while restating one of its cells, the title
                # above (if any) naming no figure (restated_title.py): the lines indexed once
                if line_at is None:
                    line_at = dict(lines)
                g_title = RTT.title(g, _lines_after(line_at, g.last_line))
            stat_recs = STH.read(g, ctx, text, g_title) if STH.hinted(body, text, g_title) else []
            recs, names = (
                (stat_recs, True)
                if stat_recs
                else I.grid(
                    g,
                    ctx,
                    g_title,
                    tuple(above + upper_here)[:MAX_UPPER],
                    legend,
                    acceptance_named,
                )
            )
            # (the caption right above, in the block or the heading's last line, saying the
            # run's acceptance was set: notrun.set_acceptance)
            caption = next((t for ln, t in reversed(blk) if ln < g.first_line), heading)
            expected = (
                bool(recs)
                and (
                    _expected_section([*above, *upper_here])
                    or NR.set_acceptance(caption.rsplit("\n", 1)[-1]) is not None
                )
                and not said_measured.get(g.first_line, False)
            )
            if expected:
                recs = []  # a table of what a section expects or aims at: no measurement
            # a table in a section titled a toy or hypothetical example ('### Toy example',
            # '### 玩具例子'): the example's made-up figures; under a caption saying the figures
            # were taken while the draft trained ('Acceptance at training time (validation
            # split).'): estimates (training_caption.py); no run either way
            made_up = (
                _TOY_REASON
                if recs and _toy_section([*above, *upper_here])
                else TCAP.REASON
                if recs and TCAP.said(caption.rsplit("\n", 1)[-1]) is not None
                else None
            )
            if made_up is not None:
                ignored.append(
                    Block(
                        g.first_line, g.last_line, made_up, _shown(blk, g.first_line, g.last_line)
                    )
                )
                recs = []
            if recs:
                # a caption saying the runs draft one token a step ('acceptance at depth 1:')
                # (a list of setup items right above it, '- model: X with `K=1`', is the caption's
                # paragraph: the lines above the table in its block, else the block just before)
                setup = [t for ln, t in blk if ln < g.first_line]
                if not setup and bi and g.first_line - all_blocks[bi - 1][-1][0] <= 2:
                    setup = [t for _, t in all_blocks[bi - 1]]
                recs = D.one_draft_lengths(recs, D.said_one_draft(legend, text, setup))
                # a caption over the table setting every row's one k ('Results (K=5):'):
                # each lone rate's length 1 + k x rate (captioned_k.py)
                if setup and "=" in setup[-1]:
                    recs = CAPK.lengths(recs, CAPK.caption_k(setup, text))
                # a row whose own label sets a draft maximum of one (one_draft.py), a label
                # listing one value per split figure ('draft=1/2/4') read per value first
                recs = OD.rows(LS.per_value(recs))
                # a row measured under teacher forcing, by its own label (teacher_forced.py)
                recs = TF.rows(recs)
                # a drafts count beside a rate's counts, verify steps by the stated k
                recs = CT.drafts_as_steps(recs, I.k_stated(legend) or paste_k())
                # drafted counts every one a multiple of the paste's k: steps (k_multiples.py)
                recs = KM.steps_by_k(recs, I.k_stated(legend) or paste_k())
                if not I.k_stated(legend) and not paste_k():
                    # ... or of each row's own k, the paste stating none (k_multiples.py)
                    recs = KM.steps_by_row_k(recs)
                # a drafts column written 'A+1' and a share giving the length as share x
                # (A + 1): the bonus included by the row's identity (plus_one.py)
                recs = P1.rows(g, recs)
                # a mean of generated tokens one above the run's mean of accepted tokens: the
                # accepted mean is the length bonus excluded (generated_mean.py)
                recs = GM.rows(g, recs)
            named = named or names
            if not recs and not names:
                # a grid whose cells each hold a run ('40.8 t/s, accept: 36.3% (45/124)')
                recs = RC.read(g, ctx)
            if not recs and not names:
                # a column of speeds, each with its run's acceptance in brackets
                recs = BCOL.read(g, ctx)
            if not recs and (not names or "(" in body):
                # a column of speeds, its header naming the acceptance its cells' bracket holds
                # ('MTP k=2 (accept)' over '42.6 (+90%, 94.5%)'; head_bracket.py): the header
                # names the figure, no cell of which the other readers read
                recs = HBR.read(g, ctx)
            if not recs and not names:
                # two columns named only by a column of their differences ('Δaccept')
                recs = DP.read(g, ctx)
            if not recs and not names and "|" in body:
                # columns of different tools' runs, each cell a phrase ('50 tok/s (AL ~2.9)'):
                # a cell read on its own, with its column's tool (column_phrases.py)
                outside = (t for ln, t in blk if not g.first_line <= ln <= g.last_line)
                recs = CPR.read(g, ctx, "\n".join([heading, *outside]))
                if not recs:
                    # a phrase cell's range before an acceptance name ('78-93% MTP
                    # acceptance'): its row's record of no figure, unless its line reads below
                    range_rows.update(CPR.range_cells(g, ctx))
            if not recs and "|" in body:
                # rows of different tools' runs named in an engine column, each other cell a
                # phrase ('median mean accept length 2.71'): a cell read on its own, with its
                # row's tool (column_phrases.read_rows)
                recs = CPR.read_rows(g, ctx)
            if not recs and not names and (pt := KS.positions_table(g)) is not None:
                # per-position rates keyed by K ('| K | P0 | P1 |'): a K sweep's, read below
                sweep_positions.append((n_blocks, pt))
            if recs:
                # (the table's layout and cells, against the rows earlier tables read:
                # relaid_rows.py)
                g_layout = RLD.layout(g.header)
                row_cells = dict(g.rows)
            if recs and table_rows:
                recs = [
                    r
                    for r in recs
                    if (rk := _row_key(r)) not in table_rows
                    or RLD.another_run(
                        table_rows[rk],
                        g_layout,
                        tuple(row_cells[r.first_line])
                        if r.first_line == r.last_line and r.first_line in row_cells
                        else None,
                    )
                ]
            if recs:
                found.extend(recs)
                table_figures.update(_figure(r) for r in recs)
                for r in recs:
                    if (rk := _row_key(r)) is not None and rk not in table_rows:
                        table_rows[rk] = (g_layout, RLD.row(row_cells.get(r.first_line, [])))
                table_above = (g.last_line, _figure_name(recs) or table_above[1])
            elif names and (
                _fields_rows(blk, g.first_line, g.last_line)
                or _result_lines(blk, g.first_line, g.last_line)
            ):
                # rows of 'key= value' fields aligned by their padding ('n_tok= 40  AL= 1.50'):
                # no table but key-value lines, read as such below
                used -= set(range(g.first_line, g.last_line + 1))
            elif names:
                forcing = FORCED.knob(g)
                # (the paste's own run, measured in training: a source's figures beside it are
                # the source's, cited.attributed)
                trajectory = I.trajectory(g)
                own_training = own_training or trajectory
                unread.append(
                    Block(
                        g.first_line,
                        g.last_line,
                        f"the rows' acceptance forced by {forcing!r}, or not told off (a "
                        "setting, not a measurement): no record"
                        if forcing
                        else "a table under a heading of expected or aimed-at figures: no "
                        "measurement, no record"
                        if expected
                        else "a draft's training trajectory (loss, learning rate): no serving "
                        "measurement"
                        if trajectory
                        else "a table naming acceptance figures, no cell read",
                        _shown(blk, g.first_line, g.last_line),
                    )
                )
            else:
                used -= set(range(g.first_line, g.last_line + 1))
        # (a figure corrected to its actual value, corrected.py; one asserted wrong blanked,
        # misreported.py)
        # (a task-list item's requirement blanked, criterion.py)
        if stat_said and any(ln in stat_said for ln, _ in blk):
            blk = [(ln, SSN.blank(t, stat_said[ln]) if ln in stat_said else t) for ln, t in blk]
        if GI.hinted(body):
            blk = GI.blank(blk)  # (a list item titled as a gate: its conditions, gate_item.py)
        if "rain" in body or (bi and "rain" in all_blocks[bi - 1][-1][1]):
            # a bare table of single-spaced columns under a caption saying training time
            # ('Accepted length by training epoch:' over 'epoch accepted length' / '1 3.70'):
            # the trainer's estimates, set aside whole (training_caption.bare_table)
            prior = all_blocks[bi - 1][-1] if bi else None
            bare = _training_bare(blk, prior)
            if bare is not None:
                ignored.append(
                    Block(
                        bare[0],
                        bare[1],
                        TCAP.REASON,
                        _shown(blk, bare[0], bare[1]),
                    )
                )
                used |= set(range(bare[0], bare[1] + 1))
                named = True  # (shown as set aside: no 'unread' block for it)
        rest = [(ln, CRT.blank(MR.blank(CR.corrected(t)))) for ln, t in blk if ln not in used]
        overlong = False
        for ln, t in rest if len(body) > MAX_LINE_FIGURES * 2 else ():
            if len(_ANY_NUMBER.findall(t)) > MAX_LINE_FIGURES:
                # no sentence or key-value line holds this many figures (a dump, or hostile
                # input whose reading would grow with the square of its figures): shown, unread
                unread.append(
                    Block(
                        ln,
                        ln,
                        f"a line of more than {MAX_LINE_FIGURES} figures: not read as prose or "
                        "key-value",
                        (t[:200] + "…",),
                    )
                )
                rest = [(n, "" if n == ln else x) for n, x in rest]
                overlong = True
        structure = (
            "key-value" if sum(1 for _, t in rest if _is_key_value(t)) * 2 >= len(rest) else "prose"
        )
        kv_ctx = _version_before(prose_ctx if structure == "prose" else ctx, body)
        if rest and "=" in body:
            if syms is None:
                # ('acceptance length (a)'; or, no bracket, 'the acceptance length a across
                # tasks' where the paste sets 'a = 3.5': anywhere, a title over the body too)
                syms = (I.symbols(lines) if "(" in text else []) + I.named_symbols(lines)
            if syms:
                # a symbol the prose defined ('acceptance length (a)') set to a value ('a = 3.50')
                rest = I.with_symbols(rest, syms)
        defined_here = DF.definitions(body) if "accept" in body.lower() or "AL" in body else []
        named_in = before if structure == "prose" or defined_before else None
        if named_in is None and defined_here:
            named_in = defined_here[0].key  # (the block's own definition, its lines after it)
        if rest and accept_word and ML.hinted(body):
            # a speculative method as the subject of a level ('MTP was stable at ~58%'), in a
            # paste naming acceptance: the method's acceptance rate (method_level.py)
            rest = [(ln, ML.rewrite(t)) for ln, t in rest]
        if rest and bare_rates:
            # a rate said measured, the paste's only rate besides acceptance's (bare_rate.py)
            rest = [(ln, BR.rewrite(t)) for ln, t in rest]
        if rest and accept_word and "(" in body:
            # two measures named as one subject, their values in one bracket in that order
            # ('acceptance and TG are back up (~81%, 64 tps)'): the share is the rate
            # (subject_pair.py)
            rest = [(ln, SP.rewrite(t)) for ln, t in rest]
        if rest and stated_checks and "assert" in body:
            # a failed assertion's values ('assert 0.8142 > 0.825') where the paste states the
            # check ('last_accept_rate > 0.825'): the check's figure measured (asserted.py)
            rest = [(ln, ASRT.rewrite(t, stated_checks)) for ln, t in rest]
        row_ranges: dict[int, str] = {}
        if rest and "ccept" in body and ")" in body:
            # a run's aligned row closing on a bracket note of its acceptance ('... 31.0 tok/s
            # (draft head, accept 64%)'): the rate; a range there its record of no figure
            row_ranges = {ln: v for ln, t in rest if RACC.hinted(t) and (v := RACC.ranged(t))}
            rest = [(ln, RACC.rewrite(t) if RACC.hinted(t) else t) for ln, t in rest]
        kv = I.keyvalue(rest, kv_ctx, structure, named_in) if rest else []
        for ln, v in row_ranges.items():
            if (rec := _ranged_row(ln, v, kv_ctx)) is not None:
                range_rows.setdefault(ln, rec)
        if range_rows:
            # (a range cell's row that no line reading read: its record of no figure)
            kv_lines = {r.first_line for r in kv}
            kv.extend(r for ln, r in sorted(range_rows.items()) if ln not in kv_lines)
            kv.sort(key=lambda r: r.first_line)
        worked_off = False
        if kv and structure == "key-value" and upper_here + titles_here:
            # key-value lines under a heading of expected figures or of a worked calculation
            # ('## Projected gains', '## Napkin math for K=2'): no run's, as a table there
            heads_in = [(ln, t) for ln, t in blk if _HEADING.match(t)] if "#" in body else []
            heads_up = [t for t in upper_here if _HEADING.match(t)]
            off_recs = [r for r in kv if _worked_out(r, heads_in, heads_up, said_measured)]
            if off_recs:
                w_first = min(r.first_line for r in off_recs)
                w_last = max(r.last_line for r in off_recs)
                unread.append(
                    Block(
                        w_first,
                        w_last,
                        "key-value lines under a heading of expected figures or a worked "
                        "calculation: no measurement, no record",
                        _shown(blk, w_first, w_last),
                    )
                )
                worked_off = True
                off_ids = {id(r) for r in off_recs}
                kv = [r for r in kv if id(r) not in off_ids]
        if structure == "prose" and kv and ("rain" in body or "训练" in body):
            kv = _of_training(kv, rest, named_in)
        # the block's own command or sentence setting a draft maximum of one (one_draft.py)
        # (or drafts of one token named as such: 'single-token drafts')
        kv = OD.block(kv, rest) if kv and ("1" in body or "token draft" in body) else kv
        # a tool's status lines of fields, one a bare 'accept' (status_fields.py)
        kv = STF.block(kv, rest) if kv and "accept" in body else kv
        # a run's figure printed above with its counts ('acceptance_rate=1.3% (4/300)'): a
        # figure alone stating it again below is a mention, as of a table's figure
        # (so is a record of both its figures again, no counts: 'acceptance went from 4% to
        # 59% and the length from 1.01 to 2.76' below '59% (72/123) ... 2.76 tokens/forward')
        kv = [
            r
            for r in kv
            if not _restates_counted(r, counted_figures)
            and (len(r.fields) > 1 or not _quotes_table(r, counted_figures))
        ]
        if proxied:
            kv = [r for r in kv if not _quotes_table(r, proxied)]
        counted_figures.update(_figure(r) for r in kv if _counted_figure(r))
        if kv and table_figures and _VERSUS.search(body):
            kv = _versus_of_table(kv, rest, table_figures)
        if structure != "prose":
            # a run's key-value summary printing its length and its rate together: prose
            # below stating one of them alone mentions that run, as it would a table's figure
            summary_figures.update(_figure(r) for r in kv if _length_and_rate(r))
        # (so is a tool's output line of one run: its tokens, its speed and the figure)
        outputs = [r for r in kv if _output_line(r, rest)] if "tok" in body else []
        summary_figures.update(_figure(r) for r in outputs)
        if structure == "prose":
            kv = [r for r in kv if not _quotes_table(r, table_figures)]
            if kv and records and FNR.hinted(body):
                # a run named by its figure ('the 71.3% acceptance run') an earlier record
                # prints: a mention of it (figure_named_run.py)
                kv = FNR.mentions_dropped(kv, rest, {_figure(r) for r in records})
            # (one figure of such a summary alone: both again are a run told again, kept)
            kv = [
                r
                for r in kv
                if _length_and_rate(r) or r in outputs or not _quotes_table(r, summary_figures)
            ]
            if trained:
                # (a sentence's every figure: 'rises from ~0.02 to ~0.14', the start as well)
                told = {r.first_line for r in kv if _quotes_table(r, {(x, x) for x in trained})}
                kv = [r for r in kv if r.first_line not in told]
            length_named = next(
                (k for r in kv for n, _ in r.fields if (k := I.key_of(n)).metric == C.LENGTH),
                None,
            )
        if length_named is None and defined_here:
            length_named, length_defined = defined_here[-1].key, True
        if (
            length_named is None
            and structure == "prose"
            and not kv
            and (mn := B.metric_named(body)) is not None
        ):
            # a paragraph naming the accept length with no figure nor definition ('the average
            # accept length script'): the next may state one without its full name
            length_named = C.key(mn[1]) if mn[0] == C.LENGTH else None
        if any(r.accepted_tokens is not None and r.printed_length is None for r in kv):
            # counts under a caption saying one draft a step ('MTP acceptance (nd1, K2 verify)'
            # over '97 accept / 3 reject (97%)'): 1 + accepted / drafted
            caption = "\n".join(t for t in heading.split("\n") if not t.lstrip().startswith("```"))
            kv = D.one_draft_counts(kv, D.said_one_draft(caption, text))
        if bi and any(r.printed_rate is not None and r.printed_length is None for r in kv):
            # the lines right under a table whose caption says its runs draft one token a
            # step ('mtp_k=1'), or a pipe table read row by row as prose ('| on | 34 (88%
            # accepted) | 37.3 |') under such a caption ('MTP head, depth 1:'), the paste
            # stating no other depth: its lone rates are runs of that setup, each length
            # 1 + rate as a table's rows are (a rate the line hedges, '~71%', keeps no length:
            # as a table's approximate rate)
            one_said = (
                _under_one_draft_table(all_blocks, bi, text)
                if blk[0][0] - all_blocks[bi - 1][-1][0] <= 2
                else None
            )
            if one_said is None and structure == "prose" and blk[0][1].lstrip().startswith("|"):
                one_said = _over_prose_table(all_blocks, bi, text)
            if one_said is not None:
                sure = [r for r in kv if not _hedged_on_line(r, blk)]
                lengths = D.one_draft_lengths(sure, one_said)
                swap = dict(zip(map(id, sure), lengths, strict=True))
                kv = [swap.get(id(r), r) for r in kv]
        found.extend(kv)
        # accepted and drafted per step beside their quotient, a rate (per_step.py)
        found = PS.accepted_per_step(found, blk)
        if any(r.printed_length is not None and r.printed_rate is not None for r in found):
            # the draft tokens per step the block's heading states ('### chain K=5'), else the
            # paste's one
            k_here = I.k_stated(heading + "\n" + body) or paste_k()
            if k_here is not None and _k_misfits(found, k_here):
                k_here = None  # (a run of the block drafted another k: not the runs' k)
            found = _rate_times_k(found, k_here, text, body)
            # what the name-led rule left undecided: 1 + k x rate with the stated k, or with
            # the draft block the paste states (both readings of its target token tried)
            found = D.length_by_drafts(
                found, k_here, D.block_stated(heading + "\n" + body) or D.block_stated(text)
            )
            if k_here is None and (n_here := D.n_in_heading(heading)) is not None:
                # a heading's bare 'n=N' ('## Bench at shipped n=7'): N drafts a step only
                # where 1 + N x rate gives the printed length, no other reading fitting
                found = D.length_by_drafts(found, n_here, None, D.N_READING.format(n=n_here))
            # a width column per row ('| Width | acc_len | accept rate |'): 1 + rate x (W - 1)
            found = D.length_by_row_width(found)
            # a series of means below and above 1 whose rows' k x rate contradicts it
            found = D.series_against_row_k(found)
            if k_here is None:
                found = _one_k_fits(found)
        # a lone rate of a table group whose label states its k ('| **model A** k=4 | acceptance
        # rate | 0.31 |'), the paste deciding the rate per drafted token: 1 + k x rate
        found = SECK.lengths(found, text)
        found, dropped = _drop_marked(found, blk, marked, unread)
        found, flagged = _drop_span_flags(found, blk, unread)
        dropped = dropped or flagged
        records.extend(found)
        block_of.extend([n_blocks] * len(found))
        if (
            not found
            and not dropped
            and not named
            and not json_unread
            and not overlong
            and not worked_off
            and _STRONG.search(body)
            and _SPEC_CONTEXT.search(body + heading)
        ):
            why = _all_marked(blk, marked)
            unread.append(
                Block(
                    shown.first_line,
                    shown.last_line,
                    _illustrative_reason(why, "lines")
                    if why is not None
                    else "names acceptance figures in no structure read here",
                    shown.lines,
                )
            )
        elif not found and not dropped and json_unread and _STRONG.search(body):
            unread.append(
                Block(
                    shown.first_line,
                    shown.last_line,
                    "a JSON body without a field read here",
                    shown.lines,
                )
            )
    lines_of = _LinesOf(lines)
    if "τ" in text and _SPEC_CONTEXT.search(text.replace("τ", " ")) is None:
        # a τ column with a value no cycle emits, τ the paste's only speculative word: another
        # quantity under the letter, every row of the column (tau_quantity.py)
        other = TQ.other_quantity(records, block_of)
        ignored.extend(
            Block(r.first_line, r.last_line, TQ.OTHER_TAU, lines_of(r))
            for i, r in enumerate(records)
            if i in other
        )
        records = [r for i, r in enumerate(records) if i not in other]
        block_of = [b for i, b in enumerate(block_of) if i not in other]
    # a 'length' no step can emit (a count, a year or an id after the length's name,
    # evidence.MAX_ACCEPT_LENGTH): no record; its lines are listed as not understood
    shown_bad: set[tuple[int, int]] = set()
    for r in records:
        if implausible(r) and (r.first_line, r.last_line) not in shown_bad:
            shown_bad.add((r.first_line, r.last_line))
            unread.append(Block(r.first_line, r.last_line, r.notes[0], lines_of(r)))
    records, block_of = _keep(records, block_of, lambda r: not implausible(r))
    if not _SPECULATION_NAMED.search(text) and _OTHER_DECODER.search(text):
        # tokens a step of a decoder that drafts nothing ('Tokens/step: 4.0' of a diffusion
        # or a parallel decoder, named, and no speculation named anywhere): no acceptance
        records, block_of = _keep(records, block_of, lambda r: not _per_step_only(r))
    if records and (sim := NR.simulation_heading(text)) is not None:
        # a paste whose own heading says its run is a simulation ('Simulation (10
        # generations):'): a simulator's output from its set rate, no model's run
        ignored.extend(
            Block(r.first_line, r.last_line, f"{NR.SIMULATED} ({sim!r})", lines_of(r))
            for r in records
        )
        records, block_of = [], []
    if records and (card := CIT.card_digest(text)) is not None:
        # a paste quoting a model card throughout, no first person anywhere (cited.py)
        why = f"figures of a {card!r} quoted, no first person in the paste: no run of the paste"
        ignored.extend(Block(r.first_line, r.last_line, why, lines_of(r)) for r in records)
        records, block_of = [], []
    records, block_of = _titles_of_runs_below(records, block_of, all_blocks)
    # plain values under a rate's name read as lengths, rates again where the paste writes its
    # rates as percentages without '%' (rate_changes.py), before any rule decides a length
    records = RCH.as_percentages(records, text)
    # ... and SGLang's plain values above 1 under a rate's name, within its steps + 1: its accept
    # lengths, not percentages (sglang_rate_named.py)
    records = SRN.decide(records, text)
    # a length above its run's position lines ('Pos 1: 0.576', a blank line between): 1 + their
    # sum (position_lines.py): an identity, before the rules of values and names below
    records, block_of = POSL.decide(records, block_of, text)
    # a bare 'accepted per round' where the paste's counts prove 'accepted' counts drafts
    records = PS.counted_drafts(records)
    records = _counts_with_k(records, text)
    # counts alone of a run whose counts another table printed with their share under a
    # rate's name, the same drafted total: the same 1 + k x accepted / drafted (counts_kin.py)
    records = CK.fold(records)
    # a prose run's rate and length beside the k of the table row its subject names
    # (row_named_k.py): the identity with that k
    records = _row_named_k(records, text)
    records = _above_stated_k(records, text)
    # a vLLM rate alone where the paste sets one fixed num_speculative_tokens: 1 + k x rate
    records = FK.decide(records, text)
    # ... and where it sets it to a letter, each row's own k in the column that letter heads
    # (placeholder_column.py)
    records = PHC.decide(records, text)
    # a metrics-as-rows table's lengths by its acceptance rate row and the paste's k (rate_row.py)
    records = RATEROW.decide(records, text)
    # a length worked as a time over the paste's TPOT: output tokens a step (tpot_quotient.py)
    records = TPQ.decide(records, text)
    # a table's lengths by the tokens each run generated, set once, over its steps column
    # (output_steps.py)
    records = OSTEPS.decide(records, text)
    # a per-position table whose position 0 is 1 in every row, its length their sum
    records = PZ.decide(records, text)
    # a figure cited as the reference a run reproduces ('reproducing the card's published AL of
    # 3.05'): no run of the paste
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    records, block_of = _keep(records, block_of, lambda r: not CIT.cited(r, raw))
    # a third party's measuring relayed, the addressee's figures told back, a usage example's
    # comment of what to expect: no run of the paste (relayed.py)
    if records:
        relayer, usage, news = REL.third_party(raw), REL.usage_comments(raw), REL.announced(raw)
        # (where the paste holds a first person, a paragraph of none relaying a third party's)
        paras = REL.third_party_paragraphs(raw) if relayer is None else ()
        records, block_of = _keep(
            records, block_of, lambda r: not REL.relayed(r, raw, relayer, usage, news, paras)
        )
    if "ock" in text or "monkeypatch" in text:
        # a mocked unit test's asserted figure, in the test or restated: no run (notrun.py)
        mocked, asserted = NR.mocked_test(raw)
        records, block_of = _keep(
            records,
            block_of,
            lambda r: (
                r.first_line not in mocked and not {r.printed_rate, r.printed_length} & asserted
            ),
        )
    if records and PYC.gate(text):
        # a Python program's source (a test's body, a self-check, their comments): what the
        # code sets or expects, no run (python_code.py)
        code = PYC.code_lines(raw)
        records, block_of = _keep(
            records,
            block_of,
            lambda r: (
                not code
                or not all(
                    ln in code or not raw[ln - 1].strip()
                    for ln in range(r.first_line, r.last_line + 1)
                    if ln - 1 < len(raw)
                )
            ),
        )
    # a source's figure beside the paste's own on one line ('in the blog post, theirs reached
    # 2.80; mine only 2.61'): no run of the paste
    gone = {id(records[i]) for i in CIT.attributed(records, raw, own_training)}
    # a sentence closing on 'the post' in a page listing its sources ('Sources: ...'), no first
    # person anywhere: the listed source's figure, alone in the paste too (cited.py)
    gone |= {id(records[i]) for i in CIT.listed_source_closings(records, raw)}
    # a paragraph citing a paper by its identifier, none of the paste's own run in it ('Block
    # drafting (arXiv:2601.01234) ... accept length ~6.5'): the paper's figures (cited.py)
    gone |= {id(records[i]) for i in CIT.paper_paragraphs(records, raw)}
    # a section headed as a source's numbered table with its section ('## Table 6: ...' over
    # 'Location: Section 5.5.2'): that paper's figures quoted (cited.py)
    gone |= {id(records[i]) for i in CIT.quoted_table_sections(records, raw)}
    # an item saying its figures are bounds ('treat them as upper bounds'): no run (cited.py)
    gone |= {id(records[i]) for i in CIT.bound_items(records, raw)}
    # a table's column of a quoted source ('| paper |') beside the paste's own: the source's
    gone |= {id(records[i]) for i in CIT.source_columns(records, block_of)}
    records, block_of = _keep(records, block_of, lambda r: id(r) not in gone)
    # a length beside the marginal per-position rates of its run: 1 + their sum
    records = MARG.decide(records, text)
    # ... or equal to the running products' sum of a chain of conditional rates: drafts alone
    records = MARG.chained(records, text)
    # ... or near 1 + the running products' sum of its table row's conditional per-step rates
    records = CHC.decide(records, text)
    # SGLang's own test output 'acc_length=V' in a paste running SGLang (acc_length_line.py)
    records = ALL.decide(records, text)
    # ... or equal to the mean of a distribution of accepted drafts a step beside it: drafts alone
    records = MARG.distributed(records, text)
    # ... or to the mean of the histogram of lengths in its own row (length_histogram.py)
    records = LH.decide(records)
    # a length of exactly 1 where the paste says no draft was accepted ('garbage predictions')
    records = ZR.none_accepted_ones(records, text)
    # ... or of the name the paste says is 1 where nothing is accepted ('was either 1 (every
    # draft rejected)'; zero_rows.explained_ones)
    records = ZR.explained_ones(records, text)
    # a line of one run's details restating one table row above it (restated_row.py)
    records, block_of = RR.detailed(records, block_of, raw)
    records = _one_name_one_way(records)
    if BFOR.hinted(text):
        # a bracket's value of another run following the bonus its sentence's other value of
        # the same measure proved (bracket_for.py)
        records = BFOR.follow(records, raw, _length_name)
        records, block_of = BFOR.ordered(records, block_of, raw)
    records = _as_the_paste_says(records, text)
    records = _reaching_k_plus_one(records, text)
    if _SPEC_CONTEXT.search(text) is None:
        # counts under a bare 'Accepted' key in a paste that never speaks of speculation
        # ('Accepted: 49/244' proofs): another meaning (misreported.py)
        ignored.extend(
            Block(r.first_line, r.last_line, MR.BARE_COUNTS, lines_of(r))
            for r in records
            if MR.bare_counts(r)
        )
        records, block_of = _keep(records, block_of, lambda r: not MR.bare_counts(r))
        if records and (gate := GT.gated(text)) is not None:
            # the error of accepted predictions measured: a quality gate's acceptance (gated.py)
            why = GT.REASON.format(words=gate)
            ignored.extend(Block(r.first_line, r.last_line, why, lines_of(r)) for r in records)
            records, block_of = [], []
        # α measured in a paste that never speaks of speculation: another alpha (alpha.py)
        records, block_of = _keep(records, block_of, lambda r: not AL.record_named(r))
    # a drafted count per step with a rate the paste printed before alone: that run (drafting.py)
    records, block_of = DRF.restated(records, block_of)
    records, block_of = _per_block(records, block_of, lines)
    # a table of per-position rates beside the lengths table of the same columns: those
    # columns' runs, 1 + their sum against each column's summary length deciding the bonus
    records, block_of = CRUN.fold(records, block_of)
    # a K sweep's rates beside per-position rates keyed by the same K: the mean of a row's K
    # rates equal to its rate proves the rate per drafted token, K drafts a step
    records, block_of = KS.fold(records, block_of, sweep_positions)
    # a per-position table under no title whose header is a read per-position table's
    for b, r in KS.twins(records, sweep_positions, untitled_positions):
        records.append(r)
        block_of.append(b)
    # a row run without drafts ('Vanilla | 1.00') measured no speculation: its 1.00 decided
    # its column's and its name's convention above, and is no record of its own; so is a row
    # whose labels set zero drafts a step ('| DRAFT |' over '| 0 |', one_draft.py), or a run
    # without drafts printing a rate of exactly zero ('| vanilla_ar | 0.000 |': nothing drafted)
    records, block_of = _keep(
        records,
        block_of,
        lambda r: not I.baseline_one(r) and not I.baseline_zero(r) and not OD.no_drafts(r),
    )
    # ... and a bench line printing 1.00 under a caption naming the run without speculation
    # ('w/o spec:' over its fenced line, captioned_baseline.py)
    records, block_of = _keep(records, block_of, lambda r: not CB.captioned_baseline(r, raw))
    # 'Draft acceptance rate: nan%, Accepted: 0 tokens, Drafted: 0 tokens': a run that
    # drafted nothing measured no acceptance (0 / 0 is no rate): shown as set aside, with why;
    # so is a rate of 0% beside counts of nothing drafted ('acceptance 0% (0/0)', drafts.py)
    nothing = {id(r) for r in records if _nothing_drafted(r) or D.none_drafted(r, raw)}
    ignored.extend(
        Block(r.first_line, r.last_line, NOTHING_DRAFTED, lines_of(r))
        for r in records
        if id(r) in nothing
    )
    records, block_of = _keep(records, block_of, lambda r: id(r) not in nothing)
    # a rate printed as exactly zero ('**0%**', '0.0% (0/34)'): no draft accepted, length 1
    records = D.zero_accepted(records, text)
    if len(records) > 1:
        # counts alone that another record prints its figures from ('48,367 draft steps x 3 =
        # 145,101 draft tokens; 77,360 accepted' over a table of '53.3% (77360/145101)'): that
        # record's run, told twice
        # (the records printing a figure, by their accepted count: not every record each time)
        every: dict[int, list[PasteRecord]] = {}
        for o in records:
            if o.accepted_tokens is not None and (
                o.printed_length is not None or o.printed_rate is not None
            ):
                every.setdefault(o.accepted_tokens, []).append(o)
        ratios = _printed_ratios(records)
        table_of = {id(o): b for o, b in zip(records, block_of, strict=True)}
        records, block_of = _keep(
            records,
            block_of,
            lambda r: (
                not (
                    r.printed_length is None
                    and r.printed_rate is None
                    and (_counted_by(r, every, table_of) or _ratio_printed(r, ratios))
                )
            ),
        )
    headings = {ln for ln, t in lines if _HEADING.match(t) or _BOLD_LINE.match(t)}
    if headings:
        # (a run of three lines or more under one '#' mark: a script's commented output, one
        # line a field, no titles)
        headings -= RR.commented_run(lines)
    if headings:
        # the figures of the records below a title: the paste's own, printed or computed from
        # their counts, and the line scanner's where a title's record may round one
        # (a rate printed as exactly zero is a figure too: '# ...; acceptance is 0%' over 0%)
        figs = [
            (
                o.first_line,
                o.printed_length,
                _counted(o) if o.printed_rate is None else o.printed_rate,
            )
            for o in records
        ]
        if scanned is not None and any(r.first_line in headings for r in records):
            figs += scanned()
        records, block_of = _keep(
            records,
            block_of,
            lambda r: not (r.first_line in headings and _summarises(r, figs)),
        )
    if scanned is not None and any(_zero_said(r, raw) for r in records):
        # a rate of exactly zero said again in prose after a run printing it ('the draft
        # acceptance rate is 0.0' in a later comment under a server line of 0.000), or after
        # prose saying it ('0% draft acceptance' in a summary, then '... and 0% acceptance' in
        # the suspected cause): that run
        zeros = [ln for ln, _, rate in scanned() if rate == 0] + [
            r.last_line for r in records if r.printed_rate == 0
        ]
        first_zero = min(zeros, default=None)
        # ... or told first, above the one run printing it in a table or a tool's line
        # ('**Problem**: the draft had 0% acceptance ...' over a table whose 'Before' column
        # prints 0%): that run, told before it is shown (_zero_told_first)
        zero_shown_at = [r.first_line for r in records if _zero_shown(r)] + [
            ln for ln, _, rate in scanned() if rate == 0
        ]
        records, block_of = _keep(
            records,
            block_of,
            lambda r: (
                not (
                    _zero_said(r, raw)
                    and (
                        first_zero is not None
                        and first_zero < r.first_line
                        or _zero_told_first(r, zero_shown_at)
                    )
                )
            ),
        )
    if scanned is not None and any(_prose_counts(r) or _row_counts(r) for r in records):
        # counts a quoted server line prints, told in prose before or after it ('scored 0%
        # acceptance (0 accepted / 150 generated)' and, below, the line printing '0 accepted /
        # 150 generated'), or in a table row of the counts alone ('| run | 101 | 75 |' under
        # drafted and accepted columns): that line's run, its record stays
        quoted = [
            (ln, rate, raw[ln - 1])
            for ln, _, rate in scanned()
            if rate is not None and 0 < ln <= len(raw)
        ]
        records, block_of = _keep(records, block_of, lambda r: not _tells_line(r, quoted))
    if scanned is not None and any(len(r.fields) >= 2 for r in records):
        # a table restating an engine's line field by field ('| `Accepted` | `31 tokens` |'
        # under 'Accepted: 31 tokens, ...'): that line's run told again, the line's record stays
        said = [raw[ln - 1] for ln in {ln for ln, _, _ in scanned()} if 0 < ln <= len(raw)]
        records, block_of = _keep(records, block_of, lambda r: not _restates_line(r, said))
    if set_at:
        # a figure of prose stating, digit for digit, the value an acceptance setting of the
        # paste gives ('pin the acceptance length to 2.83' beside 'SPEC_AL=2.83'): that
        # setting told again, no measurement
        restating = {
            id(r): SETTING_TOLD.format(value=hit[0], line=hit[1], name=hit[2])
            for r in records
            if (hit := _setting_told(r, set_at)) is not None
        }
        records, block_of = _set_aside(records, block_of, restating, raw, ignored)
    # means of a sample, not of a step: a record whose lines print its drafted tokens' mean
    # above the one draft-tokens-per-step the paste states ('Mean drafted | 20.9' at k=5): its
    # accepted mean spans several verify steps, no step's length (the rate a table prints stays)
    if "draft" in low and any(r.printed_length is not None for r in records):
        k_said = I.k_stated(text)
        if k_said is not None:
            records, block_of = _keep(
                records, block_of, lambda r: not RR.means_past_k(r, raw, k_said)
            )
    # an approximate prose figure rounding one table's summary row ('~76.0%' over '| overall
    # | 75.99 % |'): that row told twice (restated_row.py)
    records, block_of = RR.fold(records, block_of, raw)
    # a figure told in passing in a bracket still open ('(tok/step ~2.9'), printed digit for
    # digit by exactly one other record: that run told twice (aside_told.py)
    records, block_of = AT.fold(records, block_of, raw)
    # a lead sentence printing both figures of exactly one later record, before it: that run
    # told first (lead_restated.py)
    records, block_of = LR.fold(records, block_of, raw)
    # a title's figure the body gives only as a range's end ('(93% acceptance)' over '91-93%
    # acceptance'): the range told by its end, no run (title_range.py)
    ranged = TRG.restated(records, raw) if records else {}
    if ranged:
        at_range = {id(records[i]): TRG.REASON.format(line=n) for i, n in ranged.items()}
        records, block_of = _set_aside(records, block_of, at_range, raw, ignored)
    # a list item whose lead label calls its figures theoretical or simulated ('- Theoretical
    # speedup: at alpha=0.9, ...'): no run (unmeasured_item.py)
    unmeasured = UMI.dropped(records, raw) if records and UMI.GATE.search(text) else {}
    if unmeasured:
        said_why = {key: UMI.REASON.format(label=label) for key, label in unmeasured.items()}
        records, block_of = _set_aside(records, block_of, said_why, raw, ignored)
    # a <details> block's result line restating the one figure its section's summary told
    # (details_restated.py)
    records, block_of = DR.fold(records, block_of, raw)
    # a later sentence naming one record's figure again by its whole name and value ('- Mean
    # Draft Acceptance: 71%', then 'reaches a mean draft acceptance of 71%'): told again
    # (named_again.py)
    records, block_of = NA.fold(records, block_of, raw)
    # a later table row restating a list item's one figure, the row naming the item's run ('-
    # Draft B (run 4): 0.82% acceptance', then '| Run 4 | Draft B | 0.82% accept |'): told
    # again (item_row.py)
    records, block_of = IR.fold(records, block_of, raw)
    # a sentence naming the figure of the one run shown below it ('the 37% acceptance below
    # came from the old driver'): that run told first, no run of its own (pointed_below.py)
    if "below" in low:
        records, block_of = PB.fold(records, block_of, raw, scanned)
    # a rate told with its step's make-up of one draft ('1 regular + 1 speculative, 95%
    # accepted'), then 1 + that rate as tokens a step: one run told twice (step_made_up.py)
    records, block_of = SMU.fold(records, block_of, raw)
    # one run's length and share told again in later sentences, digit for digit (retold.py)
    records, block_of = RTD.fold(records, block_of, raw)
    # ... or its share alone, of three significant digits or more (retold_share.py)
    records, block_of = RTS.fold(records, block_of, raw)
    # a sentence's value at a float's full precision that one table row prints again: that
    # row's run told (full_precision.py)
    records, block_of = FPR.fold(records, block_of)
    # a draft maximum of one the whole paste sets above its runs, no other setting, one target
    # model at most: each rate's length 1 + rate (one_draft.paste; searched once a paste)
    records = OD.paste(records, list(enumerate(raw, 1))) if records else records
    # ... and a length its own counts give as 1 + accepted / drafted under a draft maximum of
    # one set anywhere: the drafts are the verify steps, bonus included (one_draft.py)
    records = OD.counted_lengths(records, list(enumerate(raw, 1))) if records else records
    # a table's depth column in a paste of MTP runs: a fixed chain's drafts a step, so
    # 1 + depth x share (depth_column.py)
    if records and "depth" in low:
        records = DC.lengths(records, text)
    # a rate's change and a length's change in nearby sentences, moving alike, the paste's only
    # records: the same two runs, each end's rate joining its length (paired_changes.py)
    records, block_of = PCH.fold(records, block_of, raw)
    # a change in prose between two runs read above it ('(2.4 → 3.9)'): told again
    records, block_of = CHR.fold(records, block_of, raw)
    # 'A 0.62 acceptance rate is decent' judging one other record's figure: that run (judged.py)
    records, block_of = JG.fold(records, block_of, raw)
    # a column of a name another table of the paste proved tokens a step (above_max.py)
    records = AM.carried(records)
    # a later table's row restating an earlier table's row under a shorter name
    # (restated_table.py)
    records, block_of = RT.fold(records, block_of, raw)
    # a value a check must see, the paste bounding its key at that value ('"spec_accept_length":
    # 16.0' over '`spec_accept_length >= 16`'): the bound restated, no run (required.py)
    if bound := RQ.bounds(text):
        records, block_of = _keep(records, block_of, lambda r: not RQ.required(r, bound))
    if any(r.tool_rule.startswith(ITM.SEVERAL) for r in records):
        # a figure of one list item naming one tool, in a list naming several (item_tool.py)
        records = ITM.attribute(records, raw)
    if only_tool is not None:
        records, block_of = _keep(records, block_of, lambda r: r.tool == only_tool)
    if titles:
        records = _titled(records, block_of, titles)
    # a paste saying its target decodes one token a step whatever is accepted ('1 target
    # decode per token', 'no batched verify yet'): no length computed from a rate (token_a_step.py)
    records = TAS.undo(records, text)
    # a stats block counting the cycles that drafted nothing among its steps: no tokens a
    # verify step (no_draft_cycles.py)
    records = NDC.undo(records, raw)
    if "(" in text and ("every" in text or "each" in text):
        # a figure listed for every row of the table above ('at every len (2.41, 2.65)'):
        # one record a row (every_row.py), a block of their own, in line order
        taken = {n for r in records for n in range(r.first_line, r.last_line + 1)}
        if every_rows := ER.records(raw, taken):
            both = sorted(
                [*zip(records, block_of, strict=True), *((r, n_blocks + 2) for r in every_rows)],
                key=lambda rb: rb[0].first_line,
            )
            records, block_of = [r for r, _ in both], [b for _, b in both]
    # a heading summing up its section's runs as a length out of the paste's k: a record of
    # its own, in line order among the others (heading_over_k.py)
    if heading_records := HOK.summaries(records, text):
        both = sorted(
            [*zip(records, block_of, strict=True), *((r, n_blocks + 3) for r in heading_records)],
            key=lambda rb: rb[0].first_line,
        )
        records, block_of = [r for r, _ in both], [b for _, b in both]
    if ratio_records:
        # the compression ratios' records, a block of their own, in line order among the others
        both = sorted(
            [*zip(records, block_of, strict=True), *((r, n_blocks + 1) for r in ratio_records)],
            key=lambda rb: rb[0].first_line,
        )
        records, block_of = [r for r, _ in both], [b for _, b in both]
    return PasteReading(
        tuple(records), groups(records, block_of), tuple(unread), tuple(ignored), n_blocks
    )


# a vLLM release before 0.9 ('0.8.5', 'v0.7.3'): its mean acceptance length left out the bonus
# token, so vLLM's documented convention (from 0.9 on) does not decide a figure it printed
_OLD_VLLM = re.compile(r"(?<![\w.])v?0\.[0-8]\.\d{1,2}(?![\w.])")


# a line wholly in bold alone, a paragraph of its own or the first line of its block, over the
# figures of one run ('**EAGLE-3, Llama-3.1-8B, k=5, H100**'): the run's title
_RUN_TITLE = re.compile(r"^\s*(?:\*\*(?P<b>[^*\n]{3,100})\*\*|__(?P<u>[^_\n]{3,100})__):?\s*$")
# a title naming an acceptance figure ('**Accept length by dataset**') names what the figures
# are, not which run they are of: no configuration
_FIGURE_TITLE = re.compile(r"\bAL\b|\bAR\b|%|\d\.\d+\s*(?:x|×)", re.I)
TITLE_LABEL = "title"


def _ranged_row(ln: int, value: str, ctx: I.Ctx) -> PasteRecord | None:
    """The record of no figure of a run's row whose note prints its acceptance rate as a range
    (row_accept.py)."""
    fig = E.Figures()
    if not I._put_span(fig, "accept_rate", "acceptance rate", value):
        return None
    return E.record(
        fig,
        kind=TABLE_ROW,
        tool=ctx[0],
        tool_rule=ctx[1],
        structure="prose",
        lines=(ln, ln),
        labels=(),
    )


def _bold_lead(blk: list[tuple[int, str]], prev: list[tuple[int, str]]) -> str | None:
    """The title in bold of the run a block prints: its own first line wholly in bold over
    more lines, or the block just before when that is one such line alone. None when there is
    none, or when the bold line names or states an acceptance figure (a title naming the figure
    says what the numbers are; one stating a figure may be a record, or a summary of those
    below), not which configuration they were measured at."""
    if len(blk) > 1:
        line = blk[0][1]
    elif len(prev) == 1:
        line = prev[0][1]
    else:
        return None
    m = _RUN_TITLE.match(line)
    if m is None and len(blk) > 1 and len(prev) == 1:
        line = prev[0][1]
        m = _RUN_TITLE.match(line)
    if m is None:
        return None
    title = (m.group("b") or m.group("u") or "").strip().rstrip(":").strip()
    if (
        not title
        or _STRONG.search(title)
        or _FIGURE_TITLE.search(title)
        or I.heading_figure(title) is not None
    ):
        return None
    return title


def _titled(
    records: list[PasteRecord], block_of: list[int], titles: dict[int, str]
) -> list[PasteRecord]:
    """Each record of a block under a bold title ('**EAGLE-3, Llama-3.1-8B, k=5, H100**') with
    that title as its first label: the configuration the run was measured at, shown, and never
    averaged with another title's run."""
    out = []
    for r, b in zip(records, block_of, strict=True):
        title = titles.get(b)
        if title is not None and (TITLE_LABEL, title) not in r.labels:
            r = dataclasses.replace(r, labels=((TITLE_LABEL, title), *r.labels))
        out.append(r)
    return out


def _counts_with_k(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Accepted and drafted counts with the draft tokens per step the paste states ('mtp_k=3'
    once, nowhere another k) give the verify steps (drafted / k, where k divides it): 1 +
    accepted / steps against the printed length decides the bonus, before any name does
    ('Mean accepted tokens / forward | 2.79' beside '59.70% (85964/144000)': 1 + 85964 / 48000)."""
    if not any(r.accepted_tokens and r.drafted_tokens and r.printed_length for r in records):
        return records
    k = I.k_stated(text)
    if k is None:
        return records
    out = []
    for r in records:
        acc, dra, pl = r.accepted_tokens, r.drafted_tokens, r.printed_length
        if (
            acc is not None
            and dra
            and pl is not None
            and dra % k == 0
            and (r.bonus == UNDECIDED or r.bonus.rule.startswith(("name:", "tool:")))
        ):
            steps = dra // k
            decimals = len(f"{pl:g}".partition(".")[2])
            tol = 0.5 * 10.0**-decimals + 1e-9
            with_bonus, no_bonus = abs(pl - (1 + acc / steps)) <= tol, abs(pl - acc / steps) <= tol
            one_more = abs(pl - (2 + acc / steps)) <= tol
            if one_more and not with_bonus and not no_bonus:
                # the printed figure is one token per step more than the counts give
                # ('proposed=900, accepted=450, avg_tokens/step=3.50' with '--mtp 3': 1 +
                # 450 / 300 = 2.5): it counts a forward's own token besides the bonus; the
                # counts give the accept length
                r = dataclasses.replace(
                    r,
                    accept_length=round(1 + acc / steps, 6),
                    bonus=Decision(
                        INCLUDED,
                        f"identity: printed length = 2 + accepted / (drafted / k), k = {k} as "
                        "the paste states: one token per step more than the bonus; the accept "
                        "length is 1 + accepted / steps",
                    ),
                    steps=r.steps or steps,
                    notes=decided_notes(r.notes),
                )
            elif with_bonus != no_bonus:
                rule = (
                    f"identity: printed length = {'1 + ' if with_bonus else ''}accepted / "
                    f"(drafted / k), k = {k} as the paste states"
                )
                r = dataclasses.replace(
                    r,
                    accept_length=pl if with_bonus else round(pl + 1, 6),
                    bonus=Decision(INCLUDED if with_bonus else EXCLUDED, rule),
                    steps=r.steps or steps,
                    notes=decided_notes(r.notes),
                )
        out.append(r)
    return out


# a rate the paste defines as accepted drafts over their most a step ('接受率 `accepted_path_depth
# / max_tree_depth`', 'acceptance rate = accepted / drafted'): per draft, never tokens a step / k
_RATE_OF_ACCEPTED = re.compile(
    r"(?:接受率|accept(?:ance)?[ _-]?rate)[^\n]{0,40}?(?<![\w/])accept(?:ed)?[\w ]{0,30}?"
    r"\s*(?:/|÷|\bover\b|\bdivided\s+by\b)\s*`?(?:max|draft|proposed|k\b|gamma)",
    re.I,
)


def _said_accepted(text: str, value: float) -> bool:
    """Whether the paste says ``value`` is what a step accepts ('每轮平均接受 6.2', 'accepts ~3.6
    a round'): the figure then counts accepted drafts, whatever its column is named."""
    shown = re.escape(f"{value:g}")
    return (
        re.search(r"(?:接受|accept(?:s|ed)?)\s*[~≈约]?\s*" + shown + r"(?![\d.])", text, re.I)
        is not None
    )


def _per_draft_pair(r: PasteRecord) -> tuple[float, float] | None:
    """The record's printed length and its rate, where the rate may be per draft (a rate, never a
    ratio: FastDeploy's accept ratio is per output token), or None."""
    pl, rate = r.printed_length, r.printed_rate
    if (
        pl is None
        or rate is None
        or not 0.0 < rate <= 1.0
        or r.rate_basis.value == "per_output_token"
        or not any(_rate_name(n) for n, _ in r.fields)
    ):
        return None
    return pl, rate


def _rate_name(name: str) -> bool:
    """Whether a field's name is a rate's ('accept rate'; 'draft-token acceptance', a rate by
    its key with no word 'rate'), never a ratio's."""
    low = name.lower()
    return "ratio" not in low and ("rate" in low or C.key(name).metric == C.RATE)


def _k_misfits(records: list[PasteRecord], k: int) -> bool:
    """Whether a record printing a length beside a per-draft rate fits neither k x rate nor
    1 + k x rate for the one k the paste states ('with num_speculative_tokens=5' in a question,
    a run at 1.4 and 17% below it): that k is not every run's, and decides none of them."""
    for r in records:
        if (pair := _per_draft_pair(r)) is None:
            continue
        pl, rate = pair
        tol = _printed_unit(r, pl, False) + k * _printed_unit(r, rate, True)
        if tol < 0.1 and abs(pl - k * rate) > tol and abs(pl - 1 - k * rate) > tol:
            return True
    return False


_DEFAULT_MARK = re.compile(r"\s*\((?:default|baseline)\)\s*$", re.I)


def _drafts_label(r: PasteRecord) -> int | None:
    """The one whole number from 1 to 16 a row's labels give under a name of drafted tokens
    ('Draft tokens', 'num draft tokens', a bare 'draft'), perhaps marked the default ('8
    (default)'), or None."""
    found = {
        int(v.number)
        for name, val in r.labels
        if (C.key(name).metric == C.DRAFTED or name.strip().lower() in ("draft", "drafts"))
        and (v := C.value(_DEFAULT_MARK.sub("", val))) is not None
        and not v.percent
        and v.number == int(v.number)
        and 1 <= v.number <= 16
    }
    return found.pop() if len(found) == 1 else None


def _drafts_labels_fit(records: list[PasteRecord]) -> int | None:
    """What to take off a row's 'Draft tokens' label for its k: 0 where three rows or more give
    their length as 1 + k x rate with the label's k, within both figures' rounding, and no such
    row gives it as k x rate nor has digits too coarse to tell (one or two pairs fit a k by
    chance too often, ``_one_k_fits``); 1 where no row fits so and three or more fit with k one
    below the label, none at k x rate (the label counts the target's own token beside the
    drafts: SGLang's ``--speculative-num-draft-tokens``); else None."""
    for off in (0, 1):
        fits = 0
        for r in records:
            if (kr := _drafts_label(r)) is None or (pair := _per_draft_pair(r)) is None:
                continue
            kr -= off
            pl, rate = pair
            tol = _printed_unit(r, pl, False) + kr * _printed_unit(r, rate, True)
            if kr < 1 or tol >= 0.1 or abs(pl - kr * rate) <= tol:
                return None
            fits += abs(pl - 1 - kr * rate) <= tol
        if fits >= 3:
            return off
        if fits:
            return None  # (some rows fit the label's own k: never another reading)
    return None


def _rate_times_k(
    records: list[PasteRecord],
    k: int | None,
    text: str = "",
    body: str = "",
    where: str = "as the paste states",
) -> list[PasteRecord]:
    """A per-step figure printed beside a per-draft rate, with the one k the paste states
    ('chain K=5' over 'acceptance rate 70.0%, tokens per round 3.50') or, where it states none,
    the k of the row's own label ('| Linear K=6 | 68.3% | 4.1 |'): k drafts a step, so k x rate
    is the accepted drafts per step and 1 + k x rate the tokens per step. The arithmetic
    decides before the figure's name does (a name said 'tokens per round' of a figure that
    counts the accepted drafts: 5 x 0.7 = 3.50). Where the rate's printed digits leave k x
    rate unsure within the length's rounding, nothing is decided.

    A figure whose name counts every token of a step ('tokens per round', '每轮 tokens') that
    comes out at k x rate is told by neither: two definitions fit it (the accepted drafts a
    round, the name loose; or a rate defined as tokens a round / k, the name exact), so its
    convention is unknown and no normalised length is given; unless the paste defines the rate
    as accepted drafts over their most (_RATE_OF_ACCEPTED) and says a figure of the column is
    what a round accepts (_said_accepted): then the accepted drafts, bonus excluded, and the
    column's rows of no k follow it (one column, one way); or unless the block's table prints
    exactly 1 in that column for the run without drafts (baseline_column.py): the name exact,
    the bonus included. An accept-length name, whose bonus nothing else decides, is still
    decided by the identity."""
    at_one: dict[str, bool] = {}  # the column names whose baseline row prints 1, looked up once
    out = []
    loose: set[str] = set()  # the columns whose name the identity proved loose
    off = _drafts_labels_fit(records) if k is None else None
    for r in records:
        kr = k
        row_k = I._k_of_labels(list(r.labels)) if kr is None else None
        if row_k is not None:
            kr = int(row_k.number)
        if kr is None and off is not None and (label := _drafts_label(r)) is not None:
            # a row's 'Draft tokens' label of a whole 1 to 16 ('| fp8 n2 | 2 | 22.67% | 1.45 |'):
            # the drafts a step the row was run at (one fewer where the label counts the
            # target's own token), where the identity holds in three rows or more (no count of
            # a run's drafted tokens is so small beside its rate)
            kr = label - off
        pair = _per_draft_pair(r)
        if (
            kr is not None
            and pair is not None
            and (r.bonus == UNDECIDED or r.bonus.rule.startswith(("name:", "tool:")))
        ):
            pl, rate = pair
            tol = _printed_unit(r, pl, False) + kr * _printed_unit(r, rate, True)
            per = kr * rate
            value = None
            if tol >= 0.1:
                pass  # (the rate's digits too coarse for k of them to tell)
            elif abs(pl - per) <= tol < abs(pl - (1 + per)):
                value = EXCLUDED
            elif abs(pl - (1 + per)) <= tol < abs(pl - per):
                value = INCLUDED
            said = where if k is not None else "in the row's label"
            if k is None and off and row_k is None:
                said = "one below the row's drafts label (the label counts the target's own token)"
            if value == EXCLUDED and r.bonus.rule == TOKENS_NAME_RULE:
                column = I.per_step_name(r)
                if _RATE_OF_ACCEPTED.search(text) and any(
                    _said_accepted(text, o.printed_length)
                    for o in records
                    if o.printed_length is not None and I.per_step_name(o) == column
                ):
                    loose.add(column)
                    r = dataclasses.replace(
                        r,
                        accept_length=round(pl + 1, 6),
                        bonus=Decision(
                            EXCLUDED,
                            f"identity: printed length = k x rate, k = {kr} {said}, the rate "
                            "defined as accepted drafts over their most and the column's figure "
                            "said accepted: the accepted drafts a step (the name's reading, "
                            "tokens a step, does not hold)",
                        ),
                        notes=decided_notes(r.notes),
                    )
                elif (column := I.per_step_name(r)) and at_one.setdefault(
                    column, BC.one_in_column(body, column)
                ):
                    r = dataclasses.replace(
                        r,
                        bonus=Decision(
                            INCLUDED,
                            f"printed length = k x rate, k = {kr} {said}, in a column where the "
                            "run without drafts prints 1 (the target's own token counted): the "
                            "tokens a step its name says, the rate defined as tokens a step / k",
                        ),
                    )
                else:
                    r = dataclasses.replace(
                        r,
                        accept_length=None,
                        bonus=Decision(
                            UNKNOWN,
                            f"two readings fit: printed length = k x rate, k = {kr} {said}, is "
                            "the accepted drafts a step (bonus excluded) where the rate is per "
                            "draft, or the tokens a step its name says (bonus included) where "
                            "the rate is defined as tokens a step / k",
                        ),
                        notes=(*r.notes, f"{BONUS_UNKNOWN}: no normalised accept length is given"),
                    )
            elif value is not None and (r.bonus == UNDECIDED or r.bonus.value != value):
                words = "1 + " if value == INCLUDED else ""
                r = dataclasses.replace(
                    r,
                    accept_length=pl if value == INCLUDED else round(pl + 1, 6),
                    bonus=Decision(
                        value,
                        f"identity: printed length = {words}k x rate, k = {kr} {said} (k drafts "
                        "a step)"
                        + (
                            f"; the name's reading ({r.bonus.rule}) does not hold"
                            if r.bonus != UNDECIDED
                            else ""
                        ),
                    ),
                    notes=decided_notes(r.notes),
                )
        out.append(r)
    if not loose:
        return out
    # the column's rows of no k, decided by the name the identity proved loose: accepted too
    return [
        dataclasses.replace(
            r,
            accept_length=round(r.printed_length + 1, 6),
            bonus=Decision(
                EXCLUDED,
                "the column's other rows decide it (one column, one way): k x rate there, the "
                "figure said accepted",
            ),
            notes=decided_notes(r.notes),
        )
        if r.bonus.rule == TOKENS_NAME_RULE
        and r.printed_length is not None
        and I.per_step_name(r) in loose
        else r
        for r in out
    ]


MAX_FITTED_K = 16


def _one_k_fits(records: list[PasteRecord]) -> list[PasteRecord]:
    """Runs of one block each printing a length beside a per-draft rate, no k stated ('mean
    acceptance lengths 3.41 / 3.45 / 3.51 and draft-token acceptance of 80.45% / 81.57% /
    83.63%'): where one whole k (1 to 16) gives every length as 1 + k x rate within both
    figures' rounding, and no k gives every length as k x rate, the runs drafted k tokens a
    step and their lengths count the bonus token (and the other way round). Three runs at
    least, their rates apart: one or two pairs of figures fit some k by chance too often (3.42
    at 57.1% and 2.88 at 47.9% are both 6 x rate within their rounding)."""
    runs = [
        r
        for r in records
        if r.bonus == UNDECIDED
        and r.printed_length is not None
        and r.printed_rate is not None
        and 0.0 < r.printed_rate <= 1.0
        and r.rate_basis.value != "per_output_token"
        and any("accept" in n.lower() and "ratio" not in n.lower() for n, _ in r.fields)
        # (a tree's path length: its rate is often the path over the depth, k x rate by
        # construction; tree_path.py)
        and not any(TP.named(n) for n, _ in r.fields)
    ]
    if len(runs) < 3 or len({r.printed_rate for r in runs}) < 3:
        return records

    def fits(group: list[PasteRecord], k: int, bonus: int) -> bool:
        for r in group:
            pl, rate = r.printed_length, r.printed_rate
            assert pl is not None and rate is not None
            tol = _printed_unit(r, pl, False) + k * _printed_unit(r, rate, True)
            if tol >= 0.1 or abs(pl - (bonus + k * rate)) > tol:
                return False
        return True

    def one_k(group: list[PasteRecord]) -> tuple[int, bool] | None:
        """The one k fitting every run of ``group`` and whether with the bonus; None unless
        exactly one (k, side) fits."""
        with_bonus = [k for k in range(1, MAX_FITTED_K + 1) if fits(group, k, 1)]
        no_bonus = [k for k in range(1, MAX_FITTED_K + 1) if fits(group, k, 0)]
        if len(with_bonus) + len(no_bonus) != 1:
            return None
        return (with_bonus or no_bonus)[0], bool(with_bonus)

    got = one_k(runs)
    if got is not None:
        ks = [got[0]]
        with_bonus = got[1]
        rule_k = f"the one k that fits them all (k = {ks[0]})"
    else:
        # runs of a few arms, each its runs' label stem ('fast_a', 'fast_b', 'fast_c'; 'slim_a',
        # ...): where each arm of three runs or more fits exactly one k, every arm on the same
        # side, the arms drafted their k each (two k's at most)
        groups: dict[str, list[PasteRecord]] = {}
        for r in runs:
            groups.setdefault(_arm_stem(r), []).append(r)
        if (
            len(groups) < 2
            or "" in groups
            or any(len(g) < 3 or len({r.printed_rate for r in g}) < 3 for g in groups.values())
        ):
            return records
        fitted = [one_k(g) for g in groups.values()]
        if any(f is None for f in fitted):
            return records
        sides = {f[1] for f in fitted if f is not None}
        ks = sorted({f[0] for f in fitted if f is not None})
        if len(sides) != 1 or len(ks) > 2:
            return records
        with_bonus = sides.pop()
        rule_k = f"one k for each arm of runs (k = {' or '.join(map(str, ks))})"
    value = INCLUDED if with_bonus else EXCLUDED
    rule = (
        f"identity: every run's printed length = {'1 + ' if with_bonus else ''}k x rate with "
        f"{rule_k}, none fitting "
        f"{'k x rate' if with_bonus else '1 + k x rate'}"
    )
    if not with_bonus and not KRR.per_draft_proved(runs):
        # k x rate is the accepted drafts a step only where the rate is proved per draft: the
        # same figures are the tokens a step where the rate is the length over k
        # (k_rate_readings.py)
        unknown = KRR.two_readings(rule_k)
        return [
            dataclasses.replace(
                r,
                accept_length=None,
                bonus=unknown,
                notes=r.notes
                if any(n.startswith(BONUS_UNKNOWN) for n in r.notes)
                else (*r.notes, f"{BONUS_UNKNOWN}: no normalised accept length is given"),
            )
            if r in runs
            else r
            for r in records
        ]
    out = []
    for r in records:
        if r in runs:
            pl = r.printed_length
            assert pl is not None
            r = dataclasses.replace(
                r,
                accept_length=pl if value == INCLUDED else round(pl + 1, 6),
                bonus=Decision(value, rule),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out


# a run's label ending in a short run mark after '_' or '-' ('fast_a', 'slim-2', 'N4_c'): the
# arm is the label before it
_ARM_MARK = re.compile(r"^(?P<arm>.*[^_\s-])[_-](?:[a-z]|\d{1,2})$", re.I)


def _arm_stem(r: PasteRecord) -> str:
    """The arm of a run: its first label's text before a short run mark ('fast_a': 'fast');
    '' where the run has no such label."""
    if not r.labels:
        return ""
    m = _ARM_MARK.match(r.labels[0][1].strip(" *`"))
    return m.group("arm") if m is not None else ""


def _printed_unit(r: PasteRecord, number: float, rate: bool) -> float:
    """Half a unit of the last decimal ``number`` was printed with in the record's fields (a
    rate as a fraction); a whole unit of the second decimal when it is not found."""
    for name, shown in r.fields:
        v = C.value(shown)
        if v is None or _rate_name(name) != rate:
            continue
        as_read = v.number / 100.0 if v.percent else v.number
        if abs(as_read - number) < 1e-9:
            return C.half_unit(v.decimals) / (100.0 if v.percent else 1.0)
    return 0.01


# a 'MAL' header cell, in capitals (a table's column of mean acceptance lengths)
_MAL_HEAD = re.compile(r"\|\s*[*_`]*MAL[*_`]*\s*\|")
_BLOCK_EFF = re.compile(r"\|\s*[*_`]*block\s+eff(?:\.|iciency)?[*_`]*\s*\|", re.I)


def _max_stated(text: str) -> int | None:
    """The one draft maximum a whole paste states (vocab.DRAFT_MAX: '--spec-type mtp:n_max=3',
    '--draft-max 4', 'n_max=3'), None when none or several: at most N drafts a step, so a
    length above N counts the bonus token (the bound serves that direction alone: a length at
    or below it proves nothing)."""
    found = {int(m.group("max")) for m in V.DRAFT_MAX.finditer(text)}
    found.discard(0)
    return found.pop() if len(found) == 1 else None


def _row_named_k(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Undecided records printing a length beside a per-draft rate, where the paste states no
    one k: the identity of _rate_times_k with the k of the table row their subject names
    (row_named_k.py)."""
    if not any(r.bonus == UNDECIDED and _per_draft_pair(r) for r in records):
        return records
    if I.k_stated(text) is not None or not (rows := RNK.k_rows(text)):
        return records
    out = []
    for r in records:
        if r.bonus == UNDECIDED and _per_draft_pair(r) and (k := RNK.k_for(r, rows)):
            (r,) = _rate_times_k([r], k, text, text, RNK.SAID)
        out.append(r)
    return out


def _above_stated_k(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """A length above the one draft-tokens-per-step the paste states (`--speculative-num-steps
    3` over 'accept length 3.08') counts the bonus token; so do the paste's other lengths of
    that tool under that name (one paste prints one tool's length one way). A paste setting k
    to a placeholder letter ('"num_speculative_tokens":N') states each run's own k in its label
    ('MTP, n=2'): the same, run by run."""
    if not any(r.bonus == UNDECIDED and r.printed_length for r in records):
        return records
    k = I.k_stated(text)
    if k is None:
        k = _max_stated(text)
    if k is None:
        # ('The proposal depth is 5': the most drafts a step accepts; depth_stated.py)
        k = DST.stated(text)
    own = I.placeholder_k(text) if k is None else None
    ks = [k if k is not None else I.k_of_placeholder(own, list(r.labels)) for r in records]
    above = {
        (r.tool, _series_name(r))
        for r, kr in zip(records, ks, strict=True)
        if kr is not None
        and r.bonus == UNDECIDED
        and r.printed_length is not None
        and r.printed_length > kr
        and _series_name(r) is not None
    }
    if not above:
        return records
    out = []
    for r, kr in zip(records, ks, strict=True):
        if (
            r.bonus == UNDECIDED
            and r.printed_length is not None
            and (r.tool, _series_name(r)) in above
        ):
            said = "the paste states" if k is not None else "its label sets"
            rule = (
                f"value: a length above the draft tokens per step {said} ({kr}) "
                "must count the bonus token"
                if kr is not None and r.printed_length > kr
                else f"the paste's other lengths of this name pass the draft tokens per step it "
                f"states ({k}): printed one way"
                if k is not None
                else "the paste's other lengths of this name pass the draft tokens per step "
                "their labels set: printed one way"
            )
            r = printed_decided(r, INCLUDED, rule)
        out.append(r)
    return out


# a figure stated as a training's outcome ('broke the draft's training (mean accept length
# stuck at 2.4)', 'during training the eval accept length reached 2.1', '训练中接受长度 …'): the
# trainer's evaluation computed it, whatever engine the paste names elsewhere (a server for data
# generation, a launch for later); 'training' as a mere qualifier ('the training cache') is none
_TRAINING_OUTCOME = re.compile(
    r"\b(?:during|in|broke|breaks|broken|stalls?|stalled)\s+(?:[\w-]+\s+){0,2}?training\b"
    r"|\btraining[ _-]?(?:eval\w*|metrics?|logs?|curves?|\()|\btraining\s+\(|训练(?:中|时|过程)",
    re.I,
)
# a sentence's end: a stop, a question or an exclamation mark before a space ('86.4%. Two ...'),
# never a decimal point
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
TRAINING_RULE = "a training's figure: {tool}, named elsewhere, did not print it"


def _of_training(
    kv: list[PasteRecord], rest: list[tuple[int, str]], named: C.Key | None
) -> list[PasteRecord]:
    """Prose records whose own lines state the figure as a training's outcome and do not name
    their tool: read again with no tool (their convention undecided)."""
    text_of = dict(rest)

    def training(r: PasteRecord) -> bool:
        said = "\n".join(text_of.get(ln, "") for ln in range(r.first_line, r.last_line + 1))
        if not _TRAINING_OUTCOME.search(said) or r.tool in T.tools_named(said):
            return False
        # (only the sentences printing the record's figures: a later sentence musing on a
        # training, 'both teams converged on it during training', states no outcome of it)
        values = {v.strip().strip("*`~≈ ") for _, v in r.fields}
        values.discard("")
        own = [s for s in _SENTENCES.split(said) if any(v in s for v in values)]
        return not own or any(_TRAINING_OUTCOME.search(s) for s in own)

    hit = [r.tool != "unknown" and training(r) for r in kv]
    if not any(hit):
        return kv
    tool = kv[hit.index(True)].tool
    again = I.keyvalue(
        rest, ("unknown", TRAINING_RULE.format(tool=tool), kv[0].kind), "prose", named
    )
    if len(again) != len(kv):
        return kv  # (read otherwise without the tool: left as it was)
    return [a if h else r for r, a, h in zip(kv, again, hit, strict=True)]


def _version_before(ctx: I.Ctx, body: str) -> I.Ctx:
    if ctx[0] == "vllm" and _OLD_VLLM.search(body):
        return (
            ctx[0],
            "vLLM, in a release before 0.9 the block names (its own convention)",
            ctx[2],
        )
    return ctx


def _restated(
    blk: list[tuple[int, str]],
    named: C.Key,
    records: list[PasteRecord],
    block_of: list[int],
    n_block: int,
) -> None:
    """Records of a paragraph that states again, without its name, the accept length the one
    just before it named; its tool only where the paragraph itself names one."""
    body = "\n".join(t for _, t in blk)
    tools = T.tools_named(body)
    tool, rule = (
        (tools[0], "named in the block or its heading")
        if len(tools) == 1
        else (
            "unknown",
            "no tool named in the paragraph",
        )
    )
    ctx = _version_before((tool, rule, T.kind_of(body, tool) or SUMMARY), body)
    found = I.keyvalue(list(blk), ctx, "prose", named)
    records.extend(found)
    block_of.extend([n_block] * len(found))


# The paste's own word on its lengths: that they should have 1 added to count the target's own
# token ('SpecBench also counts the token generated by the base (target) model, so the accept
# length should +1'), or 1 taken away. The sentence names the length (or 'our numbers') and
# says '+1' / 'plus one' / 'add 1' (or '-1' / 'minus one' / 'subtract 1'); the target's or the
# bonus token is named in it or just before it.
_PLUS_ONE = re.compile(
    r"\b(?:accept(?:ance)?[ _-]?len(?:gth)?s?|AL|τ|(?:my|our|these|the) (?:numbers|lengths|figures))"
    r"\b[^.\n]{0,30}?\b(?:should|would|need to|needs to|must|to)\s+(?:be\s+)?"
    r"(?P<op>(?:\+\s*1|plus 1|add(?:ed)?\s+1|(?:-|−)\s*1|minus 1|subtract(?:ed)?\s+1)(?![.,]?\d)|"
    r"plus one\b|add(?:ed)?\s+one\b|minus one\b|subtract(?:ed)?\s+one\b)",
    re.I,
)
_TARGET_TOKEN = re.compile(
    r"\bbonus\b|\b(?:target|base|verif\w*)\W+(?:\w+\W+){0,2}?(?:model\W+)?token|"
    r"\btokens?\b[^.\n]{0,40}\b(?:target|base|verif\w*)\b",
    re.I,
)


# ... or says it of them directly: 'the accept length here does not count the bonus token',
# 'our numbers include the target's own token', 'AL excludes the bonus' (the length's name, a
# few words such as 'here' or 'above', then the verb: never a sentence about another tool's
# figures, 'our numbers differ from X, which counts the bonus')
_BONUS_SAID = re.compile(
    r"\b(?:accept(?:ance)?[ _-]?len(?:gth)?s?|AL|τ|(?:my|our|these|the) (?:numbers|lengths|figures))"
    r"(?:\s+(?:here|above|below|shown|reported|printed|always|also|already|in this \w+))*\s+"
    r"(?P<neg>(?:does|do|did)\s*(?:n['’]t|not)\s+|never\s+)?"
    r"(?P<verb>count|include|exclude|omit|leave out|ignore)(?:s|d|ing)?\s+(?:the\s+)?"
    r"(?:bonus|target(?:'s|’s)?(?:\s+model(?:'s|’s)?)?\s+(?:own\s+)?token|"
    r"token\s+(?:generated|sampled|emitted)\s+by\s+the\s+(?:target|base|verifier))",
    re.I,
)


# ... or says it by contrast with another tool that counts one token MORE: 'my numbers are
# different from SpecBench since SpecBench also counts the token generated by the base (target)
# model', 'our lengths differ from X, which additionally counts the bonus token': the paste's
# own figures (named first, with 'differ'/'different'/'lower') leave that token out. 'also' (or
# 'as well', 'additionally', 'in addition') is the contrast: a bare 'X counts the bonus' after
# 'our numbers differ from X' says nothing of ours. Said by the paste itself of its own counting:
# 'unlike X, we do not count the bonus token'. Never a token of something else ('also counts the
# prompt tokens').
_TARGETS_TOKEN = (
    r"(?:the\s+)?(?:bonus(?:\s+token)?|(?:target|base|verifier)(?:'s|’s)?(?:\s+model(?:'s|’s)?)?"
    r"\s+(?:own\s+)?token|(?:extra\s+)?tokens?\s+(?:generated|sampled|emitted|produced)\s+by\s+"
    r"(?:the\s+)?(?:target|base|verifier)(?:\s*\(\s*(?:target|base)\s*\))?(?:\s+model)?)\b"
)
_ALSO_COUNTED = re.compile(
    r"\b(?:my|our|these|the\s+above)\s+(?:numbers|lengths|figures|results|accept(?:ance)?[ _-]?"
    r"len(?:gth)?s?)\s+(?:are\s+|is\s+)?(?:different|differ|lower|smaller)\s+(?:from|than|to)\s+"
    # (the other tool perhaps as a markdown link: a dot inside a word or link ends no sentence)
    r"(?:[^.\n]|\.(?=\S)){1,200}?\b(?:since|because|as|which|who|for)\s+(?:[\w.()'’-]+\s+){0,3}?"
    r"(?:(?P<adv>also|additionally)\s+counts?|counts?\s+(?P<adv2>in\s+addition|also)|counts?)\s+"
    r"(?P<tok>" + _TARGETS_TOKEN + r")(?P<also>\s+(?:as\s+well|too|in\s+addition))?",
    re.I,
)
_WE_DO_NOT_COUNT = re.compile(
    r"\bunlike\s+[^,.\n]{1,60},\s*(?:we|I|my\s+\w+|our\s+\w+|these\s+\w+)\s+"
    r"(?:do|does|did)\s*(?:n['’]t|not)\s+(?:count|include)\s+" + _TARGETS_TOKEN,
    re.I,
)


def _contrasts(text: str) -> list[tuple[str, str]]:
    """The paste's word that its lengths leave the target's token out, by contrast with a tool
    that counts it too ('also counts'), or in its own voice ('unlike X, we do not count ...')."""
    found = [
        (EXCLUDED, m.group(0))
        for m in _ALSO_COUNTED.finditer(text)
        if m.group("also") or m.group("adv") or m.group("adv2")
    ]
    found.extend((EXCLUDED, m.group(0)) for m in _WE_DO_NOT_COUNT.finditer(text))
    return found


# ... or writes it as an equation: the length is the accepted drafts plus one ('AL = accepted
# draft tokens + 1'), or the accepted drafts are the length minus one ('accepted tokens =
# accept length (AL) - 1'): one token a step more than accepted, the target's own, counted
_ACCEPTED_TOKENS = (
    r"(?:(?:the\s+)?(?:mean|average|avg\.?)\s+)?(?:number\s+of\s+)?accepted\s+"
    r"(?:(?:draft(?:ed)?|speculative|proposed)\s+)?tokens?(?:\s+(?:length|count|number))?"
)
_LENGTH_ABBR = r"(?:\s*\((?-i:AL)\))?"
_EQUATED_PLUS_ONE = re.compile(
    V.LENGTH_NAME_RE + _LENGTH_ABBR + r"\s*=\s*" + _ACCEPTED_TOKENS + r"\s*\+\s*(?:1|one)\b"
    r"(?![.,]?\d|\s*[*/×])|\b"
    + _ACCEPTED_TOKENS
    + r"\s*=\s*"
    + V.LENGTH_NAME_RE
    + _LENGTH_ABBR
    + r"\s*[-−]\s*(?:1|one)\b(?![.,]?\d|\s*[*/×])",
    re.I,
)


_PLAIN_AT_ONE = re.compile(
    r"\b(?:standard|plain|normal|vanilla|regular|autoregressive|non-speculative|ordinary)\s+"
    r"(?:decoding|decode)\s*(?:\(\s*(?:=\s*)?1(?:\.0+)?\s*\)|(?:is|=|gives|of)\s+1(?:\.0+)?(?![\d.]))|"
    # the value first: '(which is `1.0` for plain autoregressive decoding)'
    r"(?:\(\s*|\b(?:which\s+is|is|=|being)\s+)[`*]{0,2}1(?:\.0+)?[`*]{0,2}\s+(?:for|in|with)\s+(?:the\s+)?"
    r"(?:(?:standard|plain|normal|vanilla|regular|autoregressive|non-speculative|ordinary|AR)\s+)"
    r"{1,3}(?:decoding|decode|generation)\b",
    re.I,
)


# the run without drafts compared at 1 with the paste's runs ('5.47 mean accepted tokens vs
# 1.000 (autoregressive)', 'vs 1.0 (AR)', 'versus 1.00 (no spec)'): plain decoding's one token a
# step printed as the figure, so the figure counts the target's own token
_PLAIN_COMPARED_AT_ONE = re.compile(
    r"(?<![\w.])(?:vs\.?|versus|against)\s+[`*]{0,2}1(?:\.0+)?[`*]{0,2}\s*\(\s*"
    r"(?:(?:plain|standard|vanilla|non-speculative|autoregressive|AR)"
    r"(?:\s+(?:decoding|decode|generation|baseline))?|no[ -]?spec(?:ulation|ulative)?|"
    r"without\s+(?:spec\w*|drafts?)|w/o\s+spec\w*|no\s+drafts?)\s*\)",
    re.I,
)


# an acceptance figure's name, or tokens a step ('mean accepted tokens', 'accept length',
# 'tokens per step'), and the measures no such figure is ('2.1x', 'speedup', 'tok/s')
_COMPARED_FIGURE = re.compile(
    r"accept\w*|τ|(?-i:\bAL\b)|tokens?\s*(?:/|per)\s*(?:step|round|iter\w*|verify|forward|pass)",
    re.I,
)
_COMPARED_OTHER = re.compile(
    r"speed[- ]?up|throughput|latency|tok(?:en)?s?\s*/\s*s\b|t/s\b|tps\b|\d\s*[x×](?![\w])|"
    r"\bms\b",
    re.I,
)
_COMPARED_SENTENCE_END = re.compile(r"(?<!\bvs)[.!?;](?:\s|$)|\n")


def _compares_a_length(text: str, at: int) -> bool:
    """Whether the plain run compared at 1 (``at``: its 'vs') stands in a sentence comparing an
    acceptance figure: the figure named before it in the sentence, no other measure between."""
    start = max(0, at - 240)
    ends = list(_COMPARED_SENTENCE_END.finditer(text, start, at))
    start = ends[-1].end() if ends else start
    named = list(_COMPARED_FIGURE.finditer(text, start, at))
    return bool(named) and _COMPARED_OTHER.search(text, named[-1].end(), at) is None


# a figure the paste spells out as the accepted drafts plus the bonus token ('5.4 (accepted + 1
# bonus)', '3.1 (accepted + bonus)'): a length printed 1 below it counts the accepted drafts
_PLUS_BONUS = re.compile(
    r"(?<![\w.])(?P<v>\d{1,2}(?:\.\d{1,4})?)[*`]{0,2}\s*\(\s*(?:mean\s+)?accepted"
    r"(?:\s+(?:drafts?|tokens?|draft\s+tokens))?\s*\+\s*(?:1|one)?\s*(?:bonus|target)"
    r"(?:\s+token)?\s*\)",
    re.I,
)


def _spelled_plus_bonus(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided where the paste prints the same run's accepted drafts
    plus the bonus ('Mean accepted tokens | 4.4' beside 'Tokens per sample | 5.4 (accepted + 1
    bonus)'): a length 1 below that figure leaves the bonus out, one equal to it counts it."""
    if "bonus" not in text.lower() or "+" not in text:
        return records
    spelled = [m.group("v") for m in _PLUS_BONUS.finditer(text)]
    if not spelled:
        return records
    out = []
    for r in records:
        pl = r.printed_length
        if r.bonus == UNDECIDED and pl is not None:
            for v in spelled:
                tol = 0.5 * 10.0 ** -len(v.partition(".")[2]) + 1e-9
                value = (
                    EXCLUDED
                    if abs(pl + 1 - float(v)) <= tol
                    else INCLUDED
                    if abs(pl - float(v)) <= tol
                    else None
                )
                if value is not None:
                    r = dataclasses.replace(
                        r,
                        accept_length=pl if value == INCLUDED else round(pl + 1, 6),
                        bonus=Decision(
                            value,
                            f"identity: the paste prints {v} as accepted + 1 bonus"
                            + (": this length is the accepted drafts" if value == EXCLUDED else ""),
                        ),
                        notes=decided_notes(r.notes),
                    )
                    break
        out.append(r)
    return out


# ... or per engine, where a note defines each engine's figure in turn ('vLLM = accepted drafts
# per step from counter deltas (excludes the bonus token); SGLang = logged accept length
# (includes the target-sampled token)'): the engine's name, '=' or ':', its figure's words and
# in brackets whether it counts the target's token; each engine's records take its own
_ENGINE_SAID = re.compile(
    r"\b(?P<eng>vllm|sglang|llama\.cpp|trt-?llm|tensorrt-llm)\s*[=:]\s*[^;=()\n]{3,160}?\(\s*"
    r"(?P<verb>exclud|includ)(?:es|ed|ing)\s+(?:the\s+)?"
    r"(?:target[- ]sampled\s+(?:bonus\s+)?token|target(?:'s|’s)\s+(?:own\s+)?token|bonus\b)",
    re.I,
)
_ENGINE_NAMES = {"llama.cpp": "llamacpp", "tensorrt-llm": "trtllm", "trt-llm": "trtllm"}


def _per_engine_said(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided by a note saying, engine by engine, whether its
    figure counts the target's own token (_ENGINE_SAID); an engine said both ways, nothing."""

    def unsaid(r: PasteRecord) -> bool:
        # (undecided, or only because its name leaves it unsaid, 'accepted/step')
        return r.printed_length is not None and (
            r.bonus == UNDECIDED or (r.bonus.value == UNKNOWN and r.bonus.rule.startswith("name: "))
        )

    if not any(unsaid(r) for r in records):
        return records
    low = text.lower()
    if "includ" not in low and "exclud" not in low:
        return records
    said: dict[str, tuple[str, str] | None] = {}
    for m in _ENGINE_SAID.finditer(text):
        eng = m.group("eng").lower()
        eng = _ENGINE_NAMES.get(eng, eng)
        value = INCLUDED if m.group("verb").lower() == "includ" else EXCLUDED
        old = said.get(eng, (value, m.group(0)))
        said[eng] = old if old is not None and old[0] == value else None
    out = []
    for r in records:
        got, pl = said.get(r.tool), r.printed_length
        if got is not None and pl is not None and unsaid(r) and _length_name(r) is not None:
            r = _as_said(r, pl, got[0], f"the paste says of {r.tool}'s figures: {got[1]!r}")
        out.append(r)
    return out


def _as_said(r: PasteRecord, printed: float, value: str, why: str) -> PasteRecord:
    """``r`` with its printed length normalised as the paste says its lengths count (``value``:
    the bonus included or excluded), ``why`` the words that say it."""
    length = printed if value == INCLUDED else printed + 1
    return dataclasses.replace(
        r, accept_length=round(length, 6), bonus=Decision(value, why), notes=decided_notes(r.notes)
    )


def _as_the_paste_says(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing else decided, decided by the paste's own statement of how they count."""
    records = _spelled_plus_bonus(records, text)
    records = _per_engine_said(records, text)
    if not any(r.bonus == UNDECIDED and r.printed_length is not None for r in records):
        return records
    low = text.lower()
    said = None
    found: list[tuple[str, str]] = []
    plus = any(w in low for w in ("should", "would", "need", "must", " to "))
    for m in _PLUS_ONE.finditer(text) if plus else ():
        if not _TARGET_TOKEN.search(text[max(0, m.start() - 300) : m.end()]):
            continue
        op = m.group("op").lower()
        found.append((EXCLUDED if op.startswith(("+", "plus", "add")) else INCLUDED, m.group(0)))
    said_bonus = ("bonus" in low or "target" in low or "generated by" in low) and any(
        w in low for w in ("count", "includ", "exclud", "omit", "leave out", "ignor")
    )
    for m in _BONUS_SAID.finditer(text) if said_bonus else ():
        counts = m.group("verb").lower() in ("count", "include")
        found.append((INCLUDED if counts != bool(m.group("neg")) else EXCLUDED, m.group(0)))
    if "count" in low or "includ" in low:
        found.extend(_contrasts(text))
    # a definition of the length as a quotient that says what a step counts ('accepted draft
    # tokens plus one target token per verification, divided by the verifications')
    found.extend((d.bonus, d.words) for d in DF.definitions(text) if d.bonus is not None)
    if "=" in text:
        # (a web page's non-breaking hyphen in the name: 'Accepted\u2011length')
        hyphened = text.replace("\u2011", "-").replace("\u2010", "-")
        found.extend((INCLUDED, m.group(0)) for m in _EQUATED_PLUS_ONE.finditer(hyphened))
    # ... or as a formula: the accepted tokens plus the steps over the steps (the bonus counted)
    found.extend((INCLUDED, f) for f in DF.formulas(text))
    if "decod" in low:
        # decoding without drafts said to give 1.0 ('barely above standard decoding (1.0)'):
        # the paste's lengths count the target's own token
        found.extend((INCLUDED, m.group(0)) for m in _PLAIN_AT_ONE.finditer(text))
    # a length said to show speculation at work above one ('`Mean acceptance length` above one
    # confirms speculative decoding is active'): one is plain decoding, the target's token counted
    found.extend((INCLUDED, w) for w in ABOVE1.said(text))
    # a speed worked out as the plain speed times a printed length ('11.3 tok/s × 2.57 ≈ 29
    # tok/s'): tokens a pass, the target's own counted
    printed = {r.printed_length for r in records if r.printed_length is not None}
    found.extend((INCLUDED, w) for w in SPT.said(text, printed))
    if "vs" in low or "versus" in low or "against" in low:
        found.extend(
            (INCLUDED, m.group(0))
            for m in _PLAIN_COMPARED_AT_ONE.finditer(text)
            if _compares_a_length(text, m.start())
        )
    for value, words in found:
        if said is not None and said[0] != value:
            return records  # the paste says both: nothing decided
        said = (value, words)
    if said is None:
        return records
    value, words = said
    out = []
    for r in records:
        if r.bonus == UNDECIDED and r.printed_length is not None and _length_name(r) is not None:
            r = _as_said(
                r, r.printed_length, value, f"the paste says of its lengths: {words.strip()!r}"
            )
        out.append(r)
    return out


def _reaching_k_plus_one(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing else decided, printed under a symbol the paste says reaches the draft
    count plus one ('perfect prediction (τ = γ+1)'): that symbol's lengths count the bonus
    (ceiling.py)."""
    if not any(r.bonus == UNDECIDED and r.printed_length is not None for r in records):
        return records
    records = _reaching_stated_maximum(records, text)
    said = CEIL.bounded(text)
    if not said:
        return records
    out = []
    for r in records:
        pl = r.printed_length
        if r.bonus == UNDECIDED and pl is not None and pl >= 1:
            fams = {f for name, _ in r.fields for f in CEIL.families_in(name)}
            hit = [said[f] for f in sorted(fams) if f in said]
            if len(fams) == 1 and hit:
                r = _as_said(
                    r, pl, INCLUDED, f"the paste bounds the figure by k + 1: {hit[0].strip()!r}"
                )
        out.append(r)
    return out


def _reaching_stated_maximum(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing else decided, named as the length the paste says reaches at most its
    draft count plus one in numbers ('draft length 7 (maximum acceptance length 8)'): they count
    the bonus (ceiling.numeric). A table titled by the length takes the statement of a spelled
    length's name; where one such length is printed above the maximum, nothing is decided."""
    said = CEIL.numeric(text)
    if not said:
        return records
    picked: dict[int, tuple[float, int, str]] = {}
    for i, r in enumerate(records):
        pl = r.printed_length
        if r.bonus != UNDECIDED or pl is None or pl < 1 or _length_name(r) != C.LENGTH:
            continue
        fams = {f for name, _ in r.fields for f in CEIL.families_in(name)}
        if fams:
            hit = [said[f] for f in sorted(fams) if f in said]
        elif I.TITLED_LENGTH in r.notes:
            # (the title names the length, spelled or as its abbreviation 'AL', never a symbol)
            fams, hit = {"length"}, [said[f] for f in ("length", "al") if f in said][:1]
        if len(fams) != 1 or not hit:
            continue
        if pl > hit[0][0] + 1e-9:
            return records  # a length above the stated maximum: the statement is not of these
        picked[i] = (pl, *hit[0])
    out = list(records)
    for i, (pl, top, words) in picked.items():
        out[i] = _as_said(
            records[i], pl, INCLUDED, f"the paste bounds the figure by k + 1 = {top}: {words!r}"
        )
    return out


def _figures_only(r: PasteRecord) -> bool:
    return r.accepted_tokens is None and r.drafted_tokens is None and r.steps is None


# at most this many lines of a run below a lone line are read to tell its figure
_RUN_LINES = 40


def _agrees(said: C.Value, y: float) -> bool:
    """Whether a figure printed as ``said`` states ``y`` (a fraction for a rate) at its printed
    decimals, rounded or cut ('3.40' for 3.4086)."""
    unit = 10.0**said.decimals
    scaled = y * unit * (100.0 if said.percent else 1.0)
    rounded, cut = round(scaled) / unit, int(scaled + 1e-9) / unit
    return abs(said.number - rounded) <= 1e-6 or abs(said.number - cut) <= 1e-6


def _run_figures(r: PasteRecord) -> tuple[list[float], list[float]]:
    """The lengths and rates (fractions) a run with counts prints or its counts give."""
    lengths = [x for x in (r.printed_length,) if x is not None]
    rates = [x for x in (r.printed_rate,) if x is not None]
    acc, steps, dra = r.accepted_tokens, r.steps, r.drafted_tokens
    if acc is not None and steps:
        lengths.append(1 + acc / steps)
    if acc is not None and dra:
        rates.append(acc / dra)
    return lengths, rates


def _titles_of_runs_below(
    records: list[PasteRecord], block_of: list[int], blocks: list[list[tuple[int, str]]]
) -> tuple[list[PasteRecord], list[int]]:
    """A line alone in its block that states one figure without counts ('Current AL=3.40', 'the
    draft acceptance rate is too low (27.3%)'), just above a run printed with its counts that
    gives the same figure at the line's decimals (rounded or cut: 3.40 for 1 + 12067 / 5010 =
    3.4086), titles that run: it is not another record. The run below may be the line
    scanner's (a server line, the offline example's counters): its first record is read here
    only to tell."""
    if not records:
        return records, block_of
    alone = {
        i: r
        for i, r in enumerate(records)
        if r.first_line == r.last_line
        and _figures_only(r)
        and not r.per_position
        and (r.printed_length is None) != (r.printed_rate is None)
        and len(r.fields) == 1
    }
    if not alone:
        return records, block_of
    starts = {b[0][0]: i for i, b in enumerate(blocks)}
    ends = {b[-1][0]: i for i, b in enumerate(blocks)}
    drop: set[int] = set()
    for i, r in alone.items():
        at = starts.get(r.first_line)
        if at is None or ends.get(r.first_line) != at or at + 1 >= len(blocks):
            continue  # not a line alone in its block, or nothing below it
        below = blocks[at + 1]
        lo, hi = below[0][0], below[-1][0]
        run = next((o for o in records if lo <= o.first_line <= hi), None)
        if run is None:
            got = I.keyvalue(below[:_RUN_LINES], ("unknown", "", SUMMARY), "key-value")
            run = got[0] if got else None
        if run is None or _figures_only(run):
            continue
        said = C.value(r.fields[0][1])
        if said is None:
            continue
        lengths, rates = _run_figures(run)
        pool = lengths if r.printed_length is not None else rates
        if any(_agrees(said, y) for y in pool):
            drop.add(i)
    if not drop:
        return records, block_of
    return without(records, block_of, drop)


def _per_block(
    records: list[PasteRecord], block_of: list[int], lines: list[tuple[int, str]]
) -> tuple[list[PasteRecord], list[int]]:
    """A run's figures printed as a few blocks of key-value lines, the way vLLM's offline
    example prints them: per-position rates just below the run's totals (blank lines only
    between) are that run's, not a record of their own; a lone figure restating the run just
    read ('Average acceptance length: 2.44' under a block printing 2.44 with its counts) is
    that run again, not another."""
    text = dict(lines)
    out: list[PasteRecord] = []
    blocks: list[int] = []
    for r, b in zip(records, block_of, strict=True):
        prev = out[-1] if out else None
        gap_blank = prev is not None and all(
            not text.get(n, "").strip() for n in range(prev.last_line + 1, r.first_line)
        )
        if (
            prev is not None
            and gap_blank
            and r.per_position
            and not prev.per_position
            and r.printed_length is None
            and r.printed_rate is None
            and _figures_only(r)
            # (the run's block read as prose for a line of its own, a rule or a title, and
            # the rates' lines below as key-value: the same printout)
            and r.structure in (prev.structure, "key-value")
            and not _figures_only(prev)
        ):
            out[-1] = dataclasses.replace(
                prev,
                per_position=r.per_position,
                last_line=r.last_line,
                fields=prev.fields + r.fields,
                notes=(*prev.notes, "per-position rates from the lines just below"),
            )
            continue
        if (
            prev is not None
            and b != blocks[-1]
            and r.printed_length is not None
            and r.printed_length == prev.printed_length
            and _figures_only(r)
            and not r.per_position
            and len(r.fields) == 1
            and not _figures_only(prev)
            and r.structure == prev.structure
        ):
            continue  # a restatement of the run just read
        out.append(r)
        blocks.append(b)
    return out, blocks


# a key-value line: a key of a few words, then ':' or '=' and a value; a sentence holding
# 'k=1' is prose (its 'key' is long, or ends a sentence: 'Worth noting.** At `k')
_KEY_VALUE = re.compile(r"^\s*(?P<key>(?:[^:=\s]+\s+){0,7}[^:=\s]+)\s*[:=]\s*\S")
_SENTENCE_END = re.compile(r"[a-z]{4,}[.!?][*_]{0,2}\s", re.I)


# a markdown heading naming a figure only after its colon ('# Model-x: fixes + accept length
# anomaly (1.42)'): an issue's or a post's title and its subtitle, the writer's prose (a
# commented output line, '# Wall time: 3.5 s', or '## Acceptance rate: 71%' stay key-value)
_HEADING_KEY = re.compile(r"^\s*#{1,6}\s")
_FIGURE_WORD = re.compile(r"accept|\bAL\b|\btau\b|τ|α|alpha", re.I)


def _is_key_value(t: str) -> bool:
    m = _KEY_VALUE.match(t)
    return (
        m is not None
        and not _SENTENCE_END.search(m.group("key"))
        and not (
            _HEADING_KEY.match(m.group("key"))
            and not _FIGURE_WORD.search(m.group("key"))
            and _FIGURE_WORD.search(t, m.end("key"))
        )
    )


_HEADING = re.compile(r"^\s*#{1,6}\s")
# a title line of words closed by ':', no figure in it ('Average Token Acceptance Lengths:')
_COLON_TITLE = re.compile(r"^\s*[A-Z][A-Za-z ()/&,-]{2,80}:\s*$")
_TABLE_MARK = re.compile(r"\|")
# a line wholly in bold ('**Before (accept_len ~1.5)**:'), a title like a markdown heading
_BOLD_LINE = re.compile(r"^\s*\*\*[^*\n]{3,100}\*\*:?\s*$")

_BOLD_TITLE = re.compile(r"^\s*(?:\*\*|__)[^*_\n]{3,100}(?:\*\*|__)(?:\s*\([^()]{1,80}\))?:?\s*$")


# a section's words saying its figures were measured, in the past ('measured on MT-Bench',
# 'we measured'); never a future or a modal ('will be measured on', 'should be measured with')
_MEASURED_SAID = re.compile(
    r"(?<!\bbe )(?<!\bbeen )(?<!\bto )\bmeasured\s+(?:on|with|at|over|using|in|across|against)\b"
    r"|\bwe\s+measured\b",
    re.I,
)


# a heading titling its section a toy or hypothetical example (the whole heading: 'Toy example',
# 'A toy scenario', '玩具例子', '假设的例子'); 'Example' alone (a usage example may show a real
# run's output) is none. ('Hypothetical' and 'made-up' in English are marks of their own,
# _ILLUSTRATIVE, over the whole paste.)
_TOY_HEADING = re.compile(
    r"^(?:an?\s+)?toy\s+(?:examples?|scenarios?|walk-?through|case)$"
    r"|^(?:一个)?(?:玩具|假想|假设的?|虚构的?|示意性?的?)(?:例子|示例|样例|场景)$",
    re.I,
)
_TOY_REASON = "a table in a section titled a toy or hypothetical example: illustrative, no run"


def _enclosing_headings(titles: list[str]) -> Iterator[str]:
    """The text (markup out) of each markdown heading enclosing a table, of ``titles`` (the
    nearest first): the nearest heading of each level above it, deeper levels first."""
    level = 7
    for t in titles:
        m = re.match(r"\s*(#{1,6})\s+(.*)", t)
        if m is None or len(m.group(1)) >= level:
            continue
        level = len(m.group(1))
        yield C._MARKUP.sub("", m.group(2))


def _toy_section(titles: list[str]) -> bool:
    """Whether a heading enclosing a table titles its section a toy or hypothetical example."""
    return any(_TOY_HEADING.match(h.strip(" :：")) for h in _enclosing_headings(titles))


def _expected_section(titles: list[str]) -> bool:
    """Whether a heading enclosing a table names what is expected or aimed at."""
    return any(
        I.EXPECTED_SECTION.search(p.strip())
        for h in _enclosing_headings(titles)
        for p in re.split(r"[()（）:：]", h)
    )


# a heading naming a worked calculation ('ROI math for batched verify', 'napkin math',
# 'Throughput arithmetic', 'Cost calculations'): its head noun after a word qualifying it, never
# after a preposition or a conjunction ('Results on math', 'GSM8K and math': a dataset), and
# 'math' in lower case only ('MATH', 'Math-500' name a dataset)
_WORKED_HEADING = re.compile(
    r"^(?:[A-Za-z][\w/-]*\s+){0,2}(?!(?:on|in|of|for|and|or|with|to|at|by|vs)\s)"
    r"[A-Za-z][\w/-]*\s+(?:math|(?i:arithmetic|calculations?))"
    r"(?:\s+(?:for|of|on|behind)\b.*)?$"
)


def _worked_out(
    r: PasteRecord,
    own: list[tuple[int, str]],
    upper: list[str],
    said_measured: dict[int, bool],
) -> bool:
    """Whether a key-value record sits under a markdown heading (the nearest of each level:
    ``own``, the headings of its block with their lines, then ``upper``, those above it)
    naming expected figures (_expected_section) or a worked calculation (_WORKED_HEADING), in
    a section that never says its figures were measured."""
    if said_measured.get(r.first_line, False):
        return False
    heads = [t for ln, t in reversed(own) if ln < r.first_line] + upper
    if _expected_section(heads):
        return True
    level = 7
    for t in heads:
        m = re.match(r"\s*(#{1,6})\s+(.*)", t)
        if m is None or len(m.group(1)) >= level:
            continue
        level = len(m.group(1))
        if _WORKED_HEADING.match(C._MARKUP.sub("", m.group(2)).strip()):
            return True
    return False


def _training_bare(
    blk: list[tuple[int, str]], prior: tuple[int, str] | None
) -> tuple[int, int] | None:
    """The lines of a bare table in ``blk`` under a caption saying training time: the line
    right above its header in the block, else ``prior`` (the block before's last line, at
    most one blank line above); None where there is none (training_caption.bare_table)."""
    for i in range(len(blk) - 2):
        if i:
            caption = blk[i - 1][1]
        elif prior is not None and blk[0][0] - prior[0] <= 2:
            caption = prior[1]
        else:
            continue
        if (found := TCAP.bare_table(blk[i:], caption)) is not None:
            return found
    return None


def _titles(t: str) -> bool:
    """Whether a line titles what follows: a markdown heading or a line in bold alone."""
    return t.lstrip()[:1] in ("#", "*", "_") and (
        _HEADING.match(t) is not None or _BOLD_TITLE.match(t) is not None
    )


# the name of accepted tokens per step read as a length ('accepted tokens/cycle'): its own name,
# never lumped with 'accept length'
_ACCEPTED_PER_STEP_NAME = "accepted tokens per step"


def _keep(
    records: list[PasteRecord], block_of: list[int], keep: Callable[[PasteRecord], bool]
) -> tuple[list[PasteRecord], list[int]]:
    """The records ``keep`` holds to, each with its block."""
    kept = [(r, b) for r, b in zip(records, block_of, strict=True) if keep(r)]
    return [r for r, _ in kept], [b for _, b in kept]


def _shown(blk: list[tuple[int, str]], first: int, last: int) -> tuple[str, ...]:
    """The lines ``first`` to ``last`` of ``blk`` as a set-aside block shows them (at most
    MAX_SHOWN)."""
    return tuple(t for ln, t in blk if first <= ln <= last)[:MAX_SHOWN]


def _set_aside(
    records: list[PasteRecord],
    block_of: list[int],
    why: dict[int, str],
    raw: list[str],
    ignored: list[Block],
) -> tuple[list[PasteRecord], list[int]]:
    """The records but those ``why`` names (by ``id``), each of those shown in ``ignored`` with
    its lines and the reason ``why`` gives."""
    ignored.extend(
        Block(
            r.first_line,
            r.last_line,
            why[id(r)],
            tuple(raw[r.first_line - 1 : r.last_line][:MAX_SHOWN]),
        )
        for r in records
        if id(r) in why
    )
    return _keep(records, block_of, lambda r: id(r) not in why)


# why a run of counts alone, none above zero, is no record (the line scanner drops such a
# server line alike)
NOTHING_DRAFTED = "nothing drafted yet (a draft count of 0): no acceptance measured, no record"


class _LinesOf:
    """The input lines a record was read from (at most MAX_SHOWN): the paste's lines indexed
    once by their numbers (in order, as read), not searched once a record."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        self.lines = lines
        self.keys = [ln for ln, _ in lines]
        self.ordered = all(a <= b for a, b in zip(self.keys, self.keys[1:], strict=False))

    def __call__(self, r: PasteRecord) -> tuple[str, ...]:
        if not self.ordered:
            return tuple(t for ln, t in self.lines if r.first_line <= ln <= r.last_line)[:MAX_SHOWN]
        i = bisect.bisect_left(self.keys, r.first_line)
        j = min(bisect.bisect_right(self.keys, r.last_line), i + MAX_SHOWN)
        return tuple(t for _, t in self.lines[i:j])


def _nothing_drafted(r: PasteRecord) -> bool:
    """A record of counts alone, none of them above zero, where nothing was drafted or
    verified (vLLM's metrics line before the first draft, 'Number of draft tokens: 0'), or
    whose length and rate are printed as zero beside them (a run without drafts: 'rounds 0,
    avg length 0.0, rate 0.0'): no figure, nothing measured."""
    counts = (r.accepted_tokens, r.drafted_tokens, r.steps, r.output_tokens)
    if (
        r.printed_length is None
        and r.printed_rate is None
        and not r.per_position
        and r.drafted_tokens == 0
        and r.accepted_tokens == 0
        and r.steps in (None, 0)
    ):
        # (a run that drafted nothing beside its output, 'drafted 0, accepted 0, generated
        # 3000': the plain run of a table of arms, no acceptance measured)
        return True
    return (
        r.printed_length in (None, 0.0)
        and r.printed_rate in (None, 0.0)
        and not r.per_position
        and (r.drafted_tokens == 0 or r.steps == 0)
        and all(c in (None, 0) for c in counts)
    )


def _length_name(r: PasteRecord) -> str | None:
    """The name the record's printed accept length was read under, when it names a length."""
    for name, _ in r.fields:
        k = I.key_of(name)
        if k.metric is None and r.structure == "json":
            # ('"tau_median": 2.25': the length's name, then the centre of its runs)
            k = I.stat_tail_key(name) or k
        if k.metric == C.LENGTH:
            return k.metric
        if k.metric == C.TOK_PER_STEP and I.key_of(k.text).metric == C.LENGTH:
            # a length whose name says it counts the target's token ('mean acceptance length
            # including target'): the length's series, its bonus said
            return C.LENGTH
        if k.metric == C.ACC_PER_STEP and r.printed_length is not None and not C.says_drafts(name):
            return _ACCEPTED_PER_STEP_NAME  # 'accepted tokens/cycle', its bonus undecided
    if I.TITLED_LENGTH in r.notes:
        return C.LENGTH  # a table under '**Ours (AL):**': its cells are that length
    return None


def _printed_name(r: PasteRecord) -> str | None:
    """The exact name (markup and case aside) of the field a record's length was printed
    under, or None."""
    if r.printed_length is None:
        return None
    for name, value in r.fields:
        v = C.value(value)
        if v is not None and not v.percent and abs(v.number - r.printed_length) < 1e-9:
            return " ".join(C._MARKUP.sub("", name).lower().split())
    return None


def _series_name(r: PasteRecord) -> str | None:
    """The series a record's printed length belongs to: the length's name where it names one
    ('accept length'), else the name of the one field that printed it (a column headed
    'acceptance' whose cells read as lengths: '| on | 3.015 |'), so a value that proves the
    convention of one cell proves it for that column or row alone."""
    if (name := _length_name(r)) is not None:
        return name
    pl = r.printed_length
    if pl is None:
        return None
    names = {
        "field: " + " ".join(n.lower().strip("`* ").split())
        for n, shown in r.fields
        if (v := C.value(shown)) is not None and not v.percent and abs(v.number - pl) < 1e-9
    }
    return names.pop() if len(names) == 1 else None


def _one_name_one_way(records: list[PasteRecord]) -> list[PasteRecord]:
    """One paste prints one tool's accept length one way: where identities or values decide
    the bonus of some records named 'accept length' (a table's rows: 1 + sum of the positions;
    a baseline row at 1.00), the records of the same tool under that name that nothing decided
    follow them."""
    decided = {
        (r.tool, name, r.bonus.value)
        for r in records
        # what the printed values prove: an identity, or a value only one way can give (the run
        # without drafts at 1.00, a length above the draft tokens per step)
        if r.bonus.rule.startswith(("identity:", "value:"))
        and not r.bonus.rule.startswith("value: " + ZR.SAID)
        and (name := _length_name(r)) is not None
    }
    named = {(t, n) for t, n, _ in decided}
    if len(decided) != len(named):
        return records  # one tool's records of a name decided both ways: nothing follows
    way: dict[tuple[str, str | None], str] = {(t, n): v for t, n, v in decided}
    # the exact names the values decided ('accepted/round' over a row of 0.43): a record whose
    # name alone left the bonus unsaid follows them only under that very name (the same column
    # of a table printed again)
    exact = {
        (r.tool, _printed_name(r))
        for r in records
        if r.bonus.rule.startswith("value:") and r.bonus.value != UNKNOWN
    }
    out = []
    for r in records:
        if (
            (
                r.bonus == UNDECIDED
                or (
                    r.bonus.value == UNKNOWN
                    and r.bonus.rule.startswith("name:")
                    and (r.tool, _printed_name(r)) in exact
                )
            )
            and r.printed_length is not None
            and (r.tool, _length_name(r)) in way
            # (a record whose own per-position rates fit no reading of that way and a reading
            # of the other: its own figures prove the other, interpret.positions_refute)
            and not (
                r.per_position
                and I.positions_refute(
                    r.printed_length, r.per_position, way[(r.tool, _length_name(r))]
                )
            )
        ):
            value = way[(r.tool, _length_name(r))]
            length = r.printed_length if value == INCLUDED else r.printed_length + 1
            by = "by identity" if r.bonus == UNDECIDED else "under this very name, by value"
            r = dataclasses.replace(
                r,
                accept_length=round(length, 6),
                bonus=Decision(value, f"the paste's other records of this name decide it {by}"),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out


def _near(a: float, b: float) -> bool:
    """Whether ``b`` rounds to ``a`` at ``a``'s printed decimals."""
    shown = repr(round(a, 9))  # (a percentage over 100 leaves float noise: 0.11699999999999999)
    decimals = len(shown.split(".")[1]) if "." in shown else 0
    return abs(a - b) <= 0.5 * 10.0**-decimals + 1e-12


# the bonus rules of a length computed from a rate and the draft tokens a step
_K_TIMES_RATE = (E.COMPUTED_K_RULE, FK.RULE, FK.ATOM_RULE, FK.SECTION_SHORT_RULE, PHC.RULE)
# a record's figures: its first line, its length and its rate (printed or computed)
Figure = tuple[int, float | None, float | None]


def _counted(r: PasteRecord) -> float | None:
    """The rate a record's counts compute (accepted / drafted), None without both."""
    a, d = r.accepted_tokens, r.drafted_tokens
    return a / d if a is not None and d else None


def _summarises(r: PasteRecord, below_figures: list[Figure]) -> bool:
    """Whether a heading's record only rounds figures that records below it print or compute
    ('## Bisect (acceptance 0.94 -> 0.30)' over bullets holding 0.944 and 0.298; '# Rate too
    low (31.5%)' over a server line counting 63 accepted of 200 drafted): a title."""
    below = [f for f in below_figures if f[0] > r.last_line]
    # (a rate of exactly zero is a figure too: '**... acceptance rate is 0.0**' over 0.000)
    figures = [(x, i) for i, x in ((1, r.printed_length), (2, r.printed_rate)) if x is not None]
    return bool(figures) and (
        all(any((y := f[i]) is not None and _near(x, y) for f in below) for x, i in figures)
        or _length_at_k_below(r, below)
    )


# the rounding a length below carries, as most print it (two decimals: a float read as 1.1
# may have printed '1.10')
_LENGTH_HALF = 0.005 + 1e-9


def _length_at_k_below(r: PasteRecord, below: list[Figure]) -> bool:
    """Whether a title's rate alone, its length computed at the draft tokens per step the title
    sets (1 + k x rate), is a run's length below it at the rate's printed precision ('... k=6
    drops acceptance to ~5%' over a server line of length 1.29 printing no rate): that run, its
    rate rounded. Not where that run prints a rate the title's does not round."""
    rate, length = r.printed_rate, r.accept_length
    if (
        r.printed_length is not None
        or rate is None
        or rate <= 0
        or length is None
        or not r.bonus.rule.startswith(_K_TIMES_RATE)
    ):
        return False
    # (the rate's precision as printed: '5%' is 0.05 +/- 0.005)
    said = [
        v
        for _, t in r.fields
        if (v := C.value(C._MARKUP.sub("", t).strip())) is not None
        and v.max is None
        and abs(v.number / (100.0 if v.percent else 1.0) - rate) < 1e-9
    ]
    if len(said) != 1:
        return False
    k = (length - 1) / rate
    half = C.half_unit(said[0].decimals) / (100.0 if said[0].percent else 1.0)
    return any(
        f[1] is not None
        and abs(f[1] - length) <= k * half + _LENGTH_HALF
        and (f[2] is None or _near(rate, f[2]))
        for f in below
    )


def _restates_line(r: PasteRecord, lines: list[str]) -> bool:
    """Whether every field of ``r`` (two or more) is printed on one of ``lines`` as
    'name: value', its name and value as the record prints them (markup aside)."""
    if len(r.fields) < 2:
        return False
    # (a cheap test first: the lines holding the first value's first word)
    head = C._MARKUP.sub("", r.fields[0][1]).split()[:1]
    lines = [line for line in lines if all(w in line for w in head)]
    if not lines:
        return False
    pats = [
        re.compile(
            r"(?<![\w-])"
            + r"\s*".join(map(re.escape, C._MARKUP.sub("", name).split()))
            + r"\s*[:=]\s*"
            + r"\s*".join(map(re.escape, C._MARKUP.sub("", value).split()))
            + r"(?![\w.])"
        )
        for name, value in r.fields
    ]
    return any(all(p.search(line) for p in pats) for line in lines)


def _prose_counts(r: PasteRecord) -> bool:
    """Whether a record of prose holds both counts (accepted, drafted); a key-value line is
    a log line of its own (an older format of the same counts, quoted beside the new one)."""
    return r.structure == "prose" and r.accepted_tokens is not None and bool(r.drafted_tokens)


def _row_counts(r: PasteRecord) -> bool:
    """Whether a table row prints an accepted and a drafted count (one accepted at least) and no
    length, its rate (if any) their quotient: a run's counts, which a server line the paste
    quotes may print too."""
    a, d = r.accepted_tokens, r.drafted_tokens
    return (
        r.kind == TABLE_ROW
        and a is not None
        and a >= 1
        and bool(d)
        and r.printed_length is None
        and (r.printed_rate is None or abs(r.printed_rate - a / (d or 1)) < 1e-3)
    )


def _tells_line(r: PasteRecord, quoted: list[tuple[int, float, str]]) -> bool:
    """Whether ``r``'s counts are those of a line scanner's record on another line (its rate
    their quotient, both counts printed on that line): the same run told again (prose, or a
    table row of the counts alone: _row_counts)."""
    if not (_prose_counts(r) or _row_counts(r)):
        return False
    a, d = r.accepted_tokens, r.drafted_tokens
    assert a is not None and d
    both = [re.compile(rf"(?<![\d.,]){n}(?![\d.,]\d)") for n in (a, d)]
    return any(
        not r.first_line <= ln <= r.last_line
        and abs(rate - a / d) < 1e-3  # (the line rounds it)
        and all(p.search(line) for p in both)
        for ln, rate, line in quoted
    )


def _note_settings(
    blk: list[tuple[int, str]], marked: dict[int, str], set_at: dict[str, tuple[int, str]]
) -> None:
    """Into ``set_at``, the values with decimals that the block's lines marked as a setting or
    a forcing knob's assignment give an acceptance figure's name (notrun.set_values)."""
    for ln, t in blk if marked else ():
        if (mk := marked.get(ln)) is not None and (
            NR.is_setting(mk) or (mk.startswith(NR.FORCED + ": ") and "=" in mk)
        ):
            for v in NR.set_values(t):
                set_at.setdefault(v, (ln, mk.split(": ", 1)[1].rstrip(":=")))


# why a prose figure equal to an acceptance setting's value is no record
SETTING_TOLD = (
    "{value} is the value set at line {line} ({name}) told again: a setting, not a measurement"
)
_TOLD_STRUCTURES = ("prose", "key-value", "bullets")


def _setting_told(
    r: PasteRecord, set_at: dict[str, tuple[int, str]]
) -> tuple[str, int, str] | None:
    """The value, line and name of the acceptance setting whose value ``r``, a record of prose
    with one figure (no counts, no per-position rates), prints digit for digit; else None."""
    if (
        r.structure not in _TOLD_STRUCTURES
        or len(r.fields) != 1
        or r.accepted_tokens is not None
        or r.per_position
    ):
        return None
    text = C._MARKUP.sub("", r.fields[0][1]).strip()
    hit = set_at.get(text)
    if hit is None or r.first_line <= hit[0] <= r.last_line:
        return None
    return text, hit[0], hit[1]


def _zero_said(r: PasteRecord, raw: list[str]) -> bool:
    """Whether a prose record states only a rate of exactly zero: no length, counts or label
    (a sentence with a colon in it, read as key-value, is prose: ten words or more on its
    one line)."""
    return (
        (
            r.structure == "prose"
            or r.structure == "key-value"
            and r.first_line == r.last_line
            and 0 < r.first_line <= len(raw)
            and len(raw[r.first_line - 1].split()) >= 10
        )
        and r.printed_rate == 0
        and r.printed_length is None
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
        and not r.labels
    )


def _zero_shown(r: PasteRecord) -> bool:
    """Whether a record of a table or a tool's key-value run (a block of several lines) prints
    a rate of exactly zero: a run shown, not said in a sentence."""
    return (
        r.printed_rate == 0
        and r.structure != "prose"
        and (r.structure != "key-value" or r.first_line != r.last_line)
    )


def _zero_told_first(r: PasteRecord, shown: list[int]) -> bool:
    """Whether the zero-only prose record ``r`` (:func:`_zero_said`) tells first the one run
    shown below it printing a zero (``shown``: the first lines of the records and the line
    scanner's lines printing a rate of exactly zero, :func:`_zero_shown`): exactly one such
    run after it (several below: which one it tells is not said)."""
    later = {ln for ln in shown if ln > r.last_line}
    return len(later) == 1


def _printed_ratios(records: list[PasteRecord]) -> list[C.Value]:
    """The lengths, as printed (their decimals kept: '1.60' is not '1.6'), of the records of no
    counts of their own whose figures did not decide their length (a ratio equal by chance
    then): what :func:`_ratio_printed` compares a record's counts with, found once a paste."""
    out = []
    for o in records:
        if (
            o.accepted_tokens is None
            and o.steps is None
            and o.printed_length is not None
            and o.accept_length is None
        ):
            v = next(
                (
                    v
                    for _, text in o.fields
                    if (v := C.value(text)) is not None and v.number == o.printed_length
                ),
                None,
            )
            if v is not None:
                out.append(v)
    return out


def _ratio_printed(r: PasteRecord, ratios: list[C.Value]) -> bool:
    """Whether another record, of no counts of its own, prints as its length the counts'
    accepted / steps and not 1 + it (``ratios``: :func:`_printed_ratios`; 'Total accepted
    tokens: 909', 'Total decoding steps: 182', then 'Average Accept Length: 4.995'): the paste
    calls accepted / steps its length (its accepted count holding the target's token, or the
    length leaving the bonus out: not told), so the counts' 1 + accepted / steps is claimed of
    nothing; their run is that record's. Not where that record's own figures decide its
    length, and at the length's printed decimals."""
    if r.accepted_tokens is None or not r.steps:
        return False
    per = r.accepted_tokens / r.steps
    return any(
        abs(v.number - per) <= C.half_unit(v.decimals) + 1e-12
        and abs(v.number - 1 - per) > C.half_unit(v.decimals)
        for v in ratios
    )


def _counted_by(
    r: PasteRecord, by_count: dict[int, list[PasteRecord]], block: dict[int, int] | None = None
) -> bool:
    """Whether another record printing a figure counts ``r``'s accepted tokens (and its drafted
    tokens and steps where ``r`` gives them); ``by_count``: those records by accepted count.
    Never a labelled row of another table (``block``: each record's block): a table of counts
    alone lists its own configurations' runs, and runs repeated at temperature 0 count alike
    ('| mtp3 | 717/1248 |' under a rerun's table, beside '| mtp3 | 717/1248 (57.45%) |')."""
    if r.accepted_tokens is None:
        return False
    return any(
        o is not r
        and not (
            block is not None
            and r.kind == TABLE_ROW
            and o.kind == TABLE_ROW
            and r.labels
            and o.labels
            and block.get(id(r)) != block.get(id(o))
        )
        and all(
            x is None or x == y
            for x, y in ((r.drafted_tokens, o.drafted_tokens), (r.steps, o.steps))
        )
        for o in by_count.get(r.accepted_tokens, ())
    )


def _figure_name(recs: list[PasteRecord]) -> str | None:
    """The name of the acceptance figure a table's records read (its column's header)."""
    names = {n for r in recs for n, _ in r.fields[:1] if I.key_of(n).metric in C.ACCEPTANCE}
    return names.pop() if len(names) == 1 else None


def _figure(r: PasteRecord) -> tuple[float | None, float | None]:
    return (r.printed_length, r.printed_rate)


def _length_and_rate(r: PasteRecord) -> bool:
    """Whether a record prints both a length and a rate (one run's summary)."""
    return r.printed_length is not None and r.printed_rate is not None


# a tool's output line of one run: fields apart by a spaced '|', '·' or '•', one of them the
# tokens it generated ('815 tokens'), one its speed ('15.5 tok/s')
_FIELD_BAR = re.compile(r"\s[|·•]\s")
_TOKENS_FIELD = re.compile(r"(?:^|[|·•:]\s*)\d{1,9}\s+tokens\s*(?=[|·•]|$)", re.I)
_SPEED_FIELD = re.compile(r"(?:^|[|·•]\s*)\d+(?:\.\d+)?\s*tok(?:ens)?/s\s*(?=[|·•]|$)", re.I)


def _output_line(r: PasteRecord, lines: list[tuple[int, str]]) -> bool:
    """Whether a record of one line is read from a tool's output line of one run (its tokens,
    its speed and the figure, fields apart by spaced bars or dots: '815 tokens | 15.5 tok/s |
    80.9% acceptance'): that run's summary, which a sentence below stating the figure alone
    mentions."""
    if r.first_line != r.last_line or len(r.fields) != 1:
        return False
    t = next((t for ln, t in lines if ln == r.first_line), "")
    return (
        len(_FIELD_BAR.findall(t)) >= 2
        and _TOKENS_FIELD.search(t) is not None
        and _SPEED_FIELD.search(t) is not None
    )


def _counted_figure(r: PasteRecord) -> bool:
    """Whether a record prints its figure with the run's counts (accepted, and drafted or
    steps)."""
    return r.accepted_tokens is not None and (r.drafted_tokens or r.steps) is not None


# two figures set against each other in a bracket ('(3.41 vs 3.77)', '（3.41 对比 3.77）')
_VERSUS = re.compile(r"\bvs\.?(?!\w)|\bversus\b|对比", re.I)
_VERSUS_PAIR = re.compile(
    r"[(（]\s*[~≈]?(?P<a>\d+(?:\.\d+)?)\s*%?\s*(?:vs\.?|versus|对比)\s*[~≈]?"
    r"(?P<b>\d+(?:\.\d+)?)\s*%?\s*[)）]",
    re.I,
)


def _versus_of_table(
    kv: list[PasteRecord],
    lines: list[tuple[int, str]],
    table_figures: set[tuple[float | None, float | None]],
) -> list[PasteRecord]:
    """The records of a block but those a bracket of two figures set against each other reads
    ('keeps its acceptance length (3.41 vs 3.77)') where both are figures a table above
    printed: the prose compares two of the table's runs, no run of its own."""
    quoted: set[tuple[int, float]] = set()
    for ln, t in lines:
        for m in _VERSUS_PAIR.finditer(t):
            a, b = float(m.group("a")), float(m.group("b"))
            pair = [
                r
                for r in kv
                if r.first_line <= ln <= r.last_line
                and (r.printed_length or r.printed_rate) in (a, b)
                and _quotes_table(r, table_figures)
            ]
            if {r.printed_length or r.printed_rate for r in pair} == {a, b}:
                quoted.update((ln, x) for x in (a, b))
    return [
        r
        for r in kv
        if not any(
            r.first_line <= ln <= r.last_line and (r.printed_length or r.printed_rate) == x
            for ln, x in quoted
        )
    ]


# a label's bracketed aside ('EAGLE-3 (8B)', 'ours (full)'): the run's setting, not its name
_ASIDE = re.compile(r"\s*[(\[][^()\[\]]{0,40}[)\]]")


def _row_key(r: PasteRecord) -> tuple[str, str, str, str, str] | None:
    """A table row's name (its first label without bracketed asides) and its one acceptance
    figure as printed: a later table's row of the same name printing the same figure at the
    same precision ('EAGLE-3 (8B) | ~4.39' above, 'EAGLE-3 | ~4.39' in an ablation) restates
    that run, no second record (the column it was read from and the tool named the same too).
    None for a row of counts, of several figures, or labelled by no name (a batch size)."""
    if r.accepted_tokens is not None or r.steps is not None or not r.labels:
        return None
    figs = [(n, t) for n, t in r.fields if I.key_of(n).metric in C.ACCEPTANCE]
    if len(figs) != 1:
        return None
    label = next((v for k, v in r.labels if k not in ("section", "column")), "")
    name = _ASIDE.sub("", C._MARKUP.sub("", label)).strip().lower()
    if not re.search(r"[^\W\d_]", name):
        return None  # (a setting's number, 'batch 1', names no run)
    column = next((v for k, v in r.labels if k == "column"), "")
    printed = C._MARKUP.sub("", figs[0][1]).strip()
    return (name, column, r.tool, printed, str(I.key_of(figs[0][0]).metric))


def _restates_counted(r: PasteRecord, counted: set[tuple[float | None, float | None]]) -> bool:
    """Whether a record with no counts prints the length and the rate of a run printed above
    with its counts, both: that run stated again."""
    return (
        r.printed_length is not None
        and r.printed_rate is not None
        and _figures_only(r)
        and _figure(r) in counted
    )


def _quotes_table(r: PasteRecord, table_figures: set[tuple[float | None, float | None]]) -> bool:
    """Whether a prose record only repeats a figure a table above printed ('accept-len 1.75
    is 87.5% of the maximum' under a table holding 1.75): a mention, not another run."""
    # counts of a run make it another figure; a few drafted tokens ('for 4 drafted tokens') are
    # the configuration, not a count
    if r.accepted_tokens is not None or r.steps is not None or (r.drafted_tokens or 0) > 64:
        return False
    if r.printed_length is not None:
        return any(r.printed_length == pl for pl, _ in table_figures)
    return r.printed_rate is not None and any(r.printed_rate == pr for _, pr in table_figures)


_TITLE = re.compile(
    r"^\s*(?:#{1,6}\s+(?P<h>.+?)\s*#*|\*\*(?P<b>[^*]+)\*\*(?P<bp>\s*\([^()]{1,80}\))?:?|"
    r"(?P<c>[^|:]{3,160}):)\s*$"
    # a title centred above a terminal table (rich prints them so)
    r"|^\s{4,}(?P<d>[A-Za-z][^|:┃│\d]{2,60}?)\s*$"
)


# a plain line naming one acceptance figure and nothing else ('Acceptance lengths'): a heading
# that lost its markup when copied from a web page
_PLAIN_TITLE = re.compile(r"^\s*[A-Za-z][\w.() /-]{1,60}$")
_PLAIN_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE)


def _plain_title(t: str) -> bool:
    """Whether a line right above a table is a plain-text title naming one acceptance figure
    and nothing else ('Acceptance lengths'; never 'Throughput', 'Use cases', a sentence)."""
    if _PLAIN_TITLE.match(t) is None or len(t.split()) > 6:
        return False
    k = C.key(t.strip())
    return k.metric in _PLAIN_FIGURES and k.text != "acceptance"


# a sentence right above a table, perhaps after a short label ('**Evaluation**:', 'Eval:'),
# ending with '.' or ':' ('acceptance length measured by serving the draft in SGLang, greedy.')
_SENTENCE_TITLE = re.compile(
    r"^\s*(?:(?P<label>\*\*[^*|]{1,30}\*\*|[A-Z][\w-]*(?:\s[\w-]+){0,2})\s*:\s*)?"
    r"(?P<s>[A-Za-z][^|]{10,200}?)\s*[.:]\s*$"
)


# a verb that makes a sentence a statement about a figure rather than the title of its table
_CLAIM_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|drops?|dropped|rises?|rose|improv\w*|"
    r"increas\w*|decreas\w*|falls?|fell|goes|went|stays?|stayed|looks?|seems?|remains?|"
    r"should|would|could|can|will|may|might)\b",
    re.I,
)


def _sentence_title(t: str) -> str | None:
    """The sentence of a line right above a table that names the table's one figure first,
    then where or how it was measured ('Acceptance length measured by serving the exported
    draft in SGLang, greedy, n=60 per set.', after a label such as '**Evaluation**:'): the
    sentence, its final stop dropped; None for any other line (a figure stated, a sentence
    naming no figure first, a label naming a figure of its own)."""
    m = _SENTENCE_TITLE.match(t)
    if m is None:
        return None
    label = (m.group("label") or "").strip("* ")
    if label and (C.key(label).metric is not None or I._OTHER_FIGURE.search(label)):
        return None
    sentence = m.group("s")
    head, *rest = I._TITLE_QUALIFIER.split(sentence, maxsplit=1)
    if not rest or re.search(r"\d", head) or len(head.split()) > 6 or I._OTHER_FIGURE.search(head):
        return None
    if _CLAIM_VERB.search(sentence):
        return None  # a claim about the figure ('... is lower than expected'), not a title
    k = C.key(head.strip())
    if k.metric not in I._TITLE_FIGURES or k.text == "acceptance":
        return None
    return sentence.strip()


# a table's numbered caption ('Table 2: Acceptance lengths of the drafters. ...'), HTML tags
# aside, as a page prints it under its table
_CAPTION = re.compile(r"^\s*(?:Table|Tab\.)\s*\d{1,2}\s*[:.]\s*(?P<s>[A-Za-z].{4,})$", re.I)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>\n]*)?>")


def _caption_below(blk: list[tuple[int, str]], after: list[list[tuple[int, str]]]) -> str | None:
    """The title a table's numbered caption gives it, the caption right under its last row (in
    the block, or the first line of the block right below, at most one blank line between),
    its first sentence naming one acceptance figure first (_plain_title, _sentence_title),
    closed by ':'; None for any other block."""
    if len(blk) > 1 and "|" in blk[-2][1] and "|" not in blk[-1][1]:
        line = blk[-1][1]
    elif after and after[0] and after[0][0][0] - blk[-1][0] <= 2 and "|" in blk[-1][1]:
        line = after[0][0][1]
    else:
        return None
    return _caption(line)


def _caption(line: str) -> str | None:
    """A numbered caption's first sentence as a title line (closed by ':'), where it names one
    acceptance figure first (_plain_title, _sentence_title); None for any other line."""
    m = _CAPTION.match(_TAG.sub("", line).strip())
    if m is None:
        return None
    first = re.split(r"(?<=[.!?])\s+", m.group("s").strip(), maxsplit=1)[0].rstrip(".")
    named = _plain_title(first) or _sentence_title(first + ".") is not None
    return f"{first}:" if named else None  # (as a title line above the table reads)


# a bracketed aside in a caption's sentence ('Accepted drafts per step (the length less its
# bonus token; at most 5), same prompts'): what the figure is, dropped to find its name
_CAPTION_ASIDE = re.compile(r"\s*\([^()\n]{1,160}\)")
# where a caption paragraph's first sentence ends: a stop, then a capital opening the next
_CAPTION_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


_HEDGE_BEFORE = r"(?:[~≈∼]|\b(?:about|around|approx\w*|roughly|nearly|circa)\s)\s?"


def _hedged_on_line(r: PasteRecord, blk: list[tuple[int, str]]) -> bool:
    """Whether the line a record was read on writes one of its values hedged ('~71%', 'about
    0.7'), which its fields no longer show."""
    line = next((t for ln, t in blk if ln == r.first_line), "")
    return any(
        re.search(_HEDGE_BEFORE + re.escape(shown.strip()), line, re.I) is not None
        for _, shown in r.fields
        if shown.strip()
    )


def _under_one_draft_table(
    all_blocks: list[list[tuple[int, str]]], bi: int, text: str
) -> str | None:
    """The words saying one draft token a step of the caption over the pipe table that ends the
    block right above block ``bi`` (drafts.said_one_draft: the caption's lines above the table
    in its block, else the block just before it), or None where that block ends in no table or
    its caption says no such thing."""
    prev = all_blocks[bi - 1]
    if not prev[-1][1].lstrip().startswith("|"):
        return None
    first = next(i for i, (_, t) in enumerate(prev) if t.lstrip().startswith("|"))
    setup = [t for _, t in prev[:first]]
    if not setup and bi > 1 and prev[0][0] - all_blocks[bi - 2][-1][0] <= 2:
        setup = [t for _, t in all_blocks[bi - 2]]
    if not setup or _HEADING.match(setup[-1]):
        return None
    return D.said_one_draft(setup[-1], text, setup)


def _over_prose_table(all_blocks: list[list[tuple[int, str]]], bi: int, text: str) -> str | None:
    """The words saying one draft token a step of the caption right above the pipe table
    opening block ``bi`` (drafts.said_one_draft: the block just before it, at most one blank
    line above, ending in no table and no markdown heading), or None."""
    prev = all_blocks[bi - 1]
    if all_blocks[bi][0][0] - prev[-1][0] > 2 or prev[-1][1].lstrip().startswith("|"):
        return None
    setup = [t for _, t in prev]
    if _HEADING.match(setup[-1]):
        return None
    return D.said_one_draft(setup[-1], text, setup)


def _paragraph_caption(blk: list[tuple[int, str]]) -> str | None:
    """The title a caption paragraph right above a table gives it (one to three lines of prose,
    wrapped, perhaps going on with sentences of its own): its first sentence, its bracketed
    asides dropped, as a title line (closed by ':') where it names the table's one figure
    first, then how it was measured (_sentence_title); None for any other block (a list, a
    heading, a table, an aside naming another measure or stating a claim)."""
    if not 1 <= len(blk) <= 3 or not blk[0][1].lstrip()[:1].isalpha():
        return None
    if any("|" in t or _titles(t) or B.BULLET.match(t) for _, t in blk):
        return None
    asides: list[str] = []

    def dropped(m: re.Match[str]) -> str:
        asides.append(m.group(0))
        return "\x00"

    joined = _CAPTION_ASIDE.sub(dropped, " ".join(t.strip() for _, t in blk))
    first = _CAPTION_SENTENCE_END.split(joined, maxsplit=1)[0]
    own = asides[: first.count("\x00")]
    if any(I._OTHER_FIGURE.search(a) or _CLAIM_VERB.search(a) for a in own):
        return None
    sentence = re.sub(r"\s+", " ", first.replace("\x00", "")).strip()
    if not sentence.endswith((".", ":")) or (st := _sentence_title(sentence)) is None:
        return None
    return f"{st}:"


# a sentence declaring the figure the results report ('The primary metric is accept length,
# the mean tokens a step.', 'Our reported metric is acceptance rate'): its name, ASCII words
# (a defining dash or bracket after it, whatever its bytes, ends it)
_METRIC_IS = re.compile(
    r"\b(?:(?:primary|main|headline|reported|key|evaluation)\s+)?metric\s+(?:is|was)\s+"
    r"(?:the\s+)?(?P<name>[A-Za-z][A-Za-z0-9_./-]*(?:[ ][A-Za-z][A-Za-z0-9_./-]*){0,3})",
    re.I,
)


def _metric_declared(t: str) -> str | None:
    """The acceptance figure a line within three above a table declares its metric ('The
    primary metric is accept_length - ...'): the name (its longest lead of one to four words
    naming a figure), None for any other line (another measure, a bare 'acceptance')."""
    if "metric" not in t.lower() or (m := _METRIC_IS.search(t)) is None:
        return None
    words = m.group("name").split()
    for n in range(len(words), 0, -1):
        k = C.key(" ".join(words[:n]))
        if k.metric in I._TITLE_FIGURES and k.metric != C.PER_POSITION:
            return None if k.text == "acceptance" else " ".join(words[:n])
    return None


def _lines_after(line_at: dict[int, str], last: int) -> list[str]:
    """The few lines of the paste right after line ``last`` (restated_title.py)."""
    return [line_at.get(ln, "") for ln in range(last + 1, last + 1 + RTT.LINES_AFTER)]


def _title(blk: list[tuple[int, str]], first_line: int, heading: str) -> str:
    """The title just above a table: a markdown heading, a bold line or a line ending with ':',
    in its block or the heading lines before it, or the plain line right above it naming one
    acceptance figure alone (a heading copied without its markup), or a sentence right above it
    naming the table's figure first, then how it was measured (_sentence_title); '' when there
    is none."""
    above = [t for ln, t in blk if ln < first_line] or heading.splitlines()
    if above and _plain_title(above[-1]):
        return above[-1].strip()
    if above and _TITLE.match(above[-1]) is None and (st := _sentence_title(above[-1])):
        return st
    for t in reversed(above[-3:]):
        if _TITLE.match(t) is not None:
            break
        if (named := _metric_declared(t)) is not None:
            return named
    for t in reversed(above[-3:]):
        m = _TITLE.match(t)
        if m is not None:
            bold = (m.group("b") or "") + (m.group("bp") or "") if m.group("b") else ""
            # (a heading's section number dropped: '## 2. tau' titles its table as '## tau')
            return I.SECTION_NO.sub(
                "", m.group("h") or bold or m.group("c") or m.group("d") or ""
            ).strip()
    return ""


def groups(records: list[PasteRecord], block_of: list[int]) -> tuple[Group, ...]:
    """Records of one block, tool, kind and configuration that differ only by an item label
    (dataset, category, task): the only records averaged together. Summary rows ('average')
    are never part of a group; records with no item label are each their own group."""
    keyed: dict[tuple[str, str, tuple[tuple[str, str], ...], int, int], list[PasteRecord]] = {}
    for i, (r, b) in enumerate(zip(records, block_of, strict=False)):
        if r.summary_row:
            continue
        config = tuple((k, v) for k, v in r.labels if k not in ITEM_LABELS)
        # only records told apart by an item (a dataset, a category) are one configuration's;
        # records with nothing to tell them apart (two runs in one sentence) stay alone
        alone = -1 if len(config) < len(r.labels) else i
        keyed.setdefault((r.tool, r.kind, config, b, alone), []).append(r)
    out: list[Group] = []
    for (tool, kind, config, _b, _alone), recs in keyed.items():
        lengths = [r.accept_length for r in recs if r.accept_length is not None]
        rates = [r.accept_rate for r in recs if r.accept_rate is not None]
        complete = len(lengths) == len(recs)
        note = None
        if not complete:
            note = (
                f"{len(recs) - len(lengths)} of {len(recs)} records have no normalised accept "
                "length (bonus convention unknown): no mean is given"
            )
        out.append(
            Group(
                tool=str(tool),
                kind=str(kind),
                config=config,
                records=len(recs),
                accept_length_n=len(lengths),
                accept_length_mean=round(sum(lengths) / len(lengths), 6)
                if complete and lengths
                else None,
                accept_length_min=min(lengths) if complete and lengths else None,
                accept_length_max=max(lengths) if complete and lengths else None,
                accept_rate_mean=round(sum(rates) / len(rates), 6)
                if rates and len(rates) == len(recs)
                else None,
                note=note,
            )
        )
    return tuple(out)
