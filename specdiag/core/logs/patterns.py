"""Compiled patterns for every engine's statistics lines, and the prefilter keywords.

The prefilter keywords are plain bytes: the scanner checks them with ``in`` (C speed) and
only lines containing one reach the Python parser. Every format in
docs/logs.md has at least one keyword below; keep the two in step.
"""

from __future__ import annotations

import re

# --------------------------------------------------------------------------- prefilter

# Any line that names acceptance ("accept", "Accept", "acceptance", "numAcceptedTokens",
# "acc_length", ...): the tolerant grammar reads it (a bench summary, a JSON body, a fork's
# spelling) or reports it as unrecognised, with the line. "ccept" comes first: it is the one
# found in most lines, which then need no other check.
GENERIC_KEYWORDS: tuple[bytes, ...] = (b"ccept", b"acc_len", b"acc len", b"acc_rate", b"acc rate")
# each engine's own keywords, then the generic ones
KEYWORDS_BY_ENGINE: dict[str, tuple[bytes, ...]] = {
    "sglang": (b"accept len", *GENERIC_KEYWORDS),
    "vllm": (b"SpecDecoding metrics", b"Speculative metrics", *GENERIC_KEYWORDS),
    "llamacpp": (
        b"draft acceptance",  # per-request line (all versions)
        b"acc per pos",  # per-position rates (-lv 4)
        b"#calls(b,g,a)",  # "statistics <impl>:" cumulative line
        b"#calls = ",  # the same line in its older form ("#calls = N, #gen drafts = ...")
        b"draft tokens",  # LLAMA_TRACE per verify step: "accepted N/M draft tokens"
        *GENERIC_KEYWORDS,
    ),
    "trtllm": (b'"specDecodingStats"', b'"spec_decoding_stats"', *GENERIC_KEYWORDS),
}
# Every line an engine's keyword finds also holds "ccept" except llama.cpp's "acc per pos" and
# statistics lines ("#calls(b,g,a)", or "#calls = " in the older form; both hold "cc" in "#acc"):
# the full set is those and the generic ones.
ALL_KEYWORDS = (b"ccept", b"acc per pos", b"#calls(b,g,a)", b"#calls = ", *GENERIC_KEYWORDS[1:])

# Context lines (the bytes stage hands them to the parser too, marked CONTEXT): a multi-line
# summary's other lines do not all hold a keyword ("Drafts: 1500", "[AL] AVERAGE: 2.50",
# "n_drafted = 180").
# * FOLLOW_KEYWORDS: the next FOLLOW_LINES lines after a candidate holding one (a block header);
# * PREV_KEYWORDS: the PREV_LINES lines before a candidate holding one, joined by newlines;
# * a candidate that stops mid-field (ends with ',', ':', '=' or '(') gets its next line, so a
#   line broken in two reads as one.
FOLLOW_KEYWORDS: tuple[bytes, ...] = (
    b"Acceptance rate (%)",  # vllm bench serve's section
    b" Details --",  # trtllm-bench's "-- Acceptance Length Details ----" blocks
)
FOLLOW_LINES = 40
PREV_KEYWORDS: tuple[bytes, ...] = (
    b"n_accept ",  # llama.cpp speculative example: n_draft / n_predict / n_drafted before it
    b"num_accepted_tokens:",  # vLLM spec_decode.py: num_drafts / num_draft_tokens before it
    # the one-line layouts (SGLang bench_serving / bench_one_batch_server, SpecForge, vLLM
    # spec_decode.py's lone length): the lines before may name another tool (formats.py)
    b"ccept length:",
    b"acc_length:",
    b"mean acceptance length:",
    b"Acceptance rate (%)",  # vllm bench serve's first line: its banner is just before it
)
PREV_LINES = 4
CONTEXT = b"\n"  # the ``prev`` of a context line (a real previous line never holds a newline)

# One C-level pass finds every candidate line: each format above contains "cc" (a TensorRT-LLM
# camelCase line without acceptanceLength holds '"specDecodingStats"'); lines with "cc" are then
# checked for a keyword (tests/unit/logs/test_parse.py checks every sample line for both). A
# compiled regex: for a short literal ``re`` scans about twice as fast as ``bytes.find``.
ANCHOR = b"cc"
ANCHOR_RE = re.compile(re.escape(ANCHOR))

# --------------------------------------------------------------------------- common

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")

# --------------------------------------------------------------------------- SGLang

