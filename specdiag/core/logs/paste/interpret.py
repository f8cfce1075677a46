"""Grids, key-value runs, prose and JSON bodies turned into records.

A table is read one of two ways: configurations as rows (a header names an acceptance metric:
each row, and each group of columns under a spanning header, is one record) or transposed
(the first column names the metrics: each other column is one record). Cells and keys go
through :func:`cells.key`; configuration cells become the record's labels.
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import functools
import itertools
import json
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from specdiag.core.logs.paste import above_max as AM
from specdiag.core.logs.paste import accepted_list as ACL
from specdiag.core.logs.paste import alpha as AL
from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import aside_told as AT
from specdiag.core.logs.paste import asides as AS
from specdiag.core.logs.paste import at_rate_carry as ARC
from specdiag.core.logs.paste import bare_length as BL
from specdiag.core.logs.paste import bracket_condition as BCD
from specdiag.core.logs.paste import bracket_list_named as BLN
from specdiag.core.logs.paste import bracket_note as BN
from specdiag.core.logs.paste import bracket_runs_items as BRI
from specdiag.core.logs.paste import bullets as B
from specdiag.core.logs.paste import capped as CAP
from specdiag.core.logs.paste import cell_phrases as CPH
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import closing_name as CLN
from specdiag.core.logs.paste import codenames as CN
from specdiag.core.logs.paste import column_groups as CG
from specdiag.core.logs.paste import committed_mean as CM
from specdiag.core.logs.paste import compared_for as CF
from specdiag.core.logs.paste import compared_settings as CMP
from specdiag.core.logs.paste import coordinated as COORD
from specdiag.core.logs.paste import counts_pair as CPR
from specdiag.core.logs.paste import decomposed as DC
from specdiag.core.logs.paste import drafted_rows as DROWS
from specdiag.core.logs.paste import drafting as DRF
from specdiag.core.logs.paste import earlier_run as ERN
from specdiag.core.logs.paste import elided as EL
from specdiag.core.logs.paste import elided_pair as ELP
from specdiag.core.logs.paste import equated_pair as EQP
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import figure_positions as FPOS
from specdiag.core.logs.paste import forced as FORCED
from specdiag.core.logs.paste import forecast as FC
from specdiag.core.logs.paste import held_level as HL
from specdiag.core.logs.paste import increments as INC
from specdiag.core.logs.paste import item_shares as IS
from specdiag.core.logs.paste import joined_values as JV
from specdiag.core.logs.paste import json_per_step as JPS
from specdiag.core.logs.paste import json_rejected as JREJ
from specdiag.core.logs.paste import kept_lists as KL
from specdiag.core.logs.paste import keyed_range as KRG
from specdiag.core.logs.paste import keyed_share as KSH
from specdiag.core.logs.paste import labelled_cell as LC
from specdiag.core.logs.paste import labelled_versus as LV
from specdiag.core.logs.paste import mean_list as ML
from specdiag.core.logs.paste import moved_pairs as MP
from specdiag.core.logs.paste import mtp_steps as MS
from specdiag.core.logs.paste import numbered_run as NR
from specdiag.core.logs.paste import on_dataset as OND
from specdiag.core.logs.paste import output_rounds as ORD
from specdiag.core.logs.paste import pair_changed as PCG
from specdiag.core.logs.paste import partitive as PART
from specdiag.core.logs.paste import piped_result as PIPED
from specdiag.core.logs.paste import pooled_cell as PC
from specdiag.core.logs.paste import pooled_column as POOLC
from specdiag.core.logs.paste import position_counts as PCN
from specdiag.core.logs.paste import position_first as PF
from specdiag.core.logs.paste import position_pairs as PPAIR
from specdiag.core.logs.paste import position_section as PSEC
from specdiag.core.logs.paste import position_sum as PSUM
from specdiag.core.logs.paste import qualified as Q
from specdiag.core.logs.paste import quoted_question as QQ
from specdiag.core.logs.paste import quotient_column as QC
from specdiag.core.logs.paste import rate_changes as RCH
from specdiag.core.logs.paste import rate_slash_length as RSL
from specdiag.core.logs.paste import reached as REACHED
from specdiag.core.logs.paste import respectively as RESP
from specdiag.core.logs.paste import round_stats as RST
from specdiag.core.logs.paste import semicolon_carry as SCC
from specdiag.core.logs.paste import slash_carry as SC
from specdiag.core.logs.paste import slash_settings as SS
from specdiag.core.logs.paste import sourced as SRC
from specdiag.core.logs.paste import split_rates as SR
from specdiag.core.logs.paste import statistic_columns as STCOL
from specdiag.core.logs.paste import stats_cells as STC
from specdiag.core.logs.paste import step_counts as STEPC
from specdiag.core.logs.paste import step_emits as SEM
from specdiag.core.logs.paste import subset_carry as SUBC
from specdiag.core.logs.paste import swept_acc as SWA
from specdiag.core.logs.paste import tables as TB
from specdiag.core.logs.paste import tallies as TL
from specdiag.core.logs.paste import thresholds as TH
from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste import two_changes as TWO
from specdiag.core.logs.paste import typical_yield as TY
from specdiag.core.logs.paste import varied as VR
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste import was_earlier as WAS
from specdiag.core.logs.paste import whole_columns as WHC
from specdiag.core.logs.paste import wrapped_labels as WL
from specdiag.core.logs.paste import zero_drafts as ZD
from specdiag.core.logs.paste import zero_rows as ZR
from specdiag.core.logs.paste.model import (
    BONUS_UNKNOWN,
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)
from specdiag.core.logs.paste.tables import Grid
from specdiag.core.logs.paste.text import Line

_SUMMARY_ROW = re.compile(r"^(?:avg|average|mean|overall|total|all|combined)\b", re.I)
_STAT_COL = re.compile(
    r"^(avg|average|mean|median|(?:adj_?)?p\d{1,2}(?:\.\d)?|min|max|std|stddev)$", re.I
)
_STAT_PREF = {"avg": 0, "average": 0, "mean": 0, "median": 1, "p50": 1}
_TOOL_COLS = frozenset(("engine", "framework", "backend", "tool"))

Ctx = tuple[str, str, str]  # (tool, tool rule, kind)


# a range of values ending right before a bracket ('~2.7–3.1 ', '2.4 to 2.6 tokens/step'), markup
# or a per-step unit after it
_RANGE_ENDING = re.compile(
    r"\d\s*(?:[-–—]|to)\s*[~≈]?\s*\d+(?:\.\d+)?\s*"
    r"(?:(?:tokens?|tok)\s*(?:/|per\s+)\s*(?:verify\s+)?\w+)?\s*[*_`]{0,2}\s*$",
    re.I,
)


def _columns(header: list[list[str]], width: int) -> list[tuple[str, str]]:
    """(group, name) per column: the last header row names it; rows above are spanning group
    titles, carried right over empty cells."""
    cols: list[tuple[str, str]] = []
    groups: list[str] = [""] * width
    for row in header[:-1]:
        carry = ""
        for i in range(width):
            c = row[i] if i < len(row) else ""
            if c:
                carry = c
            groups[i] = f"{groups[i]} {carry}".strip() if carry else groups[i]
    last = header[-1] if header else []
    cols.extend((groups[i], last[i] if i < len(last) else "") for i in range(width))
    return cols


def _label_value(cell: str) -> str:
    return C._MARKUP.sub("", cell).strip()


# a row label led by its source ('sfllm: Qwen3-4B + EAGLE3', 'SGLang: Qwen3-4B + EAGLE3')
_LABEL_SOURCE = re.compile(r"^\s*(?P<src>[A-Za-z][\w.+-]{1,24})\s*:\s+\S")


def _row_sources(g: Grid, ctx: Ctx) -> dict[int, Ctx]:
    """Each row's own source where the rows' first cells name theirs (two sources or more,
    one a known tool): a tool named in one row's label is that row's, never the other rows'
    (a row led by an unknown program or fork gets no tool's conventions)."""
    src: dict[int, str] = {}
    for ln, cells in g.rows:
        m = _LABEL_SOURCE.match(_label_value(cells[0])) if cells else None
        if m is not None:
            src[ln] = m.group("src")
    if len(set(src.values())) < 2 or not any(T.engine_of(v) for v in src.values()):
        return {}
    out: dict[int, Ctx] = {}
    for ln, name in src.items():
        t = T.engine_of(name)
        rule = E.ROW_SOURCE_RULE if t else f"the row's label names {name}"
        out[ln] = (t or "unknown", rule, ctx[2])
    return out


# a backend column naming the compute device API a tool ran on ('ROCm0', 'Vulkan0 + --flag',
# 'CUDA', 'Metal'), not a program: the row's tool is the paste's
_COMPUTE_BACKEND = re.compile(
    r"(?:rocm|vulkan|cuda|metal|sycl|hip|opencl|cpu|npu|htp|cann)\d{0,2}(?![\w.-])", re.I
)


def _row_tool(labels: list[tuple[str, str]], ctx: Ctx) -> tuple[str, str]:
    for k, v in labels:
        if k in _TOOL_COLS:
            t = T.engine_of(v)
            if t is not None:
                return t, f"the row's {k} column"
            if k == "backend" and _COMPUTE_BACKEND.match(_label_value(v)):
                break
            return "unknown", f"the row's {k} column names no known tool"
    return ctx[0], ctx[1]


# draft tokens per step inside a configuration label ('DFlash `k=1`', 'EAGLE-3 (K=4)', 'MTP
# steps=3': the draft head's steps, never 'steps=3' alone, which may count training steps); a
# maximum is no k (``_MAX_IN_LABEL``)
_K_IN_LABEL = re.compile(
    # (a bare 'mtp=3' too, as the '--mtp 3' flag; CJK around it: '原mtp=3方案')
    r"(?<![A-Za-z0-9_-])(?:k|gamma|γ|nst|n[_ ]?spec|num[_ ]spec(?:ulative)?[_ ]tokens|"
    r"(?:mtp|spec|draft)[_ ]?k|mtp|"
    r"draft[_ ]len|(?:num[_ ])?mtp[_ ]tokens|(?:mtp|eagle-?\d?)[_ ](?:num[_ ])?steps)"
    r"\s*=\s*(\d{1,3})(?![A-Za-z0-9_])"
    # (never the first of a list of k's: 'k=2/4', 'k=2, 4', 'k=2 → 4')
    r"(?!\s*(?:[/,]|→|->|=>)\s*\d)",
    re.I,
)


# engines' flags setting the draft tokens per step (SGLang's draft depth, vLLM's count)
_K_FLAG_NAMES = (
    r"speculative[-_]num[-_]steps|num[-_]speculative[-_]tokens|(?:num[-_])?spec[-_]tokens|mtp[-_]k|"
    # ('--draft-tokens 4': the count without 'num')
    r"spec[-_]k|(?:num[-_])?draft[-_]tokens"
)
_K_FLAG = re.compile(
    r"--(?:" + _K_FLAG_NAMES + r"|mtp|mtp[-_]tokens|num[-_]mtp(?:[-_]tokens)?)[ =]+(\d{1,2})\b|"
    r"[\"']num_speculative_tokens[\"']\s*:\s*(\d{1,2})\b|"
    # a flag and its value in a code span of their own, the dashes dropped as a recipe's list
    # of flags writes them ('dflash with `num_speculative_tokens 7`'): the whole span, nothing
    # else in it
    r"`(?:--)?(?:" + _K_FLAG_NAMES + r")\s+(\d{1,2})`"
)


# the same flags set to a placeholder letter ('"num_speculative_tokens":N', '--speculative-num-steps
# <K>'): the runs' k is that variable, each run setting it in its own label ('n=2')
_K_PLACEHOLDER = re.compile(
    r"(?:--(?:" + _K_FLAG_NAMES + r")[ =]+|[\"']?num_speculative_tokens[\"']?\s*[=:]\s*)"
    r"[<{$]?(?P<v>[A-Za-z])(?![\w.-])[>}]?"
)


def placeholder_k(text: str) -> re.Pattern[str] | None:
    """Where the paste sets the draft tokens per step to one placeholder letter (the 'N' of
    '"num_speculative_tokens":N'), the pattern of a label giving that letter a value ('n=2');
    None otherwise."""
    letters = {m.group("v").lower() for m in _K_PLACEHOLDER.finditer(text)}
    if len(letters) != 1:
        return None
    return re.compile(
        rf"(?<![\w-]){letters.pop()}\s*=\s*(\d{{1,2}})\b(?!\s*(?:[/,.]|→|->)\s*\d)", re.I
    )


def k_of_placeholder(own: re.Pattern[str] | None, labels: list[tuple[str, str]]) -> int | None:
    """A row's k where the paste sets it to a placeholder letter (``own``: ``placeholder_k`` of
    the paste) and the row's labels give that letter one whole value ('MTP, n=2'); None
    otherwise."""
    if own is None:
        return None
    found = {int(m.group(1)) for _, v in labels for m in own.finditer(v)}
    found.discard(0)
    return found.pop() if len(found) == 1 else None


# 'MTP×3', 'MTP x 2', 'EAGLE×4': that many draft tokens per step
_K_TIMES = re.compile(r"\b(?:MTP|EAGLE-?\d?|n-?gram|draft)\s*[×x]\s*(\d{1,2})\b", re.I)


# SGLang's steps and draft tokens told in words ('three speculative steps and four draft
# tokens', '3 draft steps and 4 draft tokens'): the steps are the draft depth, the most drafts a
# step accepts (the draft tokens, the tree's nodes with its root, never k)
_SMALL_NUMBER = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten"
_K_STEPS_TOLD = re.compile(
    r"(?<![\w.-])(?P<n>" + _SMALL_NUMBER + r")\s+(?:speculative|draft(?:ing)?|spec)\s+steps?"
    r"\s*(?:,|and|with|plus)\s*(?:" + _SMALL_NUMBER + r")\s+draft\s+tokens\b",
    re.I,
)
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1
    )
}


def _k_of_steps_told(text: str) -> set[int]:
    """The draft depths told in words beside the draft tokens (_K_STEPS_TOLD)."""
    if "draft token" not in text.lower():
        return set()
    return {
        int(n) if n.isdigit() else _NUMBER_WORDS[n.lower()]
        for n in (m.group("n") for m in _K_STEPS_TOLD.finditer(text))
    }


# SGLang's EAGLE settings written as a triple ('topk=1, num_steps=3, num_draft_tokens=4'): the
# steps are the draft depth, a step's draft tokens ('steps=3' alone may count training steps)
_K_STEPS = re.compile(r"(?<![\w-])(?:num[_ ]?)?steps\s*=\s*(\d{1,2})\b", re.I)
_TRIPLE_TOPK = re.compile(r"\btopk\s*=\s*\d", re.I)
_TRIPLE_DRAFTS = re.compile(r"\bnum[_ ]draft[_ ]tokens\s*=\s*\d", re.I)


def _k_of_triples(text: str) -> set[int]:
    """The draft depths of SGLang's settings triples in ``text`` (each within one line, its
    topk and its draft tokens within 80 characters of the steps)."""
    out: set[int] = set()
    for m in _K_STEPS.finditer(text) if "topk" in text.lower() else ():
        start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 80)
        end = text.find("\n", m.end())
        near = text[start : min(end if end >= 0 else len(text), m.end() + 80)]
        if _TRIPLE_TOPK.search(near) and _TRIPLE_DRAFTS.search(near):
            out.add(int(m.group(1)))
    return out


# a loss weighting's own gamma ('exponential decay (gamma=4)', 'focal loss, gamma=2', 'discounted
# by gamma=7'): its line names the decay, focal or discount weighting before it, so the gamma is
# the weighting's exponent, never the draft tokens a step
_LOSS_WEIGHTING = re.compile(r"\b(?:decay\w*|focal|discount\w*)\b", re.I)


def _loss_gamma(text: str, m: re.Match[str]) -> bool:
    """Whether the ``_K_IN_LABEL`` match ``m`` is a gamma its line's loss weighting sets."""
    if not m.group(0).lower().startswith(("gamma", "γ")):
        return False
    start = text.rfind("\n", 0, m.start()) + 1
    return _LOSS_WEIGHTING.search(text, start, m.start()) is not None


# N draft tokens stated beside the target's own token of each step, counted apart ('7 draft
# tokens plus 1 target token', '3 draft tokens (4 tokens verified per step)'): every step drafts
# N, verified with the target's one. 'N draft tokens' alone is no k (SGLang's num_draft_tokens
# counts the root: '4 draft tokens' with 3 steps); so the bracket's count must be N + 1
_K_WITH_TARGET = re.compile(
    r"(?<![\w.])(?P<k>\d{1,2})\s+draft(?:ed)?\s+tokens?\b"
    r"(?:(?:\s*,\s*|\s+)(?:plus|\+)\s*(?:1|one)\s+(?:target|bonus|verif\w*|root)(?:[\s-]+\w+)?"
    r"\s+tokens?\b|"
    r"\s*\(\s*(?P<w>\d{1,2})\s+(?:target[\s-]+query|target|verif\w*|query)[\s-]*tokens?\b)",
    re.I,
)


def _k_with_target(text: str) -> set[int]:
    """The k's of ``_K_WITH_TARGET`` in ``text`` (a bracket's count N + 1 only)."""
    return {
        int(m.group("k"))
        for m in _K_WITH_TARGET.finditer(text)
        if (m.group("w") is None or int(m.group("w")) == int(m.group("k")) + 1)
        and _K_BOUND_BEFORE.search(text[max(0, m.start() - 16) : m.start()]) is None
    }


# a bound before the count ('up to 5 draft tokens'): a maximum, no k
_K_BOUND_BEFORE = re.compile(r"(?:up\s+to|at\s+most|max(?:imum)?|≤|<=)\s*$", re.I)


def k_stated(text: str) -> int | None:
    """The one number of draft tokens per step a whole paste states ('`mtp_k=3`', 'k=4',
    '--speculative-num-steps 3', 'topk=1, num_steps=3, num_draft_tokens=4'), or None when it
    states none or several."""
    # (never the first of a list of k's, 'k=3/4/5', 'k=3, 4')
    found = {
        int(m.group(1))
        for m in _K_IN_LABEL.finditer(text)
        if not re.match(r"\s*(?:[/,]|→|->|=>)\s*\d", text[m.end() : m.end() + 6])
        and not _loss_gamma(text, m)
    }
    found.update(int(next(g for g in m.groups() if g)) for m in _K_FLAG.finditer(text))
    found.update(int(m.group(1)) for m in _K_TIMES.finditer(text))
    found.update(_k_of_triples(text))
    found.update(_k_of_steps_told(text))
    if "draft" in text:
        found.update(_k_with_target(text))
    found.discard(0)  # ('K=0': speculation off, no configuration of it)
    return found.pop() if len(found) == 1 else None


def _gamma_column(labels: list[tuple[str, str]]) -> C.Value | None:
    """A table row's k in a column headed by the symbol alone ('| γ |' over '| 7 |', the
    speculative-sampling paper's symbol for the draft tokens a step); None when there is no such
    column or its cell is no whole number ('0（基线）', '7（动态）'). Only a table's column:
    'γ=2' in prose may label another run compared."""
    for name, val in labels:
        if C._MARKUP.sub("", name).strip() == "γ":
            cell = C._MARKUP.sub("", val).strip()
            if re.fullmatch(r"\d{1,2}", cell) and int(cell) > 0:
                return C.Value(float(int(cell)), False, 0)
    return None


# a column headed by the draft-count symbol alone ('K', 'k'): a label of the row's own setting
# (perhaps a maximum, so never the k of 1 + k x rate by itself)
_BARE_K_HEADER = re.compile(r"k", re.I)


# a row label assigning 'n_draft_tokens' ('n_draft_tokens=4', 'n-draft-tokens = 8'): the short
# 'n_' spelling of a draft count a step, the row's own k. Only inside a row's label (a whole
# paste's prose may list several), never SGLang's 'num_draft_tokens' (a tree's nodes, its root
# among them: steps + 1), nor one of a list ('n_draft_tokens=4/8')
_N_DRAFT_TOKENS = re.compile(
    r"(?<![A-Za-z0-9_-])n[_-]draft[_-]tokens\s*=\s*(\d{1,2})(?![A-Za-z0-9_.])"
    r"(?!\s*(?:[/,]|→|->|=>)\s*\d)",
    re.I,
)


def _k_of_labels(labels: list[tuple[str, str]], mtp_steps: bool = True) -> C.Value | None:
    """The draft tokens per step a row's labels state: a column named so ('K', 'num spec
    tokens'), 'k=N' inside a label, or a column of MTP's steps (mtp_steps.py; ``mtp_steps``
    False in SGLang's paste); None when none or several disagree."""
    found: set[int] = set()
    if mtp_steps and (depth := MS.depth(labels)) is not None:
        found.add(depth)
    own: set[int] = set()  # the whole number of a column headed by the bare symbol ('| K |')
    for name, val in labels:
        v = C.value(val)
        if C.key(name).metric == C.K and v is not None and v.number == int(v.number):
            found.add(int(v.number))
        elif (
            _BARE_K_HEADER.fullmatch(C._MARKUP.sub("", name).strip())
            and (cell := re.fullmatch(r"\d{1,3}", C._MARKUP.sub("", val).strip())) is not None
        ):
            own.add(int(cell.group()))
        found.update(int(m.group(1)) for m in _K_IN_LABEL.finditer(val))
        found.update(int(m.group(1)) for m in _N_DRAFT_TOKENS.finditer(val))
        found.update(_mtp_depths(C._MARKUP.sub("", val)))
        if "--" in val:
            # a row labelled by its command's flags ('`--spec mtp --draft-tokens 4`'): the
            # engine's flag of the draft tokens per step sets this row's k
            found.update(int(m.group(1)) for m in _K_FLAG.finditer(val) if m.group(1))
    if not found and (mtp := DROWS.mtp_depth(labels, E.FIXED_K_MOST)) is not None:
        # a bare K on a row naming MTP: its depth, the chain drafted every step (drafted_rows.py)
        found.add(mtp)
    if own and not own >= found:
        # a 'k=8' in another cell beside the row's own '| 16 |' under '| K |' ('similar to
        # k=8' in a notes column): that assignment names another run, not this row's k
        return None
    return C.Value(float(found.pop()), False, 0) if len(found) == 1 else None


# a draft maximum in a label (vocab.DRAFT_MAX: 'n_max=2', 'draft-max=4', '`--draft-max 4`',
# 'max_draft_len=3'): at most N drafts a step, so never the k of 1 + k x rate (only an upper
# bound: a length above it counts the bonus token); never a list ('n_max=1/2'). A label alone
# adds llama.cpp's short 'd=N' ('main d=1 | this PR d=2', as its tables once wrote n_draft):
# a bare 'd' is that only inside a row's configuration, never in a whole paste's prose.
_MAX_IN_LABEL = re.compile(
    V.DRAFT_MAX_RE + r"|(?<![\w-])d\s*=\s*(?P<d>\d{1,2})\b(?!\s*(?:[/,.]|→|->|=>)\s*\d)"
    # (a draft depth in a column's bracket, 'AL (depth=2)': a chain drafts that many a step, a
    # tree accepts at most that many along its path, so at most that many drafts a step)
    r"|\(\s*depth\s*=\s*(?P<dp>\d{1,2})\s*\)"
    # (a drafting method's name, then 'n=N': the method's draft count, llama.cpp's n_draft a
    # maximum, so taken as one: 'draft-mtp n=4', 'mtp n=3', 'eagle3 n = 2')
    r"|(?<![\w-])(?:draft|mtp|eagle-?\d?|spec)(?:[-_](?:draft|mtp|eagle-?\d?|spec))?\s+n\s*=\s*"
    r"(?P<dn>\d{1,2})\b(?!\s*(?:[/,.]|→|->|=>)\s*\d)",
    re.I,
)


# a row label naming its MTP depth ('MTP 2', 'MTP3_top10'), or closing the method's words with
# it alone in brackets ('MTP drafting (MTP-3)'): that many draft tokens a step
_MTP_LAYERS = re.compile(r"^\W*MTP[ _-]?(\d)(?![\d.])|\(\s*MTP[ _-]?(\d)\s*\)\W*$", re.I)


def _mtp_depths(text: str) -> set[int]:
    """The MTP depths a label names (``_MTP_LAYERS``)."""
    return {int(m.group(1) or m.group(2)) for m in _MTP_LAYERS.finditer(text)}


def _maxima(text: str) -> set[int]:
    """The draft maxima a label states (``_MAX_IN_LABEL``)."""
    return {
        int(m.group("max") or m.group("d") or m.group("dp") or m.group("dn"))
        for m in _MAX_IN_LABEL.finditer(text)
    }


def most_of_labels(labels: Iterable[tuple[str, str]]) -> C.Value | None:
    """The one draft maximum a record's labels state, None when none or several: in a label's
    value ('n_max=2'), or a column named as a draft maximum over a whole number ('n-max' over
    '2')."""
    found = {n for k, v in labels for n in _maxima(v) | _maxima(f"{k} {v}")}
    found.discard(0)
    return C.Value(float(found.pop()), False, 0) if len(found) == 1 else None


# a row run without drafts ('baseline', 'no spec', 'autoregressive', 'vanilla'): it emits one
# token per step, so a length column printing 1.00 there counts the target's own token (a
# length without it would print 0)
_BASELINE_ROW = re.compile(
    r"^(?:(?:baseline|vanilla)(?: ar| autoregressive)?|base|autoregressive|ar|off|none|target only|"
    r"plain(?: decode)?|"
    # the run without the method ('no spec', 'nodraft', 'w/o EAGLE', 'without MTP'): the
    # speculative words (vocab.SPECULATIVE), with 'spec' and 'sd' added, and after 'no' glued
    # to it the short ones alone ('nospec', 'nomtp')
    r"no[ -]?(?:spec|draft|mtp)\w*|(?:no|w/o|without)[ -]+(?:(?:"
    + V.SPECULATIVE_RE
    + r")[\w-]*|spec\w*|sd))$",
    re.I,
)


def name_unsaid(d: Decision) -> bool:
    """Whether ``d`` is a name's silence ('accepted tokens per step' does not say whether the
    target's own token is counted): undecided, which a value of the same column may decide."""
    return d.value == UNKNOWN and d.rule.startswith("name: ") and "does not say whether" in d.rule


def _baseline_ones(recs: list[PasteRecord]) -> list[PasteRecord]:
    # a name's silence ('accepted tokens per pass') is no decision: the run without drafts
    # printing 1.00 decides it (a length leaving the target's token out would print 0 there)
    return [
        ZR.target_alone(
            dataclasses.replace(r, bonus=UNDECIDED) if name_unsaid(r.bonus) else r,
            "the run without drafts prints 1.00, one token per step",
            "the column counts",
        )
        if r.printed_rate is None
        and r.printed_length == 1.0
        and (any(baseline_label(v) for _, v in r.labels) or _zero_drafts(r))
        else r
        for r in recs
    ]


def _zero_drafts(r: PasteRecord) -> bool:
    """Whether a table row's own settings make zero drafts a step ('| steps | ... |
    num_draft_tokens |' over '| 0 | ... | 0 |', '--draft-max 0'; zero_drafts.no_drafts): the run
    without speculation, as a row named so is."""
    return ZD.no_drafts(r)


# a caption naming the draft depth swept ('Depth swept 1 to 6:', 'by draft depth',
# 'num_speculative_tokens from 1 to 5'): a bare 'n' column under it is that depth
_DEPTH_CAPTION = re.compile(
    r"\b(?:draft\s+|mtp\s+|spec\w*\s+)?depths?\b|\bnum[_ ]spec\w*[_ ]tokens\b", re.I
)


def depth_captioned(above: str) -> bool:
    """Whether the last line above a table (its caption) names the draft depth."""
    lines = [t for t in above.split("\n") if t.strip()]
    return bool(lines) and _DEPTH_CAPTION.search(lines[-1]) is not None


def _bare_k_column(recs: list[PasteRecord], name: str = "k") -> list[PasteRecord]:
    """A column headed only 'K' (or ``name``: 'n' under a caption naming the draft depth,
    ``depth_captioned``) is read as the draft tokens per step where its values fit that
    meaning: whole numbers 1-16 taking at least two values, every length at most K + 1 (a step
    emits at most its drafts and the target's own token), and each figure's lengths never
    falling as K grows (more drafts per step never lower the tokens a step emits). A length
    above its row's K then counts the bonus token."""
    ks: list[int | None] = []
    for r in recs:
        kv = [v for n, v in r.labels if C.norm(n)[0] == name]
        v = C.value(kv[0]) if len(kv) == 1 else None
        ks.append(int(v.number) if v is not None and v.number == int(v.number) else None)
    if len({k for k in ks if k is not None}) < 2 or any(
        k is not None and not 1 <= k <= 16 for k in ks
    ):
        return recs
    series: dict[str, list[tuple[int, float]]] = {}
    for r, k in zip(recs, ks, strict=True):
        if r.printed_length is None or k is None:
            continue
        if r.printed_length > k + 1 + 0.005 or r.bonus.value == EXCLUDED:
            return recs  # no draft length: the K is something else, or a name said otherwise
        series.setdefault(dict(r.labels).get("column", ""), []).append((k, r.printed_length))
    for pts in series.values():
        pts.sort()
        if any(b[1] < a[1] - 0.005 for a, b in zip(pts, pts[1:], strict=False)):
            return recs
    out = []
    for r, k in zip(recs, ks, strict=True):
        if (
            k is not None
            and r.bonus == UNDECIDED
            and r.printed_length is not None
            and r.printed_length > k + 0.005
        ):
            r = dataclasses.replace(
                r,
                accept_length=r.printed_length,
                bonus=Decision(
                    INCLUDED,
                    f"value: a length above the row's K ({k}, draft tokens per step: whole "
                    "numbers under which no length falls or passes K + 1) must count the bonus "
                    "token",
                ),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out


def _k_maxima(recs: list[PasteRecord]) -> list[PasteRecord]:
    """A table whose k's reach past the most a fixed chain drafts (E.FIXED_K_MOST: 'K=16',
    'K=24' as llama.cpp's draft maximum is set) states draft maxima in every row, its small k's
    too: no row drafted its k every step, so no length is computed from a rate beside one."""
    ks = [k.number for r in recs if (k := _k_of_labels(list(r.labels))) is not None]
    if not ks or max(ks) <= E.FIXED_K_MOST:
        return _k_rates_rise(_k_from_zero(recs))
    return _k_as_maxima(recs, max(ks))


def _listed_k_maxima(recs: list[PasteRecord]) -> list[PasteRecord]:
    """Runs a line lists each after its k ('Acceptance: K=4 64%, K=8 30%, K=16 17%', labels
    ('k', '16')): as in a table (_k_maxima), a k past a fixed chain's makes every run's k a
    maximum, so no length is computed from a rate beside one, the small k's too."""
    ks = [int(v) for r in recs for n, v in r.labels if _BARE_K_HEADER.fullmatch(n) and v.isdigit()]
    return _k_as_maxima(recs, max(ks)) if ks and max(ks) > E.FIXED_K_MOST else recs


def _k_as_maxima(recs: list[PasteRecord], top: float) -> list[PasteRecord]:
    note = (
        f"the runs' k reaches {top:g}, a draft maximum's scale: the drafts of a step "
        "vary, so 1 + k x rate is no length"
    )
    return [
        dataclasses.replace(r, accept_length=None, bonus=UNDECIDED, notes=(*r.notes, note))
        if r.bonus.rule == E.COMPUTED_K_RULE
        else r
        for r in recs
    ]


def k_from_zero(recs: list[PasteRecord]) -> bool:
    """Whether a table's row of k=0 measured a rate above zero ('| k=0 | 41% |' beside '| k=1
    | 8% |'): zero drafts a step give no rate, so its k's count from 0 (a draft position, a
    lookahead index), never the draft tokens per step or a draft maximum of any row."""
    return any((r.printed_rate or 0.0) > 0.0 and _k_zero(list(r.labels)) for r in recs)


def _k_zero(labels: list[tuple[str, str]]) -> bool:
    """Whether a row's labels state k=0: its k (_k_of_labels), or a bare '0' under a column
    headed by the symbol alone ('| K |')."""
    if (k := _k_of_labels(labels)) is not None:
        return k.number == 0
    return any(
        _BARE_K_HEADER.fullmatch(C._MARKUP.sub("", n).strip()) is not None
        and C._MARKUP.sub("", v).strip() == "0"
        for n, v in labels
    )


def _k_from_zero(recs: list[PasteRecord]) -> list[PasteRecord]:
    """A table whose k's count from 0 (k_from_zero): 1 + k x rate is no length for any row."""
    if not k_from_zero(recs):
        return recs
    note = (
        "the table's row of k=0 measured a rate: its k's count from 0 (positions), not the "
        "draft tokens per step, so 1 + k x rate is no length"
    )
    return _no_k_length(recs, {id(r) for r in recs}, note)


def _no_k_length(recs: list[PasteRecord], ids: set[int], note: str) -> list[PasteRecord]:
    """The records of ``ids`` whose length was 1 + k x rate, without it (and why: ``note``)."""
    return [
        dataclasses.replace(r, accept_length=None, bonus=UNDECIDED, notes=(*r.notes, note))
        if id(r) in ids and r.bonus.rule == E.COMPUTED_K_RULE
        else r
        for r in recs
    ]


def _rate_rounding(r: PasteRecord) -> float:
    """Half a unit of a record's printed rate, as a fraction (0.005 where no cell prints it)."""
    for _, cell in r.fields:
        v = C.value(cell)
        if v is not None and r.printed_rate is not None:
            scale = 100.0 if v.percent else 1.0
            if abs(v.number / scale - r.printed_rate) < 1e-9:
                return C.half_unit(v.decimals) / scale
    return 0.005


def _k_rates_rise(recs: list[PasteRecord]) -> list[PasteRecord]:
    """Rows told apart by their k alone whose rate RISES as k grows (beyond both rates'
    rounding): drafts accepted over drafts made by a chain of k never rise with k (the
    (k+1)-th draft is accepted only after the k before it, so the share is the mean of a
    falling series over a longer prefix), so the rate is some other one (per token verified,
    as a paper's alpha) and 1 + k x rate is no length for their rows of k > 1."""
    groups: dict[tuple[tuple[str, str], ...], list[tuple[int, PasteRecord]]] = {}
    for r in recs:
        k = _k_of_labels(list(r.labels)) or _gamma_column(list(r.labels))
        if k is None or r.printed_rate is None:
            continue
        rest = tuple(
            (n, _K_IN_LABEL.sub("", v))
            for n, v in r.labels
            if C.key(n).metric != C.K and _gamma_column([(n, v)]) is None and not MS.is_column(n)
        )
        groups.setdefault(rest, []).append((int(k.number), r))
    rising: set[int] = set()
    for rows in groups.values():
        if any(
            kb > ka
            and (b.printed_rate or 0.0)
            > (a.printed_rate or 0.0) + _rate_rounding(a) + _rate_rounding(b)
            for ka, a in rows
            for kb, b in rows
        ):
            rising.update(id(r) for k, r in rows if k > 1)
    if not rising:
        return recs
    note = (
        "the rate rises with k where the rows differ by k alone: drafts accepted over drafts "
        "made never rise with k, so 1 + k x rate is no length"
    )
    return _no_k_length(recs, rising, note)


def _tokens_below_one(recs: list[PasteRecord]) -> list[PasteRecord]:
    """A column named tokens per step printing a value below 1 in one row: the name does not
    hold for the column (one column, one way), its other rows' figures undecided too."""
    failed = {per_step_name(r) for r in recs if r.bonus.rule == E.TOKENS_BELOW_ONE_RULE}
    return [
        dataclasses.replace(
            r,
            accept_length=None,
            bonus=Decision(UNKNOWN, E.TOKENS_BELOW_ONE_RULE + " (a row of its column)"),
            notes=(*r.notes, f"{BONUS_UNKNOWN}: no normalised accept length is given"),
        )
        if failed and r.bonus.rule == E.TOKENS_NAME_RULE and per_step_name(r) in failed
        else r
        for r in recs
    ]


def per_step_name(r: PasteRecord) -> str:
    """The name of the record's figure of tokens a step ('Tokens/Round'), or ''."""
    return next(
        (n for n, _ in r.fields if C.key(C._MARKUP.sub("", n)).metric == C.TOK_PER_STEP), ""
    )


_ACC_NAME_RULE = "name: accepted drafts per step"


# a column name's closing bracket of one draft setting and its whole number ('(k=3)', '(depth=1)')
_AT_SETTING = re.compile(r"\s*\(\s*" + V.AT_K_NAMES + r"\s*=\s*\d{1,2}\s*\)$", re.I)


def positions_refute(printed: float, positions: Sequence[float], value: str) -> bool:
    """Whether a row's own per-position rates prove its printed length of another convention
    than ``value``: they fit no reading of ``value`` (1 + their sum, or their sum, bonus
    excluded; or the sum of their running products, for rates each given the position before)
    and fit a reading of the other, within the length's printed rounding and half a hundredth on
    each rate: the column's other rows then decide nothing for it. Rates fitting neither reading
    prove nothing (its rates and its length were not measured alike; the column's way stands).
    A list opening on a position of exactly 1 (the target's own token listed) refutes nothing."""
    if not positions or positions[0] == 1.0:
        return False
    other = EXCLUDED if value == INCLUDED else INCLUDED
    return not _positions_fit(printed, positions, value) and _positions_fit(
        printed, positions, other
    )


def _positions_fit(printed: float, positions: Sequence[float], value: str) -> bool:
    """Whether per-position rates give the printed length under the convention ``value`` (1 +
    their sum, their sum where the bonus is excluded, or the same of their running products)."""
    tol = C.half_of(f"{printed:.6g}")
    rest = printed - (1.0 if value == INCLUDED else 0.0)
    if abs(rest - sum(positions)) <= tol + len(positions) * 0.5e-2:
        return True
    lo = sum(itertools.accumulate((max(p - 0.005, 0.0) for p in positions), operator.mul))
    hi = sum(itertools.accumulate((min(p + 0.005, 1.0) for p in positions), operator.mul))
    return bool(lo - tol <= rest <= hi + tol)


def _one_convention(recs: list[PasteRecord], by: str = "column") -> list[PasteRecord]:
    """One column of one table (one row, transposed) is one metric printed one way: where a
    value or an identity decides the bonus for some of its records, those it left undecided
    follow. ``by``: the label telling the table's metrics apart ('': none, one metric)."""
    recs = _bare_k_column(_baseline_ones(_k_maxima(_tokens_below_one(recs))))
    by_col: dict[str, list[int]] = {}
    for i, r in enumerate(recs):
        col = dict(r.labels).get(by, "") if by else ""
        # (one figure's columns told apart by a draft setting alone, 'AL (k=1)' beside 'AL
        # (k=3)': the setting changes the runs, never how the tool prints the figure)
        by_col.setdefault(_AT_SETTING.sub("", col) if "=" in col else col, []).append(i)
    out = list(recs)
    for idx in by_col.values():
        decided = {
            recs[i].bonus.value
            for i in idx
            if recs[i].bonus.rule.startswith(("identity:", "value:", "the printed maximum"))
        }
        if len(decided) != 1:
            continue
        value = decided.pop()
        for i in idx:
            r = recs[i]
            # (a name the column's values prove wrong, 'accepted drafts' over '7.3 / 7', is
            # overruled in its other rows too)
            overruled = r.bonus.rule.startswith(_ACC_NAME_RULE) and r.bonus.value != value
            if (
                r.bonus != UNDECIDED and not overruled and not name_unsaid(r.bonus)
            ) or r.printed_length is None:
                continue
            if r.per_position and positions_refute(r.printed_length, r.per_position, value):
                continue  # (its own per-position rates fit no reading of that convention)
            length = r.printed_length if value == INCLUDED else r.printed_length + 1
            out[i] = dataclasses.replace(
                r,
                accept_length=round(length, 6),
                bonus=Decision(
                    value,
                    "the column's other rows decide it (one column, one way)"
                    if by
                    else "the table's other cells decide it (one titled figure, one way)",
                ),
                notes=decided_notes(r.notes),
            )
    return out


def baseline_one(r: PasteRecord) -> bool:
    """Whether a record is a row run without drafts ('Vanilla', 'baseline', 'w/o EAGLE', a
    bracketed aside after it: 'AR (plain)') printing a length of exactly 1 and no rate or count:
    one token per step, no measurement."""
    return (
        r.printed_length == 1.0
        and r.printed_rate is None
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and not r.per_position
        and (
            any(baseline_label(v) for _, v in r.labels)
            or (not r.labels and len(r.fields) == 1 and _baseline_key(r.fields[0][0]))
        )
    )


def baseline_zero(r: PasteRecord) -> bool:
    """Whether a record is a table row run without drafts ('vanilla_ar', 'baseline') printing a
    rate of exactly zero, no length above 1 and no counts: a placeholder for a run that drafted
    nothing (no draft to accept), no measurement of acceptance."""
    return (
        r.printed_rate == 0.0
        and r.printed_length in (None, 1.0)
        and r.accepted_tokens in (None, 0)
        and r.drafted_tokens in (None, 0)
        and not r.per_position
        and any(baseline_label(v) for _, v in r.labels)
    )


# a key-value line's key naming the run without drafts before the figure's name ('Baseline
# (no spec) avg_accept_len', 'Baseline（无投机）时 avg_accept_len': when baseline, ...)
_KEY_LEAD = re.compile(
    r"^(?P<lead>[^=:]{1,60}?)\s*(?:时|時|,)?\s*(?:(?:avg|mean|average)[ _]?)?(?:accept|acc[ _]len|AL\b|τ)",
    re.I,
)


def _baseline_key(key: str) -> bool:
    """Whether a key-value line's key opens on the run without drafts (``_KEY_LEAD``), its
    figure then that run's: one token a step, no measurement (as a baseline row's)."""
    m = _KEY_LEAD.match(key.strip())
    return m is not None and baseline_label(m.group("lead").strip())


def _records(
    slots: dict[str, E.Figures],
    labels: list[tuple[str, str]],
    ctx: Ctx,
    structure: str,
    lines: tuple[int, int],
    slot_key: str,
) -> list[PasteRecord]:
    out: list[PasteRecord] = []
    tool, rule = _row_tool(labels, ctx)
    summary = any(_SUMMARY_ROW.match(v) for _, v in labels)
    k = _k_of_labels(labels, mtp_steps=tool != "sglang")
    if k is None and "table" in structure:
        k = _gamma_column(labels)
    for slot, fig in slots.items():
        lab = list(labels)
        if slot:
            lab.append((slot_key, slot))
        if fig.k is None:
            # the row's k, else the one its column states ('k=3' over a column of lengths)
            fig.k = k if k is not None else _k_of_labels(lab, tool != "sglang") if slot else None
        if fig.k is not None and fig.length is None and CPH.variable_drafts(lab):
            # an n-gram or prompt-lookup row's k is a maximum (its drafts vary a step): no
            # length is computed from it (cell_phrases.py)
            fig.k = None
        most = most_of_labels(lab) if fig.k is None and fig.length is not None else None
        first = copy.deepcopy(fig) if most is not None else fig
        if most is not None:
            # a draft maximum ('n_max=2'): at most that many drafts a step, so only a printed
            # length it proves bonus-included is decided by it, and none is computed from it
            first.k = most
        rec = E.record(
            first,
            kind="table_row",
            tool=tool,
            tool_rule=rule,
            structure=structure,
            lines=lines,
            labels=tuple(lab),
            summary_row=summary,
        )
        if most is not None and rec is not None and rec.bonus.value == INCLUDED:
            note = (
                f"the draft maximum {most.number:g} of its label taken as the draft tokens per "
                "step: a length above it, or 1 + it x rate, counts the bonus token all the same"
            )
            rec = dataclasses.replace(rec, notes=(*rec.notes, note))
        elif most is not None:
            rec = E.record(
                fig,
                kind="table_row",
                tool=tool,
                tool_rule=rule,
                structure=structure,
                lines=lines,
                labels=tuple(lab),
                summary_row=summary,
            )
        if rec is not None:
            out.append(rec)
    return out


# a section heading naming what is expected or aimed at, not what ran ('## Expected results',
# '## Performance expectations', '## 性能预期', '### Goals'; a transposed table's column, 'Expected
# (D=2)': interpret._planned_column): a short heading, or a part of one between brackets or after
# a colon, led or closed by the word (never a sentence using it, '#
# Decoding is slower than expected'; never '目标模型', the target model)
EXPECTED_SECTION = re.compile(
    r"^(?:expected|projected|estimated|anticipated)(?:\s+[\w/-]+){0,3}$"
    r"|^(?:[\w/-]+\s+){0,3}(?:expectations?|goals?|targets?|projections?|estimates?)$"
    r"|^[^\x00-\x7f]{0,4}(?:预期|预估|期望|目标(?!模型))[^\x00-\x7f]{0,4}$",
    re.I,
)


# columns that compare figures rather than hold one ('Delta', 'Speedup', 'Δ')
_COMPARE_COLUMN = re.compile(
    r"^(?:delta|diff|difference|change|gain|improvement|speedup|Δ)\b", re.I
)


def _planned_column(name: str) -> bool:
    """Whether a transposed table's column names figures expected or aimed at, not measured
    ('Expected (D=1)', 'Target'): its cells are no run's (EXPECTED_SECTION, as for a heading),
    led by the word ('Llama target' names the target model); or closed by 'assumed' ('Phase 2
    assumed')."""
    parts = [p.strip() for p in re.split(r"[()（）:：]", C._MARKUP.sub("", name))]
    return any(
        (_PLANNED_LEAD.match(p) and EXPECTED_SECTION.search(p))
        or _ASSUMED_END.search(p)
        or _REFERENCE_COLUMN.match(p)
        for p in parts
    )


# a transposed table's column of a reference figure quoted beside the run's ('documented ref
# (date)', 'Reference', 'published', 'model card'): an earlier or another's figure, no run here
_REFERENCE_COLUMN = re.compile(
    r"^(?:(?:documented|published|official|upstream|prior|earlier|previous|paper|model[\s_-]*card)"
    r"(?:\s+(?:ref|reference|figures?|values?))?|ref|reference)$",
    re.I,
)


# a column closed by the word assumed ('Phase 2 assumed', 'earlier plan (assumption)'): the
# figures a plan took for granted, not measured
_ASSUMED_END = re.compile(r"(?:^|\s)(?:assumed|assumptions?)$", re.I)
_PLANNED_LEAD = re.compile(
    r"(?:expected|projected|estimated|anticipated|targets?|goals?)\b|[^\x00-\x7f]", re.I
)


_POSITION_COLUMN = frozenset(("position", "pos", "token", "draft position", "depth", "draft token"))


# a cell saying its run was not measured: a dash alone ('—', '-', '–'), 'n/a', 'N/A', 'skip',
# 'skipped', 'not run', 'not measured' (a sweep's point left out)
_NOT_RUN = re.compile(
    r"^\s*(?:[-–—]{1,2}|n/a|N/A|(?i:skip(?:ped)?|not (?:run|measured)))\s*$"
).match
# a cell of a whole number alone ('80', '1,200'): a count or a setting's value
_WHOLE_CELL = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)$")


def _titled(g: Grid, cols: list[tuple[str, str]], title: C.Key, ctx: Ctx) -> list[PasteRecord]:
    """Records of a table whose one figure is named by its title, not its header ('### Acceptance
    Lengths' over columns of configurations; 'Per-Position Acceptance Rates' over a column of
    positions)."""
    first = " ".join(x for x in cols[0] if x).strip().lower() if cols else ""
    if title.metric == C.PER_POSITION:
        if first not in _POSITION_COLUMN or len(cols) < 2:
            return []
        out: list[PasteRecord] = []
        for j in range(1, len(cols)):
            fig = E.Figures()
            for _, cells in g.rows:
                pos, v = C.value(cells[0]), C.value(cells[j] if j < len(cells) else "")
                if pos is None or pos.number != int(pos.number) or v is None:
                    continue
                fig.positions[int(pos.number)] = v.number / 100.0 if v.percent else v.number
            if fig.positions:
                name = " ".join(x for x in cols[j] if x)
                fig.fields.append((name, "per-position rates of the column"))
                lab = [("column", _label_value(name))] if name else []
                out.extend(
                    _records({"": fig}, lab, ctx, g.structure, (g.first_line, g.last_line), "")
                )
        return out
    keys: list[tuple[C.Key, str]] = []
    for j, (group, name) in enumerate(cols):
        header = " ".join(x for x in (group, name) if x)
        kn = C.key(name)
        # (a cell of a dash alone, '—', 'n/a': a run not measured, no value of another kind)
        vals = [C.value(c[j]) for _, c in g.rows if j < len(c) and c[j] and not _NOT_RUN(c[j])]
        numeric = bool(vals) and all(v is not None for v in vals)
        signed = any(
            c[j].strip()[:1] in "+-−"
            for _, c in g.rows
            if j < len(c) and c[j] and not _NOT_RUN(c[j])
        )
        # (a column named as a setting or a count, 'n', 'k', 'prompts', of whole numbers: each
        # row's configuration or sample size, never the title's figure)
        counted = kn.metric == C.LABEL and all(
            _WHOLE_CELL.match(c[j].strip()) for _, c in g.rows if j < len(c) and c[j]
        )
        if (
            j > 0
            and numeric
            and not counted
            and not signed
            and not _COMPARE_COLUMN.match(header.strip())
            # (a column named as another measure, 'Tok/s', 'Latency (ms)': that measure's
            # values, never the title's figure)
            and not A.other_measure(header)
            # (a column headed as two other columns' quotient, 'new / base': a ratio of their
            # figures, quotient_column.py)
            and not QC.of_columns(
                header, [" ".join(x for x in c if x) for c in cols[:j] + cols[j + 1 :]]
            )
        ):
            keys.append((C.Key(title.metric, title.text, title.percent), ""))
        elif kn.metric == C.LABEL or j == 0:
            keys.append((C.Key(C.LABEL, kn.text or header.lower(), False), group))
        else:
            keys.append((C.Key(None, kn.text, False), group))
    if title.metric == C.RATE and not title.percent:
        # a column of whole numbers beside a column of fractions under the rate's title: slots,
        # seeds or counts, no rate (whole_columns.py)
        for j in WHC.not_rates(
            {
                j: [c[j] if j < len(c) else "" for _, c in g.rows]
                for j, (k, _) in enumerate(keys)
                if k.metric == title.metric
            }
        ):
            kn = C.key(cols[j][1])
            keys[j] = (C.Key(C.LABEL if kn.metric == C.LABEL else None, kn.text, False), cols[j][0])
    if not any(k.metric == title.metric for k, _ in keys):
        return []
    # the title's figure said in a note: one series with the paste's other records of that
    # figure (reader._one_name_one_way)
    corner = _CORNER.match(first)
    return [
        dataclasses.replace(
            r,
            notes=(*r.notes, TITLED_LENGTH) if title.metric == C.LENGTH else r.notes,
            labels=_corner_labels(r.labels, first, corner) if corner else r.labels,
        )
        for r in _by_rows(g, cols, keys, ctx)
    ]


# a corner cell naming the rows' variable and the columns' ('tp\\conc', 'bs \\ ctx'): the first
# column's values are the first's, the header's cells the second's
_CORNER = re.compile(r"^([a-z][\w .-]{0,24}?)\s*\\\s*([a-z][\w .-]{0,24})$")


def _corner_labels(
    labels: tuple[tuple[str, str], ...], first: str, corner: re.Match[str]
) -> tuple[tuple[str, str], ...]:
    """A titled table's record labels under a corner cell naming both variables: the row's
    value under the first name, the column's under the second."""
    names = {first: corner.group(1).strip(), "column": corner.group(2).strip()}

    def name(k: str) -> str:
        low = k.strip().lower()
        if "\\" in low:
            # (the corner cell's name as the row label's key, perhaps cut or spelled otherwise
            # where a name reads as a unit: 'bs\' of 'bs\pct', '%\bs' of 'pct\bs': the rows')
            return names[first]
        return names.get(low, k)

    return tuple((name(k), v) for k, v in labels)


TITLED_LENGTH = "an accept length: the title above the table names it"


# a heading naming another measure than acceptance: the figure of the tables below it
_OTHER_FIGURE = re.compile(
    r"throughput|speed|latency|\btok(?:ens)?/s\b|t/s\b|accuracy|\bscores?\b|memory|\btime\b|"
    r"ttft|tpot|itl\b|cost|perplexity|\bloss\b|wall|duration|\bvram\b|speedup",
    re.I,
)
_TITLE_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE, C.PER_POSITION)
_MULTIPLIER = re.compile(r"\d\s*[x×]\W*$")
_HEADING_MARK = re.compile(r"^\s*(?:#{1,6}\s+|\*\*|__)|:?(?:\*\*|__)?:?\s*#*\s*$")
HEADING_MARK = _HEADING_MARK  # (a heading's marks, for the reader)
_VS = re.compile(r"\s+(?:vs\.?|versus|against|by|over)\s+.*$", re.I)


# a heading's section number ('2. ', '3.1. ', '4) ') before its first word: no part of its name
SECTION_NO = re.compile(r"^\s*\d{1,2}(?:\.\d{1,2}){0,3}[.)]\s+(?=[^\W\d])")


@functools.lru_cache(maxsize=1024)
def heading_figure(h: str) -> C.Key | None:
    """The acceptance figure a heading names ('## Acceptance Length vs Context Length'), None
    when it names none."""
    t = SECTION_NO.sub("", _HEADING_MARK.sub("", h)).strip()
    if _OTHER_FIGURE.search(t):
        return None  # 'Acceptance Length vs Accuracy': the tables below may hold either
    cands = [t, _TITLE_NOUNS.sub("", t), _VS.sub("", t), _TITLE_QUALIFIER.split(t, 1)[0]]
    if (lead := _REPORTED_BY.match(t)) is not None:
        # ('Server-reported accept rate', 'Client-side acceptance length'): who printed it,
        # before the figure's name
        cands.append(t[lead.end() :])
    if "per" in t.lower() or "by" in t.lower():
        # ('MT-Bench Per-Category AR': the breakdown the table gives, between subject and name)
        cut = _BREAKDOWN.sub(" ", t)
        if cut != t:
            cands += [cut, _TITLE_QUALIFIER.split(cut, 1)[0]]
    for cand in (c.split(":", 1)[-1].strip() for c in cands):
        k = C.key(cand) if cand else None
        # (the bare word 'acceptance' is too loose a title for numbers far below it)
        if k is not None and k.metric in (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE):
            return k if k.text != "acceptance" else None
    return None


def _plausible(recs: list[PasteRecord], metric: str) -> bool:
    """Whether every figure can be the metric: a length of 0 to 16 tokens (1 or more when it
    counts the bonus), a rate of 0 to 1; never a multiplier ('1.8x': a speedup)."""
    if any(_MULTIPLIER.search(v) for r in recs for _, v in r.fields):
        return False
    if metric == C.RATE:
        return all(r.printed_rate is not None and 0 <= r.printed_rate <= 1 for r in recs)
    low = 1 if metric == C.TOK_PER_STEP else 0
    return all(r.printed_length is not None and low <= r.printed_length <= 16 for r in recs)


def _under_heading(
    g: Grid, cols: list[tuple[str, str]], ctx: Ctx, upper: tuple[str, ...]
) -> list[PasteRecord]:
    """Records of a table of bare numbers whose figure only a heading further up names ('##
    Acceptance Length vs Context Length', then prose and a sub-heading naming the compared
    drafts, then the table): the nearest heading that names a figure decides, and only when it
    names an acceptance figure and every number can be one."""
    for h in upper:
        hk = heading_figure(h)
        if hk is not None:
            recs = _one_convention(_titled(g, cols, hk, ctx), by="")
            if recs and _plausible(recs, hk.metric or ""):
                note = f"the figure is named by the heading further up: {h.strip()!r}"
                return [dataclasses.replace(r, notes=(*r.notes, note)) for r in recs]
            return []
        if _OTHER_FIGURE.search(h):
            return []
    return []


def _headless(g: Grid) -> Grid:
    """A table whose first line names a figure with its values ('Mean Acceptance Length
    2.66') has no header: that line is its first row of metrics as rows, each value column one
    record. Spaces may have split the names of an aligned table into words ('Accept' |
    'length'): the words before the values join again, on every row. A first line counting
    (drafts, accepted or drafted tokens) with one value ('Num drafts   1480', a report's
    aligned summary) is such a row too where a row below names an acceptance figure (a sweep's
    header, 'steps 1 2 3', has several)."""
    if len(g.header) != 1:
        return g
    head = g.header[0]
    j = next((i for i in range(1, len(head)) if C.value(head[i]) is not None), 0)
    first = C.key(" ".join(head[:j])).metric
    if (
        not j
        or not all(C.value(c) is not None for c in head[j:])
        or (
            first not in C.ACCEPTANCE
            and not (
                first in (C.STEPS, C.ACCEPTED, C.DRAFTED)
                and len(head) == j + 1
                and any(c and C.key(c[0]).metric in C.ACCEPTANCE for _, c in g.rows)
            )
        )
        or any(C.value(c) is not None for _, cells in g.rows for c in cells[1:j])
    ):
        return g
    rows = [(g.first_line, head), *g.rows]
    joined = [(ln, [" ".join(x for x in c[:j] if x), *c[j:]]) for ln, c in rows]
    return dataclasses.replace(g, header=[["metric"] + [""] * (len(head) - j)], rows=joined)


def _carried_sections(g: Grid) -> list[tuple[tuple[tuple[str, str], ...], Grid]] | None:
    """The sections of a table of metrics as rows whose names stand in a later column, the
    columns before it filled on each section's first row alone (carried down): (the section's
    labels, its table from the names' column on), or None for any other table."""
    rows = [(ln, cells) for ln, cells in g.rows if any(cells)]
    if len(rows) < 2 or not g.header or any(C.key(c[0]).metric in C.ACCEPTANCE for _, c in rows):
        return None
    j = next(
        (
            i
            for i in range(1, min(4, min(len(c) for _, c in rows)))
            if any(C.key(c[i]).metric in C.ACCEPTANCE for _, c in rows)
        ),
        None,
    )
    if j is None or not rows[0][1][0] or all(c[0] for _, c in rows):
        return None
    if any(any(c[:j]) and not c[0] for _, c in rows):
        return None  # a lead cell filled within a section: no carried label
    head = g.header[0]
    out: list[tuple[tuple[tuple[str, str], ...], Grid]] = []
    for ln, cells in rows:
        if cells[0]:
            labels = tuple(
                (C.norm(head[i])[0] if i < len(head) and head[i] else "item", cells[i])
                for i in range(j)
                if cells[i]
            )
            out.append((labels, Grid(g.structure, [h[j:] for h in g.header], [], ln, ln)))
        sub = out[-1][1]
        sub.rows.append((ln, cells[j:]))
        sub.last_line = ln
    return out


# a metrics-as-rows label led by a setting's assignment ('K=3 Throughput', 'bs=8: Accept
# length', 'k = 10, acceptance rate'): the setting, then the metric's own name
_SETTING_LED = re.compile(
    r"^(?P<name>[A-Za-z][A-Za-z_]{0,29})\s?=\s?(?P<value>\d{1,4}(?:\.\d{1,3})?)(?![\w.])"
    r"[\s,:;-]{1,4}(?P<rest>\S.*)$"
)


def _setting_led_sections(g: Grid) -> list[tuple[tuple[tuple[str, str], ...], Grid]] | None:
    """A table of metrics as rows whose every row label opens on one setting's assignment
    (``| K=3 Acceptance Length | 2.61 | 2.63 |``, ``| K=10 Acceptance Length | 3.21 | 3.35
    |``), an acceptance figure named under two values of it or more: each value's rows are a
    table of their own (each column a run at that setting), labelled by it; None for any other
    table (a label without the setting, two settings' names, or no figure named twice)."""
    if len(g.header) != 1 or len(g.rows) < 2 or "=" not in g.rows[0][1][0]:
        return None
    parsed: list[tuple[str, str, str, int, list[str]]] = []
    for ln, cells in g.rows:
        m = _SETTING_LED.match(C._MARKUP.sub("", cells[0]).strip()) if cells else None
        if m is None:
            return None
        parsed.append((m.group("name").lower(), m.group("value"), m.group("rest"), ln, cells))
    if len({p[0] for p in parsed}) != 1:
        return None
    values = list(dict.fromkeys(p[1] for p in parsed))
    if len(values) < 2:
        return None
    figures: dict[str, set[str]] = {}
    for _, value, rest, _, _ in parsed:
        metric = C.key(rest).metric
        if metric in C.ACCEPTANCE:
            figures.setdefault(metric, set()).add(value)
    if not any(len(v) >= 2 for v in figures.values()):
        return None
    out: list[tuple[tuple[tuple[str, str], ...], Grid]] = []
    for value in values:
        rows = [(ln, [rest, *cells[1:]]) for _, v, rest, ln, cells in parsed if v == value]
        sub = Grid(g.structure, g.header, rows, rows[0][0], rows[-1][0])
        out.append((((parsed[0][0], value),), sub))
    return out


def transposed(g: Grid) -> Grid:
    """A table of metrics as rows (a row's first cell names an acceptance figure, no header cell
    does), in any layout: its rows of words right under the first header row ('dataset |
    mtbench | gsm8k', 'model | A | B') are named rows like the others, not more header rows. The
    layouts without a rule under their header (CSV, TSV, aligned columns, LaTeX without
    ``\\midrule``) take every leading row without a number for the header; this puts such rows
    back among the rows, whatever the layout, so each column's labels hold them."""
    if len(g.header) < 2 or not g.rows:
        return g
    if not any(cells and C.key(cells[0]).metric in C.ACCEPTANCE for _, cells in g.rows):
        return g
    if any(C.key(c).metric in C.ACCEPTANCE for h in g.header for c in h if c):
        return g
    cut = next(
        (
            i
            for i in range(1, len(g.header))
            if g.header[i] and C.key(g.header[i][0]).metric == C.LABEL
        ),
        None,
    )
    if cut is None:
        return g
    moved = g.header[cut:]
    first = g.rows[0][0]
    lines = [max(g.first_line, first - len(moved) + i) for i in range(len(moved))]
    return dataclasses.replace(
        g,
        header=g.header[:cut],
        rows=[*zip(lines, moved, strict=True), *g.rows],
    )


def _lengths_under_rate(g: Grid) -> bool:
    """Whether the numeric cells a rate's title names are lengths: every one from 1 to 16, none
    with '%', one at least with decimals (signed change cells aside)."""
    vals = []
    for _, cells in g.rows:
        for c in cells[1:]:
            t = C._MARKUP.sub("", c).strip()
            if not t or _SIGNED.match(t):
                continue
            v = C.value(t)
            if v is None:
                continue
            vals.append(v)
    return (
        len(vals) >= 2
        and all(not v.percent and 1.0 <= v.number <= C.MAX_STEP_TOKENS for v in vals)
        and any(v.decimals for v in vals)
    )


def _rows_only(g: Grid) -> Grid:
    """A table under a title naming its figure whose first line is a row like the others ('Accept
    length:' over '  mtbench   2.87' / '  gsm8k   3.14'): a label, then a value where the rows
    hold one. That line is its first row; the value column has no name but the title's."""
    if len(g.header) != 1 or not g.rows or g.structure != "aligned columns":
        return g  # (a pipe table's delimiter row proves its header: 'TP \\ batch | 1 | 2')
    head = g.header[0]
    if (
        len(head) != 2  # a label and one value: several value columns have no names to tell
        or C.key(head[0]).metric is not None
        or C.value(head[0]) is not None
        or not all(C.value(c) is not None for c in head[1:])
        or any(len(c) != len(head) for _, c in g.rows)
        or not all(C.value(x) is not None for _, c in g.rows for x in c[1:])
        or any(C.key(c[0]).metric is not None for _, c in g.rows)
    ):
        return g
    return dataclasses.replace(
        g, header=[["item"] + [""] * (len(head) - 1)], rows=[(g.first_line, head), *g.rows]
    )


# a row's label naming a statistic alone ('Minimum', '**Median**', 'p90', 'Std. dev.'): the
# mean's words apart, the words of the spread around it
_MEAN_LABEL = re.compile(r"^(?:mean|average|avg\.?|arithmetic mean)$", re.I)
_SPREAD_LABEL = re.compile(
    r"^(?:min(?:imum)?|max(?:imum)?|median|p\d{1,2}(?:\.\d)?|\d{1,2}(?:th)? percentile|"
    r"std\.?(?: dev\.?)?|stdev|stddev|standard deviation|sd|range|iqr|variance)$",
    re.I,
)


def _statistic_rows_mean(g: Grid) -> Grid | None:
    """A table under a title naming its one figure whose rows are labelled by statistics
    (``| Minimum | 0.89 |``, ``| Median | 0.96 |``, ``| Mean | 0.95 |``): the figure's statistics
    over one set of runs (requests), the mean the set's figure and the others its spread (as
    stat_header.py reads such columns). The table with its one mean row alone; a row labelled
    by words of its own (``Mean draft length``: another figure's statistic) is left out too.
    None unless every row is a label and one value, one row is a bare mean and another a bare
    statistic of the spread."""
    if len(g.rows) < 2 or any(len(c) != 2 for _, c in g.rows):
        return None
    labels = [C._MARKUP.sub("", c[0]).strip().lower() for _, c in g.rows]
    means = [i for i, t in enumerate(labels) if _MEAN_LABEL.match(t)]
    if len(means) != 1 or not any(_SPREAD_LABEL.match(t) for t in labels):
        return None
    return dataclasses.replace(g, rows=[g.rows[means[0]]])


# a header cell naming the column of each row's figure ('Metric', 'Measure', '指标')
_METRIC_HEAD = re.compile(r"^(?:metrics?|measures?|指标)$", re.I)


def _metric_column_first(g: Grid) -> Grid:
    """A table whose column of the rows' figures ('Metric') comes after label columns ('| Task
    | Metric | Baseline | Ours |'), every row naming its figure there in words: the same
    table with that column first, as the transposed tables put it (metrics as rows, the
    numeric columns each a configuration, the label columns words beside them). Not where
    an acceptance figure names two rows (each column would hold two runs)."""
    if len(g.header) != 1 or not g.rows:
        return g
    head = [C._MARKUP.sub("", c).strip() for c in g.header[0]]
    m = next((i for i, c in enumerate(head) if _METRIC_HEAD.match(c)), None)
    if not m or not all(
        len(cells) == len(head) and all(C.value(c) is None for c in cells[: m + 1])
        for _, cells in g.rows
    ):
        return g
    named = [mk for _, cells in g.rows if (mk := C.key(cells[m]).metric) in C.ACCEPTANCE]
    if not named or len(named) != len(set(named)):
        return g  # (a figure in two rows: two benchmarks' runs, no column one run)
    order = [m, *(i for i in range(len(head)) if i != m)]
    return Grid(
        g.structure,
        [[g.header[0][i] for i in order]],
        [(ln, [cells[i] for i in order]) for ln, cells in g.rows],
        g.first_line,
        g.last_line,
    )


# the figure called acceptance in prose ('Acceptance is reported on two sets', 'draft acceptance
# per set'), not an accuracy nor a count
_ACCEPTANCE_TOLD = re.compile(r"\bacceptance\b(?!\s+(?:criteria|test|tests|testing)\b)", re.I)


def _shares(g: Grid, ci: int) -> bool:
    """Whether column ``ci`` holds shares: two values at least besides dashes and blanks, all
    fractions from 0 to 1 with decimals, or all percentages."""
    vals = []
    for _, cells in g.rows:
        t = C._MARKUP.sub("", cells[ci]).strip() if ci < len(cells) else ""
        if not t or t in ("-", "—", "–", "n/a", "N/A"):
            continue
        v = C.value(t)
        if v is None and (sc := C.share_with_counts(t)) is not None:
            v = sc[0]  # ('26/26 (100%)': the share, its counts checked)
        if v is None:
            return False
        vals.append(v)
    if len(vals) < 2:
        return False
    return all(v.percent for v in vals) or all(
        not v.percent and 0 <= v.number <= 1 and v.decimals for v in vals
    )


# a header naming a figure, then after a colon the two sides of its cells' changes joined by an
# arrow ('MTP acceptance: 0.29 → 0.30', 'accept len: main -> PR'): one or two words a side
_NAMED_CHANGE_HEAD = re.compile(
    r"^[^:\d]{1,40}:\s*[\w.+-]{1,20}(?:\s[\w.+-]{1,20})?\s*(?:→|->|⟶)\s*"
    r"[\w.+-]{1,20}(?:\s[\w.+-]{1,20})?\s*$"
)


def _counts_share(g: Grid, cols: list[tuple[str, str]], ci: int) -> bool:
    """Whether every filled cell of column ``ci`` is its row's accepted count over its drafted
    count (the table's one column of each: llama.cpp's speculative example prints `n_drafted`,
    `n_accept` and `accept`) at the cell's printed precision, a percentage or a fraction; two
    rows at least."""
    acc = [i for i, (_, n) in enumerate(cols) if i != ci and C.key(n).metric == C.ACCEPTED]
    dra = [i for i, (_, n) in enumerate(cols) if i != ci and C.key(n).metric == C.DRAFTED]
    if len(acc) != 1 or len(dra) != 1:
        return False
    seen = 0
    for _, cells in g.rows:
        t = C._MARKUP.sub("", cells[ci]).strip() if ci < len(cells) else ""
        if not t or _PLACEHOLDER.match(t):
            continue
        v = C.value(t)
        a = C.value(cells[acc[0]]) if acc[0] < len(cells) else None
        d = C.value(cells[dra[0]]) if dra[0] < len(cells) else None
        if v is None or a is None or d is None or d.number <= 0 or a.number > d.number:
            return False
        scale = 100.0 if v.percent else 1.0
        if abs(v.number / scale - a.number / d.number) > C.half_unit(v.decimals) / scale + 1e-9:
            return False
        seen += 1
    return seen >= 2


def _accept_row_of_counts(g: Grid) -> Grid:
    """A table of metrics as rows with one accepted-count row and one drafted-count row, and a
    row named 'accept' alone whose every filled cell is its column's accepted over drafted
    count at the cell's printed precision (llama.cpp's speculative example's `n_drafted`,
    `n_accept`, `accept`, as columns): that row renamed as the acceptance rate (the transposed
    form of :func:`_counts_share`); the table as it is otherwise."""
    if not any(cells and C.ACCEPT_ALONE.match(cells[0]) for _, cells in g.rows):
        return g
    flipped = Grid(
        g.structure,
        [[c[0] if c else "" for _, c in g.rows]],
        [
            (g.first_line, [cells[j] if j < len(cells) else "" for _, cells in g.rows])
            for j in range(1, max(len(c) for _, c in g.rows))
        ],
        g.first_line,
        g.last_line,
    )
    cols = [("", n) for n in flipped.header[0]]
    rows = list(g.rows)
    for ri, (ln, cells) in enumerate(g.rows):
        if cells and C.ACCEPT_ALONE.match(cells[0]) and _counts_share(flipped, cols, ri):
            rows[ri] = (ln, ["acceptance", *cells[1:]])
    return dataclasses.replace(g, rows=rows)


def _all_percent(cells: list[str]) -> bool:
    shown = [c for c in cells if c.strip() and not _PLACEHOLDER.match(c)]
    return bool(shown) and all((v := C.value(c)) is not None and v.percent for c in shown)


def _quotient_row(g: Grid) -> Grid:
    """A metric's row named as the accepted count over the drafted one ('MTP accepted / drafted
    tokens') whose cells are all percentages: the quotient the name spells, an acceptance rate
    (the name kept in brackets), as a column so named is (_quotient_named)."""
    rows = list(g.rows)
    for ri, (ln, cells) in enumerate(g.rows):
        if len(cells) < 2 or not (m := _QUOTIENT_NAME.search(C._MARKUP.sub("", cells[0]))):
            continue
        if _all_percent(cells[1:]):
            name = C._MARKUP.sub("", cells[0])
            rows[ri] = (
                ln,
                [f"{name[: m.start()]}acceptance rate ({m.group(0).strip()})", *cells[1:]],
            )
    return dataclasses.replace(g, rows=rows) if rows != g.rows else g


def grid(
    g: Grid,
    ctx: Ctx,
    title: str = "",
    upper: tuple[str, ...] = (),
    above: str = "",
    acceptance_named: bool = False,
) -> tuple[list[PasteRecord], bool]:
    """Records of a table, and whether it names acceptance figures at all. ``title`` is the
    heading above the table: it names the table's one figure when no header does; ``upper``:
    the markdown headings above the table, the nearest first, when ``title`` names none;
    ``above``: the lines just above the table (a legend of its cells)."""
    g = transposed(_metric_column_first(PSEC.sectioned(_headless(g))))
    if (sections := _carried_sections(g)) is not None:
        # leading columns filled on a section's first row alone ('Conc.', 'Rate' of evalscope's
        # per-request table) before the column naming each row's metric: a table a section,
        # those cells its labels
        out: list[PasteRecord] = []
        any_named = False
        for labels, sub in sections:
            recs, n = grid(sub, ctx, title, upper, above, acceptance_named)
            out += [dataclasses.replace(r, labels=(*r.labels, *labels)) for r in recs]
            any_named = any_named or n
        return out, any_named
    if (settings := _setting_led_sections(g)) is not None:
        # rows led by one setting's values ('K=3 Acceptance Length', 'K=10 Acceptance Length'):
        # each value's rows a table of its own, its runs labelled by the setting
        out, any_named = [], False
        for labels, sub in settings:
            recs, n = grid(sub, ctx, title, upper, above, acceptance_named)
            out += [dataclasses.replace(r, labels=(*r.labels, *labels)) for r in recs]
            any_named = any_named or n
        return out, any_named
    g = _spilled_changes(g)
    g = _delta_ends(g)
    if (corner := _corner_figure(g)) is not None:
        # the figure's name in the corner cell ('| accept length | tree draft | chain draft |'
        # over '| t=0.0 | 2.14 | 1.69 |'): the table's title, the rest of the header and the
        # first column its configurations
        header = [[_CORNER_LABEL, *g.header[0][1:]]]
        return grid(
            Grid(g.structure, header, g.rows, g.first_line, g.last_line), ctx, corner, (), above
        )
    width = max([len(r) for r in g.header] + [len(c) for _, c in g.rows])
    cols = _columns(g.header, width)
    g, cols = _split_paired(*_statistic_pairs(g, cols))
    if drop := STCOL.dropped([" ".join(x for x in col if x) for col in cols]):
        # columns of one figure's statistics ('AL (mean)', 'AL (median)'): one run's figure
        # summarised two ways, its centre kept (statistic_columns.py)
        g, cols = _split_columns(g, cols, {j: [] for j in drop}, lambda c, n: [])
    g, cols, round_proofs = _round_stats(g, cols)
    if "(" in "".join(c for _, cells in g.rows for c in cells):
        if above:
            # a line above naming what the cells' brackets hold ('Accuracy in parentheses'):
            # their numbers another measure's, not read (bracket_note.py)
            g = BN.dropped(g, above)
        g, cols = _split_paren_pairs(g, cols, pair_legend(above) if above else None)
    series = _accepted_series_cols(g, cols)
    # (a bare 'Accept' column is the acceptance rate only where the lines above the table, its
    # title or headings, call the figure acceptance: alone it may be an accuracy)
    told = _ACCEPTANCE_TOLD.search(" ".join((title, *upper, above))) is not None
    keys = []
    # a table of metrics as rows (two row labels or more naming acceptance figures or counts):
    # a header cell of the short rate alone ('| Statistic | AR | D1 |') is a run's name there,
    # autoregressive decoding beside the speculative run, no column of rates
    row_metrics = (
        [C.key(c[0]).metric for _, c in g.rows if c]
        if any(C.norm(n)[0] in C.TABLE_ONLY_RATE_KEYS for _, n in cols[1:])
        else []
    )
    metric_rows = sum(
        1 for m in row_metrics if m in C.ACCEPTANCE or m in (C.ACCEPTED, C.DRAFTED)
    ) >= 2 and any(m in C.ACCEPTANCE for m in row_metrics)
    for ci, (group, name) in enumerate(cols):
        kn, kg = C.key(name), C.key(group) if group else None
        if metric_rows and ci and not group and C.norm(name)[0] in C.TABLE_ONLY_RATE_KEYS:
            kn = C.Key(C.LABEL, name, False)
        if (
            kn.metric is None
            and (C.ACCEPT_ALONE.match(name) or C.METHOD_ACCEPT.match(name))
            and (
                told
                or _counts_share(g, cols, ci)
                # (filled only on the rows that drafted: drafted_rows.py)
                or DROWS.accept_drafted_only([c for _, c in g.rows], [n for _, n in cols], ci)
            )
            and _shares(g, ci)
        ):
            # a column named 'Accept' alone (perhaps qualified in a bracket: 'Accept (code)')
            # over shares, every one a fraction or every one a percentage: the acceptance rate
            kn = C.key("acceptance")
        if kn.metric == C.ACCEPTED and (of := _out_of_cells(g, ci)) is not None:
            # a count's name over cells of a mean out of one K ('accepted drafts' over '7.3 /
            # 7', '~4 / 7'): the name out of K, a mean per step ('accepted drafts/7')
            kn = C.key(f"{name}/{of}")
        if kn.metric is None and (
            re.match(r"^[^:]{1,40}:[^:]*/[^:]*$", name) or _NAMED_CHANGE_HEAD.match(name)
        ):
            # 'acceptance length: greedy / main / this PR': the metric, then what each of the
            # cell's values is; so is 'MTP acceptance: 0.29 → 0.30', the two sides of each
            # cell's change (two versions, two settings), never values of the figure
            head = C.key(name.split(":", 1)[0])
            if head.metric in C.ACCEPTANCE:
                kn = head
        if kn.metric in C.ACCEPTANCE or kn.metric not in (None, C.LABEL):
            keys.append((kn, group))
        elif kg is not None and kg.metric in C.ACCEPTANCE and not _COMPARE_COLUMN.match(name):
            keys.append((kg, name))
        else:
            keys.append((kn, group))
    for i in series:
        keys[i] = (_series_key(cols[i][1]), cols[i][0])
    if any(AM.candidate(n, k) for (k, _), (_, n) in zip(keys, cols, strict=True)):
        # a mean draft length above its row's draft maximum: tokens a step (above_max.py)
        for i, kk in AM.keyed(
            [c for _, c in g.rows], [n for _, n in cols], [k for k, _ in keys], most_of_labels
        ).items():
            keys[i] = (kk, keys[i][1])
    keys = _mal_column(keys, cols, " ".join((title, *upper, above)))
    keys = _quotient_named(g, keys, [n for _, n in cols])
    keys = _by_cells(g, keys)
    if {C.ACCEPTED, C.DRAFTED} <= {k.metric for k, _ in keys}:
        keys = _attempts_as_steps(g, keys)
    for i, kk in BL.keyed(
        [c for _, c in g.rows], [n for _, n in cols], [k for k, _ in keys]
    ).items():
        # a bare 'length' column agreeing with the row's counts: the length (bare_length.py)
        keys[i] = (kk, keys[i][1])
    # (a length knob's floor of 1 measured as 1: the lengths count the target's own token)
    floor_bonus = FORCED.floor_counts_bonus(g, cols, keys)
    if (unforced := FORCED.forced(g, cols, keys)) is not None:
        g, keys = unforced  # rows whose acceptance a knob forced: no measurement
    metrics = {k.metric for k, _ in keys}
    if any(m in C.ACCEPTANCE for m in metrics) and (
        _training_summary([n for _, n in cols], _LR_COLUMN)
        or (
            above
            and _legend_proxy(
                [n for (k, _), (_, n) in zip(keys, cols, strict=False) if k.metric in C.ACCEPTANCE],
                above,
            )
        )
        or (above and _caption_proxy(above))
    ):
        # a trajectory of a draft's training ('| step | loss | acc_len | lr |'), or a column
        # its legend calls a proxy ('`acc_len` = the τ proxy of the trainer'): no measurement
        return [], True
    if any(m in C.ACCEPTANCE for m in metrics) or {C.ACCEPTED, C.DRAFTED} <= metrics:
        # bare position columns ('Position 0', 'pos 1') beside an acceptance column: the
        # acceptance rate at that draft position
        keys = [
            (C.Key(C.POSITION, C.norm(name)[0], k.percent, int(pm.group(1))), grp)
            if k.metric is None and (pm := _BARE_POSITION.match(C.norm(name)[0])) is not None
            else (k, grp)
            for (k, grp), (_, name) in zip(keys, cols, strict=True)
        ]
        recs = _one_convention(ZR.at_zero(g, cols, keys, _by_rows(g, cols, keys, ctx)))
        if depth_captioned(above):
            recs = _bare_k_column(recs, "n")  # ('Depth swept 1 to 6:' over '| n | accept len |')
        if round_proofs:
            recs = [_round_proven(r, round_proofs) for r in recs]
        if floor_bonus:
            recs = [_floor_proven(r) for r in recs]
        if not recs and not any(m in C.ACCEPTANCE for m in metrics):
            return [], False  # counts alone that gave nothing: left to the other readers
        return recs, True
    if (qual := Q.rows([c for _, c in g.rows])) is not None:
        # names qualified by their workload after them ('AL code', 'Avg accept code'): the
        # bare names, the workload a label of the run (qualified.py)
        named, workload = qual
        rows = [(ln, c) for (ln, _), c in zip(g.rows, named, strict=True)]
        g = dataclasses.replace(g, rows=[*rows, (g.last_line, ["dataset", workload])])
    elif (placed := Q.placed_rows([c for _, c in g.rows])) is not None:
        # a name placed by a preposition after it ('Accept rate during GSM8K'): the bare name,
        # the place a label of every column's run (qualified.py)
        named, place = placed
        rows = [(ln, c) for (ln, _), c in zip(g.rows, named, strict=True)]
        span = max(len(c) for c in named)
        g = dataclasses.replace(g, rows=[*rows, (g.last_line, ["dataset", *[place] * (span - 1)])])
    g = _split_paired_rows(g)
    g = _accept_row_of_counts(g)
    g = _quotient_row(g)
    first = [C.key(c[0]) if c else C.Key(None, "", False) for _, c in g.rows]
    if (overall := _overall_of_title(g, first, title)) is not None:
        g, first = overall, [C.key(c[0]) if c else C.Key(None, "", False) for _, c in overall.rows]
    if any(k.metric in C.ACCEPTANCE and not _ar_configuration(k) for k in first):
        if _training_summary([c[0] for _, c in g.rows if c]):
            return [], True  # a draft trainer's final metrics: no served run's acceptance
        if (unforced_cols := FORCED.forced_columns(g, cols)) is not None:
            g, cols = unforced_cols  # runs whose acceptance a knob forced: no measurement
        return _one_convention(_by_columns(g, cols, ctx), "figure"), True
    tk = _title_key(title)
    if tk is not None and tk.metric is None and key_of(title).metric == C.RATE:
        # a sentence ending with the rate's name over cells of speeds measured at a rate ('10.0
        # t/s @ 88.2% +/- 9.7%'): the rates after '@' are the figure, the rest is not read
        at = _at_rates(g)
        if at is not None:
            return _k_maxima(_titled(at, cols, key_of(title), ctx)), True
    if tk is not None and tk.metric in (
        C.LENGTH,
        C.TOK_PER_STEP,
        C.ACC_PER_STEP,
        C.RATE,
        C.PER_POSITION,
    ):
        if (headless := _rows_only(g)) is not g:
            g, cols = headless, _columns(headless.header, width)
        if (mean_row := _statistic_rows_mean(g)) is not None:
            g = mean_row  # statistics of the title's figure over one set: its mean the run's
        if tk.metric == C.RATE and not tk.percent and _lengths_under_rate(g):
            # 'Token Acceptance Rate:' over 3.9 / 3.4 / 2.0 / 1.6: no rate passes 1 and no cell
            # says '%'; tokens per step between 1 and 16 are what the cells are, a length
            tk = C.Key(C.LENGTH, tk.text, False, None, tk.tool, tk.pooled)
        # one title, one figure printed one way: a value deciding the bonus in some columns
        # ('k=1' over 1.81) decides it for the table's other columns
        recs = _one_convention(_titled(g, cols, tk, ctx), by="")
        if (
            tk.metric is not None
            and tk.metric != C.PER_POSITION
            and not _plausible(recs, tk.metric)
        ):
            recs = []  # numbers the title's figure cannot be (speeds under 'Accept length')
        if T.AIPERF_REPORT.match(title.strip()):
            # speed-bench-report sums accepted drafts and steps over each run (1 + Σaccepted /
            # Σsteps; Σaccepted / Σdrafted), not a mean over requests
            recs = [
                dataclasses.replace(
                    r,
                    pooling=Decision(
                        "pooled", "tool: AIPerf's speed-bench report divides the run's totals"
                    ),
                )
                if r.tool == "aiperf"
                else r
                for r in recs
            ]
        return recs, bool(recs)
    if (
        acceptance_named
        and (tk is None or tk.metric is None)
        and (at := _at_rates(g, only=True, bare=AT_LEGEND.search(above) is not None)) is not None
    ):
        # speeds measured at a rate ('3.90 t/s @ 93%') in a paste that speaks of acceptance and
        # whose table names no figure: the rates after '@' are the acceptance rates
        return _k_maxima(_titled(at, cols, C.key("acceptance rate"), ctx)), True
    if upper and (tk is None or tk.metric is None) and not _OTHER_FIGURE.search(title):
        recs = _under_heading(g, cols, ctx, upper)
        return recs, bool(recs)
    return [], False


_CORNER_LABEL = "row"


def _floor_proven(r: PasteRecord) -> PasteRecord:
    """A length of a table whose length knob forced 1 and measured 1 (forced.floor_counts_bonus):
    the bonus counted."""
    if r.bonus != UNDECIDED or r.printed_length is None or r.printed_rate is not None:
        return r
    return dataclasses.replace(
        r,
        accept_length=r.printed_length,
        bonus=Decision(
            INCLUDED,
            "value: the table's length knob forced 1 (plain decoding, one token a step) and its "
            "run measured 1: the lengths count the target's own token",
        ),
        notes=decided_notes(r.notes),
    )


def _title_key(title: str) -> C.Key | None:
    """The figure a table's title names, or None without a title."""
    if not title:
        return None
    # a title names the figure, then perhaps what the table is ('Acceptance Length Report')
    whole = C.key(title)
    tk = (
        whole  # the whole title when it names the figure ('..., emitted per verify')
        if whole.metric in _TITLE_FIGURES
        else C.key(_TITLE_NOUNS.sub("", title))
    )
    if tk.metric is None:
        # a sentence naming the figure, then where or how it was measured ('Average acceptance
        # length (τ) measured across MT-bench and GSM8K with K = 7:')
        tk = C.key(_TITLE_QUALIFIER.split(title, maxsplit=1)[0])
    if tk.metric is None and ("per" in title.lower() or "by" in title.lower()):
        # the breakdown the table gives between the subject and the figure's name ('MT-Bench
        # Per-Category AR (online)', 'AR by task (final)'): the title without it
        cut = _BREAKDOWN.sub(" ", title)
        if cut != title and cut.strip():
            return _title_key(cut)
    if tk.metric is None and (lead := _TITLE_SUBJECT.match(title)) is not None:
        # the figure's name after the names of what was measured, each holding a digit (a
        # model's size or version, a method's depth: 'Model-7B Draft5 acceptance length on
        # ...:'): the title without them
        return _title_key(title[lead.end() :])
    return tk


# a breakdown named in a title ('per-category', 'per task', 'by dataset'): what the rows are
_BREAKDOWN = re.compile(
    r"(?<![\w-])(?:per|by)[- ](?:category|categories|task|tasks|dataset|datasets|domain|domains|"
    r"benchmark|benchmarks|subset|subsets|split|splits|language|languages|prompt|prompts|turn|"
    r"turns|type|types)\b",
    re.I,
)
# a title's opening names of the model or method measured, each a word holding a digit
# ('Qwen2-7B', 'EAGLE-3', 'Draft5'), one to four of them, before the figure's name
# (the first digit of each word ends its letters: one way to match)
_TITLE_SUBJECT = re.compile(r"^\W*(?:[A-Za-z][A-Za-z_.-]*\d[\w.-]*\s+){1,4}(?=[A-Za-z])")


def _overall_of_title(g: Grid, first: list[C.Key], title: str) -> Grid | None:
    """A table of items (categories, datasets) by configurations under a title naming its one
    figure, whose last row alone is labelled by that figure's name after a summary word
    ('Overall AL', 'Mean τ', 'Avg acceptance length' under 'acceptance length on SPEED-Bench:'):
    that row is the items' overall, the same figure, not a row of a figure of its own. The table
    with the row labelled by its summary word alone ('Overall'), every cell then the title's
    figure; None for any other table (rows of several figures, a summary row naming another
    figure or none, no title naming a figure)."""
    if len(g.rows) < 3 or not title:
        return None
    named = [i for i, k in enumerate(first) if k.metric is not None and k.metric != C.LABEL]
    if named != [len(g.rows) - 1]:
        return None
    tk = _title_key(title)
    last = first[-1]
    if tk is None or tk.metric not in _TITLE_FIGURES or tk.metric != last.metric:
        return None
    ln, cells = g.rows[-1]
    label = C._MARKUP.sub("", cells[0]).strip()
    sm = _SUMMARY_ROW.match(label)
    if sm is None:
        return None
    rows = [*g.rows[:-1], (ln, [sm.group(0), *cells[1:]])]
    return Grid(g.structure, g.header, rows, g.first_line, g.last_line)


# a histogram's bins and counts ('| acceptance rate | requests |' over '| 0-10% | 5 |'): no
# configurations
_BIN = re.compile(
    r"^[\s\[(]*(?:\d+(?:\.\d+)?|\.\d+)\s*%?\s*(?:-|–|to|,)\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?[\s\])]*$"
)
_COUNT_HEADER = re.compile(
    r"^(?:#|n|no\.?|num(?:ber)?|counts?|freq(?:uency)?|share|requests?|samples?|%)(?:\b|$)", re.I
)


# the rows of a training run's summary: a loss ('Draft loss', 'train loss (start → end)') and
# how long it trained ('Training steps', 'Epochs', 'learning rate', 'lr')
_LOSS_ROW = re.compile(r"\bloss\b", re.I)
_TRAINED_ROW = re.compile(
    r"\b(?:train(?:ing)?\s+(?:steps?|epochs?|iters?|iterations?)|epochs?|learning\s+rate|lr)\b",
    re.I,
)


# a trajectory's learning-rate column: a training step's log ('train loss' beside an 'epoch'
# may be the checkpoints' evaluations)
_LR_COLUMN = re.compile(r"\b(?:lr|learning\s+rate)\b", re.I)


def _out_of_cells(g: Grid, col: int) -> int | None:
    """The K every filled cell of a column is written out of ('7.3 / 7', '~4 / 7': K = 7, two
    to 64), one of them a decimal or above K (no count of K), or None."""
    vals = [
        C.value(c[col]) for _, c in g.rows if len(c) > col and C._MARKUP.sub("", c[col]).strip()
    ]
    if not vals or any(v is None or v.max is None or v.percent for v in vals):
        return None
    ks = {v.max for v in vals if v is not None}
    k = ks.pop() if len(ks) == 1 else None
    if k is None or k != int(k) or not 2 <= k <= 64:
        return None
    if not any(v is not None and (v.number != int(v.number) or v.number > k) for v in vals):
        return None
    return int(k)


def _legend_proxy(names: list[str], above: str) -> bool:
    """Whether the legend above a table calls one of its acceptance columns a proxy: the
    column's name (before any bracket), then its definition (`=`, `:`, `is`, `means`) whose
    clause, holding no figure, says the word ('`acc_len` = expected accepted prefix, the τ
    proxy'); a proxy figure's own line ('acceptance proxy: 31.8%') defines no column."""
    for name in names:
        bare = name.split("(")[0].strip(" `*")
        at = above.lower().find(bare.lower()) if len(bare) > 1 else -1
        if at < 0:
            continue
        clause = re.split(r"[;)\n]", above[at + len(bare) :], maxsplit=1)[0]
        if _DEFINES.match(clause) and C.proxy(clause) and not re.search(r"\d", clause):
            return True
    return False


_DEFINES = re.compile(r"[`*]*\s*(?:=|:|is\b|means\b)", re.I)

# a caption calling the evaluation under it a proxy: at most three words, then 'proxy' and
# what it was run on or a bracket, a colon or the clause's end ('Greedy-verification proxy on
# a held-out set', 'Teacher-forced proxy (512 prompts):'); a network proxy's port or host, or
# a proxy said later in a longer sentence, is none
_CAPTION_PROXY = re.compile(
    r"^[\s*_`>#-]*(?:[\w./-]+\s+){0,2}[\w./-]*\bprox(?:y|ies)\b[*_`]*"
    r"(?:\s+(?:on|over|across|for)\s+(?!(?:the\s+)?(?:port|host|server|https?)\b)|\s*[(:,.]|\s*$)",
    re.I,
)


def _caption_proxy(above: str) -> bool:
    """Whether the line right above a table is a caption calling its figures a proxy (a
    stand-in estimate: a greedy or teacher-forced check, not a served run's acceptance)."""
    last = above.rstrip().rsplit("\n", 1)[-1]
    return C.proxy(last) and _CAPTION_PROXY.match(last) is not None


def _training_summary(labels: list[str], trained: re.Pattern[str] | None = None) -> bool:
    """Whether a transposed table's row labels (its metrics), or a table's column names (a
    training trajectory, a row a logged step), are a draft trainer's: a loss beside training
    steps, epochs or the learning rate. Its acceptance is the trainer's estimate during
    training (the head's simulated acceptance), no served run."""
    trained = trained or _TRAINED_ROW
    return any(_LOSS_ROW.search(t) for t in labels) and any(trained.search(t) for t in labels)


def trajectory(g: Grid) -> bool:
    """Whether a table's column names are a draft trainer's log (:func:`_training_summary`, a
    loss beside the learning rate): a training trajectory, a row a logged step; its
    acceptance column gives no record."""
    return _training_summary([c for row in g.header for c in row], _LR_COLUMN)


def training_figures(blocks: list[list[Line]]) -> set[float]:
    """The acceptance figures (rates as fractions, lengths) of the draft trainer's summary
    tables in ``blocks`` (:func:`_training_summary`): prose stating one of them, before the
    table or after it, tells the same training run ('acceptance rises from ~0.02 to ~0.14')."""
    out: set[float] = set()
    for blk in blocks:
        if not any("loss" in t.lower() for _, t in blk):
            continue
        for g in TB.find(blk)[0]:
            if not _training_summary([c[0] for _, c in g.rows if c]):
                continue
            for _, row in g.rows:
                if row and C.key(row[0]).metric in C.ACCEPTANCE:
                    vals = [v for c in row[1:] if (v := C.value(c)) is not None]
                    out.update(v.number / 100 if v.percent else v.number for v in vals)
    return out


def proxy_figures(blocks: list[list[Line]]) -> set[float]:
    """Every figure (shares as fractions) of the tables in ``blocks`` captioned as a proxy
    (:func:`_caption_proxy`, the caption the line right above the table, in its block or
    ending the block before): prose stating one of them tells the proxy again, no served run
    ('the k=4 acceptance is 8.7%' under a proxy table holding 8.7%)."""
    out: set[float] = set()
    for i, blk in enumerate(blocks):
        for g in TB.find(blk)[0]:
            above = [t for ln, t in blk if ln < g.first_line]
            if not above and i and blocks[i - 1]:
                above = [blocks[i - 1][-1][1]]
            if not above or not _caption_proxy(above[-1]):
                continue
            for _, row in g.rows:
                vals = [v for c in row if (v := C.value(c)) is not None]
                out.update(v.number / 100 if v.percent else v.number for v in vals)
    return out


def _corner_figure(g: Grid) -> str | None:
    """The acceptance figure a table names in its corner cell alone, its other header cells
    naming configurations ('tree draft', 'k=2') and its first column labels ('t=0.0'), every
    other cell a number; None for any other table (a header naming a measure beside it, a first
    column of numbers)."""
    if len(g.header) != 1 or len(g.header[0]) < 2 or not g.rows:
        return None
    corner, rest = C._MARKUP.sub("", g.header[0][0]).strip(), g.header[0][1:]
    k = C.key(corner) if corner else None
    if k is None or k.metric not in _TITLE_FIGURES or k.metric == C.PER_POSITION:
        return None
    if k.text == "acceptance" or _OTHER_FIGURE.search(corner):
        return None
    if FORCED.knob_name(corner):
        return None  # a knob forcing the figure ('Requested AL') over its values: no figure
    for c in rest:
        name = C._MARKUP.sub("", c).strip()
        if (
            not name
            or C.key(name).metric is not None
            or _OTHER_FIGURE.search(name)
            or _COUNT_HEADER.match(name)
        ):
            return None
    for _, cells in g.rows:
        if len(cells) != len(g.header[0]) or not cells[0].strip():
            return None
        if C.value(cells[0]) is not None or _BIN.match(C._MARKUP.sub("", cells[0])):
            return None  # a first column of numbers (or bins): the corner names that column
        if not all(C.value(c) is not None for c in cells[1:]):
            return None
    return corner


# a column of a figure's change ('Acceptance Δ') whose cells hold the figure's two ends in a
# bracket after the change ('+15.6pp (74.9→90.5%)'): the bracket is the figure's cell, a change
# of two runs; a cell of the change alone ('+3.4pp') holds no run's figure
_DELTA_HEADER = re.compile(r"^(?P<name>[^()]{0,60}?\S)\s*(?:Δ|\(Δ\)|delta)$", re.I)
_ENDS_IN_BRACKET = re.compile(
    r"^[^()]{0,40}\(\s*(?P<ends>[~≈]?\d+(?:\.\d+)?\s*%?\s*(?:→|->)\s*[~≈]?\d+(?:\.\d+)?\s*%?)"
    r"\s*\)\s*$"
)


def _delta_ends(g: Grid) -> Grid:
    """``g`` with each column of an acceptance figure's change whose cells bracket its two ends
    read as that figure's column of those ends (``_DELTA_HEADER``); else ``g``."""
    if len(g.header) != 1 or not any(("→" in c or "->" in c) for _, cs in g.rows for c in cs):
        return g
    head = list(g.header[0])
    rows = [(ln, list(cs)) for ln, cs in g.rows]
    changed = False
    for j, h in enumerate(head):
        m = _DELTA_HEADER.match(C._MARKUP.sub("", h).strip())
        if m is None or C.key(m.group("name")).metric not in C.ACCEPTANCE:
            continue
        ends = [
            _ENDS_IN_BRACKET.match(C._MARKUP.sub("", cs[j]).strip()) if j < len(cs) else None
            for _, cs in rows
        ]
        if not any(ends):
            continue
        head[j] = m.group("name")
        for (_, cs), e in zip(rows, ends, strict=True):
            if j < len(cs):
                cs[j] = e.group("ends") if e is not None else ""
        changed = True
    return Grid(g.structure, [head], rows, g.first_line, g.last_line) if changed else g


def _spilled_changes(g: Grid) -> Grid:
    """Rows wider than the header by exactly their signed cells ('| 1 | 212 | 231 (2.47) |
    +8.5% | ...' under a four-cell header): the changes spilled out of the cells they compare
    (a 'Δ vs baseline' printed after each figure), dropped so the rest meet their columns."""
    if not g.header:
        return g

    def trimmed(r: list[str]) -> list[str]:
        n = len(r)
        while n and not r[n - 1].strip():
            n -= 1
        return r[:n]

    header = [trimmed(r) for r in g.header]
    width = max(len(r) for r in header)
    if not width:
        return g
    rows = []
    changed = False
    for ln, cells in g.rows:
        if len(cells) > width:
            signed = [
                i
                for i, c in enumerate(cells)
                if i and _SIGNED.match(C._MARKUP.sub("", c)) and C.value(c.lstrip("+")) is not None
            ]
            if len(cells) - len(signed) == width:
                cells = [c for i, c in enumerate(cells) if i not in signed]
                changed = True
        rows.append((ln, cells))
    if not changed or any(len(c) > width for _, c in rows):
        return g
    return Grid(
        g.structure, [r + [""] * (width - len(r)) for r in header], rows, g.first_line, g.last_line
    )


# a cell of two figures, the second in brackets ('**1.81** (1.79)', '62% (58%)')
_PAREN_PAIR = re.compile(
    r"^[\s*_`~]*(?P<a>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)[\s*_`~]*\(\s*[*_`]*(?P<b>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)[*_`]*\s*\)\s*$"
)
# a legend saying what the two figures of such cells are ('Format: **Qwen3** (Llama)',
# 'values are main (PR)'), or a title comparing two things ('(Qwen3-arch vs Llama-arch)')
_PAIR_LEGEND = re.compile(
    r"\b(?:format|legend|cells?(?: are| show)?|values?(?: are)?|shown as|read as|reads?)\s*[:=]?\s*"
    r"[*_`]*(?P<a>[A-Za-z][\w.+-]{0,30}(?: [\w.+-]{1,20}){0,2}?)[*_`]*\s*"
    r"\(\s*[*_`]*(?P<b>[A-Za-z][\w.+-]{0,30}(?: [\w.+-]{1,20}){0,2}?)[*_`]*\s*\)",
    re.I,
)
_PAIR_VS = re.compile(
    r"\(\s*(?P<a>[A-Za-z][\w.+-]{0,30})\s+(?:vs\.?|versus)\s+(?P<b>[A-Za-z][\w.+-]{0,30})\s*\)",
    re.I,
)
# a bracket holding a spread or a count, not a second figure of the same kind
_NOT_A_FIGURE = re.compile(r"^(?:std|sd|stddev|stderr|se|ci|n|count|±|spread|iqr|range)\b", re.I)
_HEADER_PAIR = re.compile(r"^(?P<a>[^()]{1,40}?)\s*\((?P<b>[^()]{1,40})\)\s*$")


# a title opening with two measures, the second in brackets, as the cells below print them
# ('Throughput (AL) and Δ vs Baseline', '**tok/s (accept length)**'): one of them an acceptance
# figure, so a bracket of other words ('GLM-5 (mixed 4-bit)') names no pair
_PAIR_TITLE = re.compile(
    r"^[\s#*_`]*(?P<a>[A-Za-zτ][\w./ -]{0,30}?)\s*\(\s*(?P<b>[A-Za-zτ][\w./ -]{0,30}?)\s*\)"
    r"(?:[\s*_`:]*$|\s*[,;]\s|\s+(?:and|&|with|vs\.?)\s)",
    re.M,
)


def pair_legend(text: str) -> tuple[str, str] | None:
    """The two names a paste gives the figures of 'A (B)' cells, None when it gives none."""
    for pat in (_PAIR_LEGEND, _PAIR_VS):
        m = pat.search(C._MARKUP.sub("", text) if pat is _PAIR_VS else text)
        if m is not None:
            a, b = m.group("a").strip(), m.group("b").strip()
            if a.lower() != b.lower() and not _NOT_A_FIGURE.match(b):
                return a, b
    for m in _PAIR_TITLE.finditer(C._MARKUP.sub("", text)):
        a, b = m.group("a").strip(), m.group("b").strip()
        if (
            a.lower() != b.lower()
            and not _NOT_A_FIGURE.match(b)
            and (C.key(a).metric in C.ACCEPTANCE) != (C.key(b).metric in C.ACCEPTANCE)
        ):
            return a, b
    return None


def _split_paren_pairs(
    g: Grid, cols: list[tuple[str, str]], legend: tuple[str, str] | None
) -> tuple[Grid, list[tuple[str, str]]]:
    """Columns whose every cell holds two figures, the second in brackets ('**1.81** (1.79)'):
    one column per figure, named by the column's header 'X (Y)' or the paste's legend
    ('Format: **Qwen3** (Llama)'). Without either name, the column is left whole (unread): the
    bracket may hold a spread or a count."""
    split: dict[int, tuple[tuple[str, str], tuple[str, str]]] = {}
    for i, (group, name) in enumerate(cols):
        cells = _column_cells(g, i)
        if i == 0 or not cells or not all(_PAREN_PAIR.match(c) for c in cells):
            continue
        hp = _HEADER_PAIR.match(C._MARKUP.sub("", name).strip())
        if (
            hp is not None
            and legend is not None
            and C.key(hp.group("a")).metric is None
            and C.key(hp.group("b")).metric is None
        ):
            hp = None  # 'Ours (1-3-1-4)': a configuration's name; the legend names the pair
        if hp is not None and not _NOT_A_FIGURE.match(hp.group("b").strip()):
            a, b = hp.group("a").strip(), hp.group("b").strip()
            split[i] = ((group, a), (group, b))
        elif legend is not None:
            grp = " ".join(x for x in (group, name) if x)
            split[i] = ((grp, legend[0]), (grp, legend[1]))

    def values(c: str, n: int) -> list[str]:
        m = _PAREN_PAIR.match(c) if c else None
        return [m.group("a"), m.group("b")] if m is not None else ["", ""]

    return _split_columns(g, cols, {i: list(names) for i, names in split.items()}, values)


# 'MAL' (the mean acceptance length, speculators' eval output: '| Subset | MAL | Pos 0 | ... |'):
# a length only where the table's heading or the lines above it speak of acceptance or
# speculative decoding ('MAL' is also a language code, a Malayalam column)
_MAL = re.compile(r"^(?:mal|mean al)$")
_ACCEPTANCE_WORDS = re.compile(
    rf"\baccept(?:ance|ed)?\b|\bacc(?:ept)?[ _-]?(?:len|rate)|{V.SPECULATIVE_RE}", re.I
)


def _mal_column(
    keys: list[tuple[C.Key, str]], cols: list[tuple[str, str]], context: str
) -> list[tuple[C.Key, str]]:
    """A column headed 'MAL' read as the accept length where ``context`` (the table's title,
    headings and the lines above it) names acceptance or speculation; else left unread."""
    if not _ACCEPTANCE_WORDS.search(context):
        return keys
    return [
        (C.Key(C.LENGTH, "mean acceptance length", False), grp)
        if k.metric is None and _MAL.match(C.norm(name)[0])
        else (k, grp)
        for (k, grp), (_, name) in zip(keys, cols, strict=True)
    ]


def _statistic_pairs(g: Grid, cols: list[tuple[str, str]]) -> tuple[Grid, list[tuple[str, str]]]:
    """A column whose header names one figure by a pair of its statistics ('a.len mean/std'
    over '3.76/0.06', 'AL avg (p50)' over '2.41 (2.50)'): the figure's column ('a.len' over
    '3.76'); the spread or second centre after it is no figure of its own, never a record.
    Only where every filled cell prints two values so joined."""
    split: dict[int, list[tuple[str, str]]] = {}
    for i, (group, name) in enumerate(cols):
        fig = C.statistic_pair(name)
        if fig is None:
            continue
        cells = [c for c in _column_cells(g, i) if c.strip() not in ("", "-", "—", "–", "n/a")]
        if cells and all(C.pair_centre(c) is not None for c in cells):
            split[i] = [(group, fig)]

    def centre(c: str, n: int) -> list[str]:
        return [C.pair_centre(c) or c]

    return _split_columns(g, cols, split, centre)


_SPACED_SLASH = re.compile(r"\s+/\s+")


# a pair of counts with their share in brackets ('191/553 (35%)', '44 / 100 (44.0%)'): the
# share restates the quotient where it equals it at its printed precision
_COUNTS_SHARE = re.compile(
    r"^\s*(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)\s*\(\s*(?P<p>\d+(?:\.\d+)?)\s*%\s*\)\s*$"
)
# a header pairing accepts with attempts by '/' ('accepts/attempts', 'MTP accepts / attempts'):
# the accepted drafts over the drafts attempted, as codenames.py reads the counts in prose
_ACCEPTS_ATTEMPTS = {"accepts": "accepted", "attempts": "drafted"}


def _counts_cell(c: str) -> str:
    """A cell of two counts with the share they give in brackets as the counts alone, a
    placeholder ('–', 'n/a') as an empty cell; any other cell as it is."""
    if _PLACEHOLDER.match(c):
        return ""
    if "(" not in c or (m := _COUNTS_SHARE.match(C._MARKUP.sub("", c))) is None:
        return c
    a, b = int(m.group("a").replace(",", "")), int(m.group("b").replace(",", ""))
    p = m.group("p")
    decimals = len(p.split(".")[1]) if "." in p else 0
    a, b = min(a, b), max(a, b)  # (the header says which count comes first)
    if not b or abs(100 * a / b - float(p)) > 0.5 * 10**-decimals + 1e-9:
        return c
    return f"{m.group('a')}/{m.group('b')}"


def _accepts_attempts(names: list[str]) -> list[str]:
    """'accepts' and 'attempts' as the accepted and drafted counts they name, where a header
    pairs the two (and nothing else)."""
    low = [n.strip().lower() for n in names]
    if sorted(low) != ["accepts", "attempts"]:
        return names
    return [_ACCEPTS_ATTEMPTS[n] for n in low]


def _split_paired(g: Grid, cols: list[tuple[str, str]]) -> tuple[Grid, list[tuple[str, str]]]:
    """A column whose header names two or three figures split by '/' and whose every cell holds
    as many values split by '/' ('host A acc / mean' over '30.0% / 1.20'): one column per
    figure, the words before the first figure's name (a device, a configuration) their group.
    A header naming one figure over its cells ('accepted/steps', 'acc / mean' read as one key)
    is left whole. Under a header pairing 'accepts' with 'attempts', a cell of the two counts
    may print their share in brackets ('191/553 (35%)', read where it is their quotient); under
    any such header a placeholder ('–', 'n/a') stands for a row without them."""
    split: dict[int, list[tuple[str, str]]] = {}
    counted: set[int] = set()
    for i, (group, name) in enumerate(cols):
        parts = _paired_names(name)
        if parts is None:
            continue
        words = parts[0].split()
        n_tail = max(len(p.split()) for p in parts[1:])
        lead = " ".join(words[:-n_tail]) if len(words) > n_tail else ""
        names = [" ".join(words[len(lead.split()) :]), *parts[1:]]
        cells = _column_cells(g, i)
        if (renamed := _accepts_attempts(names)) is not names:
            cells = [x for x in map(_counts_cell, cells) if x]
            counted.add(i)
        else:
            # (a row without the figures, '—', 'n/a', stands for none: a run of the table that
            # measured none, a baseline without drafts; a change's cells likewise)
            cells = [x for x in cells if not _PLACEHOLDER.match(x)]
        if not _paired_cells(cells, len(parts)):
            continue
        grp = " ".join(x for x in (group, lead) if x)
        split[i] = [(grp, n) for n in _bare_rate_named(renamed)]
    if len(split) == 1:
        _repeated_shape(g, cols, split)
    if counted & split.keys():
        g = dataclasses.replace(
            g,
            rows=[
                (
                    ln,
                    [
                        _counts_cell(c) if j in counted and j in split else c
                        for j, c in enumerate(cells)
                    ],
                )
                for ln, cells in g.rows
            ],
        )

    def values(c: str, n: int) -> list[str]:
        vs = _paired_parts(c, n) if c else []
        return vs if len(vs) == n else [""] * n

    return _split_columns(g, cols, split, values)


def _round_stats(
    g: Grid, cols: list[tuple[str, str]]
) -> tuple[Grid, list[tuple[str, str]], dict[int, RST.RoundStats]]:
    """A column naming no figure whose cells are a run's statistics per round ('1.85
    accepted/round, 46.3% of drafted, avg draft 4.00'), each proving by A / D = R that A counts
    accepted drafts only (round_stats.py): two columns, accepted drafts per step and the rate
    per drafted token; a placeholder cell ('n/a') empty in both. Also each row's cell figures,
    by line, for the rule the records state (``_round_proven``)."""
    split: dict[int, list[tuple[str, str]]] = {}
    proofs: dict[int, RST.RoundStats] = {}
    if not any("accepted" in c.lower() for _, cells in g.rows for c in cells):
        return g, cols, proofs
    for i, (group, name) in enumerate(cols):
        if C.key(name).metric is not None or (group and C.key(group).metric is not None):
            continue
        got = RST.column([cells[i] if i < len(cells) else "" for _, cells in g.rows])
        if got is not None:
            split[i] = [(group, RST.ACCEPTED_NAME), (group, RST.RATE_NAME)]
            proofs.update((ln, s) for (ln, _), s in zip(g.rows, got, strict=True) if s)

    def values(c: str, n: int) -> list[str]:
        s = RST.stats(c) if c else None
        return [s.accepted, s.rate + "%"] if s is not None else [""] * n

    return (*_split_columns(g, cols, split, values), proofs)


def _round_proven(r: PasteRecord, proofs: dict[int, RST.RoundStats]) -> PasteRecord:
    """A record of a row whose statistics per round proved its accepted figure accepted drafts
    (round_stats.py), its bonus rule stating that identity rather than the column's name."""
    s = proofs.get(r.first_line)
    if s is None or r.bonus.value != EXCLUDED or r.printed_length != float(s.accepted):
        return r
    rule = (
        f"identity: {s.accepted} accepted/round / {s.drafted} drafted/round = {s.rate}% of "
        "drafted, so the accepted figure counts accepted drafts only (the target's token left "
        "out): length 1 + it"
    )
    return dataclasses.replace(r, bonus=Decision(EXCLUDED, rule))


_PER_STEP_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)
# a hedge standing alone between a name and its value ('tops out at ~41'): no separator of its own
_HEDGES = ("~", "≈", "~~", "≈~")


def _paired_names(name: str) -> list[str] | None:
    """The two or three names a header or a row's label joins by '/' ('acc / mean', 'Length /
    avg accept length'), or None where it names one figure: a name read as one figure
    ('accepted/steps', 'acc / mean') is split only at spaced slashes into one acceptance figure
    and names of no figure nor statistic ('Advance / avg accept length': the other name is
    another measure, its value not the acceptance's)."""
    plain = C._MARKUP.sub("", name)
    # (split at spaced slashes only where there are such: 'τ / S/R' names two figures, the
    # second's own name holding a slash)
    parts = [
        p.strip() for p in (_SPACED_SLASH.split(plain) if " / " in plain else plain.split("/"))
    ]
    if not 2 <= len(parts) <= 3 or not all(parts) or ":" in name:
        return None  # ('metric: a / b / c': one metric of several runs, read as such)
    whole = C.key(name).metric
    if whole is None:
        return parts
    if whole == C.PER_POSITION:
        return None  # ('pos0 / pos1 acceptance': one rate a draft position, a list)
    keys = [C.key(p) for p in parts]
    if (
        " / " not in plain
        or sum(k.metric in C.ACCEPTANCE for k in keys) != 1
        or any(k.metric is not None and k.metric not in C.ACCEPTANCE for k in keys)
        or any(re.fullmatch(_STAT_WORD, p, re.I) for p in parts)  # ('acc / mean')
    ):
        return None
    return parts


def _paired_cells(cells: list[str], n: int) -> bool:
    """Whether every one of ``cells`` (one at least) holds ``n`` values joined by '/' (or, in
    each side of a change, ``n`` counts: '528/612 → 530/612')."""
    return bool(cells) and all(
        len(vs := _paired_parts(c, n)) == n
        and all(
            C.value(v) is not None or "→" in v and _several_changed(v) or _listed_counts(v)
            for v in vs
        )
        for c in cells
    )


def _paired_parts(c: str, n: int) -> list[str]:
    """A cell's values joined by '/', or where the cell is a change whose every side holds ``n``
    whole counts joined by '/' ('528/612 → 530/612'), each count's change ('528 → 530', '612 →
    612'); the cell split at '/' otherwise."""
    listed = ("," in c or ";" in c) and _LISTED.match(c) is not None
    if "/" in c and (listed or V.ARROW_RE.search(c)):
        # (or a list of runs each holding the counts, '0/159, 2/317': each count's list)
        sides = [x.split("/") for x in (_LIST_SEP.split(c) if listed else re.split(V.ARROW, c))]
        if all(len(x) == n and all(_WHOLE.fullmatch(y.strip()) for y in x) for x in sides):
            return [(", " if listed else " → ").join(x[i].strip() for x in sides) for i in range(n)]
    return [v.strip() for v in c.split("/")]


_WHOLE = re.compile(r"\d[\d,]*")


def _split_paired_rows(g: Grid) -> Grid:
    """A metrics-as-rows table's row whose label names two or three figures joined by '/' and
    whose every filled cell holds as many values so joined ('Advance / avg accept length' over
    '2.6 / 1.3'): one row per name, as `_split_paired` splits a header's column."""
    rows: list[tuple[int, list[str]]] = []
    for ln, cells in g.rows:
        # (only a label read as one acceptance figure whole: one naming none is read as before)
        whole = C.key(cells[0]).metric in C.ACCEPTANCE if cells else False
        parts = _paired_names(cells[0]) if whole else None
        filled = [c for c in cells[1:] if C._MARKUP.sub("", c).strip()]
        if parts is None or not _paired_cells([C._MARKUP.sub("", c) for c in filled], len(parts)):
            rows.append((ln, cells))
            continue
        for i, part in enumerate(parts):
            vals = [
                C._MARKUP.sub("", c).split("/")[i].strip() if C._MARKUP.sub("", c).strip() else ""
                for c in cells[1:]
            ]
            rows.append((ln, [part, *vals]))
    return dataclasses.replace(g, rows=rows) if len(rows) != len(g.rows) else g


def _bare_rate_named(names: list[str]) -> list[str]:
    """The parts one header names for the values of its cells, a bare 'rate' beside a length
    ('rate / a.len' over '90.30% / 1.90') named as the acceptance rate it is there."""
    if not any(C.key(n).metric in _PER_STEP_FIGURES for n in names):
        return names
    return [
        "accept rate" if (k := C.key(n)).metric == C.LABEL and k.text == "rate" else n
        for n in names
    ]


def _shape(cell: str) -> tuple[bool, ...] | None:
    """Which of a cell's values split by '/' are percentages; None when one is no value."""
    vs = [C.value(v) for v in cell.split("/")]
    if any(v is None for v in vs):
        return None
    return tuple(v.percent for v in vs if v is not None)


def _repeated_shape(
    g: Grid, cols: list[tuple[str, str]], split: dict[int, list[tuple[str, str]]]
) -> None:
    """Columns repeating the shape of the one column whose header names its cells' parts
    ('n_max=1 rate / a.len' over '90.30% / 1.90', beside 'n_max=2' over '84.43% / 2.68'): each
    such column split into the same parts, its own header their group. Only columns naming no
    figure, whose every cell has the template's number of values with '%' at the same places."""
    ((i, names),) = split.items()
    if not any(C.key(n).metric in C.ACCEPTANCE for _, n in names):
        return
    shapes = {_shape(c) for c in _column_cells(g, i)}
    if len(shapes) != 1 or None in shapes:
        return
    (shape,) = shapes
    for j, (group, name) in enumerate(cols):
        head = C._MARKUP.sub("", name).strip()
        if j == 0 or j == i or not head or "/" in head or C.key(head).metric is not None:
            continue
        if _OTHER_FIGURE.search(head):
            continue
        cells = _column_cells(g, j)
        if cells and all(_shape(c) == shape for c in cells):
            grp = " ".join(x for x in (group, head) if x)
            split[j] = [(grp, n) for _, n in names]


def _split_columns(
    g: Grid,
    cols: list[tuple[str, str]],
    split: dict[int, list[tuple[str, str]]],
    values: Callable[[str, int], list[str]],
) -> tuple[Grid, list[tuple[str, str]]]:
    """``g`` with each column ``i`` of ``split`` replaced by the named columns ``split[i]``, each
    of its cells by ``values(cell, len(split[i]))``; the header rebuilt from the new names."""
    if not split:
        return g, cols
    new_cols: list[tuple[str, str]] = []
    for i, col in enumerate(cols):
        new_cols.extend(split.get(i, [col]))
    rows = []
    for ln, cells in g.rows:
        out: list[str] = []
        for i, c in enumerate(cells + [""] * (len(cols) - len(cells))):
            out.extend(values(c, len(split[i])) if i in split else [c])
        rows.append((ln, out))
    head = [[name for _, name in new_cols]]
    if any(grp for grp, _ in new_cols):
        head = [[grp for grp, _ in new_cols], *head]
    return Grid(g.structure, head, rows, g.first_line, g.last_line), new_cols


# a name defined in prose ('accept = committed/round = ~draft + 1 bonus', 'AL = tokens per
# step'): a short name, '=', then the definition up to the next '=' or clause end
_DEFINITION = re.compile(
    r"(?<![\w/=.-])(?P<name>[A-Za-z][\w.-]{0,20})\s*=\s*~?\s*"
    r"(?P<def>[A-Za-z][\w ./-]{1,40}?)\s*(?=[=,;)\n]|\.\s|$)"
)


# a glossary item: a bullet, a name in bold or code, a dash or a colon, then what it means
# ('- **accept** — the run's counter deltas: accepted / draft tokens'), perhaps wrapped onto
# indented lines below
_GLOSSARY_ITEM = re.compile(
    r"^[ \t]{0,3}[-*+][ \t]+(?:\*\*|__|`)(?P<name>[A-Za-z][\w .-]{0,24}?)(?:\*\*|__|`)[ \t]*"
    r"(?:—|–|--?|:)[ \t]+(?P<def>[^\n]*)"
)
_GLOSSARY_WRAP = re.compile(r"^[ \t]{2,}(?![-*+][ \t])\S")
# the quotient of the accepted over the drafted tokens, as a definition writes it
_ACCEPTED_OVER_DRAFTED = re.compile(
    r"(?<![\w/])accepted(?:[ \t]+(?:draft|drafted|speculative))?(?:[ \t]+tokens)?[ \t]*/[ \t]*"
    r"(?:draft(?:ed)?|proposed|speculative)(?:[ \t]+tokens)?(?![\w/])",
    re.I,
)


def _glossed_rates(text: str) -> list[str]:
    """The normalised names a glossary of the paste defines as the accepted over the drafted
    tokens ('- **accept** — counter deltas: accepted / draft tokens'): the acceptance rate a
    table's column of that bare name holds. Once a paste; a name the cells' key already reads
    as a figure is left to it."""
    out: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _GLOSSARY_ITEM.match(line)
        if m is None:
            continue
        said = [m.group("def")]
        for nxt in lines[i + 1 : i + 4]:
            if _GLOSSARY_WRAP.match(nxt) is None:
                break
            said.append(nxt.strip())
        name = C.norm(m.group("name"))[0]
        if C.key(name).metric is None and _ACCEPTED_OVER_DRAFTED.search(" ".join(said)):
            out.append(name)
    return out


# a heading naming a bare symbol as what was measured ('### `a`, measured', '## α (measured)'):
# the symbol is the one acceptance figure the paste's prose names
_MEASURED_SYMBOL = re.compile(
    r"^\s*#{1,6}\s*[`*_]*(?P<sym>[A-Za-zα-ωτ]{1,3})[`*_]*\s*(?:,\s*|\(\s*|[-–—:]\s*|\s+)"
    r"(?:as\s+)?measured\)?\s*$",
    re.M,
)
_PROSE_FIGURE = re.compile(
    r"\b(?:acceptance|accept)[ _-]?(?:rate|ratio|length|len)\b|\bacceptance\b(?!\s+(?:rate|length))",
    re.I,
)


def _measured_symbols(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    syms = [m.group("sym") for m in _MEASURED_SYMBOL.finditer(text)]
    if not syms:
        return out
    prose = "\n".join(
        t for t in text.splitlines() if "|" not in t and not t.lstrip().startswith("#")
    )
    names = {m.group(0).lower() for m in _PROSE_FIGURE.finditer(prose)}
    metrics = {C.key(n).metric for n in names} - {None}
    named = [n for n in names if C.key(n).metric in C.ACCEPTANCE]
    if len(metrics) != 1 or not named:
        return out
    for sym in syms:
        name = C.norm(sym)[0]
        if C.key(name).metric is None:
            out[name] = max(named, key=len)
    return out


# a symbol the prose gives a figure in brackets ('acceptance length (a)', 'the acceptance rate
# (`α`)'): one letter, after the figure's name
_SYMBOL_DEFINED = re.compile(
    r"(?P<name>(?:[A-Za-z][\w-]*\s+){0,3}[A-Za-z][\w-]*)\s*\(\s*[`*$]{0,2}"
    r"(?P<sym>[A-Za-zα-ωτ]\u0304?)[`*$]{0,2}\s*\)"
)
# the bracketed symbol every match of _SYMBOL_DEFINED ends with: a line without it is not searched
_SYMBOL_HINT = re.compile(r"\(\s*[`*$]{0,2}[A-Za-zα-ωτ]\u0304?[`*$]{0,2}\s*\)")


def symbols(lines: list[Line]) -> list[tuple[int, str, str]]:
    """(line, symbol, name) of each one-letter symbol the prose defines as an acceptance
    figure ('acceptance length (a)'): the longest tail of the words before the bracket that
    names such a figure. A symbol that is itself a known name ('AL', 'τ') needs none."""
    out: list[tuple[int, str, str]] = []
    for ln, t in lines:
        if "(" not in t or not _SYMBOL_HINT.search(t):
            continue
        for m in _SYMBOL_DEFINED.finditer(t):
            sym = m.group("sym")
            if C.key(C.norm(sym)[0]).metric is not None:
                continue
            words = m.group("name").split()
            for i in range(len(words)):
                name = " ".join(words[i:])
                if C.key(C.norm(name)[0]).metric in C.ACCEPTANCE:
                    out.append((ln, sym, name))
                    break
    return out


# a one-letter symbol the paste sets to a value ('a = 3.5', 'α=0.6'): the only letters looked
# for after a figure's name (_named_symbol)
_SYMBOL_SET = re.compile(r"(?<![\w.'\"`])(?P<sym>[A-Za-zα-ωτ])\s*=\s*[~≈]?\s*\d")


def _named_symbol(sym: str) -> re.Pattern[str]:
    """A figure's name written right before ``sym`` standing alone, no bracket ('the
    acceptance length a across task types', 'Acceptance length a must exceed ...')."""
    return re.compile(
        r"(?P<name>(?:[A-Za-z][\w-]*[ \t]+){0,3}[A-Za-z][\w-]*)[ \t]+[`*$]{0,2}"
        + re.escape(sym)
        + r"[`*$]{0,2}(?![\w'’.\-])"
    )


def named_symbols(lines: list[Line]) -> list[tuple[int, str, str]]:
    """(0, symbol, name) of each one-letter symbol the paste both sets to a value ('a = 3.5')
    and writes, with no bracket, right after an acceptance figure's name ('the acceptance
    length a across task types'): the figure it stands for, wherever it is set in the paste
    (a title over the body defining it; line 0: before every line). Only the letters the
    paste sets are looked for; a symbol that is itself a known name ('AL', 'τ') needs none."""
    set_syms = {m.group("sym") for _, t in lines if "=" in t for m in _SYMBOL_SET.finditer(t)}
    out: list[tuple[int, str, str]] = []
    for sym in sorted(set_syms):
        if C.key(C.norm(sym)[0]).metric is not None:
            continue
        pat = _named_symbol(sym)
        for _, t in lines:
            if sym not in t:
                continue
            for m in pat.finditer(t):
                words = m.group("name").split()
                for i in range(len(words)):
                    name = " ".join(words[i:])
                    if C.key(C.norm(name)[0]).metric in C.ACCEPTANCE:
                        out.append((0, sym, name))
                        break
    return out


def with_symbols(lines: list[Line], defined: list[tuple[int, str, str]]) -> list[Line]:
    """Lines where a symbol the prose defined before them ('acceptance length (a)') is set to
    a value ('SQL: L = 2.85') read with the figure's name in its place; a symbol defined twice
    as different figures is not read."""
    names: dict[str, set[str]] = {}
    for _, sym, name in defined:
        names.setdefault(sym, set()).add(C.key(C.norm(name)[0]).metric or "")
    out = []
    for ln, t in lines:
        if worked_formula(t):
            out.append((ln, t))  # the symbol's value a formula's chosen input (worked_formula)
            continue
        for at, sym, name in defined:
            if at > ln or len(names[sym]) != 1 or "=" not in t:
                continue
            t = re.sub(
                rf"(?<![\w.'\"`]){re.escape(sym)}(?![\w'\"`])(\s*=\s*)(?=[~≈]?\s*\d)",
                functools.partial(_named_for_symbol, t, name),
                t,
            )
        out.append((ln, t))
    return out


# a letter standing for a quantity, multiplied ('(4+1) × T', 'γ × t', '5×T'): algebra, no
# measurement ('×', '*' or '·' only: a slash after a letter is a unit's, 'tok/s'; a doubled '*'
# is markdown's bold)
_LETTER_PRODUCT = re.compile(
    r"(?<![\w.*])[A-Za-zα-ωτ](?![\w.*])\s*(?:[×·]|\*(?!\*))"
    r"|(?:[×·]|(?<!\*)\*)\s*(?:\d+(?:\.\d+)?)?[A-Za-zα-ωτ](?![\w.*])"
)


def worked_formula(t: str) -> bool:
    """Whether a line works a formula out over letters ('α=80%:  gain = (4+1) × T / (5×T/20 + T)
    = 4.0x'): two signs '=' or more and a letter multiplied; the values set on it are the
    formula's chosen inputs, never a run's figures."""
    return (
        t.count("=") >= 2 and ("×" in t or "*" in t or "·" in t) and bool(_LETTER_PRODUCT.search(t))
    )


def _named_for_symbol(t: str, name: str, m: re.Match[str]) -> str:
    """The figure's name for a symbol set to a value, never where the words just before name a
    setting of the decoding ('greedy decoding (T=0)', 'at temperature T = 0.7': the temperature)."""
    return m[0] if _DECODING_SETTING.search(t, max(0, m.start() - 40), m.start()) else name + m[1]


_DECODING_SETTING = re.compile(r"\b(?:greedy|temperature|temp|sampling|sampled|top-?[kp])\b", re.I)


def definitions(text: str) -> dict[str, str]:
    """Names the paste's prose defines as an acceptance figure, by their normalised name: the
    definition's own words (a table's bare 'accept' column then reads as what it was defined);
    a bare symbol a heading names as what was measured reads as the one figure the prose names."""
    out: dict[str, str] = _measured_symbols(text) if "measured" in text else {}
    if "\\bar{" in text:
        # a barred symbol a LaTeX paper's prose defines ('tokens committed per round
        # (\(\bar{L}\))'): its table's header cell as the table reader writes it ('L̄')
        for _, sym, name in symbols([(0, TB.LATEX_BAR.sub(TB.BARRED, text))]):
            out.setdefault(C.norm(sym)[0], name)
    if "/" in text and "accepted" in text:
        for name in _glossed_rates(text):
            out.setdefault(name, "draft acceptance rate")
    if "=" not in text:
        return out
    for m in _DEFINITION.finditer(text):
        name = C.norm(m.group("name"))[0]
        if C.key(name).metric is not None or name in out:
            continue
        if C.key(m.group("def")).metric in C.ACCEPTANCE:
            out[name] = m.group("def").strip()
    return out


# a header cell of the draft tokens of a step or of a run ('k', 'γ', 'drafted')
_DRAFT_HEADER = re.compile(
    r"^(?:k|γ|gamma|drafted|draft(?:ed)?\s+tokens|draft\s+len(?:gth)?)$", re.I
)


def _alpha(row: list[str]) -> dict[str, str]:
    """A bare 'α' ('alpha') header cell beside a cell of the draft tokens ('k', 'drafted'):
    speculative decoding's acceptance rate (Leviathan et al.), as a definition."""
    names = {C.norm(c)[0] for c in row}
    if not any(_DRAFT_HEADER.match(n) for n in names):
        return {}
    return dict.fromkeys(names & {"α", "alpha"}, "acceptance rate")


def defined_headers(g: Grid, defined: dict[str, str]) -> Grid:
    """A grid whose header cells the prose defined named by their definition ('accept' ->
    'accept (committed/round)'), and a bare 'α' beside the draft tokens as the acceptance
    rate."""
    if not g.header:
        return g
    head = []
    for row in g.header:
        named = {**_alpha(row), **defined}
        head.append([f"{c} ({named[n]})" if (n := C.norm(c)[0]) in named else c for c in row])
    if head == g.header:
        return g
    return Grid(g.structure, head, g.rows, g.first_line, g.last_line)


# a cell that holds no value ('---', '—', 'n/a', '-'), or words in brackets alone saying why
# ('(claimed)', '(not measured)', '(none)'): no figure of the run
_PLACEHOLDER = re.compile(
    r"^\s*[*`]{0,2}(?:-{1,4}|—|–|n/?a|N/?A|none|\(\s*[A-Za-z][A-Za-z /'-]{0,30}\))[*`]{0,2}\s*$"
)
# a cell saying its run failed ('FAIL', 'failed', 'OOM', 'error', 'crashed', 'timeout'), nothing
# else: no value, as a placeholder holds none
_FAILED_CELL = re.compile(
    r"^\s*[*`]{0,2}(?:fail(?:ed|s|ure)?|errors?|oom|crash(?:ed|es)?|time[ d-]?out|timed out)"
    r"[*`]{0,2}\s*$",
    re.I,
)
# a bare 'accept' or 'acc' header: what it holds is told by its cells or its neighbours
_BARE_ACCEPT = frozenset(("accept", "acc", "acc."))
# a figure a step emits, abbreviated and never expanded ('TPC': tokens per cycle): read only as
# a length of unknown convention, beside another column naming acceptance
_PER_CYCLE_ABBREVIATIONS = frozenset(("tpc",))
# what a step accepts, per step, without saying whether the target's own token counts
# ('accept/step', 'accepts per round')
_PER_STEP_ACCEPT = re.compile(r"^accepts?\s*(?:/|per)\s*(?:step|round|iter)$")


# a mean of what a step accepts named without its unit ('avg_accept', 'mean accepted', or per
# step without saying what it counts: 'accept/step', 'accepts per step'), or a bare 'mean' /
# 'avg' right after an acceptance rate of the same group ('acc / mean' cells)
_MEAN_ACCEPT = re.compile(
    r"^(?:(?:mean|avg|average)\s*(?:accept|accepted)|accepts?\s*(?:/|per)\s*(?:step|round|iter))$"
)  # (the second form is _PER_STEP_ACCEPT's)
_BARE_MEAN = re.compile(r"^(?:mean|avg|average)$")


def accepted_series(name: str, cells: list[str], before: list[str]) -> bool:
    """Whether a column (a row of a transposed table) is a series of means of what a step
    accepts, the bonus left out: named without its unit (``_MEAN_ACCEPT``, or a bare 'mean'
    right after a series of percentages, ``before``: 'host A acc / mean' over '30.0% / 1.20'),
    its values holding one above 1 (so no rate) and one below 1 (so no length counting the
    target's own token: with it every step emits at least one), beyond their rounding. A series
    with a percentage, a value past the most a step emits, or none on one side of 1 is not."""
    n = " ".join(C._MARKUP.sub("", name).replace("_", " ").lower().split())
    if not _MEAN_ACCEPT.match(n) and not (
        _BARE_MEAN.match(n)
        and before
        and all((v := C.value(c)) is not None and v.percent for c in before)
    ):
        return False
    if any(_SIGNED.match(C._MARKUP.sub("", c)) for c in cells):
        return False  # a signed value ('+0.8') is a change against a baseline, no mean
    # (a cell of a change, '3.19→4.00', holds its before and after: each side a value)
    vals = [v for c in cells if c for v in _side_values(c)]
    nums = [
        (v.number, C.half_unit(v.decimals))
        for v in vals
        if v is not None and not v.percent and 0.0 <= v.number <= C.MAX_STEP_TOKENS
    ]
    return (
        bool(nums)
        and len(nums) == len(vals)
        and any(x + h < 1.0 for x, h in nums)
        and any(x - h > 1.0 for x, h in nums)
    )


def _series_key(name: str) -> C.Key:
    """The key of a series ``accepted_series`` proves: accepted drafts per step."""
    return C.Key(C.ACC_PER_STEP, C.norm(name)[0] + E.SERIES_BELOW_ONE, False)


def _accepted_series_cols(g: Grid, cols: list[tuple[str, str]]) -> set[int]:
    return {
        i
        for i, (grp, name) in enumerate(cols)
        if accepted_series(
            name,
            _column_cells(g, i),
            _column_cells(g, i - 1) if i > 0 and cols[i - 1][0] == grp else [],
        )
    }


# a column of attempts ('Attempts', 'draft attempts'): what was attempted is not said (drafted
# tokens, draft rounds, retries of a run), so only the table's other counts tell it
_ATTEMPTS_HEAD = re.compile(r"^(?:draft(?:ing)? |spec(?:ulation)? |speculative )?attempts$")
# a column of each row's draft maximum or fixed count per step: depth, k, a draft maximum
_PER_STEP_MOST = frozenset(
    ("depth", "draft depth", "mtp depth", "spec depth", "k", "gamma", "γ", "n max", "draft max")
    + ("max draft len", "block size")
)


def _attempts_as_steps(g: Grid, keys: list[tuple[C.Key, str]]) -> list[tuple[C.Key, str]]:
    """A column of attempts beside columns of drafted and accepted tokens and of each row's
    drafts per step at most (depth, k, a draft maximum): where on every row the attempts are at
    most the drafted tokens and the drafted tokens at most the attempts times that maximum (each
    attempt drafts one token at least and the maximum at most), and the accepted at most the
    drafted, an attempt is a draft round, one verify step: the column counts the steps. Where a
    row breaks it, a column is missing or named twice, or steps are already counted, the keys
    are as they were (attempts stay unread)."""
    texts = [C.norm(k.text)[0] for k, _ in keys]
    att = [i for i, t in enumerate(texts) if _ATTEMPTS_HEAD.match(t) and keys[i][0].metric is None]
    acc = [i for i, (k, _) in enumerate(keys) if k.metric == C.ACCEPTED]
    dr = [i for i, (k, _) in enumerate(keys) if k.metric == C.DRAFTED]
    most = [i for i, t in enumerate(texts) if t in _PER_STEP_MOST]
    if (
        len(att) != 1
        or len(acc) != 1
        or len(dr) != 1
        or len(most) != 1
        or any(k.metric == C.STEPS for k, _ in keys)
    ):
        return keys
    a_i, acc_i, dr_i, m_i = att[0], acc[0], dr[0], most[0]

    def whole(cells: list[str], i: int) -> int | None:
        v = C.value(cells[i]) if i < len(cells) else None
        ok = v is not None and not v.percent and v.number == int(v.number) and v.number >= 0
        return int(v.number) if ok and v is not None else None

    seen = 0
    for _, cells in g.rows:
        n = [whole(cells, i) for i in (a_i, acc_i, dr_i, m_i)]
        if all(x is None for x in n[:3]):
            continue  # (a row run without drafting: no counts)
        if any(x is None for x in n):
            return keys
        attempts, accepted, drafted, per_step = (x or 0 for x in n)
        if not (1 <= attempts <= drafted <= attempts * per_step and accepted <= drafted):
            return keys
        seen += 1
    if not seen:
        return keys
    out = list(keys)
    out[a_i] = (C.Key(C.STEPS, keys[a_i][0].text, False), keys[a_i][1])
    return out


def _column_cells(g: Grid, i: int) -> list[str]:
    return [cells[i] for _, cells in g.rows if i < len(cells) and cells[i]]


def _depth_setting(g: Grid, keys: list[tuple[C.Key, str]], i: int) -> bool:
    """Whether column ``i``, headed 'Depth', holds each row's draft depth (a setting: 'depth=1'
    to one_draft.py) rather than the draft position of a rate: whole numbers 1-16, the same
    depth on every row whose words (its other cells without a number) agree, so no run lists
    several depths (a run's positions 1, 2, 3 would)."""
    if C.norm(keys[i][0].text)[0] not in _DEPTH_NAMES or keys[i][0].metric is not None:
        return False
    words = [
        j
        for j, (k, _) in enumerate(keys)
        if j != i
        and k.metric in (None, C.LABEL)
        and all(C.value(c) is None for c in _column_cells(g, j))
    ]
    seen: dict[tuple[str, ...], str] = {}
    for _, cells in g.rows:
        v = C.value(cells[i]) if i < len(cells) else None
        if (
            v is None
            or v.percent
            or v.number != int(v.number)
            or not 1 <= v.number <= C.MAX_STEP_TOKENS
        ):
            return False
        run = tuple(cells[j] if j < len(cells) else "" for j in words)
        if seen.setdefault(run, cells[i]) != cells[i]:
            return False
    return bool(seen)


_DEPTH_NAMES = frozenset(("depth", "draft depth", "mtp depth", "spec depth"))


def _accept_named(text: str) -> bool:
    """'accept' alone, or after the name of a tool or configuration ('MTP accept'); 'accept' or
    'acc' after the word 'draft' ('Draft acc': the drafts' acceptance, as a bare 'acc' is)."""
    head, _, tail = text.rpartition(" ")
    return (
        text in _BARE_ACCEPT
        or (tail == "accept" and bool(head) and C.names_one(head))
        or (head in _DRAFT_WORDS and tail in _BARE_ACCEPT)
    )


_DRAFT_WORDS = frozenset(("draft", "drafter", "drafts"))
_TOKEN_ACCEPT_NAMES = C.TOKEN_ACCEPT_NAMES
# the drafts' bare 'accept' ('Draft accept (server)'; never 'draft acc', an accuracy as often)
_DRAFT_ACCEPT_NAMES = frozenset(f"{w} accept" for w in _DRAFT_WORDS)


# a fraction with the counts it divides in brackets ('0.68 (292/428)')
_COUNTED_FRACTION = re.compile(r"(\d?\.(\d+))\s*[(（]\s*(\d+)\s*/\s*(\d+)\s*[)）]")


def _counted(cell: str) -> bool:
    """Whether a cell is a fraction with the accepted and drafted counts giving it at its
    printed precision."""
    m = _COUNTED_FRACTION.fullmatch(C._MARKUP.sub("", cell).strip())
    if m is None:
        return False
    a, b = int(m.group(3)), int(m.group(4))
    return 0 < a <= b and abs(a / b - float(m.group(1))) <= 0.5 * 10.0 ** -len(m.group(2)) + 1e-9


def _fractions(cells: list[str]) -> bool:
    """Whether a column's cells are fractions of one: at least two values (or one with the
    counts giving it, _counted), each with decimals, none a percentage or above 1 (a cell of no
    single value, a range, aside)."""
    vals = [v for c in cells if (v := C.value(c)) is not None]
    return (len(vals) >= 2 or any(_counted(c) for c in cells)) and all(
        not v.percent and v.decimals > 0 and 0 <= v.number <= 1 for v in vals
    )


_TRAINING_COLUMN = re.compile(r"\b(?:loss|epochs?|lr)\b")


def _quotient_named(
    g: Grid, keys: list[tuple[C.Key, str]], names: list[str]
) -> list[tuple[C.Key, str]]:
    """A column (a transposed table's row) named as the accepted count over the drafted one
    ('accepted / drafted tokens') whose every cell is a percentage: one share where the two
    counts could stand, the quotient the name spells, a rate. Counts under it ('120 / 200')
    keep it a pair of counts."""
    out = list(keys)
    for i, ((k, grp), name) in enumerate(zip(keys, names, strict=True)):
        if k.metric not in (None, C.ACCEPTED, C.DRAFTED) or not _QUOTIENT_NAME.search(name):
            continue
        if _all_percent(_column_cells(g, i)):
            out[i] = (C.Key(C.RATE, k.text, True), grp)
    return out


def _by_cells(g: Grid, keys: list[tuple[C.Key, str]]) -> list[tuple[C.Key, str]]:
    """Columns whose header alone does not say the metric, read from their cells: a bare
    'Accept' column of percentages (or one after a tool's name) is an acceptance rate; a 'Rate'
    column of percentages beside accepted and drafted counts is their ratio; a 'Depth' column
    of one depth a run is its setting (_depth_setting)."""
    metrics = {k.metric for k, _ in keys}
    counts = {C.ACCEPTED, C.DRAFTED} <= metrics
    # (a trainer's table, a loss or epoch column beside it: its 'draft acc' is an accuracy)
    training = any(_TRAINING_COLUMN.search(k.text) for k, _ in keys)
    out = []
    for i, (k, grp) in enumerate(keys):
        cells = _column_cells(g, i)
        # (a placeholder cell, '---' or 'n/a' on the run without drafts, holds no value; nor
        # does a cell saying the run failed, 'FAIL' or 'OOM')
        shown = [c for c in cells if not _PLACEHOLDER.match(c) and not _FAILED_CELL.match(c)]
        # (a share with the counts it divides, '26/31 (84%)', checked: a percentage too)
        pct = bool(shown) and all(
            ((v := C.value(c)) is not None and v.percent) or C.share_with_counts(c) is not None
            for c in shown
        )
        if pct and (
            (k.metric is None and _accept_named(k.text) and not (training and " " in k.text))
            # ('Token accept' over percentages: the tokens' acceptance, as 'Token acceptance'
            # reads)
            or (k.metric is None and k.text in _TOKEN_ACCEPT_NAMES and not training)
            or (counts and k.text == "rate")
            # ('mainline acc' beside an 'n-max' column: the run's acceptance; swept_acc.py)
            or (
                k.metric is None
                and not training
                and SWA.configured_acc(k.text, [h.text for h, _ in keys])
            )
        ):
            k = C.Key(C.RATE, k.text, True)
        elif (
            k.metric is None
            and k.text in _DRAFT_ACCEPT_NAMES
            and not training
            and _fractions(shown)
        ):
            # 'Draft accept' over fractions ('~0.82', '0.43'): the drafts' acceptance rate, as
            # its percentages are
            k = C.Key(C.RATE, k.text, False)
        elif (
            k.metric == C.ACCEPTED
            and shown
            and all(C.share_with_counts(c) is not None for c in shown)
        ):
            # a count's name over the accepted among the drafted and their share, checked
            # ('Accepted drafts' over '90/120 (75.0%)'): a rate
            k = C.Key(C.RATE, k.text, True, None, k.tool, k.pooled)
        elif _depth_setting(g, keys, i):
            k = C.Key(C.LABEL, "depth", False)
        elif (
            k.metric is None
            and k.text in _BARE_ACCEPT
            and _lengths_only(cells)
            and _baseline_at_one(g, i)
        ):
            k = C.Key(C.LENGTH, k.text, False)
        elif (
            k.metric == C.RATE
            and not k.percent
            and _lengths_only(cells)
            and _baseline_at_one(g, i, strict=True)
        ):
            # a column named a rate over numbers only a length can be, one above its row's
            # draft tokens per step ('Acceptance Rate' over 'MTP 1 | 1.85'): tokens per step,
            # the target's own token counted; its 1.00 on a row without drafts is one too
            k = C.Key(C.LENGTH, k.text, False)
        elif (
            k.metric is None
            and _PER_STEP_ACCEPT.match(k.text)
            and _lengths_only(cells, changes=True)
        ):
            # 'accept/step' over numbers only a length can be (a change '2.41→2.80' each side
            # one), no value below 1 proving the bonus left out (``accepted_series``): a length
            # of unknown convention
            k = C.Key(C.LENGTH, k.text + " " + C.UNSURE_LENGTH, False)
        elif (
            k.metric is None
            and k.text in _PER_CYCLE_ABBREVIATIONS
            and _lengths_only(shown)
            and any(j != i and _accept_named(h.text) for j, (h, _) in enumerate(keys))
        ):
            # 'TPC' (tokens per cycle, unexpanded) beside an acceptance column, over numbers
            # only a length can be: a length whose convention the abbreviation leaves open
            k = C.Key(C.LENGTH, k.text + " " + C.UNSURE_LENGTH, False)
        elif (
            k.metric is None
            and (k.text == "accept" or (k.text.endswith(" accept") and _accept_named(k.text)))
            and _lengths_only(shown)
        ):
            # a bare 'Accept' column (or one after a run's or tool's name, 'MTP Accept') of
            # numbers only a length can be, nothing deciding which (accepted drafts or tokens
            # per step): a length of unknown convention, read as the reader of last resort
            # ('acc' alone is accuracy as often: not read); a placeholder ('—', 'n/a': the run
            # without drafts) holds no value, that row no record
            k = C.Key(C.LENGTH, k.text + " " + C.UNSURE_LENGTH, False)
        elif k.metric is None and ORD.output_column(k.text, metrics, shown):
            # a bare 'tokens' beside rounds and an accepted-per-round figure: the run's output
            # tokens, which the identity checks (output_rounds.py)
            k = C.Key(C.OUTPUT, k.text, False)
        elif (
            k.metric == C.PER_POSITION
            and not _RATES_PLURAL.search(k.text)
            and shown
            and all(_SCALAR.match(c.strip(" `*")) for c in shown)
            and all((v := C.value(c)) is not None and 0 <= v.number <= 1 for c in shown)
        ):
            # a per-position acceptance printed as one number a row ('per_position_acceptance'
            # over 0.2902): the acceptance of a draft position, one rate a run; how many
            # positions a step drafts is unsaid, so no length
            k = C.Key(C.RATE, k.text, k.percent)
        out.append((k, grp))
    return out


# a plain decimal in [0, 1] (no list, no '%', no unit)
_SCALAR = re.compile(r"^(?:0?\.\d+|[01](?:\.0+)?)$")
# a per-position header naming several rates ('per-position rates', 'acceptance by position')
_RATES_PLURAL = re.compile(r"rates\b|\bby position|\blist|\bvector|\bcurve", re.I)


# a row label's bracketed setting ('Baseline (`bs=1`)', 'AR [bs 1]'): dropped before the label
# is matched against the runs without drafts
_LABEL_BRACKET = re.compile(r"\s*[(\[][^()\[\]]{0,40}[)\]]\s*$")


def baseline_label(cell: str) -> bool:
    """Whether a row's label names the run without drafts ('baseline', 'no spec', 'AR'), a
    bracketed setting after it ('Baseline (bs=1)') or not, the whole label in brackets or not
    ('(no spec)', '[baseline]': a placeholder row's name set apart from the methods)."""
    t = _unmistyped(cell)
    if "_" in t:
        t = t.replace("_", " ")  # (an identifier's words: 'vanilla_ar', 'no_spec')
    whole = _WHOLE_BRACKET.match(t)
    if whole:
        t = _unmistyped(whole.group(1) or whole.group(2))
    return bool(_BASELINE_ROW.match(t) or _BASELINE_ROW.match(_LABEL_BRACKET.sub("", t)))


# a label wholly in one pair of brackets, round or square ('(no spec)', '[ baseline ]')
_WHOLE_BRACKET = re.compile(r"^\(\s*([^()\[\]]{1,40}?)\s*\)$|^\[\s*([^()\[\]]{1,40}?)\s*\]$")


def _unmistyped(cell: str) -> str:
    """A label without its markup, a first word one edit from 'without' read as it ('Wihtout
    EAGLE3')."""
    t = C._MARKUP.sub("", cell).strip()
    first = t.split(" ", 1)[0].lower()
    if first != "without" and len(first) >= 6 and C._edits(first, "without", 1) <= 1:
        t = "without" + t[len(first) :]
    return t


_TAU_HEAD = re.compile(r"^(?:avg|mean|average)?[ _]?(?:tau|τ)$", re.I)


def tau_baseline_table(body: str) -> bool:
    """Whether a pipe table of ``body`` has a bare τ column (its header 'Tau', 'τ', 'mean tau')
    where a row labelled as the run without drafts prints exactly 1 and another row more than 1
    (at most the most a step emits): tokens a step against plain decoding's one token."""
    rows = [
        [c.strip() for c in t.strip().strip("|").split("|")]
        for t in body.splitlines()
        if t.count("|") >= 2
    ]
    for n, head in enumerate(rows):
        cols = [j for j, h in enumerate(head) if _TAU_HEAD.match(C._MARKUP.sub("", h).strip())]
        if len(cols) != 1:
            continue
        j = cols[0]
        base = above = False
        for cells in rows[n + 1 :]:
            v = C.value(cells[j]) if j < len(cells) else None
            if v is None or v.percent or not cells:
                continue
            if v.number == 1.0 and baseline_label(cells[0]):
                base = True
            elif 1.0 < v.number <= C.MAX_STEP_TOKENS:
                above = True
        return base and above
    return False


def _baseline_at_one(g: Grid, i: int, strict: bool = False) -> bool:
    """A row run without drafts ('baseline', 'no spec') prints exactly 1 in column ``i``, or a
    row prints more than its draft tokens per step: the column counts tokens per step (plain
    numbers under a bare 'Accept' are otherwise not read: accepted drafts per step and tokens
    per step look alike). ``strict``: only a row above its draft tokens per step proves it
    (the row label's 'MTP 2', 'MTP3_...' counted as two, three drafts a step)."""
    head = g.header[-1] if g.header else []
    k_cols = [j for j, h in enumerate(head) if C.key(h).metric == C.K or C.norm(h)[0] == "k"]
    for _, cells in g.rows:
        v = C.value(cells[i]) if i < len(cells) else None
        if v is None:
            continue
        if (
            not strict
            and v.number == 1.0
            and any(_BASELINE_ROW.match(C._MARKUP.sub("", c).strip()) for c in cells)
        ):
            return True
        # a value above the row's draft tokens per step ('k=3' in a label, a K column): only
        # tokens per step, the target's own token counted, can exceed it
        # (a draft maximum bounds it alike: no step drafts more)
        ks = {int(m.group(1)) for c in cells for m in _K_IN_LABEL.finditer(c)}
        ks.update(n for c in cells for n in _maxima(c))
        if strict:
            ks.update(n for c in cells for n in _mtp_depths(c))
        for j in k_cols:
            kv = C.value(cells[j]) if j < len(cells) else None
            if kv is not None and kv.number == int(kv.number):
                ks.add(int(kv.number))
        if len(ks) == 1 and v.number > next(iter(ks)) + C.half_unit(v.decimals):
            return True
    return False


def _lengths_only(cells: list[str], changes: bool = False) -> bool:
    """Cells that only an accept length can fill: numbers from 1 to 16 printed with two or more
    decimals (a rate is at most 1; a percentage without its sign is printed with one decimal or
    none, or is larger), a plain 1 allowed (a baseline without drafts). ``changes``: a cell of
    a change ('2.41→2.80') holds two such numbers."""
    vals = [v for c in cells for v in _side_values(c)] if changes else [C.value(c) for c in cells]
    return (
        bool(vals)
        and all(v is not None and not v.percent and v.max is None for v in vals)
        and all(1.0 <= v.number <= 16.0 for v in vals if v is not None)
        and all(v.decimals >= 2 or v.number == 1.0 for v in vals if v is not None)
        and any(v.number > 1.0 for v in vals if v is not None)
    )


# a figure measured at a rate, the rate after '@' ('10.0 +/- 0.4 t/s @ 88.2% +/- 9.7%')
_AT_RATE = re.compile(
    r"@\s*(?P<val>\d+(?:\.\d+)?\s*%(?:\s*(?:±|\+/-|\+-)\s*\d+(?:\.\d+)?\s*%?)?)\s*$"
)


# a legend naming the figure after '@' ('Average t/s @ average-acceptance', 'tok/s @ accept
# rate'): the cells 'speed@share' print the acceptance after their '@', '%' or not
AT_LEGEND = re.compile(
    r"@\s*[*`]{0,2}(?:(?:average|avg|mean|median)[\s_-]?)?(?:draft[\s_-]?)?accept(?:ance|ed)?"
    r"(?:[\s_-]?rate)?(?![\w-])",
    re.I,
)
# a cell 'figure@share' without '%' ('19.04@71.5', '31.2 @ 0.74'): under such a legend alone
AT_BARE = re.compile(r"\d\s*@\s*(?P<val>\d+(?:\.\d+)?|\.\d+)\s*$")


def _bare_share(c: str) -> str | None:
    """The share of a 'figure@share' cell without '%', as a rate's cell prints it: a percentage
    past 1 (at most 100), a fraction with decimals up to 1; None for any other cell."""
    m = AT_BARE.search(C._MARKUP.sub("", c).strip())
    v = C.value(m.group("val")) if m is not None else None
    if v is None:
        return None
    if 1 < v.number <= 100:
        return m.group("val") + "%" if m is not None else None
    return m.group("val") if m is not None and v.decimals and v.number <= 1 else None


def _at_rates(g: Grid, only: bool = False, bare: bool = False) -> Grid | None:
    """The grid with each 'figure @ rate%' cell reduced to its rate and the other cells of
    those columns emptied (``only``: the cells of every other column but the first too); None
    when no cell holds such a rate. ``bare``: a legend names the figure after '@', so cells
    without '%' ('19.04@71.5') print it too (`_bare_share`)."""

    def share(c: str) -> str | None:
        m = _AT_RATE.search(C._MARKUP.sub("", c))
        if m is not None:
            return m.group("val")
        return _bare_share(c) if bare else None

    cols = {i for _, cells in g.rows for i, c in enumerate(cells) if share(c) is not None}
    if not cols:
        return None
    rows = []
    for ln, cells in g.rows:
        out = []
        for i, c in enumerate(cells):
            v = share(c) if i in cols else None
            keep = i not in cols and not (only and i > 0)
            out.append(v if v is not None else (c if keep else ""))
        rows.append((ln, out))
    return Grid(g.structure, g.header, rows, g.first_line, g.last_line)


_TITLE_QUALIFIER = re.compile(
    r"\s+(?:measured|reported|observed|obtained|on|across|for|with|at|over|in|from|using|"
    r"under|by)\b|[,;]"
)
# (or a conditional rate's column at a position, 'cond 0', 'cond2', 'conditional rate 1': the
# identity beside the acceptance column tells the chain of conditional rates from marginal ones)
_BARE_POSITION = re.compile(
    r"^(?:position|pos|draft position|draft token|depth|"
    r"cond(?:itional)?(?:\s*(?:ar|acc|rate|accept(?:ance)? rate))?)\s*#?\s*(\d{1,2})$"
)
# a title's lead saying who reported its figure ('Server-reported', 'client-side', 'Engine
# measured'), one word and its qualifier, before the figure's name
_REPORTED_BY = re.compile(
    r"^(?:server|client|engine|scheduler|proxy|router|benchmark|bench)-"
    r"(?:reported|side|measured|logged|observed)\s+",
    re.I,
)
_TITLE_NOUNS = re.compile(
    r"(?:\s+(?:report|summary|results?|details|stats|statistics|table|breakdown|by \w+|per \w+))+\s*$",
    re.I,
)
_SEVERAL = re.compile(
    r"^\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?(?:\s*/\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?){2,7}\s*$"
)
# (a side may print two counts and their share in brackets, '527/640 (82.34%)': the share)
_SIDE = (
    r"(?:[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?|"
    r"\d[\d,]*\s*/\s*\d[\d,]*\s*\(\s*\d+(?:\.\d+)?\s*%\s*\))"
)
_CHANGED = re.compile(r"^\s*" + _SIDE + r"(?:\s*" + V.ARROW + r"\s*" + _SIDE + r"){1,5}\s*$")
# a list of two to eight runs' figures, each two whole counts joined by '/' ('0/159, 2/317'), or
# each one whole count ('0, 2'), listed by ',' or ';' and a space (no thousands' comma)
_LISTED = re.compile(r"^\s*\d+(?:\s*/\s*\d+)?(?:[,;]\s+\d+(?:\s*/\s*\d+)?){1,7}\s*$")
_LIST_SEP = re.compile(r"[,;]\s+")


def _listed_counts(cell: str) -> list[C.Value] | None:
    """The whole counts a cell lists, one run's each ('0, 2, 5'), or None."""
    t = C._MARKUP.sub("", cell).strip()
    if "/" in t or not _LISTED.match(t):
        return None
    return [C.Value(float(x), False, 0) for x in _LIST_SEP.split(t)]


# a rate as a cell prints it: a bare number or a percentage, perhaps in markup
_BARE_RATE = re.compile(r"^[\s*`_]*(?:\d+(?:\.\d+)?|\.\d+)\s*%?[\s*`_]*$")


# 'AR' with words in brackets after it ('AR (GPT-style)', 'AR (no draft)'): an autoregressive
# configuration's column, never a rate's (a rate's bracket holds a unit or a statistic)
_AR_DESCRIBED = re.compile(
    r"\bAR\s*[(\[](?!\s*(?:%|percent|mean|avg|median|p\d+)\s*[)\]])[^)\]]*[A-Za-z]{2}", re.I
)


def _short_rate_key(k: C.Key) -> bool:
    """Whether a rate's key is an abbreviation read only in a table header ('AR', 'AR off')."""
    return k.text.split(" ")[0] in C.TABLE_ONLY_RATE_KEYS


# the words a rate's short name may follow and still be the rate ('mean AR', 'draft AR')
_AR_QUALIFIERS = frozenset(
    ("mean", "avg", "average", "median", "overall", "total", "final", "draft", "token", "tokens")
)


def _ar_configuration(k: C.Key) -> bool:
    """Whether a row's label read as the short rate 'AR' names a configuration after other
    words ('Paper wrapped AR', 'vanilla AR'): autoregressive decoding, the baseline a table
    compares against, never a metric's row of a transposed table."""
    words = k.text.split()
    return (
        k.metric == C.RATE
        and len(words) > 1
        and words[-1] in C.TABLE_ONLY_RATE_KEYS
        and not any(w in _AR_QUALIFIERS for w in words[:-1])
    )


def _short_not_rate(k: C.Key, v: C.Value | None, cell: str, header: str) -> bool:
    """Whether a cell under a short rate key ('AR': a column's header, or a row's label of a
    transposed table) is no rate: 'AR 2.62' tokens per iteration, 'AR 0.8 s' a time, '21.4'
    under 'AR' a speed of autoregressive decoding (AR is also 'autoregressive')."""
    return (
        k.metric == C.RATE
        and v is not None
        and _short_rate_key(k)
        and (
            (not v.percent and v.number > 1)
            or not _BARE_RATE.match(cell)
            or _AR_DESCRIBED.search(header) is not None
        )
    )


# the size of a change in a bracket after it ('2.41 → 2.80 (+16%)', '(104% of main, rising)',
# '(1.16x)', '(-0.3)'): signed, or a share 'of' a baseline, or a multiple; then words alone (no
# figure of a run: '(61%)' after a length may be its rate and stays)
_CHANGE_SIZE = re.compile(
    r"\(\s*(?:[+\-−±]\s*(?:\d+(?:\.\d+)?|\.\d+)|(?:\d+(?:\.\d+)?|\.\d+)\s*(?:%\s*of\b|[x×](?![A-Za-z])))"
    r"[^()\d]*\)\s*"
)


def _change_only(text: str) -> str:
    """A change's text without the bracket of its size after it ('1.62 → 1.69 (+4%)': the
    change); any other text as it is."""
    i = text.rfind("(")
    if i <= 0 or not V.ARROW_RE.search(text, 0, i) or not _CHANGE_SIZE.fullmatch(text, i):
        return text
    return text[:i]


# a value, then the subset it was measured on ('51.9% math', '0.62 on held-out prompts'): one
# item of a cell listing a figure per subset
_SUBSET_ITEM = re.compile(
    r"(?P<v>[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:[ \t]?%)?)[ \t]+(?:(?:on|for|in)[ \t]+)?"
    r"(?P<sub>[A-Za-z][\w-]{0,24}(?:[ \t]+[A-Za-z0-9][\w-]{0,24}){0,2})"
)
# words of a count's share or a step's part, no subset ('61% accepted, 39% rejected')
_NO_SUBSET = re.compile(
    r"accept|reject|draft|token|step|round|cycle|position|pos\b|of\b|faster|slower|speed|"
    r"better|worse|higher|lower|more|less|gain|drop|loss|up\b|down\b|ms\b|tok\b|x\b",
    re.I,
)


def _subset_values(cell: str) -> list[tuple[str, C.Value]] | None:
    """The (subset, value) items of a cell listing one figure on two to six subsets, each a
    value then the subset's name, joined by ',' or ';' ('51.9% math, 6.0% A5 prompts'), all
    values of one form (`%` all or none), every name different; None for any other cell."""
    text = C._MARKUP.sub("", cell).strip()
    if "," not in text and ";" not in text:
        return None
    parts = [p.strip() for p in re.split(r"[,;]", text)]
    if not 2 <= len(parts) <= 6:
        return None
    out: list[tuple[str, C.Value]] = []
    for p in parts:
        m = _SUBSET_ITEM.fullmatch(p)
        if m is None:
            return None
        sub = m.group("sub")
        v = C.value(m.group("v"))
        if v is None or _NO_SUBSET.search(sub) or C.key(sub).metric is not None:
            return None
        out.append((sub, v))
    if len({v.percent for _, v in out}) != 1 or len({s for s, _ in out}) != len(out):
        return None
    return out


def _several(cell: str) -> list[C.Value] | None:
    """The values of a cell listing three or more measurements ('2.92 / 2.46 / 2.92'), or two
    and more across arrows (a change, '2.41 → 2.80': before and after; the bracket of its size
    after it, '(+16%)', dropped)."""
    text = _change_only(C._MARKUP.sub("", cell))
    if _SEVERAL.match(text):
        parts = text.split("/")
    elif _CHANGED.match(text):
        parts = re.split(V.ARROW, text)
    else:
        return None
    vals = [_side_value(x) for x in parts]
    return [v for v in vals if v is not None] if all(v is not None for v in vals) else None


def _side_value(x: str) -> C.Value | None:
    """One side of a change: a value, or two counts with their share in brackets where the
    share is their quotient at its printed precision ('527/640 (82.34%)': the share)."""
    if "(" in x and (m := _COUNTS_SHARE.match(x)) is not None:
        return C.value(m.group("p") + "%") if _counts_cell(x) != x else None
    return C.value(x)


def _several_changed(cell: str) -> list[C.Value] | None:
    """The before and after values of a cell of a change ('3.19→4.00', '1.02 -> 0.95'; a side
    may be two counts and their share, '527/640 (82.34%) → 530/640 (82.81%)'; the bracket of
    the change's size after it dropped, '(+16%)')."""
    text = _change_only(C._MARKUP.sub("", cell))
    if not _CHANGED.match(text):
        return None
    vals = [_side_value(x) for x in re.split(V.ARROW, text)]
    return [v for v in vals if v is not None] if all(v is not None for v in vals) else None


def _side_values(cell: str) -> list[C.Value | None]:
    """A cell's value, or both sides of a change ('3.19→4.00')."""
    changed = _several_changed(cell)
    return list(changed) if changed else [C.value(cell)]


_SIGNED = re.compile(r"^\s*[+\-−]\s*\d")
# a number naming a part of the text ('In Figure 8', 'see Table 3', 'Eq. 2'): a reference,
# never a figure's value
_REFERENCE_BEFORE = re.compile(
    r"\b(?:fig(?:ure)?s?|tab(?:le)?s?|sec(?:tion)?s?|eq(?:uation)?s?|appendix|chapter|algorithm"
    r"|listing)\.?\s*[*_`]*\s*$|§\s*$",
    re.I,
)


_STEP_LABELS = frozenset(("steps", "num steps", "n steps", "nsteps"))


def _as_step_count(k: C.Key, v: C.Value | None) -> C.Key:
    """'steps' names a configuration (SGLang's draft steps per verify, a handful), but a whole
    number above 64 under it is a count of the run's verify steps ('steps=1500')."""
    if (
        k.metric == C.LABEL
        and k.text in _STEP_LABELS
        and v is not None
        and not v.percent
        and v.number == int(v.number)
        and v.number > 64
    ):
        return C.Key(C.STEPS, k.text, False)
    return k


def _lengths_misnamed(g: Grid, keys: list[tuple[C.Key, str]]) -> list[tuple[C.Key, str]]:
    """The columns' keys, a rate's column whose name says no rate ('Mean Acceptance', no
    'rate', '%' or 'ratio' in it) beside a column named a rate made a length's, where every
    cell it fills is a plain value above 1 and at most a step's tokens (no '%'; a range's
    ends alike): no rate is such a value, as a cell alone is read (evidence.Figures.put); so
    the row's rate and length are one run's, never two columns of one metric."""
    rates = [i for i, (k, _) in enumerate(keys) if k.metric == C.RATE]
    if len(rates) < 2 or not any(E._RATE_WORD.search(keys[i][0].text) for i in rates):
        return keys
    out = list(keys)
    for i in rates:
        k, slot = keys[i]
        vals = [
            v
            for _, cells in g.rows
            if i < len(cells) and cells[i]
            for v in C.span(cells[i]) or (C.value(cells[i]),)
        ]
        if (
            E._RATE_WORD.search(k.text) is None
            and vals
            and all(
                v is not None and not v.percent and 1 < v.number <= C.MAX_STEP_TOKENS for v in vals
            )
        ):
            out[i] = (C.Key(C.LENGTH, k.text, False), slot)
    return out


# a column's unit after the configuration its header names ('lookup tok/s'): the name alone
_GROUP_UNIT = re.compile(r"\s+(?:tok(?:en)?s?\s*/\s*s|t/s|tps|throughput)$", re.I)


def _repeated_groups(
    keys: list[tuple[C.Key, str]], cols: list[tuple[str, str]]
) -> list[tuple[C.Key, str]]:
    """Column groups printed side by side under the same headers ('| lookup tok/s | speedup |
    accepted/step | mtp tok/s | speedup | accepted/step |'): each repeated acceptance column is
    named by the nearest column before it, after the previous one of its header, whose header
    is printed once in the table (the configuration the group measures); unchanged unless every
    repeat gets a name of its own."""
    names = [" ".join(x for x in col if x).lower() for col in cols]
    out = list(keys)
    for h in {n for n in names if names.count(n) > 1}:
        at = [i for i, n in enumerate(names) if n == h]
        if keys[at[0]][0].metric not in C.ACCEPTANCE:
            continue
        got = []
        for prev, i in zip([-1, *at], at, strict=False):
            own = [j for j in range(i - 1, prev, -1) if names.count(names[j]) == 1]
            got.append(
                _GROUP_UNIT.sub("", _label_value(" ".join(cols[own[0]]))).strip() if own else ""
            )
        if all(got) and len(set(got)) == len(got):
            for i, g in zip(at, got, strict=True):
                out[i] = (keys[i][0], f"{g} {keys[i][1]}".strip())
    return out


# a cell left empty: nothing, a dash, 'n/a' (markup gone)
_EMPTY_CELL = re.compile(r"^\s*(?:[-\u2013\u2014]{1,3}|n/?a|)\s*$", re.I)


def _cell(cells: list[str], i: int) -> str:
    """A row's cell i with its markup gone ('' past the row's end)."""
    return C._MARKUP.sub("", cells[i]) if i < len(cells) else ""


def _by_rows(
    g: Grid, cols: list[tuple[str, str]], keys: list[tuple[C.Key, str]], ctx: Ctx
) -> list[PasteRecord]:
    out: list[PasteRecord] = []
    section: str | None = None
    # one acceptance metric in several columns without a spanning title to tell them apart
    # ('AL (greedy)', 'AL (T=1)'): each column is its own record, named by its header
    keys = _lengths_misnamed(g, keys)
    seen: dict[tuple[str | None, str], int] = {}
    for k, slot in keys:
        if k.metric in C.ACCEPTANCE and k.metric != C.POSITION:
            seen[(k.metric, slot)] = seen.get((k.metric, slot), 0) + 1
    repeated = {
        i
        for i, (k, slot) in enumerate(keys)
        if k.metric in C.ACCEPTANCE and k.metric != C.POSITION and seen[(k.metric, slot)] > 1
    }
    # (a configuration's name beside each figure's, 'fp8 AL | fp8 AR | bf16 AL | bf16 AR': one
    # record a configuration; column_groups.py)
    grouped = CG.slots(keys, [" ".join(x for x in col if x) for col in cols], repeated)
    keys = grouped or [
        (k, " ".join(x for x in col if x))
        if k.metric in C.ACCEPTANCE and seen.get((k.metric, slot), 0) > 1
        else (k, slot)
        for (k, slot), col in zip(keys, cols, strict=True)
    ]
    keys = _repeated_groups(keys, cols)
    # a 'draft tokens' column of small whole numbers is the configuration (draft tokens per
    # step, SGLang's num_draft_tokens), not a count
    drafted_cols = [i for i, (k, _) in enumerate(keys) if k.metric == C.DRAFTED]
    # (beside an accepted count, only when it is smaller than that count on every row)
    accepted_cols = [i for i, (k, _) in enumerate(keys) if k.metric == C.ACCEPTED]

    def _num(cells: list[str], i: int) -> float | None:
        v = C.value(cells[i] if i < len(cells) else "")
        return v.number if v is not None else None

    def _count_num(cells: list[str], i: int) -> float | None:  # ('4 (8.3 %)': 4)
        n = _num(cells, i)
        cs = _COUNT_SHARE.fullmatch(C._MARKUP.sub("", cells[i]).strip()) if i < len(cells) else None
        return n if n is not None or cs is None else float(cs.group("n").replace(",", ""))

    hk = k_stated(" ".join(c for row in g.header for c in row))
    header_k = C.Value(float(hk), False, 0) if hk is not None else None
    # the columns whose own header states that k, where it is another measure's ('tok/s at
    # k=2'): a row leaving each of them empty ('-') shows no run at that k (_k_cols_empty)
    k_cols = (
        [
            i
            for i, ((k, _), col) in enumerate(zip(keys, cols, strict=False))
            if k.metric not in C.ACCEPTANCE
            and i > 0
            and k_stated(" ".join(x for x in col if x)) == hk
        ]
        if hk is not None
        else []
    )

    # a column of signed figures ('+2.00%', '-0.25%') holds changes against a baseline, never
    # a length or a rate, whatever its header says
    delta_cols = {
        i
        for i, (k, _) in enumerate(keys)
        if k.metric in C.ACCEPTANCE
        and any(
            _SIGNED.match(C._MARKUP.sub("", cells[i]))
            for _, cells in g.rows
            if i < len(cells) and cells[i]
        )
    }
    # a rate's column with a plain cell above 100 ('draft rate' over tokens/s: 120.5) holds no
    # rates: none of its cells is read as one (98.2 there is no percentage)
    delta_cols |= {
        i
        for i, (k, _) in enumerate(keys)
        if k.metric in (C.RATE, C.ACCEPT_RATIO)
        and any(
            (v := C.value(cells[i])) is not None and not v.percent and v.number > 100
            for _, cells in g.rows
            if i < len(cells) and cells[i]
        )
    }
    per_step_drafts = (
        bool(drafted_cols)
        and all(
            (n := _num(cells, i)) is None or (n == int(n) and 0 < n <= 64)
            for _, cells in g.rows
            for i in drafted_cols
        )
        and all(
            (d := _num(cells, i)) is None or (a := _count_num(cells, j)) is None or d < a
            for _, cells in g.rows
            for i in drafted_cols
            for j in accepted_cols
        )
    )
    stats = _stats_cells(g, keys)
    sources = _row_sources(g, ctx)
    binned = {i for i, (k, _) in enumerate(keys) if k.metric in C.ACCEPTANCE and _bins(g, i)}
    # (lengths only: a rate column of approximations beside a range, '~0.82' over '~0.91–0.92',
    # is how a user writes measured rates)
    typical = {i for i, (k, _) in enumerate(keys) if k.metric in _LENGTHS and _typical(g, i)}
    for ln, cells in g.rows:
        filled = [c for c in cells if c]
        if len(filled) == 1 and cells[0] and C.value(cells[0]) is None:
            section = _label_value(cells[0])  # a section title row
            continue
        labels: list[tuple[str, str]] = []
        if section:
            labels.append(("section", section))
        slots: dict[str, E.Figures] = {}
        for i, ((k, slot), (group, name)) in enumerate(zip(keys, cols, strict=False)):
            cell = cells[i] if i < len(cells) else ""
            if not cell:
                continue
            header = " ".join(x for x in (group, name) if x) or f"column {i + 1}"
            if "=" in cell and "(" in cell and k.metric in C.ACCEPTANCE:
                # named figures inside the cell's bracket ('73.56% (90483/123000,
                # avg_toks_fwd=3.21)'): each read by its own name, the rest as the cell
                cell, named = _bracket_named(cell)
                for nk, nv, nt in named:
                    slots.setdefault(slot if slot in slots else "", E.Figures()).put(
                        nk.metric or "", nv, nk, nt, nk.text
                    )
            if i in typical and _typical_cell(cell):
                continue  # '~3 tokens' beside '4.5–5.0 tokens': typical values, no run's
            v = C.value(cell)
            k = _as_step_count(k, v)
            m = k.metric
            if (
                v is None
                and m in C.ACCEPTANCE
                and (vk := _VALUE_AT_K.match(C._MARKUP.sub("", cell).strip())) is not None
                and (v := C.value(vk.group("v"))) is not None
            ):
                # '3.1 (k=3)': the value, measured with that many draft tokens per step
                labels.append(("setting", vk.group("k")))
            if i in delta_cols:
                continue
            if _short_not_rate(k, v, cell, header):
                continue
            if m == C.K and v is not None and ctx[2] != "response":
                labels.append((k.text or header, cell))
                continue
            if m == C.DRAFTED and v is not None and per_step_drafts:
                labels.append((k.text or header, cell))  # a configuration: drafts per step
                continue
            if (
                m == C.PER_POSITION
                and v is not None
                and v.max is None
                and (v.percent or 0 <= v.number <= 1)
                and C.rate_list(cell) is None
            ):
                # one value under a per-position header whose other rows list several
                # ('~54%' beside '71% / 45%'): a rate of the run, over positions not told
                m, k = C.RATE, C.Key(C.RATE, k.text, k.percent)
            if m == C.PER_POSITION and (rl := C.rate_list(cell, k.percent)) is not None:
                fig = slots.setdefault(slot if slot in slots else "", E.Figures())
                for pos, r in enumerate(rl):
                    fig.positions[pos] = r
                fig.fields.append((header, cell))
                if C.positions_named(k.text) == len(rl) and fig.k is None:
                    # a value for each draft position the header names ('accept d1/d2/d3'):
                    # that many draft tokens per step
                    fig.k = C.Value(float(len(rl)), False, 0)
                continue
            if m in C.ACCEPTANCE and v is None and (vals := _several(cell)) is not None:
                # 'a / b / c' under 'metric: x / y / z': one record per value, named as the header
                # names them
                parts = name.split(":", 1)[1].split("/") if ":" in name else []
                names = [_label_value(x) for x in parts] if len(parts) == len(vals) else []
                # (a side of a change printing its counts with their share, '527/640 (82.34%)
                # → 530/640 (82.81%)': the counts are that side's run's too)
                sides = re.split(V.ARROW, C._MARKUP.sub("", cell)) if "(" in cell else []
                for i, one_v in enumerate(vals):
                    sub = names[i] if names else f"({i + 1})"
                    one = slots.setdefault(f"{slot} {sub}".strip(), E.Figures())
                    one.put(m, one_v, k, cell, header)
                    if (
                        m == C.RATE
                        and len(sides) == len(vals)
                        and (side_counts := C.share_with_counts(sides[i].strip())) is not None
                    ):
                        one.put(
                            C.ACCEPTED,
                            side_counts[1],
                            C.key("accepted"),
                            f"{side_counts[1].number:g}",
                            "accepted",
                        )
                        one.put(
                            C.DRAFTED,
                            side_counts[2],
                            C.key("drafted"),
                            f"{side_counts[2].number:g}",
                            "drafted",
                        )
                continue
            if m in C.ACCEPTANCE and v is None and (lv := LC.values(cell)) is not None:
                # '0.70 C1, 0.49 C32', '0.46, 0.50 C1; 0.54 C32': values each closed by its
                # run's setting (labelled_cell.py), one record a value, labelled by it
                times = {lab: sum(1 for x, _ in lv if x == lab) for lab, _ in lv}
                nth: dict[str, int] = {}
                for lab, one_v in lv:
                    nth[lab] = nth.get(lab, 0) + 1
                    sub = lab if times[lab] == 1 else f"{lab} ({nth[lab]})"
                    one = slots.setdefault(f"{slot} {sub}".strip(), E.Figures())
                    one.put(m, one_v, k, cell, header)
                continue
            if (
                m in (C.RATE, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)
                and v is None
                and (subs := _subset_values(cell)) is not None
            ):
                # '51.9% math, 6.0% held-out prompts' under a rate: the figure on each subset
                # the cell names, one record each (labelled by its subset)
                for sub, one_v in subs:
                    one = slots.setdefault(f"{slot} ({sub})".strip(), E.Figures())
                    one.put(m, one_v, k, cell, header)
                continue
            if (
                m in (C.ACCEPTED, C.DRAFTED)
                and v is None
                and (vals := _several_changed(cell) or _listed_counts(cell)) is not None
                and all(not x.percent and x.number == int(x.number) for x in vals)
            ):
                # '528 → 530' under an accepted or a drafted count: the counts before and after
                # a change, each side its run's (the sides of the other count's cell beside it)
                for i, one_v in enumerate(vals):
                    one = slots.setdefault(f"{slot} ({i + 1})".strip(), E.Figures())
                    one.put(m, one_v, k, cell, header)
                continue
            if v is None and _cell_figures(E.Figures(), k, v, cell, header):
                # '~62% (273/436)': the rate with the accepted and drafted counts it divides;
                # '0.94 0.68 0.34' under a rate: its rates per draft position
                fig = slots.setdefault(slot if slot in slots else "", E.Figures())
                _cell_figures(fig, k, v, cell, header)
                continue
            if m is None and v is not None and C._MARKUP.sub("", header).strip() == "γ":
                # a column headed by the symbol of the draft tokens a step alone ('| γ |' over
                # '| 7 |'): the row's configuration, its k (_gamma_column)
                labels.append(("γ", _label_value(cell)))
                continue
            if (
                v is None
                and m in C.ACCEPTANCE
                and i not in binned
                and _figure_span(m, cell) is not None
            ):
                # '0.36–0.47' under a rate: the row's run measured, but no one figure of it
                # printed: a record stating none, the range in its cells and its note
                _put_span(
                    slots.setdefault(slot if slot in slots else "", E.Figures()), m, header, cell
                )
                continue
            if m in (C.LABEL, None) or v is None:
                if m == C.LABEL or (v is None and m not in C.ACCEPTANCE):
                    labels.append((k.text or name.lower() or header, _label_value(cell)))
                continue
            if (
                m in (C.RATE, C.LENGTH)
                and v.max is not None
                and (
                    rsl := RSL.rate_and_length(
                        cell, m == C.RATE and bool(E._RATE_WORD.search(header))
                    )
                )
                is not None
            ):
                # '77.8% / 3.33' under 'EAGLE accept': one run's rate and length, two forms
                # (rate_slash_length.py), never two runs of one figure
                lk = (
                    k
                    if m == C.LENGTH
                    else C.Key(
                        C.LENGTH, f"{k.text} {C.UNSURE_LENGTH}", False, None, k.tool, k.pooled
                    )
                )
                rk = k if m == C.RATE else C.Key(C.RATE, k.text, True, None, k.tool, k.pooled)
                fig = slots.setdefault(slot if slot in slots else "", E.Figures())
                fig.put(C.RATE, rsl[0], rk, cell, header)
                fig.put(C.LENGTH, rsl[1], lk, cell, header)
                continue
            if (
                m in C.ACCEPTANCE
                and v.max is not None
                and (v.max != int(v.max) or "." in cell.rsplit("/", 1)[-1])
            ):
                # 'a / b' whose b is no whole maximum ('2.22 / 2.25', '1.00 / 1.00': two rounds):
                # two values, each its own record
                one = slots.setdefault(f"{slot} (1)".strip(), E.Figures())
                one.put(m, C.Value(v.number, v.percent, v.decimals), k, cell, header)
                two = slots.setdefault(f"{slot} (2)".strip(), E.Figures())
                two.put(m, C.Value(v.max, v.percent, v.decimals), k, cell, header)
                continue
            fig = slots.setdefault(slot if m in C.ACCEPTANCE or slot in slots else "", E.Figures())
            if m == C.ACCEPTED and v.max is not None and v.max == int(v.max) >= v.number:
                # '538/660' under 'accepted': accepted of drafted tokens
                fig.put(C.DRAFTED, C.Value(v.max, False, 0), C.key("drafted"), cell, header)
                v = C.Value(v.number, False, v.decimals)
            fig.put(m, v, k, cell, header)
        if ln in stats:
            # llama.cpp's draft statistics in one cell ('drafts 266/302, tokens 696/906'),
            # proven by the row's rate (stats_cells.py): its counts under llama.cpp's own keys
            sc, note = stats[ln]
            fig = slots.setdefault("", E.Figures())
            for sk, sv in (
                (STC.ACCEPTED_KEY, sc.accepted_tokens),
                (STC.DRAFTED_KEY, sc.tokens),
                (STC.STEPS_KEY, sc.drafts),
            ):
                key = C.key(sk)
                fig.put(key.metric or "", C.Value(float(sv), False, 0), key, str(sv), sk)
            if note:
                fig.notes.append(note)
        # counts and other figures without a group go to every slot
        if "" in slots and len(slots) > 1:
            shared = slots.pop("")
            for fig in slots.values():
                for attr in ("accepted", "drafted", "steps", "output", "k"):
                    if getattr(fig, attr) is None:
                        setattr(fig, attr, getattr(shared, attr))
        if (
            header_k is not None
            and _k_of_labels(labels) is None
            and not (k_cols and all(_EMPTY_CELL.match(_cell(cells, i)) for i in k_cols))
        ):
            for fig in slots.values():
                if fig.k is None:
                    fig.k = header_k  # the one k the header states ('measurement (k=1 greedy)')
        out.extend(_records(slots, labels, sources.get(ln, ctx), g.structure, (ln, ln), "column"))
    return out


# a range cell with a qualifier after it: a bracket of one to six words of letters (no digit, no
# measure's unit: 'varies by context')
_SPAN_QUALIFIED = re.compile(
    r"^(?P<range>[^()\[\]]{3,40}?)\s+[(\[][A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*){0,5}[)\]]$"
)


# a range cell, or two values joined by one arrow, then a note of one to six words of letters (no
# digit; its first word no unit, '2.7-3.6 tokens' is as before), in a bracket or after a space
# ('2.2-2.9 on long prompts', '1.4 → 2.6 (while warming)'); a bare arrowed pair stays a change
# (two runs, before and after)
_NOTE_WORDS = (
    r"(?!(?:tokens?|toks?|tps|ms|secs?|s|x|pp|percent|points?|steps?)\b)"
    r"[A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*){0,5}"
)
_SPAN_NOTED = re.compile(
    r"^(?P<range>[^()\[\]]{3,40}?)\s+(?:[(\[]" + _NOTE_WORDS + r"[)\]]|" + _NOTE_WORDS + r")$",
    re.I,
)
_ARROWED_PAIR = re.compile(
    r"^[~≈]?\s*(?P<a>\d+(?:\.\d+)?|\.\d+)\s*(?P<pa>%?)\s*"
    + V.ARROW
    + r"\s*[~≈]?\s*(?P<b>\d+(?:\.\d+)?|\.\d+)\s*(?P<pb>%?)$"
)


def _arrowed_span(text: str) -> tuple[C.Value, C.Value] | None:
    """(low, high) of two values of one kind joined by one arrow ('1.4 → 2.6', '71% -> 64%'),
    in either order; None otherwise (equal values, a '%' on the first side alone)."""
    m = _ARROWED_PAIR.match(text.strip())
    if m is None or (m.group("pa") and not m.group("pb")):
        return None
    a, b = C._plain(m.group("a")), C._plain(m.group("b"))
    if a is None or b is None or a[0] == b[0]:
        return None
    pct = bool(m.group("pb"))
    lo, hi = sorted((a, b))
    return C.Value(lo[0], pct, lo[1]), C.Value(hi[0], pct, hi[1])


def _figure_span(metric: str, cell: str) -> str | None:
    """The range a table cell prints for an acceptance figure ('0.36–0.47' under a rate, '2.4-2.9'
    under a length), as printed; None when the cell is no range, or one the figure cannot be
    (a rate above 1 without '%', a percentage of tokens per step, a length below 1)."""
    if metric in (C.POSITION, C.PER_POSITION):
        return None
    sp, whole = C.span(cell), C._MARKUP.sub("", cell).strip()
    if sp is None and (q := _SPAN_QUALIFIED.match(whole)) is not None:
        # '0.55-0.90 (varies by prompt)': the range, then a bracket of words saying how it varies
        sp, cell = C.span(q.group("range")), q.group("range")
    if sp is None and (q := _SPAN_NOTED.match(whole)) is not None:
        # '0.55-0.90 over long prompts', '1.4 → 2.6 (ramping up)': a range, or two values
        # joined by an arrow, then words saying what they span: the run's figure over a
        # stretch or a condition, no one value of it
        cell = q.group("range")
        sp = C.span(cell) or _arrowed_span(cell)
    if sp is None:
        return None
    lo, hi = sp
    if metric in (C.RATE, C.ACCEPT_RATIO):
        ok = hi.number <= (100.0 if hi.percent else 1.0)
    else:
        low = 0.0 if metric == C.ACC_PER_STEP else 1.0
        ok = not hi.percent and low <= lo.number and hi.number <= C.MAX_STEP_TOKENS
    return C._MARKUP.sub("", cell).strip() if ok else None


def _put_span(fig: E.Figures, metric: str | None, name: str, cell: str) -> bool:
    """Keep in ``fig`` a range an acceptance figure's cell prints (``_figure_span``): the run
    measured, no one figure of it printed; False when the cell is no such range."""
    if metric not in C.ACCEPTANCE or (sp := _figure_span(metric, cell)) is None:
        return False
    fig.spans.append((name, cell))
    fig.fields.append((name, cell))
    fig.notes.append(f"{name} printed as a range ({sp}): no one figure, none read")
    return True


# a cell of a bound ('< 1.3', '>= 70%', 'under 2.0'): a guide's band, no run's figure
_BOUND_CELL = re.compile(r"^\s*(?:[<>≤≥]=?|under|below|above|over)\s*~?\d", re.I)


def _bins(g: Grid, i: int) -> bool:
    """Whether a column's ranges adjoin ('0-10%', '10-20%'; '0.0-0.1', '0.1-0.2'): a
    histogram's bins, no run's range; or sit beside bounds in the same column ('< 1.3',
    '1.5 – 2.0', '> 2.0' over a verdict column): a guide's bands, no run's range either."""
    cells = [C._MARKUP.sub("", c[i]) for _, c in g.rows if i < len(c)]
    if any(_BOUND_CELL.match(c) for c in cells):
        return True
    spans = sorted(
        (lo.number, hi.number, max(lo.decimals, hi.decimals))
        for _, cells in g.rows
        if i < len(cells) and (sp := C.span(cells[i])) is not None
        for lo, hi in [sp]
    )
    return any(
        b[0] - a[1] <= 10.0 ** -max(a[2], b[2]) + 1e-9 and b[0] >= a[1] - 1e-9
        for a, b in zip(spans, spans[1:], strict=False)
    )


# an approximate cell ('~3 tokens', '≈ 2.5', 'about 4'); a range of approximations ('~1.8 (k=1)
# to ~3.5 (k=3)': two values of the same figure joined by 'to', each perhaps with its setting)
_APPROX_CELL = re.compile(r"^\s*(?:[~≈]|about\b|approx\.?|roughly\b)", re.I)
_APPROX_TO = re.compile(
    r"^\s*[~≈]?\s*\d+(?:\.\d+)?(?:\s*\([^()]{0,20}\))?\s+to\s+[~≈]?\s*\d+(?:\.\d+)?"
    r"(?:\s*\([^()]{0,20}\))?\s*$",
    re.I,
)
# a unit after a range's high end ('4.5–5.0 tokens', '2–3 tok/step')
_SPAN_UNIT = re.compile(r"\s*(?:tokens?|toks?)(?:\s*/\s*\w+)?\s*$", re.I)


def _range_cell(c: str) -> bool:
    return C.span(_SPAN_UNIT.sub("", c)) is not None or _APPROX_TO.match(c) is not None


def _typical_cell(cell: str) -> bool:
    c = C._MARKUP.sub("", cell).strip()
    return _APPROX_CELL.match(c) is not None or _range_cell(c)


_LENGTHS = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def _typical(g: Grid, i: int) -> bool:
    """Whether a column of an accept length prints a range in one cell ('4.5–5.0 tokens',
    '~1.8 (k=1) to ~3.5 (k=3)') beside approximations in others ('~3 tokens'): a guide's
    typical values (what a method usually gets), so its approximate cells are no run's figure.
    A column whose exact cells ('3.3', no mark of approximation, no range) outnumber the loose
    ones is a run's table with a few cells written loosely: its cells stay records."""
    cells = [C._MARKUP.sub("", c[i]).strip() for _, c in g.rows if i < len(c)]
    if not any(_APPROX_CELL.match(c) for c in cells):
        return False
    loose = sum(1 for c in cells if _typical_cell(c))
    exact = sum(1 for c in cells if C.value(c) is not None and not _typical_cell(c))
    return exact <= loose and any(_range_cell(c) for c in cells)


def _stats_cells(g: Grid, keys: list[tuple[C.Key, str]]) -> dict[int, tuple[STC.StatsCounts, str]]:
    """The rows whose draft statistics cell ('mtp: drafts 266/302, tokens 696/906', outside
    the acceptance columns) is read, by line: its counts and a note where the row's rate is a
    mean over repeats (stats_cells.py); only in a table with one rate column to prove them."""
    rate_cols = [i for i, (k, _) in enumerate(keys) if k.metric == C.RATE]
    if len(rate_cols) != 1 or not any("/" in c for _, cells in g.rows for c in cells):
        return {}
    ri = rate_cols[0]
    found: list[tuple[int, str, STC.StatsCounts | None]] = []
    for ln, cells in g.rows:
        sc = next(
            (
                got
                for i, c in enumerate(cells[: len(keys)])
                if i != ri
                and keys[i][0].metric not in C.ACCEPTANCE
                and (got := STC.counts(c)) is not None
            ),
            None,
        )
        found.append((ln, cells[ri] if ri < len(cells) else "", sc))
    if not any(sc is not None for *_, sc in found):
        return {}
    read = STC.admitted([(rate, sc) for _, rate, sc in found])
    return {
        ln: (sc, "" if proven else STC.MEAN_NOTE)
        for (ln, _, sc), (yes, proven) in zip(found, read, strict=True)
        if yes and sc is not None
    }


_NAMED_IN_BRACKET = re.compile(
    r"[,;]?\s*(?P<k>[A-Za-z][\w/ .-]{1,30}?)\s*=\s*(?P<v>\d+(?:\.\d+)?)\s*(?=[,;)])"
)


def _bracket_named(cell: str) -> tuple[str, list[tuple[C.Key, C.Value, str]]]:
    """The acceptance figures named inside a cell's bracket ('avg_toks_fwd=3.21'), and the cell
    without them; a bracket naming none is left as it is."""
    open_at = cell.find("(")
    got: list[tuple[C.Key, C.Value, str]] = []
    rest = cell
    for m in list(_NAMED_IN_BRACKET.finditer(cell, open_at)):
        k, v = C.key(m.group("k")), C.value(m.group("v"))
        if k.metric in C.ACCEPTANCE and v is not None:
            got.append((k, v, m.group("v")))
            rest = rest.replace(m.group(0), "")
    return (rest, got) if got else (cell, [])


# a cell of a rate with its counts, then a figure with its per-step unit after a comma or a
# semicolon ('45% (115/255), 2.35 tok/forward')
_SHARE_THEN_UNIT = re.compile(
    r"^(?P<share>[^,;]+?)\s*[,;]\s*(?P<val>\d{1,2}\.\d+)\s*(?P<unit>[A-Za-z][\w/ .-]*?)\s*$"
)


def _share_and_per_step(
    cell: str,
) -> tuple[tuple[C.Value, C.Value, C.Value], tuple[C.Value, C.Key, str]] | None:
    """(rate, accepted, drafted) and (tokens per step, its key, its text) of a cell printing a
    rate with the counts it divides (checked) and then tokens per step named by their unit
    (``tok/forward``, ``tokens/step``, ``tok/cycle``: the target's own token counted); None for
    any other cell (a unit that is no per-step one, ``tok/s``; counts that do not give the rate)."""
    m = _SHARE_THEN_UNIT.match(C._MARKUP.sub("", cell).strip())
    if m is None:
        return None
    unit = C.key(m.group("unit"))
    tv = C.value(m.group("val"))
    if unit.metric != C.TOK_PER_STEP or tv is None or not 1 <= tv.number <= C.MAX_STEP_TOKENS:
        return None
    sc = C.share_with_counts(m.group("share"))
    if sc is None:
        return None
    return sc, (tv, unit, m.group("val"))


# a note in brackets after a cell's figures ('(decaying)', full-width '（…）'), holding no digit
_TRAILING_NOTE = re.compile(r"\s*[(（][^()（）\d]*[)）]\s*$")


def _named_in_cell(cell: str) -> tuple[C.Key, C.Value, str, str] | None:
    """(key, value, name, value as printed) of a cell that is a value and the name of its
    figure after it, nothing else ('1.66 accepted tokens/round', '2.4 tokens/step', '3.1 accept
    length'); None otherwise."""
    t = C._MARKUP.sub("", cell).strip()
    m = _ACC_FIRST.fullmatch(t) or _LENGTH_FIRST.fullmatch(t)
    v = C.value(m.group("val")) if m is not None else None
    if m is None or v is None:
        return None
    name = t[m.end("val") :].strip()
    if m.re is _ACC_FIRST:
        if _acc_first_drafts(m):
            return C.Key(C.ACC_PER_STEP, "accepted drafts per step", False), v, name, m["val"]
        return C.Key(C.LENGTH, "accepted tokens per step", False), v, name, m["val"]
    k = C.key(m.group("key"))
    return (k, v, name, m["val"]) if k.metric in (C.LENGTH, C.TOK_PER_STEP) else None


# a whole count, then its share in brackets ('4 (8.3 %)', '1,208 (61%)')
_COUNT_SHARE = re.compile(r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)\s*\(\s*(?P<p>\d{1,3}(?:\.\d+)?)\s*%\s*\)")
# a whole count, then the same count a step in brackets ('406 (1.76/step)', '90 (2.25 per
# round)'): under an accepted count, the accepted drafts a step
_COUNT_PER_STEP = re.compile(
    r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)\s*\(\s*(?P<x>\d{1,2}(?:\.\d+)?)\s*(?:/|per\s+|a\s+)"
    + C.STEP_NOUN_RE
    + r"\s*\)"
)


# a decimal, then a share alone in brackets ('5.45 (64%)', '**2.10** (48 %)')
_COUNT_THEN_SHARE = re.compile(
    r"^\s*(?P<v>[*`]{0,2}\d+\.\d+[*`]{0,2})\s*\(\s*\d+(?:\.\d+)?\s*%\s*\)\s*$"
)


def _cell_figures(fig: E.Figures, k: C.Key, v: C.Value | None, cell: str, header: str) -> bool:
    """Put the figures of a cell that is no single value under an acceptance metric: a rate
    with the counts it divides ('~16% (accept 52 / reject 265)'), or rates per draft position
    listed with spaces under a rate ('0.94 0.68 0.34'). False when the cell is neither."""
    if (
        k.metric == C.PER_POSITION
        and not fig.positions
        and fig.steps is None
        and (pcs := PCN.read(C._MARKUP.sub("", cell))) is not None
        and (fig.accepted is None or fig.accepted.number == sum(pcs[0]))
    ):
        # '141/114/90 of 166' in a per-position row: the drafts accepted at each position out
        # of the run's verify steps: their sum the accepted drafts, each over the steps its
        # position's rate (the identities then decide the length: position_counts.py)
        # (their sum checked against the run's accepted count once the run is read: evidence.py)
        counts, steps = pcs
        fig.positions.update((i, c / steps) for i, c in enumerate(counts))
        sk = C.Key(C.STEPS, "verify steps", False, None, k.tool, k.pooled)
        fig.put(C.STEPS, C.Value(float(steps), False, 0), sk, f"{steps}", "verify steps")
        fig.position_counts = counts
        fig.fields.append((header, cell))
        return True
    if (
        k.metric == C.PER_POSITION
        and not fig.positions
        and (rl := C.rate_list(_TRAILING_NOTE.sub("", C._MARKUP.sub("", cell)), k.percent))
    ):
        # '72.3 / 53.2 / 39.6% (decaying)' in a per-position row of a transposed table: the
        # column's rates by position ('81% / 51%' too, never a value over another), a note in
        # brackets after them dropped
        fig.positions.update(enumerate(rl))
        fig.fields.append((header, cell))
        return True
    if (
        v is None
        and k.metric == C.ACCEPTED
        and fig.accepted is None
        and (cs := _COUNT_SHARE.fullmatch(C._MARKUP.sub("", cell).strip())) is not None
        and (n := C.value(cs.group("n"))) is not None
        and (share := C.value(cs.group("p") + "%")) is not None
    ):
        # '4 (8.3 %)' under 'accepted': the count and its share in brackets, the rate where it
        # is the count over the row's drafted count (checked once the row is read: evidence.py)
        fig.put(C.ACCEPTED, n, k, cs.group("n"), header)
        fig.accepted_share = share
        return True
    if (
        v is None
        and k.metric == C.ACCEPTED
        and fig.accepted is None
        and fig.acc_per_step is None
        and (cp := _COUNT_PER_STEP.fullmatch(C._MARKUP.sub("", cell).strip())) is not None
        and (n := C.value(cp.group("n"))) is not None
        and (x := C.value(cp.group("x"))) is not None
    ):
        # '406 (1.76/step)' under 'accepted': the count, and in brackets the accepted drafts a
        # step (the bonus left out: it is never drafted; the row's steps check it: evidence.py)
        fig.put(C.ACCEPTED, n, k, cp.group("n"), header)
        ak = C.Key(C.ACC_PER_STEP, "accepted drafts per step", False, None, k.tool, k.pooled)
        fig.put(C.ACC_PER_STEP, x, ak, cp.group("x"), header)
        return True
    if (
        v is None
        and k.metric in (C.RATE, C.ACCEPT_RATIO, C.LENGTH)
        and (lr := C.length_and_rate(cell))
    ):
        # '2.41 (61%)': a length and its rate, whose ranges tell them apart; under a name that
        # says no length ('acceptance'), the length's convention is unknown
        lk = (
            k
            if k.metric == C.LENGTH
            else C.Key(C.LENGTH, f"{k.text} {C.UNSURE_LENGTH}", False, None, k.tool, k.pooled)
        )
        rk = k if k.metric != C.LENGTH else C.Key(C.RATE, k.text, True, None, k.tool, k.pooled)
        fig.put(C.LENGTH, lr[0], lk, cell, header)
        fig.put(C.RATE, lr[1], rk, cell, header)
        return True
    if (
        v is None
        and k.metric == C.ACC_PER_STEP
        and (cs := _COUNT_THEN_SHARE.match(cell)) is not None
        and (cv := C.value(cs.group("v"))) is not None
    ):
        # '5.45 (64%)' under 'acc drafts/round': the accepted drafts a step, a share beside
        # them whose base the cell leaves unsaid (of the drafts, of the tree, of the steps): the
        # count kept, the share not read as the rate
        fig.put(C.ACC_PER_STEP, cv, k, cell, header)
        return True
    if v is None and k.metric == C.RATE and (asd := CPH.accepted_share_drafts(cell)) is not None:
        # '1.92 accepted/round, 63.9% drafted, avg draft 3.00': the accepted drafts a step are
        # the share of the drafts a step made, so they leave the target's token out
        # (cell_phrases.py)
        ak = C.Key(C.ACC_PER_STEP, "accepted drafts per step", False, None, k.tool, k.pooled)
        fig.put(C.ACC_PER_STEP, asd[0], ak, cell, header)
        fig.put(C.RATE, asd[1], k, cell, header)
        return True
    if v is None and k.metric in (C.RATE, C.LENGTH) and (nc := _named_in_cell(cell)) is not None:
        # '1.66 accepted tokens/round' under 'Acceptance': the figure the cell's own words name
        # (under the cell's own name: one name printed one way across the column)
        fig.put(nc[0].metric or C.LENGTH, nc[1], nc[0], nc[3], nc[2])
        return True
    if v is not None or k.metric not in (C.RATE, C.ACCEPT_RATIO, C.PER_POSITION):
        return False
    if k.metric == C.RATE and (ph := CPH.rate_of_drafts(cell)) is not None:
        # '27% of drafted tokens': the rate, written as a phrase (cell_phrases.py)
        fig.put(C.RATE, ph, k, cell, header)
        return True
    if k.metric == C.RATE and (ph := CPH.rate_before_positions(cell)) is not None:
        # '~6% (pos 4+: 0.000)': the rate, the later positions' own not read (cell_phrases.py)
        fig.put(C.RATE, ph, k, cell, header)
        return True
    if k.metric == C.RATE and (rtl := CPH.rate_then_length(cell)) is not None:
        # '31% window, len 2.40': the length named after the rate (cell_phrases.py)
        if rtl[0] is not None:
            fig.put(C.RATE, rtl[0], k, cell, header)
        lk = C.Key(C.LENGTH, "len", False, None, k.tool, k.pooled)
        fig.put(C.LENGTH, rtl[1], lk, cell, header)
        return True
    if k.metric == C.RATE and (crl := CPH.counted_rate_then_length(cell)) is not None:
        # '231/267 = 86.52%, mean length 1.87': the share with its counts, then the length
        # named after it (cell_phrases.py)
        (rate, acc, drf), length = crl
        fig.put(C.RATE, rate, k, cell, header)
        fig.put(C.ACCEPTED, acc, C.key("accepted"), f"{acc.number:g}", "accepted")
        fig.put(C.DRAFTED, drf, C.key("drafted"), f"{drf.number:g}", "drafted")
        lk = C.Key(C.LENGTH, "len", False, None, k.tool, k.pooled)
        fig.put(C.LENGTH, length, lk, cell, header)
        return True
    if k.metric == C.RATE and (rps := CPH.rate_then_per_step(cell)) is not None:
        # '52.0% (mean 3.64 tok/step)': the rate and its run's tokens a step, the length's
        # convention untold (cell_phrases.py)
        fig.put(C.RATE, rps[0], k, cell, header)
        lk = C.Key(C.LENGTH, f"{k.text} {C.UNSURE_LENGTH}", False, None, k.tool, k.pooled)
        fig.put(C.LENGTH, rps[1], lk, cell, header)
        return True
    if k.metric == C.RATE and not fig.positions and (at := CPH.rate_at_position(cell)):
        # '69% at position 0, ~0% after': that position's rate alone (cell_phrases.py)
        fig.positions[at[0]] = at[1]
        fig.fields.append((header, cell))
        return True
    if k.metric == C.RATE and (sp := _share_and_per_step(cell)) is not None:
        # '45% (115/255), 2.35 tok/forward': the rate with its counts, and tokens per verify
        # step named by their unit (the target's own token counted)
        (rate, acc, drf), (tv, tk, tt) = sp
        fig.put(C.RATE, rate, k, cell, header)
        fig.put(C.ACCEPTED, acc, C.key("accepted"), f"{acc.number:g}", "accepted")
        fig.put(C.DRAFTED, drf, C.key("drafted"), f"{drf.number:g}", "drafted")
        fig.put(C.TOK_PER_STEP, tv, tk, tt, tk.text)
        return True
    if k.metric != C.PER_POSITION and (sc := C.share_with_counts(cell)) is not None:
        fig.put(k.metric, sc[0], k, cell, header)
        fig.put(C.ACCEPTED, sc[1], C.key("accepted"), f"{sc[1].number:g}", "accepted")
        fig.put(C.DRAFTED, sc[2], C.key("drafted"), f"{sc[2].number:g}", "drafted")
        return True
    if k.metric != C.PER_POSITION and (rc := C.rate_with_counts(cell)) is not None:
        # '0.633 (378 steps, 1676/2646)': the rate, the counts it divides (checked) and the
        # verify steps where the bracket names them so (a count named after drafts is told
        # apart by a stated k: counted.py)
        fig.put(k.metric, rc.rate, k, cell, header)
        fig.put(C.ACCEPTED, rc.accepted, C.key("accepted"), f"{rc.accepted.number:g}", "accepted")
        fig.put(C.DRAFTED, rc.drafted, C.key("drafted"), f"{rc.drafted.number:g}", "drafted")
        if rc.steps is not None:
            sk = C.Key(C.STEPS, rc.count_name, False, None, None, False)
            fig.put(C.STEPS, rc.steps, sk, f"{rc.steps.number:g}", rc.count_name)
        return True
    rl = C.spaced_rates(cell)
    if rl is None or fig.positions:
        return False
    for pos, r in enumerate(rl):
        fig.positions[pos] = r
    fig.fields.append((header, cell))
    return True


# a header naming the engine its figures are compared against ('speedup vs vLLM'): not theirs
_AGAINST = re.compile(r"\b(?:vs\.?|versus|than|over|against|relative to)\s", re.I)


def _column_sources(cols: list[tuple[str, str]], ctx: Ctx) -> dict[int, Ctx]:
    """Each column's own engine where the columns' headers each name one, two engines or more
    among them ('| metric | CPU llama.cpp (ours) | GPU vLLM (quoted) |'): a column naming an
    engine is that engine's, whatever else the block names; a column naming none keeps the
    block's."""
    own = {
        j: t
        for j, col in enumerate(cols)
        if j
        and (t := T.engine_of(name := " ".join(x for x in col if x))) is not None
        and not _AGAINST.search(name)
    }
    if len(own) == 1 and len(cols) > 2 and ctx[0] in own.values():
        # one run's column naming the block's engine beside columns naming none ('| Metric |
        # Our stack | Other vLLM recipe |'): the columns compare setups, so the engine named
        # for one is no word of the others' (their tool untold; the block's engine may be
        # named by that header alone)
        ((j0, t0),) = own.items()
        others = {
            j: ("unknown", E.OTHER_COLUMN_SOURCE_RULE.format(tool=t0), ctx[2])
            for j in range(1, len(cols))
            if j != j0
        }
        return {j0: (t0, E.ONE_COLUMN_SOURCE_RULE, ctx[2]), **others}
    if len(set(own.values())) < 2:
        return {}
    return {j: (t, E.COLUMN_SOURCE_RULE, ctx[2]) for j, t in own.items()}


# the rows of a transposed table whose cells of a change give a record a side: the acceptance
# figures but per-position rates, and the counts (whole numbers on both sides)
_CHANGED_METRICS = frozenset(
    (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE, C.ACCEPT_RATIO, C.ACCEPTED, C.DRAFTED)
)


# a metric's cell of a table of metrics as rows printing the column's run and, in brackets,
# another branch's value of the same figure (named by one word: the code line it was built
# from), perhaps with the figure's ceiling after it ('1.185 (main 1.255, ceiling 7)'): two runs
_BRANCH_ASIDE = re.compile(
    r"^(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*\(\s*"
    r"(?P<who>main|master|trunk|upstream|before|old|previous|prev|stock)\s*:?\s*"
    r"(?P<w>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)"
    r"(?:\s*[,;]\s*(?:ceiling|max|maximum|cap|limit)\s*:?\s*(?P<n>\d{1,2}))?\s*\)$",
    re.I,
)


def branch_aside(cell: str) -> tuple[C.Value, str, str, C.Value, str] | None:
    """A cell's value, the other branch's name, and its value, each with its text, where the
    cell prints the column's run and another branch's in brackets (``_BRANCH_ASIDE``): both of
    one form (a share both or neither), below the ceiling printed after them (a whole number,
    a length's); else None."""
    m = _BRANCH_ASIDE.match(C._MARKUP.sub("", cell).strip())
    if m is None:
        return None
    a, b = m.group("v").replace(" ", ""), m.group("w").replace(" ", "")
    if a.endswith("%") != b.endswith("%"):
        return None
    va, vb = C.value(a), C.value(b)
    if va is None or vb is None:
        return None
    if (n := m.group("n")) is not None:
        top = int(n)
        if va.percent or not (va.number < top and vb.number < top):
            return None
        va = dataclasses.replace(va, max=float(top))
        vb = dataclasses.replace(vb, max=float(top))
    return va, a, m.group("who").lower(), vb, b


def _by_columns(g: Grid, cols: list[tuple[str, str]], ctx: Ctx) -> list[PasteRecord]:
    out: list[PasteRecord] = []
    width = len(cols)
    sources = _column_sources(cols, ctx)
    # each column's statistic (avg, p50, min, ...) where its name is one
    stat_cols = {
        j: m.group(1).lower()
        for j in range(1, width)
        if (m := _STAT_COL.match(" ".join(x for x in cols[j] if x).strip()))
    }
    of_stats = width > 1 and len(stat_cols) == width - 1  # every column a statistic
    # a column comparing the others ('Δ', 'Delta', 'Change'), or one of signed figures
    # ('+134.7%'), holds changes against a baseline: no record of its own
    chosen: list[int] = [
        j
        for j in range(1, width)
        if not _COMPARE_COLUMN.match(C._MARKUP.sub("", " ".join(x for x in cols[j] if x)).strip())
        and not _planned_column(" ".join(x for x in cols[j] if x))
        and not any(
            j < len(cells) and _SIGNED.match(C._MARKUP.sub("", cells[j]))
            for _, cells in g.rows
            if C.key(cells[0]).metric in C.ACCEPTANCE
        )
    ]
    # a column pooling the run columns beside it ('| run A | run B | pooled |', its figures
    # between theirs): the runs taken together, no run of its own (pooled_column.py)
    pooling = POOLC.columns(
        [" ".join(x for x in c if x) for c in cols], [cells for _, cells in g.rows], chosen
    )
    if pooling:
        chosen = [j for j in chosen if j not in pooling]
    # rows that are series of accepted drafts per step (values below and above 1)
    series_rows = {
        r
        for r, (_, cells) in enumerate(g.rows)
        if cells and accepted_series(cells[0], cells[1:], g.rows[r - 1][1][1:] if r > 0 else [])
    }
    if of_stats:
        # columns of statistics of one run (avg, p50, min, ...): one record, the mean first
        order = sorted(chosen, key=lambda j: _STAT_PREF.get(stat_cols[j], 9))
        chosen = order[:1]
    # the figures rows give that are not named as the run's totals: a totals row of a figure
    # no other row gives ('Overall accept rate' under 'Avg. accept length') is the run's own
    plain = {
        k.metric
        for r, (_ln, cells) in enumerate(g.rows)
        if r not in series_rows and not (k := C.key(cells[0])).pooled
    }
    for j in chosen:
        fig = E.Figures()
        # rows named as the run's totals ('Token-Weighted Acceptance Length') beside the
        # per-request means of the same figure: their own record
        pooled = E.Figures()
        labels: list[tuple[str, str]] = []
        name = " ".join(x for x in cols[j] if x)
        if name:
            labels.append(("column", _label_value(name)))
        # the rows of the column's acceptance figures, and those the totals' record took:
        # the two records follow the order of their first rows
        figure_rows: list[int] = []
        pooled_rows: set[int] = set()
        # the sides of cells of a change ('1.62 → 1.69'), in order: a record each
        sides: dict[int, E.Figures] = {}
        # another branch's values in brackets ('1.185 (main 1.255)'), by the branch: a record each
        branches: dict[str, E.Figures] = {}
        for r, (_ln, cells) in enumerate(g.rows):
            k = _series_key(cells[0]) if r in series_rows else C.key(cells[0])
            cell = cells[j] if j < len(cells) else ""
            if not cell:
                continue
            if k.metric in C.ACCEPTANCE:
                figure_rows.append(r)
            v = C.value(cell)
            if _short_not_rate(k, v, cell, cells[0]):
                continue
            if k.metric == C.LABEL or (k.metric == C.K and v is not None):
                labels.append((k.text, _label_value(cell)))
            elif k.metric == C.RATE and v is None and (pc := PC.read(cell)) is not None:
                # '0.81 aggregate (4,050/5,000), per-prompt median 0.79': the run's totals'
                # ratio and a statistic over its items, each its own record (pooled_cell.py)
                if pooled.put(C.RATE, pc.pooled, k, cell, cells[0]):
                    pooled.pooled_by_name = pooled.pooled_by_name or f"{k.text} {pc.pool_word}"
                    if pc.accepted is not None and pc.drafted is not None:
                        a, d = pc.accepted, pc.drafted
                        pooled.put(C.ACCEPTED, a, C.key("accepted"), f"{a.number:g}", "accepted")
                        pooled.put(C.DRAFTED, d, C.key("drafted"), f"{d.number:g}", "drafted")
                fig.put(C.RATE, pc.stat, k, cell, cells[0])
            elif (
                v is None
                and k.metric in _CHANGED_METRICS
                and (vals := _several_changed(cell)) is not None
                and (
                    k.metric in C.ACCEPTANCE
                    or all(not x.percent and x.number == int(x.number) for x in vals)
                )
            ):
                # '1.62 → 1.69' in a metric's row of a transposed table: the column's run before
                # and after a change, each side its own record, as a row's cell of a change is
                for i, one_v in enumerate(vals):
                    sides.setdefault(i, E.Figures()).put(k.metric, one_v, k, cell, cells[0])
                continue
            elif (
                v is None and k.metric in C.ACCEPTANCE and (aside := branch_aside(cell)) is not None
            ):
                # '1.185 (main 1.255, ceiling 7)': the column's run, and the other branch's
                fig.put(k.metric, aside[0], k, aside[1], cells[0])
                branches.setdefault(aside[2], E.Figures()).put(
                    k.metric, aside[3], k, aside[4], cells[0]
                )
                continue
            elif _cell_figures(fig, k, v, cell, cells[0]):
                continue
            elif v is None and _put_span(fig, k.metric, cells[0], cell):
                # '2.4-2.9' in a metric's row of a transposed table: that column's run measured,
                # no one figure printed (as a row's range cell)
                continue
            elif k.metric is not None and v is not None:
                if k.pooled and k.metric in plain and pooled.put(k.metric, v, k, cell, cells[0]):
                    pooled.pooled_by_name = pooled.pooled_by_name or k.text
                    pooled_rows.add(r)
                    continue
                fig.put(k.metric, v, k, cell, cells[0])
        if pooled.has_acceptance() and not fig.has_acceptance():
            fig, pooled = pooled, E.Figures()
        _accepted_to_totals(fig, pooled)
        if of_stats:
            st = stat_cols[j]
            labels = [lab for lab in labels if lab[0] != "column"]
            fig.notes.append(f"the '{cols[j][1] or cols[j][0]}' column of a table of statistics")
            if fig.length is not None and fig.length.statistic is None:
                fig.length = C.Value(
                    fig.length.number,
                    fig.length.percent,
                    fig.length.decimals,
                    fig.length.max,
                    "median" if st in ("p50", "median") else "mean",
                )
        mine = _records(
            {"": fig},
            labels,
            sources.get(j, ctx),
            g.structure + " (transposed)",
            (g.first_line, g.last_line),
            "column",
        )
        if any(f.has_acceptance() for f in sides.values()):
            mine += _records(
                {f"({i + 1})": f for i, f in sorted(sides.items())},
                labels,
                sources.get(j, ctx),
                g.structure + " (transposed)",
                (g.first_line, g.last_line),
                "change",
            )
        if any(f.has_acceptance() for f in branches.values()):
            mine += _records(
                branches,
                labels,
                sources.get(j, ctx),
                g.structure + " (transposed)",
                (g.first_line, g.last_line),
                "branch",
            )
        if pooled.has_acceptance():
            pooled.notes.append(f"the '{pooled.pooled_by_name}' row: the run's totals' ratio")
            totals = _records(
                {"": pooled},
                [*labels, ("figure", pooled.pooled_by_name)],
                sources.get(j, ctx),
                g.structure + " (transposed)",
                (g.first_line, g.last_line),
                "column",
            )
            own = [r for r in figure_rows if r not in pooled_rows]
            if pooled_rows and own and min(pooled_rows) < min(own):
                mine, totals = totals, mine
            mine = mine + totals
        out.extend(mine)
    return out


def _one_plus(acc: C.Value, length: C.Value) -> bool:
    """Whether ``length`` is 1 + ``acc`` within both values' printed rounding."""
    slack = C.half_unit(acc.decimals) + C.half_unit(length.decimals)
    return abs(1 + acc.number - length.number) <= slack + 1e-9


def _accepted_to_totals(fig: E.Figures, pooled: E.Figures) -> None:
    """A column's row of accepted drafts a step named neither way ('Accepted draft length | 1.73
    / 4') beside a totals' length and a per-request mean length: it goes with the length it is
    1 less than (the totals' 2.73, not the mean's 2.76), where only that one fits; the identity
    then decides the bonus there. Where both or neither fit it stays where it was put."""
    a, mine, theirs = fig.acc_per_step, fig.length, pooled.length
    if a is None or mine is None or theirs is None or pooled.acc_per_step is not None:
        return
    if _one_plus(a, theirs) and not _one_plus(a, mine):
        pooled.acc_per_step, fig.acc_per_step = a, None
        pooled.acc_per_step_name, fig.acc_per_step_name = fig.acc_per_step_name, ""
        moved = [f for f in fig.fields if C.key(f[0]).metric == C.ACC_PER_STEP]
        fig.fields = [f for f in fig.fields if f not in moved]
        pooled.fields.extend(moved)


# --------------------------------------------------------------------------- key-value, prose

# a number: digit groups with thousands separators, or plain digits, with decimals
_DIGITS = r"(?:\d{1,3}(?:[,' _\u202f]\d{3})+(?![\d])(?:\.\d+)?|\d+(?:[.,]\d+)?|\.\d+)"
# what a value is over ('2.6 / 5', '1,705/2,374'): a number after '/', its thousands set apart
# by commas only where every group after the first has three digits (never a list: '1,2/3')
_OVER = (
    # (a mean of the tokens a step holds at most, '3.2 of four total tokens/step': its most, the
    # unit with it; cells.value reads the value out of it)
    r"(?:\s*(?<=[\d\s])of\s+" + C.OF_MOST_NUMBER + r"\s+" + C.OF_MOST_UNIT + "|"
    r"\s*/\s*(?:\d{1,3}(?:,\d{3})+(?![\d.]|,\d)|\d+(?:\.\d+)?)"
    # (never the second of a list of three or more: '2.41 / 2.87 / 3.12')
    r"(?!\s*/\s*\.?\d)"
    # ... or 'A of B' of whole counts ('acceptance 54 of 80': accepted of drafted; '54 out of 80')
    r"|\s*(?<=[\d\s])(?:out\s+)?of\s+(?:\d{1,3}(?:,\d{3})+|\d+)(?![\d%]|[.,]\d|\s*(?:%|percent)))"
)
# a statistic word after the value ('3.4 median'), not the first word of the next key
_STAT_AFTER = (
    r"(?:\s+(?:median|p50|avg|mean)\b(?!\s+(?:acc|accept|draft|len|rate|num|tok|verify|spec)))?"
)
# a count of the population a figure was measured over, after the number ('the first 32
# queries', '500 requests'): it qualifies the name and is never the figure's value
# the first term of a formula ('tokens per round is `1 + accept_rate × (block − 1)`'): a
# definition, never a measured value
# the words that open an aside after a spaced hyphen, never a formula's term
_ASIDE_WORDS = (
    r"(?:this|that|it|its|which|not|so|and|but|pretty|quite|very|too|still|looks?|seems?|"
    r"good|bad|ok|okay|fine|great|nice|decent|poor|terrible|awful|meh)"
)
_FORMULA_AFTER = (
    # (a '*' after a space and right before a bracket opens emphasis, '64.3% *(avg ...)*': no
    # operator)
    # (nor one that opens an emphasised word closed on the line, '2.50 *during* warmup': a star
    # after a space, a word of two letters or more right after it, a star right after a later
    # word's last letter, no operator after that star: '2.50 *k*', one symbol, and '2.50 *k* +
    # 1' stay formulas)
    # (a spaced hyphen opening an aside, a pronoun or a judging word after it, '0.41 - this
    # is bad', '2.6 - not great': a dash of prose, no minus)
    r"(?<!\s[*])(?![*`]{0,2}\s*(?:[+×·−]|-(?!\s+" + _ASIDE_WORDS + r"\b)|(?<!\s)\*|"
    r"\*(?!\(|[A-Za-z]{2}[^*\n]{0,40}(?<=[^\s*])\*(?!\*|\s*[+×·−*/=^-])))\s*[*`]{0,2}[A-Za-zα-ωτ_(])"
    # a term divided by a bracket ('128 / (128 - 96)'): a formula, not 'x / max'
    r"(?!\s*[/÷]\s*\()"
    # the first term of arithmetic over numbers ('is 1 + 0.7 × 4 ≈ 3.8'): a sum whose second
    # number is worked on further or given its result, a calculation, never a measured value
    r"(?![*`]{0,2}\s*\+\s*\d+(?:\.\d+)?%?\s*(?:[×*·x/+]|=|≈))"
)
# a number's thousands suffix then a noun of what a request's input or window holds ('2K input',
# '1.5k prompt tokens', '32k-token context'): a size, never an acceptance figure
THOUSANDS_SIZE = (
    r"(?![kK](?![A-Za-z])[\s-]*(?:(?:input|output|prompt|context|ctx|sequence|seq|token|tok)s?|"
    r"(?:[\w-]+\s+){0,2}?(?:tokens?|context|window|input|prompt)s?)\b)"
)
_POPULATION_AFTER = (
    r"(?!\s*(?:queries|query|requests|prompts|samples|questions|examples|conversations|"
    r"sequences|problems|turns|items|tasks|"
    # ... or of the repeats it was averaged over ('across all 12 runs', 'over 5 seeds')
    r"runs|trials|seeds|repeats|repetitions)\b)"
    # a model's size after it ('Kestrel 2 7B', 'Heron 3 70B'): the number is the model's name;
    # a thousands suffix then what a prompt or window is counted in ('~4K input', '1.5k prompt
    # tokens', '32k context'): a size of the input, never a length or a rate
    r"(?!\s+\d+(?:\.\d+)?[BM]\b)" + THOUSANDS_SIZE
)
# what follows a key-value pair's key and the spaces after it: the separator, the value (all of
# _PAIR after its key, kept apart for `_pairs`)
_PAIR_SEP_ON = (
    # ('2.93 out of 4': the 'of' of a value out of its most, never a separator)
    r"(?::|=|\bis\b|\bwas\b|(?<!\d\s)(?<!\d\sout\s)\bof\b|\bas\b|"
    # what a run keeps printing ('will always be 100%'; never 'should / would always be', an
    # expectation)
    r"\bwill\s+always\s+be\b|≈|(?<!\d)(?<!\d\s)~|(?<=\s)[—–](?=\s))\s*"
    # a hedge or degree word, or two, before the value ('was exactly 0.0%', 'is only 1.3', 'is
    # always 0%', 'is always around 60%', 'of only around 1.4')
    r"(?:always\s+)?(?:(?:exactly|only|just|about|around|roughly|approximately|nearly|almost|"
    r"still|now|consistently)\s+){0,2}"
    # ('is in the range of 0.86', 'is on the order of 70%': one approximate value; a range after
    # it, '0.8-0.9', is read as a range below)
    r"(?:(?:in\s+the\s+(?:range|region|ballpark)|on\s+the\s+order)\s+of\s+)?"
    # an approximate value after the separator ('setup 2: ~2.34', ': ≈ 2.4', ': **~16%**'):
    # still the value
    r"(?:[*`]{0,2}[~≈]\s*)?"
    r"(?P<val>[*`]{0,2}(?:(?<![A-Za-z])(?:median|p50|avg|mean|average|max|min)\b)?\s*[-+]?"
    + _DIGITS
    + r"\s*%?"
    r"(?:\s*±\s*[\d.]+)?" + _OVER + r"?[*`]{0,2}" + _STAT_AFTER + ")"
    # not a multiplier ('is about 2x faster', '1.5×'): a speedup, never an acceptance figure;
    # not a count of what the figure was measured over ('over 32 queries: 1.8')
    r"(?!\d|[.,]\d|\s*[x×](?![a-z]))" + _POPULATION_AFTER + _FORMULA_AFTER
)
_PAIR_KEY_CHARS = r"[^:=\n]"  # a key's characters after its first
_PAIR_KEY_MOST = 81  # a key's most characters (one, then up to 80)
_PAIR = re.compile(
    # (a separator ahead first: a stretch with none fails at once)
    r"(?=[^\n]{0,82}?(?:[:=≈~—–]|\b(?:is|was|of|as|will)\b))(?P<key>[A-Za-zτ#*_`]"
    + _PAIR_KEY_CHARS
    + r"{0,80}?)\s*"
    + _PAIR_SEP_ON,
    re.I,
)
# the places a separator and its value start (zero-width: every one, overlapping or not)
_PAIR_SEP_AT = re.compile(r"(?=" + _PAIR_SEP_ON + ")", re.I)


def _key_break(chars: str, flags: int = 0) -> re.Pattern[str]:
    """A character no key of the class ``chars`` holds (its exact complement, same flags): where
    a key of `_keyed`'s pattern cannot run through."""
    return re.compile(r"(?!" + chars + r")[\s\S]", flags)


# a character no key holds (the exact complement of the key's characters, same flags)
_PAIR_KEY_BREAK = _key_break(_PAIR_KEY_CHARS, re.I)
_SPACE_AT = re.compile(r"\s")
_LONG_SPACES = re.compile(r"\s{64}")


# a number, then spaces to the end (what stands before a unit word: '1.500 tokens/forward')
_UNIT_OF_NUMBER = re.compile(r"\d[ \t]*[*`]{0,2}[ \t]*$")
# a unit of tokens a step, the whole key ('tokens/forward', 'tok/step', 'tokens per verify
# step'; never 'token/s, Acceptance length', a speed's unit and the next field's name)
_TOKEN_UNIT = re.compile(r"(?:tokens?|toks?)(?:\s*(?:/\s*\w+|per(?:\s+\w+){1,2}))?\s*[-—–]?", re.I)


def _pairs(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_PAIR` in ``text``, those of ``_PAIR.finditer(text)``: the whole
    pattern tried only where a key may start before a separator and its value (at most a key's
    length before the spaces that precede the separator; its lazy key tried at every letter of
    a line cost ~8x)."""
    return _keyed(_PAIR, _PAIR_SEP_AT, _PAIR_KEY_MOST, _PAIR_KEY_BREAK, text)


def _keyed(
    pat: re.Pattern[str],
    after_at: re.Pattern[str],
    most: int,
    breaks: re.Pattern[str],
    text: str,
) -> Iterator[re.Match[str]]:
    """The matches of ``pat.finditer(text)``, for a pattern made of a key (at most ``most``
    characters, none that ``breaks`` finds), spaces, then what ``after_at`` (zero-width) finds:
    ``pat`` tried only within a key's reach before each place ``after_at`` finds."""
    if _LONG_SPACES.search(text):
        # (a long run of spaces, as where figures already read were blanked: each place in it
        # would scan the rest of the run for what follows a key; the plain search is cheaper)
        yield from pat.finditer(text)
        return
    start = 0  # no match starts before it
    tried = 0  # the places before it were tried (or skipped)
    stops: list[int] | None = None  # where a key cannot run through
    for after in after_at.finditer(text):
        at = after.start()
        if at < start:
            continue
        spaces = at
        while spaces > 0 and _SPACE_AT.match(text, spaces - 1):
            spaces -= 1
        if stops is None:
            stops = [b.start() for b in breaks.finditer(text)]
        i = bisect.bisect_left(stops, spaces)
        p = max(start, tried, spaces - most, stops[i - 1] + 1 if i else 0)
        while p < at:
            m = pat.match(text, p)
            if m is None:
                p += 1
                continue
            yield m
            start = p = m.end()
        tried = max(tried, at)


# what follows a bare pair's key and the spaces after it: a hedge, the value (all of _PAIR_BARE
# after its key, kept apart for `_keyed`)
_PAIR_BARE_VALUE_ON = (
    # a hedge or degree word between the name and its value ('mean acceptance length only
    # 2.82', 'accept rate just 41%')
    r"(?:(?=[a-z]{3,13}\s+[*`]{0,2}\d)(?:only|just|exactly|about|around|roughly|"
    r"approximately|nearly|near|almost|still|now|barely|merely|consistently)\s+)?"
    r"(?P<val>[*`]{0,2}(?:(?<![A-Za-z])(?:median|p50|avg|mean|average|max|min)\b)?\s*(?<![\w.])[-+]?(?<![A-Za-z]-)"
    + _DIGITS
    + r"\s*%?"
    + _OVER
    + r"?[*`]{0,2}"
    + _STAT_AFTER
    + r")(?!\w|\.\d)"
    # a number inside the label, before its separator ('setup 2: ~2.34'), or a count of what
    # the figure was measured over ('AL over the first 32 queries'): never the value
    r"(?!\s*[:=])" + _POPULATION_AFTER + _FORMULA_AFTER
)
_PAIR_BARE_KEY_CHARS = r"[A-Za-zτ#*_`./ -]"  # a bare key's characters after its first
_PAIR_BARE_KEY_MOST = 61  # a bare key's most characters (one, then up to 60)
_PAIR_BARE = re.compile(
    # (a digit ahead first: a line with none fails at once instead of trying every key length)
    r"(?=[^\d\n]{0,80}\d)(?P<key>[A-Za-zτ#*_`]"
    + _PAIR_BARE_KEY_CHARS
    + r"{0,60}?)\s*"
    + _PAIR_BARE_VALUE_ON,
    re.I,
)
# a bare key's last word a preposition ('acceptance rate on'): what follows is its object
_PREPOSITION_TAIL = re.compile(r"(?<![\w-])(?:on|for|with|under|using|from|by)[\s*`_]*$", re.I)
# a rate's bare key ending on 'at' ('steady-state acceptance at'), and after its plain number a
# noun the draft tokens a step are counted in ('3 draft tokens', '4 speculative tokens', '2
# drafts'): the number is the run's draft count, a setting, never the rate's value
_AT_TAIL = re.compile(r"(?<![\w-])at[\s*`_]*$", re.I)
_DRAFT_COUNT_AFTER = re.compile(
    r"[*`]{0,2}\s+(?:(?:draft(?:ed)?|speculative|speculated|lookahead|proposed|candidate)[\s_-]+"
    r"tokens?|drafts|draft\s+(?:len(?:gth)?|depth|steps?)\b|tokens?\s+(?:drafted|speculated|"
    r"proposed|ahead)\b)(?![\w/])",
    re.I,
)
_PAIR_BARE_VALUE_AT = re.compile(r"(?=" + _PAIR_BARE_VALUE_ON + ")", re.I)
_PAIR_BARE_KEY_BREAK = _key_break(_PAIR_BARE_KEY_CHARS, re.I)


def _bare_pairs(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_PAIR_BARE` in ``text``, those of ``_PAIR_BARE.finditer(text)``
    (tried only within a key's reach before a value)."""
    return _keyed(_PAIR_BARE, _PAIR_BARE_VALUE_AT, _PAIR_BARE_KEY_MOST, _PAIR_BARE_KEY_BREAK, text)


# a count before its noun, in prose ('and 182 decoding steps', '1,208 accepted tokens'): counts
# only (whole numbers read as accepted, drafted, steps or output tokens)
_PAIR_COUNT_FIRST = re.compile(
    r"(?<![\w.%/])(?P<val>" + _DIGITS + r")\s+(?P<key>[A-Za-z][A-Za-z _-]{2,40}?)"
    r"(?=\s*(?:[,.;:)]|$|\band\b|\bout of\b|\bin\b|\bwith\b|\bover\b))",
    re.I,
)
_COUNT_METRICS = frozenset(("accepted", "drafted", "steps", "output_tokens"))
_CORRECTED = re.compile(r"\b(?:corrected|revised|amended|fixed|updated|adjusted)\s+from\s*$", re.I)
# what a value of a figure would mean, not what a run measured ('a mean AR of 20% could be very
# good if ...', 'an AR of 80% always means the speculator is doing well')
_HYPOTHETICAL_AFTER = re.compile(
    r"[*`]{0,2}\s*(?:\w+\s+){0,2}?(?:could|would|might|may|should)\s+(?:be|mean|indicate|suggest)\b|"
    r"[*`]{0,2}\s*(?:always|usually|typically|generally)\s+(?:means?|indicates?|implies)\b|"
    r"[*`]{0,2}\s*(?:means?|indicates?|implies)\s+(?:that\s+)?(?:the\s+)?(?:speculator|draft|model)\b",
    re.I,
)
# a figure of an indefinite subject judged for what such a value means ('An acceptance length of
# 4.2 is bad news', 'a rate of 55% is healthy'): guidance on values, in the present, no run's
# (a definite or owned subject, 'our rate of 55% is healthy', or a past 'was', tells a run)
_INDEFINITE_KEY = re.compile(r"^[\s*_`]*(?:an?|any)\s+", re.I)
# the subject opens its sentence, clause or list item ('We saw an acceptance length of ...' names
# a run that measured it)
_SUBJECT_OPENS = re.compile(r"(?:^|[.!?;]\s+)(?:(?:[-*+•>]|\d{1,2}[.)])\s+)*[\s*_`]*\Z")
_JUDGED_MEANING_AFTER = re.compile(
    r"[*_`]{0,2}\s*(?:is|would\s+be)\s+(?:(?:usually|generally|typically|always)\s+)?"
    r"(?:(?:bad|good|great)\s+news|(?:un)?healthy|suspicious|too\s+good\s+to\s+be\s+true|"
    r"an?\s+(?:red\s+flag|warning\s+sign|bad\s+sign|good\s+sign|symptom))\b",
    re.I,
)
# a name spelling the accepted count over the drafted one ('accepted / drafted tokens',
# 'accepted/proposed drafts'), closing the key
_QUOTIENT_NAME = re.compile(
    r"\baccepted\s*/\s*(?:drafted|proposed)(?:\s+(?:draft\s+)?(?:tokens|drafts))?[\s*_`]*$", re.I
)
_KEY_SENTENCE_BREAK = re.compile(r"[.!?;]\s+")


def _judged_meaning(text: str, m: re.Match[str]) -> bool:
    """An indefinite subject opening its sentence, judged for what its value means."""
    if not _JUDGED_MEANING_AFTER.match(text, m.end("val")):
        return False
    parts = _KEY_SENTENCE_BREAK.split(m.group("key"))
    if not _INDEFINITE_KEY.match(parts[-1]):
        return False
    # a key starting mid-sentence: what stands before it must open the sentence or item
    return len(parts) > 1 or bool(
        _SUBJECT_OPENS.search(text[max(0, m.start("key") - 24) : m.start("key")])
    )


# what a whole value of a figure stands for ('AL = 1 means one token per step', 'the dashed AL=1
# line marks ...'): a value explained or a plot's reference line, no run's
_MEANS_AFTER = re.compile(
    r"[*`]{0,2}\s*(?:(?:line|level|mark)\s+)?(?:means?|marks?|denotes?|represents?|stands\s+for|"
    r"corresponds\s+to)\b",
    re.I,
)
# a share of time or of a cycle after a percentage ('the verify forward (~95% of the MTP cycle)',
# '80% of the time', '12% of decode time', '3% of the step'): what a part of the work costs, or
# how often something happens, never the share of drafts accepted
_TIME_SHARE = re.compile(
    r"[*`]{0,2}\s*of\s+(?:the\s+|each\s+|every\s+|a\s+|an\s+|its\s+|our\s+|their\s+)?"
    r"(?:total\s+|whole\s+|overall\s+|entire\s+)?(?:[\w./-]+\s+){0,2}?"
    r"(?:time|runtime|run\s+time|wall(?:[- ]?clock)?(?:\s+time)?|latency|cycles?|steps?|"
    r"iterations?|rounds?|passes|forwards?|compute|flops|budget|duration)\b",
    re.I,
)
# another measure's noun right after a value ('worth ~5% extra speedup',
# '12% more throughput', '9% lower latency'): that measure's value, never the acceptance named
# before it; not where the noun opens its own value ('acceptance 70% throughput 120 tok/s')
_MEASURE_AFTER = re.compile(
    r"[*`]{0,2}\s+(?:(?:additional|more|extra|further|higher|lower|less|better|worse|overall|"
    r"total|net|relative|end-to-end|e2e|decode|decoding)\s+){0,2}"
    r"(?:speed-?ups?|throughput|latency|speed|faster|slower)\b"
    r"(?!\s*[:=]?\s*[*`]{0,2}[~≈]?\s?\d)"
    # ... or a time's unit ('a fixed ~25 ms per round'): a duration, never an acceptance figure
    r"|[*`]{0,2}\s?(?:ms|µs|us|ns|s|secs?|seconds?|min|minutes?)\b(?![/.]\w)",
    re.I,
)
# a comparative then 'than' right after a value ('is ~0.6 lower than the other run', '12% higher
# than before'): the gap between two runs, never either run's figure
_GAP_AFTER = re.compile(
    r"[*`]{0,2}\s*(?:(?:points?|pts?|pp|tokens?|units?)\s+)?(?:lower|higher|less|more|fewer|"
    r"smaller|larger|greater|shorter|longer|worse|better|above|below)\s+than\b",
    re.I,
)
# a draft position after a rate ('93% acceptance at position 0', 'at draft pos 1'): the rate of
# that position alone
_AT_POSITION = re.compile(
    r"[*`]{0,2}\s+(?:at|for|on)\s+(?:the\s+)?(?:draft\s+)?(?:position|pos|depth)\s*[-#]?\s*(\d)\b",
    re.I,
)
# a span of positions after a position's number ('position 1+', 'depth 2-4', 'pos 3 and up'):
# those positions' figure, no one position's
_SPAN_AFTER = re.compile(r"\s*(?:\+|[-–]\s*\d|and\s+(?:up|above|on|beyond)\b|onwards?\b)", re.I)
# a condition after a value said to hold always ('... will always be 100% if the draft is the
# target', 'whenever', 'as long as', 'provided'): what must follow, not what a run printed
_CONDITION_AFTER = re.compile(
    r"[*`]{0,2}\s*,?\s*(?:if|when|whenever|as long as|provided|given|for any|by definition)\b",
    re.I,
)
# two values joined by '/' or an arrow: what the run readers need on a line
_TWO_JOINED = re.compile(r"\d[*`%]{0,3}\s*(?:/|" + V.ARROW + r")\s*[*`]{0,2}[~≈]?\s?\d")
# a bare 'accept' as a key ('accept = 77.778%', 'mean_accept=2.80', 'avg accept: 2.41'): the
# reader of last resort; its value's range tells the figure ('acc' alone is accuracy as often)
_BARE_ACCEPT_KEY = re.compile(
    r"(?:^|[\s,;(\[])(?:(?:mean|avg|average|median)[ _])?accept(?:ance)?\s*[*`]{0,2}\s*$", re.I
)

_CLAUSE_OPEN = re.compile(r"[(\[,;]")
# a bare mean length joined to an acceptance rate just read in its clause ('B2 acceptance was
# 47% with mean length 4.1', 'accept rate 61% and an average length of 2.9'): the same run's
# acceptance length (a length named alone is any length: read only so joined)
_SENTENCE_END_IN = re.compile(r"[.;!?](?:\s|$)")
_JOINED_LENGTH = re.compile(
    r"(?:^|[\s*`])(?:with|and)\s+(?:an?\s+|the\s+)?(?:mean|average|avg)\s+length(?:\s+of)?\s*$",
    re.I,
)


# a tool's status line of fields ('run-a   41.0 tok/s   accept 2.30  (1.6x)', '700 tokens ·
# 9.8s · accept 1.90/round'): fields apart by two spaces or more, or by a spaced '·', '•' or '|'
_FIELD_GAP = re.compile(r"\s{2,}|\s[·•|]\s")
_FIELD_GAP_BEFORE = re.compile(r"(?:\s{2}|[·•|]\s*)$")
# what may close a bare 'accept' field: its unit per step, then the next field or the line's end
_FIELD_END = re.compile(
    r"(?:/(?:round|step|iter|cycle)\b)?[*`]{0,2}(?:\s{2,}|\s*[·•|]\s|\s*$)", re.I
)


def _field_accept(text: str, m: re.Match[str], v: C.Value) -> C.Key | None:
    """The figure of a bare 'accept' FIELD ('accept 2.30' between two fields of a status
    line, no ':' or '='): the field alone between gaps, the line a run of two fields or more
    (a gap before or after it, not only the line's ends), told by its value as
    `_bare_accept` tells it; None for 'accept' in a sentence ('we accept 2.5 of them')."""
    key = m.group("key")
    if (item := _comma_item_accept(text, m, v)) is not None:
        return item
    tail = _FIELD_GAP.split(key)[-1]
    ks = m.end("key") - len(tail)
    if text[ks : m.end("key")].strip().lower() not in ("accept", "acceptance"):
        return None
    if m.start("val") - m.end("key") > 3:
        return None  # a hedge between ('accept about 2.3'): a sentence's words
    before = text[:ks]
    after = _FIELD_END.match(text, m.start("val") + len(m.group("val").rstrip()))
    if after is None:
        return None
    gap_before = bool(_FIELD_GAP_BEFORE.search(before))
    gap_after = bool(after.group().strip(" */`")) or after.end() < len(text.rstrip())
    if not (gap_before or not before.strip()) or not (gap_before or gap_after):
        return None
    if v.number == 1 and v.decimals and not v.percent and field_baseline(text):
        # ('baseline   18.0 tok/s   accept 1.00'): the run without drafts, one token a step
        return C.Key(C.LENGTH, "accept " + C.UNSURE_LENGTH, False)
    return _bare_accept("accept", v)


# a bare 'accept' ITEM of a comma-separated list of measures ('41.2 tok/s, accept 73.0%, 9 ms
# TPOT'): the item before it ends in its comma and holds a figure, the next item follows the
# value's comma; a sentence's verb has its subject before it ('we accept 73% of drafts')
_ITEM_BEFORE = re.compile(r"\d[^,;:()\n]*,[ \t]*$")
_ITEM_AFTER = re.compile(r"[*`]{0,2}[ \t]*[,;][ \t]*[~≈]?[*`]{0,2}[\w(]")


def _comma_item_accept(text: str, m: re.Match[str], v: C.Value) -> C.Key | None:
    """The figure of a bare 'accept' item between two items of a comma-separated list of
    measures ('104.1 tok/s, accept 70.5%, misses 3/0'), told by its value as `_bare_accept`
    tells it; None elsewhere."""
    piece = m.group("key").rsplit(",", 1)[-1]
    if C._MARKUP.sub("", piece).strip().lower() != "accept":
        return None
    if text[m.end("key") : m.start("val")].strip():
        return None  # (a hedge or a sign between: 'accept about 70%', a sentence's words)
    if not _ITEM_BEFORE.search(text, 0, m.end("key") - len(piece)):
        return None
    if not _ITEM_AFTER.match(text, m.start("val") + len(m.group("val").rstrip())):
        return None
    return _bare_accept("accept", v)


# a statistic's bare 'accept' written as one identifier ('MEAN_ACCEPT', 'avg_accept'): a
# program's name for a field, never a sentence's verb
_IDENTIFIER_ACCEPT = re.compile(r"(?:mean|avg|average|median)_accept(?:ance)?", re.I)
# what may stand after such a field's value: markup, then the line's end
_LINE_END = re.compile(r"[*`]{0,2}\s*$")


def _identifier_accept(text: str, m: re.Match[str], v: C.Value) -> C.Key | None:
    """The figure of a statistic's bare 'accept' written as one identifier with its value
    after a space and nothing after it on the line ('METRIC MEAN_ACCEPT 1.0000', 'avg_accept
    2.41'), as a keyed 'mean_accept:' is told by its value; None otherwise."""
    key = C._MARKUP.sub("", m.group("key")).rstrip()
    last = key.rsplit(None, 1)[-1] if key.strip() else ""
    if not _IDENTIFIER_ACCEPT.fullmatch(last) or text[m.end("key") : m.start("val")].strip():
        return None
    if not _LINE_END.match(text, m.start("val") + len(m.group("val").rstrip())):
        return None
    if v.number == 1 and v.decimals and not v.percent and v.max is None:
        # ('METRIC MEAN_ACCEPT 1.0000'): a program's mean of what it accepts a step, one token
        # a step (a length of unknown convention); a share of every draft accepted is what a
        # keyed 'mean_accept: 1.0' beside its counts is read as
        return C.Key(C.LENGTH, "accept " + C.UNSURE_LENGTH, False)
    return _bare_accept(last.replace("_", " "), v)


# a speculative method's name, then the bare abbreviation 'acc' ending the key ('MTP acc 2.90',
# 'EAGLE-3 acc: 3.1', 'spec acc 2.4'): an acceptance figure or, as often, a head's accuracy
_METHOD_ACC_KEY = re.compile(
    r"(?:^|[\s(,;])(?:mtp|eagle(?:-?\d)?|dflash|medusa|spec(?:ulative)?|draft|n-?gram)[\s_-]+acc$",
    re.I,
)


def _method_acc(text: str, m: re.Match[str], v: C.Value) -> C.Key | None:
    """The figure of a method's bare 'acc' ('MTP acc 2.90'), told by its value: a decimal above
    1 (no accuracy, no share) is a mean acceptance length of unknown convention (the length
    with the target's token or the accepted drafts a step: the abbreviation tells neither); a
    share, a percentage or a whole number may be a head's accuracy or a count: None."""
    # (the method's name may stand before the key the pair was read with: 'EAGLE-3 acc' is
    # read as 'acc' after the name's digit)
    key = C._MARKUP.sub("", text[max(0, m.start("key") - 24) : m.end("key")]).rstrip()
    if not key.lower().endswith("acc") or _METHOD_ACC_KEY.search(key) is None:
        return None
    if v.percent or v.max is not None or v.spread is not None or not v.decimals:
        return None
    if 1 < v.number <= C.MAX_STEP_TOKENS:
        return C.Key(C.LENGTH, "acc " + C.UNSURE_LENGTH, False)
    return None


# a plural rate's name, then a hedge and ONE value ('draft acceptance rates around 0.8', 'token
# acceptance rates of roughly 71%'): the rates seen, told as one approximate figure
_PLURAL_RATE_KEY = re.compile(
    r"(?:^|\s)(?:(?:draft|token|mean|average|avg|observed|measured)\s+){0,2}acceptance\s+rates$",
    re.I,
)
_PLURAL_HEDGE = re.compile(
    r"^\s*(?:of\s+)?(?:around|about|roughly|approximately|near|nearly|~|≈)\s*$", re.I
)
# another value right after the first ('0.82 and 0.75', '70-80%', '0.7 / 0.6'): a list or range
_ANOTHER_VALUE = re.compile(r"\s*(?:,|;|/|-|–|—|\band\b|\bor\b|\bto\b)\s*[~≈]?\s*\d", re.I)


def _plural_rate(text: str, m: re.Match[str], v: C.Value) -> C.Key | None:
    """The rate of a plural rate's name with a hedge and one value after it (no list, no range,
    no bound): one approximate figure of the rates seen; None otherwise."""
    if not _PLURAL_RATE_KEY.search(m.group("key").rstrip()):
        return None
    hedge = text[m.end("key") : m.start("val")]
    val = m.group("val").strip()
    lead = val[: len(val) - len(val.lstrip("~≈*`"))]
    if not _PLURAL_HEDGE.match(hedge + lead.strip("*`")) or v.max is not None:
        return None
    if _ANOTHER_VALUE.match(text, m.start("val") + len(m.group("val").rstrip())):
        return None
    if v.percent and 0 < v.number <= 100:
        return C.Key(C.RATE, "acceptance rates", True)
    if not v.percent and v.decimals and 0 < v.number < 1:
        return C.Key(C.RATE, "acceptance rates", False)
    return None


def field_baseline(line: str) -> bool:
    """Whether a status line's first field (its label) names the run without drafts."""
    first = _FIELD_GAP.split(line.strip(), 1)[0]
    return bool(first) and baseline_label(first)


def _bare_accept(key: str, v: C.Value) -> C.Key | None:
    """The figure a bare 'accept' key holds, told by its value: a percentage or a fraction is a
    rate, a decimal from 1 to 16 a length of unknown convention; None otherwise."""
    if _BARE_ACCEPT_KEY.search(C._MARKUP.sub("", key)) is None or v.max is not None:
        return None
    if C.validation(key):
        return None  # ('val acceptance: 0.61': a training's validation split, no run's)
    if v.percent and 0 <= v.number <= 100:
        return C.Key(C.RATE, "accept", True)
    if not v.percent and v.decimals > 0 and 0 <= v.number <= 1:
        return C.Key(C.RATE, "accept", False)
    if not v.percent and v.decimals > 0 and 1 < v.number <= C.MAX_STEP_TOKENS:
        return C.Key(C.LENGTH, "accept " + C.UNSURE_LENGTH, False)
    return None


# a rate in brackets after a length ('2.41 (61%)', '2.41 (AR 61%)', '2.41 (61% accepted)')
_BRACKET_RATE = re.compile(
    r"\s*[(\[]\s*(?:(?:AR|acc(?:ept(?:ance)?)?(?:\s+rate)?|rate)\s*[:=]?\s*)?"
    r"(?P<val>\d+(?:\.\d+)?\s*%)\s*(?:acc(?:ept(?:ed|ance)?)?)?\s*[)\]]",
    re.I,
)
# figures whose largest or smallest value a paste may give beside the name ('accept length max
# 1.86', '接受长度 最大 1.86'): read with that statistic, never taken for the mean
_EXTREME_BEFORE = re.compile(r"(?:^|[\s(*`])(max(?:imum)?|min(?:imum)?)[\s_]+\w", re.I)
_EXTREME_METRICS = frozenset((C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE, C.ACCEPT_RATIO))
# a draft position named after a qualifier, whose number follows ('acceptance at depth 1',
# 'acceptance rate at draft position 2', 'the acceptance rate of `token 0`'): that number is the
# position's ('per token' is no position: 'acceptance per token 0.7')
_WHERE_NOUN = re.compile(r"(?:draft\s+|mtp\s+)?(?:depth|position|pos|token)")
# draft positions from one on, or a span of them ('position 1+', 'positions 2-4', 'depth 3 and
# up'): a figure of those positions, never the run's rate
_POSITIONS_TAIL = re.compile(
    r"(?:draft\s+|mtp\s+)?(?:positions?|pos|depths?)\s*#?\d{1,2}\s*"
    r"(?:\+|(?:[-–]|to)\s*\d{1,2}\b|(?:and|or)\s+(?:up|above|beyond|later|after)\b)"
)
_QUALIFIERS = frozenset(("over", "across", "on", "for", "in", "with", "at", "during", "per", "of"))
_CONNECT = {
    "is",
    "was",
    "of",
    "at",
    "about",
    "around",
    "roughly",
    "approx",
    "approximately",
    "the",
    "a",
    "an",
    "with",
    "to",
    "reached",
    "got",
    "gets",
    "=",
    ":",
    "~",
    "≈",
    "were",
    "reported",
    "measured",
    "computed",
    "shown",
    "given",
}


# nouns of measures other than acceptance, after a qualifier
_OTHER_MEASURE = re.compile(
    # (plurals too: 'with a high acceptance rate, real-world speedups of 1.8' names speedups)
    r"^(?:deviation|std|stddev|variance|error|spread|throughputs?|speeds?|speedups?|"
    r"latency|latencies|time|ttft|tpot|itl|memory|temperature|accuracy|score)$"
)


# the draft settings a value right after them belongs to ('acceptance at depth 1', 'accept rate
# with draft-max 2 of 0.7'): the draft tokens per step by their other names
_DRAFT_SETTING = re.compile(
    r"(?:(?:draft|spec|speculation|speculative|mtp|tree|eagle)[ _-]?)?depth|"
    r"draft[ _-]?(?:max|min|n|tokens?)|block[ _-]?size|lookahead|n[ _-]?predict",
    re.I,
)


_BONUS_NOTE = re.compile(r"\s*[(\[][^()\[\]]*\bbonus\b[^()\[\]]*[)\]]\s*$", re.I)


def _bonus_noted(ws: list[str]) -> C.Key | None:
    """The key of a name ending with a bracket that says what it counts ('tokens accepted per
    verification step (including the bonus token)'): its words before the bracket, up to 7,
    read with the bracket, however long the two together."""
    text = " ".join(ws)
    note = _BONUS_NOTE.search(text)
    if note is None:
        return None
    head = text[: note.start()].split()
    for n in range(min(7, len(head)), 0, -1):
        k = C.key(" ".join(head[-n:]) + " " + note.group(0).strip())
        if k.metric is not None:
            return k
    return None


def key_of(words: str, sep: str | None = None) -> C.Key:
    """The longest suffix (at most 7 words) of a phrase that names a metric or a label.
    ``sep``: what stands between the phrase and its value ('=' binds the value to the words
    just before it; '' is none: the value follows the words). An acceptance figure named a
    proxy ('mean accepted tokens per step proxy') is none (``cells.key``)."""
    k = _key_of(words, sep)
    if (
        k.metric in (None, C.LENGTH)
        and ("," in words or ";" in words)
        and (plain := C.definition_alone(words)) is not None
        and (defined := _key_of(plain, sep)).metric == C.TOK_PER_STEP
    ):
        # a definition in brackets, then what it was taken over ('Acceptance τ (tokens per
        # verify step, mean of 8 prompts): 3.84'): the definition names the figure, as alone
        k = defined
    if k.metric is None and words.rstrip().endswith(")") and (gl := _glossed_key(words)):
        k = gl  # 'Accept length (EAGLE τ — mean tokens emitted per target forward)': the gloss
    if k.metric is None and (cut := words.rfind("(")) > words.rfind(")"):
        # a figure named in a bracket still open before its value ('higher throughput
        # (acceptance length ≈ 4.6'): the words inside the bracket name it
        inner = _key_of(words[cut + 1 :], sep)
        if inner.metric in C.ACCEPTANCE:
            k = inner  # (an acceptance figure only: '(drafted: 0' is a count's note)
    if k.metric in C.ACCEPTANCE and C.validation(words):
        # (a training's validation split right before the name: 'reached val acceptance')
        ws = C._MARKUP.sub("", words).split()
        if C.validation(" ".join(ws[-(len(k.text.split()) + 3) :])):
            return C.Key(None, k.text, k.percent)
    return C.Key(None, k.text, k.percent) if k.metric in C.ACCEPTANCE and C.proxy(words) else k


# a name, then its gloss in a closed bracket at the end of the words ('Accept length (EAGLE τ —
# mean tokens emitted per forward)'): no nested bracket inside (linear)
_GLOSS_END = re.compile(r"\(([^()]{1,160})\)\s*$")


def _glossed_key(words: str) -> C.Key | None:
    """The acceptance figure a bracket closing the words glosses, where the words before it name
    an acceptance figure too and the gloss is too long for the name's suffix search: the gloss
    says what the name counts ('tokens emitted per target forward': tokens a step), as a short
    gloss already does. Another measure before the bracket ('Throughput (tokens per step)')
    or a gloss naming none: None."""
    m = _GLOSS_END.search(words)
    if m is None:
        return None
    if _key_of(words[: m.start()]).metric not in C.ACCEPTANCE:
        return None
    inner = _key_of(m.group(1))
    return inner if inner.metric in C.ACCEPTANCE else None


# a figure's name owned by the draft after it ('acceptance rate of the draft', 'accept length
# of our drafter', 'of the draft model'): the draft's figure, never the draft's setting (a label)
_OF_THE_DRAFT = re.compile(
    r"\s+of\s+(?:the|its|our|their|this|a)\s+(?:draft(?:er|s)?|draft\s+model|speculator)$", re.I
)


# a bracket opened before the key and not closed in it ('the run gave (acceptance_length=2.74,
# ...)', 'claims [mean accept len: 3.1]'): the key is the words after its opening, where they
# name an acceptance figure
_OPEN_BRACKET = re.compile(r"[(\[][^()\[\]]*$")


# a verb of change closing the words before a value (arrival.py's verbs), perhaps with 'by'
_CHANGE_WORD = re.compile(A._CHANGE_VERB, re.I)


def _changed_by(tail: list[str], popped: set[str]) -> bool:
    """Whether the words after a qualifier end on a verb of change right before the value (a
    hedge or 'by' between: 'on agent turns dipped about', 'for chat dropped by'), no 'to' or
    'at' after it: the value is by how much the figure changed, not where it went."""
    ws = [w.lower() for w in tail]
    if ws and ws[-1] == "by":
        ws.pop()
    return bool(ws) and _CHANGE_WORD.fullmatch(ws[-1]) is not None and not popped & {"to", "at"}


def _key_of(words: str, sep: str | None = None) -> C.Key:
    if ("(" in words or "[" in words) and (ob := _OPEN_BRACKET.search(words)) is not None:
        inner = words[ob.start() + 1 :]
        if inner.strip() and (k := _key_of(inner, sep)).metric in C.ACCEPTANCE:
            return k  # (an acceptance figure's: a count's bracket is read as before)
    ws = C._MARKUP.sub("", words).replace(",", " ").split()
    popped: set[str] = set()
    # (a capital 'A' closing the words names a run, 'for run A', not the article)
    while ws and ws[-1].lower().strip(":=") in _CONNECT and ws[-1].strip(":=") != "A":
        popped.add(ws.pop().lower().strip(":="))
    if len(ws) > 7 and "bonus" in words.lower() and (noted := _bonus_noted(ws)) is not None:
        return noted
    if len(ws) >= 4 and "of" in ws and (m := _OF_THE_DRAFT.search(" ".join(ws))) is not None:
        # ('the acceptance rate of the draft is only 41%'): the figure the draft's, no label
        owned = m.string[: m.start()].split()
        for n in range(min(7, len(owned)), 0, -1):
            k = C.key(" ".join(owned[-n:]))
            if k.metric is not None:
                if k.metric in C.ACCEPTANCE and k.metric != C.POSITION:
                    return k
                break
    for n in range(min(7, len(ws)), 0, -1):
        k = C.key(" ".join(ws[-n:]))
        if k.metric is not None:
            if (
                k.metric in (C.TOK_PER_STEP, C.LENGTH)
                and ws[-n].lower().startswith("tok")
                and C.draft_width(ws[:-n])
            ):
                # ('Mean proposed tokens per cycle is 7.00'): the draft's width a step
                return C.Key(None, k.text, k.percent)
            return k
    # a qualifier after the name ('average acc_length over runs', 'accept length on gsm8k'),
    # unless what follows it names another measure ('acceptance length with a standard
    # deviation of 1.0': the value is the deviation's)
    for i in range(len(ws) - 1, 0, -1):
        if ws[i].lower() in _QUALIFIERS:
            if any(_OTHER_MEASURE.match(w.lower()) for w in ws[i + 1 :]):
                break
            # the value bound to a setting named after the qualifier ('acceptance length at
            # `BS per DP = 32`', 'accept length at batch size 32'): the setting's, not the
            # acceptance's
            tail = ws[i + 1 :]
            # (a setting that already has its number, 'for setup 2 = 2.34', binds no more)
            numbered = bool(tail) and re.fullmatch(r"[\d.]+", tail[-1]) is not None
            if (
                sep == ""
                and tail
                and _WHERE_NOUN.fullmatch(" ".join(tail).lower())
                and not (tail[-1].lower() == "token" and ws[i].lower() == "per")
            ):
                break  # the number after 'at depth' is where, not what ('acceptance at depth 1')
            if _POSITIONS_TAIL.match(" ".join(tail).lower()):
                break  # 'acceptance at position 1+ (25%)', 'at positions 2-4': those positions'
            if _changed_by(tail, popped):
                break  # 'acceptance on agent turns dipped about 4%': the change's size
            if (sep == "=" and not numbered) or (
                sep == ""
                and any(
                    C.key(" ".join(tail[a:b])).metric in (C.LABEL, C.K)
                    or _DRAFT_SETTING.fullmatch(" ".join(tail[a:b])) is not None
                    for a in range(len(tail))
                    for b in range(a + 1, min(len(tail), a + 4) + 1)
                )
            ):
                break
            head = ws[:i]
            for n in range(min(7, len(head)), 0, -1):
                k = C.key(" ".join(head[-n:]))
                if k.metric in C.ACCEPTANCE:
                    return k
    # the metric's name, then after a comma the variant measured, perhaps with an aside ('mean
    # draft acceptance rate, q raw (as on main)'): the metric, unless the variant names another
    # measure
    plain = C._MARKUP.sub("", words)
    if "," in plain:
        named, _, variant = plain.rpartition(",")
        tail_ws = re.sub(r"\([^()]*\)", " ", variant).split()
        if 0 < len(tail_ws) <= 4 and not any(_OTHER_MEASURE.match(w.lower()) for w in tail_ws):
            k = key_of(named, sep)
            if k.metric in C.ACCEPTANCE and not _unit_of_value_before(named, k):
                return k
    return C.Key(None, "", False)


# a value right before a name ('accepting 12 tokens/step'): the name is that value's unit
_VALUE_CLOSING = re.compile(r"(?<![\w.])[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?[*`]{0,2}\s*$")


def _unit_of_value_before(named: str, k: C.Key) -> bool:
    """Whether the name ``k`` closing ``named`` (the words before a comma) follows a value of
    its own ('the model is accepting 12 tokens/step'): the name is that value's unit, so the
    clause after the comma ('..., the window converges to budget≈16') takes no name from it."""
    plain = C._MARKUP.sub("", named).rstrip()
    at = plain.lower().rfind(k.text.lower()) if k.text else -1
    return at > 0 and _VALUE_CLOSING.search(plain, 0, at) is not None


# a figure that changed ('accept length improved from 1.86 to 2.69'): two values of one key;
# a clause without the key ('..., while B's improved from 1.37 to 2.53') takes the last one's;
# either value perhaps hedged ('drops from about 2.9 to roughly 1.4': arrival.py's hedges)
# ... the first value perhaps before its run's one-word label ('from 66.7% isolated to ...'),
# either end perhaps a range
# ('from 0.55-0.85 to ~0.2': the range no record, the other end one; :func:`_from_to_values`)
_RUN_WORD = r"(?!(?:about|around|roughly|approx\w*|nearly|almost|only|just|barely|merely|exactly|some)\b)[a-z][a-z-]{2,20}"
_RANGE_END = r"\s*[-–—]\s*[~≈]?" + _DIGITS + r"\s*%?[*`]{0,2}"
# each end of the change measured at its own setting ('from 82% at k=2 to 61% at k=4', 'from
# 0.71 with draft 3 to 0.64 with draft 5'): a preposition, a setting's name of one or two words
# and its number after the first value; the same preposition must follow the second
_SETTING_AT_A = (
    r"\s+(?P<prep>at|with|for|on|under)\s+(?P<sa>[A-Za-z][\w-]{0,20}(?:\s+[A-Za-z][\w-]{0,20})?"
    r"\s*[=:]?\s*\d+(?:\.\d+)?)"
)
_FROM_TO = re.compile(
    r"(?P<key>[A-Za-zτ#*_`][^:=\n]{0,80}?)(?:\s+|\s*\()from\s+"
    + A.HEDGE
    + r"(?P<a>[*`]{0,2}[~≈]?"
    + _DIGITS
    + r"\s*%?[*`]{0,2})"
    r"(?P<ra>" + _RANGE_END + r")?"
    r"(?:\s+(?P<pa>" + _RUN_WORD + r")|" + _SETTING_AT_A + r")?"
    # ... or before the setting it was measured at ('from ~0.8 at 1K-token prompts to 0.22 at
    # 12K', 'from 61% at batch 1 to'): a few words after 'at', one holding a digit; the next
    # value's setting after it is no part of the match)
    r"(?:,?\s+at\s+(?P<at>(?:[A-Za-z][A-Za-z-]{0,20}\s+){0,2}[\w.-]{0,20}(?:=\s?)?\d[\w.-]{0,20}"
    r"(?:\s+[A-Za-z][\w-]{0,20}){0,2}),?)?"
    r"\s*(?:\bto\s|→|->)\s*" + A.HEDGE + r"(?P<b>[*`]{0,2}[~≈]?" + _DIGITS + r"\s*%?[*`]{0,2})"
    r"(?P<rb>" + _RANGE_END + r")?(?![\w.]\d)"
    # (a setting after the first value: the same preposition after the second, its own run)
    r"(?(sa)(?=\s+(?P=prep)\s+[A-Za-z]))"
    # (... and a setting after 'at' likewise: the second value measured 'at' its own)
    r"(?(at)(?=,?\s+at\s))",
    re.I,
)
# a range's other end right after a value ('2.2-2.8', '2.2 – 2.8')
_RANGE_ON = re.compile(r"\s*[-–~]\s*[*`]{0,2}\d")
# a change's next leg right after its second value ('from 2.4 to 1.9 to 1.2', 'from 2.4 to 1.9,
# then to 1.2', '2.4 -> 1.9 -> 1.2' after 'from'): one more run of the same figure; never a
# value of another measure (a speed, a time, a multiple after it)
_CHAIN_NEXT = re.compile(
    r"(?:\s*,\s*|\s*)(?:then\s+)?(?:\bto\s|→|->)\s*"
    + A.HEDGE
    + r"(?P<c>[*`]{0,2}[~≈]?"
    + _DIGITS
    + r"(?!\d|[.,]\d)\s*%?[*`]{0,2})"
    r"(?![\w.]\d|\s*[x×]|\s*[-–~]\s*[*`]{0,2}\d|\s*(?:ms|s|sec|tok\w*|t/s|tps|req\w*)\b)",
    re.I,
)
# the most legs a chain of changes is read on to (a third value and more)
_CHAIN_MOST = 8


def _from_to_values(m: re.Match[str]) -> tuple[str, ...] | None:
    """The groups of a 'from X to Y' match that are runs' values: both, or the one end that is
    no range; None where a word after the first value makes it no change of two runs (after a
    whole value, or a unit: 'from 2 tokens to ...', 'from 2.5 ms to ...')."""
    if m.group("sa") is not None:
        # (a setting at each end: both values must be shares or decimals, never counts)
        for g in ("a", "b"):
            v = C.value(m.group(g))
            if v is None or not (v.percent or v.decimals):
                return None
    pa = m.group("pa")
    if pa is not None:
        a = C.value(m.group("a"))
        if a is None or not (a.percent or a.decimals) or A.other_measure(pa, " " + pa):
            return None
    return tuple(g for g in ("a", "b") if not m.group("r" + g))


# the verb of change closing the words before 'from X to Y' ('improved', 'goes up', 'has gone
# down sharply'): arrival.py
_CHANGE_WORDS = A.CHANGE_BEFORE_FROM
# rates joined by arrows just before a rate before its noun ('37.2% → 55.1% acceptance': the
# '37.2% → '): the earlier sides of a change, each a run
_PCT_BEFORE_ARROW = re.compile(
    r"(?<![\w.%])(?:[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%[*`]{0,2}\s*" + V.ARROW + r"\s*){1,5}$"
)
_PCT_ONE = re.compile(r"[~≈]?\d+(?:\.\d+)?\s*%")
# a share joined by 'vs' just before a share before its noun ('57% vs ~74% acceptance'): the
# first run compared, the share after 'vs' the other's; both the figure the noun names
_PCT_BEFORE_VS = re.compile(
    r"(?<![\w.%])[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%[*`]{0,2}\s+(?:vs\.?|versus)\s+[*`]{0,2}[~≈]?$",
    re.I,
)
# the shares before a share's noun that one '%' closes, joined by '/' with no space
# ('80.5/83.0/86.5% acceptance': three runs' rates, the sign written once)
_PCT_SLASHED_BEFORE = re.compile(r"(?<![\w.%/])(?:\d{1,3}\.\d+/){1,5}$")
_DECIMAL_ONE = re.compile(r"\d+\.\d+")
# a verb of costing, losing or gaining right before a share before its noun ('temperature 1.0
# costs only ~5% acceptance', 'the quantised head loses about 3% acceptance versus bf16', 'gains
# another 4% acceptance'): by how much the figure changed, no run's figure (a few words without
# figures may stand between: 'costs greedy only 5%')
_AMOUNT_CHANGED = re.compile(
    r"\b(?:costs?|costing|loses|lost|losing|gains?|gained|gaining|adds|added|shaves?|shaved|"
    r"sheds?|trims?|trimmed|drops|dropped|dropping)"
    # (words between, a hedge or 'another', never 'to', 'at' or 'from': 'dropped to 1.8 accept
    # length' is where the figure went, its level)
    r"\s+(?:(?!(?:to|at|from)\s)[^\W\d]+\s+){0,4}?[*`]{0,2}[~≈+−-]?$",
    re.I,
)
# a rate before its noun ('→ 85.2% acceptance', '62% draft acceptance')
_PCT_FIRST = re.compile(
    # (a signed share, '+4% acceptance', is by how much it changed: no run's figure)
    r"(?<![\w.+−±])(?P<val>[*`]{0,2}(?:\d+(?:\.\d+)?\s*%|"
    # a fraction before the noun itself ('0.754 acceptance', '0.81 MTP acceptance rate'): the
    # rate as a share of one, never before 'accepted' (a count) or a bare 'accept rate'
    r"0?\.\d{2,4}(?=\s+(?:\w+\s+){0,2}acceptance\b)|"
    # a decimal above 16 and below 100 right before 'acceptance rate' ('with 74.7 acceptance
    # rate'): no share of one nor tokens a step can be so large, a percentage without its sign
    r"(?:1[7-9]|[2-9]\d)\.\d{1,2}(?=\s+acceptance\s+rate\b"
    r"(?!\s+(?:targets?|thresholds?|goals?|bars?|floors?|cut-?offs?|gates?)\b)))[*`]{0,2})\s+"
    # a statistic word between the share and its name ('79.4% aggregate acceptance', '61% mean
    # acceptance rate'): how the runs' figure was pooled, the same figure ('77.1% weighted
    # acceptance', 'token-weighted': the runs' counts pooled)
    r"(?:(?P<stat>aggregate|overall|pooled|average|avg|mean|median|(?:token-)?weighted|"
    # ('75% steady-state acceptance', '68% sustained acceptance': the run's rate once warmed up,
    # its figure)
    r"steady[\s-]state|sustained|long[\s-]run|"
    # ('27% cumulative acceptance': the running total since the start, the runs' counts pooled;
    # never a span of draft positions, 'cumulative acceptance up to depth 3', 'through position
    # 2': the chance that every draft to there was accepted, no run's rate)
    r"cumulative(?!\s+(?:[\w-]+\s+){0,3}?(?:at|to|up\s+to|through|thru|until|till|by|for|over|"
    r"across|within)\s+(?:the\s+)?(?:first\s+)?(?:\d+\s+)?(?:draft\s+)?(?:positions?|pos|depths?|"
    r"tokens?|steps?|drafts?|heads?)\b))\s+)?"
    # (the drafting method named between: '0% MTP draft acceptance', '41% EAGLE acceptance')
    r"(?P<key>(?:(?:MTP|EAGLE\d?|DFlash|Medusa|n-?gram|lookahead|speculative)\s+)?"
    # ('63% draft token acceptance', '63% draft-token acceptance': the drafts' tokens)
    r"(?:draft(?:\s+|-)(?:token(?:\s+|-))?|token\s+)?acceptance(?:\s+rate)?|"
    # one draft position's ('93% position-0 acceptance', '71% pos 2 acceptance rate'): its
    # rate, never the run's (a span of positions, 'position 1+', is no position)
    r"(?:draft\s+)?(?:position|pos)[\s_-]?\d{1,2}\s+acceptance(?:\s+rate)?|"
    # the clipped noun ('~60% accept rate', '48% draft accept rate'); a bare 'accept' is a verb
    r"(?:draft\s+)?accept\s+rate|"
    # the share of drafts accepted, named by the tokens ('55.1% accepted draft tokens', '62% of
    # drafted tokens accepted'; a readout's '82.0% draft tokens accepted', 'of' left out)
    r"accepted\s+(?:draft(?:ed)?\s+|speculative\s+)?tokens|"
    r"(?:of\s+(?:the\s+)?)?(?:draft(?:ed)?|speculative|proposed)\s+tokens\s+(?:were\s+|got\s+)?"
    r"accepted|"
    # a bare 'accepted' after the share ('378 drafts, 7.7 % accepted'; in bold or a code span
    # closed right after it, '(**88% accepted**)')
    r"accepted(?=[*`]{0,2}\s*(?:[,.;)|]|--|—|$)))"
    # a share of the acceptance kept against a baseline ('100% acceptance retained' under a
    # change): how much of it held, no rate of its own
    r"\b(?!\s+(?:length|len|test|criteria|(?:retained|preserved|kept|maintained)\b))",
    re.I,
)
# a count of accepted drafts with their share in brackets ('24 drafts, **23 accepted (96 %)**',
# '23 accepted (96%)'): the share is the rate, the count the accepted drafts; the drafts before
# it are not read as a count (a draft may be one token or several)
_ACCEPTED_SHARE = re.compile(
    r"(?:(?<![\w.])\d[\d,]*\s+(?:drafts?|draft tokens|drafted tokens|proposals)\s*,\s*)?"
    r"[*`]{0,2}(?<![\w.])(?P<a>\d[\d,]*)\s+accepted\s*[*`]{0,2}\s*"
    r"\(\s*[*`]{0,2}(?P<p>\d+(?:\.\d+)?\s*%)[*`]{0,2}\s*\)[*`]{0,2}",
    re.I,
)


# a length with the counts it divides ('1.753 (55 of 73 proposals)', 'measured 1.716 (53 of
# 74)'): read only where the identity 1 + accepted / steps gives the printed length
_COUNTED_LENGTH = re.compile(
    r"(?<![\w.])(?P<val>\d+\.\d+)\s*\(\s*(?P<a>\d[\d,]*)\s+of\s+(?P<b>\d[\d,]*)"
    r"(?:\s+(?:proposals?|steps?|drafts?|rounds?|verif\w*|iterations?|cycles?))?\s*\)",
    re.I,
)
# an accept length before its name ('could achieve 2.815 Accept Length (AL)'): decimals only
# (a whole value only after '~' or '≈');
# never a multiplier's ('×1.70 τ 2.10': a speedup, then the next figure's name)
# a drafter's name set to a count per step ('MTP=3.10 tok/round', 'spec=2.4 tokens/step'): the
# '=' alone, where the value and the unit follow
_METHOD_EQ = re.compile(
    r"\b(?:mtp|eagle\d?|dflash\d?|medusa|ngram|n-gram|spec(?:ulative|ulation)?|draft(?:er)?)="
    r"(?=[*`]{0,2}\d+\.\d+[*`]{0,2}\s+(?:toks?|tokens?)(?:/| per )\w)",
    re.I,
)
_LENGTH_FIRST = re.compile(
    # (a signed figure, '+0.6 acceptance length', is by how much it changed: no run's figure)
    # (a whole value only as an approximation, '**~2** avg accept length': never a bare count)
    r"(?<![\w.=/×+−±])(?P<val>[*`]{0,2}(?:\d+\.\d+|[~≈]\s?[1-9]\d?(?![\d.,]))[*`]{0,2})\s+"
    r"(?P<key>(?:avg\.?\s+|average\s+|mean\s+)?"
    # ('gives ~1.5 acceptance lengths': the plural after one value)
    r"(?:accept(?:ance)?\s+lengths?|acc\.?\s+len(?:gth)?|AL|τ|"
    # a statistic of the tokens accepted ('2.42 mean accepted tokens'; never a bare count)
    r"(?:avg\.?|average|mean)\s+accepted\s+tokens(?!\s*(?:/|per\b))|"
    # a count per step written as a unit ('1.60 tokens/forward', '3.1 tok/step', the noun in
    # the singular too: '1.02 token/forward')
    # ('3.4 tokens committed per draft/verify step': what a step commits, its own token too)
    # (the unit hyphenated as a compound: '3.00 tokens-per-cycle')
    # ('2.3 tokens emitted per verify', '2.3 emitted per verify': what a step emits, the
    # noun left out after the participle)
    # ('2.9 output tokens per verification': the tokens a step adds to the output, its own
    # token among them)
    r"(?:toks?|tokens?|tokens\s+(?:committed|emitted)|(?:committed|emitted|output|generated)"
    r"\s+tokens|emitted)"
    r"(?:/| per |-per-)"
    r"(?:draft[/ -]verify\s+|(?:target|backbone)\s+(?=steps?\b))?"
    + C.STEP_NOUN_RE
    # ('per verification step': the noun after its qualifier)
    + r"(?:\s+(?:steps?|rounds?|cycles?)(?!\w))?"
    + r"|tokens per verify step)\b(?:\s*\((?:AL|τ)\))?)"
    # (never a name opening its own pair, 'DFlash= 57.23  AL= 6.40': 'AL' is the key of 6.40,
    # 57.23 the value of the key before it)
    r"(?!\s*[:=]\s*[*`]{0,2}[-+]?\.?\d)",
    re.I,
)
# a WHOLE number of tokens per step that a statistic word or a measuring verb says was measured
# ('avg commit 7 tokens/step', 'mean of 5 tokens per cycle', 'measured 6 tok/step'): tokens a
# verify step commits, the target's own token included, as a decimal there is (_LENGTH_FIRST
# takes decimals only: a bare whole number per step may be a setting, '--draft-max 7', or what
# a step drafts). Never after a word of drafting or accepting ('drafts 7 tokens/step',
# 'accepted 7 tokens/step': other readers'), nor before one ('7 tokens/step drafted'); read
# only in a text naming speculative decoding (vocab.SPECULATIVE; a plain decoder's '7
# tokens/step' is none)
_WHOLE_PER_STEP = re.compile(
    r"(?:\b(?:avg|average|mean|median)\.?\s+(?:(?:commit(?:ted)?|emit(?:ted)?|output|generated|"
    r"decoded)\s+)?(?:of\s+)?|\b(?:measured|averag(?:ed|es|ing)|observed|we\s+(?:saw|see|got|"
    r"measured|observed?))\s+(?:(?:an?\s+)?(?:avg|average|mean)\s+(?:of\s+)?)?)"
    r"[~≈]?\s*(?P<val>[*`]{0,2}(?:1[0-6]|[1-9])[*`]{0,2})(?![\d.,]\d|\s*[-–/]\s*\d)\s+"
    r"(?P<key>(?:toks?|tokens)(?:/| per )"
    + C.STEP_NOUN_RE
    + r")\b(?!\s+(?:(?:were|are|was|is|got|get|being|been)\s+)?(?:drafted|proposed|speculated|"
    r"accepted))",
    re.I,
)
# a WHOLE number of tokens per step as an item of a list of a run's figures, after a comma, the
# list's other item a measured acceptance rate ('Stats: steps=3, 62.5% acceptance, 11
# tok/verify'): one of the figures the run printed, as a decimal there is. The item is the
# value and its unit alone (nothing after it but the list's next mark or the sentence's end);
# the rate must sit in the same list, after the list's colon (a setting listed beside no
# measured figure, 'k=4, 5 tok/step', stays unread); that rate names the speculation, so no
# speculative word need be on the line
_LISTED_WHOLE_PER_STEP = re.compile(
    r"[,;][ \t]*(?P<val>(?:1[0-6]|[1-9]))[ \t]+(?P<key>(?:toks?|tokens)(?:/| per )"
    + C.STEP_NOUN_RE
    + r")\b(?=[ \t]*(?:[,;)]|\.(?!\d)|$))",
    re.I,
)
_LIST_RATE = re.compile(r"\d%[ \t]*accept|accept\w*[ \t]*[:=]?[ \t]*\d+(?:\.\d+)?[ \t]*%", re.I)
# more values of the key just read, each with its own qualifier ('is 2.4 on A, 2.2 on B')
# the figure's earlier value after 'down from' / 'up from' ('is 1.12, down from 2.4 before the
# upgrade'): another record, the figure before the change
_DOWN_FROM = re.compile(
    # (the value's own bracket between: '52.6% (870/1653 drafts accepted), up from 4.1%')
    r"\s*(?:\([^()\n]{1,60}\)\s*)?"
    r"[,;(]?\s*(?:(?:down|up|dropping|falling|rising|fell|rose)\s+from)\s+(?P<val>[~≈]?\s?"
    + _DIGITS
    + r"\s*%?)(?!\d|[\w.]\d|\s*[x×])",
    re.I,
)
# (a contrast and a hedge before the next value: 'in the range of 0.8 in A, but only around 0.5
# in B', each an approximate value of its own run)
_MORE_ON = re.compile(
    # (after the first value's basis: '4.8% accepted/proposed for A and 3.3% for B')
    r"(?:\s+accepted\s*/\s*(?:proposed|drafted))?"
    # (the qualifier perhaps followed by a bracket of its own: 'on code (90 tok/s), 3.2 on chat';
    # a set's members listed in it too: 'over 6 suites (chat, code, ...) and 2.9 on long prompts')
    r"(?:\s+(?:on|for|with|at|in|over|across)\s+(?:[^,;:.\n()]|\.(?=[A-Za-z_])){1,60}?"
    r"(?:\s*\([^()\n]{1,240}\))?"
    r"|\s*\([^()\n]{1,30}\))"
    r"(?:,\s*(?:(?:and|but|while|whereas|yet)\s+)?|\s+(?:and|but|while|whereas)\s+)"
    r"(?:(?:only|just|about|around|roughly|approximately|nearly|almost|still|merely|barely|exactly)\s+)"
    r"{0,2}(?P<val>[~≈]?\s?" + _DIGITS + r"\s*%?)"
    # (the figure's unit after it: '2.7 tok/step on set B'; never a speed's, '41.5 tok/s on B')
    # (or where a setting's range starts, 'and 1.5 from C=32 on', 'beyond 8k'; never a change's
    # start, 'from 2.1')
    r"(?=(?:\s*(?:tokens?|toks?)\s*(?:/|per\s+)\s*(?!s(?:ec(?:onds?)?)?\b)[a-z]+)?"
    r"(?:\s+(?:on|for|with|at|in)\b|\s+from\s+(?![~≈]?\s?\d)|\s+beyond\s|\s*\())",
    re.I,
)


# a 'from X to Y' that spans a setting's range, not a change that was measured ('slide the
# acceptance rate from 10% to 95%', 'acceptance ranges from 60% to 80%')
_SETTING = re.compile(
    r"\b(?:slide|slider|drag|vary|varies|varying|adjust|adjusts|ranges?|ranging|anywhere|"
    r"between)\b",
    re.I,
)
# an environment variable of three words or more in capitals ('TOOL_LOG_ACCEPT_RATE'): set to
# 0 or 1 it turns something on or off, its value no figure
_SWITCH = re.compile(r"(?<![\w])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}[`*]{0,2}\s*$")
# a key whose value is no measurement: a typical, expected or assumed figure ('Typical
# acceptance: 60%', 'expected accept length = 2.3')
_NOT_MEASURED = re.compile(
    r"\b(?:typical(?:ly)?|usually|expected|theoretical|ideal|assumed|hypothetical|simulated|"
    r"desired|hoped|aim(?:ed)?|goal|(?:we|i|to|they)\s+(?:target|want|need|hope|aim)(?:ed)?|"
    r"targeting|aiming(?:\s+for)?|required|minimum|maximum|thresholds?|cut-?offs?|limits?|"
    # ('the best possible acceptance rate is 100%', 'highest possible'): a bound, no run's
    r"possible)"
    r"(?:[ \t_*`-]+\w+){0,3}[ \t*`]*$",
    re.I,
)
# a value that opens a range ('60–80%', '2.1 - 2.6', '60% to 80%'): not one measurement
# (an ellipsis between the ends too: '0.94…0.35', '0.9...0.4'); never a spaced dash opening an
# aside on a multiple ('accept length 3.9 — 1.4x lower TPOT than ...': a ratio, no range's end)
_RANGE_AFTER = re.compile(
    r"(?![*`]{0,2}[ \t]*(?:--|[-–—])[ \t]+[*`~≈]{0,2}\d+(?:\.\d+)?[ \t]?[x×](?![\w.])[*`]{0,2}[ \t]+"
    r"[A-Za-z])"
    r"[*`]{0,2}\s*(?:[-–—~…]|\.{2,3}(?=\s*[*`]{0,2}\d)|to\b)\s*[*`]{0,2}\d+(?:[.,]\d+)*\s*%?[*`]{0,2}"
)
# ... or after 'between' ('ranges between 60% and 80%')
_BETWEEN = re.compile(r"\bbetween\s+[*`~]{0,2}$", re.I)
_AND_AFTER = re.compile(r"\s*(?:and|&)\s*[*`~]{0,2}\d[\d.,]*\s*%?[*`]{0,2}", re.I)
# a value that opens alternatives ('a rate of exactly 0 or 1', '2.5 or 3.0'): either of two
# values, what a figure can be, not one measurement
_OR_AFTER = re.compile(r"[*`]{0,2}\s*,?\s*or\s+[*`~]{0,2}\d[\d.,]*\s*%?[*`]{0,2}(?![\w.]\d)", re.I)
# the one measured value printed beside a range ('0.56–0.94 (0.80 aggregate)')
_RANGE_CENTRAL = re.compile(
    r"\s*[(\[,;]\s*(?:(?P<w1>mean|avg|average|overall|aggregate|pooled|median|weighted)\s*:?\s*)?"
    r"(?P<val>[*`]{0,2}(?:\d+(?:\.\d+)?|\.\d+)\s*%?[*`]{0,2})"
    r"(?:\s*(?P<w2>mean|avg|average|overall|aggregate|aggregated|pooled|median|weighted))?\s*[)\]]?",
    re.I,
)
# a bound, not a measurement: a value after a comparison ('at >= 60% acceptance', 'at least 2.5
# accept length', 'acceptance above 70%'); an arrow ('-> 80% acceptance', '=>') is none
_BOUND_BEFORE = re.compile(V.BOUND_WORDS + r"\s*[*`~]{0,2}\s*$", re.I)
_RANGE_BEFORE = re.compile(
    r"(?:\d\s*%?[*`]{0,2}\s*(?:[-–—~]|to)|\bbetween\s+[*`]{0,2}[\d.]+\s*%?[*`]{0,2}\s+and)\s*[*`]{0,2}$",
    re.I,
)


def _bound(text: str, at: int) -> bool:
    """Whether the value at ``at`` follows a comparison: a threshold or a goal, not a figure read."""
    return _BOUND_BEFORE.search(text, max(0, at - 24), at) is not None


# a goal or a hope just before a value printed before its name ('we hope to reach 60% accept
# rate', 'the goal is 2.5 acceptance lengths', 'a target of 60%', 'the golden 2.78 AL'): no
# measurement. The goal words (vocab.GOAL_WORDS) and, here alone, the verbs of wanting ('hope',
# 'want', 'need', 'should'): only connecting words may stand between them and the value, so
# 'we want to know why 45% acceptance ...' keeps its figure; before a figure's NAME
# (thresholds.py), where any three words may, such verbs would drop measured figures. An
# inference from other figures is none either ('2.05 positions a token implies ~0% MTP
# acceptance').
_WANTING = (
    V.GOAL_WORDS
    + r"|\b(?:aim|hope|hoping|want|wanted|need|needs|expect|expecting|should|would\s+like|"
    r"impl(?:y|ies|ied|ying))\b"
)
_GOAL_BEFORE = re.compile(
    r"(?:" + _WANTING + r")"
    r"(?:\s+(?:is|was|of|for|to|at|reach|get|see|hit|achieve|be|around|about|"
    r"roughly|an?|the)){0,3}\s*[*`~≈]{0,2}\s*$",
    re.I,
)


# a Markdown heading's marks and nothing else before a figure: the figure that opens the
# heading ('### 4.2 accept length', '## **3.1** Acceptance length') numbers its section
_HEADING_OPENS = re.compile(r"\s*#{1,6}\s+")


def _closes_range_or_bound(text: str, at: int) -> bool:
    """Whether the value at ``at`` (printed before its name) ends a range ('60 - 80% acceptance'),
    follows a comparison or a goal: no figure read either way."""
    return (
        _RANGE_BEFORE.search(text, max(0, at - 40), at) is not None
        or _bound(text, at)
        or _GOAL_BEFORE.search(text, max(0, at - 40), at) is not None
        # ('will give us ~2.6 tok/step': a forecast, forecast.py)
        or FC.forecast_before(text, at)
        # ('this typically yields ~75% acceptance': a generic claim, typical_yield.py)
        or TY.within(text, at)
    )


# the same figure of another run, after 'vs' ('3.43 vs 3.35', '62.0% vs 61.9%')
# the figure after a change's arrow ('acceptance length 3.2 -> 2.3'): another run's; a
# multiplier after it ('0.85 -> 1.32x') is what the figure leads to, never the figure, and so
# is a throughput or a time ('0.96 → 85.8 t/s', '0.7 -> 41 tok/s', '-> 12 ms')
_ARROW_TO = re.compile(
    r"\s*" + V.ARROW + r"\s*(?P<val>[*`]{0,2}" + _DIGITS + r"\s*%?[*`]{0,2})"
    r"(?![\w.]\d|\d|\s*[x×](?![A-Za-z])"
    r"|\s*(?:tok(?:en)?s?\s*/\s*s(?:ec)?\b|t/s\b|tps\b|ms\b|s/tok\b))"
)
_VERSUS = re.compile(
    # perhaps after the first run's qualifier ('11.9 % on random data versus 51.8 % on prose')
    # or after a bracketed one ('3.2 (before) vs 1.1 (after)')
    # or after a comma ('was 2.31, versus 2.48 for the old head')
    # or in a bracket of its own ('14.1% (vs 11.3% on the chain)': the value after it is
    # another run's only where it is written as the first is, checked by _versus_kept)
    # (the bracket's name may end in digits, 'DFlash2', 'EAGLE3': a name, no value)
    r"(?:\s+(?:on|for|with|at|in|under)\s+[^,;:\n]{1,60}?|"
    r"\s*\((?:[^()\d\n]|(?<=[A-Za-z])\d{1,4}){1,30}\))?\s*,?\s*"
    r"(?:(?P<open>[(\[])\s*)?(?P<vs>vs\.?|versus|against)\s+"
    # (the other run named by a possessive: 'vs the native checkpoint's 80%')
    r"(?:(?:the\s+)?(?:[A-Za-z][\w.-]*\s+){0,2}[A-Za-z][\w.-]*['’]s\s+)?"
    # (the other run's own count, then 'at', as the first run's was written: '51 rounds at
    # acceptance 0.6667 against 49 at 0.7320'; _versus_kept checks the first run's)
    r"(?:(?P<count>\d+)\s+(?:[A-Za-z]+\s+)?at\s+)?"
    r"(?P<val>[*`]{0,2}[~≈]?" + _DIGITS + r"\s*%?[*`]{0,2})(?![\w.]\d)",
    re.I,
)


# the next item of a list after a share in brackets ('(91% acceptance)'): a few words of its
# own run, no share, perhaps wrapped onto the next line, then a bracket holding a share alone
# ('), 48.0 over 512 (74%)')
_MORE_BRACKETED = re.compile(
    r"\s*\)(?:,\s*(?:and\s+)?|\s+and\s+)(?:[^.;:()%\n]|\.(?=\d)|\n(?![ \t]*\n)){1,40}?\(\s*(?P<val>\d{1,3}(?:\.\d+)?\s*%)(?=\s*\))"
)
# a throughput's unit right after a value ('41.5 tok/s', '40 t/s', '38 tokens/s', '12 tps')
_PER_SECOND = re.compile(r"\s*(?:tok(?:en)?s?\s*/\s*s(?:ec)?\b|t/s\b|tps\b)(?!\s*[:=])", re.I)


# after a bare length compared ('vs 1.2'): the sentence goes on or ends, no unit follows it
_VERSUS_END = re.compile(
    r"\s*(?:$|[.,;:)]|(?:for|on|with|in|at|from|by|when|after|before|under|using|and|of)\b)", re.I
)


# a run's name in brackets right after a bare length compared ('vs 4.10 (MTP)', 'vs 2.2 (old
# head)'): one to three words, no unit of another measure ('(tok/s)', '(ms)', '(x)')
_VERSUS_LABEL = re.compile(
    r"\s*\((?!\s*(?:tok|t/s|tps|ms|s|sec|x|×|%)(?![\w]))\s*[A-Za-z][\w.+-]{0,24}"
    r"(?:\s[\w.+-]{1,24}){0,2}\s*\)",
    re.I,
)
# the run without drafts named so in brackets after a compared value ('vs 1.000
# (autoregressive)', 'vs 1.0 (AR)', 'vs 1.00 (no spec)'): plain decoding's one token a step, no
# run of the figure (reader._PLAIN_AT_ONE reads what it says of the paste's lengths)
_PLAIN_LABEL = re.compile(
    r"\s*\(\s*(?:(?:plain|standard|vanilla|non-speculative|autoregressive|AR)"
    r"(?:\s+(?:decoding|decode|generation|baseline))?|no[ -]?spec(?:ulation|ulative)?|"
    r"without\s+(?:spec\w*|drafts?)|w/o\s+spec\w*|no\s+drafts?)\s*\)",
    re.I,
)


# the first run written as a count of its own, then 'at' the figure's value ('51 rounds at
# acceptance 0.6667'), right before a 'vs' / 'against' (searched in a window before it)
_COUNT_AT_BEFORE = re.compile(
    r"(?<![\w.])\d+\s+[A-Za-z]+\s+at\s+(?:[A-Za-z][\w-]*\s+){0,3}[*`]{0,2}[~≈]?"
    + _DIGITS
    + r"\s*%?[*`]{0,2}\s*,?\s*$"
)


def _versus_chain(
    text: str,
    more: re.Match[str],
    k: C.Key,
    kt: str,
    v: C.Value,
    found: list[tuple[int, C.Key, C.Value, str, str]],
    rest: list[str],
) -> None:
    """The runs compared after a bare length ('5.47 mean accepted tokens (A) vs 4.10 (B) vs
    1.00 (autoregressive)'), from the first 'vs' match ``more``: each a record of the figure,
    written as the first (``v``), its run's name in brackets after it perhaps; a value of exactly
    1 named as plain decoding is no run (no record: the paste's word on its lengths)."""
    start = more.start()
    for _ in range(_CHAIN_MOST):
        mv = C.value(more.group("val"))
        if mv is None or mv.percent:
            break
        end = more.end("val")
        label = _VERSUS_LABEL.match(text, end)
        if mv.number == 1 and _PLAIN_LABEL.match(text, end):
            end = label.end() if label is not None else end
        else:
            found.append((more.start("val"), k, mv, kt, more.group("val")))
        for i in range(start, end):
            rest[i] = " "
        if label is not None:
            end = max(end, label.end())
        start = end
        nxt = _VERSUS.match(text, end)
        if nxt is None or nxt.group("open") or not re.match(r"\s*(?:vs\.?|versus)\s", text[end:]):
            break
        nv = C.value(nxt.group("val"))
        if (
            nv is None
            or nv.percent
            or (v.decimals > 0 and nv.decimals == 0)
            or not (
                _VERSUS_END.match(text, nxt.end("val")) or _VERSUS_LABEL.match(text, nxt.end("val"))
            )
        ):
            break
        more = nxt


def _versus_kept(more: re.Match[str], v: C.Value, mv: C.Value) -> bool:
    """Whether a value after 'vs' / 'against' is the same figure of another run: after
    'against' (a word of other meanings: 'against 8 requests') only a value printed as the first
    was, its decimals and its '%' ('3.14 against 3.09'). A count of the other run's own before
    its value ('against 49 at 0.7320') only where the first run was written alike ('51 rounds at
    acceptance 0.6667')."""
    if more.groupdict().get("count") and (
        more.groupdict().get("open")
        or _COUNT_AT_BEFORE.search(more.string, max(0, more.start() - 100), more.start()) is None
    ):
        return False
    if more.groupdict().get("open"):
        # '(vs 11.3% on the chain)': a bracket's value is the same figure only where it is
        # written as the first (a share after a share, decimals after decimals), never
        # '(vs 1.2x)' after a rate nor '(vs 8 requests)' after a length
        return (
            mv.percent == v.percent
            and (mv.percent or (mv.decimals > 0 and v.decimals > 0))
            and (more.group("vs") or "").lower() != "against"
        )
    if (more.group("vs") or "").lower() != "against":
        return True
    return mv.percent == v.percent and mv.decimals == v.decimals and v.decimals > 0


# the other run's two figures after 'vs', joined by '/' ('- vs 0.60 / 3.2'), a sentence's
# end or a qualifier after them (no unit: '60 / 42 tok/s' is a speed)
_VERSUS_PAIR = re.compile(
    r"\s*[—–-]*\s*,?\s*\(?\s*(?:vs\.?|versus)\s+(?P<a>[~≈]?" + _DIGITS + r"\s*%?)\s*/\s*"
    r"(?P<b>[~≈]?" + _DIGITS + r"\s*%?)(?![\w.]\d|\d)"
)
# a participle saying where the other run's values were measured ('... 3.2 measured on the fork')
_MEASURED_AFTER = re.compile(r"\s*(?:measured|observed|seen|reported|recorded|obtained)\b", re.I)
# the value the clause printed right before the second figure's name ('(0.575, mean ...')
_CLAUSE_VALUE_BEFORE = re.compile(r"(?<![\w.])(?P<val>[~≈]?" + _DIGITS + r"\s*%?)\s*,\s*$")


def _written_alike(a: C.Value, b: C.Value) -> bool:
    """Whether two values are written alike: a share both, or decimals both and no share."""
    return a.percent == b.percent and (a.percent or (a.decimals > 0 and b.decimals > 0))


def _versus_pair(
    text: str,
    key_start: int,
    end: int,
    own: tuple[C.Key, C.Value, str],
    found: list[tuple[int, C.Key, C.Value, str, str]],
) -> list[tuple[int, C.Key, C.Value, str, str]]:
    """The other run's two figures after a clause's two (``A, name V`` then ``vs A' / V'``,
    ``own``: the key of V, V and the key's words, the key starting at ``key_start`` and V
    ending at ``end``): V' the same
    figure as V, and A' the same as A where A was read as a figure (``found``); each written as
    its counterpart was. Nothing where the clause printed no value right before the name, the
    values are written otherwise, or a unit follows the pair (_VERSUS_END)."""
    k, v, words = own
    pair = _VERSUS_PAIR.match(text, end)
    prev = _CLAUSE_VALUE_BEFORE.search(text, max(0, key_start - 24), key_start)
    if pair is None or prev is None:
        return []
    if not (_VERSUS_END.match(text, pair.end()) or _MEASURED_AFTER.match(text, pair.end())):
        return []
    a, b, pv = C.value(pair.group("a")), C.value(pair.group("b")), C.value(prev.group("val"))
    if a is None or b is None or pv is None or not (_written_alike(a, pv) and _written_alike(b, v)):
        return []
    out = [(pair.start("b"), k, b, words, pair.group("b").strip())]
    first = [f for f in found if f[0] <= prev.start("val") < f[0] + 200 and f[2] == pv]
    if first:
        _, fk, _, ft, _ = first[-1]
        out.insert(0, (pair.start("a"), fk, a, ft, pair.group("a").strip()))
    return out


# a key, then its values in brackets ('accept lengths (3.43 vs 3.35)', 'acc len (2.1 / 2.4)'),
# perhaps after a word giving them as an example ('(e.g. 3.43 vs 3.35)', '（如 3.43 vs 3.35）'):
# the runs the sentence compares, given as its case in point
_EXAMPLE_LEAD = r"(?:(?:e\.g\.|eg\.|for example|for instance|例如|比如|譬如|如)[,:，]?\s*)?"
_KEY_BRACKETED = re.compile(
    r"(?P<key>[A-Za-zτ#*_`][A-Za-zτ#*_`./ -]{0,60}?)\s*\(\s*"
    + _EXAMPLE_LEAD
    + r"(?P<val>[*`]{0,2}"
    + _DIGITS
    + r"\s*%?[*`]{0,2})(?=\s*(?:vs\.?|versus)\s)",
    re.I,
)
# what follows the key of every match of _KEY_BRACKETED: a line without it is not searched (the
# lazy key is tried at every letter of a line)
_KEY_BRACKETED_HINT = re.compile(
    r"\(\s*" + _EXAMPLE_LEAD + r"[*`]{0,2}" + _DIGITS + r"\s*%?[*`]{0,2}(?=\s*(?:vs\.?|versus)\s)",
    re.I,
)


# a figure's name compared before its bracket ('acceptance is lower for run B (58% vs 72%)'):
# the name, a copula, a comparative and at most the runs it is said of; the bracket's values
# are that figure's, one a run
_COMPARED_KEY = re.compile(
    r"^(?P<name>.+?)\s+(?:is|was|are|were|stays|stayed|looks|seems|gets|got)\s+(?:(?:much|far|"
    r"a\s+bit|a\s+lot|slightly|noticeably|significantly|somewhat)\s+)?(?:lower|higher|worse|"
    r"better|smaller|larger|greater|similar|comparable)(?:\s+(?:for|on|in|with|under)"
    r"(?:\s+[A-Za-z][\w./-]*){1,4})?\s*$",
    re.I,
)


# the values of a bracket compared ('(58 vs 72 tok/s)') closed by a unit of another measure:
# none of them an acceptance figure's
_BRACKET_UNIT = re.compile(
    r"\s*(?:vs\.?|versus)\s+[*`]{0,2}" + _DIGITS + r"\s*[*`]{0,2}\s*(?:tok(?:en)?s?\b|t/s|tps\b|"
    r"ms\b|s\b|sec\w*|x\b|×|[gmk]i?b\b|it/s|req\w*|qps\b|w\b)",
    re.I,
)


# more or fewer of a length's unit than another run ('accepts 30% more tokens per step than
# the old head (3.1 vs 2.4)'): the comparative, the unit, then the run compared, named by a few
# words after 'than', 'after', 'before' or 'since' (no figure's name among them); the verb of
# accepting before the comparative, perhaps with the change's share, is searched in the words
# before it (_ACCEPTS_MORE)
_MORE_KEY = re.compile(
    r"(?:^|\s)(?P<more>more|fewer|less)\s+(?P<name>[A-Za-z][A-Za-z/ -]*?)\s+"
    r"(?:than|after|before|since)(?P<run>(?:\s+[A-Za-z][\w./-]*){1,4})\s*$",
    re.I,
)
_ACCEPTS_MORE = re.compile(
    r"\baccept(?:s|ed)?\s+(?:~?\d+(?:\.\d+)?\s*%\s+)?(?:more|fewer|less)\s", re.I
)
# the lengths a count of more or fewer tokens a step may be: never a rate ('more acceptance')
_MORE_LENGTHS = (C.LENGTH, C.ACC_PER_STEP)


def _compared_key(words: str, before: str = "") -> C.Key | None:
    """The acceptance figure a key compares before its bracket (``_COMPARED_KEY``), or None.
    Or (``_MORE_KEY``) a unit of a length a run accepts more or fewer of than another run, read
    as accepted tokens a step where the verb of accepting stands before the comparative (in
    ``words`` or in ``before``, the line's text before them): a name of another unit, or one
    no verb of accepting says was accepted ('drafts 20% more tokens per step'), is none."""
    m = _COMPARED_KEY.match(words.strip())
    k = key_of(m.group("name")) if m is not None else None
    if k is None and (mm := _MORE_KEY.search(words.strip())) is not None:
        name = mm.group("name")
        said = before + " " + words.strip()[: mm.start("name")]
        if _ACCEPTS_MORE.search(said[-60:]) is not None and not name.lower().startswith("accept"):
            name = "accepted " + name
        k = key_of(name)
        if k.metric not in _MORE_LENGTHS or key_of(mm.group("run")).metric is not None:
            k = None
    return k if k is not None and k.metric in C.ACCEPTANCE else None


# a figure's name, a verb of state and a word or two, then a bracket opening with its value and a
# word of measuring ('accept length is near-saturating (~5.8/6 measured on H100)'): the value the
# sentence reports for that name
_KEY_STATE_BRACKETED = re.compile(
    # (a key starts a word: never tried again inside one, each try bounded by four words)
    r"(?<![A-Za-zτ_-])(?P<key>[A-Za-zτ][A-Za-zτ_-]*(?: [A-Za-zτ_-]+){0,3}) "
    r"(?:is|was|stays|stayed|remains|looks)"
    r"(?: [A-Za-z][\w-]*){1,2} \(\s*[~≈]?\s*(?P<val>\d+(?:\.\d+)?\s*%?"
    r"(?:\s*/\s*\d+(?:\.\d+)?)?)\s+(?:measured|observed|seen)\b",
    re.I,
)


def _key_state_bracketed(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_KEY_STATE_BRACKETED` in ``text`` (none without a bracket and a
    word of measuring)."""
    low = text.lower()
    if " (" not in text or not any(w in low for w in (" measured", " observed", " seen")):
        return iter(())
    return _KEY_STATE_BRACKETED.finditer(text)


def _key_bracketed(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_KEY_BRACKETED` in ``text`` (none where its hint finds nothing)."""
    return _KEY_BRACKETED.finditer(text) if _KEY_BRACKETED_HINT.search(text) else iter(())


_LEAD = re.compile(r"^\s*(?:[-*]\s+)?[*`]{0,2}(?P<lead>[A-Za-z][\w ./-]{2,40}?)[*`]{0,2}\s*:\s*\D")
_SUB_POSITION = re.compile(r"(?:^|\s)(?:pos(?:ition)?|token|draft)\s*[_#]?\s*(\d{1,2})$", re.I)
_SUB_WHOLE = re.compile(r"(?:^|\s)(?:overall|mean|avg|average|aggregate|all|total)$", re.I)


def _lead_metric(text: str) -> C.Key | None:
    """The acceptance metric a line opens with, before sub-keys ('Acceptance rates: pos0:
    62.0%, overall: 18.4%'); None when it opens with none."""
    m = _LEAD.match(text)
    if m is None:
        return None
    name = m.group("lead").strip()
    for cand in (name, name[:-1] if name.lower().endswith("s") else ""):
        k = C.key(cand) if cand else C.Key(None, "", False)
        if k.metric in (C.RATE, C.LENGTH, C.TOK_PER_STEP):
            return k
    return None


def _sub_key(words: str, lead: C.Key) -> C.Key:
    """A sub-key under the line's metric: a position ('pos0', 'position 2') is that position's
    rate (for a rate), 'overall' / 'mean' the metric itself."""
    w = C._MARKUP.sub("", words).strip().rstrip(":")
    if lead.metric == C.RATE and (pm := _SUB_POSITION.search(w)) is not None:
        return C.Key(
            C.POSITION, f"{lead.text} {pm.group(0).strip()}", lead.percent, int(pm.group(1))
        )
    if _SUB_WHOLE.search(w):
        return lead
    return C.Key(None, "", False)


# a setting whose values are names, never numbers ('thinking mode', 'the chat task', 'fp8
# precision'): closing a qualifier after a figure's name, it tells where the figure was
# measured, and the numbers after it are the figure's
_NAMED_SETTINGS = frozenset(
    (
        "mode",
        "variant",
        "scenario",
        "task",
        "dataset",
        "category",
        "benchmark",
        "prompts",
        "hardware",
        "gpu",
        "precision",
        "backend",
        "framework",
        "checkpoint",
    )
)


def _named_setting_qualifies(words: str) -> C.Key | None:
    """The acceptance figure named before a qualifier closed by a setting of names ('decode
    acceptance in thinking mode', 'accept rate on the code task'): the figure's key, where the
    words between the qualifier and the setting hold no number (at most three words); None
    otherwise ('acceptance at batch size', a setting of numbers, keeps the setting's key)."""
    ws = C._MARKUP.sub("", words).replace(",", " ").split()
    if not ws or ws[-1].lower() not in _NAMED_SETTINGS:
        return None
    for i in range(len(ws) - 2, max(0, len(ws) - 6), -1):
        if ws[i].lower() in _QUALIFIERS:
            if any(ch.isdigit() for w in ws[i + 1 : -1] for ch in w):
                return None
            k = key_of(" ".join(ws[:i]))
            return k if k.metric in C.ACCEPTANCE else None
    return None


def _fractional(m: re.Match[str]) -> bool:
    """Whether both values of a 'from X to Y' match are written with decimals or '%' (a
    measured figure's, never a setting's whole number)."""
    for g in ("a", "b"):
        v = C.value(m.group(g))
        if v is None or not (v.decimals or v.percent):
            return False
    return True


# a magnitude right after a whole number ('12k', '4 K', '2M'): a count, never a figure
_MAGNITUDE = re.compile(r"[ \t]?[kKM](?![\w.])")


def _count_range(m: re.Match[str], text: str) -> bool:
    """Whether a 'from X to Y' match spans whole counts, no figure's values: both ends whole
    numbers without '%', one above 100 (no share nor length is) or the second with a
    magnitude after it ('from 500 to 12k tokens': the prompt lengths a run held over)."""
    va, vb = C.value(m.group("a")), C.value(m.group("b"))
    if va is None or vb is None or va.percent or vb.percent or va.decimals or vb.decimals:
        return False
    return max(va.number, vb.number) > 100 or _MAGNITUDE.match(text, m.end("b")) is not None


def _changes(text: str) -> list[tuple[int, int, int, C.Key, str]]:
    """The 'from X to Y' phrases of a line: (start, end, key end, key, printed key). A range
    of a setting has no key (``metric`` None): its values are skipped."""
    out: list[tuple[int, int, int, C.Key, str]] = []
    last: tuple[C.Key, str] | None = None
    for m in _FROM_TO.finditer(text):
        words = m.group("key")
        if _SETTING.search(re.split(r"[,;:.!?—]", words)[-1]) or _count_range(m, text):
            # (in the phrase's own clause; or whole counts: 'from 500 to 12k tokens')
            out.append((m.start(), m.end(), m.end("key"), C.Key(None, "", False), ""))
            continue
        k = key_of(_CHANGE_WORDS.sub("", words))
        if k.metric == C.LABEL and _CHANGE_WORDS.search(words) and _fractional(m):
            k = _named_setting_qualifies(_CHANGE_WORDS.sub("", words)) or k
        if (
            k.metric == C.ACCEPTED
            and _CHANGE_WORDS.search(words)
            and all(
                (v := C.value(m.group(g))) is not None and v.decimals > 0 and 0 < v.number <= 16
                for g in ("a", "b")
            )
        ):
            # 'the accepted tokens improved from 1.4 to 1.8': no count but a mean per step, a
            # length whose convention neither the words nor a tool's length name give
            k = C.Key(C.LENGTH, f"mean {k.text}", False)
        if k.metric not in C.ACCEPTANCE:
            if last is None or not _CHANGE_WORDS.search(words):
                continue
            if A.other_measure(re.split(r"[,;:.!?—]", words)[-1], text[m.end() :]):
                continue  # ('..., while throughput went from 40 to 61 tok/s')
            k, kt = last
        else:
            kt = words.strip()
            last = (k, kt)
        out.append((m.start(), m.end(), m.end("key"), k, kt))
    return out


# a metric, then its value per configuration ('Acceptance length — greedy: 2.91, sampled:
# 2.55'): each configuration's value one record
_LEAD_LIST = re.compile(
    r"^\s*(?:[-*]\s+)?[*`]{0,2}(?P<lead>[A-Za-zτ][\w .()/-]{0,40}?)[*`]{0,2}\s*"
    r"(?::|—|–|\s-\s|\s*(?:->|→|=>)\s*)\s*"
    r"(?P<items>(?:[*`]{0,2}[A-Za-z][\w .=/+-]{0,30}?[*`]{0,2}(?:\s*:\s*|\s+)[*`]{0,2}[~≈]?\s?"
    + _DIGITS
    + r"\s*%?[*`]{0,2}\s*(?:[,;]\s*|(?=\.?\s*$))){2,8})\.?\s*$"
)
_LEAD_ITEM = re.compile(
    r"[*`]{0,2}(?P<k>[A-Za-z][\w .=/+-]{0,30}?)[*`]{0,2}(?:\s*:\s*|\s+)(?P<v>[*`]{0,2}[~≈]?\s?"
    + _DIGITS
    + r"\s*%?[*`]{0,2})"
    # (the item's value ends it: 'pos 0: 90.0%' is named 'pos 0', never 'pos' of value 0)
    r"(?=\s*(?:[,;]|\.?\s*$))"
)
_CONFIG_WORDS_OTHER = re.compile(
    r"throughput|speed|latency|tok/s|t/s|time|ttft|tpot|memory|accuracy|score|speedup|"
    r"\bms\b|\bs\b|cost|power|"
    # a statistic of one run, not a configuration
    r"\bmin(?:imum)?\b|\bmax(?:imum)?\b|\bp\d{1,2}\b|\bstd|\bstddev\b",
    re.I,
)
# no configuration but a goal or a bound: the line holds no measurement at all
_GOAL_NAME = re.compile(
    r"target|goal|expected|threshold|budget|typical|theoretical|ideal|assumed|required|bound|"
    r"limit|floor|ceiling|sla\b|slo\b|\babove\b|\bbelow\b|\bleast\b|\bmost\b|\bover\b|"
    r"\bunder\b|\bbetween\b|\bfrom\b|\bto\b",
    re.I,
)


_SENTENCE_START = re.compile(r"[.!?]\s+(?=[A-Z*`])")
# a figure's name abbreviated with a point ('Acc. Len', 'Avg. accept length'): no sentence's end
_ABBREVIATIONS = frozenset(
    (
        "acc",
        "avg",
        "approx",
        "est",
        "len",
        "max",
        "min",
        "med",
        "no",
        "num",
        "spec",
        "std",
        "tok",
        "vs",
    )
)


def _abbreviated(text: str, dot: int) -> bool:
    """Whether the point at ``dot`` closes an abbreviation ('Acc.') rather than a sentence."""
    word = text[:dot].rsplit(None, 1)[-1] if text[:dot].strip() else ""
    return word.lower() in _ABBREVIATIONS


def _lead_list(text: str) -> list[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """A line, or the last sentences of one ('Parity verified at 24 checkpoints. Acceptance:
    K=4 64%, K=8 30%'), naming one acceptance figure, then its value per configuration."""
    got = _lead_list_at(text)
    if got or _SENTENCE_START.search(text) is None:
        return got
    for s in _SENTENCE_START.finditer(text):
        got = _lead_list_at(text[s.end() :])
        if got:
            return [(a + s.end(), b + s.end(), pairs) for a, b, pairs in got]
    return []


def _lead_list_at(text: str) -> list[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """A line naming one acceptance figure, then its value for each of a few configurations,
    read only when no configuration's name is a figure or a measure of its own."""
    m = _LEAD_LIST.match(text)
    if m is None:
        return []
    lead = C.key(m.group("lead"))
    if lead.metric is None:
        # what the items are after the metric ('acceptance length per dataset ->')
        bare = re.sub(
            r"\s+(?:per|by|for each|across)\s+[A-Za-z][\w-]*$", "", m.group("lead").strip()
        )
        lead = C.key(bare) if bare != m.group("lead").strip() else lead
    if lead.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE):
        return []
    got: list[tuple[C.Key, C.Value, str, str]] = []
    items = list(_LEAD_ITEM.finditer(m.group("items")))
    if any(_GOAL_NAME.search(it.group("k")) for it in items):
        return [(m.start(), m.end(), [])]  # 'Acceptance length — target: 3.0': goals, no figure
    for it in items:
        name = it.group("k").strip()
        if C.key(name).metric not in (None, C.LABEL, C.K) or _CONFIG_WORDS_OTHER.search(name):
            return []
        v = C.value(it.group("v"))
        if v is None or _SIGNED.match(C._MARKUP.sub("", it.group("v"))):
            return []
        if lead.metric != C.RATE and (v.percent or not 0 < v.number <= 16):
            return []
        if lead.metric == C.RATE and not v.percent and not 0 <= v.number <= 1:
            return []
        if (kl := _K_LABEL.match(name.replace(" ", ""))) is not None and lead.metric != C.RATE:
            # 'AL — k=3: 3.41, k=4: 3.80': each value at its draft tokens per step
            n = int(kl.group("n"))
            got.append((C.Key(C.K, "k", False), C.Value(float(n), False, 0), "k", str(n)))
        got.append(
            (C.Key(lead.metric, f"{lead.text} {name}", lead.percent), v, name, it.group("v"))
        )
    # a rate's values named by draft position ('acceptance rate: pos1 89.4%, pos2 77.2%',
    # '接受率：第1位 89.4%，第2位 77.2%'): one record, its rates per position
    nums = [int(pm.group(1)) if (pm := _POSITION_NAME.match(n)) else -1 for _, _, n, _ in got]
    if (
        lead.metric == C.RATE
        and len(got) >= 2
        and nums[0] in (0, 1)
        and nums == list(range(nums[0], nums[0] + len(nums)))
    ):
        got = [
            (C.Key(C.POSITION, lead.text, lead.percent, n - nums[0]), v, name, vt)
            for (_, v, name, vt), n in zip(got, nums, strict=True)
        ]
    return [(m.start(), m.end(), got)] if len(got) >= 2 else []


_POSITION_NAME = re.compile(
    r"^(?:pos(?:ition)?|token|draft(?: position)?|depth|head|mtp|d|p)\s*[_#-]?\s*(\d{1,2})$", re.I
)


# 'A of B draft tokens accepted (P%)': accepted of drafted tokens; with the noun 'drafts' or
# 'proposals' (a draft may be several tokens) only the printed share is read, and only where
# A / B gives it
_OF_ACCEPTED = re.compile(
    r"(?<![\w.])(?P<a>" + _DIGITS + r")\s+(?:out\s+)?of\s+(?:the\s+)?(?P<b>" + _DIGITS + r")\s+"
    r"(?:(?P<noun>(?:draft(?:ed)?|speculative|proposed)\s+tokens|tokens|drafts|proposals)\s+)?"
    r"(?:(?:were|got|are|is|get|gets|being|was)\s+)?accepted\b"
    # a mean per verify step ('3.20 of 7 drafted tokens accepted per round'): accepted drafts
    # per step of the draft tokens per step
    r"(?P<per>\s+(?:per|each|every|a)\s+(?:draft(?:-|\s+))?(?:verify\s+|decode\s+)?"
    + C.STEP_NOUN_RE
    + r"\b)?"
    r"(?:\s*[(\[]\s*(?P<p>\d+(?:\.\d+)?\s*%)\s*[)\]])?",
    re.I,
)
# the counts joined by a slash, drafts or proposals after them ('0/12 proposals accepted (0%)'):
# read as 'A of B proposals accepted' (the share alone; tokens: _SLASH_ACCEPTED); never after a
# setting or within a list ('k=3/4 drafts accepted', '1/2/3 drafts'), never decimals
_SLASH_OF_ACCEPTED = re.compile(
    r"(?<![\w.=/~≈<>])(?P<a>\d{1,9})\s*/\s*(?P<b>\d{1,9})(?![\d.,/])\s+"
    r"(?P<noun>drafts|proposals)\s+(?:(?:were|got|are|is|get|gets|being|was)\s+)?accepted\b"
    r"(?:\s*[(\[]\s*(?P<p>\d+(?:\.\d+)?\s*%)\s*[)\]])?",
    re.I,
)
# the same, the count after the word ('accepted 23 of 24 (96%)', 'accepted 70 out of 116 draft
# tokens')
_ACCEPTED_OF = re.compile(
    r"\baccept(?:ed|s|ing)?\s+(?:on average\s+|an average of\s+)?(?P<a>" + _DIGITS + r")\s+"
    r"(?:out\s+)?of\s+(?:the\s+)?(?P<b>" + _DIGITS + r")"
    r"(?:\s+(?P<noun>(?:draft(?:ed)?|speculative|proposed)\s+tokens|tokens|drafts|proposals))?"
    r"(?P<per>\s+(?:per|each|every|a)\s+(?:draft(?:-|\s+))?(?:verify\s+|decode\s+)?"
    + C.STEP_NOUN_RE
    + r"\b)?"
    r"(?:\s*[(\[]\s*(?P<p>\d+(?:\.\d+)?\s*%)\s*[)\]])?",
    re.I,
)
# 'N tokens emitted over M cycles': output tokens and verify steps
_EMITTED_OVER = re.compile(
    r"(?<![\w.])(?P<n>" + _DIGITS + r")\s+(?:output\s+|generated\s+)?tokens\s+(?:were\s+)?"
    r"(?:emitted|generated|produced|committed)\s+(?:over|in|across)\s+(?P<m>" + _DIGITS + r")\s+"
    r"(?P<unit>cycles|verify steps|verification steps|decode steps|steps|forwards|forward passes|"
    r"target forwards|iterations|rounds)\b",
    re.I,
)


_DRAFTED_NOUN = re.compile(r"(?:draft(?:ed)?|speculative|proposed)\s+tokens$", re.I)
# the name of what a step accepts of its K drafted tokens ('accepts 5.12 of 8 drafted tokens'):
# it leaves unsaid whether the target's own token is counted
_OF_K_NAME = "accepted tokens per step of its block of K"
# the same figure of another run later in the sentence, written over the same K ('4.23/8')
_OVER_SAME_K = r"(?<![\w./])(?P<a>\d+\.\d+)\s*/\s*{k}(?![\d.,]\d)"


def _of_accepted(m: re.Match[str]) -> list[tuple[C.Key, C.Value, str, str]]:
    a, b = C.value(m.group("a")), C.value(m.group("b"))
    if a is None or b is None or not b.number or a.number > b.number:
        return []
    per = m.groupdict().get("per")
    tokens = "token" in (m.group("noun") or "").lower()
    if per:
        if not tokens or b.number != int(b.number):
            return []
        # 'A of K drafted tokens accepted per round': a mean per step, its share A / K
        return [
            (
                C.Key(C.ACC_PER_STEP, "accepted drafts per step", False),
                a,
                "accepted" + per,
                m.group("a"),
            ),
            (
                C.Key(C.K, "draft tokens per step", False),
                b,
                "drafted tokens per step",
                m.group("b"),
            ),
        ]
    if (
        a.decimals > 0
        and m.re is _ACCEPTED_OF
        and b.number == int(b.number)
        and b.number >= 2
        and _DRAFTED_NOUN.match(m.group("noun") or "")
    ):
        # 'accepts 5.12 of 8 drafted tokens': a mean of what a step accepts of the K tokens a
        # step drafts (a decimal is no count), a length whose bonus is unsaid
        return [(C.Key(C.ACC_PER_STEP, _OF_K_NAME, False), a, "accepts", m.group("a"))]
    if a.number != int(a.number):
        return []  # a count is whole: '3.2 of 7 tokens accepted' is a mean of something unsaid
    p = C.value(m.group("p")) if m.group("p") else None
    if p is not None and abs(100 * a.number / b.number - p.number) > C.half_unit(p.decimals):
        return []  # the share is not A / B: the counts mean something else
    out: list[tuple[C.Key, C.Value, str, str]] = []
    if p is not None:
        out.append((C.Key(C.RATE, "accepted", True), p, "accepted", m.group("p")))
    elif a.number == 0 and m.re is _SLASH_OF_ACCEPTED:
        # none of B drafts or proposals accepted ('0/12 proposals accepted'): a share of exactly
        # 0 whatever a proposal holds, shown as its counts
        zero = C.Value(0.0, True, 0)
        out.append(
            (C.Key(C.RATE, "accepted", True), zero, "accepted", f"{m.group('a')}/{m.group('b')}")
        )
    elif m.re is _SLASH_OF_ACCEPTED and a.number == int(a.number) and b.number == int(b.number):
        # 'A/B drafts were accepted': the share A / B of the drafts (what a draft holds, one
        # token or a block, is unsaid: a rate alone, never a length), shown as its counts
        share = C.Value(round(100 * a.number / b.number, 6), True, 6)
        out.append(
            (C.Key(C.RATE, "accepted", True), share, "accepted", f"{m.group('a')}/{m.group('b')}")
        )
    if tokens:
        out.append((C.key("accepted"), a, "accepted", m.group("a")))
        out.append((C.key("drafted"), b, m.group("noun") or "drafted", m.group("b")))
    return out


# a change printed under the short name 'acc' ('the drop is roughly acc 3.2 to 2.3'): 'acc' is
# accuracy as often as acceptance, so the line's own full name of the figure says which
_ACC_CHANGE = re.compile(
    r"(?<![\w.])acc\.?\s+(?P<a>[*`]{0,2}" + _DIGITS + r"\s*%?[*`]{0,2})\s*(?:to|->|→|=>)\s*"
    r"(?P<b>[*`]{0,2}" + _DIGITS + r"\s*%?[*`]{0,2})(?![\w.]\d|\w)",
    re.I,
)
_LENGTH_NAME = re.compile(r"\baccept(?:ance|ed)?[ _-]?(?:length|len)\b", re.I)
_RATE_NAME = re.compile(r"\baccept(?:ance)?[ _-]?(?:rate|ratio)\b", re.I)
_ACCURACY = re.compile(r"\baccura|\bscore\b|\beval\b|gsm8k|mmlu|humaneval", re.I)


def _abbreviated_changes(
    text: str,
) -> list[tuple[int, int, C.Key, tuple[C.Value, str], tuple[C.Value, str]]]:
    """The 'acc X to Y' changes of a line that names one acceptance figure in full and no
    accuracy: (start, end, the figure's key, the two values with their text)."""
    if _ACCURACY.search(text):
        return []
    named = {C.LENGTH for _ in _LENGTH_NAME.finditer(text)} | {
        C.RATE for _ in _RATE_NAME.finditer(text)
    }
    if len(named) != 1:
        return []
    metric = named.pop()
    out = []
    for m in _ACC_CHANGE.finditer(text):
        a, b = C.value(m.group("a")), C.value(m.group("b"))
        if a is None or b is None or a.percent != b.percent:
            continue
        if metric == C.LENGTH and not (a.percent or all(1 <= v.number <= 16 for v in (a, b))):
            continue
        if metric == C.LENGTH and a.percent:
            continue
        key = C.key("accept length" if metric == C.LENGTH else "acceptance rate")
        out.append((m.start(), m.end(), key, (a, m.group("a")), (b, m.group("b"))))
    return out


# values paired with keys by '/' ('Accept Rate (%) / Accept Length (e.g. mean 3.7% / 1.26)',
# 'acc rate / acc len: 71% / 2.9'): as many values as keys, in the same order
_VALUE_1 = r"[*`]{0,2}[~≈]?\s?" + _DIGITS + r"\s*%?[*`]{0,2}"
_SLASHED_VALUES = re.compile(
    r"(?<![\w./~≈])(?P<stat>(?:median|mean|avg|p50)\s+)?(?P<vals>"
    + _VALUE_1
    + r"(?:\s*/\s*"
    + _VALUE_1
    + r"){1,3})(?![\w/]|\.\d)",
    re.I,
)
_BRACKET_LABELS = re.compile(
    r"(?P<name>[A-Za-zτ][^()]{1,60}?)\s*\((?P<labels>[^()/]{1,30}(?:/[^()/]{1,30}){1,3})\)\s*"
    r"[:=]?\s*$"
)
_OPEN_ASIDE = re.compile(r"\s*(?:[(\[][^()\[\]]*|[:=]|\bwere\b|\bare\b|\bof\b)?\s*$", re.I)


def _slashed(text: str) -> list[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """Keys listed with '/' and then their values listed with '/': (start, end, pairs) of each
    such value list."""
    out: list[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]] = []
    for m in _SLASHED_VALUES.finditer(text):
        vals = [x.strip() for x in m.group("vals").split("/")]
        before = text[max(0, m.start() - 400) : m.start()]
        # the clause before the values: its '/'-separated keys, the last one cut where an aside
        # opens ('Accept Length (e.g. mean')
        aside = before.rfind("(")
        if aside >= 0 and ")" not in before[aside:]:
            before = before[:aside]
        clause = re.split(r"[.;!?]\s|\n", before)[-1]
        bl = _BRACKET_LABELS.search(clause)
        if bl is not None and (bk := key_of(bl.group("name"))).metric in C.ACCEPTANCE:
            # one metric, its configurations listed in brackets ('Mean accept length (chat /
            # code): 2.61 / 2.20'): a value each
            labels = [x.strip() for x in bl.group("labels").split("/")]
            stats = [_STAT_PREF.get(x.lower(), 9 if _STAT_COL.match(x) else -1) for x in labels]
            if len(labels) == len(vals) and min(stats) >= 0:
                # statistics of one figure ('accept_len (mean/p50/p99): 2.1 / 2.0 / 3.0'): one
                # record, its mean (else its median); tails alone (p99 / max) are not read
                i = stats.index(min(stats))
                v = C.value(f"{labels[i]} {vals[i]}")
                one = [(bk, v, bl.group("name"), vals[i])] if v is not None and stats[i] < 9 else []
                out.append((m.start("vals"), m.end("vals"), one))
                continue
            if len(labels) == len(vals) and bk.metric != C.POSITION:
                got_l: list[tuple[C.Key, C.Value, str, str]] = []
                for lab, vt in zip(labels, vals, strict=True):
                    v = C.value(vt)
                    if v is None:
                        break
                    got_l.append((C.Key(bk.metric, f"{bk.text} {lab}", bk.percent), v, lab, vt))
                if len(got_l) == len(vals):
                    out.append((m.start("vals"), m.end("vals"), got_l))
            continue
        segs = clause.split("/")
        if len(segs) < len(vals):
            continue
        segs = segs[-len(vals) :]
        segs[-1] = _OPEN_ASIDE.sub("", segs[-1])
        keys = [key_of(segs[0])] + [C.key(x) for x in segs[1:]]
        if not all(k.metric in C.ACCEPTANCE for k in keys) or len({k.metric for k in keys}) < 2:
            continue
        stat = (m.group("stat") or "").strip()
        got: list[tuple[C.Key, C.Value, str, str]] = []
        for k, vt, kt in zip(keys, vals, segs, strict=True):
            v = C.value(f"{stat} {vt}".strip())
            if v is None:
                break
            got.append((k, v, kt.strip(), vt))
        if len(got) == len(vals):
            out.append((m.start("vals"), m.end("vals"), got))
    return out


# a value with the draft tokens per step it was measured at ('3.1 (k=3)', '2.4 [gamma=4]')
_VALUE_AT_K = re.compile(
    r"^(?P<v>[~≈]?\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*[(\[]\s*(?P<k>(?:k|gamma|γ|nst|n[_ ]?spec|"
    r"num[_ ]spec(?:ulative)?[_ ]tokens|draft[_ ]len)\s*=\s*\d{1,3})\s*[)\]]$",
    re.I,
)
# a mean of accepted tokens per step before its name ('2.3 accepted tokens/step', 'an average
# of 1.4 accepted drafts per round', '9.5 avg accepted tokens per round'), or of what one draft had accepted ('1.7 accepted per
# draft': vLLM's drafts are its draft-verify steps; never 'per draft token', a rate)
_ACC_FIRST = re.compile(
    r"(?<![\w.=/])(?P<val>[*`]{0,2}\d+\.\d+[*`]{0,2})\s+(?:(?P<noun>(?:(?:avg\.?|average|mean)\s+)?"
    r"accepted\s+(?:draft\s+)?"
    r"(?:tokens|drafts)|(?:draft\s+)?(?:tokens|drafts)\s+accepted|"
    # (a bare 'accepted' before its step: '1.00 accepted/step', what it counts unsaid)
    r"(?:(?:avg\.?|average|mean)\s+)?accepted(?=\s*(?:/|per\s)))\s*(?:/|per|each|every)\s*"
    r"(?:draft(?:-|\s+))?(?:verify\s+|decode\s+)?" + C.STEP_NOUN_RE + r"\b|"
    # (its noun before the verb: '1.3 tokens accepted per draft' counts tokens, undecided as
    # 'tokens accepted per step' is; 'drafts accepted per draft' counts accepted drafts)
    r"(?P<per_draft>(?:(?P<pd_noun>(?:draft\s+)?(?:tokens|drafts))\s+)?accepted\s*(?:/|per)\s*"
    r"draft)\b(?![-\s]*(?:tok|position|slot)))",
    re.I,
)


def _acc_first_drafts(m: re.Match[str]) -> bool:
    """Whether an _ACC_FIRST match counts accepted drafts (the target's own token left out):
    its noun says drafts ('accepted drafts per step', 'draft tokens accepted'), or a bare
    'accepted per draft'; 'tokens accepted per draft' names tokens, as 'tokens accepted per
    step' does: a length whose bonus is unsaid."""
    if m.group("noun"):
        return "draft" in m.group("noun").lower()
    pd = m.group("pd_noun")
    return pd is None or "draft" in pd.lower()


# extra tokens a step accepts ('accepts 1.45 extra tokens/step', 'accepted ~0.9 extra tokens per
# round'): the tokens kept beyond the one the target emits on its own, its accepted drafts; only
# after a verb of accepting (a draft 'proposes 3 extra tokens per step' drafts them: its k)
_EXTRA_ACCEPTED = re.compile(
    r"\baccept(?:s|ed|ing)?\s+(?:(?:on average|about|around|roughly|approximately|only|just)\s+)?"
    r"[~≈]?\s?(?P<val>[*`]{0,2}\d+\.\d+[*`]{0,2})\s+(?P<noun>extra\s+(?:draft\s+)?tokens?)\s*"
    r"(?:/|per|each|every|a)\s*(?:verify\s+|decode\s+|target\s+)?" + C.STEP_NOUN_RE + r"\b",
    re.I,
)
# step nouns other readers use too ('tokens per round' of a chat, 'per iteration' of a training
# loop): as a unit after a value in prose, read only on a line that speaks of speculation
_LOOSE_STEP = re.compile(r"(?:/|per )\s*(?:rounds?|iters?|iterations?)\b", re.I)
# (the speculative words, and this reader's wider context: a verify step, acceptance, 'spec',
# 'SD', a draft block)
_SPEC_WORDS = re.compile(
    V.SPECULATIVE_RE + r"|\bspec\b|verif|accept|\bsd\b|\bblock\b",
    re.I,
)
_ACCEPT_BEFORE = re.compile(
    r"\baccept(?:ed|s|ing)?\s+(?:(?:on average|about|around|roughly|approximately|an average of|"
    r"a mean of|only|just)\s+)?[~≈]?\s*[*`]{0,2}$",
    re.I,
)
# a verb of the draft offering tokens right before a value of tokens a step ('the draft proposes
# ~4.0 tokens per step', 'drafting 3 tokens/step'): the draft's width a step, no length
_DRAFTS_BEFORE = re.compile(
    r"\b(?:propos(?:es|ed|ing)|draft(?:s|ed|ing)|speculat(?:es|ed|ing)|guess(?:es|ed|ing))\s+"
    r"(?:(?:on average|about|around|roughly|approximately|an average of|a mean of|only|just|"
    r"up to)\s+)?[~≈]?\s*[*`]{0,2}$",
    re.I,
)
# ... or the passive after the unit ('2.6 tokens per step are accepted'): the same
_ACCEPTED_AFTER = re.compile(r"\s+(?:are|were|get|got|being|been|is|was)\s+accepted\b", re.I)
# a line that states a goal or a requirement ('Our goal: ...', 'Target: AL >= 3', 'Acceptance
# criteria - ...'): its figures are no measurement. An expectation's label may name what is
# expected ('Expected gain:', 'Projected improvement -', '预期收益：'): a change's outcome foretold
_GOAL_LINE = re.compile(
    r"^\s*(?:[-*>]\s+)?[*_`]{0,2}(?:(?:our|the|my|a|main|stretch|success)\s+)?"
    r"(?:goals?|aims?|objectives?|requirements?|expectations?|acceptance criteria|"
    r"criteria|sla|slo|definition of done|exit criteria|(?:expected|projected|predicted|"
    r"anticipated)(?:\s+(?:gains?|benefits?|improvements?|outcomes?|results?|impact|effects?|"
    r"uplift|wins?|payoff))?|(?:预期|预计|预估|期望)(?:收益|效果|结果|提升|改进|影响)?)"
    r"[*_`]{0,2}\s*(?::|：|—|–|\s-\s)",
    re.I,
)
# (a figure: decimals or a percentage, never a count such as 'the first 2 queries')
_NUMBER_IN_KEY = re.compile(r".*(?:\d\.\d+|\d\s*%)[*`]{0,2}\s+(?=\S)")
_CLAUSE_IN_KEY = re.compile(r".*\d\s*%?[*`]{0,2}\s*(?:[,;]|[.!?](?=\s+[A-Z(*`]))\s")


# A run's counts and the mean they give, in one clause group (a parenthesis, or the text between
# ';' or sentence ends): 'N rounds' (verify steps), 'A of B [proposals] accepted' or 'A accepted',
# and a bare 'mean [accepted] X': X is accepted drafts per step where A / N gives it, tokens per
# step where 1 + A / N does ('47 rounds, 209 of 213 proposals accepted, mean accepted 4.45')
_GROUP_END = re.compile(r"[();]|[.!?](?=\s+[A-Z(*`])|\n")
_RUN_STEPS = re.compile(
    r"(?<![\w.])(?P<n>" + _DIGITS + r")\s+(?:verify\s+|verification\s+|draft\s+|decode\s+|"
    r"spec(?:ulative)?\s+|target\s+)?(?:rounds|steps|cycles|iterations|iters|forwards|"
    r"forward\s+passes|windows)\b",
    re.I,
)
_RUN_ACCEPTED = re.compile(
    r"(?<![\w.])(?P<a>" + _DIGITS + r")\s+(?:(?:out\s+)?of\s+(?P<b>" + _DIGITS + r")\s+)?"
    r"(?:(?P<noun>(?:draft(?:ed)?\s+|proposed\s+|speculative\s+)?(?:tokens|proposals|drafts))\s+)?"
    r"(?:(?:were|got|are)\s+)?accepted\b"
    r"|\baccepted(?:\s+(?:tokens|drafts))?\s*[:=]?\s*(?P<a2>\d[\d,]*)(?![\d.]|\s*(?:of|/)\s*\d)",
    re.I,
)
_RUN_MEAN = re.compile(
    r"\b(?:mean|avg|average)(?P<acc>\s+accepted(?:\s+(?:tokens|drafts))?)?"
    r"(?:\s+per\s+" + C.STEP_NOUN_RE + r")?\s*[:=]?\s*(?P<x>\d+\.\d+)(?![\d.%]|\s*[A-Za-z%×/])",
    re.I,
)


# a figure worked out after its name ('Acceptance length: 128 / (128 - 96) = 4.00', 'accept
# rate = 96/120 = 80%'): the value is the result after '=', never a term of the formula
_WORKED_ON = (  # all of _WORKED after its key (kept apart for `_keyed`)
    r"\s*[:=]\s*"
    r"(?P<expr>[(\s]*\d[\d.,]*(?:[)\s]*[-+−*/×÷x][(\s]*\d[\d.,]*)+[)\s]*)"
    r"(?:=|≈|~=)\s*(?P<val>[~≈]?\s*\d+(?:\.\d+)?\s*%?)(?![\d.])"
)
# a figure's name before its worked value or its statistics: its characters after the first, and
# its most characters (one, then up to 60)
_FIGURE_KEY_CHARS = r"[\w .()%/-]"
_FIGURE_KEY_MOST = 61
_WORKED = re.compile(r"(?P<key>[A-Za-zτ]" + _FIGURE_KEY_CHARS + r"{1,60}?)" + _WORKED_ON)
_WORKED_AT = re.compile(r"(?=" + _WORKED_ON + ")")
_WORKED_KEY_BREAK = _key_break(_FIGURE_KEY_CHARS)


def _worked(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each figure worked out after its name."""
    for m in _keyed(_WORKED, _WORKED_AT, _FIGURE_KEY_MOST, _WORKED_KEY_BREAK, text):
        k = key_of(m.group("key"))
        v = C.value(m.group("val"))
        if k.metric not in C.ACCEPTANCE or v is None:
            continue
        if _TIMES_BEFORE.search(text, max(m.start() - 12, 0), m.start()):
            continue  # a factor of a product worked out ('L × τ = 4.6 × 2.9 ≈ 13.5'): not τ's
        yield m.start(), m.end(), [(k, v, m.group("key").strip(), m.group("val").strip())]


# a product's operator right before a figure's name ('L × τ', 'cost * AL')
_TIMES_BEFORE = re.compile(r"[×*·]\s*[`]?$")


# a metric, then statistics of it each with its value ('Acceptance length  min 1.20  avg 2.73
# max 3.90', 'AL: mean=2.73, p50=2.75'): one figure, the mean (else the median)
_STAT_WORD = r"(?:min(?:imum)?|max(?:imum)?|avg|mean|average|median|p\d{1,2}|std|stddev)"
_NUM_V = r"[~≈]?\d+(?:\.\d+)?\s*%?"
_STATS_RUN_ON = (  # all of _STATS_RUN after its key (kept apart for `_keyed`)
    r"\s*[:=]?\s+"
    r"(?P<list>(?:\b" + _STAT_WORD + r"\b\s*[:=]?\s*" + _NUM_V + r"[\s,;|]*){2,})"
)
_STATS_RUN = re.compile(
    r"(?P<key>[A-Za-zτ]" + _FIGURE_KEY_CHARS + r"{1,60}?)" + _STATS_RUN_ON, re.I
)
_STATS_RUN_AT = re.compile(r"(?=" + _STATS_RUN_ON + ")", re.I)
_STATS_RUN_BREAK = _key_break(_FIGURE_KEY_CHARS, re.I)
_STATS_HINT = re.compile(
    r"\b(?:avg|mean|average|median|p50)\b.*\b(?:min|max|p\d{1,2}|std)|"
    r"\b(?:min|max|p\d{1,2}|std)\w*\b.*\b(?:avg|mean|average|median|p50)\b",
    re.I,
)
_STAT_ITEM = re.compile(r"\b(" + _STAT_WORD + r")\b\s*[:=]?\s*(" + _NUM_V + ")", re.I)


def _stats_runs(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a metric's statistics listed after its name."""
    for m in _keyed(_STATS_RUN, _STATS_RUN_AT, _FIGURE_KEY_MOST, _STATS_RUN_BREAK, text):
        k = key_of(m.group("key"))
        if k.metric not in C.ACCEPTANCE:
            continue
        stats = {a.lower(): b for a, b in _STAT_ITEM.findall(m.group("list"))}
        word = next((w for w in ("mean", "avg", "average") if w in stats), None)
        kind = "mean"
        if word is None:
            word = next((w for w in ("median", "p50") if w in stats), None)
            kind = "median"
        if word is None:
            continue
        v = C.value(f"{kind} {stats[word].strip()}")
        if v is None:
            continue
        yield m.start(), m.end(), [(k, v, m.group("key").strip(), stats[word].strip())]


# a figure that changed, with a verb and perhaps its delta between the name and the change
# ('the accept length went up 2.1→2.6', 'acceptance length improved by 0.4 (2.2 → 2.6)'): two
# records, before and after
_STEP_UNIT_AFTER = re.compile(
    r"[*`]{0,2}\s*(?:tokens?|toks?)\s*(?:/|per\s+)\s*(?:verify\s+|draft\s+|decode\s+)?"
    + C.STEP_NOUN_RE
    + r"\b",
    re.I,
)
_ARROW_MARK = re.compile(V.ARROW)
# (the verb in the past or the present: 'improved', 'increases', 'goes up')
_CHANGE_VERB = (
    r"(?:went|goes|go|going|rose|rises|rising|fell|falls|falling|grew|grows|growing|(?:drop|jump|"
    r"climb|improv|increas|decreas|chang|mov|declin|shift|regress)(?:e|es|ed|s|ped|ps|ing|ping)?)"
)
# the bracket of a change after its delta, perhaps led by the configuration's label ('(1B/8B,
# 6.10→10.37)')
_CHANGE_BRACKET = (
    r"(?:\(\s*(?:(?P<lab>[^(),→\n]{1,20}),\s*)?)?(?P<a>[~≈]?\d+(?:\.\d+)?\s*%?)\s*"
    + V.ARROW
    # (the end a range, '0.07-0.09', is no figure: rate_changes reads the start alone)
    + r"\s*(?P<b>\d+(?:\.\d+)?\s*%?)(?![\w.]\d|\s*[-–]\s*[~≈]?\d)"
)
_NAMED_CHANGE = re.compile(
    r"(?P<key>[A-Za-zτ][\w .%/-]{1,50}?)[*`]{0,2}\s+"
    r"(?:" + _CHANGE_VERB + r"(?:\s+(?:up|down))?"
    r"(?:\s+by\s+[+\-−]?\d[\d.]*\s*%?)?[\s,:]*)" + _CHANGE_BRACKET,
    re.I,
)
# the verb before the figure's name, the delta and the bracket after it ('improves MAT by 40.5%
# (8.20→11.52)'); and more changes of the same figure after it ('and 33.3% (8B/70B, 7.20→9.60)')
_VERB_NAMED_CHANGE = re.compile(
    r"\b(?:improv|increas|rais|boost|lift|lower|reduc|decreas)\w*\s+(?:the\s+|its\s+)?"
    r"(?P<key>[A-Za-zτ][\w.-]{0,20}(?:\s[A-Za-zτ][\w.-]{0,20}){0,3}?)\s+"
    r"by\s+[+\-−]?\d[\d.]*\s*%\s*(?=\()" + _CHANGE_BRACKET + r"\s*\)",
    re.I,
)
_MORE_CHANGE = re.compile(
    r"\s*,?\s*(?:and\s+)?[+\-−]?\d[\d.]*\s*%\s*(?=\()" + _CHANGE_BRACKET + r"\s*\)", re.I
)


def _named_changes(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each figure that changed after a verb."""
    ms = sorted(
        [*_NAMED_CHANGE.finditer(text), *_VERB_NAMED_CHANGE.finditer(text)], key=lambda m: m.start()
    )
    for m in ms:
        k = key_of(m.group("key"))
        if k.metric not in C.ACCEPTANCE:
            continue
        kt = m.group("key").strip()
        items: list[tuple[C.Key, C.Value, str, str]] = []
        end = m.end()
        one: re.Match[str] | None = m
        while one is not None:
            a, b = C.value(one.group("a")), C.value(one.group("b"))
            if a is None or b is None:
                break
            kc = RCH.change_key(k, a, b, RCH.sentence(text, one.start("a")))
            items += [(kc, a, kt, one.group("a").strip()), (kc, b, kt, one.group("b"))]
            end = one.end()
            one = _MORE_CHANGE.match(text, end) if m.re is _VERB_NAMED_CHANGE else None
        if items:
            yield m.start(), end, items


# values listed with '/' after a metric, then as many configurations listed with '/' ('AL: 3.1 /
# 2.9 / 2.7 for k = 3 / 5 / 7', 'accept rate 71% / 64% on chat / code'): a record each, its
# configuration its label
_VALS_FOR_ON = (  # all of _VALS_FOR after its key (kept apart for `_keyed`)
    r"\s*[:=]?\s*"
    r"(?P<vals>[~≈]?\d+(?:\.\d+)?\s*%?(?:\s*/\s*[~≈]?\d+(?:\.\d+)?\s*%?){1,7})\s+"
    r"(?:for|at|with|on|across|by|under)\s+(?:(?P<name>[A-Za-z][\w-]{0,15}(?:\s[A-Za-z][\w-]{0,15})?)"
    r"(?:\s*[=:]\s*|\s+)(?=[\w.+-]{1,20}\s*/))?"
    r"(?P<labs>[\w.+-]{1,20}(?:\s*/\s*[\w.+-]{1,20}){1,7})(?![\w/])"
)
# the characters of a key of _VALS_FOR or _AT_CONFIGS after its first, its most characters (one,
# then up to 50), and a character no such key holds
_CONFIG_KEY_CHARS = r"[\w .%()-]"
_CONFIG_KEY_MOST = 51
_VALS_FOR = re.compile(r"(?P<key>[A-Za-zτ]" + _CONFIG_KEY_CHARS + r"{0,50}?)" + _VALS_FOR_ON)
_VALS_FOR_AT = re.compile(r"(?=" + _VALS_FOR_ON + ")")
_CONFIG_KEY_BREAK = _key_break(_CONFIG_KEY_CHARS)


# a metric, then values each at its configuration after '@' ('Accept len 2.4 @ bs=1, 2.1 @
# bs=32'): a record each, labelled
_AT_ITEM = r"[~≈]?\d+(?:\.\d+)?\s*%?\s*@\s*[A-Za-z][\w.]*\s*[=:]?\s*[\w.]+"
_AT_CONFIGS_ON = (  # all of _AT_CONFIGS after its key (kept apart for `_keyed`)
    r"\s*[:=]?\s*"
    r"(?P<items>" + _AT_ITEM + r"(?:\s*(?:,|;|\band\b|\|)\s*" + _AT_ITEM + r"){1,7})"
)
_AT_CONFIGS = re.compile(r"(?P<key>[A-Za-zτ]" + _CONFIG_KEY_CHARS + r"{0,50}?)" + _AT_CONFIGS_ON)
_AT_CONFIGS_AT = re.compile(r"(?=" + _AT_CONFIGS_ON + ")")
_AT_ONE = re.compile(
    r"(?P<v>[~≈]?\d+(?:\.\d+)?\s*%?)\s*@\s*(?P<name>[A-Za-z][A-Za-z_.]*)\s*(?:[=:]\s*|\s+)"
    r"(?P<lab>[\d.]+|[A-Za-z][\w.]*)"
)


def _values_at(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a metric's values each at a configuration after '@'."""
    for m in _keyed(_AT_CONFIGS, _AT_CONFIGS_AT, _CONFIG_KEY_MOST, _CONFIG_KEY_BREAK, text):
        k = key_of(m.group("key"))
        if k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE):
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for one in _AT_ONE.finditer(m.group("items")):
            v = C.value(one.group("v"))
            name = one.group("name").lower()
            if v is None or C.key(name).metric not in (C.LABEL, C.K, None):
                items = []
                break
            items.append(
                (C.Key(C.LABEL, name, False), C.Value(0.0, False, 0), name, one.group("lab"))
            )
            items.append((k, v, m.group("key").strip(), one.group("v").strip()))
        if len(items) >= 4:
            yield m.start(), m.end(), items


# the same with the figure named after the values ('**1.88 / 2.54 / 3.13 committed tokens per
# verify** at depths 1/2/3')
# (or joined by arrows, values and configurations paired by order: '3.3 → 4.7 accepted
# tokens/cycle from d3 → d6')
_JOIN = r"\s*(?:/|" + V.ARROW + r")\s*"
_JOIN_RE = re.compile(_JOIN)
_LAB = r"(?:[\w.+=]|-(?!>)){1,20}"
_VALS_NAMED_FOR = re.compile(
    r"(?P<vals>[~≈]?\d+(?:\.\d+)?\s*%?(?:" + _JOIN + r"[~≈]?\d+(?:\.\d+)?\s*%?){1,7})\s+[*`]{0,2}"
    r"(?P<key>[A-Za-z][\w /-]{1,50}?)[*`]{0,2}\s+"
    r"(?:for|at|with|on|across|by|under|from)\s+(?:(?P<name>[A-Za-z][\w-]{0,15})(?:\s*[=:]\s*|\s+)"
    r"(?=" + _LAB + _JOIN + r"))?"
    r"(?P<labs>" + _LAB + r"(?:" + _JOIN + _LAB + r"){1,7})(?![\w/])"
)
_PREPOSITION = re.compile(r"\s(?:for|at|with|on|across|by|under|from)\s")
# (or the configurations first: 'acceptance length for k=3/4/5: 2.41/2.80/3.10')
_KEY_FOR_LABS = re.compile(
    r"(?P<key>[A-Za-zτ][\w .%()/-]{0,50}?)\s+(?:for|at|with|on|across|by|under)\s+"
    r"(?:(?P<name>[A-Za-z][\w-]{0,15})(?:\s*[=:]\s*|\s+)(?=" + _LAB + _JOIN + r"))?"
    r"(?P<labs>" + _LAB + r"(?:" + _JOIN + _LAB + r"){1,7})\s*[:=]\s*"
    r"(?P<vals>[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%?(?:"
    + _JOIN
    + r"[~≈]?\d+(?:\.\d+)?\s*%?){1,7}[*`]{0,2})"
    r"(?![\w/]|\.\d)"
)
# a configuration that states the draft tokens per step ('d3', 'k=4', 'depth 5'; under a name
# 'depths' / 'k' / 'gamma')
_K_LABEL = re.compile(r"^(?:d|k|depth\s*|gamma\s*|γ\s*)=?\s*(?P<n>\d{1,2})$", re.I)
_K_NAME = re.compile(
    r"^(?:depths?|draft depths?|k|gamma|γ|draft len(?:gth)?s?|num[_ ]spec[_ ]tokens)$", re.I
)


# a figure's name with its setting in brackets, then its value ('acceptance length (k=4): 4.6',
# 'AL [gamma=3] = 3.2'): the value at that many draft tokens per step
_KEY_AT_K = re.compile(
    r"(?P<key>[A-Za-zτ][\w .-]{0,50}?)\s*[(\[]\s*(?P<kn>" + V.AT_K_NAMES + r")\s*=\s*"
    r"(?P<n>\d{1,2})\s*[)\]]\s*[:=]\s*(?P<val>[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%?[*`]{0,2})(?![\w.]\d|\s*[x×])",
    re.I,
)
# the bracketed setting every match of _KEY_AT_K holds after its key: a line without it is not
# searched (the lazy key is tried at every letter of a line)
_AT_K_HINT = re.compile(r"[(\[]\s*" + V.AT_K_NAMES + r"\s*=\s*\d{1,2}\s*[)\]]\s*[:=]", re.I)


# a figure described, its value in brackets ('Draft acceptance is batch-independent (0.56)',
# 'the accept length stays flat (2.41)')
_DESCRIBED_HINT = re.compile(r"\b(?:is|was|stays|stayed|remains|remained|looks|seems)\b", re.I)
_KEY_IS_BRACKET = re.compile(
    r"(?P<key>[A-Za-zτ][\w .-]{1,50}?)\s+(?:is|was|stays|stayed|remains|remained|looks|seems)\s+"
    r"(?:[\w-]+\s+){0,2}?[\w-]+\s*\(\s*(?P<val>[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*\)",
    re.I,
)


# a figure held at the level of an earlier run, its value in brackets ('The AL remains at the
# same value as before the refactor (2.79)', 'acceptance stayed the same as on main (61.2%)'):
# this run's value, the same as the earlier one's (no digit in the words of the earlier run:
# 'the same as with k=3 (2.79)' names another configuration)
_KEY_SAME_BRACKET = re.compile(
    r"(?P<key>[A-Za-zτ][\w .-]{1,50}?)\s+(?:is|was|stays|stayed|remains|remained|kept|keeps)\s+"
    r"(?:still\s+)?(?:at\s+)?(?:exactly\s+|essentially\s+|basically\s+)?(?:the\s+)?same"
    r"(?:\s+(?:value|level|number|figure))?(?:\s+as\s+[^()\d;:.!?,]{1,50}?)?"
    r"\s*\(\s*(?P<val>[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*\)",
    re.I,
)


def _described(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each figure described with its value in brackets (a level held
    as before: _KEY_SAME_BRACKET)."""
    if "same" in text.lower():
        for m in _KEY_SAME_BRACKET.finditer(text):
            k = key_of(m.group("key"))
            v = C.value(m.group("val"))
            if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.LENGTH) or v is None:
                continue
            yield m.start(), m.end(), [(k, v, m.group("key").strip(), m.group("val").strip())]
    for m in _KEY_IS_BRACKET.finditer(text):
        k = key_of(m.group("key"))
        v = C.value(m.group("val"))
        if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.LENGTH) or v is None:
            continue
        yield m.start(), m.end(), [(k, v, m.group("key").strip(), m.group("val").strip())]


# 'acceptance (2.1 of 4, 52%)': a mean of 2.1 drafts accepted of the 4 drafted each step, and
# that share as a rate
_OF_K_SHARE = re.compile(
    r"(?P<key>\b(?:acceptance|accept(?:ed)?|acc)\b)\s*[:=]?\s*[(\[]\s*(?P<a>\d{1,2}\.\d+)\s+"
    r"(?:out\s+)?of\s+(?P<k>\d{1,2})\b\s*(?:draft(?:ed)?\s*)?(?:tokens?\s*|drafts?\s*)?"
    r"(?:,|;)\s*(?P<p>\d{1,3}(?:\.\d+)?\s*%)\s*[)\]]",
    re.I,
)


# the acceptance's noun, its rate in brackets right after it, perhaps a length named after a
# comma ('high acceptance (71%)', 'acceptance (71%, length 3.84)'): the run's figures; nothing
# else in the bracket ('(95% CI ...)', '(71% of drafts)' are not read here)
_NOUN_BRACKET = re.compile(
    r"\b(?P<key>acceptance(?:\s+rate)?|accept\s+rate)\s*\(\s*(?P<p>\d{1,3}(?:\.\d+)?\s*%)"
    r"(?:\s*[,;]\s*(?P<lk>(?:accept(?:ance)?\s+)?length|AL|τ|tau)\s*[:=]?\s*"
    r"(?P<l>\d{1,2}(?:\.\d+)?))?\s*\)",
    re.I,
)
# words before the noun setting a goal or a bound, not a run ('target acceptance (90%)'), or
# picking one run of several by a superlative ('the highest acceptance (80%)': a row of a
# table told again, or a run the paste does not show alone)
_NOUN_GOAL = re.compile(
    r"\b(?:target|goal|expected|desired|required|min(?:imum)?|max(?:imum)?|threshold|"
    r"projected|predicted|assumed|highest|lowest|best|worst|peak|top|\w+est)\s+(?:[\w-]+\s+)?$",
    re.I,
)


def _noun_bracket(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each acceptance noun with its rate in brackets after it, and the
    length the bracket names after a comma (``_NOUN_BRACKET``); a goal's noun reads nothing."""
    for m in _NOUN_BRACKET.finditer(text):
        if _NOUN_GOAL.search(text, max(m.start() - 40, 0), m.start()):
            yield m.start(), m.end(), []
            continue
        p = C.value(m.group("p"))
        if p is None or p.number > 100:
            continue
        items = [(C.key("acceptance rate"), p, m.group("key"), m.group("p").strip())]
        if m.group("l") is not None and (v := C.value(m.group("l"))) is not None:
            # (the length first: a record of its own, not the rate of a run before it)
            items.insert(0, (C.key("acceptance length"), v, m.group("lk"), m.group("l")))
        yield m.start(), m.end(), items


# accepted tokens over the run's verify steps, perhaps with their quotient ('accepted 1850 / 1000
# steps (1.85 per step)', '1850 accepted over 1000 verify steps'): a run's counts, the quotient
# accepted drafts per step where it is A / S at its printed decimals
_ACCEPTED_STEPS = re.compile(
    r"(?<![\w.])(?:accepted\s*[:=]?\s*(?P<a1>" + _DIGITS + r")|(?P<a2>" + _DIGITS + r")\s+accepted)"
    r"(?:\s+(?:draft\s+)?tokens?)?\s*(?:/|\bover\b|\bin\b|\bacross\b)\s*(?P<s>" + _DIGITS + r")\s+"
    r"(?:(?:verify|verification|decode|target)\s+)?(?:steps|rounds|cycles|forwards|iterations)\b"
    r"(?:\s*[(\[]\s*(?P<x>\d+\.\d+)\s*(?:accepted\s+)?(?:(?:tokens?\s+)?per\s+step|/\s*step)"
    r"\s*[)\]])?",
    re.I,
)


def _accepted_steps(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of accepted tokens over verify steps: the two counts, and the
    quotient printed after them as accepted drafts per step where it is A / S at its printed
    decimals; where it is not, nothing (the counts mean something else)."""
    for m in _ACCEPTED_STEPS.finditer(text):
        at = m.group("a1") or m.group("a2")
        a, s = C.value(at), C.value(m.group("s"))
        if a is None or s is None or not s.number or a.decimals or s.decimals:
            continue
        items = [
            (C.key("accepted"), a, "accepted", at),
            (C.key("verify steps"), s, "steps", m.group("s")),
        ]
        if m.group("x") is not None:
            x = C.value(m.group("x"))
            if x is None or abs(a.number / s.number - x.number) > C.half_unit(x.decimals) + 1e-9:
                yield m.start(), m.end(), []
                continue
            items.append(
                (C.Key(C.ACC_PER_STEP, "accepted per step", False), x, "per step", m.group("x"))
            )
        yield m.start(), m.end(), items


def _of_k_share(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each 'acceptance (A of K, R%)': A accepted drafts per step of the
    K drafted (the length 1 + A, the bonus left out) and the rate R, read only where A / K gives
    R at their printed precision; where it does not (A may count the bonus, or R be another
    share), the rate R as printed with A and K shown and the failed identity as its rule: no
    length, no basis claimed. The span is left to no other reader."""
    for m in _OF_K_SHARE.finditer(text):
        a, r = C.value(m.group("a")), C.value(m.group("p"))
        k = int(m.group("k"))
        if a is None or r is None or not 1 <= k <= 64 or a.number > k:
            yield m.start(), m.end(), []
            continue
        name = m.group("key").strip()
        tol = C.half_unit(r.decimals + 2) + C.half_unit(a.decimals) / k
        if abs(a.number / k - r.number / 100) > tol:
            rule = (
                f"identity failed: {m.group('a')} accepted of {k} drafted per step is "
                f"{100 * a.number / k:.3g}%, not the printed {m.group('p').replace(' ', '')}: "
                "what each counts is not told, no length claimed"
            )
            yield (
                m.start(),
                m.end(),
                [
                    (
                        C.Key(C.FAILED, rule, False),
                        a,
                        f"{name} (accepted of {k} drafted per step)",
                        m.group("a"),
                    ),
                    (C.Key(C.RATE, "acceptance rate", True), r, f"{name} (share)", m.group("p")),
                ],
            )
            continue
        yield (
            m.start(),
            m.end(),
            [
                (
                    C.Key(C.ACC_PER_STEP, "accepted drafts per step", False),
                    a,
                    f"{name} (accepted of {k} drafted per step)",
                    m.group("a"),
                ),
                (C.Key(C.RATE, "acceptance rate", True), r, f"{name} (share)", m.group("p")),
            ],
        )


# Ranked lists in prose: configurations named one after another, each with its value ('topk=8
# scored highest at 3.50, topk=4 at 3.00 and topk=1 at 2.75 (mean acceptance length)', 'EAGLE-3
# reached 3.1, followed by MTP (2.6) and n-gram (1.8)'), in a sentence that names the one figure.
_RANK_STOP = r"(?!(?:and|by|then|while|with|of|at|the|followed|ahead|before|versus|vs)\b)"
_RANK_WORD = r"[A-Za-z][\w.+/-]*"
_RANK_VALUE = r"[~≈]?\d+(?:\.\d+)?\s*%?(?![\w.]\d|\s*[x×]\b)"
_RANK_ITEM = re.compile(
    r"(?<![\w=.-])"
    + _RANK_STOP
    # a name of one or two words, its value in brackets ('MTP (2.6)', 'batch 8 (2.9)')
    + r"(?:(?P<name>"
    + _RANK_WORD
    + r"(?:=[\w.]+|\s[A-Za-z0-9][\w.+/-]*)?)\s*\(\s*(?P<val>"
    + _RANK_VALUE
    + r")\s*\)"
    # or one word (or 'key=value'), a verb or rank word or two, then the value ('topk=8
    # scored highest at 3.50', 'EAGLE-3 reached 3.1', 'n-gram got 1.85')
    + r"|(?P<name2>"
    + _RANK_WORD
    + r"(?:=[\w.]+)?)\s+(?:(?:came|comes|was|is|ranked|ranks|scored|scores|placed|places|"
    r"reached|reaches|achieved|achieves|got|gets|hit|hits|led|leads|stood|stands|did|"
    r"highest|lowest|best|worst|first|second|third|last|next|top|bottom|"
    r"on top|overall)\s+){0,3}(?:at|with|of|on|reaching|=|:)?\s*(?P<val2>" + _RANK_VALUE + r"))",
    re.I,
)
# what may stand between two items: a comma, 'and', 'followed by', 'then', 'while', 'ahead of'
_RANK_JOIN = re.compile(
    # ('>' ranks too: 'code 94% > prose 74% > chat 61%')
    r"^\s*(?:(?:,|;|>|\band\b|\bthen\b|\bwhile\b|\bfollowed\s+by\b|\bahead\s+of\b|\bbefore\b|"
    r"\bversus\b|\bvs\.?|\bfinally\b|\blastly\b)\s*)+$",
    re.I,
)
# a join, then the first words of the next item's name ('code at 3.00, and creative story
# generation lowest at 2.11'): one or two lower-case words, neither a stop word (_rank_lead)
_RANK_JOIN_WORDS = re.compile(
    r"^\s*(?:,|;|\band\b)(?:\s*(?:,|\band\b))*\s+(?P<words>(?:[a-z][a-z-]*\s+){1,2})$"
)
# words that are no configuration's name, though a ranked item's shape fits them
_RANK_NOT_NAME = re.compile(
    r"^(?:the|a|an|it|which|that|this|and|at|of|with|then|while|by|followed|settings?|among|"
    r"was|is|length|rate|acceptance|accept|speedup|throughput|latency|mean|average|avg|median|"
    r"score|scored|reached|highest|lowest|to|from|around|about|only|just|batch|size|bs|"
    r"temperature|temp)$",
    re.I,
)


# 'acceptance' alone, naming no length ('draft acceptance', 'token acceptance')
_BARE_ACCEPTANCE = re.compile(
    r"\b(?:draft |token )?acceptance\b(?![ _-]?(?:len|length|lengths)\b)", re.I
)


_RANK_HINT = re.compile(r"\d\s*%?\s*\)?\s*(?:,|;|>|\band\b|\bfollowed\b|\bthen\b|\bwhile\b)", re.I)


# another measure named beside the list: its values may be that measure's
_RANK_OTHER = re.compile(
    r"speed|throughput|latency|tok(?:ens)?/s\b|\bt/s\b|\btime\b|accura|\bscores?\b|\bms\b|"
    r"perplexity|\bbleu\b|\brouge|pass@|memory|\bgb\b|\bwin rate|\bloss\b",
    re.I,
)


# a goal or an expectation before the list: no measurement
_RANK_GOAL = re.compile(
    r"\b(?:target(?:s|ed|ing)?|goals?|aim(?:s|ed)?|expect(?:s|ed)?|hope[sd]?|want(?:s|ed)?|"
    r"need(?:s|ed)?|should|would|could|might|require[sd]?|assume[sd]?|typical(?:ly)?)\b",
    re.I,
)


# a statistic's name ('p50 1.11, min 1.00'): the figure's statistics, no configurations
_RANK_STAT = re.compile(
    r"^(?:p\d{1,3}|min|max|minimum|maximum|std\w*|sd|avg|mean|median|average|total|overall|"
    r"all|sum|count|n|first|last|best|worst|"
    # a draft position's name ('pos0 71%, pos1 52%'): per-position rates, no configurations
    r"(?:pos(?:ition)?|tok(?:en)?|draft|depth|step|spec|t|d|p|#)\s*[_#-]?\s*\d{1,2})$",
    re.I,
)


# sampling and training settings (not EAGLE's 'topk', a configuration of the draft tree)
_RANK_SETTING = re.compile(
    r"\b(?:top[_ -]p|min[_ -]?p|temp(?:erature)?|seed|lr|learning[_ ]rate|dropout|"
    r"weight[_ ]decay|epochs?|warmup|max[_ ]tokens|repetition[_ ]penalty)\b",
    re.I,
)


def _rank_plausible(metric: str, v: C.Value) -> bool:
    if metric == C.RATE:
        return (v.percent and 0 < v.number <= 100) or (not v.percent and 0 < v.number < 1)
    return not v.percent and v.decimals > 0 and 1.0 <= v.number <= C.MAX_STEP_TOKENS


# tokens a step named as the accepted ones ('mean accepted tokens per step', 'accepted
# tok/round'): a ranked list's figure, a length whose convention no word decides
_ACCEPTED_UNIT = re.compile(r"\baccepted\s+(?:toks?|tokens?)(?:/|\s+per\s+)" + C.STEP_NOUN_RE, re.I)


def _ranked(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a ranked list in one sentence: two or more configurations, each
    with one value, joined only by commas, 'and', 'followed by', ...; read only where the
    sentence names exactly one acceptance figure (outside the list) and every value can be it,
    one record per configuration, its name kept as the label."""
    # (a sentence goes on past a decimal point and past 'vs.': 'code 0.81 vs. chat 0.62')
    for sent in re.finditer(r"[^.;!?\n]*(?:(?:\.(?=\d)|(?<=\bvs)\.)[^.;!?\n]*)*", text):
        st = sent.group(0)
        if len(st) < 12 or not re.search(r"\d", st):
            continue
        runs: list[list[re.Match[str]]] = []
        lead: dict[int, str] = {}  # an item's first name words before its match
        for m in _RANK_ITEM.finditer(st):
            gap = st[runs[-1][-1].end() : m.start()] if runs else ""
            if runs and _RANK_JOIN.match(gap):
                runs[-1].append(m)
            elif (
                runs
                and m.group("name2")
                and (w := _RANK_JOIN_WORDS.match(gap))
                and not any(
                    _RANK_NOT_NAME.match(x)
                    or not re.match(_RANK_STOP, x)
                    or x in ("in", "on", "for", "its", "were", "are", "has", "had")
                    for x in w.group("words").split()
                )
            ):
                lead[m.start()] = w.group("words")
                runs[-1].append(m)
            else:
                runs.append([m])
        for run in runs:
            if len(run) < 2:
                continue
            outside = st[: run[0].start()] + " " + st[run[-1].end() :]
            named = B.metric_named(outside)
            if (
                named is None
                and all("%" in (m.group("val") or m.group("val2")) for m in run)
                and (bare := _BARE_ACCEPTANCE.search(outside)) is not None
            ):
                # a bare 'acceptance' over percentages ('cut draft acceptance: code 91% >
                # prose 72%'): the rate
                named = (C.RATE, bare.group(0))
            if named is not None and named[0] == C.TOK_PER_STEP and _ACCEPTED_UNIT.search(outside):
                # ('reaches 4.1 mean accepted tokens per step, above A (3.2) and B (2.9)'): the
                # accepted tokens a step, which some count with the target's own token and
                # some without: a length, undecided, as the sentence's own figure is read
                named = (C.LENGTH, "accepted tokens per step")
            if named is None or named[0] not in (C.LENGTH, C.RATE):
                continue
            metric, mname = named
            if (
                _NOT_MEASURED.search(st[: run[0].start()][-60:])
                or _RANK_GOAL.search(st[: run[0].start()])
                or _SETTING.search(st)
                or _RANK_OTHER.search(outside)
            ):
                continue  # a goal, a setting's range, or another measure's ranking
            names = [
                C._MARKUP.sub(
                    "", lead.get(m.start(), "") + (m.group("name") or m.group("name2"))
                ).strip()
                for m in run
            ]
            vals = [C.value(m.group("val") or m.group("val2")) for m in run]
            if (
                len({n.lower() for n in names}) != len(names)
                or any(_RANK_NOT_NAME.match(n) or _RANK_STAT.match(n) for n in names)
                or any(_RANK_NOT_NAME.match(w) for n in names for w in n.split()[1:])
                # sampling settings listed with their values ('top_p 0.9 and min_p 0.05')
                or any(_RANK_SETTING.search(n) for n in names)
                or any(v is None or not _rank_plausible(metric, v) for v in vals)
                # a tie is read by the other readers (a ranking of distinct values only)
                or len({v.number for v in vals if v is not None}) != len(vals)
                or any(C.key(n.split("=")[0]).metric in C.ACCEPTANCE for n in names)
            ):
                continue
            mk = C.key(mname)
            if mk.metric != metric:
                # a rate's values in percent where one is past 1 ('chat 74, code 62'); fractions
                # all ('safe 0.74, fast 0.50') are the rate itself, never hundredths
                pct = metric == C.RATE and any(v is not None and v.number > 1 for v in vals)
                mk = C.Key(metric, mname.lower(), pct)
            items: list[tuple[C.Key, C.Value, str, str]] = []
            pairs_ = [re.fullmatch(r"(?P<k>[A-Za-z_][\w-]*)=(?P<v>[\w.]+)", n) for n in names]
            # one setting varied ('topk=8, topk=4'): its values are the labels; names of
            # several kinds are each the configuration's whole name
            one_key = len({p.group("k").lower() if p else None for p in pairs_}) == 1
            for m, n, v, kv in zip(run, names, vals, pairs_, strict=True):
                assert v is not None
                if kv is None or not one_key:
                    lab = C.Key(C.LABEL, "config", False)
                    items.append((lab, C.Value(0.0, False, 0), "config", n))
                elif _K_NAME.match(kv.group("k")) and kv.group("v").isdigit():
                    kn = C.Value(float(kv.group("v")), False, 0)
                    items.append((C.Key(C.K, "k", False), kn, "k", kv.group("v")))
                else:
                    lab = C.Key(C.LABEL, kv.group("k").lower(), False)
                    items.append((lab, C.Value(0.0, False, 0), kv.group("k"), kv.group("v")))
                items.append((mk, v, mname, (m.group("val") or m.group("val2")).strip()))
            yield sent.start() + run[0].start(), sent.start() + run[-1].end(), items


def _values_at_k(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each figure named with its k in brackets."""
    for m in _KEY_AT_K.finditer(text) if _AT_K_HINT.search(text) else ():
        k = key_of(m.group("key"))
        v = C.value(m.group("val"))
        if k.metric not in C.ACCEPTANCE or k.metric == C.POSITION or v is None:
            continue
        n = int(m.group("n"))
        yield (
            m.start(),
            m.end(),
            [
                (C.Key(C.K, "k", False), C.Value(float(n), False, 0), "k", str(n)),
                (k, v, m.group("key").strip(), m.group("val").strip()),
            ],
        )


# configurations listed with '/' after their name, then (after ':') another measure's values
# for them, and in brackets an acceptance figure's values, as many, listed alike ('flat across
# --draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (acceptance 0.90 / 0.90 / 0.90, ...)')
_BR_NUM = r"[~≈]?\d+(?:\.\d+)?\s*%?"
_BR_LAB = r"[\w.+]+(?:-[\w.+]+)*"
_CONFIGS_BRACKET = re.compile(
    r"(?<![\w-])[`*]{0,2}(?P<name>-{0,2}[A-Za-z][\w-]{0,30})[`*]{0,2}\s*[=:]?\s*[`*]{0,2}"
    r"(?P<labs>" + _BR_LAB + r"(?:\s*/\s*" + _BR_LAB + r"){1,7})[`*]{0,2}\s*:\s*[`*]{0,2}"
    r"(?P<other>" + _BR_NUM + r"(?:\s*/\s*" + _BR_NUM + r"){1,7})(?![\d.])"
    r"(?:\s*(?P<unit>[A-Za-z%×][\w/%×]{0,10}))?[`*]{0,2}\s*[(\[]\s*"
    r"(?P<key>[A-Za-zτ][\w .-]{0,40}?)[`*]{0,2}\s*[:=]?\s*[`*]{0,2}"
    r"(?P<vals>" + _BR_NUM + r"(?:\s*/\s*" + _BR_NUM + r"){1,7})[`*]{0,2}"
    r"(?P<after>[^\d.\s/\-–~])?"
)
# the values of another measure after ':' that every match of _CONFIGS_BRACKET holds (its two
# first): a line without them is not searched
_CONFIGS_HINT = re.compile(r":\s*[`*]{0,2}" + _BR_NUM + r"\s*/\s*" + _BR_NUM)


def _configs_bracket(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of configurations listed with '/', another measure's values for them
    and, in brackets, an acceptance figure's values: a record per configuration, its name the
    label (flags' dashes dropped), its acceptance value read under the bracket's name. Where the
    acceptance values are not as many as the configurations, or a value opens a range, nothing
    (the span is left to no other reader); a bracket naming no acceptance figure is left to the
    others."""
    for m in _CONFIGS_BRACKET.finditer(text):
        k = key_of(m.group("key"))
        if k.metric not in C.ACCEPTANCE or k.metric == C.POSITION:
            continue
        if _NOT_MEASURED.search(m.group("key")[-60:]):
            continue
        labs = [x.strip() for x in m.group("labs").split("/")]
        others = [x.strip() for x in m.group("other").split("/")]
        vals = [x.strip() for x in m.group("vals").split("/")]
        name = m.group("name").lstrip("-").strip()
        if (
            len(vals) != len(labs)
            or len(others) != len(labs)
            or m.group("after") is None
            or m.group("after") not in ",;)]"
            or C.key(name).metric in C.ACCEPTANCE
            or key_of(m.group("unit") or "").metric in C.ACCEPTANCE
        ):
            yield m.start(), m.end(), []  # (as many of each, and no range: else nothing)
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for lab, vt in zip(labs, vals, strict=True):
            v = C.value(vt)
            if v is None:
                items = []
                break
            items.append((C.Key(C.LABEL, name.lower(), False), C.Value(0.0, False, 0), name, lab))
            items.append((k, v, m.group("key").strip(), vt))
        yield m.start(), m.end("vals"), items


def _values_for(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each list of values with its list of configurations."""
    # (both patterns need a preposition: a cheap test first, their search is costly per digit)
    prep = _PREPOSITION.search(text) is not None
    for m in [
        *_keyed(_VALS_FOR, _VALS_FOR_AT, _CONFIG_KEY_MOST, _CONFIG_KEY_BREAK, text),
        *(_VALS_NAMED_FOR.finditer(text) if prep else ()),
        *(_KEY_FOR_LABS.finditer(text) if prep else ()),
    ]:
        k = key_of(m.group("key"))
        if _NOT_MEASURED.search(m.group("key")[-60:]) or _bound(text, m.start("key") + 1):
            continue  # 'minimum acceptance length 1.5 / 2.0 at k=2/3': settings, no figures
        vals = [x.strip() for x in _JOIN_RE.split(m.group("vals"))]
        labs = [x.strip().rstrip(".") for x in _JOIN_RE.split(m.group("labs"))]
        if k.metric not in C.ACCEPTANCE or k.metric == C.POSITION or len(vals) != len(labs):
            continue
        if ("/" in m.group("vals")) != ("/" in m.group("labs")):
            continue  # values and configurations joined alike, or they are no pairs
        if k.metric == C.ACC_PER_STEP and not C.says_drafts(m.group("key")):
            # 'accepted tokens/cycle': some count the target's own token (EAGLE's τ) and some
            # do not, as after a value in prose: a length, undecided
            k = C.Key(C.LENGTH, "accepted tokens per step", False)
        name = (m.group("name") or "config").strip()
        if C.key(name).metric not in (C.LABEL, C.K, None):
            continue  # 'for accept rate 3 / 5': another figure, no configuration
        label_key = C.Key(C.LABEL, name.lower(), False)
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for vt, lab in zip(vals, labs, strict=True):
            v = C.value(vt)
            if v is None:
                break
            kl = _K_LABEL.match(lab)
            if kl is None and _K_NAME.match(name) and lab.isdigit():
                kl = re.match(r"(?P<n>\d+)", lab)
            if kl is not None:
                # the configuration is the draft tokens per step: shown as k, and the k it states
                n = int(kl.group("n"))
                items.append((C.Key(C.K, "k", False), C.Value(float(n), False, 0), "k", str(n)))
            else:
                items.append((label_key, C.Value(0.0, False, 0), name, lab))
            items.append((k, v, m.group("key").strip(), vt))
        if len(items) >= 2 * len(vals):
            yield m.start(), m.end(), items


# a rate's name, then a run of its values joined by '/' ('acceptance rate 72.3/53.2/39.6',
# 'per-position acceptance: 0.89 / 0.77 / 0.66'), perhaps worked out to their mean ('accept: 91.2
# / 76.4 / 78.0 / 88.2 = 83.5% avg'): the mean where it closes the run, else one rate per draft
# position where the name says so or the line's tokens per step is 1 + their sum
_RUN_VALUE = r"[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2}"


def _rate_run_on(sep: str) -> str:
    """All of a rate run's pattern after its key (kept apart for `_keyed`), its values joined by
    ``sep``."""
    return (
        r"[*`]{0,2}\s*(?:[:=]|\b(?:is|of|was|were)\b)?\s*"
        # a verb of the run's fall between the name and its values ('per-position acceptance
        # decaying 0.8/0.6/0.4'): the values the positions', which must then fall
        r"(?P<trend>(?:decaying|declining|decreasing|falling|dropping|tapering)\s+)?"
        r"(?P<run>" + _RUN_VALUE + r"(?:\s*" + sep + r"\s*" + _RUN_VALUE + r"){1,7})"
        r"(?:\s*(?:=|≈)\s*(?P<avg>[*`]{0,2}\d+(?:\.\d+)?\s*%?\s*(?:avg|mean|average)?[*`]{0,2}))?"
        r"(?![\w/]|\.\d|\s*%|\s*" + V.ARROW + r")"
    )


_RATE_RUN_ON = _rate_run_on("/")
_RATE_RUN_KEY_CHARS = r"[\w .-]"  # a rate's name after its first character
_RATE_RUN_KEY_MOST = 61  # its most characters (one, then up to 60)
_RATE_RUN = re.compile(
    r"(?P<key>[A-Za-zτ]" + _RATE_RUN_KEY_CHARS + r"{1,60}?)" + _RATE_RUN_ON, re.I
)
_RATE_RUN_AT = re.compile(r"(?=" + _RATE_RUN_ON + ")", re.I)
# ... the values joined by arrows ('per-position acceptance: 0.78 -> 0.66 -> 0.57'): read only
# under a per-position name, three values or more, falling (an arrow elsewhere is a change)
_ARROW_RUN_ON = _rate_run_on(V.ARROW)
_ARROW_RUN = re.compile(
    r"(?P<key>[A-Za-zτ]" + _RATE_RUN_KEY_CHARS + r"{1,60}?)" + _ARROW_RUN_ON, re.I
)
_ARROW_RUN_AT = re.compile(r"(?=" + _ARROW_RUN_ON + ")", re.I)
# a name of rates by draft position ('per-position acceptance', 'acceptance by depth',
# 'acceptance rate at each position'; never one position's, 'position 2')
_PER_POSITION_NAMED = re.compile(
    r"\b(?:(?:per|by|each|every)[ -](?:draft[ -])?(?:position|pos|depth|token position)s?|"
    r"position[ -]?wise)\b",
    re.I,
)
_RATE_RUN_BREAK = _key_break(_RATE_RUN_KEY_CHARS, re.I)
_POSITION_WORDS = re.compile(
    r"\b(?:(?:per|by|each|every)[ -](?:draft[ -])?(?:position|pos|depth|token position)|positions?|"
    r"positional|(?:one|two|three|four|five|six|seven|eight|\d)[ -]positions?|depths?)\b",
    re.I,
)
_LENGTH_AFTER = re.compile(
    r"(?:tok(?:ens)?\s*/\s*(?:step|iter|verify)|tokens per (?:step|verify)|accept(?:ance)?[ _]len(?:gth)?|"
    r"acc[ _.]len|\bAL\b|τ)\s*[:=]?\s*(?:is\s+)?[*`]{0,2}(?P<len>\d+\.\d+)",
    re.I,
)


def _rate_runs(
    text: str, arrows: bool = False
) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each run of a rate's values joined by '/' (``arrows``: by arrows,
    under a per-position name only)."""
    pat, at = (_ARROW_RUN, _ARROW_RUN_AT) if arrows else (_RATE_RUN, _RATE_RUN_AT)
    for m in _keyed(pat, at, _RATE_RUN_KEY_MOST, _RATE_RUN_BREAK, text):
        k = key_of(m.group("key"))
        if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.PER_POSITION):
            continue
        if _NOT_MEASURED.search(m.group("key")[-60:]):
            continue  # 'expected acceptance rate 70/60/50': no measurement
        run = m.group("run")
        texts = [x.strip() for x in (V.ARROW_RE.split(run) if arrows else run.split("/"))]
        if arrows and (
            len(texts) < 3
            or m.group("avg") is not None
            or not (k.metric == C.PER_POSITION or _PER_POSITION_NAMED.search(m.group("key")))
        ):
            continue  # (arrows elsewhere: a change, each side a run)
        vals = [C.value(x) for x in texts]
        if any(v is None for v in vals):
            continue
        got = [v for v in vals if v is not None]
        percent = any(v.percent or v.number > 1 for v in got)
        if any(v.number > (100 if percent else 1) for v in got):
            continue
        fr = [round(v.number / 100, v.decimals + 2) if percent else v.number for v in got]
        tol = sum(C.half_unit(v.decimals) * (0.01 if percent else 1) for v in got)
        if m.group("avg") is not None:
            av = C.value(m.group("avg"))
            if av is None:
                continue
            a = av.number / 100 if (av.percent or av.number > 1) else av.number
            if abs(a - sum(fr) / len(fr)) > tol / len(fr) + C.half_unit(av.decimals) * (
                0.01 if (av.percent or av.number > 1) else 1
            ):
                continue  # no mean of the run: the figures mean something else
            mean = C.Value(av.number, av.percent or av.number > 1, av.decimals, None, "mean")
            yield (
                m.start("key"),
                m.end(),
                [(C.Key(C.RATE, k.text, k.percent), mean, m.group("key").strip(), m.group("avg"))],
            )
            continue
        positional = (
            k.metric == C.PER_POSITION or _POSITION_WORDS.search(m.group("key")) is not None
        )
        if m.group("trend") and (
            not positional or any(b > a - 1e-9 for a, b in zip(fr, fr[1:], strict=False))
        ):
            continue  # (a fall said of no positions, or of values that do not fall)
        if not positional:
            after = _LENGTH_AFTER.search(text, m.end())
            if after is None or _SENTENCE_END.search(text, m.end(), after.start()):
                continue
            ln = C.value(after.group("len"))
            if ln is None or abs(1 + sum(fr) - ln.number) > tol + C.half_unit(ln.decimals):
                continue  # not the identity of rates by position: not read
        if any(b > a + 1e-9 for a, b in zip(fr, fr[1:], strict=False)) and (
            arrows or not positional
        ):
            continue  # (rising values joined by arrows: a change, each side a run)
        items = [
            (
                C.Key(C.POSITION, k.text, False, i),
                C.Value(r, False, v.decimals + (2 if percent else 0)),
                m.group("key").strip(),
                t,
            )
            for i, (r, v, t) in enumerate(zip(fr, got, texts, strict=True))
        ]
        yield m.start("key"), m.end("run"), items


_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


# an unnamed pair 'a / b' after a configuration's label ('`4x B200` = 1.04 / 0.04'): a length
# and a rate where the identity 1 + k x rate = length holds for the one k the paste states (k
# drafts a step, each accepted at that rate); nothing else is read that way
_PROVED_PAIR = re.compile(
    r"^\s*(?:[-*]\s+)?(?P<label>\*\*[^*\n]{1,60}\*\*|`[^`\n]{1,60}`|[\w][\w .,()+-]{0,40}?)\s*"
    r"(?:=|:|→|->)\s*[*`]{0,2}(?P<a>\d+\.\d+)\s*/\s*(?P<b>\d*\.\d+|\d+(?:\.\d+)?\s*%)[*`]{0,2}\s*$"
)


def proved_pairs(blk: list[Line], k: int | None) -> list[tuple[int, str, C.Value, C.Value]]:
    """(line, label, length, rate) of each line of a block holding such a pair; [] unless
    every line of the block that holds numbers is one."""
    if k is None or k < 1:
        return []
    out = []
    for ln, t in blk:
        m = _PROVED_PAIR.match(t)
        if m is None:
            if re.search(r"\d", t) and "/" in t:
                return []
            continue
        a, b = C.value(m.group("a")), C.value(m.group("b"))
        if a is None or b is None:
            return []
        fr = b.number / 100 if b.percent else b.number
        if not (1.0 <= a.number <= k + 1 and 0 < fr <= 1):
            return []
        tol = C.half_unit(a.decimals) + k * C.half_unit(b.decimals) * (0.01 if b.percent else 1)
        if abs(1 + k * fr - a.number) > tol:
            return []
        out.append((ln, C._MARKUP.sub("", m.group("label")).strip(), a, b))
    return out


def proved_records(
    pairs: list[tuple[int, str, C.Value, C.Value]], k: int, ctx: Ctx
) -> list[PasteRecord]:
    out = []
    for ln, label, a, b in pairs:
        fig = E.Figures()
        fig.put(C.LENGTH, a, C.key("accept length"), f"{a.number:g}", "length (1 + k x rate)")
        fig.put(C.RATE, b, C.key("acceptance rate"), f"{b.number:g}", "rate (1 + k x rate)")
        fig.k = C.Value(float(k), False, 0)
        rec = E.record(
            fig,
            kind=ctx[2],
            tool=ctx[0],
            tool_rule=ctx[1],
            structure="prose",
            lines=(ln, ln),
            labels=(("config", label),),
        )
        if rec is not None:
            out.append(rec)
    return out


# a bare number closing a line of named counts, the quotient of two of them: tokens decoded over
# the target's (the large model's) verify steps ('decoding step: 17778, large model step: 4605,
# 3.8605863192182412'), read only where the quotient gives it at its printed decimals
_BARE_TAIL = re.compile(r"[,;]\s*[`*]{0,2}(?P<x>\d+\.\d{2,})[`*]{0,2}\s*[`*]{0,2}\s*$")
_NAMED_COUNT = re.compile(r"(?P<k>[A-Za-z][\w -]{1,40}?)\s*:\s*(?P<n>\d+)(?![\d.])")
_TARGET_STEPS = re.compile(r"\b(?:large|target|big|verif\w*|main)\b", re.I)
_DECODED = re.compile(r"\b(?:decod\w*|tokens?|output|generated)\b", re.I)


def bare_quotient(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a bare quotient of a line's decoded tokens over its verify steps."""
    tail = _BARE_TAIL.search(text)
    if tail is None:
        return
    x = C.value(tail.group("x"))
    counts = list(_NAMED_COUNT.finditer(text[: tail.start()]))
    if x is None or len(counts) < 2:
        return
    for den in counts:
        if not _TARGET_STEPS.search(den.group("k")) or key_of(den.group("k")).metric != C.STEPS:
            continue
        for num in counts:
            if (
                num is den
                or not _DECODED.search(num.group("k"))
                or _TARGET_STEPS.search(num.group("k"))
            ):
                continue
            a, b = int(num.group("n")), int(den.group("n"))
            if b and a > b and abs(a / b - x.number) <= C.half_unit(x.decimals) + 1e-9:
                yield (
                    tail.start("x"),
                    tail.end("x"),
                    [
                        (
                            C.Key(C.TOK_PER_STEP, "decoded tokens per verify step", False),
                            x,
                            "",
                            tail.group("x"),
                        ),
                        (
                            C.key("output tokens"),
                            C.Value(float(a), False, 0),
                            num.group("k").strip(),
                            num.group("n"),
                        ),
                        (
                            C.key("verify steps"),
                            C.Value(float(b), False, 0),
                            den.group("k").strip(),
                            den.group("n"),
                        ),
                    ],
                )
                return


# a line that speaks of drafts or tokens: the speculative words (vocab.SPECULATIVE) and this
# reader's wider ones, for counts of a run that name no method ('proposed', 'spec', 'verify',
# 'tokens': '12 rounds, 30 tokens accepted' of a decode)
_RUN_SPEC = re.compile(V.SPECULATIVE_RE + r"|propos|spec|verif|token", re.I)


# a figure's value after a verb of where it went ('the accept_len drops to 1.57', 'accept rate
# stays at 0.7': A.arrivals), or in a bracket of its maximum ('acceptance length (~4.8 of 5)')
_OF_MAX = re.compile(
    r"(?P<key>[A-Za-zτ][\w .%-]{1,50}?)\s*\(\s*[*`]{0,2}[~≈]?\s?(?P<val>\d+(?:\.\d+)?)\s+(?:of|out of)\s+"
    r"(?P<max>\d{1,2})[*`]{0,2}\s*\)",
    re.I,
)


# a second value after an arrival's, joined by a slash ('stays at 2.41 / 2.46'): decimals only,
# none after it (a third value or a list of positions is no pair of runs)
_SLASH_NEXT = re.compile(
    r"[*`]{0,2}\s*/\s*[*`]{0,2}(?P<val>\d+\.\d+\s*%?)[*`]{0,2}(?![\w.]?\d|\s*/)"
)


# the name words right before a value, up to 7 ('Acceptance ≈', 'mean accept length:')
_NAME_BEFORE = re.compile(r"(?:[A-Za-zτ][\w./'’-]*[ \t]*){1,7}[:=≈~]?[ \t*`]*$")


# a figure's name as a term of a formula ('(AL - 1) / num_speculative_tokens', '(τ - 1)', 'AL -
# 1 / k'): a bracket holding the name, an operator and a number, or the name, a minus and a
# number divided by a symbol, or a factor of a product worked out; the number is the formula's,
# never the figure's value
_FORMULA_TERM = re.compile(
    r"\(\s*[`*]{0,2}(?P<a>[A-Za-zτ][\w.-]{0,30}(?:\s[A-Za-z][\w.-]{0,20}){0,2})[`*]{0,2}\s*"
    r"[-−+*/×]\s*\d+(?:\.\d+)?\s*\)|"
    r"(?<![\w.])(?P<b>[A-Za-zτ][\w.-]{0,30})\s*[-−]\s*\d+(?:\.\d+)?\s*[/÷]\s*[`*(]{0,2}[A-Za-z]|"
    # a factor of a product worked out ('L × τ = 4.6 × 2.9 ≈ 13.5 ms'): the numbers are its
    r"(?<![\w.])[A-Za-z]\w{0,10}\s*[×*·]\s*(?P<c>τ|tau|AL)\s*=\s*\d[\d.]*\s*[×*·]\s*\d[\d.]*"
    r"(?:\s*[≈=~]\s*\d[\d.]*)?|"
    # a number plus a named term worked out ('`1 + num_speculative_tokens = 3` tokens a step'):
    # the number after '=' is the sum's, never the term's
    r"(?<![\w.])\d+\s*\+\s*[`*]{0,2}(?P<d>[A-Za-z][\w.-]{0,30})[`*]{0,2}\s*=\s*\d+(?:\.\d+)?|"
    # a named term scaled to a percentage in code ('stats.accept_rate * 100'): the 100 is the
    # scale, no value of the figure
    r"(?<![\w.])(?P<e>[A-Za-z_][\w.]{0,40})\s*[*×]\s*100(?![\w.])"
)


def _formula_terms(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each acceptance figure's name a formula uses as a term."""
    for m in _FORMULA_TERM.finditer(text):
        term = key_of(m.group("a") or m.group("b") or m.group("c") or m.group("d") or m.group("e"))
        if term.metric in C.ACCEPTANCE or term.metric == C.K and m.group("d"):
            yield m.start(), m.end(), []


# τ as a temperature ('temperature tau=1.5', 'Gumbel-softmax with τ = 0.5', 'softmax
# temperature (τ) of 2'): the symbol names the temperature, never EAGLE's accept length, when a
# sampling word stands within a few words before it
_TEMPERATURE_TAU = re.compile(
    r"\b(?:temperature|temp|gumbel|softmax|anneal\w*|sampling|logits?|kl|distillation)\b"
    r"[\w\s,()-]{0,24}?(?:\btau\b|τ)\s*\)?\s*(?:[:=]|of|is)?\s*[`*]{0,2}\d+(?:\.\d+)?",
    re.IGNORECASE,
)


def _temperature_taus(
    text: str,
) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each τ the line names a temperature: no acceptance figure."""
    for m in _TEMPERATURE_TAU.finditer(text):
        yield m.start(), m.end(), []


# τ as a knob the user turns ('flat across τ', 'at every τ>0', 'τ off'): a line that sweeps
# the symbol or switches it off names a setting (a gate's threshold), never EAGLE's accept
# length, which is measured, neither swept nor switched; its 'τ=V' are that setting's values
_KNOB_TAU = re.compile(
    r"\b(?:across|every|each|sweep(?:ing)?|swept|varying|over\s+all)\s+(?:the\s+)?"
    r"(?:τ|tau\b)|(?:τ|\btau)\s*(?:off|disabled|sweep)\b",
    re.IGNORECASE,
)
_TAU_SET = re.compile(r"(?:τ|\btau\b)\s*(?:=|:)\s*[`*]{0,2}\d+(?:\.\d+)?", re.IGNORECASE)


def _knob_taus(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each 'τ=V' of a line that sweeps τ or switches it off."""
    if _KNOB_TAU.search(text) is None:
        return
    for m in _TAU_SET.finditer(text):
        yield m.start(), m.end(), []


# τ as one of a run's settings: a label of two or more settings' assignments joined by commas
# ('D=4, B=2, τ=0.05', 'depth=5, width=2, tau=0.1'), every other one a whole number, closed by a
# colon or a dash and followed by the run's result with its unit ('170.11 t/s', '1.33×',
# '41 ms'): the label sets up the run, its 'τ=V' a setting (a threshold), never a measured
# length (a length is the result, after the label)
_LABEL_ITEM = r"(?:(?:τ|\btau)\s*=\s*\d+(?:\.\d+)?|[A-Za-z][\w.-]{0,15}\s*=\s*\d{1,4}(?![\d.]))"
_TAU_IN_LABEL = re.compile(
    r"(?<![\w=.,])(?P<label>" + _LABEL_ITEM + r"(?:\s*,\s*" + _LABEL_ITEM + r")+)"
    r"\s*(?::|[-–—]\s)\s*[~≈]?\s*\d[\d,]*(?:\.\d+)?\s*"
    r"(?:t(?:ok(?:en)?s?)?/s\b|tps\b|ms\b|[×x](?![\w])|%)",
    re.IGNORECASE,
)
_TAU_ITEM = re.compile(r"(?:τ|\btau)\s*=\s*\d+(?:\.\d+)?", re.IGNORECASE)


def label_taus(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each 'τ=V' set among a run's settings in a label before the
    run's result: no acceptance figure."""
    for m in _TAU_IN_LABEL.finditer(text):
        for t in _TAU_ITEM.finditer(text, m.start("label"), m.end("label")):
            yield t.start(), t.end(), []


def _decomposed(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each per-step total the line decomposes into accepted drafts +
    the target's one token (decomposed.py): the total, a length with the bonus, proven by the
    sum; a sum that fails is claimed with nothing read (no convention stated)."""
    for d in DC.decomposed(text):
        head = text[: d.start]
        cut = max(head.rfind(c) for c in ".;!?(\n")
        if cut >= 0 and head[cut] == "." and cut + 1 < len(head) and head[cut + 1].isdigit():
            cut = -1  # (a decimal point, no sentence end)
        nm = _NAME_BEFORE.search(head, cut + 1)
        words = nm.group(0).strip(" \t:=≈~*`") if nm is not None else ""
        k = key_of(words) if words else C.key("")
        if not d.unit and k.metric not in C.ACCEPTANCE:
            continue  # a sum of what the line names no figure of ('5.5 = 4.5 drafts + 1')
        start = nm.start() if nm is not None and k.metric in C.ACCEPTANCE else d.start
        v = C.value(d.x)
        if not d.holds or v is None:
            yield start, d.end, []
            continue
        kt = words if k.metric in C.ACCEPTANCE else text[d.start : d.end].split("=")[0].strip()
        yield start, d.end, [(C.key("tokens per step"), v, kt, d.x)]


def _labelled_versus(
    text: str,
) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of two runs' values compared in a bracket after a figure's name, each
    value followed by its run's label ('lowers acceptance (n=5: 2.84 tuned vs 1.73 stock)';
    labelled_versus.py): each value a record of the figure the words before it name; a bracket
    after words naming no acceptance figure is left to the other readers."""
    for x in LV.found(text):
        k = key_of(x.head)
        if k.metric not in C.ACCEPTANCE:
            continue
        va, vb = C.value(x.a), C.value(x.b)
        if va is None or vb is None:
            continue
        yield x.start, x.end, [(k, va, x.head, x.a), (k, vb, x.head, x.b)]


def _moved_pairs(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a figure's changes told without 'from' ('acceptance moving 0.71
    to 0.64 at k=3 and 0.69 to 0.70 at k=5'; moved_pairs.py): where the values prove the first
    is no change's size, each value a record of the figure the words before the verb name."""
    for x in MP.found(text):
        k = key_of(x.key)
        if k.metric not in C.ACCEPTANCE or A.conditional(text, x.values[0][1]):
            continue
        items = []
        for printed, _ in x.values:
            v = C.value(printed)
            if v is None:
                break
            items.append((k, v, x.key.strip(), printed))
        else:
            yield x.key_at + len(x.key) - len(x.key.lstrip()), x.end, items


def _went_to(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of a figure's value after a verb, or with its maximum in brackets."""
    for m in A.arrivals(text):
        k, v = key_of(m.group("key")), C.value(m.group("val"))
        start, words = m.start(), m.group("key")
        if k.metric is not None and (ends := list(_SENTENCE_START.finditer(m.group("key")))):
            # a name running back over an earlier sentence ('... a rate of 64%. Run two reached
            # 61%'): the verb's subject is the last sentence's words alone, and the earlier
            # sentence is left to the other readers (its own figure: 'The rate was 60%.')
            words = m.group("key")[ends[-1].end() :]
            k, start = key_of(words), m.start("key") + ends[-1].end()
        if k.metric is None and A.stuck_length(m.group("key"), text[m.end("key") : m.start("val")]):
            # 'the speculative decoding length is stuck at 1': a length a setting never is
            # (a configured draft length is set, not stuck): the accept length a run printed
            k = C.key("accept length")
        if (
            A.conditional(text, m.start("val"))
            or A.target(m.group("key"))
            or A.floor_start(text[m.end("key") : m.start("val")], m.group("val"))
        ):
            # 'if the accept length collapsed to 1.0, ...', 'we want the AL to reach 3.0':
            # what would be or should be, no run; 'the accept length starts at 1': a definition
            # (its value left to no other reader)
            if k.metric in C.ACCEPTANCE:
                yield m.start(), m.end(), []
            continue
        if k.metric in C.ACCEPTANCE and k.metric != C.POSITION and v is not None:
            yield start, m.end(), [(k, v, words.strip(), m.group("val").strip())]
            # the trajectory's next legs, with no name of their own ('AL starts at ~3.07,
            # smoothly regresses to ~2.8'): the same figure's later values (arrival.py)
            at, pct = m.end(), m.group("val").rstrip().endswith("%")
            while (c := A.continued(text, at, pct)) is not None:
                cv = C.value(c.group("val"))
                if cv is None or A.conditional(text, c.start("val")):
                    break
                yield c.start(), c.end(), [(k, cv, m.group("key").strip(), c.group("val").strip())]
                at = c.end()
            # a second run's value joined by a slash, written as the first was ('stays at 2.41 /
            # 2.46' over two settings): a decimal after the slash is no whole maximum (a length
            # 'of at most 4'), so each value is its own run's, as a table's '2.22 / 2.25' cell is
            sl = _SLASH_NEXT.match(text, at) if "/" in text[at : at + 6] else None
            if (
                sl is not None
                and "/" not in m.group("key")
                and (sv := C.value(sl.group("val"))) is not None
                and sv.percent == v.percent
                and sv.decimals == v.decimals > 0
                and v.max is None
                and (k.metric not in (C.LENGTH, C.TOK_PER_STEP) or sv.number >= 1)
            ):
                yield sl.start(), sl.end(), [(k, sv, words.strip(), sl.group("val").strip())]
                at = sl.end()
            # another run's value of the same figure after it ('fell to 2.93 against 4.39 for
            # the matched head', 'reached 61% vs 70% on the old image'): printed as the first was
            vs = _VERSUS.match(text, at)
            if (
                vs is not None
                and (vv := C.value(vs.group("val"))) is not None
                and _versus_kept(vs, v, vv)
                and vv.percent == v.percent
                and not A.other_measure(text[at : vs.start("val")], text[vs.end("val") :])
            ):
                yield (
                    vs.start(),
                    vs.end(),
                    [(k, vv, m.group("key").strip(), vs.group("val").strip())],
                )
    for m in _OF_MAX.finditer(text):
        k, v = key_of(m.group("key")), C.value(m.group("val"))
        mx = float(m.group("max"))
        if k.metric in (C.LENGTH, C.TOK_PER_STEP) and v is not None and 0 < v.number <= mx:
            v = C.Value(v.number, False, v.decimals, mx)
            yield m.start(), m.end(), [(k, v, m.group("key").strip(), m.group("val"))]


def _run_means(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each clause group whose counts give its bare mean, on a line that
    speaks of drafts or tokens ('10 rounds, 5 accepted' of a review is no draft's)."""
    if not _RUN_SPEC.search(text):
        return
    start = 0
    for end in [m.start() for m in _GROUP_END.finditer(text)] + [len(text)]:
        seg = text[start:end]
        at = start
        start = end + 1
        mean = _RUN_MEAN.search(seg)
        if mean is None:
            continue
        steps = _RUN_STEPS.search(seg)
        acc = _RUN_ACCEPTED.search(seg)
        if steps is None or acc is None:
            continue
        n, x = C.value(steps.group("n")), C.value(mean.group("x"))
        a = C.value(acc.group("a") or acc.group("a2"))
        if n is None or x is None or a is None or not n.number or a.number != int(a.number):
            continue
        per = a.number / n.number
        if abs(per - x.number) <= C.half_unit(x.decimals):
            k = C.Key(C.ACC_PER_STEP, "mean accepted per step", False)
        elif abs(1 + per - x.number) <= C.half_unit(x.decimals) and not mean.group("acc"):
            k = C.Key(C.TOK_PER_STEP, "mean tokens per step", False)
        else:
            # the run's own counts do not give the mean: a mean of something else, not read
            yield at + mean.start(), at + mean.end(), []
            continue
        items = [
            (k, x, mean.group(0)[: mean.start("x") - mean.start()].strip(), mean.group("x")),
            (C.key("accepted"), a, "accepted", acc.group("a") or acc.group("a2")),
            (C.key("verify steps"), n, "rounds", steps.group("n")),
        ]
        lo = min(mean.start(), steps.start(), acc.start())
        hi = max(mean.end(), steps.end(), acc.end())
        yield at + lo, at + hi, items


def _in_code_span(val: str, text: str, end: int) -> bool:
    """Whether a value opens a code span ('`') that does not close right after its number
    (`` `1..n` ``, `` `2x_mode` ``): the number is part of code, no figure."""
    v = val.strip().lstrip("*")
    return v.startswith("`") and v.count("`") % 2 == 1 and not text.startswith("`", end)


def pairs(text: str) -> Iterator[tuple[C.Key, C.Value, str, str]]:
    """Every (key, value, printed key, printed value) of a line of key-value pairs or prose:
    pairs with a separator (':', '=', 'is', 'of', ...) first, then a key followed by its value
    ('average acceptance length **2.6 / 5**') in what is left."""
    if _GOAL_LINE.match(text):
        return  # 'Our goal: acceptance rate 70%': a goal, no measurement
    low = text.lower()
    if "=" in text and "tok" in low:
        # the drafter's name as the key of a figure whose unit names it ('MTP=3.10 tok/round'):
        # the figure the unit names, as where a space stands for the '='
        text = _METHOD_EQ.sub(lambda m: m.group(0)[:-1] + " ", text)
    if "(" in text and "accept" in low:
        # a figure named as a problem's subject ('accept length anomaly (1.42 vs ...)'): the
        # problem's noun no measure, the bracket the figure's (held_level.py)
        text = HL.unproblem(text)
    found: list[tuple[int, C.Key, C.Value, str, str]] = []
    rest = list(text)

    def taken(start: int, end: int) -> bool:  # a span another reader of the line read
        return any(rest[i] == " " and text[i] != " " for i in range(start, min(end, len(text))))

    def claim(
        spans: Iterable[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]], check: bool = True
    ) -> None:
        """Each span's items read, and the span marked taken; with ``check``, only a span no
        reader before read."""
        for start, end, got in spans:
            if check and taken(start, end):
                continue
            found.extend((start + i, *one) for i, one in enumerate(got))
            for i in range(start, end):
                rest[i] = " "

    # an experiment tracker's metric line ('step:29 - drafter/spec_decode/mean_acceptance_
    # length:4.19'): the whole line, its paths' last segments naming the figures (codenames.py)
    claim(CN.tracker_spans(text) if "/" in text else [])
    # a tool's line whose words mean what its source says (sourced.py: mlx-vlm, MLC-LLM)
    claim(SRC.spans(text) if any(h in text for h in SRC.HINTS) else [])
    # a key whose value is a run of items numbered on by one from 0 or 1 ('Accepted drafts per
    # step (% of steps):  0: 13%   1: 9%   2: 78%'): a histogram or a figure by position, no
    # value of the key (numbered_run.py)
    claim(NR.spans(text) if NR.hinted(text) else [])
    # an acceptance key printing its counts and their share ('accept=11/18 (61.1%)'): the
    # accepted of the drafted and the rate (keyed_share.py)
    claim(KSH.spans(text) if KSH.hinted(low) else [])
    # a server's verbose line of one speculative result, its fields after a '|'
    # ('speculative decoding result | accepted=5 total=8'): the counts (piped_result.py)
    claim(PIPED.spans(text) if PIPED.hinted(low) else [])
    # a total decomposed into accepted drafts + the target's token ('Acceptance ≈ 4.32
    # committed/round = 3.32 accepted draft + 1 bonus'): the total, bonus included
    claim(_decomposed(text) if DC.hinted(text) else [])
    # two runs compared in a bracket after a figure's name, each value with its run's label
    # ('lowers acceptance (n=5: 2.84 tuned vs 1.73 stock)'): each the figure's (labelled_versus)
    claim(_labelled_versus(text) if LV.hinted(low) else [])
    # a figure with its per-position rates in a bracket after it whose sum it is ('averages
    # 1.52 (per-position acceptance 0.74 / 0.49 / 0.29)'): accepted drafts a step, the bonus
    # excluded; 1 + the sum: included (position_sum.py)
    claim(PSUM.spans(text) if PSUM.hinted(text) else [])
    # a rate's values each after its position ('pos1 acceptance rate 0.8, pos2 acceptance rate
    # 0.62'): one run's rates by position, no overall rate (position_first.py)
    claim(PF.spans(text) if PF.hinted(low) else [])
    # one figure's values on several subsets, named once ('0.71 accept rate for chat and 0.58
    # for math'): a record a subset, labelled (coordinated.py)
    claim(COORD.spans(text) if COORD.hinted(low) else [])
    # tokens a step drafts ('drafts ~3.3 tokens/round at 0.86 acceptance'): never a length; the
    # rate beside it a run's, 1 + k x rate where k is exact (drafting.py)
    drafted = list(DRF.spans(text)) if DRF.hinted(low) else []
    claim(drafted)
    # runs set against each other in brackets after the acceptance's name ('the acceptance
    # split (~28% token-fed vs the ~40% hidden-state path)'): a rate each (split_rates.py)
    claim(SR.spans(text) if SR.hinted(low) else [])
    # runs set against each other before the figure's name ('2.91 vs 2.85 mean acceptance at
    # K=5, 2.95 vs 2.90 single-stream'): each side a run's figure (split_rates.py)
    claim(SR.versus_first(text) if SR.versus_hinted(text) else [])
    # α measured ('gives alpha ≈ 0.01'): the acceptance rate of speculative-decoding writing
    # (alpha.py; the reader drops it in a paste that never speaks of speculation)
    claim(AL.spans(text) if AL.hinted(low, text) else [])
    # a figure's name, the dataset it was measured on (its name holding digits: 'GSM8K'), a verb
    # and the value ('average acceptance length on the GSM8K dataset reached 8'; on_dataset.py)
    claim(OND.spans(text) if OND.hinted(low) else [])
    # a figure's name, then values mapped onto as many runs by 'respectively' ('accept length
    # was 2.41, 2.17 and 1.98 respectively'): one record a value (respectively.py)
    claim(RESP.spans(text) if RESP.hinted(low) else [])
    # a figure's name, then runs' values joined by 'and' and the clause's end ('a mean accepted
    # length of 58.5 and 59.0 tokens,'): one record a value (joined_values.py)
    claim(JV.spans(text) if JV.hinted(low) else [])
    # one verb of acceptance, two runs' counts joined by a conjunction ('accepted 2 of 4 drafts
    # before the change and 4 of 4 after it'): a run each (counts_pair.py)
    claim(CPR.spans(text) if CPR.hinted(low) else [])
    # a verb of acceptance over a list of shares, each with its subset or mapped by
    # 'respectively' ('accepted 71.2% chat, 64.0% code and 58.5% math drafts'): a rate each
    # (accepted_list.py)
    claim(ACL.spans(text) if ACL.hinted(low) else [])
    # a verify step as a sentence's subject, emitting its tokens ('A round costs about 30 ms
    # and emits 2.41 tokens'): tokens per step, the target's own token counted (step_emits.py)
    claim(SEM.spans(text) if SEM.hinted(low) else [])
    # a figure said to hold steady, its level in a bracket ('acceptance flat (~0.62 on both
    # arms)'; held_level.py)
    claim(HL.spans(text) if HL.hinted(low) else [])
    # a mean of committed tokens out of the most a step commits ('avgCommitted 3.89/4'): tokens
    # per step, the target's own token counted (committed_mean.py)
    claim(CM.spans(text) if CM.hinted(low) else [])
    # a figure's name as a formula's term ('(AL - 1) / num_speculative_tokens'): no value
    # a question quoted ('answering "acceptance is ~0.9: why?"'): no figure (quoted_question.py)
    claim(QQ.spans(text) if QQ.hinted(text) else [])
    # a cap set on a figure ('k=2 caps tok/step at 3'): no run's value (capped.py)
    claim(CAP.spans(text) if CAP.hinted(low) else [])
    # a part after 'of which' ('40 tokens per step, of which ~14 are kept'): no value of the
    # words before it (partitive.py)
    claim(PART.spans(text) if PART.hinted(low) else [])
    # what a thing typically gives ('this typically yields ~75% acceptance'): a generic claim,
    # no run (typical_yield.py)
    claim(TY.spans(text) if TY.hinted(low) else [])
    # a tally of items won ('wins acceptance length on 7/8 categories'): no figure (tallies.py)
    claim(TL.spans(text) if TL.hinted(text, low) else [])
    claim(_formula_terms(text) if re.search(r"[-−+*/×]\s*\d|\d\s*\+", text) else [])
    # τ as a sampling temperature ('temperature tau=1.5'): no accept length
    claim(_temperature_taus(text) if "tau" in low or "τ" in text else [])
    # τ as a knob swept or switched off ('at every τ>0 than τ off'): a setting, no length
    claim(_knob_taus(text) if "tau" in low or "τ" in text else [])
    # τ set among a run's settings in a label before its result ('D=4, B=2, τ=0.05: 170 t/s'):
    # a setting, no length
    claim(label_taus(text) if ("tau" in low or "τ" in text) and "=" in text else [])
    claim(_worked(text) if ("=" in text or "≈" in text) else [], check=False)
    claim(bare_quotient(text) if text.count(":") >= 2 else [], check=False)
    # one figure compared between two settings, each value in brackets after its setting
    # ('lower acceptance in greedy mode (0.52) than in sampled mode (0.64)'; compared_settings.py)
    claim(CMP.spans(text) if CMP.hinted(low) else [])
    claim(_went_to(text) if A.hinted(low) or " of " in low else [])
    claim(_values_at(text) if text.count("@") >= 2 else [])
    claim(_described(text) if "(" in text and _DESCRIBED_HINT.search(text) else [])
    claim(_ranked(text) if _RANK_HINT.search(text) else [])
    claim(_of_k_share(text) if " of " in low and "%" in text else [])
    claim(_noun_bracket(text) if "%" in text and "(" in text else [])
    claim(_accepted_steps(text) if "accepted" in low and "step" in low else [])
    claim(_values_at_k(text) if "=" in text and ("(" in text or "[" in text) else [])
    claim(
        _configs_bracket(text)
        if text.count("/") >= 3 and ("(" in text or "[" in text) and _CONFIGS_HINT.search(text)
        else []
    )
    claim(
        _values_for(text)
        if (text.count("/") >= 2 or _ARROW_MARK.search(text)) and _TWO_JOINED.search(text)
        else []
    )
    # a change in a bracket after the figure's name ('acceptance rate with the fused head
    # (about 4 -> 4.6)'): two records; plain values above 1 under a rate's name are lengths
    claim(RCH.spans(text) if RCH.hinted(text) else [])
    # rates by position joined by arrows under a per-position name ('per-position acceptance:
    # 0.78 -> 0.66 -> 0.57'): one run's positions, no change
    claim(
        _rate_runs(text, arrows=True)
        if _ARROW_MARK.search(text) and _PER_POSITION_NAMED.search(text)
        else []
    )
    claim(_named_changes(text) if _ARROW_MARK.search(text) else [])
    claim(_stats_runs(text) if _STATS_HINT.search(text) else [])
    claim(_run_means(text) if "accepted" in low else [])
    claim(_rate_runs(text) if "/" in text and _TWO_JOINED.search(text) else [])
    claim(_slashed(text) if text.count("/") >= 2 else [])
    # drafts attempted and accepted counted side by side ('181 attempts / 178 accepts (98.34%)')
    claim(CN.counts_spans(text) if re.search(r"\d\s+(?:accept|hits)", text, re.I) else [])
    # a value before a figure's code name ('~1.2 mean_acceptance_length in vllm')
    claim(
        [
            sp
            for sp in CN.value_first_spans(text)
            if not _closes_range_or_bound(text, sp[0])
            and not _HYPOTHETICAL_AFTER.match(text, sp[1])
        ]
        if "_" in text
        else []
    )
    # changes told without 'from' ('acceptance moving 0.71 to 0.64 at k=3 and 0.69 to 0.70 at
    # k=5'), the values proving the first no change's size: two records a pair (moved_pairs)
    claim(_moved_pairs(text) if MP.hinted(low) else [])
    for start, end, _kend, k, kt in _changes(text) if "from " in low else []:
        m = _FROM_TO.match(text, start)
        if m is None or (runs := _from_to_values(m)) is None:
            continue  # (words that make it no change of two runs: left to the other readers)
        for i in range(start, end):
            rest[i] = " "
        if k.metric is None or A.conditional(text, m.start("a")):
            continue  # (a setting's span; 'if the rate goes from 0.6 to 0.9': no run)
        # a figure corrected ('should be corrected from 6.6 to 5.6'): the old value was wrong,
        # only the new one is a measurement
        corrected = _CORRECTED.search(text, max(0, m.start("a") - 40), m.start("a")) is not None
        va, vb = C.value(m.group("a")), C.value(m.group("b"))
        if va is not None and vb is not None and not corrected and len(runs) == 2:
            # plain values above 1 under a rate's name: lengths (rate_changes.py)
            k = RCH.change_key(k, va, vb, RCH.sentence(text, m.start("a")))
        for g in [g for g in runs if g == "b" or not corrected]:
            v = C.value(m.group(g))
            if g == "b" and _RANGE_ON.match(text, m.end("b")):
                continue  # ('from 3.8 to 2.2-2.8': the new value a range, no record; the old one is)
            if v is not None:
                found.append((m.start(g), k, v, kt, m.group(g).strip()))
        if runs == ("a", "b") and not corrected and vb is not None:
            # ('falls from 2.4 to 1.9 to 1.2'): each further leg one more run, printed as the
            # second value (a share after a share, a decimal after a decimal)
            at = m.end("b")
            for _ in range(_CHAIN_MOST):
                c = _CHAIN_NEXT.match(text, at)
                vc = C.value(c.group("c")) if c is not None else None
                if c is None or vc is None or vc.percent != vb.percent or not vc.decimals:
                    break
                found.append((c.start("c"), k, vc, kt, c.group("c").strip()))
                for i in range(at, c.end()):
                    rest[i] = " "
                at = c.end()
    shared: list[tuple[int, tuple[C.Value, C.Value, C.Value]]] = []
    for m in _SHARE_BRACKET.finditer(text) if "%" in text else ():
        # a share with the counts it divides in brackets after it ('~16% (accept 52 / reject
        # 265)', '61% (273/436)'): the counts, where they give the share (the share itself is
        # read with its name below)
        sc = C.share_with_counts(m.group("p") + " " + m.group("br"))
        if sc is None:
            continue
        shared.append((m.start("br"), sc))
        for i in range(m.start("br"), m.end("br")):
            rest[i] = " "
    counted: list[tuple[int, C.RateCounts]] = []
    for m in _RATE_COUNTS_BRACKET.finditer(text) if "(" in text else ():
        # a rate with its counts and steps in brackets after it ('0.633 (378 steps,
        # 1676/2646)', '63% (1676 of 2646 accepted, 378 rounds)'): the counts, where they give
        # the rate (the rate itself is read with its name below)
        rc = C.rate_with_counts(m.group(0))
        if rc is None or any(at == m.start("br") for at, _ in shared):
            continue
        counted.append((m.start("br"), rc))
        for i in range(m.start("br"), m.end("br")):
            rest[i] = " "
    for m in _ACCEPTED_OVER.finditer(text) if "accepted" in low and "/" in text else ():
        a, b = C.value(m.group("a")), C.value(m.group("b"))
        if a is None or b is None or not b.number or a.number > b.number or taken(*m.span()):
            continue
        if re.search(r"\d\s*\(\s*$", text[: m.start()]):
            continue  # the counts of a fraction before them: read below
        p = C.value(m.group("p")) if m.group("p") else None
        if p is not None and abs(100 * a.number / b.number - p.number) > C.half_unit(p.decimals):
            continue  # the share is not A / B: the counts mean something else
        if p is not None:
            found.append(
                (m.start("p"), C.Key(C.RATE, "accepted", True), p, "accepted", m.group("p"))
            )
        found.append((m.start("a"), C.key("accepted"), a, "accepted", m.group("a")))
        found.append((m.start("b"), C.key("drafted"), b, "drafted", m.group("b")))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in _SLASH_ACCEPTED.finditer(text) if "accepted" in low and "/" in text else ():
        a, b = C.value(m.group("a")), C.value(m.group("b"))
        if a is None or b is None or not b.number or a.number > b.number or taken(*m.span()):
            continue
        found.append((m.start("a"), C.key("accepted"), a, "accepted", m.group("a")))
        found.append((m.start("b"), C.key("drafted"), b, "drafted", m.group("b")))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in _FRACTION_COUNTS.finditer(text) if "accepted" in low else ():
        p, a, b = C.value(m.group("p")), C.value(m.group("a")), C.value(m.group("b"))
        if p is None or a is None or b is None or not b.number or a.number > b.number:
            continue
        if abs(a.number / b.number - p.number) > C.half_unit(p.decimals) + 1e-9:
            continue  # the counts do not give the fraction: they mean something else
        found.append((m.start("a"), C.key("accepted"), a, "accepted", m.group("a")))
        found.append((m.start("b"), C.key("drafted"), b, "drafted", m.group("b")))
        for i in range(m.end("p"), m.end()):
            rest[i] = " "
    for m in _SPACED_LIST.finditer(text) if _TWO_DECIMALS.search(text) else ():
        k = key_of(m.group("key"))
        if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.PER_POSITION):
            continue
        for i in range(m.start(), m.end("list")):
            rest[i] = " "  # read as a list or not at all: never its first number alone
        rl = C.spaced_rates(m.group("list"))
        for i, r in enumerate(rl or ()):
            pk = C.Key(C.POSITION, k.text, False, i)
            found.append(
                (m.start() + i, pk, C.Value(r, False, 4), m.group("key").strip(), f"{r:g}")
            )
    claim(_lead_list(text) if ":" in text else [])
    for start, end, k, v_a, v_b in _abbreviated_changes(text) if "acc" in low else []:
        for i in range(start, end):
            rest[i] = " "
        found.append((start, k, v_a[0], "acc", v_a[1]))
        found.append((start + 1, k, v_b[0], "acc", v_b[1]))
    for m in _COUNTED_LENGTH.finditer(text) if " of " in low else ():
        v = C.value(m.group("val"))
        acc = C.value(m.group("a"))
        steps = C.value(m.group("b"))
        if v is None or acc is None or steps is None or not steps.number:
            continue
        if abs(1 + acc.number / steps.number - v.number) > C.half_unit(v.decimals):
            continue  # not the identity: the count means something else
        found.append((m.start(), C.key("accept length"), v, "accept length", m.group("val")))
        found.append((m.start() + 1, C.key("accepted"), acc, "accepted", m.group("a")))
        found.append((m.start() + 2, C.key("proposals"), steps, "proposals", m.group("b")))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in _ACCEPTED_SHARE.finditer(text) if "accepted (" in low or "accepted **(" in low else ():
        acc, pct = C.value(m.group("a")), C.value(m.group("p"))
        if acc is None or pct is None or _closes_range_or_bound(text, m.start("p")):
            continue
        if taken(m.start("a"), m.end("p")):
            continue  # ('181 proposals / 178 accepted (98.34%)': read with its drafts already)
        if re.search(r"\bof\s*[*`]{0,2}$", text[: m.start("a")]):
            continue  # '209 of 213 accepted (98.1%)': 213 is what was drafted, read below
        found.append((m.start("p"), C.Key(C.RATE, "accepted", True), pct, "accepted", m.group("p")))
        found.append((m.start("a"), C.key("accepted"), acc, "accepted", m.group("a")))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in [
        *(
            [*_OF_ACCEPTED.finditer(text), *_ACCEPTED_OF.finditer(text)]
            if " of " in low and "accept" in low
            else ()
        ),
        *(_SLASH_OF_ACCEPTED.finditer(text) if "/" in low and "accepted" in low else ()),
    ]:
        if (
            _closes_range_or_bound(text, m.start())
            or not "".join(rest[m.start() : m.end()]).strip()
        ):
            continue
        got = _of_accepted(m)
        if not got and m.group("noun") is not None:
            continue
        # 'A of B accepted' whose counts give nothing here still never reads 'B accepted'
        found.extend((m.start() + i, *one) for i, one in enumerate(got))
        for i in range(m.start(), m.end()):
            rest[i] = " "
        if len(got) == 1 and got[0][0].text == _OF_K_NAME:
            # ('..., and weaker on chat (3.10/8)'): another run's mean over the same K, up to
            # the sentence's end
            stop = _SENTENCE_END.search(text, m.end())
            end = stop.start() if stop is not None else len(text)
            same = re.compile(_OVER_SAME_K.format(k=re.escape(m.group("b"))))
            for o in same.finditer(text, m.end(), end):
                ov = C.value(o.group("a"))
                if ov is None or ov.number > float(m.group("b")) or taken(o.start(), o.end()):
                    continue
                found.append((o.start() + len(text), got[0][0], ov, "accepts", o.group("a")))
                for i in range(o.start(), o.end()):
                    rest[i] = " "
    for m in _EMITTED_OVER.finditer(text) if "over" in low or " in " in low else ():
        n, steps = C.value(m.group("n")), C.value(m.group("m"))
        if n is None or steps is None or not steps.number or n.number < steps.number:
            continue  # (each step emits at least the target's own token)
        found.append((m.start("n"), C.key("output tokens"), n, "tokens emitted", m.group("n")))
        found.append((m.start("m"), C.key("verify steps"), steps, m.group("unit"), m.group("m")))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in _PCT_FIRST.finditer(text) if "%" in text or "acceptance" in low else ():
        k, v = C.key(m.group("key")), C.value(m.group("val"))
        stat = (m.group("stat") or "").lower()
        if v is not None and stat in ("average", "avg", "mean", "median"):
            v = dataclasses.replace(v, statistic="median" if stat == "median" else "mean")
        if "accepted" in m.group("key").lower():
            k = C.Key(C.RATE, "accepted draft tokens", True)
        if _closes_range_or_bound(text, m.start()):
            continue
        if _AMOUNT_CHANGED.search(text, max(0, m.start() - 60), m.start()):
            continue  # ('temperature 1.0 costs only ~5% acceptance': by how much it changed)
        if v is not None and not v.percent and taken(m.start(), m.end()):
            continue  # (a fraction another reader read: '0.71 vs 0.66 acceptance', a pair)
        if any(a <= m.start("val") < b for a, b, _ in drafted):
            continue  # ('drafts 3 tokens per step at 70% acceptance': read with its drafts)
        if (
            k.metric == C.RATE
            and v is not None
            and (at_pos := _AT_POSITION.match(text, m.end())) is not None
            and not _SPAN_AFTER.match(text, at_pos.end())
        ):
            # '0.93 acceptance at position 1': that draft position's rate, never the run's (as
            # after its key, 'acceptance was 93% at position 0')
            pk = C.Key(C.POSITION, k.text, k.percent, int(at_pos.group(1)))
            found.append((m.start(), pk, v, m.group("key"), m.group("val").strip()))
            for i in range(m.start(), at_pos.end()):
                rest[i] = " "
            continue
        if k.metric == C.POSITION and v is not None:
            found.append((m.start(), k, v, m.group("key"), m.group("val").strip()))
            for i in range(m.start(), m.end()):
                rest[i] = " "
            continue
        if k.metric == C.RATE and v is not None:
            # the rates before it joined by arrows ('37.2% → 55.1% acceptance'): a change, each
            # side its own run (before, after), as a cell of a change is
            start = m.start()
            earlier = (
                _PCT_BEFORE_ARROW.search(text, 0, m.start()) if "%" in text[: m.start()] else None
            )
            if earlier is None and v.percent and "%" in text[max(0, m.start() - 40) : m.start()]:
                earlier = _PCT_BEFORE_VS.search(text, max(0, m.start() - 40), m.start())
            if earlier is not None and not taken(earlier.start(), m.start()):
                for side in _PCT_ONE.finditer(earlier.group(0)):
                    sv = C.value(side.group(0))
                    if sv is not None and sv.percent:
                        found.append(
                            (earlier.start() + side.start(), k, sv, m.group("key"), side.group(0))
                        )
                start = earlier.start()
            slashed = (
                _PCT_SLASHED_BEFORE.search(text, max(0, m.start() - 48), m.start())
                if earlier is None and v.percent and text[m.start() - 1 : m.start()] == "/"
                else None
            )
            if slashed is not None and not taken(slashed.start(), m.start()):
                sides = [
                    (slashed.start() + d.start(), d.group(0) + "%", C.value(d.group(0) + "%"))
                    for d in _DECIMAL_ONE.finditer(slashed.group(0))
                ]
                kept = [
                    (at, txt, sv)
                    for at, txt, sv in sides
                    if sv is not None and sv.decimals == v.decimals and sv.number <= 100
                ]
                if kept and len(kept) == len(sides):
                    # the same share of each run, the sign written once after the last
                    found.extend((at, k, sv, m.group("key"), txt) for at, txt, sv in kept)
                    start = slashed.start()
            found.append((m.start(), k, v, m.group("key"), m.group("val").strip()))
            for i in range(start, m.end()):
                rest[i] = " "
            # the same figure of another run after 'versus', a rate like the first
            more = _VERSUS.match(text, m.end())
            mv = C.value(more.group("val")) if more is not None else None
            if more is not None and mv is not None and mv.percent and _versus_kept(more, v, mv):
                found.append((more.start("val"), k, mv, m.group("key"), more.group("val")))
                for i in range(m.end(), more.end("val")):
                    rest[i] = " "
            elif v.percent and text[: m.start()].rstrip().endswith("("):
                # the next runs of a list each with a bracket of the share alone ('52.2 over
                # 128 tokens (91% acceptance), 48.0 over 512 (74%)'): that figure, a run each
                end = m.end()
                while (more := _MORE_BRACKETED.match(text, end)) is not None:
                    mv = C.value(more.group("val"))
                    if mv is None or not mv.percent:
                        break
                    found.append((more.start("val"), k, mv, m.group("key"), more.group("val")))
                    for i in range(more.start("val"), more.end("val")):
                        rest[i] = " "
                    end = more.end()
    for m in (
        _LENGTH_FIRST.finditer(text)
        if ("len" in low or "al" in low or "τ" in low or "tok" in low or "emit" in low)
        else ()
    ):
        k, v = C.key(m.group("key")), C.value(m.group("val"))
        if _closes_range_or_bound(text, m.start()) or taken(m.start(), m.end()):
            continue
        if _HEADING_OPENS.fullmatch(text, 0, m.start()):
            continue  # '### 4.2 accept length': the heading's section number, no value
        if _AMOUNT_CHANGED.search(text, max(0, m.start() - 60), m.start()):
            # 'the old ids lost ~0.2 accept length on the large model': by how much the figure
            # changed, no run's level (its name taken with it)
            for i in range(m.start(), m.end()):
                rest[i] = " "
            continue
        if (
            k.metric == C.TOK_PER_STEP
            # (within the value's clause: 'X will give ~2.6 tok/step; current Y is ~1.8
            # tok/step' names no figure before 1.8 but its own unit)
            and (named := key_of(FC.own_clause(text, max(0, m.start() - 120), m.start())).metric)
            in C.ACCEPTANCE
            and not (named == C.LENGTH and _COMMITTED_UNIT.search(m.group("key")))
        ):
            continue  # 'accept length is 3.2 tokens per step': the unit of the named figure
        if (
            k.metric == C.TOK_PER_STEP
            and _LOOSE_STEP.search(m.group("key"))
            and not _SPEC_WORDS.search(text)
        ):
            continue  # 'tokens per round' of a chat, 'per iteration' of a training loop
        if k.metric == C.TOK_PER_STEP and _DRAFTS_BEFORE.search(
            text[max(0, m.start() - 40) : m.start()]
        ):
            continue  # 'the draft proposes 4.0 tokens per step': its width, no length
        if k.metric == C.TOK_PER_STEP and (
            _ACCEPT_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
            or _ACCEPTED_AFTER.match(text, m.end())
        ):
            # 'accepted ~2.1 tokens per step': accepted tokens per step, which some count with
            # the target's own token (EAGLE's τ) and some without: a length, undecided
            k = C.Key(C.LENGTH, "accepted tokens per step", False)
        if k.metric in (C.LENGTH, C.TOK_PER_STEP) and v is not None:
            found.append((m.start(), k, v, m.group("key"), m.group("val").strip()))
            for i in range(m.start(), m.end()):
                rest[i] = " "
            # the same figure of another run after 'versus' ('2.9 accept length vs 1.2 for the
            # stock draft'), a bare length like the first (no unit of another measure after it)
            more = _VERSUS.match(text, m.end())
            mv = C.value(more.group("val")) if more is not None else None
            if (
                more is not None
                and mv is not None
                and not mv.percent
                and not v.percent
                and (
                    _VERSUS_END.match(text, more.end("val"))
                    or _VERSUS_LABEL.match(text, more.end("val"))
                )
                and _versus_kept(more, v, mv)
            ):
                _versus_chain(text, more, k, m.group("key"), v, found, rest)
                continue
            # more values of the figure, each with its run ('4.8 tokens per step on code (90
            # tok/s), about 3.2 on chat'): a length like the first, never a throughput
            end = m.end()
            while (more := _MORE_ON.match(text, end)) is not None:
                mv = C.value(more.group("val"))
                if (
                    mv is None
                    or mv.percent
                    or not 1 <= mv.number <= C.MAX_STEP_TOKENS
                    or (v.decimals > 0 and mv.decimals == 0)
                    or _PER_SECOND.match(text, more.end("val"))
                    or not "".join(rest[more.start("val") : more.end("val")]).strip()
                ):
                    break
                found.append((more.start("val"), k, mv, m.group("key"), more.group("val").strip()))
                for i in range(end, more.end("val")):
                    rest[i] = " "
                end = more.end("val")
    for m in _WHOLE_PER_STEP.finditer(text) if "tok" in low and V.SPECULATIVE.search(text) else ():
        # 'avg commit 7 tokens/step': a whole number the statistic word says was measured
        k, v = C.key(m.group("key")), C.value(m.group("val"))
        if (
            k.metric != C.TOK_PER_STEP
            or v is None
            or _closes_range_or_bound(text, m.start("val"))
            or taken(m.start("val"), m.end())
            or any(a <= m.start("val") < b for a, b, _ in drafted)
        ):
            continue
        found.append((m.start("val"), k, v, m.group("key"), m.group("val").strip()))
        for i in range(m.start("val"), m.end()):
            rest[i] = " "
    for m in (
        _LISTED_WHOLE_PER_STEP.finditer(text)
        if "tok" in low and "%" in text and "accept" in low
        else ()
    ):
        # 'steps=3, 62.5% acceptance, 11 tok/verify': a whole number listed among measured figures
        k, v = C.key(m.group("key")), C.value(m.group("val"))
        list_colon = text.rfind(":", 0, m.start())
        list_from = max(text.rfind(". ", 0, m.start()), list_colon) + 1
        if (
            k.metric != C.TOK_PER_STEP
            or v is None
            or list_colon < 0
            or not _LIST_RATE.search(text, list_from, m.start())
            or taken(m.start("val"), m.end())
            or any(a <= m.start("val") < b for a, b, _ in drafted)
        ):
            continue
        found.append((m.start("val"), k, v, m.group("key"), m.group("val").strip()))
        for i in range(m.start("val"), m.end()):
            rest[i] = " "
    for m in _ACC_FIRST.finditer(text) if "accept" in low else ():
        v = C.value(m.group("val"))
        if v is None or _closes_range_or_bound(text, m.start()) or taken(m.start(), m.end()):
            continue
        if _AMOUNT_CHANGED.search(text, max(0, m.start() - 60), m.start()):
            # 'going from k = 1 to k = 2 adds 0.84 accepted tokens per round': by how much the
            # mean changed between two runs, no run's figure (its name taken with it)
            for i in range(m.start(), m.end()):
                rest[i] = " "
            continue
        # accepted drafts per step by their noun; 'accepted tokens per step' some count with the
        # target's own token (EAGLE's τ) and some without: a length, undecided
        noun = m.group("noun") or m.group("per_draft")
        drafts = _acc_first_drafts(m)
        k = (
            C.Key(C.ACC_PER_STEP, "accepted drafts per step", False)
            if drafts
            else C.Key(C.LENGTH, "accepted tokens per step", False)
        )
        said = None if drafts else _bonus_clause_at(text, m.end())
        if said is not None:
            # 'tokens accepted per verification step (incl. bonus)': the clause decides
            name = "accepted tokens per step"
            k = C.Key(said, name + " " + C.EXCLUDED_SAID if said == C.ACC_PER_STEP else name, False)
        found.append((m.start(), k, v, noun, m.group("val").strip()))
        for i in range(m.start(), m.end()):
            rest[i] = " "
    for m in _EXTRA_ACCEPTED.finditer(text) if "extra" in low and "accept" in low else ():
        # 'it accepts 1.45 extra tokens/step': the tokens a step keeps beyond the target's own,
        # its accepted drafts (the length 1 + them)
        v = C.value(m.group("val"))
        if v is None or taken(m.start("val"), m.end()) or _closes_range_or_bound(text, m.start()):
            continue
        k = C.Key(C.ACC_PER_STEP, "accepted drafts per step", False)
        found.append((m.start("val"), k, v, m.group("noun"), m.group("val").strip()))
        for i in range(m.start(), m.end()):
            rest[i] = " "  # (the verb too: 'accepted' is no count's key there)
    for sw_start, sw_end in A.switches(text):
        # a setting switched between two runs ('from `top-k = 1` to `top-k = 10`'): no one
        # record's configuration, never the later run's label (arrival.py)
        for i in range(sw_start, sw_end):
            rest[i] = " "
    lead: C.Key | None = None  # the metric a line opens with ('Acceptance rates: ...')
    finders = (
        (_PAIR, _pairs),
        (_PAIR_BARE, _bare_pairs),
        (_KEY_BRACKETED, _key_bracketed),
        (_KEY_STATE_BRACKETED, _key_state_bracketed),
    )
    for pat, find in finders:
        for m in find("".join(rest)):
            # a key never runs over a ';' (the clause before is another statement's: '2 accepted
            # tokens/round; tool threshold: 1')
            kt = m.group("key").rsplit(";", 1)[-1]
            sep_words = text[m.end("key") : m.start("val")].strip()
            if (
                (
                    (pat is _PAIR and sep_words[:1] in ("—", "–", "-"))
                    or (pat is _PAIR_BARE and kt.rstrip()[-1:] in ("-", "—", "–"))
                )
                and _TOKEN_UNIT.fullmatch(kt.strip()) is not None
                and _UNIT_OF_NUMBER.search(text, 0, m.start("key"))
            ):
                # a unit of tokens right after a number, then a dash ('1.500 tokens/forward — 1
                # verified token plus 0.50 more'): the figure's unit and a gloss, no key of its
                # own (a colon's is a key: 'base: 40.54 tok/step: 1.50')
                continue
            if (
                pat is _PAIR_BARE
                or (pat is _PAIR and (sep_words[:1].isalpha() or sep_words in _HEDGES))
            ) and "." in kt:
                # a verb's subject, or a name right before its value, never runs back over a
                # sentence's end ('... per decode step. Baseline is 1': 'Baseline' alone); nor
                # does a name before a hedged value ('... per forward pass. It tops out at ~41
                # tok/s': the hedge is no key's separator)
                ends = [e for e in _SENTENCE_START.finditer(kt) if not _abbreviated(kt, e.start())]
                kt = kt[ends[-1].end() :] if ends else kt
            k = key_of(kt, sep_words)
            if pat is _KEY_BRACKETED and _BRACKET_UNIT.match(text, m.end("val")):
                continue  # '(58 vs 72 tok/s)': another measure's values
            if (
                pat is _KEY_BRACKETED
                and k.metric not in C.ACCEPTANCE
                and (ck := _compared_key(m.group("key"), text[max(0, m.start() - 40) : m.start()]))
                is not None
            ):
                k = ck  # 'acceptance is lower for run B (58% vs 72%)': the figure compared
            if (
                k.metric is None
                and found
                and found[-1][1].metric == C.RATE
                and _JOINED_LENGTH.search(m.group("key"))
                and (jv := C.value(m.group("val"))) is not None
                and not jv.percent
                and 1 <= jv.number <= C.MAX_STEP_TOKENS
                and not _SENTENCE_END_IN.search(text, found[-1][0], m.start())
            ):
                k = C.Key(C.LENGTH, "mean length", False)
            if k.metric is None and pat is _PAIR:
                if lead is None:
                    lead = _lead_metric(text)
                if lead is not None:
                    k = _sub_key(m.group("key"), lead)
            v = C.value(m.group("val"))
            # a bare 'accept' as the key, alone or opening a bracket or a clause after a comma,
            # then ':', '=' or (in a bracket or clause) '~' ('wins code (accept ~5.5, 2x)')
            tail = _CLAUSE_OPEN.split(m.group("key"))[-1]
            sep = text[m.end("key") : m.start("val")].strip()[:1]
            if (
                k.metric is None
                and v is not None
                and pat is _PAIR
                and (sep in (":", "=") or (sep in ("~", "≈") and tail != m.group("key")))
                and len(C._MARKUP.sub("", tail).split()) <= 2
                # (a word after the value is its unit, 'accept: 2 tokens'; a key of the next
                # field, 'avg_accept=1.41 no_draft=98', is not)
                and not re.match(r"\s*[A-Za-z](?![\w.-]*[=:])", text[m.end("val") :])
                and (bk := _bare_accept(tail, v))
            ):
                k = bk
            # a bare 'accept' field or identifier ('accept 2.30', 'MEAN_ACCEPT 1.0'), a hedged
            # plural rate: the first that tells a figure the name left unknown
            for bare_only, told in (
                (True, _field_accept),
                (True, _identifier_accept),
                (False, _plural_rate),
                (False, _method_acc),
            ):
                if (
                    k.metric is None
                    and v is not None
                    and (pat is _PAIR_BARE or (not bare_only and pat is _PAIR))
                    and (bk := told(text, m, v)) is not None
                ):
                    k = bk
            if k.metric is None or v is None or _short_rate_key(k):
                continue
            if pat is _PAIR_BARE and not v.percent and _PREPOSITION_TAIL.search(m.group("key")):
                # a name, a preposition, then a plain number with no separator ('acceptance rate
                # on 2.0 is low', 'accept length for 0.9'): the number is the preposition's
                # object (a version, a setting), never the figure's value
                continue
            if (
                pat is _PAIR_BARE
                and not v.percent
                and k.metric in (C.RATE, C.ACCEPT_RATIO)
                and _AT_TAIL.search(m.group("key"))
                and re.fullmatch(r"[*`]{0,2}\d+[*`]{0,2}", m.group("val").strip())
                and _DRAFT_COUNT_AFTER.match(text, m.end("val"))
            ):
                # 'acceptance at 3 draft tokens': the run's draft count, a setting after 'at',
                # never the rate (the rate printed before the name is left to the others)
                continue
            if k.metric in C.ACCEPTANCE and _PER_SECOND.match(text, m.end("val")):
                # a speed's value after an acceptance name ('prose acceptance on dual (~38
                # tok/s)', the '~' read as the separator): never the figure's
                continue
            if _in_code_span(m.group("val"), text, m.end("val")):
                continue  # 'slots `1..num_speculative_tokens`': code holding more than a number
            if (
                sep == "="
                and v.number in (0, 1)
                and not v.decimals
                and _SWITCH.search(m.group("key"))
            ):
                continue  # 'TOOL_POPULATE_ACCEPTANCE_LENGTH=1': an environment switch, no figure
            if (
                v.statistic is None
                and k.metric in _EXTREME_METRICS
                and (sw := _EXTREME_BEFORE.search(m.group("key"))) is not None
            ):
                # 'max acceptance length 3.5 on any prompt': the largest seen, not the mean
                v = dataclasses.replace(v, statistic="max" if sw.group(1)[1] == "a" else "min")
            if v.statistic in ("max", "min") and (
                k.metric not in _EXTREME_METRICS or (not v.percent and not v.decimals)
            ):
                continue  # 'draft tokens max 8', 'accept length max 5': a setting, not a figure
            if (
                k.metric in (C.RATE, C.ACCEPT_RATIO)
                and not v.percent
                and _STEP_UNIT_AFTER.match(text, m.end("val"))
            ):
                # 'acceptance 2.31 tokens/step': no rate but tokens per step of an acceptance
                # figure, which some count with the target's own token and some without (as
                # 'accept length is 3.2 tokens per step'): a length, undecided
                k = C.Key(C.LENGTH, "accepted tokens per step", False, None, k.tool, k.pooled)
            if (
                k.metric == C.DRAFTED
                and v.percent
                and v.max is None
                and _QUOTIENT_NAME.search(m.group("key"))
            ):
                # 'accepted / drafted tokens: 54.5%': one share where two counts could stand,
                # the quotient the name spells, a rate
                k = C.Key(C.RATE, k.text, True)
            if k.metric == C.ACCEPTED and v.percent and v.max is None:
                # 'Accepted draft tokens: 85.23%': their share, a rate
                k = C.Key(C.RATE, k.text, True)
            if k.metric in C.ACCEPTANCE and _SIGNED.match(C._MARKUP.sub("", m.group("val"))):
                continue  # '+0.3': a change, not the figure
            if _REFERENCE_BEFORE.search(text, max(m.start("val") - 40, 0), m.start("val")):
                continue  # 'acceptance ... In Figure 8': the figure's number, no value
            if k.metric in C.ACCEPTANCE and FC.driven_to(text, m.end("key")):
                for i in range(m.start("key"), m.end("val")):
                    rest[i] = " "
                continue  # 'should push acceptance to ~3.1': a forecast, no run (forecast.py)
            if k.metric in C.ACCEPTANCE and _HYPOTHETICAL_AFTER.match(text, m.end("val")):
                continue  # 'a conditional AR of 80% always means ...', '20% could be': no run
            if k.metric in C.ACCEPTANCE and _judged_meaning(text, m):
                continue  # 'An acceptance length of 4.2 is bad news': what such a value means
            if (
                k.metric in C.ACCEPTANCE
                and not v.decimals
                and _MEANS_AFTER.match(text, m.end("val"))
            ):
                continue  # 'AL = 1 means one token per step': what a value stands for, no run
            if k.metric in C.ACCEPTANCE and _MEASURE_AFTER.match(text, m.end("val")):
                for i in range(m.start("val"), m.end("val")):
                    rest[i] = " "
                continue  # '~5% extra speedup': the speedup's value, not the acceptance's
            if k.metric in C.ACCEPTANCE and _GAP_AFTER.match(text, m.end("val")):
                for i in range(m.start("val"), m.end("val")):
                    rest[i] = " "
                continue  # '~0.6 lower than the other run': a gap between runs, no run's figure
            if (
                k.metric in (C.RATE, C.ACCEPT_RATIO)
                and (at_pos := _AT_POSITION.match(text, m.end("val"))) is not None
            ):
                # '93% acceptance at position 0': that draft position's rate, never the run's
                k = C.Key(C.POSITION, k.text, k.percent, int(at_pos.group(1)))
            if v.percent and k.metric in C.ACCEPTANCE and _TIME_SHARE.match(text, m.end("val")):
                for i in range(m.start("val"), m.end("val")):
                    rest[i] = " "
                continue  # '95% of the MTP cycle', '80% of the time': a share of time
            if (
                k.metric in C.ACCEPTANCE
                and "always" in text[m.end("key") : m.start("val")].lower()
                and _CONDITION_AFTER.match(text, m.end("val"))
            ):
                continue  # 'will always be 100% if the draft is the target': a law, no run
            if k.metric in C.ACCEPTANCE and _bound(text, m.start("val")):
                continue  # 'acceptance >= 60%': a bound, not the figure
            rng = (
                _RANGE_AFTER.match(text, m.end("val")) or _OR_AFTER.match(text, m.end("val"))
                if k.metric in C.ACCEPTANCE
                else None
            )
            if (
                rng is None
                and k.metric in C.ACCEPTANCE
                and _BETWEEN.search(text, 0, m.start("val"))
            ):
                rng = _AND_AFTER.match(text, m.end("val"))
            if k.metric in C.ACCEPTANCE and (_NOT_MEASURED.search(m.group("key")[-60:]) or rng):
                # (an alternative's second value too: '0, or 1' is no value of its own)
                upto = rng.end() if rng is not None and rng.re is _OR_AFTER else m.end("val")
                for i in range(m.start("key"), upto):
                    rest[i] = " "
                central = _RANGE_CENTRAL.match(text, rng.end()) if rng is not None else None
                if central is not None and (central.group("w1") or central.group("w2")):
                    word = (central.group("w1") or central.group("w2")).lower()
                    stat = "median" if word == "median" else "mean" if word != "aggregate" else ""
                    cv = C.value(f"{stat} {central.group('val')}".strip())
                    if cv is not None:
                        found.append(
                            (central.start("val"), k, cv, m.group("key").strip(), central.group(0))
                        )
                        for i in range(central.start(), central.end()):
                            rest[i] = " "
                after = (
                    _ARROW_TO.match(text, rng.end())
                    if rng is not None
                    and central is None
                    and not _NOT_MEASURED.search(m.group("key")[-60:])
                    else None
                )
                if (
                    after is not None
                    and rng is not None
                    and (av := C.value(after.group("val"))) is not None
                ):
                    # a range, then another run's figure after a change's arrow ('accept
                    # length: 2.5-2.7 -> 1.85'): the range is no record, the figure after it is
                    kt = m.group("key").strip()
                    found.append((after.start("val") + len(text), k, av, kt, after.group("val")))
                    for i in range(rng.end(), after.end("val")):
                        rest[i] = " "
                continue
            end = m.start("val") + len(m.group("val").rstrip())
            # a key stretching over another figure's clause ('Mean acceptance length 2.61,
            # per-position acceptance: 0.81'): only its words after that clause are this key's,
            # the clause is left to the other readers
            kstart = m.start("key")
            if pat is _PAIR and (clause := _CLAUSE_IN_KEY.match(m.group("key"))) is not None:
                kstart += clause.end()
            elif (
                pat is _PAIR
                and k.metric in (C.LABEL, C.K)
                and (num := _NUMBER_IN_KEY.match(text, m.start("key"), m.end("key"))) is not None
            ):
                # a setting's key running back over a figure ('accept length 4.6 at k=4'):
                # the setting is the words after the figure; the figure is left to the others
                # (the figure as printed: a reader before this one may have read it already,
                # '64% acceptance with n_max=5', blanking it in the text searched here)
                kstart = num.end()
            if pat is _PAIR and kstart == m.start("key"):
                kstart += _previous_field(m.group("key"), k)
            found.append(
                (kstart, k, v, text[kstart : m.end("key")].strip(), m.group("val").strip())
            )
            for i in range(m.start("val"), m.end("val")):
                rest[i] = " "
            for i in range(kstart, m.end("key") if kstart == m.start("key") else m.start("val")):
                rest[i] = " "  # (and the separator, where the key was cut short)
            br = _BRACKET_RATE.match(text, end) if k.metric in (C.LENGTH, C.RATE) else None
            if br is not None and taken(br.start("val"), br.end("val")):
                br = None  # ('2.41 (61% accepted)': the rate read before its noun already)
            bv = C.value(br.group("val")) if br is not None else None
            if (
                br is not None
                and bv is not None
                and bv.percent
                and not v.percent
                and v.decimals > 0
                and 1 < v.number <= C.MAX_STEP_TOKENS
            ):
                # 'acceptance 2.41 (61%)': a length and its rate, their ranges tell them apart
                found.append(
                    (br.start("val"), C.Key(C.RATE, k.text, True), bv, k.text, br.group("val"))
                )
                for i in range(end, br.end()):
                    rest[i] = " "
                end = br.end()
            end = _unit_before_more(text, end, k, rest)
            pair = (
                _versus_pair(text, m.start("key"), end, (k, v, m.group("key").strip()), found)
                if k.metric in C.ACCEPTANCE and "/" in text[end : end + 40]
                else []
            )
            for at, pk, pv, pt, pw in pair:
                # the clause's two figures of another run after 'vs', in their order ('0.575,
                # mean accepted length 3.30 - vs 0.60 / 3.2'): each the same figure of that run
                found.append((at + len(text), pk, pv, pt, pw))
                for i in range(end, min(len(rest), at + len(pw))):
                    rest[i] = " "
            # (two values after 'vs' not written as the clause's two: whose is which is unsaid,
            # neither is this figure's value alone)
            paired = bool(pair) or (
                k.metric in C.ACCEPTANCE
                and "/" in text[end : end + 40]
                and _VERSUS_PAIR.match(text, end) is not None
            )
            while (
                not paired
                and k.metric in C.ACCEPTANCE
                and (
                    (more := _MORE_ON.match(text, end)) is not None
                    or (more := _VERSUS.match(text, end)) is not None
                    or (more := _ARROW_TO.match(text, end)) is not None
                    or (more := _DOWN_FROM.match(text, end)) is not None
                    # the figure's next value in a clause of where it went, with no name of its own
                    # ('length: 1.00 on the stalled request, recovering to ~2.7'; arrival.py)
                    or (
                        k.metric in _LEGGED
                        and (more := A.continued(text, end, v.percent)) is not None
                        and not A.conditional(text, more.start("val"))
                    )
                )
            ):
                mv = C.value(more.group("val"))
                if mv is None or (more.re is _VERSUS and not _versus_kept(more, v, mv)):
                    break
                if more.re is _MORE_ON and (
                    mv.percent != v.percent
                    or (v.decimals > 0 and mv.decimals == 0)
                    or not "".join(rest[more.start("val") : more.end("val")]).strip()
                ):
                    # ('70% on chat, but only 2 on code'): not the same figure's value; nor one
                    # read already (a run of such values is read once, by its first key)
                    break
                # a 'vs' value is another run's: after every first value of the line
                at = more.start("val") + (
                    len(text) if more.re in (_VERSUS, _ARROW_TO, _DOWN_FROM, A.CONTINUED) else 0
                )
                found.append((at, k, mv, m.group("key").strip(), more.group("val").strip()))
                for i in range(end, more.end("val")):
                    rest[i] = " "
                end = _unit_before_more(text, more.end("val"), k, rest)
    for m in _PAIR_COUNT_FIRST.finditer("".join(rest)):
        k = C.key(m.group("key"))
        v = C.value(m.group("val"))
        if k.metric not in _COUNT_METRICS or v is None or v.number != int(v.number):
            continue
        found.append((m.start(), k, v, m.group("key").strip(), m.group("val").strip()))
    for at, sc in shared:
        # the counts only beside their share read under a rate's name
        if any(
            k.metric in (C.RATE, C.ACCEPT_RATIO) and v.number == sc[0].number and v.percent
            for _, k, v, _, _ in found
        ):
            found.append((at, C.key("accepted"), sc[1], "accepted", f"{sc[1].number:g}"))
            found.append((at + 1, C.key("drafted"), sc[2], "drafted", f"{sc[2].number:g}"))
    for at, rc in counted:
        # the counts (and steps named so) only beside their rate read under a rate's name
        if any(
            k.metric in (C.RATE, C.ACCEPT_RATIO)
            and v.number == rc.rate.number
            and v.percent == rc.rate.percent
            for _, k, v, _, _ in found
        ):
            found.append(
                (at, C.key("accepted"), rc.accepted, "accepted", f"{rc.accepted.number:g}")
            )
            found.append(
                (at + 1, C.key("drafted"), rc.drafted, "drafted", f"{rc.drafted.number:g}")
            )
            if rc.steps is not None:
                sk = C.Key(C.STEPS, rc.count_name, False)
                found.append((at + 2, sk, rc.steps, rc.count_name, f"{rc.steps.number:g}"))
    found = _bare_accept_per_step(found)
    for _, k, v, kt, vt in sorted(found, key=lambda x: x[0]):
        yield k, v, kt, vt


# the figures a later leg after a pair's value continues ('..., recovering to ~2.7')
_LEGGED = (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO)


def _unit_before_more(text: str, end: int, k: C.Key, rest: list[str]) -> int:
    """Where a length's next value may be looked for after ``end``: past the figure's unit where
    the run it was measured on and the same figure's next value follow ('2.6 tokens per step on
    set A and 2.7 on set B'; the unit blanked in ``rest``, no key of its own)."""
    unit = _STEP_UNIT_AFTER.match(text, end) if k.metric in (C.LENGTH, C.TOK_PER_STEP) else None
    if unit is None or _MORE_ON.match(text, unit.end()) is None:
        return end
    for i in range(end, unit.end()):
        rest[i] = " "
    return unit.end()


def _output_of_generated(fig: E.Figures) -> None:
    """A bare 'generated' count (read as drafted tokens, as llama.cpp's 'A accepted / B
    generated' drafts) beside verify steps, a rate and a printed length, no accepted or output
    count: where the rate proves it no drafted count (rate x generated / steps is neither the
    length nor the length - 1) and generated / steps (or (generated - 1) / steps, the prefill's
    first token) is 1 + the length within its rounding, it is the output tokens ('generated=88
    rounds=34 acceptance_rate=0.529 mean_accepted_len=1.59'), which then decide the bonus by the
    identity output tokens / steps."""
    f = fig
    if (
        f.drafted is None
        or f.accepted is not None
        or f.output is not None
        or f.steps is None
        or not f.steps.number
        or f.length is None
        or f.length.percent
        or f.rate is None
        or not any(
            C.key(kt).text == "generated" and C.value(vt) == f.drafted for kt, vt in f.fields
        )
    ):
        return
    gen, steps, length = f.drafted.number, f.steps.number, f.length.number
    tol = C.half_unit(f.length.decimals)
    rate = f.rate.number / 100 if f.rate.percent or f.rate_percent else f.rate.number
    as_drafts = rate * gen / steps
    if min(abs(as_drafts - length), abs(as_drafts + 1 - length)) <= tol + gen / steps * C.half_unit(
        f.rate.decimals
    ):
        return  # the rate fits generated as drafted tokens: left as it was
    if all(abs(g / steps - (1 + length)) > tol for g in (gen, gen - 1)):
        return
    f.output, f.drafted = f.drafted, None
    f.notes.append(
        "'generated' read as the output tokens: the rate makes it no drafted count, and "
        "generated / steps = 1 + the printed length"
    )


# label keys that name a model ('target', 'draft model'): a value that is a decimal number or a
# percentage alone ('target=8805.8' of a 'time_ms' line, 'draft 23%' of a time breakdown)
# measures something, and names no model
_NAME_LABELS = frozenset(("target", "draft", "model", "target model", "draft model"))
_MEASURE = re.compile(r"[-+]?\d[\d,]*\.\d+|[-+]?\d[\d,]*(?:\.\d+)?\s*%")


def _bare_accept_per_step(
    found: list[tuple[int, C.Key, C.Value, str, str]],
) -> list[tuple[int, C.Key, C.Value, str, str]]:
    """A bare 'avg accept' fraction ('avg_accept=0.830', read as a rate by its range) that the
    same line's counts prove is accepted drafts per verify step: accepted / steps within its
    rounding ('cycles=135 ... accepted_draft=112 ... avg_accept=0.830': 112 / 135). It is then
    read as accepted per step (the counts decide its bonus), not as a second rate. Any other
    value (accepted / drafted of more drafts than steps: a rate) is left as it was."""
    bare = [i for i, f in enumerate(found) if f[1].metric == C.RATE and f[1].text == "accept"]
    if not bare:
        return found
    acc = [f[2].number for f in found if f[1].metric == C.ACCEPTED and f[2].number.is_integer()]
    steps = [f[2].number for f in found if f[1].metric == C.STEPS and f[2].number.is_integer()]
    if len(acc) != 1 or len(steps) != 1 or steps[0] <= 0 or acc[0] > steps[0] * C.MAX_STEP_TOKENS:
        return found
    per = acc[0] / steps[0]
    out = list(found)
    for i in bare:
        at, _, v, kt, vt = found[i]
        if not v.percent and abs(v.number - per) <= C.half_unit(v.decimals) + 1e-9:
            out[i] = (at, C.Key(C.ACC_PER_STEP, "accepted per step", False), v, kt, vt)
    return out


def _run_accept_per_step(fig: E.Figures, k: C.Key, v: C.Value) -> C.Key:
    """A bare 'avg accept' fraction on a later line of a key-value run whose earlier lines hold
    the run's rate, its accepted count and its verify steps ('Cycles: 185' / 'Accepted draft:
    63' / 'Accept rate: 64.29% (Avg accept: 0.341)'): where it is accepted / steps within its
    rounding it is accepted drafts per step (the line rule _bare_accept_per_step, across the
    run's lines), not a second rate opening another run. Any other key or value: as it was."""
    if (
        k.metric != C.RATE
        or k.text != "accept"
        or v.percent
        or fig.rate is None
        or fig.acc_per_step is not None
        or fig.accepted is None
        or fig.steps is None
        or not fig.accepted.number.is_integer()
        or not fig.steps.number.is_integer()
        or fig.steps.number <= 0
    ):
        return k
    if abs(v.number - fig.accepted.number / fig.steps.number) > C.half_unit(v.decimals) + 1e-9:
        return k
    return C.Key(C.ACC_PER_STEP, "accepted per step", False)


_FIGURE_WORD = re.compile(
    # ('tok/round', 'tok/step': tokens per step; never 'tok/s', a speed)
    r"acc|accept|draft|τ|token|\btok/(?!s\b)|length|(?<![a-z])rates?\b|proposal|\bal\b|a\.len",
    re.IGNORECASE,
)


_VALUE_BEFORE_NAME = re.compile(
    r"\d\s*(?:%\s*(?:(?:aggregate|overall|pooled|average|avg|mean|median|draft|token|"
    r"acceptance|accept)\s+){0,3})?$",
    re.I,
)


def _open_key(text: str) -> bool:
    """Whether a line ends naming a figure whose value is not on it (the key came after the
    line's last number)."""
    last_key = max(
        (
            m.end()
            for m in _FIGURE_WORD.finditer(text)
            # (a count's unit after its number, 'Drafted: 0 tokens', names no figure to come;
            # nor does a share's name after it, '79.4% aggregate acceptance')
            if not _VALUE_BEFORE_NAME.search(text[: m.start()])
        ),
        default=-1,
    )
    if last_key < 0:
        return False
    last_num = max((m.start() for m in re.finditer(r"\d", text)), default=-1)
    return (
        last_key > last_num
        and not re.search(r"[:=]\s*\S*\d", text[last_key:])
        # (a figure printed as 'nan' has its value: nothing was measured)
        and not re.search(r"[:=]\s*[-+]?nan\b", text[last_key:], re.I)
    )


def _open_list(text: str) -> bool:
    """Whether a line opens a bracketed list of numbers it does not close ('(0.61,')."""
    for o, c in ("()", "[]"):
        at = text.rfind(o)
        if at >= 0 and c not in text[at:] and re.match(r"[\d.,\s%]*$", text[at + 1 :]):
            return True
    return False


_FROM_END = re.compile(r"\bfrom\s+[*`]{0,2}[\d.,]+\s*%?[*`]{0,2}\s*$", re.I)
# (perhaps after the first run's one-word label: '... from 66.7%' / 'isolated to 24%')
_TO_START = re.compile(r"^\s*(?:[a-z][a-z-]{2,20}\s+)?(?:to|→|->)\s+[*`]{0,2}\d", re.I)


def _open_change(text: str, nxt: str) -> bool:
    """Whether a line ends 'from X' and the next goes on 'to Y' (prose wrapped by hand)."""
    return _FROM_END.search(text) is not None and _TO_START.match(nxt) is not None


def _open_paren(text: str, nxt: str) -> bool:
    """Whether a line leaves a parenthesis open that the next line closes, with a figure's
    number or name inside it ('(0.576 accept, 2.153' / 'tokens/round on code)')."""
    depth = text.count("(") - text.count(")")
    if depth <= 0 or nxt.count(")") - nxt.count("(") < depth:
        return False
    inside = text[text.rfind("(") :] + " " + nxt[: nxt.find(")")]
    return re.search(r"\d", inside) is not None and _FIGURE_WORD.search(inside) is not None


# a unit counting what a step commits to the output ('3.4 tokens committed per verify step',
# 'committed tokens/round'): the target's own token among them, whatever the name before
_COMMITTED_UNIT = re.compile(r"\bcommitted\b", re.I)


# a line ending in a value, perhaps with a length's unit ('about 4.8 tokens per step')
_ENDS_VALUE = re.compile(r"\d%?(?:\s+(?:toks?|tokens?)(?:/|\s+per\s+)[a-z]+)?$", re.I)


def _open_more(text: str, nxt: str) -> bool:
    """Whether a line ends in a figure's value and the next goes on with the run it was
    measured on and the same figure's next value ('... about 4.8 tokens per step' / 'on code
    (90 tok/s), about 3.2 on chat'): one sentence wrapped by hand."""
    t = text.rstrip()
    end = _ENDS_VALUE.search(t) if nxt[:12].lstrip()[:3].lower() in _RUN_WORDS else None
    return end is not None and _MORE_ON.match(t + " " + nxt.strip(), end.end()) is not None


_RUN_WORDS = frozenset(("on ", "for", "wit", "at ", "in "))
# a line opening with the rest of a list's item and its bracketed share ('512 (70%).')
_SHARE_ITEM_REST = re.compile(r"\s*(?:[^.;:()%\n]|\.(?=\d)){0,30}?\(\s*\d{1,3}(?:\.\d+)?\s*%\s*\)")


def _open_share_list(text: str, nxt: str) -> bool:
    """Whether a list of runs each with its share in brackets ('... (91% acceptance), 52.2 over
    128 (74%), and 51.0 over' / '512 (70%).') goes on onto the next line: one sentence."""
    t = text.rstrip()
    return (
        "%" in t
        and ")" in t
        and not t.endswith((".", "!", "?", ":", ")"))
        and _SHARE_ITEM_REST.match(nxt) is not None
        and _MORE_BRACKETED.search(t + " " + nxt.strip()) is not None
    )


# a numbered list's item: its number, then words ('2. τ: average acceptance length', '3) K'),
# or its number right before an emphasised title with no space ('2.**code review**')
_ENUM_ITEM = re.compile(r"^\s*\d{1,2}[.)](?:\s+(?![\d.,%])\S|[*_]{1,2}(?![\d\s*_.,%]))")
# a line saying what a number of a formula means ('1 表示：至少确认 1 个 token', '1 means the
# target's own token'): a term defined, never the value of a name ending the line before
_TERM_DEFINED = re.compile(
    r"^\s*[-*]?\s*\d+(?:\.\d+)?\s*(?:表示|代表|意味着|意味|指的是|means\b|denotes\b|"
    r"stands\s+for\b|represents\b)",
    re.I,
)


def _sibling_items(t: str, nxt: str) -> bool:
    """Whether two lines are items of one list at the same indent ('- a' / '- b')."""
    a, b = B.BULLET.match(t), B.BULLET.match(nxt)
    if a is None or b is None:
        return False
    return len(t) - len(t.lstrip()) == len(nxt) - len(nxt.lstrip())


def join_wrapped(lines: list[Line]) -> list[Line]:
    """A line naming a figure without its value, followed by the value (or the rest of the
    key and the value), or leaving open a parenthesis the next line closes, is read as one
    line; at most three lines."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln, t = lines[i]
        j = i
        # (a table's row ends at its last bar: it never runs on into the next row)
        while (
            j + 1 < len(lines)
            and j - i < 2
            and not t.rstrip().endswith("|")
            # (a numbered item's number is no value: '1. α: acceptance rate' / '2. τ: ...')
            and _ENUM_ITEM.match(lines[j + 1][1]) is None
            and _TERM_DEFINED.match(lines[j + 1][1]) is None
            # (the next item of the same list is its own: '- set A: 3.10 ... tokens/step' /
            # '- set B: ...'; a deeper item may hold the value a line names)
            and not _sibling_items(lines[i][1], lines[j + 1][1])
            and (
                _open_key(t)
                or _open_list(t)
                or _open_change(t, lines[j + 1][1])
                or _open_paren(t, lines[j + 1][1])
                or _kv_continues(t, lines[j + 1][1])
                or _open_more(t, lines[j + 1][1])
                or _open_share_list(t, lines[j + 1][1])
                or _open_leg(t, lines[j + 1][1])
                or _open_where(t, lines[j + 1][1])
                or SEM.wrapped(t, lines[j + 1][1])
                or JV.open_list(t, lines[j + 1][1])
                or DC.wrapped(t, lines[j + 1][1])
            )
        ):
            j += 1
            t = f"{t} {lines[j][1].strip()}"
        out.append((ln, t))
        i = j + 1
    return out


# the last value of a line (a figure's, perhaps a count's after it)
_A_VALUE = re.compile(r"\d+(?:\.\d+)?\s*%?")


def _open_leg(t: str, nxt: str) -> bool:
    """Whether ``nxt`` goes on with the next leg of the acceptance figure ``t`` ends its
    sentence without ('length: 1.00 on the' / 'stalled request, recovering to ~2.7'; the
    figure's next value in a clause of where it went, with no name of its own: arrival.py)."""
    if "accept" not in t.lower() or " to " not in nxt:
        return False
    last = None
    for found in _A_VALUE.finditer(t):
        last = found
    if last is None or _SENTENCE_END.search(t, last.end()) is not None:
        return False
    joined = f"{t} {nxt.strip()}"
    c = A.continued(joined, last.end(), last.group(0).rstrip().endswith("%"))
    return c is not None and c.start("val") > len(t)


# a line ending on a value and the preposition of where it was measured, the place on the next
# line ('... is 2.4 on' / 'model-a and 2.2 on model-b.'): a sentence wrapped by hand
_ENDS_WHERE = re.compile(r"\d(?:\.\d+)?\s*%?\s+(?:on|for|with|at|in)\s*$", re.I)
# a line that opens its own item or row (a list's bullet, a table's bar, a heading)
_OWN_LINE = re.compile(r"\s*(?:[-*+•|#>]|\d{1,2}[.)]\s)")


def _open_where(t: str, nxt: str) -> bool:
    """Whether ``t``, naming an acceptance figure, ends on a value and a preposition of where it
    was measured, and ``nxt`` (no item, row or heading of its own) names that place: one
    sentence wrapped by hand, its next values ('and 2.2 on ...') read with the figure's name."""
    low = t.lower()
    if ("accept" not in low and "token" not in low) or _OWN_LINE.match(nxt):
        return False
    return _ENDS_WHERE.search(t) is not None and bool(nxt.strip())


# a 'key=value' pair, and a line wholly of them (two or more, no head)
_KV_PAIR = re.compile(r"(?<![\w./=-])(?P<k>[A-Za-z_][\w./-]{0,40})=(?=[^\s=,])")
_KV_ONLY = re.compile(
    r"^\s*(?:[A-Za-z_][\w./-]{0,40}=[^\s=,]+[,;]?\s+){1,}[A-Za-z_][\w./-]{0,40}=[^\s=,]+\s*$"
)


def _kv_continues(t: str, nxt: str) -> bool:
    """Whether ``nxt`` goes on with the measurement ``t`` began: ``t`` holds two or more
    'key=value' pairs, ``nxt`` is wholly such pairs (no head of its own) and repeats none of
    ``t``'s keys (a repeated key starts the next run's line). A tool that wraps one summary
    over two lines ('prompts=20 drafts=150 accepted=120' / 'accept_rate=0.800 ...') prints one
    measurement."""
    if "=" not in nxt or _KV_ONLY.match(nxt) is None:
        return False
    before = {m.group("k").lower() for m in _KV_PAIR.finditer(t)}
    after = {m.group("k").lower() for m in _KV_PAIR.finditer(nxt)}
    return len(before) >= 2 and not before & after


# words that may follow 'accepted A / B' when B is the drafted count: the count's noun, or a
# word that ends the phrase ('... 301 / 364 and 182 decoding steps')
_COUNT_NOUNS = frozenset(
    ("tokens", "token", "drafted", "draft", "drafts", "generated", "proposed", "tok")
    + ("and", "with", "in", "over", "after", "for", "at", "on", "by", "but", "or", "while")
)


# a length stated again without its name, in the sentence after the one naming it ('my draft
# could only achieve 2.815.', 'and on code it is 3.4 median'): a reporting verb, a decimal,
# then the clause's end or a statistic word
# (or a wrong value it replaced after it: 'correctly reported 1.25 instead of 0')
_CONTINUATION = re.compile(
    r"\b" + V.REPORT_VERBS + r"\s+(?:only\s+|just\s+|about\s+|around\s+)?(?P<val>\d{1,2}\.\d{1,4})"
    r"(?P<stat>\s+(?:median|mean|avg|p50))?"
    r"(?=(?:\s+(?:instead\s+of|rather\s+than)\s+[~≈]?\d[\d.]*)?\s*(?:[.,;)]\s|[.,;)]?$|\())",
    re.I,
)
# the same length worked out from its counts, the arithmetic holding at the printed decimals
# ('server cumulative totals: 271,001 / 83,803 = 3.2338'), on a line naming an accept length
# before it: read only as the length named, never alone (a quotient of two counts may be any
# ratio)
_QUOTIENT = re.compile(
    r"(?<![\w.,/])(?P<a>" + _DIGITS + r")\s*/\s*(?P<b>" + _DIGITS + r")\s*(?:=|≈)\s*"
    r"(?P<val>\d{1,2}\.\d+)(?=\s*(?:[.,;)]\s|[.,;)]?$))"
)
# words in the clause before the verb that make the value another measure's
_CLAUSE_OTHER = re.compile(
    r"\b(?:speed\w*|throughput|latency|time|ttft|tpot|itl|memory|temperature|accuracy|score|"
    r"version|ratio|factor|loss|size|seed|rate|%|tok/s|ms|gb|x)\b",
    re.I,
)


# a goal or a wish in the clause before a value ('we hope the new head gets 2.8'): no run's
_WANTED = re.compile(_WANTING, re.I)


# a rate of another run said 'also' in a later sentence of the line, without the figure's name
# ('BF16 also reaches 61% on the same input'): a reporting or arrival verb, then a percentage
# ending its clause or before a preposition (not '61% of peak', '61% faster')
_ALSO_RATE = re.compile(
    r"\b(?:also|too)\s+(?:" + V.REPORT_VERBS[3:-1] + r"|hits?|restores?|restored|stays?\s+at)"
    r"\s+(?:about\s+|around\s+|~\s*)?(?P<val>\d{1,3}(?:\.\d+)?\s*%)"
    r"(?=\s*(?:[.,;)]|$)|\s+(?:on|in|with|for|at|across|over|under)\b)",
    re.I,
)
# words of the sentence before the verb naming another measure's percentage, or a condition
_ALSO_OTHER = re.compile(
    r"\b(?:speed\w*|throughput|latency|memory|vram|util\w*|gpu|cpu|accuracy|score|power|load|"
    r"usage|occupancy|hit\s+rate|cache|coverage|pass|if|would|could|might|should)\b",
    re.I,
)


def _placed(
    t: str, items: list[tuple[C.Key, C.Value, str, str]]
) -> list[tuple[int, C.Key, C.Value, str, str]]:
    """Each item with where its printed value stands in ``t``: a value printed again ('2.00,
    2.00') at its next place after the one before, so two items of one text are two places."""
    out = []
    after: dict[str, int] = {}
    for k, v, kt, vt in items:
        p = t.find(vt, after.get(vt, 0))
        if p < 0:
            p = t.find(vt)
        after[vt] = p + 1 if p >= 0 else 0
        out.append((p, k, v, kt, vt))
    return out


def _rates_also(
    t: str, items: list[tuple[C.Key, C.Value, str, str]]
) -> list[tuple[C.Key, C.Value, str, str]]:
    """The line's pairs with each rate another run 'also' reaches (_ALSO_RATE), in a sentence
    after one whose rate the line read as a percentage: that figure, in line order."""
    taken = [(t.find(vt), k, v, kt, vt) for k, v, kt, vt in items]
    extra = []
    for m in _ALSO_RATE.finditer(t):
        pos = m.start("val")
        parts = re.split(r"[.;!?]\s", t[: m.start()])
        start = m.start() - len(parts[-1])  # where the sentence of 'also' starts
        if len(parts) < 2 or _ALSO_OTHER.search(parts[-1]):
            continue
        before = [
            k for p, k, v, _, _ in taken if 0 <= p < start and k.metric == C.RATE and v.percent
        ]
        v = C.value(m.group("val"))
        if not before or v is None or any(p == pos for p, *_ in taken):
            continue
        extra.append((pos, before[-1], v, before[-1].text, m.group("val")))
    if not extra:
        return items
    return [(k, v, kt, vt) for _, k, v, kt, vt in sorted(taken + extra, key=lambda x: x[0])]


def restates_length(text: str) -> bool:
    """Whether prose states a length again without its name ('... printed 1.9, which')."""
    return _CONTINUATION.search(text) is not None


def _with_continuations(
    t: str, items: list[tuple[C.Key, C.Value, str, str]], named: C.Key | None
) -> list[tuple[C.Key, C.Value, str, str]]:
    """The line's pairs with the accept lengths it states again without naming them, after a
    length was named (earlier in the block, or earlier on this line), in line order."""
    taken = _placed(t, items)
    first_len = min((pos for pos, k, *_ in taken if k.metric == C.LENGTH), default=-1)
    extra = []
    for m in _CONTINUATION.finditer(t):
        pos = m.start("val")
        # a noun before the verb taken for a configuration ('the other draft got 1.10'): a
        # configuration is a whole number, a decimal after a reporting verb is a figure
        taken = [
            x for x in taken if not (x[1].metric == C.LABEL and x[0] == pos and x[2].decimals > 0)
        ]
        key = named if named is not None and (first_len < 0 or pos < first_len) else None
        if key is None:
            key = next((k for p, k, *_ in taken if k.metric == C.LENGTH and p < pos), None)
        if key is None or any(p <= pos < p + len(vt) for p, _, _, _, vt in taken if p >= 0):
            continue
        clause = re.split(r"[.;!?]\s|,\s*(?:and|but|while)\s", t[:pos])[-1]
        if _CLAUSE_OTHER.search(clause) or A.conditional(t, pos) or _WANTED.search(clause):
            continue  # (another measure's; 'if the other head gets 2.8': no run)
        v = C.value(m.group("val") + (m.group("stat") or ""))
        if v is None or not 1.0 <= v.number <= 16.0:
            continue
        extra.append((pos, key, v, key.text, m.group(0)[m.start("val") - m.start() :].strip()))
    spans = sorted((p, p + len(vt)) for p, _, _, _, vt in taken if p >= 0)
    starts = [a for a, _ in spans]
    ends = list(itertools.accumulate((b for _, b in spans), max))  # the furthest end so far
    first_named = min((p for p, k, *_ in taken if k.metric == C.LENGTH and p >= 0), default=-1)
    for m in _QUOTIENT.finditer(t) if "/" in t and "=" in t else ():
        pos = m.start("val")
        key = named if named is not None and (first_len < 0 or pos < first_len) else None
        if key is None and 0 <= first_named < pos:
            key = next(k for p, k, *_ in taken if k.metric == C.LENGTH and p == first_named)
        if key is None or not V.LENGTH_NAME.search(t, 0, m.start()):
            continue
        at = bisect.bisect_right(starts, pos) - 1
        if at >= 0 and ends[at] > pos:
            continue  # (read already, by another reader of the line)
        v, a, b = C.value(m.group("val")), C.value(m.group("a")), C.value(m.group("b"))
        if v is None or a is None or b is None or not b.number or not 1.0 <= v.number <= 16.0:
            continue
        if abs(a.number / b.number - v.number) > C.half_unit(v.decimals):
            continue  # not the quotient printed: the numbers mean something else
        extra.append((pos, key, v, key.text, m.group("val")))
    if not extra:
        return items
    return [(k, v, kt, vt) for _, k, v, kt, vt in sorted(taken + extra, key=lambda x: x[0])]


# what a length counts, said right after its value ('2.41 (bonus token included)', '2.41, not
# counting the bonus', '2.41 [w/o bonus]'): the clause up to its bracket's end or the sentence's
_AFTER_CLAUSE = re.compile(
    r"\s*(?:\((?P<b>[^()]{0,60})\)|\[(?P<s>[^\[\]]{0,60})\]|[,;]\s*(?P<c>[^.;()]{0,60})"
    # ... or a participle saying it right after a space ('2.41 tokens per step including the
    # bonus token', 'not counting the bonus'): that phrase alone, no clause after it
    r"|(?<=\s)(?P<p>(?:not\s+)?(?:including|excluding|counting|incl\.|excl\.)\s+"
    r"(?:the\s+)?(?:bonus|target)(?:['’]s)?(?:\s+own)?(?:\s+token)?)(?![\w-]))"
)
_NOT_COUNTING = re.compile(r"\bnot\s+(?:counting|including)\s+(?:the\s+)?bonus", re.I)


def _bonus_after(t: str, item: tuple[C.Key, C.Value, str, str]) -> tuple[C.Key, C.Value, str, str]:
    k, v, kt, vt = item
    at = t.find(vt)
    if k.metric != C.LENGTH or at < 0:
        return item
    m = _AFTER_CLAUSE.match(t, at + len(vt))
    if m is None:
        return item
    clause = m.group("b") or m.group("s") or m.group("c") or m.group("p") or ""
    out = C._BONUS_OUT.search(clause) or _NOT_COUNTING.search(clause)
    inc = None if out is not None else C._BONUS_IN.search(clause)
    if (out is None) == (inc is None) or re.search(r"\b(?:and|or|vs)\b|\bwith\s*/", clause):
        return item  # neither, or both ('with and without bonus')
    metric = C.ACC_PER_STEP if out is not None else C.TOK_PER_STEP
    text = k.text + " " + C.EXCLUDED_SAID if out is not None else k.text
    return C.Key(metric, text, k.percent, k.position, k.tool, k.pooled), v, kt, vt


# the end of the field before a key on a line of comma-separated fields: a value no reader
# takes or a unit ('Draft acceptance rate: nan%, Accepted: 0 tokens, Drafted: 0 tokens')
_FIELD_COMMA = re.compile(r".*,\s+(?=[A-Za-z])", re.S)


def _previous_field(key: str, k: C.Key) -> int:
    """Where a key really starts that ran back over the end of the field before it ('nan%,
    Accepted', 'tokens, Drafted'): after the last comma, where the words after it alone name
    the same metric; else 0 (the whole key)."""
    m = _FIELD_COMMA.match(key)
    if m is None or k.metric is None or key_of(key[m.end() :]).metric != k.metric:
        return 0
    return m.end()


_STEP_TAIL = re.compile(r"\s+(?:steps?|rounds?|cycles?|iterations?|pass(?:es)?)\b", re.I)


def _bonus_clause_at(t: str, pos: int) -> str | None:
    """What a per-step count says it counts in a bracket or clause right at ``pos`` ('tokens
    accepted per step (incl. bonus)'): TOK_PER_STEP (the bonus counted), ACC_PER_STEP (left
    out), or None (neither, or both)."""
    noun = _STEP_TAIL.match(t, pos)  # 'per verification step': the noun after its qualifier
    m = _AFTER_CLAUSE.match(t, noun.end() if noun is not None else pos)
    if m is None:
        return None
    clause = m.group("b") or m.group("s") or m.group("c") or m.group("p") or ""
    out = C._BONUS_OUT.search(clause) or _NOT_COUNTING.search(clause)
    inc = None if out is not None else C._BONUS_IN.search(clause)
    if (out is None) == (inc is None) or re.search(r"\b(?:and|or|vs)\b|\bwith\s*/", clause):
        return None
    return C.ACC_PER_STEP if out is not None else C.TOK_PER_STEP


_EQ_PAIR = re.compile(r"(?<![\w.])(?P<k>[A-Za-z][\w]*)\s*=\s*(?P<v>\d+(?:\.\d+)?)(?![\w.])")
_ACCEPT_REJECT = re.compile(
    r"(?<![\w.])(?P<a>\d+)\s+accept(?:ed)?\s*(?:/|,|and)\s*(?P<r>\d+)\s+reject(?:ed)?\b"
    # the names first ('accept=97 reject=3', 'accepted: 97, rejected: 3')
    r"|(?<![\w.])accept(?:ed)?\s*[=:]\s*(?P<a2>\d+)\s*(?:/|,|;|and|\s)\s*"
    r"reject(?:ed)?\s*[=:]\s*(?P<r2>\d+)(?![\w.])"
    # a draft's successes and failures on a line naming drafts ('Draft results: Success 97,
    # Failure 3', 'draft success=97 fail=3'): each drafted token kept or thrown away
    r"|\bdraft(?:s|ed|ing)?\b[^\n]{0,40}?\bsuccess(?:es)?\s*[=:]?\s*(?P<a3>\d+)\s*(?:/|,|;|and|\s)\s*"
    r"fail(?:ure|ures|ed|s)?\s*[=:]?\s*(?P<r3>\d+)(?![\w.])",
    re.I,
)
# the share printed right after the counts ('97 accept / 3 reject (97%)')
_SHARE_AFTER = re.compile(r"\s*[(\[]\s*(\d+(?:\.\d+)?)\s*%\s*[)\]]")
# a list item led by a setting's name and its value before the colon ('- n-max 3: 52.9 tok/s,
# 71.8% acceptance', '* gamma 4: ...', 'γ=4: accept=7.6%'): the run's configuration, a label (or
# its k); the symbol γ alone (the speculative-sampling papers' draft tokens a step) is gamma
# here, where it leads its own item as a table's column does its row
_SETTING_LEAD = re.compile(
    r"^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?[*_`]{0,2}"
    r"(?P<name>γ|[A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){0,3})"
    r"(?:\s+|\s*=\s*)(?P<val>\d{1,4})[*_`]{0,2}\s*:\s"
)


def _setting_lead(t: str) -> tuple[C.Key, C.Value, str, str] | None:
    """The setting leading a list item before its colon, as a key-value item; None when the
    words before the number name no setting (the longest run of its last words that does)."""
    m = _SETTING_LEAD.match(t)
    if m is None:
        return None
    if m.group("name") == "γ":
        return C.key("gamma"), C.Value(float(m.group("val")), False, 0), "γ", m.group("val")
    words = m.group("name").split()
    for i in range(len(words)):
        name = " ".join(words[i:])
        k = C.key(name)
        if k.metric in (C.LABEL, C.K):
            return k, C.Value(float(m.group("val")), False, 0), name, m.group("val")
    return None


# a row's label before its counts, of up to four words ('code_python', 'long code review')
_LEAD_NAME = re.compile(r"^\s*(?P<name>[A-Za-z][\w.-]{1,40}(?: [A-Za-z][\w.-]{0,40}){0,3})\s{2,}")


def _count_items(t: str) -> list[tuple[C.Key, C.Value, str, str]] | None:
    """A line of bare counts whose names alone say little ('code  draft= 139 acc= 138
    rate=0.993'; '97 accept / 3 reject (97%)'), read when the counts prove what they are: the
    rate printed is accepted / drafted at its printed decimals, or accepted and rejected
    add up to the drafts. None when the line is no such line."""
    out: list[tuple[C.Key, C.Value, str, str]] = []
    ar = _ACCEPT_REJECT.search(t)
    if ar is not None:
        a_shown = ar.group("a") or ar.group("a2") or ar.group("a3")
        a, r = int(a_shown), int(ar.group("r") or ar.group("r2") or ar.group("r3"))
        if a + r == 0:
            return None
        pm = _SHARE_AFTER.match(t, ar.end())
        if pm is not None and abs(100 * a / (a + r) - float(pm.group(1))) > C.half_unit(
            len(pm.group(1).partition(".")[2])
        ):
            return None  # ('97 accept / 3 reject (90%)': the counts and their share disagree)
        out += [
            (C.key("accepted"), C.Value(float(a), False, 0), "accept", a_shown),
            (C.key("drafted"), C.Value(float(a + r), False, 0), "accept + reject", f"{a + r}"),
        ]
    else:
        found = {m.group("k").lower(): m.group("v") for m in _EQ_PAIR.finditer(t)}
        # the rate: a '...rate' key, or a bare 'accept' / 'acceptance' (an aggregate line's
        # 'accept=0.733' beside its counts); the accepted count another 'acc...' key
        rate = next((k for k in found if k.endswith("rate")), None) or next(
            (k for k in found if k in ("accept", "acceptance")), None
        )
        acc = next((k for k in found if re.match(r"(?:n_?)?acc(?!ur)", k) and k != rate), None)
        drf = next((k for k in found if re.match(r"(?:n_?)?draft", k)), None)
        if acc is None or drf is None or rate is None:
            return None
        va, vd, vr = C.value(found[acc]), C.value(found[drf]), C.value(found[rate])
        if va is None or vd is None or vr is None or vd.number <= 0 or va.number > vd.number:
            return None
        # within one unit of the rate's last printed decimal (tools round and truncate)
        if (
            va.decimals
            or vd.decimals
            or abs(va.number / vd.number - vr.number) > 2 * C.half_unit(vr.decimals)
        ):
            return None
        out += [
            (C.key("acceptance rate"), vr, rate, found[rate]),
            (C.key("accepted"), va, acc, found[acc]),
            (C.key("drafted"), vd, drf, found[drf]),
        ]
    lead = _LEAD_NAME.match(t)
    if lead is not None and C.key(lead.group("name")).metric is None:
        out.insert(
            0, (C.Key(C.LABEL, "item", False), C.Value(0.0, False, 0), "item", lead.group("name"))
        )
    return out


_DISTRIBUTION = re.compile(
    r"accept\w*[\w /-]{0,30}?(?:distribution|histogram)\W{0,3}\{(?P<body>[^{}]{3,600})\}", re.I
)
# a bare 'histogram {0: 69, 1: 48, 2: 55}' (keys the accepted drafts of a step, values steps)
# beside the line's accepted count ('accepted `158`')
_BARE_HISTOGRAM = re.compile(r"\bhistogram\W{0,3}\{(?P<body>[^{}]{3,600})\}", re.I)
_ACCEPTED_COUNT = re.compile(r"\baccepted\W{0,3}(\d{1,9})\b(?![.,]\d)", re.I)
_DIST_ITEM = re.compile(r"""(\d{1,2})\s*:\s*['"]?(\d+(?:\.\d+)?)\s*(%?)['"]?""")


def _distribution(t: str) -> tuple[int, ...] | None:
    """The steps per number of accepted drafts of a printed distribution ('Accepted tokens
    distribution: {0: '14.36%', 1: '12.10%', ...}'), as whole numbers in proportion (the
    percentages scaled by their decimals); None unless its keys run 0, 1, 2, ..."""
    m = _DISTRIBUTION.search(t)
    bare = None if m is not None else _BARE_HISTOGRAM.search(t)
    if m is None and bare is None:
        return None
    items = _DIST_ITEM.findall((m or bare).group("body"))  # type: ignore[union-attr]
    if len(items) < 2 or [int(k) for k, _, _ in items] != list(range(len(items))):
        return None
    if bare is not None:
        # a histogram its name does not tie to acceptance: only where its counts are whole and
        # its weighted sum is the accepted count the line prints
        acc = _ACCEPTED_COUNT.search(t)
        if acc is None or any(p or "." in v for _, v, p in items):
            return None
        if sum(int(k) * int(v) for k, v, _ in items) != int(acc.group(1)):
            return None
    dec = max(len(v.split(".")[1]) if "." in v else 0 for _, v, _ in items)
    return tuple(round(float(v) * 10**dec) for _, v, _ in items)


# accepted of drafted tokens and their share, worked out ('3045 / 3744 = 81.33%')
_RATIO_EQ = re.compile(
    r"\(\s*(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)\s*=\s*(?P<val>\d+(?:\.\d+)?\s*%)\s*\)"
)


def _counted_share(m: re.Match[str]) -> tuple[C.Value, C.Value, C.Value] | None:
    """(share, accepted, drafted) of a worked-out ratio whose arithmetic holds."""
    v, a, b = C.value(m.group("val")), C.value(m.group("a")), C.value(m.group("b"))
    if v is None or a is None or b is None or not b.number or a.number > b.number:
        return None
    if abs(100 * a.number / b.number - v.number) > C.half_unit(v.decimals):
        return None
    return v, C.Value(a.number, False, 0), C.Value(b.number, False, 0)


_POSITION_COUNTS = re.compile(
    r"^\s*[-*]?\s*[`*]{0,2}(?P<key>[A-Za-z][\w ./-]{2,60}?)[`*]{0,2}\s*[:=]\s*"
    r"[\[(](?P<list>\d+(?:\s*,\s*\d+){1,15})[\])]\s*[`*]{0,2}\s*$"
)
_POSITION_COUNT_KEY = re.compile(
    r"accept\w*(?: tokens?| drafts?)? (?:per|by) pos(?:ition)?s?\b|acceptance counts"
)
_POSITION_OPENER = re.compile(r"^\s*[-*]?\s*(?P<k>[A-Za-z][\w .()%/-]{2,60}?)\s*:\s*$")
_POSITION_LINE = re.compile(
    r"^\s*[-*]?\s*(?P<k>(?:(?:draft\s+)?(?:position|pos|token|depth)\s*#?\s*)?(?P<p>\d{1,2}))"
    r"\s*[:=]\s*(?P<v>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)\s*$",
    re.I,
)


_BRACKET_STAT = re.compile(
    r"^\s*\[(?P<m>[^\]]{1,40})\]\s*(?P<s>" + _STAT_WORD + r")\s*[:=]\s*(?P<v>" + _NUM_V + r")\s*$",
    re.I,
)


def _bracket_stats(lines: list[Line]) -> list[Line]:
    """Lines of one metric's statistics, the metric in brackets ('[AL] AVERAGE: 2.7312' /
    '[AL] P50: 2.75', trtllm-bench's details): one line naming the metric, then its statistics."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        m = _BRACKET_STAT.match(lines[i][1])
        if m is None:
            out.append(lines[i])
            i += 1
            continue
        j = i
        items = []
        while j < len(lines) and (n := _BRACKET_STAT.match(lines[j][1])) is not None:
            if n.group("m") != m.group("m"):
                break
            items.append(f"{n.group('s').lower()} {n.group('v').strip()}")
            j += 1
        name = m.group("m").strip()
        if (
            len(items) >= 2
            and name.lower() not in C.TABLE_ONLY_RATE_KEYS
            and C.key(name).metric in C.ACCEPTANCE
        ):
            out.append((lines[i][0], f"{name}  " + "  ".join(items)))
        else:
            out.extend(lines[i:j])
        i = j
    return out


# a row of draft positions counted from 0 or 1 ('Position: 1 2 3 4'), and a row of as many
# values under a bare name of a rate ('Rate: 0.58 0.31 0.16 0.08', 'Acc %: 58 31 16 8')
_POSITIONS_ROW = re.compile(
    r"^\s*(?:draft\s+)?(?:positions?|pos|depth|tokens?)\s*[:=]?\s*(?P<p>\d{1,2}(?:\s+\d{1,2}){1,15})\s*$",
    re.I,
)
_VALUES_ROW = re.compile(
    r"^\s*(?P<k>(?:acc(?:ept(?:ance|ed)?)?\.?\s*)?(?:rates?|%|prob(?:ability|s)?)|"
    r"acc(?:ept(?:ance)?)?\.?)\s*(?:\(%\))?\s*[:=]?\s*(?P<v>(?:\d+(?:\.\d+)?|\.\d+)%?(?:\s+(?:\d+(?:\.\d+)?|\.\d+)%?){1,15})\s*$",
    re.I,
)


def _position_row(title: str, positions: str, values: str) -> str | None:
    """A title naming the rates per position ('4. Per-position acceptance rates (from the
    logs)'), a row of the positions and a row of as many values under a bare name of a rate,
    falling: the values row as the title's list ('per position acceptance rates: (0.58, 0.31,
    ...)'); None for any other three lines."""
    pm, vm = _POSITIONS_ROW.match(positions), _VALUES_ROW.match(values)
    if pm is None or vm is None:
        return None
    name = re.sub(r"^\s*(?:#+|\d{1,2}[.)]|[-*])\s*", "", C._MARKUP.sub("", title))
    name = re.sub(r"\s*\((?!%\))[^()]*\)", "", name).strip().rstrip(":").strip()
    k = key_of(name)
    pos = [int(x) for x in pm.group("p").split()]
    vals = vm.group("v").split()
    if (
        k.metric != C.PER_POSITION
        or len(vals) != len(pos)
        or pos != list(range(pos[0], pos[0] + len(pos)))
        or pos[0] > 1
    ):
        return None
    percent = k.percent or "%" in vm.group("k") or "%" in vm.group("v")
    rl = C.rate_list(", ".join(vals), percent)
    if rl is None or any(b > a for a, b in zip(rl, rl[1:], strict=False)):
        return None
    return f"{name}{' (%)' if percent and not k.percent else ''}: ({', '.join(vals)})"


def _position_lines(lines: list[Line]) -> list[Line]:
    """A line naming rates per position with no value of its own ('Per-position acceptance
    (%):'), then one line per position ('  Position 0:   81.20', '- 1: 0.60'), counted from 0
    or 1 without a gap: one line listing them after the key ('Per-position acceptance (%):
    (81.20, 60.10)'), read as any list after its key."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln, t = lines[i]
        if i + 2 < len(lines) and (row := _position_row(*(u for _, u in lines[i : i + 3]))):
            # (the title and the positions said in the row; their lines left blank, so that
            # no line runs on into the row)
            out.extend([(ln, ""), (lines[i + 1][0], ""), (lines[i + 2][0], row)])
            i += 3
            continue
        opener = _POSITION_OPENER.match(t)
        if opener is not None and key_of(opener.group("k")).metric in (C.PER_POSITION, C.RATE):
            subs = []
            for _, u in lines[i + 1 : i + 17]:
                sp = _POSITION_LINE.match(u)
                if sp is None:
                    break
                subs.append(sp)
            pos = [int(sp.group("p")) for sp in subs]
            if len(subs) >= 2 and pos == list(range(pos[0], pos[0] + len(pos))) and pos[0] < 2:
                vals = ", ".join(sp.group("v").strip() for sp in subs)
                out.append((ln, f"{opener.group('k').strip()}: ({vals})"))
                i += 1 + len(subs)
                continue
        out.append((ln, t))
        i += 1
    return out


# a figure's value stated for decoding without speculation ('(which is 1.0 for plain
# autoregressive decoding)', '1.0 without speculative decoding'): what the figure's definition
# gives when nothing is drafted, no measurement
_PLAIN_WORD = (
    r"(?:standard|plain|normal|vanilla|regular|autoregressive|non-speculative|ordinary|baseline|AR)"
)
_FOR_PLAIN = re.compile(
    r"[`*]{0,2}(?<![\w.])\d+(?:\.\d+)?[`*]{0,2}\s+(?:(?:for|in|with|under)\s+(?:the\s+)?"
    rf"(?:{_PLAIN_WORD}\s+){{1,3}}(?:decoding|decode|generation|inference|sampling)\b|"
    r"(?:without|w/o)\s+(?:any\s+)?(?:speculation|speculative\s+decoding|drafts?|drafting)\b)",
    re.I,
)


# a series of rates in brackets after the acceptance's name, joined by arrows ('Acceptance
# falls as k grows (71% → 52% → 38%)', 'accept-rate decayed (0.55 → 0.12 → 0.00)'): one rate
# per value, the runs of a sweep; percentages or fractions (all of one kind, none above 1), a
# word saying they were measured ('50%→3% measured') or another measure's value after a comma
# (', 8.8 tok/s') before the bracket closes
_PCT = r"[~≈]?\d+(?:\.\d+)?\s*%"
_FRAC = r"[~≈]?[01]?\.\d+"
_SERIES_VALUE = rf"(?:{_PCT}|{_FRAC})"
_ARROW_SERIES = re.compile(
    r"\b(?P<name>(?:draft\s+|token\s+)?accept(?:ance)?(?:[\s_-]+rates?)?)\b"
    r"(?P<mid>[^.;:()\d%\n]{0,40}?)\s*\(\s*"
    rf"(?P<list>{_SERIES_VALUE}(?:\s*(?:→|->|=>)\s*{_SERIES_VALUE}){{1,7}})"
    r"(?P<tail>\s+(?:measured|observed|seen)|\s*,[^(),\n]{1,30})?\s*\)",
    re.I,
)
# a tail naming a figure of acceptance ('(0.55 → 0.12, AL 1.4)'): the series is left as written
_TAIL_FIGURE = re.compile(r"accept|\bAL\b|τ|\btau\b|length|\blen\b|%", re.I)
_SERIES_OTHER = re.compile(
    r"speed|throughput|latency|tok/s|t/s|time|memory|accuracy|score|length|len\b|from\b", re.I
)


# two runs compared, the rate named after the first only ('greedy at 61.0% acceptance beat
# sampling at 58.2%'): the second value is the same figure, its own record
_COMPARED_AT = re.compile(
    r"(?P<a>\bat\s+[~≈]?\d+(?:\.\d+)?\s*%\s+(?P<noun>(?:draft\s+)?acceptance(?:\s+rate)?))"
    r"(?P<mid>\s+(?:beat|beats|outperformed|outperforms|vs\.?|versus|than|against|over|"
    r"compared\s+(?:to|with))\s+(?:[\w/-]{1,30}\s+){1,3}?at\s+)"
    r"(?P<b>[~≈]?\d+(?:\.\d+)?\s*%)(?![\w%]|\s+(?:of|accept|draft))",
    re.I,
)


_ARROWS = re.compile(r"→|->|=>")


def _arrow_series(t: str) -> str:
    """A line whose bracketed series of rates after the acceptance's name is written out as
    one 'acceptance rate N%' per value, each its own record."""
    if "(" not in t or ("%" not in t and "." not in t) or not _ARROWS.search(t):
        return t

    def spell(m: re.Match[str]) -> str:
        if _SERIES_OTHER.search(m.group("mid")) or _TAIL_FIGURE.search(m.group("tail") or ""):
            return m.group(0)
        values = re.findall(_SERIES_VALUE, m.group("list"))
        pct = ["%" in v for v in values]
        if any(pct) and not all(pct):
            return m.group(0)  # percentages beside fractions: no one series
        if not any(pct) and any(float(v.lstrip("~≈ ")) > 1 for v in values):
            return m.group(0)  # a value above 1 without '%': no rate
        return (
            m.group("name")
            + m.group("mid")
            + "; "
            + "; ".join(f"acceptance rate {v.strip()}" for v in values)
            + ";"
        )

    return _ARROW_SERIES.sub(spell, t)


# a figure of tokens a step named on a line, then its value before and after a change further on
# ('mean tokens per step rise with the tree width ... e.g. 2.10 (width 1) → 2.85 (width 4)'),
# or on the next line, which names no figure ('Example: `SetB` rises from 1.61 (plain) to 2.20
# (tree)'): each value that figure's, its configuration in brackets perhaps
_CONF = r"(?:\s*\([^()\n]{1,30}\))?"
# a chain's next leg ('... to 1.9 to 1.2', '..., then to 1.2')
_LEG = r"(?:\s*,\s*|\s+)(?:then\s+)?to\s+"
# a unit of another measure after a leg's value ('to 12.0 ms', 'to 1.4x'), or a range's other
# end ('to 1.10-1.20'): no leg of the figure
_LEG_UNIT = r"\s*(?:[x×%]|(?:ms|s|sec|tok\w*|t/s|tps|req\w*)\b|[-–~]\s*\d)"
_CHANGE_PAIR = re.compile(
    r"(?<![\w.])(?:\bfrom\s+(?P<fa>\d{1,2}\.\d{1,3})" + _CONF + r"\s+to\s+(?P<fb>\d{1,2}\.\d{1,3})"
    # (a chain's further legs, 'from 2.4 to 1.9 to 1.2': each one more value)
    r"(?P<fc>(?:" + _CONF + _LEG + r"\d{1,2}\.\d{1,3}(?![\d.]|" + _LEG_UNIT + r")){0,6})|"
    r"(?P<a>\d{1,2}\.\d{1,3})"
    + _CONF
    + r"\s*"
    + V.ARROW
    + r"\s*(?P<b>\d{1,2}\.\d{1,3}))"
    + _CONF
    # (nor a range's first end, '2.2-2.8': the change's new value is no figure; nor a chain's
    # leg that is no such value, 'to 41 tok/s': left to the other readers)
    + r"(?![\w%×]|\.\d|\s*[x×%](?!\w)|\s*[-–~]\s*\d|"
    + _LEG
    + r"[~≈]?\d|\s*(?:/|"
    + V.ARROW
    + r"))",
    re.I,
)
# a chain of whole numbers (a setting's values: 'k=2 → 3', 'd2 / d4'): the line pairs values with
# configurations by order, another reader's
_SETTING_CHAIN = re.compile(
    r"(?<![\w.])[A-Za-z]*=?\d{1,3}(?![\w.])\s*(?:/|" + V.ARROW + r")\s*[A-Za-z]*=?\d{1,3}(?![\w.])"
)
# a figure corrected ('should be corrected from 6.6 to 5.6'): the old value a mistake, no run
_CORRECTION = re.compile(r"\b(?:correct\w*|revis\w*|updat\w*|amend\w*|typo|errat\w*)\b", re.I)
_PER_STEP_METRICS = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def _step_name(t: str) -> tuple[str, int] | None:
    """The one per-step figure a line names (with up to two words before the name that make it
    another per-step figure: 'verified tokens per iteration'), and where the name ends."""
    mn = B.metric_named(t)
    if mn is None or mn[0] not in _PER_STEP_METRICS:
        return None
    bounded = r"(?<![\w-])" + re.escape(mn[1]) + r"(?![\w-])"
    hit = re.search(bounded, t) or re.search(bounded, t, re.I)
    if hit is None:
        return None
    at, name = hit.start(), mn[1]
    words = re.findall(r"(?<![\w-])[A-Za-z][\w-]*", t[max(0, at - 40) : at])
    for n in (2, 1):
        longer = " ".join([*words[-n:], name])
        # (only where they change what it counts: 'verified tokens per step' is no 'tokens per
        # step' counting the target's token)
        if len(words) >= n and C.key(longer).metric in set(_PER_STEP_METRICS) - {mn[0]}:
            name = longer
            break
    return name, at + len(mn[1])


def _change_pairs(lines: list[Line]) -> list[Line]:
    """Lines whose values before and after a change of a per-step figure named on the line, or
    on the line above (this one naming none, nor another measure), are written out as one
    '<name> <value>' clause each, each its own record."""
    out: list[Line] = []
    above: tuple[str, int] | None = None
    for ln, t in lines:
        named = _step_name(t) if any(c.isdigit() for c in t) or "token" in t.lower() else None
        src = named
        if src is None and above is not None and B.metric_named(t) is None:
            src = (above[0], 0)
        above = named
        if src is None or not (V.ARROW_RE.search(t) or " to " in t) or _SETTING_CHAIN.search(t):
            out.append((ln, t))
            continue
        name, start = src

        def spell(m: re.Match[str], name: str = name, start: int = start) -> str:
            chained = re.search(r"(?:/|" + V.ARROW + r")\s*$", m.string[: m.start()])
            between = m.string[start : m.start()]
            if (
                m.start() < start
                or chained
                or RCH.other_between(between)
                or _CORRECTION.search(between)
            ):
                return m.group(0)
            a, b = m.group("a") or m.group("fa"), m.group("b") or m.group("fb")
            legs = [a, b, *re.findall(r"\d{1,2}\.\d{1,3}", m.group("fc") or "")]
            if A.conditional(m.string, m.start()) or not all(1 <= float(v) <= 16 for v in legs):
                return m.group(0)
            return "; " + "; ".join(f"{name} {v}" for v in legs) + ";"

        out.append((ln, _CHANGE_PAIR.sub(spell, t)))
    return out


# a rate named by a bare 'accept' after it ('46.9 tok/s @ 74.1% accept', '@ 0.641 accept'): an
# abbreviation of 'acceptance', ending its clause (a verb's object after it, 'accept the
# terms', or a count before it, 'accept 5 requests', is no such name); a spaced slash then the
# run's next figure ('0.61 accept / ~120 tok/s') ends it too, read as a comma (no fraction of
# the two figures); 'accept / reject' names no figure after it: left as before. A range before
# it ('80-86% accept', '0.61–0.74 accept') is named whole, the range no one figure
_RATE_ACCEPT = re.compile(
    r"(?P<v>(?<![\w.])(?:(?:\d{1,3}(?:\.\d+)?\s*%?\s*[-–—~]\s*)?\d{1,3}(?:\.\d+)?\s*%|"
    r"(?:0?\.\d+\s*[-–—~]\s*)?0?\.\d+|1\.0+)[*`]{0,2})\s+accept"
    r"(?:(?=\s*(?:$|[,;|)\]]|\.(?:\s|$)|\*|\s+(?:on|at|with|for|in|vs\.?|and)\s))|"
    r"(?P<slash>\s+/)(?=\s+[~≈]?\d))",
    re.I | re.M,
)


# two arms of an A/B under one bare 'accept' after a statistic, each value's label after it
# ('mean accept 6.61 direct vs 5.56 shifted'): each arm a length of unknown convention
_ACCEPT_ARMS = re.compile(
    r"\b(?P<stat>mean|avg|average|median)[ _]accept(?:ed)?\s+"
    r"(?P<a>\d{1,2}\.\d+)\s+(?P<la>[A-Za-z][\w-]{0,30})\s+(?:vs\.?|versus)\s+"
    r"(?P<b>\d{1,2}\.\d+)\s+(?P<lb>[A-Za-z][\w-]{0,30})\b",
    re.I,
)
# a change under one bare 'accept' after a statistic, perhaps after a verb of change ('mean
# accept goes 2.41 -> 2.58', 'avg accept rose from 2.1 to 2.4'): both values tokens a step (1 to
# 16, decimals), the figure the accept length of unknown convention, as for two arms above
_ACCEPT_CHANGE = re.compile(
    r"\b(?P<stat>mean|avg|average|median)[ _]accept(?P<mid>\s+(?:(?:goes|went|moves|"
    r"moved|rises|rose|climbs|climbed|grows|grew|improves|improved|increases|increased|drops|"
    r"dropped|falls|fell|changes|changed|goes\s+up|went\s+up|goes\s+down|went\s+down)\s+)?"
    r"(?:from\s+)?)(?P<a>\d{1,2}\.\d+)(?=\s*(?:" + V.ARROW + r"|\bto\b)\s*(?P<b>\d{1,2}\.\d+)"
    # (no unit after the new value: a speed, '1.5 -> 1.9 t/s', is another measure)
    r"(?![\w%×]|\.\d|\s*(?:%|[x×](?!\w)|(?:t|toks?|tokens?)/s\b|ms\b|s\b)))",
    re.I,
)
# what a label after a count would be instead: its unit ('accept 5.2 requests vs 4.1 requests')
_ARM_UNIT = re.compile(
    r"^(?:tokens?|toks?|requests?|reqs?|rows?|steps?|drafts?|times?|calls?|items?|samples?|"
    r"prompts?|seqs?|sequences?|ms|s|sec|secs|seconds?|min|x|percent|pct|per|on|at|in|of|for|"
    r"with|and|or|to)$",
    re.I,
)


def _arms(m: re.Match[str]) -> str:
    a, b = float(m.group("a")), float(m.group("b"))
    if not (1 < a <= C.MAX_STEP_TOKENS and 1 < b <= C.MAX_STEP_TOKENS):
        return m.group(0)
    if _ARM_UNIT.match(m.group("la")) or _ARM_UNIT.match(m.group("lb")):
        return m.group(0)
    stat = m.group("stat")
    return (
        f"{stat} accept length {m.group('a')} ({m.group('la')}) vs "
        f"{stat} accept length {m.group('b')} ({m.group('lb')})"
    )


# a figure glossed by a small fraction after '=' ('80.2% = 4 out of 5 drafted tokens
# accepted', '0.75 = 3 in 4 drafts'): an illustration of the figure, no counts of a run
_GLOSS = re.compile(
    r"(?P<v>(?<![\w.])\d{1,3}(?:\.\d+)?\s*%|(?<![\w.])0?\.\d+)(?P<mk>[*`]{0,2})\s*=\s*"
    r"(?:~|≈|about\s+|roughly\s+)?(?P<n>\d{1,2})\s+(?:out\s+of|of|in)\s+(?P<m>\d{1,2})\b"
    r"[^.;:\n]*",
    re.I,
)


def _glossed(t: str) -> str:
    """A line without the glosses of its figures: '= N out of M ...' after a rate, M at most
    20 and N / M the nearest such fraction to the rate, blanked."""
    if "=" not in t:
        return t

    def blank(m: re.Match[str]) -> str:
        v = C.value(m.group("v"))
        n, d = int(m.group("n")), int(m.group("m"))
        if v is None or not 0 < d <= 20 or n > d:
            return m.group(0)
        rate = v.number / 100 if v.percent else v.number
        if abs(n / d - rate) > 0.5 / d:
            return m.group(0)
        cut = m.start("mk") - m.start()
        return m.group(0)[:cut] + m.group("mk") + " " * (len(m.group(0)) - cut - len(m.group("mk")))

    return _GLOSS.sub(blank, t)


# a value with a multiplier's 'x' glued to it right before an accept length's name, a
# statistic perhaps between ('Achieves 3.1x average accept length for ...'): the length itself,
# the 'x' its writer's mark of tokens; a comparison after the 'x' ('1.5x higher accept length',
# '2x the accept length') or after the name ('3.1x accept length improvement', '... over the
# baseline') is a ratio of two lengths, left as written
_TIMES_LENGTH = re.compile(
    r"(?<![\w.])(?P<v>\d{1,2}(?:\.\d{1,3})?)\s?[x×](?=\s+(?:(?:average|avg|mean)\s+)?"
    r"(?:accept(?:ance)?|acc)[\s_-]?(?:length|len)\b"
    r"(?!\s+(?:improvements?|gains?|increases?|boosts?|uplift|over|vs\.?|versus|than|compared|"
    r"relative|ratio|of|speed-?ups?)\b))",
    re.I,
)


def _times_length(t: str) -> str:
    """A line whose accept length is written with a multiplier's mark ('3.1x average accept
    length'): the mark dropped, the value read as the length (its convention unsaid)."""
    if "len" not in t.lower():
        return t
    return _TIMES_LENGTH.sub(
        lambda m: m.group("v") + " " * (len(m.group(0)) - len(m.group("v"))), t
    )


# 'draft accept' right before a percentage ('Avg draft accept 80.2%'): the drafts' acceptance
_DRAFT_ACCEPT = re.compile(r"\bdraft[ _-]accept\s+(?=[*`]{0,2}[~≈]?\d{1,3}(?:\.\d+)?\s*%)", re.I)


def _rate_accept(t: str) -> str:
    """A line whose figures named by a bare 'accept' are named as they are read: a rate after
    its value ('74.1% accept') named before it ('acceptance rate 74.1%'), 'draft accept' before
    a percentage the drafts' acceptance; two arms of an A/B
    after a statistic ('mean accept 6.61 direct vs 5.56 shifted') each an accept length (of
    unknown convention) before its value, its label in brackets after it."""
    if "accept" not in t.lower():
        return t
    # (the slash before the next figure a comma: no fraction of the two; a value after a
    # comparison, a goal or a range's first end, '<0.72 accept', stays as written: the name
    # moved before it would leave the comparison behind, no bound of the value any more)
    t = _RATE_ACCEPT.sub(
        lambda m: (
            m.group(0)
            if _closes_range_or_bound(m.string, m.start("v"))
            else "acceptance rate " + m.group("v") + ("," if m.group("slash") else "")
        ),
        t,
    )
    t = _DRAFT_ACCEPT.sub("draft acceptance ", t)
    return _ACCEPT_CHANGE.sub(_accept_change, _ACCEPT_ARMS.sub(_arms, t))


# an acceptance figure qualified by a pooling word after its value ('acceptance 0.4-0.9 (0.71
# aggregate ...)', 'acceptance of 68% overall'), and a later value of the same kind with the same
# word alone, closing its clause after 'at' / 'with' / 'of' ('the other arm ran 40.2 at 0.77
# aggregate.'): the same figure of another run, named as the first
_POOL_WORD = r"(?P<w>aggregate|pooled|overall)"
_SHARE_OR_PCT = r"(?P<v>(?<![\w.])(?:0?\.\d{1,4}|1\.0+)(?![\d%])|(?<![\w.])\d{1,3}(?:\.\d+)?\s*%)"
_POOLED_NAMED = re.compile(
    r"\bacceptance(?:\s+rate)?\b(?:[^.;:\n]|\.(?=\d)){0,40}?"
    + _SHARE_OR_PCT
    + r"\s+"
    + _POOL_WORD
    + r"\b",
    re.I,
)
_POOLED_BARE = re.compile(
    r"\b(?:at|with|of)\s+[*`]{0,2}"
    + _SHARE_OR_PCT
    + r"[*`]{0,2}\s+"
    + _POOL_WORD
    + r"(?=[*`]{0,2}\s*(?:[.;,)]|$))",
    re.I,
)


_CLAUSE_CUT = re.compile(r"[;,]|[.!?](?:\s|$)")
# another measure named in the bare value's clause: its pooled figure, not the acceptance
_OTHER_POOLED = re.compile(
    r"throughput|speed|latency|tok/s|t/s|\bms\b|memory|time|accuracy|loss|perplexity|score|"
    r"\bcost|power|\bbatch|hit\s+rate|utili[sz]ation|occupancy|win\s+rate|pass@|bandwidth",
    re.I,
)


def _pooled_carried(lines: list[Line]) -> list[Line]:
    """Lines where a value with a pooling word alone ('at 0.77 aggregate.') after an acceptance
    figure qualified by the same word ('acceptance ... (0.71 aggregate ...)') in the block is
    named as that figure ('at 0.77 aggregate acceptance.')."""
    if not any("acceptance" in t.lower() for _, t in lines):
        return lines
    out = list(lines)
    named: tuple[str, bool] | None = None  # (the pooling word, the value a percentage)
    for i, (ln, t) in enumerate(lines):
        low = t.lower()
        if not any(w in low for w in ("aggregate", "pooled", "overall")):
            continue
        first = _POOLED_NAMED.search(t) if "acceptance" in low else None
        start = 0
        if first is not None:
            named = (first.group("w").lower(), "%" in first.group("v"))
            start = first.end()
        if named is None:
            continue

        def name(m: re.Match[str], n: tuple[str, bool] = named, at: int = start, t: str = t) -> str:
            if m.group("w").lower() != n[0] or ("%" in m.group("v")) != n[1]:
                return m.group(0)
            clause = _CLAUSE_CUT.split(t[max(at, at + m.start() - 80) : at + m.start()])[-1]
            if _OTHER_POOLED.search(clause):
                return m.group(0)  # ('throughput rose 12% overall': another measure's)
            return m.group(0) + " acceptance"

        out[i] = (ln, t[:start] + _POOLED_BARE.sub(name, t[start:]))
    return out


_STAT_AT_END = re.compile(r"\b(?:mean|avg|average|median)\s*$", re.I)


def _accept_change_wrapped(lines: list[Line]) -> list[Line]:
    """Lines where a change under a bare 'accept' wrapped right after its statistic ('... and
    mean' / 'accept goes 2.41 -> 2.58') is named on the second line as one line names it."""
    out = list(lines)
    for i in range(1, len(lines)):
        ln, t = lines[i]
        if not t.lstrip().lower().startswith("accept"):
            continue
        stat = _STAT_AT_END.search(lines[i - 1][1])
        if stat is None:
            continue
        head = stat.group(0).strip() + " "
        new = _ACCEPT_CHANGE.sub(_accept_change, head + t.lstrip(), count=1)
        if new.startswith(head) and new != head + t.lstrip():
            out[i] = (ln, new[len(head) :])
    return out


def _accept_change(m: re.Match[str]) -> str:
    """'mean accept goes A -> B' named as the accept length it is, where both values are tokens
    a step (above 1, at most 16): the change's two records then read as a length's."""
    if not all(1 < float(m.group(g)) <= C.MAX_STEP_TOKENS for g in ("a", "b")):
        return m.group(0)
    return f"{m.group('stat')} accept length{m.group('mid')}{m.group('a')}"


def _compared_at(t: str) -> str:
    """A line whose second compared run's rate ('... beat sampling at 58.2%') is given the
    first's noun, so that each is read."""
    if "%" not in t or " at " not in t:
        return t
    return _COMPARED_AT.sub(
        lambda m: m.group("a") + m.group("mid") + m.group("b") + " " + m.group("noun"), t
    )


# a YAML list item naming its metric in one member and holding its value in another (a model
# card's 'model-index': '- name: Acceptance Length' / '  type: ...' / '  value: 3.88')
_YAML_NAME = re.compile(
    r"^(?P<ind>\s*)(?P<dash>-\s+)?(?:name|type|metric)\s*:\s*(?P<v>[^\n:#]{2,60}?)\s*$"
)
_YAML_VALUE = re.compile(r"^(?P<ind>\s*)value\s*:\s*(?P<v>[~≈]?\s*\d[\d.,]*\s*%?)\s*$")


def _yaml_items(lines: list[Line]) -> list[Line]:
    """Lines where a YAML item's 'value:' member whose sibling 'name:' or 'type:' names an
    acceptance figure is read as 'NAME: value'; the naming members are then left out."""
    if not any(t.lstrip().startswith("value") for _, t in lines):
        return lines
    out = list(lines)
    for i, (ln, t) in enumerate(lines):
        m = _YAML_VALUE.match(t)
        if m is None:
            continue
        ind = len(m.group("ind"))
        names: list[tuple[int, str]] = []
        for j in range(i - 1, max(-1, i - 4), -1):
            n = _YAML_NAME.match(lines[j][1])
            if n is None:
                break
            # the item's members share one indent (its first after '- ')
            at = len(n.group("ind")) + (len(n.group("dash")) if n.group("dash") else 0)
            if at != ind:
                break
            names.append((j, n.group("v").strip()))
            if n.group("dash"):
                break
        metrics = {C.key(C.norm(v)[0]).metric for _, v in names}
        if len(metrics) != 1 or next(iter(metrics)) not in C.ACCEPTANCE:
            continue
        for j, _ in names:
            out[j] = (lines[j][0], "")
        out[i] = (ln, f"{names[-1][1]}: {m.group('v').strip()}")
    return out


# a figure printed as 'nan' (vLLM's metrics line before anything was drafted: 'Draft acceptance
# rate: nan%, Accepted: 0 tokens'): the line is one run's, measured nothing, and its counts go
# with no other line's figures
_UNMEASURED = re.compile(
    r"\b(?:accept\w*|acc)\b[\w ./-]{0,40}?(?:rate|length|len|ratio)?\s*[:=]\s*[-+]?nan\b\s*%?", re.I
)


# a count of accepted drafts shared by the runs compared, 'the same' between the verb and the
# count ('accepted the same 41 of 60 drafts'): the count, as 'accepted 41 of 60'
_SAME_COUNT = re.compile(
    r"\b(accept(?:s|ed)?)\s+(?:exactly\s+)?the\s+same\s+(?=\d[\d,]*\s+(?:out\s+)?of\s+\d)", re.I
)


def keyvalue(
    lines: list[Line], ctx: Ctx, structure: str, named: C.Key | None = None
) -> list[PasteRecord]:
    """Records of a run of key-value lines or prose: one record per run, a new one when a
    metric comes a second time (the next configuration). ``named``: the accept length the
    paragraph just before named, which this one may state again without its name. A value
    stated for decoding without speculation ('which is 1.0 for plain decoding') defines the
    figure, and is not read."""

    def rewritten(t: str, after: str) -> str:
        t = ELP.rewrite(t)  # ('60% accept / 40 t/s and 46% / 33 t/s': elided_pair.py)
        t = PCG.rewrite(t)  # ('from an AL of 3.81 and 93.6% acceptance to 2.43 and 47.7%')
        t = EL.rewrite(
            VR.rewrite(CF.rewrite(PPAIR.rewrite(EQP.rewrite(ML.rewrite(WAS.rewrite(t))))))
        )
        t = SS.rewrite(SC.rewrite(SCC.rewrite(AS.rewrite(TWO.rewrite(BLN.rewrite(t))))))
        t = SUBC.rewrite(t)  # ('74-80% acceptance on code, 55% on chat': subset_carry.py)
        t = ARC.rewrite(t)  # ('code 92.8 tok/s at 94% acceptance, chat 83.2 at 71%': at_rate_carry)
        t = CLN.rewrite(t)  # ('1B→3B: 86.5%, 1B→8B: 73.4% acceptance': closing_name.py)
        t = ERN.rewrite(t)  # ('0.01% acceptance ... the previous run (0.009%)': earlier_run.py)
        t = BCD.rewrite(t)  # ('acceptance 0.6 on long prompts (0.8 shallow)': bracket_condition)
        if "same" in t:
            # ('both accepted the same 309 of 358 drafted tokens': the count shared by the runs
            # compared, as 'accepted 309 of 358')
            t = _SAME_COUNT.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), t)
        # (the next line of a wrapped sentence may open on the threshold's noun)
        t = TH.blank_wrapped(_FOR_PLAIN.sub(lambda m: " " * len(m.group(0)), t), after)
        return _compared_at(_rate_accept(_glossed(_arrow_series(_times_length(t)))))

    pre = IS.carried(_pooled_carried(_accept_change_wrapped(SS.joined(_yaml_items(lines)))))
    # ('Accept length held steady: A 2.81 / 2.77; B 3.41 / 3.37': a line a value, kept_lists.py)
    pre = KL.expanded(pre)
    # ('... from a mean acceptance length of 3.81 and 93.6% draft' / 'acceptance early on to
    # 2.43 and 47.7% ...': one line, pair_changed.py)
    pre = PCG.joined(pre)
    pre = ARC.joined(pre)  # ('... prose 28.3 at' / '24%.': one line, at_rate_carry.py)
    pre = PSUM.joined(pre)  # ('... length 3.2 and per-position' / '0.9 / 0.7 / 0.6': position_sum)
    pre = BRI.rewrite(pre)  # ('Accept rate (A / B): chat 0.71 / 0.69, ...': bracket_runs_items)
    pre = WL.moved(pre)  # ('... 2.91 / 2.64 for' / 'k3/k5; ...': wrapped_labels.py)
    lines = _change_pairs(
        [
            (
                ln,
                rewritten(t, pre[i + 1][1] if i + 1 < len(pre) and pre[i + 1][0] == ln + 1 else ""),
            )
            for i, (ln, t) in enumerate(pre)
        ]
    )
    out: list[PasteRecord] = []
    fig = E.Figures()
    labels: list[tuple[str, str]] = []
    first = last = 0
    length_key: C.Key | None = named  # the accept length the block named last

    pos_counts: list[int] = []  # accepted drafts counted per position, over the drafts
    # the run a line of its counts alone was read into, while its record is the last written
    # (the next line may restate its length: _length_alone)
    closed: tuple[E.Figures, list[tuple[str, str]], int, int] | None = None

    k_clash = False  # the run stated two k's before its figure
    led = False  # a line was led by its setting ('gamma 4: ...')

    def flush() -> None:
        nonlocal fig, labels, first, pos_counts, k_clash
        if k_clash:
            fig.k = None
            k_clash = False
        if pos_counts and not fig.positions and fig.steps is not None and fig.steps.number > 0:
            n = fig.steps.number
            if all(c <= n for c in pos_counts) and (
                fig.accepted is None or fig.accepted.number == sum(pos_counts)
            ):
                # 'num_accepted_tokens_per_pos: [812, 601, 355]' over 'num_drafts: 1000': the
                # rate at each position is its count over the drafts
                fig.positions.update(enumerate(c / n for c in pos_counts))
                fig.notes.append("per-position rates: accepted at each position / drafts")
        pos_counts = []
        _output_of_generated(fig)
        if fig.has_acceptance():
            # a figure said measured on its own engine beside another engine's ('~3 on
            # llama.cpp vs ~5.5 on vLLM'): that engine's, whatever the block names
            values = [v for _, v in fig.fields]
            own = T.figure_engine(said_at.get(first, ""), values)
            rule = E.FIGURE_ENGINE_RULE if own else ctx[1]
            if (
                own is None
                and (subj := T.subject_engine(said_at.get(first, ""), values))
                and ctx[0] not in (subj, "unknown")
            ):
                # 'SGLang gets 2.95.' beside the block's own run: the clause's subject names
                # the figure's run, another tool than the block's (a block of no tool leaves
                # it unknown, as before); it labels the figure and decides no convention
                own, rule = subj, E.SUBJECT_RUN_RULE
            elif (
                not own
                and rule in E.CONVENTION_RULES
                and first == last
                and T.own_measure(said_at.get(first, ""), values)
            ):
                # ('the bench's own capture agrees: accept_len_mean=3.6'): a printer of its
                # own, in that sentence; the tool named over the block decides nothing there
                rule = T.OWN_MEASURE_RULE
            rec = E.record(
                fig,
                kind=ctx[2],
                tool=own or ctx[0],
                tool_rule=rule,
                structure=structure,
                lines=(first, last),
                labels=tuple(labels),
            )
            if rec is not None:
                out.append(rec)
        fig, labels, first = E.Figures(), [], 0

    said: list[str] = []  # the block's lines so far
    unmeasured = False  # the line before printed a figure as 'nan': a run of its own
    said_at: dict[int, str] = {}  # each line's text, by its number
    wrapped = join_wrapped(_position_lines(_bracket_stats(lines)))
    if any("?" in t for _, t in wrapped):
        # a question quoted across two lines: no figure (quoted_question.py)
        wrapped = QQ.blank_across(wrapped)
    # an amount changed wrapped after its verb ('adds' / '0.84 accepted tokens'): increments.py
    wrapped = INC.blank_across(wrapped)
    next_of = {ln: wrapped[i + 1][1] for i, (ln, _) in enumerate(wrapped[:-1])}
    for ln, t in wrapped:
        said.append(t)
        said_at[ln] = t
        # a new item of a list after a run's figures: settings it names without a figure of
        # its own are another item's ('--batch 1 ... at K=2/4/8'), never the run's labels
        item_after = fig.has_acceptance() and last < ln and B.BULLET.match(t) is not None
        fig_before, n_labels = fig, len(labels)
        nan_here = _UNMEASURED.search(t) is not None
        if unmeasured or (nan_here and fig.has_acceptance()):
            flush()
        unmeasured = nan_here
        if KRG.hinted(t) and (kr := KRG.read(t)) is not None:
            # 'Mean acceptance length: ~2.6-2.8': a range on a key-value line alone, no figure
            # of its own: no record, its line read by no other reading (keyed_range.py)
            rk = C.key(kr[0])
            if (
                rk.metric in C.ACCEPTANCE
                and not _planned_column(kr[0])
                and _figure_span(rk.metric, kr[1]) is not None
            ):
                continue
        pc = _POSITION_COUNTS.match(t) if "accept" in t.lower() else None
        if pc is not None and _POSITION_COUNT_KEY.search(C.norm(pc.group("key"))[0]):
            counts = [int(x) for x in re.split(r"[,\s]+", pc.group("list").strip()) if x]
            if len(counts) >= 2 and all(b <= a for a, b in zip(counts, counts[1:], strict=False)):
                pos_counts = counts
                fig.fields.append((pc.group("key").strip(), pc.group("list")))
                first = first or ln
                last = ln
                continue
        ratio = _RATIO_EQ.search(t) if "=" in t and "/" in t else None
        if ratio is not None and (shares := _counted_share(ratio)) is not None:
            # read where the lines just above name the acceptance rate and nothing else
            above = B.metric_named("\n".join(said[-4:]))
            if above is not None and above[0] == C.RATE:
                flush()
                rate, acc, drf = shares
                fig.put(C.RATE, rate, C.key("accept rate"), ratio.group("val"), "accept rate")
                fig.put(C.ACCEPTED, acc, C.key("accepted"), ratio.group("a"), "accepted")
                fig.put(C.DRAFTED, drf, C.key("drafted"), ratio.group("b"), "drafted")
                lead = _LEAD.match(t)
                if lead is not None:
                    labels.append(("item", lead.group("lead").strip()))
                first = last = ln
                flush()
                continue
        if re.search(r"\bhistogram\b", t, re.I):
            m = re.search(r"[\[(]([\d,\s]+)[\])]", t)
            if m:
                fig.histogram = tuple(int(x) for x in re.split(r"[,\s]+", m.group(1).strip()) if x)
        # (the line's distribution joins its run once the line's counts have closed the run
        # before: below)
        dist = _distribution(t) if "{" in t else None
        counted = (
            _count_items(t) if ("=" in t or "reject" in (tl := t.lower()) or "fail" in tl) else None
        )
        items = counted if counted is not None else list(pairs(t))
        if (sl := _setting_lead(t)) is not None:
            led = True
            if fig.has_acceptance():
                # a line led by its own setting opens its run: the figures before it are
                # another's ('γ=1 (batched): 20.6%' on the line above)
                flush()
            if not any(k.metric in (C.LABEL, C.K) and k.text == sl[0].text for k, *_ in items):
                items.insert(0, sl)  # 'n-max 3: 52.9 tok/s, 71.8% acceptance': its setting
        # one run restated in another shape (_length_shape): its length alone, then a line of
        # its counts yielding that length; or its counts' own line, then its length alone
        reopen, closed = closed, None
        joined = _length_shape(fig, labels) and _yields(fig.length or fig.tok_per_step, items)
        reopened = False
        if (
            not joined
            and reopen is not None
            and reopen[3] == len(out)
            and not fig.fields
            and not labels
            and (lv := _length_alone(items)) is not None
            and _yields(lv, _count_items_of(reopen[0]))
        ):
            out.pop()  # the counts' record, reopened: this line's length is the same run's
            fig, labels, first = reopen[0], reopen[1], reopen[2]
            joined = reopened = True
        if counted is not None and fig.has_acceptance() and not joined:
            flush()  # each such line is one record
        # 'statistics draft: #gen drafts = ..., #acc tokens = ...': a record alone; so is a row
        # of a table read as prose (its verdict cell '24 drafts, 23 accepted (96 %)')
        row = t.lstrip().startswith(("|", "│", "┃"))
        own = row or _own_record(t, items) or reopened
        if row:
            flush()
            fig, labels = E.Figures(), []
        elif own and (fig.has_acceptance() or fig.accepted is not None) and not joined:
            flush()
        # (the first list of the line under a per-position key: a list under another key before
        # it, 'blocked = 2/50, pos_accept=[...]', is passed over)
        pp = next(
            (
                m
                for m in (_POSITION_LIST.finditer(t) if _POSITION_LIST_HINT.search(t) else ())
                if key_of(m.group("key")).metric == C.PER_POSITION
            ),
            None,
        )
        cut = None
        if pp is not None and ((pk := key_of(pp.group("key"))).metric == C.PER_POSITION):
            listed = pp.group("list")
            # a bracketed list whose tail is elided ('[80%, 70%, ...]'): the printed positions,
            # the list going on (no sum of them is used: evidence.decide)
            cut = _ELIDED_TAIL.search(listed)
            if cut is not None:
                listed = listed[: cut.start()]
            rl = C.rate_list(_LIST_AND.sub(", ", listed), pk.percent) or C.position_dict(
                listed, pk.percent
            )
            if rl is None and (cut := _LIST_AND.search(listed)) is not None:
                # (a value after 'and' that is no rate, '0.8, 0.6 and 12 tok/s': the list
                # before it)
                listed = listed[: cut.start()]
                rl = C.rate_list(listed, pk.percent)
            if rl is not None and fig.positions and fig.has_acceptance():
                flush()  # a second list of rates: the next run's, with its own figures
            if rl is not None and not fig.positions:
                fig.positions.update(enumerate(rl))
                fig.positions_cut = cut is not None
                fig.fields.append((pp.group("key").strip(), pp.group("list")))
                first = first or ln
                last = ln
                # the list's values are its positions', not a rate of their own ('0.81 / 0.62')
                items = [it for it in items if it[3].strip("*`_ ") not in listed]
        lp = labelled_positions(t)
        if lp is not None and fig.positions and fig.has_acceptance():
            flush()  # (as above)
        if lp is not None and not fig.positions:
            fig.positions.update(enumerate(lp[1]))
            fig.fields.append((lp[0].group("key").strip(), lp[0].group("list")))
            first = first or ln
            last = ln
            items = [it for it in items if it[3].strip("*`_ ") not in lp[0].group("list")]
        if (pr := prose_positions(t)) is not None and not fig.positions:
            fig.positions.update(enumerate(pr[1]))
            fig.fields.append(
                (pr[0].group(0).split(pr[0].group("list"))[0].strip(), pr[0].group("list"))
            )
            first = first or ln
            last = ln
            items = [it for it in items if it[3].strip("*`_ ") not in pr[0].group("list")]
        if (bp := bracket_positions(t)) is not None and not fig.positions:
            bm, brl, blen = bp
            fig.positions.update(enumerate(brl))
            fig.fields.append((bm.group("key").strip(), bm.group("list")))
            first = first or ln
            last = ln
            items = [it for it in items if it[3].strip("*`_ ") not in bm.group("list")]
            if blen is not None and not any(k.metric == C.LENGTH for k, *_ in items):
                # the bracket's length beside the rates: the run's accept length
                items.append(
                    (
                        C.Key(C.LENGTH, "mean length", False),
                        blen,
                        bm.group("lenkey"),
                        bm.group("len"),
                    )
                )
        if (fp := FPOS.after_figure(t)) is not None and not fig.positions:
            # 'mean accept length ~3.1 (per-position ~0.85 / 0.61 / 0.40)': the figure's run
            # broken down by position (figure_positions.py)
            fm, frl = fp
            fig.positions.update(enumerate(frl))
            fig.fields.append((fm.group("label").strip(), fm.group("list")))
            first = first or ln
            last = ln
            items = [it for it in items if it[3].strip("*`_~≈ ") not in fm.group("list")]
            if _RANGE_ENDING.search(t[: fm.start()]):
                # a range before the bracket is no length ('~2.7-3.1 (per-position ...)'): its
                # end read as a value is dropped
                items = [it for it in items if it[0].metric != C.LENGTH]
        if length_key is not None or any(k.metric == C.LENGTH for k, *_ in items):
            items = _with_continuations(t, items, length_key)
        if "%" in t and _ALSO_RATE.search(t):
            items = _rates_also(t, items)
        if items and REACHED.gate(t):
            items = REACHED.lengths_reached(t, items)
        if "bonus" in t.lower():
            items = [_bonus_after(t, it) for it in items]
        if "step" in t.lower():
            items = STEPC.counted(items)  # 'steps=9 drafted=36 accepted=20': verify steps
        if "step" in t.lower() or "round" in t.lower():
            # '142 draft steps, 994 proposed, 371 accepted; length 3.6127': the same, before nouns
            items = STEPC.noun_counts(t, items, next_of.get(ln, ""))
        for k, v, kt, vt in items:
            k = _as_step_count(k, v)
            k = _run_accept_per_step(fig, k, v)
            if k.metric == C.LENGTH:
                length_key = k
            if k.metric == C.ACCEPTED and v.max is not None:
                # 'Accepted 412 / 600': accepted of drafted tokens, unless another noun follows
                # ('38 / 40 testers'); a word opening the next pair's key ('0/8 misses=8',
                # 'rounds: 9') is no noun of the count
                after = re.search(re.escape(vt) + r"\s*([A-Za-z]+)(?![\w-]*\s*[=:])", t)
                if after is not None and after.group(1).lower() not in _COUNT_NOUNS:
                    continue
                drafted = C.Value(v.max, False, 0)
                if fig.accepted is not None and fig.drafted is not None and fig.has_acceptance():
                    # a second 'A/B' after a run's counts ('27/54 (50%), 41/67 (61.2%)'): the
                    # next run's, its drafted count with it, never the last run's
                    flush()
                if fig.drafted is None and v.max == int(v.max):
                    fig.put(C.DRAFTED, drafted, C.key("drafted"), f"{v.max:g}", kt)
                v = C.Value(v.number, False, v.decimals)
            if k.metric == C.FAILED:
                fig.failed = k.text  # (the rule, shown; its figures are the items after it)
                fig.fields.append((kt, vt))
                continue
            if k.metric == C.LABEL and k.text in _NAME_LABELS and _MEASURE.fullmatch(vt.strip()):
                continue  # 'target=8805.8' (ms), 'draft 23%' (of the time): a measure, no name
            if k.metric == C.LABEL:
                if any(lk == k.text for lk, _ in labels) and fig.has_acceptance():
                    flush()
                labels.append((k.text, vt))
                continue
            if k.metric in (C.HISTOGRAM, C.PER_POSITION):
                continue
            if k.metric == C.K and v.number == int(v.number):
                if any(lk == k.text for lk, _ in labels) and fig.has_acceptance():
                    flush()  # another k after a figure: the next configuration's
                if fig.k is not None and fig.k.number != v.number:
                    k_clash = True  # two k's before one figure: whose it is is unsaid
                labels.append((k.text, vt))  # the configuration, shown; and the k it states
            if _other_length(fig, k.metric, v, t, vt, said[-2] if len(said) > 1 else ""):
                flush()  # ('tokens per step is 2.4 ... raises accept length to 3.35'): two runs
            elif fig.spans and any(C.key(n).metric == k.metric for n, _ in fig.spans):
                flush()  # a figure its run printed as a range, now one value: the next run's
            if not fig.put(k.metric or "", v, k, vt, kt):
                if k.metric in C.ACCEPTANCE and AT.told_again(
                    fig.fields,
                    {lb: key_of(C._MARKUP.sub("", lb)).metric for lb, _ in fig.fields},
                    k.metric,
                    vt,
                    t,
                ):
                    # '(tok/step=2.9, ...) and 2.9 tok/step': a figure named in a bracket
                    # still open, told again digit for digit: one run (aside_told.py)
                    fig.fields.append((kt, vt))
                    last = ln
                    continue
                if _counted_other(fig, k.metric, v, kt):
                    # 'emitted tokens per step: 2.697' after 'mean acceptance length including
                    # target: 2.724' that the run's counts prove (1 + 974 / 565): the same run's
                    # other measure, no run of its own (the proven one stays its figure)
                    fig.fields.append((kt, vt))
                    fig.notes.append(f"{kt} {vt.strip('`* ')}: the run's other per-step figure")
                    last = ln
                    continue
                if _source_restated(fig, v, kt):
                    # 'Acceptance length (benchmark): 3.09' under '... (server): 3.09': the
                    # run's figure again, as another part of the tooling counted it
                    fig.fields.append((kt, vt))
                    last = ln
                    continue
                if (
                    k.metric in C.ACCEPTANCE or k.metric in (C.ACCEPTED, C.DRAFTED)
                ) and fig.has_acceptance():
                    # (a second accepted count after a run's counts: the next run's)
                    flush()
                    fig.put(k.metric or "", v, k, vt, kt)
                elif (
                    k.metric == C.STEPS
                    and fig.has_acceptance()
                    and 0 < last < ln
                    and fig.steps_name == k.text
                ):
                    # a second step count under the same key on a later line than all the
                    # run's figures, after its acceptance ('cycles=68 accept=58/68' printed
                    # again for the next request's line): the next run's, its counts to
                    # follow; one line naming its step count twice stays one run
                    flush()
                    fig.put(k.metric, v, k, vt, kt)
                else:
                    continue
            if not first:
                first = ln
            last = ln
        if item_after and fig is fig_before and last < ln:
            del labels[n_labels:]
        if dist is not None:
            fig.histogram = dist
        if own:
            if not joined and _counts_shape(items) and not labels and fig.length is None:
                closed = (copy.deepcopy(fig), list(labels), first, len(out) + 1)
            flush()
    flush()
    # items led by their k ('γ=2: accept=12.6%', '- gamma 4: ...') are a sweep's rows as a
    # table's k column makes them: a k past a fixed chain's is a maximum, and a rate rising
    # with k is no per-draft rate (no 1 + k x rate either way)
    return _k_maxima(out) if led else _listed_k_maxima(out)


def _other_length(
    fig: E.Figures, metric: str | None, v: C.Value, t: str, vt: str, prev: str
) -> bool:
    """Whether a length (or tokens a step) the run holds no value of yet is another run's: the
    run holds the other of the two (tokens a step, or a length) at another value, neither equal
    at the coarser printed decimals nor the tokens a step one more than the length (the
    target's own token: an identity of one run, 'accepted 1.4 a step, 2.4 tokens/step'), and
    the two values stand in different sentences of the line ``t`` (one sentence printing both
    keeps them one record, as before; ``prev``: the line before)."""
    other = (
        fig.tok_per_step if metric == C.LENGTH else fig.length if metric == C.TOK_PER_STEP else None
    )
    if other is None or (fig.length if metric == C.LENGTH else fig.tok_per_step) is not None:
        return False
    if v.percent or other.percent:
        return False
    half = C.half_unit(min(v.decimals, other.decimals)) + 1e-9
    per_step, length = (other, v) if metric == C.LENGTH else (v, other)
    gap = per_step.number - length.number
    if abs(gap) <= half or abs(gap - 1) <= half:
        return False
    shown = next(
        (
            x
            for _, x in fig.fields
            if (ov := C.value(C._MARKUP.sub("", x).strip().lstrip("~≈ "))) is not None
            and ov.number == other.number
        ),
        None,
    )
    at, ot = t.find(vt), t.find(shown) if shown else -1
    if at < 0 or not shown:
        return False
    if ot < 0:
        # (the other value on the line before: a sentence's end after it there, or before
        # this value here)
        po = prev.rfind(shown)
        return po >= 0 and (
            _SENTENCE_BREAK.search(prev, po) is not None
            or _SENTENCE_BREAK.search(t, 0, at) is not None
        )
    return _SENTENCE_BREAK.search(t, min(at, ot), max(at, ot)) is not None


_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)")


# a figure's name, then in brackets the part of the tooling that counted it ('Acceptance length
# (server)' / 'Acceptance length (benchmark)', a bench section printing the server's figure and
# its own): one run's figure told twice, never the next configuration (a qualifier that names a
# configuration, '(k=3)', '(greedy)', is no source)
_SOURCE_QUALIFIED = re.compile(
    r"^(?P<base>.+?)\s*[(\[]\s*(?:server|benchmark|bench|client|engine|scheduler|metrics|"
    r"prometheus|logs?|api|endpoint|reported|computed|recomputed|measured|derived)\s*[)\]]"
    r"\s*:?\s*$",
    re.I,
)


def _counted_other(fig: E.Figures, metric: str | None, v: C.Value, kt: str) -> bool:
    """Whether a second per-step figure (a length, tokens a step) under another name than the
    run's own is that run's other measure: the run holds its accepted count and its verify
    steps, whose 1 + accepted / steps (or accepted / steps) is the figure it holds at its printed
    decimals and not the second value (a run of one set of counts measured both, the counts
    proving which is the length)."""
    if metric not in (C.LENGTH, C.TOK_PER_STEP) or v.percent:
        return False
    held = fig.tok_per_step if metric == C.TOK_PER_STEP else fig.length
    acc, steps = fig.accepted, fig.steps
    if held is None or acc is None or steps is None or steps.number <= 0 or held.percent:
        return False
    name = C.norm(C._MARKUP.sub("", kt))[0]
    if any(C.norm(C._MARKUP.sub("", lb))[0] == name for lb, _ in fig.fields):
        return False  # (the same name again: the next run's)
    q = acc.number / steps.number
    half = C.half_unit(held.decimals) + 1e-9
    proved = abs(held.number - (1 + q)) <= half or abs(held.number - q) <= half
    vh = C.half_unit(v.decimals) + 1e-9
    return proved and not (abs(v.number - (1 + q)) <= vh or abs(v.number - q) <= vh)


def _source_restated(fig: E.Figures, v: C.Value, kt: str) -> bool:
    """Whether a second value of a figure the run holds, under ``kt``, is that figure told
    again by another source: ``kt`` names the same figure as a key read before, with a source
    in brackets ('(benchmark)'; the other plain or with another source), and the two values
    agree at the coarser printed decimals. Two values that differ stay two records."""
    m = _SOURCE_QUALIFIED.match(C._MARKUP.sub("", kt).strip())
    if m is None:
        return False
    base = C.norm(m.group("base"))[0]
    for label, text in fig.fields:
        lm = _SOURCE_QUALIFIED.match(C._MARKUP.sub("", label).strip())
        if label == kt or C.norm(lm.group("base") if lm else label)[0] != base:
            continue
        old = C.value(text)
        if old is not None and old.percent == v.percent:
            return abs(old.number - v.number) <= C.half_unit(min(old.decimals, v.decimals))
    return False


# one run restated on the next line in another shape: a line of its length alone (no counts, no
# label), and a line of its counts (accepted and verify steps, no length, rate or label of its
# own) that yields that length, 1 + accepted / steps (or accepted / steps) at the length's
# printed decimals, in either order, are one record; two lines of one shape never are (two runs
# may print the same counts, or the same length)
_SHAPE_OTHER = frozenset(
    (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO, C.LABEL, C.K, C.POSITION, C.FAILED)
)


def _length_shape(fig: E.Figures, labels: list[tuple[str, str]]) -> bool:
    """Whether the run read so far is a length alone (no counts, rate, positions or label)."""
    return (
        (fig.length is None) != (fig.tok_per_step is None)
        and not labels
        and all(
            getattr(fig, a) is None
            for a in ("acc_per_step", "rate", "ratio", "accepted", "drafted", "steps", "output")
        )
        and not fig.positions
        and not any(fig.histogram)
    )


def _counts_shape(items: list[tuple[C.Key, C.Value, str, str]]) -> bool:
    """Whether a line's items are a run's counts alone: accepted and verify steps, perhaps
    their quotient per step, no length, rate or label of its own."""
    metrics = {_as_step_count(k, v).metric for k, v, _, _ in items}
    return {C.ACCEPTED, C.STEPS} <= metrics and not metrics & _SHAPE_OTHER


def _count_items_of(fig: E.Figures) -> list[tuple[C.Key, C.Value, str, str]]:
    """A closed run's counts as a line's items (for _yields)."""
    return [
        (C.key(name), v, name, "")
        for name, v in (("accepted", fig.accepted), ("verify steps", fig.steps))
        if v is not None
    ]


def _length_alone(items: list[tuple[C.Key, C.Value, str, str]]) -> C.Value | None:
    """The one length (or tokens per step) that is all a line states, else None."""
    if len(items) != 1 or items[0][0].metric not in (C.LENGTH, C.TOK_PER_STEP):
        return None
    return items[0][1]


def _yields(length: C.Value | None, items: list[tuple[C.Key, C.Value, str, str]]) -> bool:
    """Whether a line of counts alone yields ``length``: 1 + accepted / steps, or accepted /
    steps, at the length's printed decimals."""
    if length is None or length.percent or not _counts_shape(items):
        return False
    acc = next((v for k, v, _, _ in items if k.metric == C.ACCEPTED), None)
    steps = next((v for k, v, _, _ in items if _as_step_count(k, v).metric == C.STEPS), None)
    if acc is None or steps is None or not steps.number:
        return False
    q, tol = acc.number / steps.number, C.half_unit(length.decimals) + 1e-9
    return abs(length.number - 1 - q) <= tol or abs(length.number - q) <= tol


# a list of per-position rates after its key ('acceptance rate per position = (0.44, 0.25)')
# a key, then several decimals separated by spaces only ('Accept ratio: 0.93 0.81 0.64',
# 'accept ratio 0.93 0.81 0.64 with MTP3')
_SPACED_LIST = re.compile(
    r"(?P<key>[A-Za-z][\w ./-]{2,60}?)(?:\s*[:=]\s*|\s+)"
    r"(?P<list>\d*\.\d+(?:[ \t]+\d*\.\d+){1,15})(?![\w.%])"
)
_TWO_DECIMALS = re.compile(r"\d\.\d+[ \t]+\d*\.\d")
# a fraction with the counts it divides in brackets ('0.77778 (  140 accepted /   180
# generated)', llama.cpp's draft acceptance rate): the counts, where they give the fraction
# 'A accepted / B proposed (P%)': accepted of drafted tokens, the share where A / B gives it
_ACCEPTED_OVER = re.compile(
    r"(?<![\w.])(?P<a>\d[\d,]*)\s+accepted\s*/\s*(?P<b>\d[\d,]*)\s+"
    r"(?:proposed|drafted|generated|draft(?:ed)?(?:\s+tokens)?)"
    r"(?:\s*\(\s*(?P<p>\d+(?:\.\d+)?\s*%)\s*\))?",
    re.I,
)
# 'A/B [draft tokens] accepted' ('`438/438` draft tokens accepted', '`141/2211` accepted'):
# accepted of drafted tokens
_SLASH_ACCEPTED = re.compile(
    r"(?<![\w./])[`*]{0,2}(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)[`*]{0,2}\s+"
    r"(?:(?:draft(?:ed)?\s+|proposed\s+|speculative\s+)?tokens?\s+)?(?:were\s+)?accepted\b",
    re.I,
)
_FRACTION_COUNTS = re.compile(
    r"(?<![\w.])(?P<p>0?\.\d+|1\.0+)\s*\(\s*(?P<a>\d[\d,]*)\s+accepted\s*/\s*(?P<b>\d[\d,]*)\s+"
    r"(?:generated|drafted|proposed|draft(?:ed)?(?:\s+tokens)?|tokens\s+drafted)\s*\)",
    re.I,
)
_RATE_COUNTS_BRACKET = re.compile(
    r"(?<![\w.])(?P<p>[~≈]?\s*(?:\d+(?:\.\d+)?|\.\d+)\s*%?)[*`]{0,2}\s*(?P<br>\([^()\n]{3,120}\))"
)
_SHARE_BRACKET = re.compile(
    r"(?P<p>[~≈]?\s*\d+(?:\.\d+)?\s*%)[*`]{0,2}\s*(?P<br>[(\[][^()\[\]\n]{3,80}[)\]])"
)
_POSITION_LIST = re.compile(
    r"(?P<key>[A-Za-z][\w ./()%-]{2,60}?)(?:\s*[:=]\s*|\s+(?:(?:is|are|was|were)\s+)?)"
    r"(?P<list>[\[(][\d.,;%\s]*\d[\d.,;%\s]*[\])]|\{[\d\s:.,%'\"]+\}|"
    r"(?:\d+(?:\.\d+)?|\.\d+)\s*%?(?:[ \t]*[,;/][ \t]*(?:\d+(?:\.\d+)?|\.\d+)\s*%?){1,15}"
    # (the last value after 'and', a comma before it or not: '0.81, 0.62, and 0.44')
    r"(?:(?:[ \t]*,[ \t]*|[ \t]+)and[ \t]+(?:\d+(?:\.\d+)?|\.\d+)\s*%?)?"
    r"(?!\w|\.\d|[ \t]*[,;/][ \t]*\d))"
)
# the elided tail of a bracketed list of rates ('[0.8, 0.7, ...]', '(81%, 62%, ...)'): more
# positions follow, not printed
_ELIDED_TAIL = re.compile(r"\s*,\s*\.{3}\s*[\])]$")
# the 'and' before a list's last value (``_POSITION_LIST``), read as its other separators
_LIST_AND = re.compile(r"(?:[ \t]*,[ \t]*|[ \t]+)and[ \t]+")
# what every list of _POSITION_LIST holds: a bracket of numbers, a brace of them, or a number, ','
# ';' or '/', and a number. A line without it is not searched: the whole pattern's lazy key is
# tried at every letter (a server log's 3 KB line of its configuration: ~2-6 ms)
_POSITION_LIST_HINT = re.compile(
    r"[\[(][\d.,;%\s]*\d[\d.,;%\s]*[\])]|\{[\d\s:.,%'\"]+\}|\d\s*%?[ \t]*[,;/][ \t]*\.?\d"
)
# rates listed in prose for a range of draft positions ('acceptance rates of 0.71, 0.52 and 0.35
# for positions 1-3', 'accept rates were 72%, 51%, 33% at draft tokens 0 to 2')
_NUM_P = r"(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
_PROSE_POSITIONS = re.compile(
    r"\baccept\w*(?:\s+(?:rates?|ratios?|probabilit(?:y|ies)))?\s+(?:(?:of|were|are|was|is)\s+|:\s*)?"
    rf"(?P<list>{_NUM_P}(?:\s*,\s*{_NUM_P})*,?\s+and\s+{_NUM_P}|{_NUM_P}(?:\s*,\s*{_NUM_P})+)"
    r"\s+(?:for|at|on|across)\s+(?:the\s+)?(?:draft\s+)?(?:positions?|tokens?|depths?)\s+"
    r"(?P<a>\d{1,2})\s*(?:-|–|to|through)\s*(?P<b>\d{1,2})\b",
    re.I,
)


# rates listed after an acceptance name, then 'per position' ('acceptance 0.71/0.52/0.33 per
# position', 'accept rate 71%, 52%, 33% by draft position'): falling, one per position
_LIST_PER_POSITION = re.compile(
    r"\baccept\w*(?:\s+(?:rates?|ratios?|probabilit(?:y|ies)))?\s*[:=]?\s*"
    rf"(?P<list>{_NUM_P}(?:\s*[,/]\s*{_NUM_P}){{1,15}})"
    r"\s+(?:per|by|at each|for each)\s+(?:draft\s+)?(?:position|pos|depth)s?\b",
    re.I,
)


# rates in a bracket after an acceptance sentence naming the draft positions ('acceptance is
# healthy at all three draft positions (0.83 / 0.65 / 0.49, mean length 2.98)'): one per
# position, falling, the bracket's length after them ('mean length', 'AL', 'accept length')
# the same run's
_BRACKET_POSITIONS = re.compile(
    r"\b(?P<key>accept\w*[^.()\d;:]{0,80}?\b(?:draft\s+)?(?:positions|depths|heads))"
    r"[^.()\d;:]{0,40}?\(\s*"
    rf"(?P<list>{_NUM_P}(?:\s*[,/]\s*{_NUM_P}){{1,15}})"
    r"\s*(?:[,;]\s*(?P<lenkey>(?:(?:mean|avg|average)\s+)?(?:accept(?:ance|ed)?\s+)?length|AL|"
    r"τ|tau)\s*(?:[:=≈~]|of)?\s*(?P<len>\d+\.\d+)\s*)?\)",
    re.I,
)
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def bracket_positions(
    t: str,
) -> tuple[re.Match[str], tuple[float, ...], C.Value | None] | None:
    """Per-position rates in a bracket after a sentence naming an acceptance at the draft
    positions, falling, as many as the positions it counts (where it does), with the length
    the bracket prints after them; None otherwise."""
    if "(" not in t or "accept" not in t.lower():
        return None
    m = _BRACKET_POSITIONS.search(t)
    if m is None:
        return None
    rl = C.rate_list(m.group("list"))
    if rl is None or any(b > a for a, b in zip(rl, rl[1:], strict=False)):
        return None
    said = [
        _COUNT_WORDS[w.lower()] if w.lower() in _COUNT_WORDS else int(w)
        for w in re.findall(r"\b(two|three|four|five|six|seven|eight|\d)\b", m.group("key"), re.I)
    ]
    if said and said[-1] != len(rl):
        return None  # ('all four positions (0.8 / 0.6)': not one value per position)
    length = C.value(m.group("len")) if m.group("len") else None
    return m, rl, length


# rates labelled by their draft positions after a per-position name ('acceptance by draft
# position: pos1 ~45%, pos2 ~30%', 'per-position acceptance = depth 1: 0.81; depth 2: 0.62'):
# one record's per-position rates (a range or a bound is none: 'pos1 40-45%')
# (or indexed as in code, 'd[0]≈10%', 'pos[1] = 0.62': a draft's, a depth's or a position's
# subscript)
_POS_ITEM = (
    r"(?:(?:pos(?:ition)?|depth|draft\s+(?:token|position))\s*#?(\d{1,2})|"
    r"(?<![\w.])(?:d|p|pos|depth)\[(\d{1,2})\])"
    r"\s*[:=]?\s*[~≈]?\s?((?:\d+(?:\.\d+)?|\.\d+)\s*%?)"
)
_LABELLED_POSITIONS = re.compile(
    r"(?P<key>[A-Za-z][\w ./()-]{2,60}?)\s*[:=]\s*"
    r"(?P<list>" + _POS_ITEM + r"(?:\s*[,;/]\s*" + _POS_ITEM + r"){0,15})"
    r"(?!\s*%?\s*(?:[-–—]|to\s)\s*[~≈]?\d)(?![\w.]\d)",
    re.I,
)
_POS_ITEM_RE = re.compile(_POS_ITEM, re.I)


# a noun of study after a figure's name ('per-position acceptance analysis', '... breakdown'):
# the figure's name is the words before it
_STUDY_NOUN = re.compile(
    r"\s+(?:analysis|breakdown|profile|results?|stats|statistics|numbers|figures|summary)$", re.I
)
# acceptance 'per slot' (or 'per-slot'): a draft slot's, where the items are a draft's subscripts
_PER_SLOT = re.compile(r"\bper[-\s]?slot\b", re.I)


def _positions_key(key: str, indexed: bool) -> bool:
    """Whether ``key`` names per-position rates (a noun of study after it allowed); acceptance
    per slot does too where its items are subscripts of drafts or positions (``d[0]``), not
    of a server's slots."""
    if key_of(key).metric == C.PER_POSITION:
        return True
    name = _STUDY_NOUN.sub("", key.strip())
    if name != key.strip() and key_of(name).metric == C.PER_POSITION:
        return True
    return indexed and key_of(name).metric == C.RATE and _PER_SLOT.search(name) is not None


def labelled_positions(t: str) -> tuple[re.Match[str], tuple[float, ...]] | None:
    """Per-position rates labelled by their positions after a per-position figure's name,
    counted from 0 or 1 without a gap, all shares or all fractions, or None."""
    if "pos" not in t.lower() and "depth" not in t.lower() and "[" not in t:
        return None
    m = _LABELLED_POSITIONS.search(t)
    if m is None:
        return None
    found = _POS_ITEM_RE.findall(m.group("list"))
    indexed = all(b for _, b, _ in found)
    if not _positions_key(m.group("key"), indexed):
        return None
    items = [(a or b, v) for a, b, v in found]
    pos = [int(a) for a, _ in items]
    if pos[0] not in (0, 1) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    marked = [b.rstrip().endswith("%") for _, b in items]
    if any(marked) and not all(marked):
        return None  # shares and fractions mixed: not one list
    rl = tuple(float(b.rstrip("% ")) / (100.0 if all(marked) else 1.0) for _, b in items)
    return (m, rl) if all(0.0 <= x <= 1.0 for x in rl) else None


def prose_positions(t: str) -> tuple[re.Match[str], tuple[float, ...]] | None:
    """Per-position rates a sentence lists for a range of positions, where the list holds one
    value per position of the range (counted from 0 or 1), or lists falling with 'per
    position' after them."""
    lp = _LIST_PER_POSITION.search(t)
    if lp is not None:
        rl = C.rate_list(lp.group("list"))
        if rl is not None and all(b <= a for a, b in zip(rl, rl[1:], strict=False)):
            return lp, rl
    m = _PROSE_POSITIONS.search(t)
    if m is None:
        return None
    a, b = int(m.group("a")), int(m.group("b"))
    rl = C.rate_list(re.sub(r",?\s+and\s+", ", ", m.group("list")))
    if rl is None or a not in (0, 1) or b - a + 1 != len(rl):
        return None
    return m, rl


# a line that is a record by itself: a head naming what it counts, then its fields
# ('statistics draft-dflash: #gen drafts = 691, #acc drafts = 291, ...')
_RECORD_HEAD = re.compile(r"^[^=]{0,100}:\s*#?[A-Za-z][\w #]{0,40}=\s*\d")


def _own_record(t: str, items: list[tuple[C.Key, C.Value, str, str]]) -> bool:
    """Whether a line is one run's record by itself: a head, then two or more counts; or a
    run's accepted tokens over its verify steps ('accepted 1850 / 1000 steps')."""
    if "/" in t and CN.tracker_line(t):
        return True  # a tracker's metric line: one record per line (each step)
    if _RECORD_HEAD.match(t) is None and _ACCEPTED_STEPS.search(t) is None:
        return False
    counts = {k.metric for k, *_ in items if k.metric in _COUNT_METRICS}
    return len(counts) >= 2


# --------------------------------------------------------------------------- JSON

_ELLIPSIS = re.compile(r"(?:\.\.\.|…)")


def _repair(text: str) -> str:
    """JSON as people paste it: '...' placeholders, trailing commas, comments."""
    t = re.sub(r"(?m)//[^\n\"]*$", "", text)
    t = re.sub(r":\s*(?:\.\.\.|…)", ": null", t)
    t = re.sub(r"(?m)^\s*(?:\.\.\.|…)\s*,?\s*$", "", t)
    t = re.sub(r",\s*(?:\.\.\.|…)\s*(?=[}\]])", "", t)
    t = re.sub(r"(?<=[\[{,])\s*(?:\.\.\.|…)\s*,", " ", t)
    t = _ELLIPSIS.sub("", t) if re.search(r"[\[{,]\s*(?:\.\.\.|…)\s*[}\]]", t) else t
    t = re.sub(r",\s*([}\]])", r"\1", t)
    # a comma lost between two members, one per line ('  ]' then '  "next": ...')
    return re.sub(
        r'(?m)([\]}"\d]|\btrue|\bfalse|\bnull)[ \t]*\n(?=[ \t]*"[^"\n]*"\s*:)', r"\1,\n", t
    )


def _json_int(s: str) -> int | None:
    """A JSON integer, or None (no number) beyond what a float holds (a fuzzed or damaged
    body's hundred-digit count)."""
    return int(s) if len(s.lstrip("-")) <= 300 else None


def _loads(text: str) -> object:
    return json.loads(text, parse_int=_json_int)


def load_json(text: str) -> tuple[object | None, bool]:
    """The JSON value of a block and whether it needed repair; (None, False) when it is not
    JSON even after repair."""
    try:
        return _loads(text), False
    except (ValueError, RecursionError):
        pass
    try:
        return _loads(_repair(text)), True
    except (ValueError, RecursionError):
        pass
    # JSON lines: one object a line (a results file of one run per line)
    objs = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(objs) >= 2 and all(o.startswith("{") and o.endswith("}") for o in objs):
        try:
            return [_loads(o) for o in objs], False
        except (ValueError, RecursionError):
            return None, False
    return None, False


def close_cut_json(text: str) -> object | None:
    """A JSON body cut off inside (a results file pasted in part, ending '},'): read up to its
    last whole object or list inside, the brackets still open closed; None when the body is not
    cut so (it parses, a bracket mismatches, or nothing inside it is whole)."""
    stack: list[str] = []
    end, still_open, quoted, escaped = 0, "", False, False
    for i, c in enumerate(text):
        if quoted:
            escaped, quoted = (not escaped and c == "\\"), quoted and (escaped or c != '"')
        elif c == '"':
            quoted = True
        elif c in "{[":
            stack.append("}" if c == "{" else "]")
        elif c in "}]":
            if not stack or stack.pop() != c:
                return None
            if stack:
                end, still_open = i + 1, "".join(reversed(stack))
    if not stack or not end:
        return None
    return load_json(text[:end] + still_open)[0]


# (a key's '_' may be printed as a space: a web page's rendering of 'total_draft')
_MEMBER = re.compile(
    r'"(?P<k>[A-Za-z_][\w. -]{0,80})"\s*:\s*(?P<v>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?=\s*[,}\]\n]|\s*$)'
)


# a member whose value is a list of numbers closed on its own ('"acceptance_by_depth": [0.81,
# 0.5]', perhaps over several lines)
_JSON_NUM = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_JSON_LIST = rf"\[(?P<v>\s*{_JSON_NUM}(?:\s*,\s*{_JSON_NUM}){{0,15}})\s*\]"
_LIST_MEMBER = re.compile(r'"(?P<k>[A-Za-z_][\w. -]{0,80})"\s*:\s*' + _JSON_LIST)


def _number(v: str) -> float | int | None:
    return float(v) if any(c in v for c in ".eE") else _json_int(v)


def json_members(text: str) -> dict[str, float | int | list[float | int]] | None:
    """The '"name": number' members of a JSON body that does not parse (cut off, a key wrapped
    over two lines), as one object; None unless one of them is an acceptance figure or they
    count both accepted and drafted tokens. A name printed twice keeps its first value. A list
    of numbers closed inside the body under a per-position name ('"acceptance_by_depth": [0.81,
    0.5]') is a member too: the rates by position a whole body lists (json_records); a list
    under any other name is not read (what it lists is not told)."""
    out: dict[str, float | int | list[float | int]] = {}
    for m in _MEMBER.finditer(text):
        n = _number(m.group("v"))
        if n is not None:
            out.setdefault(m.group("k"), n)
    for m in _LIST_MEMBER.finditer(text) if "[" in text else ():
        if C.key(m.group("k")).metric != C.PER_POSITION:
            continue
        nums = [_number(x.strip()) for x in m.group("v").split(",")]
        if all(x is not None for x in nums):
            out.setdefault(m.group("k"), [x for x in nums if x is not None])
    metrics = {C.key(k).metric for k in out}
    if not (metrics & set(C.ACCEPTANCE) or {C.ACCEPTED, C.DRAFTED} <= metrics):
        return None
    return out


def json_objects(doc: object, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every object of a JSON document, outer first (not past 40 levels: a hostile nesting
    costs nothing)."""
    if depth > 40:
        return
    if isinstance(doc, dict):
        yield doc
        for v in doc.values():
            yield from json_objects(v, depth + 1)
    elif isinstance(doc, list):
        for v in doc:
            yield from json_objects(v, depth + 1)


_JSON_STATS = ("avg", "mean", "value", "p50", "median")
# a field's name ending in the centre of its runs ('tau_median', 'accept_len_mean'): the head
# names the figure (_JSON_STAT_FIGURES), the tail the statistic
_JSON_STAT_TAIL = re.compile(
    r"^(?P<head>[A-Za-z][\w .-]{0,60}?)[_ .-](?P<stat>median|mean|avg|average|p50)$", re.I
)
_JSON_STAT_FIGURES = frozenset((C.LENGTH, C.RATE, C.TOK_PER_STEP, C.ACC_PER_STEP))


def stat_tail_key(name: str) -> C.Key | None:
    """The figure a field named by it and the centre of its runs names ('tau_median': the
    length), None where the name is no such."""
    m = _JSON_STAT_TAIL.match(name)
    if m is None or C.key(name).metric is not None:
        return None
    k = C.key(m.group("head"))
    return k if k.metric in _JSON_STAT_FIGURES else None


def _is_num(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _position_object(v: dict[Any, Any], percent: bool) -> tuple[float, ...] | None:
    """The rates of a JSON object or dict keyed by draft position, counted from 0 or 1 without
    a gap ('{"0": 0.98, "1": 0.64}'), or None."""
    if not 2 <= len(v) <= 16 or not all(_is_num(x) for x in v.values()):
        return None
    text = ", ".join(f"{str(a).strip()}: {b!r}" for a, b in v.items())
    return C.position_dict("{" + text + "}", percent)


def _not_measured_object(obj: dict[str, Any]) -> bool:
    """Whether a JSON object says its acceptance was not measured: a rate or length field that
    is null ('"accept_rate": null'), or counts that measure nothing (no drafts, or more accepted
    than drafted), or a rate of exactly 0 without drafts counted."""
    figures = {C.RATE, C.ACCEPT_RATIO, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP}
    named = {C.key(str(n)).metric: v for n, v in obj.items() if C.key(str(n)).metric is not None}
    if any(m in figures and v is None for m, v in named.items()):
        return True
    acc, dra = named.get(C.ACCEPTED), named.get(C.DRAFTED)
    if C.DRAFTED in named and (dra is None or dra == 0):
        return not any(_is_num(named.get(m)) and named.get(m) != 0 for m in figures)
    return _is_num(acc) and _is_num(dra) and acc > dra  # type: ignore[operator]


# a field naming an acceptance figure, then the subset of prompts it was measured on
# ('"acceptance_rate_chat": 0.61', '"draft_accept_long_prose": 0.70'): a suffix of one to three
# words, none a statistic, a bound, a change or another figure's word
_SUBSET_WORD = re.compile(r"^[a-z][a-z0-9]{1,15}$")
_NOT_SUBSET = frozenset(
    [
        "std",
        "stdev",
        "sd",
        "var",
        "variance",
        "se",
        "stderr",
        "err",
        "error",
        "ci",
        "min",
        "max",
        "median",
        "mean",
        "avg",
        "p50",
        "p90",
        "p95",
        "p99",
        "target",
        "goal",
        "threshold",
        "thresh",
        "bound",
        "limit",
        "floor",
        "ceiling",
        "expected",
        "est",
        "estimate",
        "estimated",
        "predicted",
        "ref",
        "reference",
        "paper",
        "reported",
        "baseline",
        "prev",
        "previous",
        "old",
        "new",
        "delta",
        "diff",
        "change",
        "gain",
        "drop",
        "loss",
        "pct",
        "percent",
        "ratio",
        "count",
        "counts",
        "total",
        "n",
        "num",
        "sum",
        "ms",
        "sec",
        "tok",
        "tokens",
        "per",
        "step",
        "steps",
        "k",
        "unit",
        "units",
    ]
)


def _subset_tail(tail: list[str]) -> bool:
    """Whether a field name's last words (at most three) name a subset, not another measure
    (`tau_arena` -> ['arena'])."""
    return (
        len(tail) <= 3
        and all(_SUBSET_WORD.match(w) and w not in _NOT_SUBSET for w in tail)
        and C.key(" ".join(tail)).metric is None
    )


def _subset_fields(obj: dict[str, Any]) -> list[tuple[str, C.Key, C.Value, str, str]]:
    """The fields of ``obj`` naming an acceptance figure then a subset (field, key, value,
    text, subset; the subset '' for a bare 'draft_accept'): a rate, ratio or length by its
    name's first words, or the drafts' bare 'accept' ('draft_accept') over a fraction of one."""
    out = []
    for name, v in obj.items():
        if not isinstance(v, (int, float)) or isinstance(v, bool) or "accept" not in str(name):
            continue
        words = re.split(r"[_\s-]+", str(name).strip().lower())
        if len(words) < 2 or C.key(str(name)).metric is not None:
            continue
        for n in range(len(words) - 1, 1, -1):
            head, tail = " ".join(words[:n]), words[n:]
            k = C.key(head)
            drafts = k.metric is None and head in _DRAFT_ACCEPT_NAMES
            if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.LENGTH) and not drafts:
                continue
            if not _subset_tail(tail):
                break
            text = repr(v) if isinstance(v, float) else str(v)
            val = C.value(text)
            if val is None or (drafts and not 0 <= val.number <= 1):
                break
            key = C.Key(C.RATE, head, False) if drafts else k
            out.append((str(name), key, val, text, " ".join(tail)))
            break
        else:
            if " ".join(words) in _DRAFT_ACCEPT_NAMES and 0 <= v <= 1 and isinstance(v, float):
                text = repr(v)
                if (val := C.value(text)) is not None:
                    out.append((str(name), C.Key(C.RATE, " ".join(words), False), val, text, ""))
    return out


# a count's field listing one value a repetition ('accepted_each', 'proposed_per_run',
# 'drafted_by_trial')
_EACH_SUFFIX = re.compile(
    r"[_\s-]+(?:each|(?:per|by)[_\s-]+(?:run|rep|repetition|trial|seed))s?$", re.I
)


def _each_counts(obj: dict[str, Any]) -> list[tuple[str, str, list[int]]]:
    """The accepted and drafted counts of ``obj`` listed a repetition under one suffix
    (_EACH_SUFFIX), as (metric, name, counts): both, their lists of one length of whole
    numbers, something drafted and no more accepted than drafted in each; else []."""
    found: dict[str, tuple[str, list[int]]] = {}
    for name, v in obj.items():
        if not isinstance(v, list) or not v or not isinstance(name, str):
            continue
        m = _EACH_SUFFIX.search(name)
        if m is None or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            continue
        metric = C.key(name[: m.start()]).metric
        if metric in (C.ACCEPTED, C.DRAFTED) and metric not in found:
            found[metric] = (name, [int(x) for x in v])
    if len(found) != 2:
        return []
    (an, acc), (dn, dra) = found[C.ACCEPTED], found[C.DRAFTED]
    if (
        len(acc) != len(dra)
        or any(a < 0 or a > d for a, d in zip(acc, dra, strict=True))
        or not any(dra)
    ):
        return []
    return [(C.ACCEPTED, an, acc), (C.DRAFTED, dn, dra)]


def json_records(
    doc: object, ctx: Ctx, lines: tuple[int, int], repaired: bool
) -> list[PasteRecord]:
    out: list[PasteRecord] = []
    consumed: set[int] = set()  # metric objects read as a figure of the object holding them
    keyed: set[tuple[str, float]] | None = None  # (object's key, its own length), once if needed
    for obj in json_objects(doc):
        if id(obj) in consumed:
            continue
        fig = E.Figures()
        labels: list[tuple[str, str]] = []
        pos_counts: list[int] = []
        for name, v in obj.items():
            k = C.key(str(name))
            stat_word: str | None = None
            if (
                k.metric is None
                and isinstance(v, float)
                and (hk := stat_tail_key(str(name))) is not None
            ):
                # an acceptance figure's name, then the statistic taken over its runs
                # ('"tau_median": 2.25', '"accept_len_mean": 2.4'): that figure, its centre
                centre = str(name).lower().endswith(("median", "p50"))
                k, stat_word = hk, "median" if centre else "mean"
            if k.metric == C.LABEL and type(v) is int:
                # a whole count over 64 under 'steps' ('"steps": 268'): the run's verify steps,
                # as a key-value line or a table reads it (_as_step_count)
                k = _as_step_count(k, C.value(str(v)))
            if k.metric is None:
                continue
            if k.metric == C.LABEL and isinstance(v, (str, int)) and not isinstance(v, bool):
                labels.append((k.text, str(v)))
            elif k.metric in (C.HISTOGRAM, C.PER_POSITION) and isinstance(v, list):
                nums = [x for x in v if isinstance(x, (int, float)) and not isinstance(x, bool)]
                if len(nums) == len(v) and nums:
                    if k.metric == C.HISTOGRAM and all(
                        float(x).is_integer() and x >= 0 for x in nums
                    ):
                        fig.histogram = tuple(int(x) for x in nums)
                    elif k.metric == C.PER_POSITION and any(x > 1 for x in nums):
                        # counts accepted at each position ('[4120, 2950, 1800]'), no rates:
                        # over the object's verify steps, below (_position_counts)
                        if all(float(x).is_integer() for x in nums):
                            pos_counts = [int(x) for x in nums]
                    elif k.metric == C.PER_POSITION:
                        for i, x in enumerate(nums):
                            fig.positions[i] = float(x)
                    fig.fields.append((name, json.dumps(v)[:80]))
            elif (
                k.metric == C.PER_POSITION
                and isinstance(v, dict)
                and (rl := _position_object(v, k.percent)) is not None
            ):
                # rates by draft position keyed by the position ('{"0": 0.98, "1": 0.64}')
                fig.positions.update(enumerate(rl))
                fig.fields.append((name, json.dumps(v)[:80]))
            elif isinstance(v, dict) and k.metric not in (C.LABEL, C.K):
                # a metric's statistics under its name ('{"..._acceptance_length": {"unit":
                # "ratio", "avg": 2.41, "p50": 2.38}}'): its mean (else median) is the figure
                stat = next((s for s in _JSON_STATS if _is_num(v.get(s))), None)
                if stat is not None:
                    unit = str(v.get("unit", "")).strip().lower()
                    text = repr(v[stat]) + ("%" if unit in ("%", "percent") else "")
                    val = C.value(text)
                    if val is not None:
                        word = "median" if stat in ("p50", "median") else "mean"
                        val = C.Value(val.number, val.percent, val.decimals, None, word)
                        fig.put(k.metric, val, k, f"{stat} {text}", name)
                        consumed.add(id(v))
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                text = repr(v) if isinstance(v, float) else str(v)
                val = C.value(text)
                if val is not None and stat_word is not None:
                    val = C.Value(val.number, val.percent, val.decimals, None, stat_word)
                if val is not None:
                    if k.metric == C.K:
                        labels.append((k.text, text))
                    fig.put(k.metric, val, k, text, name)
        if pos_counts and not fig.positions and fig.steps is not None and fig.steps.number > 0:
            n = fig.steps.number
            if all(c <= n for c in pos_counts) and (
                fig.accepted is None or fig.accepted.number == sum(pos_counts)
            ):
                # the rate at each position is its count over the verify steps, as a key-value
                # run's 'num_accepted_tokens_per_pos' over 'num_drafts' reads
                fig.positions.update(enumerate(c / n for c in pos_counts))
                fig.notes.append("per-position rates: accepted at each position / drafts")
        if (
            fig.length is None
            and fig.tok_per_step is None
            and (per := JPS.mean_per_step(obj)) is not None
        ):
            # a mean of tokens a step under the script's own name, the object's tokens over its
            # steps ('"tokens": 90, "steps": 25, "avg_emit": 3.6'): tokens per step, the two
            # counts with it (json_per_step.py)
            fig.put(
                C.TOK_PER_STEP,
                per.value,
                C.Key(C.TOK_PER_STEP, C.norm(per.name)[0], False),
                per.text,
                per.name,
            )
            out_name, out_n = per.tokens
            fig.put(
                C.OUTPUT,
                C.Value(float(out_n), False, 0),
                C.key("output tokens"),
                str(out_n),
                out_name,
            )
            steps_name, steps_n = per.steps
            if fig.steps is None:
                fig.put(
                    C.STEPS,
                    C.Value(float(steps_n), False, 0),
                    C.key("verify steps"),
                    str(steps_n),
                    steps_name,
                )
                labels = [lb for lb in labels if lb != (C.norm(steps_name)[0], str(steps_n))]
        # a metric object named by a field ('{"header": "Acceptance Length", "avg": 2.41}')
        named = next(
            (obj[f] for f in ("header", "name", "metric", "tag") if isinstance(obj.get(f), str)),
            None,
        )
        if named is not None and not fig.has_acceptance():
            nk = C.key(named)
            stat = next((s for s in _JSON_STATS if _is_num(obj.get(s))), None)
            if nk.metric in C.ACCEPTANCE and stat is not None:
                unit = str(obj.get("unit", "")).strip().lower()
                text = repr(obj[stat]) + ("%" if unit in ("%", "percent") else "")
                val = C.value(text)
                if val is not None:
                    word = "median" if stat in ("p50", "median") else "mean"
                    val = C.Value(val.number, val.percent, val.decimals, None, word)
                    fig.put(nk.metric or "", val, nk, f"{stat} {text}", named)
        if fig.accepted is None and fig.drafted is None and (each := _each_counts(obj)):
            # counts listed a repetition ('"accepted_each": [102, 98, 101]' beside
            # '"proposed_each": [...]'): the arm's counts pooled over its repetitions
            for metric, name, counts in each:
                total = sum(counts)
                fig.put(metric, C.Value(float(total), False, 0), C.key(name), str(total), name)
            fig.notes.append(f"counts summed over the {len(each[0][2])} repetitions listed")
        if (
            fig.accepted is not None
            and fig.drafted is None
            and (dra := JREJ.drafted(obj, fig.accepted.number)) is not None
        ):
            # '{"accepted": 412, "rejected": 188}': 600 drafted (json_rejected.py)
            fig.put(
                C.DRAFTED,
                C.Value(float(dra), False, 0),
                C.key("drafted"),
                f"{dra}",
                "accepted + rejected",
            )
        if _not_measured_object(obj):
            continue
        if repaired:
            fig.notes.append(
                "JSON with '...' placeholders or trailing commas, read after removing them"
            )
        kind = (
            "response" if any(x in obj for x in ("choices", "usage", "meta_info", "id")) else ctx[2]
        )
        if not fig.has_acceptance() and (subsets := _subset_fields(obj)):
            # an object of no figure of its own but of the figure on each subset of prompts
            # ('"acceptance_rate_chat": 0.61, "acceptance_rate_code": 0.72'): a record each
            for field in subsets:
                rec = _subset_record(field, fig.notes, kind, ctx, lines, labels)
                if rec is not None:
                    out.append(rec)
            continue
        rec = E.record(
            fig,
            kind=kind,
            tool=ctx[0],
            tool_rule=ctx[1],
            structure="json",
            lines=lines,
            labels=tuple(labels),
        )
        if rec is not None:
            out.append(rec)
            # the same figure on each subset beside it ('"tau": 3.1, "tau_chat": 2.8'): a
            # record each, labelled by its subset
            for field in _beside_subsets(obj):
                if keyed is None:
                    keyed = _keyed_lengths(doc)
                if (field[4], field[2].number) in keyed:
                    continue  # (the subset's own object prints it too: one record, there)
                sub = _subset_record(field, [], kind, ctx, lines, labels)
                if sub is not None:
                    out.append(_as_decided(sub, rec))
    return out


def _keyed_lengths(doc: object) -> set[tuple[str, float]]:
    """(an object's key as words, a length it holds under a bare length key) for every object
    of the document held under a key ('"chat": {"tau": 2.8}' -> ('chat', 2.8))."""
    out: set[tuple[str, float]] = set()
    stack: list[object] = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            for k, v in node.items():
                if isinstance(v, dict):
                    words = " ".join(re.split(r"[_\s-]+", str(k).strip().lower()))
                    for n, x in v.items():
                        if _is_num(x) and C.key(str(n)).metric == C.LENGTH:
                            out.add((words, float(x)))
                if isinstance(v, (dict, list)):
                    stack.append(v)
    return out


def _as_decided(sub: PasteRecord, rec: PasteRecord) -> PasteRecord:
    """A subset's record of the figure its object's own record printed, decided as that one
    where its counts decide it (one figure, one way): the same name printed by the same code."""
    if (
        sub.bonus != UNDECIDED
        or sub.printed_length is None
        or not rec.bonus.rule.startswith(("identity:", "value:"))
        or rec.bonus.value not in (INCLUDED, EXCLUDED)
    ):
        return sub
    value = rec.bonus.value
    length = sub.printed_length if value == INCLUDED else sub.printed_length + 1
    return dataclasses.replace(
        sub,
        accept_length=round(length, 6),
        bonus=Decision(value, "the object's own figure of the same name decides it (one way)"),
        notes=decided_notes(sub.notes),
    )


def _subset_record(
    field: tuple[str, C.Key, C.Value, str, str],
    notes: list[str],
    kind: str,
    ctx: Ctx,
    lines: tuple[int, int],
    labels: list[tuple[str, str]],
) -> PasteRecord | None:
    """The record of one JSON field holding a figure on a subset of prompts (a field of
    :func:`_subset_fields` or :func:`_beside_subsets`), labelled by its subset, the object's
    notes carried (``notes``)."""
    name, key, value, text, subset = field
    sf = E.Figures()
    sf.put(key.metric or "", value, key, text, name)
    sf.notes.extend(notes)
    return E.record(
        sf,
        kind=kind,
        tool=ctx[0],
        tool_rule=ctx[1],
        structure="json",
        lines=lines,
        labels=(*labels, ("subset", subset)) if subset else tuple(labels),
    )


def _beside_subsets(obj: dict[str, Any]) -> list[tuple[str, C.Key, C.Value, str, str]]:
    """The fields of ``obj`` naming one of its own length fields then a subset (field, key,
    value, text, subset): '"tau": 3.1' beside '"tau_chat": 2.8', '"accept_len_code": 2.6'
    beside '"accept_len"'. A tail naming a measure or a statistic ('tau_std') is none."""
    own = {
        C.key(str(n)).text
        for n, v in obj.items()
        if _is_num(v) and C.key(str(n)).metric == C.LENGTH
    }
    if not own:
        return []
    out = []
    for name, v in obj.items():
        if not _is_num(v) or C.key(str(name)).metric is not None:
            continue
        words = re.split(r"[_\s-]+", str(name).strip().lower())
        for n in range(1, len(words)):
            head, tail = " ".join(words[:n]), words[n:]
            if head not in own:
                continue
            if not _subset_tail(tail):
                break
            text = repr(v) if isinstance(v, float) else str(v)
            val = C.value(text)
            if val is not None:
                out.append((str(name), C.key(head), val, text, " ".join(tail)))
            break
    return out