# [2026-11-29 08:40:12.123 DP0 TP0] Decode batch [17], #running-req: ... (prefix optional)
SGLANG_MARK = "Decode batch"
# the logger prefix right before "Decode batch" (searched in the prefix only)
_DATE_TIME = r"(?P<date>\d{4}-\d\d-\d\d)[ T](?P<time>\d\d:\d\d:\d\d)(?:[.,](?P<frac>\d{1,6}))?"
SGLANG_PREFIX = re.compile(r"\[" + _DATE_TIME + r"(?P<rank>(?: [A-Z][A-Z_]*\d+)*)\] $")
SGLANG_AFTER = re.compile(r"(?: \[(?P<iter>\d+)\])?(?P<sep>[.,]) ")
SGLANG_GRAPH_KEYS: tuple[str, ...] = ("cuda graph", "cpu graph", "npu graph", "musa graph")

# --------------------------------------------------------------------------- vLLM

VLLM_SPEC_MARK = "SpecDecoding metrics: "
VLLM_V0_MARK = "Speculative metrics: "
# (APIServer pid=48211) INFO 11-29 08:40:12 [metrics.py:120]   /  INFO 02-20 10:15:30 metrics.py:477]
VLLM_TIME = re.compile(
    r"(?<!\d)(?P<month>\d\d)-(?P<day>\d\d) (?P<time>\d\d:\d\d:\d\d)(?:\.(?P<frac>\d{1,6}))?"
)
ANY_TIME = re.compile(_DATE_TIME)  # another logger's prefix (a fork's)
VLLM_PID = re.compile(r"\((?P<proc>[A-Za-z_][\w-]*) pid=(?P<pid>\d+)\)")

# --------------------------------------------------------------------------- llama.cpp

# "0.42.118.223 I " (minutes.seconds.ms.us since start, level letter)
LLAMACPP_TIME = re.compile(r"^(?P<min>\d+)\.(?P<sec>\d\d)\.(?P<ms>\d{3})\.(?P<us>\d{3}) [A-Z] ")
LLAMACPP_SLOT = re.compile(r"slot +\S+: id +(?P<slot>-?\d+) \| task (?P<task>-?\d+) \| ")
LLAMACPP_SLOT_ONLY = re.compile(r"slot +\S+: id +(?P<slot>-?\d+) \| task (?P<task>-?\d+) \| ?$")
LLAMACPP_DRAFT = re.compile(
    r"draft acceptance(?P<rateword> rate)? = *(?P<ratio>-?(?:[0-9.]+|nan|inf)) "
    r"\( *(?P<acc>\d+) accepted / *(?P<gen>\d+) generated\)"
    r"(?:, mean (?P<mword>len|acceptance length) = *(?P<mlen>[0-9.]+))?"
    r"(?:, acceptance rate per position = \((?P<pp>[^)]*)\))?"
)
LLAMACPP_ACC_PER_POS = re.compile(r"acc per pos = \((?P<pp>[^)]*)\)")
# common/speculative.cpp's common_speculative_print_stats(): "#calls(b,g,a) = B G A" (begin,
# draft and accept calls), or in the older form one count, "#calls = N" (its "dur = X ms" or
# "dur(b,g,a) = ..." suffix not read)
LLAMACPP_STATS = re.compile(
    r"statistics +(?P<impl>\S+): #calls(?:\(b,g,a\) = *(?P<calls>\d+ +\d+ +\d+)"
    r"| = *(?P<calls1>\d+)), "
    r"#gen drafts = *(?P<gd>\d+), #acc drafts = *(?P<ad>\d+), "
    r"#gen tokens = *(?P<gt>\d+), #acc tokens = *(?P<at>\d+)"
    r"(?:, #mean acc len = *(?P<mlen>[0-9.]+))?"
    r"(?:, #acc rate/pos = \((?P<pp>[^)]*)\))?"
)
LLAMACPP_STATS_HEAD = re.compile(r"statistics +(?P<impl>[^\s:]+):")
LLAMACPP_STEP = re.compile(r"accepted +(?P<n>\d+)/ *(?P<m>\d+) draft tokens")
# the n-gram drafter's verbose line, one a verify step (common/speculative.cpp's ngram-mod
# accept(): 'accept: accepted 3 tokens from 5 drafted tokens')
LLAMACPP_NGRAM_STEP = re.compile(
    r"(?:\baccept: )?accepted (?P<n>\d+) tokens from (?P<m>\d+) drafted tokens\s*$"
)
# what may stand before it on a trace line: the log's time and level, the slot's fields ending
# in '|' ('0.02.011.918 I slot   operator(): id  0 | task 0 | '); a sentence with other figures
# before ('Generation: 256 tokens, 41.2 t/s; accepted 180/256 draft tokens') is no verify step
LLAMACPP_STEP_PREFIX = re.compile(r"[\d.:\s]*(?:[IWED]\s+)?(?:slot\b[^;,]*|[^;,]*\|)?\s*")

# --------------------------------------------------------------------------- TensorRT-LLM

TRTLLM_MARKS: tuple[str, ...] = ('"specDecodingStats"', '"spec_decoding_stats"')
