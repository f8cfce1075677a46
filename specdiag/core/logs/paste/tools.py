"""Which tool printed a block: its own marks (names, banners, labels only one tool prints, a
tool's script named beside the table it prints), and what the paste says of its run (a
sentence saying what measured it, or which engine the run is)."""

from __future__ import annotations

import functools
import re

from specdiag.core.logs.contrast import CJK_CHAR as _CJK_CHAR
from specdiag.core.logs.contrast import contrasted
from specdiag.core.logs.paste import owned as OW
from specdiag.core.logs.paste import vocab as V

# SpecForge's benchmark script run by its file name with its own flags on the command (its
# line, or one of the next 30 lines it continues onto with a trailing backslash: bounded, so a
# paste of many such lines stays linear)
_BENCH_EAGLE3 = (
    r"(?:^|[\s/])bench_eagle3\.py\b"
    r"(?=(?:[^\n\\]*\\[ \t]*\r?\n){0,30}[^\n]*\s--(?:config-list|benchmark-list)\b)"
)
_BENCH_EAGLE3_RUN = re.compile(_BENCH_EAGLE3, re.IGNORECASE)
# the tools whose launching command (``launched``) runs the benchmark that prints the paste's
# tables, not a server a client script then reads
BENCH_LAUNCHED = frozenset(("specforge",))
# vLLM's offline example run by its path in vLLM's tree with its own flags on the command (its
# line, or one of the next 30 it continues onto with a trailing backslash): it runs the engine
# in process and prints the run's 'mean acceptance length' (formats.py reads its summary;
# bonus included), so the paste's tables are that example's output, as bench_eagle3.py's are
_VLLM_EXAMPLE = (
    r"(?:^|[\s/])offline_inference/spec_decode\.py\b"
    r"(?=(?:[^\n\\]*\\[ \t]*\r?\n){0,30}[^\n]*\s--(?:num-spec-tokens|method)\b)"
)
_VLLM_EXAMPLE_RUN = re.compile(_VLLM_EXAMPLE)


# SpecForge's benchmark result file (bench_eagle3.py's JSON: per benchmark, per config, the
# 'metrics' list of its BenchmarkMetrics dataclass, benchmarks/benchmarker/utils.py, as asdict
# writes it): one object holding the dataclass's first six fields in their order, each right
# after the one before ('"latency": N, "output_throughput": N, "accept_length": N, "accuracy":
# N or null, "num_questions": N, "num_valid_predictions": N'), in JSON or as Python prints the
# dict. Its accept length is completion tokens / spec_verify_ct of the SGLang server it drives
# (bonus included), pooled over the run's requests. A copy of that dataclass adding per-request
# lengths ('"per_request_accept_length"' later in the object: a fork averaging the requests'
# lengths) names no tool; nor do the keys in another order, another name among them or in two
# objects
_JNUM = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_JKEY = r"\s*,\s*[\"']{k}[\"']\s*:\s*"
_SPECFORGE_METRICS = (
    r"[\"']latency[\"']\s*:\s*"
    + _JNUM
    + _JKEY.format(k="output_throughput")
    + _JNUM
    + _JKEY.format(k="accept_length")
    + _JNUM
    + _JKEY.format(k="accuracy")
    + r"(?:"
    + _JNUM
    + r"|null|None)"
    + _JKEY.format(k="num_questions")
    + r"\d+"
    + _JKEY.format(k="num_valid_predictions")
    + r"\d+\b"
    + r"(?![^{}]{0,2000}?[\"']per_request_)"
)


def bench_launched(text: str) -> set[str]:
    """The tools whose command in the paste runs the program printing its tables (SpecForge's
    benchmark, vLLM's offline example), not a server a client script then reads."""
    out = set()
    if "bench_eagle3" in text and _BENCH_EAGLE3_RUN.search(text):
        out.add("specforge")
    if "offline_inference/spec_decode" in text and _VLLM_EXAMPLE_RUN.search(text):
        out.add("vllm")
    return out


# (tool, pattern of its marks). A name alone ('sglang') counts: users title their pastes.
_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (tool, re.compile(pat, re.IGNORECASE))
    for tool, pat in (
        # the rich titles of AIPerf's speed-bench-report matrix
        ("aiperf", r"(?m)\baiperf\b|^\s*(?:SPEED-Bench )?Acceptance (?:Length|Rate) Report\s*$"),
        ("genai-perf", r"\bgenai[-_ ]perf\b"),
        # SpecForge's benchmark script run by its file name ('python bench_eagle3.py --model
        # ...'), which names no tool: it prints the accept length of the SGLang server it drives.
        # Other projects ship a script of that name (nano-vllm's prints an accepted prefix,
        # bonus left out): only with SpecForge's own flags on the command (its line, or a line
        # it continues onto with a trailing backslash)
        (
            "specforge",
            r"\bspecforge\b|" + _BENCH_EAGLE3 + "|" + _SPECFORGE_METRICS,
        ),
        # FastDeploy's spec log line (token_processor.py) names no tool: its wording does; so
        # does its response body's per-request object ('"speculate_metrics": {...}', a field
        # of FastDeploy's choices that no other server's OpenAI-style response carries)
        (
            "fastdeploy",
            r"\bfastdeploy\b|\bfd_?serving\b|Speculate global accept ratio|\bspeculate_metrics\b",
        ),
        ("mlx", r"\bmlx(?:[-_]v?lm)?\b"),
        # SGLang's attention backends 'trtllm_mla' / 'trtllm_mha' name kernels, not the tool, as
        # does 'trtllm-gen' (the generated attention kernels FlashInfer ships as a backend)
        # ('mtp_nextn=2', '--mtp_nextn 3': the MTP depth as TensorRT-LLM's tests and examples
        # name it; a 'TRTLLM_...' variable is named by the first pattern)
        (
            "trtllm",
            r"\btrtllm(?![-_]m[lh]a\b|[-_]gen\b)|\btensorrt[-_ ]?llm\b|DECODING STATISTICS|"
            r"\bmtp_nextn(?:\s*[=:]\s*|\s+)\d|"
            # the key of its iteration stats (GET /metrics of trtllm-serve, the executor's JSON)
            r"\bspec(?:DecodingStats|_decoding_stats)\b",
        ),
        # (the column of its server bench's SPEED-Bench tables, speed_bench.py's summary and
        # speed_bench_compare.py's comparison: 'avg_pred_t/s', 'base_avg_pred_t/s', the server's
        # timings.predicted_per_second by its own short name; and its server's 'timings' object
        # printed alone, 'jq .timings': '"predicted_n"' then '"draft_n_accepted"' in one object,
        # where no '"draft_rounds"' marks mlx-vlm's server, which mirrors those keys)
        (
            "llamacpp",
            r"llama\.cpp|\bllamacpp\b|\bllama[-_](?:server|speculative|cli|bench)\b|\bn_drafted\b|"
            r"(?<![\w/])(?:base_|spec_)?avg_pred_t/s(?![\w/])|"
            r"\{(?=(?:(?![\"']draft_rounds[\"'])[^{}]){0,2000}\})[^{}]{0,2000}?[\"']predicted_n[\"']"
            r"\s*:\s*\d[^{}]{0,2000}?[\"']draft_n_accepted[\"']\s*:\s*\d",
        ),
        # 'Total generated tokens (retokenized)': a field only sglang.bench_serving prints
        (
            "sglang",
            r"\bsglang\b|\bbench_one_batch|\bbench_speculative\b|\b(?:avg_)?spec_accept_length\b|"
            # its own speculative benchmark named by its file (benchmark/mtbench/)
            r"\bbench_sglang_eagle\.py\b|"
            r"generated tokens \(retokenized\)|"
            # SGLang's own environment variables ('SGLANG_SIMULATE_ACC_LEN=4') and the endpoint
            # that reports its accept length ('/get_server_info' -> 'avg_spec_accept_length')
            r"\bSGLANG_[A-Z][A-Z0-9_]*\b|/get_server_info\b|"
            # its scheduler's per-batch log wording, named as the scheduler's ('the scheduler's
            # `accept len:` logs'; a bare 'accept len' is printed by many scripts)
            r"\bscheduler(?:'s)?\b[^\n.;]{0,60}?\baccept len\b|"
            r"\baccept len\b[^\n.;]{0,40}?\bscheduler\b|"
            # the shape of SGLang's scheduler line, quoted in prose
            r"\bDecode batch\b[^\n]{0,200}?\baccept len\b|"
            # the one line SGLang's benchmark/ scripts (mtbench, ceval, math) print: output
            # tokens / spec_verify_ct
            r"#questions: \d+,[^\n]{0,200}?\bThroughput: [\d.]+ token/s, Acceptance length: |"
            # the result line the same scripts append to their result file, whose backend is
            # SGLang's runtime by its own name ('"backend": "srt"', the scripts' default), its
            # accept length a key of the same flat object
            r"[\"']backend[\"']\s*:\s*[\"']srt[\"']\s*,[^{}\n]{0,400}?[\"']accept_length[\"']\s*:\s*\d|"
            # the header of bench_one_batch_server's report ('| acc length | ITL (ms) | input
            # cost ($/1M) |') and of sglang.test.send_one's table ('Batch Wall (token/s)')
            r"\|\s*acc length\s*\|\s*ITL \(ms\)\s*\|\s*input cost\b|\bBatch Wall \(token/s\)|"
            # the JSON line of its grid search (scripts/playground/bench_speculative.py), in
            # the script's key order: the server's accept length as 'acc_length'
            r'"num_draft_tokens":\s*\d+,\s*"acc_length":\s*[\d.]+,\s*"step_time":|'
            # its three EAGLE settings by their short names, in the order of its flags
            # (--speculative-num-steps, -eagle-topk, -num-draft-tokens) and of its own PRs and
            # scripts ('steps=3, topk=1, draft_tokens=4'); a tool naming a draft tree's top-k
            # calls the rest otherwise ('depth', 'total_token', 'num_speculative_tokens')
            r"\bsteps\s*=\s*\d{1,2}\s*,\s*top_?k\s*=\s*\d{1,2}\s*,\s*"
            r"(?:num_)?draft_tokens\s*=\s*\d{1,3}\b",
        ),
        # (not on LMDeploy's stats line, which prints vLLM's fields after its own head)
        # ('vllm-project/speculators': the owner of another project's repository is no tool;
        # 'vllm-project/vllm' is named by its repository; 'vllm-rs', 'vllm.rs': a Rust engine
        # of its own, whose counters are not vLLM's)
        (
            "vllm",
            r"\bvllm\b(?!-project\b|[-._]rs\b)|(?:^|(?<=\n))(?![^\n]*\bAvg thr \(in/out\):)[^\n]*SpecDecoding metrics|"
            # its V1 stats line's own field as its format string prints it, quoted alone
            # ('Avg Draft acceptance rate: 5.4%': that case, one decimal, '%'), on a line that
            # is not LMDeploy's, which prints vLLM's fields after its own head
            r"(?:^|(?<=\n))(?![^\n]*\bAvg thr \(in/out\):)[^\n]*"
            r"(?-i:\bAvg Draft acceptance rate: \d{1,3}\.\d%)|"
            # its per-request response object ('"speculative_decoding": {"mean_acceptance_length":
            # ..., "num_accepted_draft_tokens": ...}', under the response's 'metrics'), by the
            # counts' key TensorRT-LLM's object of the same name spells 'total_accepted_...'
            r"[\"']speculative_decoding[\"']\s*:\s*\{[^{}]{0,600}?[\"']num_accepted_draft_tokens[\"']",
        ),
        # LMDeploy's stats logger line ('[... DP0] Avg thr (in/out): ...', loggers.py)
        ("lmdeploy", r"\blmdeploy\b|\bAvg thr \(in/out\):"),
        # evalscope perf's speculative rows (benchmark_util.py, rich_display.py)
        ("evalscope", r"\bevalscope\b|\bDecoded Tok/Iter\b"),
        ("mlc", r"\bmlc[-_ ]llm\b|\bmlc_llm\b"),
        # AMD's ROCm ATOM: its name with its owner ('ROCm/ATOM', 'ROCm ATOM'), or its logger's
        # prefix on each server line ('[atom 14:02:11] ...': the name, then a clock); a bare
        # 'atom' is an English word. Also its programs by their module path ('python -m
        # atom.entrypoints.openai_server', 'atom.benchmarks.benchmark_serving': the packages of
        # its own tree; another package named 'atom' has neither), and the field its spec stats
        # line closes on: the distribution of accepted drafts a step as a dict of quoted shares
        # ("Accepted tokens distribution: {0: '14.36%', ...}", its f-string's own print)
        (
            "atom",
            r"\brocm[/ ]atom\b|(?:^|(?<=[\s:]))\[atom \d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\]|"
            r"(?<![\w.])atom\.(?:entrypoints|benchmarks)\.[a-z_]+\b|"
            r"\bAccepted tokens distribution: \{\s*\d{1,2}: '\d",
        ),
        ("tgi", r"\btext[-_ ]generation[-_ ](?:inference|router|launcher)\b|\btgi\b"),
        ("exllama", r"\bexllama(?:v2|v3)?\b|\btabbyapi\b"),
        ("ollama", r"\bollama\b"),
        # TokenSpeed, an SGLang-derived engine: its name alone (its server lines are the line
        # scanner's; in prose and tables its conventions are unsaid, so it decides none)
        ("tokenspeed", r"\btokenspeed\b"),
        # sparkinfer, an inference engine with its own DSpark drafting and an eval bot printing
        # its figures: its name alone, one word (no convention of its own decided)
        ("sparkinfer", r"\bsparkinfer\b"),
        ("transformers", r"\bassisted[_ ]generation\b|\bassistant_model\b"),
    )
)
# AIPerf's speed-bench-report titles: its figures are the run's totals' ratios
AIPERF_REPORT = re.compile(r"^(?:SPEED-Bench )?Acceptance (?:Length|Rate) Report$", re.I)
BENCH_TOOLS = frozenset(("aiperf", "genai-perf", "specforge"))
# a benchmark and the only server it drives, with the words saying it starts or drives it
# (SpecForge's bench_eagle3.py launches an SGLang server and prints that server's accept length)
_DRIVES: dict[str, tuple[str, re.Pattern[str]]] = {
    "specforge": (
        "sglang",
        re.compile(
            r"(?:bench_eagle3(?:\.py)?|specforge)[^.\n]{0,80}?\b(?:launch|start|spawn|drive|run)\w*\s+"
            r"(?:an?\s+|the\s+)?sglang\s+server",
            re.I,
        ),
    )
}


def driving(tools: list[str], text: str) -> str | None:
    """The benchmark among two tools named, the other the server the paste says it starts or
    drives ('bench_eagle3.py can launch a SGLang server'): one pipeline, the benchmark's output."""
    for bench, (server, says) in _DRIVES.items():
        if set(tools) == {bench, server} and says.search(text):
            return bench
    return None


def server_launched(tools: list[str], started: set[str]) -> str | None:
    """The server among two tools named, a benchmark (or the framework shipping it) and the only
    server it drives, where the paste's own command starts that server and never runs the
    benchmark (``started``: the tools the paste's commands start): the launched server is the
    run's ('python -m sglang.launch_server ...' over a card naming SpecForge for its scripts)."""
    for bench, (server, _) in _DRIVES.items():
        if set(tools) == {bench, server} and started == {server}:
            return server
    return None


_BENCH_WORDS = re.compile(
    r"bench(?:mark)?|serving benchmark|trtllm-bench|throughput|request rate|concurrency", re.I
)
_EXAMPLE_WORDS = re.compile(r"\bexamples?/|spec_decode\.py|\bspeculative\.cpp\b", re.I)


# per tool, words its marks hold: a tool's pattern runs only on a text holding one of them
_QUICK: dict[str, tuple[str, ...]] = {
    "aiperf": ("aiperf", "acceptance length report", "acceptance rate report"),
    "genai-perf": ("genai",),
    "specforge": ("specforge", "bench_eagle3.py", "num_valid_predictions"),
    "fastdeploy": (
        "fastdeploy",
        "fd_serving",
        "fdserving",
        "speculate global accept ratio",
        "speculate_metrics",
    ),
    "mlx": ("mlx",),
    "trtllm": (
        "trtllm",
        "tensorrt",
        "decoding statistics",
        "mtp_nextn",
        "specdecodingstats",
        "spec_decoding_stats",
    ),
    "llamacpp": ("llama", "n_drafted", "avg_pred_t/s", "draft_n_accepted"),
    "sglang": (
        "sglang",
        "bench_one_batch",
        "bench_speculative",
        "bench_sglang_eagle",
        "spec_accept_length",
        "sglang_",
        "get_server_info",
        "scheduler",
        "retokenized",
        "decode batch",
        "#questions",
        "itl (ms)",
        "batch wall",
        '"acc_length"',
        "draft_tokens",
        "srt",
    ),
    "vllm": ("vllm", "specdecoding metrics", "num_accepted_draft_tokens", "avg draft acceptance"),
    "lmdeploy": ("lmdeploy", "avg thr (in/out)"),
    "evalscope": ("evalscope", "decoded tok/iter"),
    "mlc": ("mlc",),
    "atom": ("rocm", "[atom ", "atom.entrypoints.", "atom.benchmarks.", "tokens distribution: {"),
    "tgi": ("generation", "tgi"),
    "exllama": ("exllama", "tabbyapi"),
    "ollama": ("ollama",),
    "tokenspeed": ("tokenspeed",),
    "sparkinfer": ("sparkinfer",),
    "transformers": ("assisted", "assistant_model"),
}


_MODEL_ID_TAIL = re.compile(r"[-_][A-Za-z0-9]")


# the serving engines: a name written against CJK characters ('SGLang集成MTP后') counts
_ENGINES = frozenset(("sglang", "vllm", "llamacpp", "trtllm"))


def _names(pat: re.Pattern[str], text: str) -> bool:
    """Whether the pattern names its tool in the text: not as the start of a longer name after
    a '/' (a model id such as 'lmsys/sglang-EAGLE3-LLaMA3.1-Instruct-8B' names a model, not the
    tool that printed the figures)."""
    return any(_is_name(text, m) for m in pat.finditer(text))


# a tool's name as the qualifier of its ecosystem ('the first port in the vLLM ecosystem'): the
# projects around the tool, not the program that printed the figures
_ECOSYSTEM = re.compile(r"[*_`]{0,2}\s+ecosystems?\b", re.I)


def _is_name(text: str, m: re.Match[str]) -> bool:
    """Whether the match names a tool, not the start of a model id after a '/', a later part of
    a path's hyphenated name, nor the qualifier of an ecosystem."""
    if _ECOSYSTEM.match(text, m.end()):
        return False
    if m.start() > 0 and text[m.start() - 1] == "-" and _in_path_name(text, m.start(), m.end()):
        return False
    return m.start() == 0 or text[m.start() - 1] != "/" or not _MODEL_ID_TAIL.match(text, m.end())


# a path part's characters, and a script's or a config's file extension at its end
_PART_CHAR = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
_FILE_EXT = re.compile(r"\.[A-Za-z]{1,5}$")


# the key of a draft model's location right before its value, the path ('"draft_model":
# "/...', 'draft-model-path: /...', '--speculative-draft-model-path /...'): the path holds no
# space, so the key is the last one before it
_DRAFT_KEY = re.compile(
    r"draft[_ -]?(?:model|head|ckpt|checkpoint)(?:[_ -]?(?:path|dir))?[\"'`]?[ \t]*[:=]?[ \t]*"
    r"[\"'`]?[^\s\"'`]*$",
    re.I,
)


def _in_path_name(text: str, start: int, end: int) -> bool:
    """Whether the name at ``start:end``, joined by a hyphen to the words before it, is a later
    part of the last name of a path ('/ckpt/exports/draft-v2-sglang': the model exported for
    that engine; the directory a path points at is no program printing the figures). A script's
    or config's file (`launch-sglang.sh`) may be how the engine was run, and a folder on the
    way (`runs/eval-sglang/out.json`) may say which engine ran: still names."""
    i, lo = start, max(0, start - 160)
    while i > lo and text[i - 1] in _PART_CHAR:
        i -= 1
    if i == 0 or text[i - 1] != "/" or not _DRAFT_KEY.search(text, max(0, i - 240), i):
        return False
    j, hi = end, min(len(text), end + 160)
    while j < hi and text[j] in _PART_CHAR:
        j += 1
    # (the path's last part, what it points at: a part naming a folder on the way, 'runs/
    # eval-sglang/out.json', may say which engine ran)
    return _FILE_EXT.search(text, i, j) is None and (j == len(text) or text[j] not in "/\\")


# a link to a thread of a repository on GitHub ('https://github.com/o/r/pull/16818',
# 'github.com/o/r/issues/12#issuecomment-1', '.../commit/abc123', '.../compare/a...b'): it says
# where a change was discussed or proposed, not which program printed the figures (a pull
# request may change what the tool prints; a fork's is not the tool at all), so it names no
# tool of the paste (``links.py``)
_THREAD_LINK = re.compile(
    r"(?:https?://)?(?:www\.)?github\.com/[\w.-]+/[\w.-]+/"
    r"(?:pull|pulls|issues|discussions|commit|commits|compare)(?:/[^\s)\]>\"'`]*)?",
    re.I,
)


def without_thread_links(text: str) -> str:
    """``text`` with every link to a repository's thread blanked (same length)."""
    if "github.com/" not in text.lower():
        return text
    return _THREAD_LINK.sub(lambda m: " " * len(m.group(0)), text)


def tools_in_thread_links(text: str) -> list[str]:
    """The tools the text's links to repository threads name (a hint, never an attribution)."""
    if "github.com/" not in text.lower():
        return []
    return _named(" \n ".join(m.group(0) for m in _THREAD_LINK.finditer(text)))


def tools_named(text: str) -> list[str]:
    """Every tool the text names, in the order of the table above; a name inside a link to a
    pull request, an issue or a commit is none (:func:`without_thread_links`)."""
    return _named(without_thread_links(text))


def _named(text: str) -> list[str]:
    return list(_named_once(text))


@functools.lru_cache(maxsize=4096)
def _named_once(text: str) -> tuple[str, ...]:
    """:func:`_named` for one text, kept (the readers ask it of the same line many times)."""
    # (an engine named as the owner of a component of its own, 'vLLM's PagedAttention', names
    # no tool of the figures: owned.py)
    text = OW.blanked(text)
    low = text.lower()
    # (the serving engines only: a training framework written against Chinese, '在Specforge框架下
    # 训练', names no tool of the run)
    spaced = _CJK_CHAR.sub(" ", text) if _CJK_CHAR.search(text) else text
    out: list[str] = []
    for tool, pat in _MARKS:
        if any(w in low for w in _QUICK[tool]) and _names(
            pat, spaced if tool in _ENGINES else text
        ):
            out.append(tool)
        elif (
            tool == "sglang"
            and "specforge" not in out
            and "--speculative-algorithm" in low
            and _sglang_flag(text)
        ):
            out.append(tool)  # (its algorithm flag: _SGLANG_FLAG)
        elif tool == "sglang" and "send_one" in low and _send_one_table(text, low):
            out.append(tool)  # (its request script named beside its older table)
    return tuple(out)


_MARK_OF = dict(_MARKS)

# SGLang's launch flag naming the algorithm, with one of its own algorithms' names as its
# argument parser takes them ('--speculative-algorithm EAGLE3'; 0.5.23's enum also holds DSPARK,
# UNO and FROZEN_KV_MTP, NEXTN its alias of EAGLE). LMDeploy takes a flag of that
# name with lower-case choices ('eagle3', 'deepseek_mtp'), vLLM a JSON '--speculative-config',
# TensorRT-LLM's examples '--spec_decode_algo': a lower-case value names no tool. SpecForge's
# benchmark passes the flag on to the SGLang server it drives: beside SpecForge named, the flag
# is the benchmark's argument and names no second tool.
_SGLANG_FLAG = re.compile(
    r"(?<![\w-])--speculative-algorithm(?:\s*=\s*|\s+)[\"'`]?"
    r"(?:EAGLE3?|NEXTN|STANDALONE|NGRAM|DFLASH|DSPARK|UNO|FROZEN_KV_MTP)(?![\w-])"
)


# SGLang's request script (python/sglang/test/send_one.py) by its own name, a word of its own
# ('`send_one`', 'test/send_one.py'; not 'send_one_prompt', 'resend_one'), and the older table
# it prints (tabulate's 'pretty' header row of exactly these four columns, in this order). The
# columns alone are anyone's: a user's script may print them; the script named beside them
# says they are its printout, completion tokens over verify steps (bonus included)
_SEND_ONE_NAME = re.compile(r"(?<![\w-])send_one(?:\.py)?(?![\w-])")
_SEND_ONE_HEADER = re.compile(
    r"^[ \t]*\|[ \t]*Latency \(s\)[ \t]*\|[ \t]*Tokens[ \t]*\|[ \t]*Acc Length[ \t]*\|"
    r"[ \t]*Speed \(token/s\)[ \t]*\|[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)


def _send_one_table(text: str, low: str) -> bool:
    """Whether the text (``low``: it lower-cased) holds send_one's older four-column header row
    and names the script other than in contrast ('unlike `send_one`, my script prints ...')."""
    if "acc length" not in low or not _SEND_ONE_HEADER.search(text):
        return False
    return any(
        not contrasted(text, m.start(), m.end(), _names_a_tool)
        for m in _SEND_ONE_NAME.finditer(text)
    )


def _sglang_flag(text: str) -> bool:
    """Whether the text sets SGLang's algorithm flag (``_SGLANG_FLAG``) other than on an indented
    line it opens: such a line continues a command whose program the text may not show (a
    benchmark's command passing the flag on to the server it drives, read apart from its first
    line)."""
    for m in _SGLANG_FLAG.finditer(text):
        head = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if not head or head.strip():
            return True
    return False


def _contrasted(text: str, start: int, end: int | None = None) -> bool:
    """Whether the tool name at ``start`` (ending at ``end``) is named only in contrast
    (:func:`specdiag.core.logs.contrast.contrasted`; a tool as :func:`tools_named` finds it)."""
    return contrasted(text, start, end, _names_a_tool)


def _names_a_tool(text: str) -> bool:
    return bool(tools_named(text))


# the target of a Rust `tracing` (or `log`) line in its default format: the level, then the module
# path of the code that logged it ('2026-01-02T03:04:05.6Z  INFO fastserve::spec::verify: ...'):
# its first segment is the crate, the program or library that printed the line
_LOG_TARGET = re.compile(
    r"(?m)(?:^|\s)(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+(?P<crate>[a-z][a-z0-9_]{1,40})"
    r"(?:::[a-z][a-z0-9_]{0,40}){1,8}:\s"
)


def log_target(text: str) -> str | None:
    """The crate of the ``tracing`` targets of ``text``'s log lines (``_LOG_TARGET``), where
    they all name the same one, else None."""
    if "::" not in text:
        return None
    crates = {m.group("crate") for m in _LOG_TARGET.finditer(text)}
    return crates.pop() if len(crates) == 1 else None


def tools_attributed(text: str) -> list[str]:
    """The tools the text may attribute its figures to: ``tools_named``, or none when the text
    names each only after a contrast word ('not', 'unlike', 'instead of', 'vs'). A text naming
    one tool beside a contrasted one ('our vLLM fork, unlike SGLang') names both, as a text
    naming two does: the measured side is not told by a contrast alone."""
    named = tools_named(text)
    if not named:
        return named
    # the names as tools_named finds them (an engine's name against CJK words set apart: the
    # same length, so the same places)
    spaced = _CJK_CHAR.sub(" ", text) if _CJK_CHAR.search(text) else text
    places = [
        (m.start(), m.end())
        for tool in named
        for m in _MARK_OF[tool].finditer(spaced if tool in _ENGINES else text)
        if _is_name(spaced if tool in _ENGINES else text, m)
    ]
    if places and all(_contrasted(text, at, end) for at, end in places):
        return []
    # a change's own figures after the setup it is set against ('I've used the vLLM integration
    # before ... With this PR, the 2-token setting gives ~1.5'): the tool named before them is
    # the other side, the change's own engine is not named
    after = _WITH_THE_CHANGE.search(text)
    if places and after is not None and all(end <= after.start() for _, end in places):
        return []
    return named


# after a tool's name: at most three words, a verb reporting a run's figure and a bare value
# closing its sentence or clause (no unit: 'gets 2.58 tok/s' is another measure's); the
# figure's name may stand before or after the value ('gets AL 2.77', 'gets 2.77 AL on average')
_RUN_FIGURE = r"(?:AL|τ|acc(?:ept(?:ance)?)?\.?[ ](?:len(?:gth)?|rate))"
_RUN_SUBJECT = re.compile(
    r"(?:\s+[A-Za-z][\w.+/'-]*){0,3}?\s+"
    + V.REPORT_VERBS
    + r"\s+(?:an?\s+)?(?:"
    + _RUN_FIGURE
    + r"\s+(?:of\s+)?)?(?:(?:only|just|about|around|roughly|approximately|nearly|almost)\s+)?"
    r"[*`]{0,2}[~≈]?\s?\d+(?:\.\d+)?(?!\.?\d)\s*%?[*`]{0,2}"
    r"(?:\s+" + _RUN_FIGURE + r")?(?:\s+on\s+average)?(?=\s*(?:[.;,(]|$))",
    re.I,
)


# after a tool's name: at most two words, then a verb bounding or setting one of its own settings
# by its identifier (snake_case, or a `--flag`) ('vLLM caps max_num_scheduled_tokens at 2048',
# 'SGLang clamps `--max-running-requests` to 64'): the tool's scheduler told, no printer
_SETTING_SUBJECT = re.compile(
    r"(?:\s+[A-Za-z][\w.+'-]*){0,2}?\s+(?:caps|capped|clamps|clamped|limits|limited|"
    r"restricts|restricted|bounds|truncates|lowers|raises|reduces|forces|defaults)\s+"
    r"(?:(?:the|its)\s+)?[`'\"]?(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|--[a-z][a-z0-9-]+)\b",
    re.I,
)


def setting_subjects(text: str) -> set[str]:
    """The tools ``text`` names only as the subject of a verb bounding one of its settings
    by the setting's identifier ('vLLM caps max_num_scheduled_tokens at 2048'): a caveat
    about how the tool scheduled the run, never the printer of the text's figures."""
    plain = without_thread_links(text)
    out = set()
    for tool in tools_named(text):
        ends = [m.end() for m in _MARK_OF[tool].finditer(plain) if _is_name(plain, m)]
        if ends and all(_SETTING_SUBJECT.match(plain, e) for e in ends):
            out.add(tool)
    return out


# a bracket citing where something was said: a tool's name, then an issue's or a pull request's
# number ('(SGLang, sglang#21138)', '(vLLM, vllm#412)'), a forum thread ('(vLLM, t/366660)') or such a
# link, and nothing else of a sentence
_CITATION = re.compile(
    r"[(（][^()（）\n]{0,60}?(?:#\d+|\bt/\d+|/(?:issues|pull|discussions)/\d+)[^()（）\n]{0,20}[)）]"
)


def cited_only(text: str) -> set[str]:
    """The tools ``text`` names only inside brackets citing a thread or an issue by its number
    ('crashes (vLLM, t/366660)'): where another said it, not the printer of the figures."""
    spans = [(m.start(), m.end()) for m in _CITATION.finditer(text)]
    if not spans:
        return set()
    out: set[str] = set()
    for tool in tools_named(text):
        places = [m for m in _MARK_OF[tool].finditer(text) if _is_name(text, m)]
        if places and all(any(a <= m.start() < b for a, b in spans) for m in places):
            out.add(tool)
    return out


# a move from one tool to another ('moved from Ollama on Windows to llama.cpp on WSL', 'we
# switched from vLLM to SGLang'): the clause's origin, then the tool moved to, in one sentence
# (a dot inside a name, 'llama.cpp', ends none)
_MOVE = re.compile(
    r"\b(?:mov|switch|migrat|port)(?:ed|ing)\s+(?:over\s+|away\s+)?from\s+"
    r"(?P<src>(?:[^.;!?\n]|\.(?=\S)){1,60}?)\s+(?:over\s+)?to\s+"
    r"(?P<dst>(?:[^.;!?\n]|\.(?=\S)){1,60})",
    re.I,
)


def left_for(text: str) -> set[str]:
    """The tools ``text`` names only as the origin of a move to another tool ('moved from
    Ollama to llama.cpp'): the tool left behind, not the printer of the figures measured after
    the move. A tool named elsewhere too, or a move to no tool, leaves none."""
    moves = [m for m in _MOVE.finditer(text) if tools_named(m.group("dst"))]
    if not moves:
        return set()
    out: set[str] = set()
    for tool in tools_named(text):
        places = [m for m in _MARK_OF[tool].finditer(text) if _is_name(text, m)]
        if places and all(
            any(mv.start("src") <= p.start() < mv.end("src") for mv in moves) for p in places
        ):
            out.add(tool)
    return out


def name_places(text: str, tool: str) -> list[tuple[int, int]]:
    """Where ``text`` names ``tool`` (as :func:`tools_named` reads it: an engine's name against
    CJK characters counts), as (start, end) spans."""
    src = _CJK_CHAR.sub(" ", text) if tool in _ENGINES else text
    return [m.span() for m in _MARK_OF[tool].finditer(src) if _is_name(src, m)]


def other_runs(text: str) -> set[str]:
    """The tools the text names only as the subject of a sentence or clause of their own bare
    value ('Our branch gets AL 2.61. SGLang gets 2.58.'): each that value's run, set beside the
    text's other figures, never their printer."""
    plain = without_thread_links(text)
    spaced = _CJK_CHAR.sub(" ", plain) if _CJK_CHAR.search(plain) else plain
    out = set()
    for tool in tools_named(text):
        src = spaced if tool in _ENGINES else plain
        ends = [m.end() for m in _MARK_OF[tool].finditer(src) if _is_name(src, m)]
        # (the words after the name as written: a CJK figure's name is no gap)
        if ends and all(_RUN_SUBJECT.match(plain, e) for e in ends):
            out.add(tool)
    return out


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def subject_engines(line: str) -> dict[int, str]:
    """Where a line's sentence or clause has a tool for its subject and its own bare value
    ('SGLang gets 2.58.', the shape of :func:`other_runs`): the value's start mapped to that
    tool. Empty where the line names no tool."""
    if not (named := tools_named(line)):
        return {}
    out: dict[int, str] = {}
    for tool in named:
        for m in _MARK_OF[tool].finditer(line):
            if not _is_name(line, m) or (run := _RUN_SUBJECT.match(line, m.end())) is None:
                continue
            if nums := list(_NUMBER.finditer(run.group())):
                out[run.start() + nums[-1].start()] = tool
    return out


def subject_engine(line: str, values: list[str]) -> str | None:
    """The one tool that is the subject of the clause of every place a record's figures are
    printed in the line (:func:`subject_engines`); None otherwise."""
    return _one_engine(subject_engines(line), line, values, "")


def _one_engine(engines: dict[int, str], line: str, values: list[str], hedge: str) -> str | None:
    """The one engine ``engines`` (by the place of a value, perhaps after ``hedge``) gives every
    place the line prints each of the values; None where any place has none."""
    if not engines:
        return None
    found: set[str] = set()
    for val in values:
        v = val.strip().strip("*`~≈ ").rstrip("%").strip()
        if not v:
            continue
        places = [
            m.start()
            for m in re.finditer(r"(?<![\w.])" + hedge + re.escape(v) + r"(?![\w.]?\d)", line)
        ]
        if not places or any(p not in engines for p in places):
            return None
        found.update(engines[p] for p in places)
    return found.pop() if len(found) == 1 else None


# a sentence opening on the change under test ('With this PR,', 'With the patch applied,')
_WITH_THE_CHANGE = re.compile(
    r"(?:^|[.!?]\s+|\n\s*)(?:with|after|using)\s+(?:this|the|my|our)\s+"
    r"(?:PR|pull\s+request|patch|change|branch|fix|commit)\b",
    re.I,
)


def kind_of(text: str, tool: str) -> str | None:
    """'bench' or 'example' when the text says so, else None."""
    if _EXAMPLE_WORDS.search(text):
        return "example"
    if tool in BENCH_TOOLS or _BENCH_WORDS.search(text):
        return "bench"
    return None


def engine_of(cell: str) -> str | None:
    """The one tool a label cell names ('SGLang 0.5.3', 'vLLM'), else None."""
    named = tools_named(cell)
    return named[0] if len(named) == 1 else None


# a link into a tool's own source repository ('github.com/sgl-project/sglang/blob/...')
_REPOS = re.compile(
    r"github\.com/(?P<repo>sgl-project/sglang|vllm-project/vllm|ggml-org/llama\.cpp|"
    r"ggerganov/llama\.cpp|NVIDIA/TensorRT-LLM|PaddlePaddle/FastDeploy|ml-explore/mlx-lm|"
    r"ai-dynamo/aiperf)(?=[/#?)\s]|$)",
    re.IGNORECASE,
)
_REPO_TOOL = {
    "sgl-project/sglang": "sglang",
    "vllm-project/vllm": "vllm",
    "ggml-org/llama.cpp": "llamacpp",
    "ggerganov/llama.cpp": "llamacpp",
    "nvidia/tensorrt-llm": "trtllm",
    "paddlepaddle/fastdeploy": "fastdeploy",
    "ml-explore/mlx-lm": "mlx",
    "ai-dynamo/aiperf": "aiperf",
}


def linked(text: str) -> set[str]:
    """The tools whose own source repository the text links to (not a link to a thread of it:
    a pull request, an issue, a commit)."""
    if "github.com/" not in text.lower():
        return set()
    return {
        _REPO_TOOL[m.group("repo").lower()] for m in _REPOS.finditer(without_thread_links(text))
    }


# a field of the paste that says what served the run ('- **Backend:** llamacpp/vulkan',
# 'engine = vllm 0.11'): the tool whose conventions the paste's figures follow
_DECLARED = re.compile(
    r"^[\s>*_`-]*(?:inference |serving )?(?:backend|engine|server|framework|runtime|stack)[*_`]*\s*"
    r"[:=][*_`\s]*(?P<v>[^\n]{1,120})$",
    re.IGNORECASE | re.MULTILINE,
)
# ... written in Chinese, opening its line or a clause ('服务框架为 SGLang 0.5.16。', '推理引擎：vLLM',
# '后端是 llama.cpp'): the field's value up to the clause's end (never another framework's: a
# training framework, '训练框架为 SpecForge', opens with another word)
_DECLARED_ZH = re.compile(
    r"(?:^[\s>*_`-]*|[，。；]\s*)(?:推理|服务|部署|运行)?(?:框架|引擎|后端)[*_`]*\s*"
    r"(?:为|是|[:：=])[*_`\s]*(?P<v>[^\n。；;，,]{1,60})",
    re.MULTILINE,
)


# a command line that starts a tool's server ('python3 -m sglang.launch_server --model ...',
# 'vllm serve Qwen/...', 'llama-server -m ...', 'trtllm-serve ...'): the server that ran
_LAUNCH = re.compile(
    r"^[\s$>`]{0,8}(?:[A-Z_][A-Z0-9_]{0,39}=[^\s=]{0,200}\s+){0,8}(?:"
    r"python3?\s+-m\s+(?P<sglang>sglang)\.launch_server|"
    r"python3?\s+-m\s+(?P<vllm1>vllm)\.entrypoints\.\S+|(?P<vllm2>vllm)\s+serve|"
    r"\S*(?P<llamacpp>llama-server)|(?P<trtllm>trtllm-serve)|"
    # an engine's own server image started with docker ('docker run --gpus all
    # vllm/vllm-openai:v0.11.0 --model ...', 'lmsysorg/sglang', 'ggml-org/llama.cpp:server')
    r"docker\s+run\b[^\n]*?\s(?:\S*/)?(?:(?P<vllm3>vllm-openai)|lmsysorg/(?P<sglang2>sglang)|"
    r"llama\.cpp:(?P<llamacpp2>server)))\b(?:[:@]\S*)?(?:\s+\S|\s*\\?$)",
    re.MULTILINE,
)
_LAUNCH_TOOL = {
    "sglang": "sglang",
    "sglang2": "sglang",
    "vllm1": "vllm",
    "vllm2": "vllm",
    "vllm3": "vllm",
    "llamacpp": "llamacpp",
    "llamacpp2": "llamacpp",
    "trtllm": "trtllm",
}


# a command line running a shell script named for starting one engine's server
# ('./serve_sglang_qwen-tp1.sh', 'bash scripts/launch-vllm.sh'): the words of its file name
_SCRIPT_RUN = re.compile(
    r"^[\s$>`]{0,8}(?:(?:bash|sh|zsh)\s+)?(?:\.?/)?(?:[\w.-]+/)*(?P<name>[\w.+-]+)\.sh(?=\s|`|$)",
    re.MULTILINE,
)
_SCRIPT_VERBS = frozenset(("serve", "server", "launch", "start"))
_SCRIPT_ENGINES = {"sglang": "sglang", "vllm": "vllm", "trtllm": "trtllm", "llamacpp": "llamacpp"}


def _script_launched(text: str) -> set[str]:
    """The engines whose servers the paste starts by a script named for it: a command line
    running a '.sh' file whose name holds a word of starting a server ('serve', 'launch') and
    one engine's name as words of their own ('serve_sglang_qwen-tp1.sh'); none where a name
    holds two engines."""
    if ".sh" not in text:
        return set()
    out: set[str] = set()
    for m in _SCRIPT_RUN.finditer(text):
        words = set(re.split(r"[_.+-]+", m.group("name").lower()))
        engines = {_SCRIPT_ENGINES[w] for w in words & _SCRIPT_ENGINES.keys()}
        if len(engines) == 1 and words & _SCRIPT_VERBS:
            out |= engines
    return out


def launched(text: str) -> set[str]:
    """The tools whose servers the paste's command lines start (a script named for one's too)."""
    out: set[str] = _script_launched(text)
    if (
        "bench_eagle3" in text
        and ("--config-list" in text or "--benchmark-list" in text)
        and _BENCH_EAGLE3_RUN.search(text)
    ):
        # SpecForge's benchmark run with its own flags: it starts the server it measures and
        # prints the tables of its runs (SGLang's accept length, bonus included)
        out.add("specforge")
    if "offline_inference/spec_decode" in text and _VLLM_EXAMPLE_RUN.search(text):
        out.add("vllm")  # (vLLM's offline example: the engine run in process)
    low = text.lower()
    if not any(
        w in low for w in ("launch_server", "serve", "llama-server", "entrypoints", "docker run")
    ):
        return out
    for m in _LAUNCH.finditer(text):
        out.update(_LAUNCH_TOOL[g] for g, v in m.groupdict().items() if v)
    return out


# the paste names a tool as the server of its runs: a verb of serving, then, in the same
# sentence, a preposition right before the tool's name ('when serving models with EAGLE drafts
# in vLLM 0.17.1', 'deployed on SGLang', 'patches to enable the model on SGLang'), or a list
# item of the setup opening on the tool and its version ('* vLLM 0.17.1, v1 engine'); never a
# feature's origin ('vLLM 0.9 added ...')
_SERVING = re.compile(
    r"\b(?:serv(?:e|es|ed|ing)|deploy(?:s|ed|ing)?|host(?:s|ed|ing)?|enabl(?:e|es|ed|ing))\b"
    r"(?P<rest>[^!?;\n]{0,100})",
    re.IGNORECASE,
)
_SERVED_IN = re.compile(
    r"\b(?:in|with|on|using|via|under|through)\s+(?:(?:the|our|a|an|stock|upstream|plain)\s+)*"
    r"[*_`]*(?P<v>[A-Za-z][\w.-]*(?:[ -][A-Za-z][\w.-]*)?)",
    re.IGNORECASE,
)
_SETUP_ITEM = re.compile(
    r"^[ \t>]*(?:[-*\u2022+]|\d{1,2}[.)])[ \t]+[*_`]*(?P<v>[A-Za-z][\w.-]{1,24}(?:[ -][A-Za-z][\w.-]{1,24})?)"
    r"[*_`]*[ \t]+v?\d+(?:\.\d+)+[\w.+-]*[*_`]*[ \t]*(?:[,;(]|$)",
    re.MULTILINE,
)
# a field of the setup giving the tool's version ('**vLLM version**: 0.11.2', 'SGLang version =
# v0.5.1 (nightly)'), as an environment report or an issue's form states it: the run's server
_VERSION_FIELD = re.compile(
    r"^[ \t>*_`-]*(?P<v>[A-Za-z][\w.-]{1,24})[ _-]version[*_`]*[ \t]*[:=][*_`\s]*v?\d+(?:\.\d+)+",
    re.MULTILINE | re.IGNORECASE,
)

# a recipe's or a config's field requiring the engine's version ('min_vllm_version: "0.12.0"',
# 'sglang_version = 0.5.2'): the engine the recipe is served by
_REQUIRED_FIELD = re.compile(
    r"^[ \t>*-]*[\"'`]?(?:(?:min|minimum|required)[_-])?(?P<v>[a-z][\w.]{1,20}?)[_-]version[\"'`]?"
    r"[ \t]*[:=][ \t]*[\"'`]?[>=~^ ]*v?(?P<ver>\d+(?:\.\d+)+)",
    re.IGNORECASE | re.MULTILINE,
)


def required(text: str) -> set[str]:
    """The engines a recipe's version fields require ('min_vllm_version: "0.12.0"')."""
    if "version" not in text.lower():
        return set()
    out: set[str] = set()
    for m in _REQUIRED_FIELD.finditer(text):
        named = tools_named(m.group("v").replace("_", " "))
        if len(named) == 1 and not _OLD_VLLM.match(f"{named[0]} {m.group('ver')}"):
            out.add(named[0])
    return out


# a container image reference after 'image' ('image `vllm-qwen3:fp8-a1b2`', 'image:
# lmsysorg/sglang:v0.5.2', 'the deployment image is `...`'): a repository path with a tag or a
# digest
_IMAGE = re.compile(
    r"\b(?:image|container\s+image|docker\s+image)\s*(?:[:=]|\s(?:is|was))?\s*[`'\"]?"
    r"(?P<v>[a-z0-9][\w./-]{1,80}(?::[\w.-]{1,60}|@sha256:[0-9a-f]{6,64}))",
    re.I,
)

# a figure's source other than the paste's own runs ('the EAGLE-3 paper reports', 'the model
# card's AL', 'Li et al.', 'published'): the server named elsewhere did not print it
_ANOTHER_SOURCE = re.compile(
    r"\b(?:papers?|(?:model|dataset)\s*cards?|published|publication|preprint|arxiv|et\s+al|"
    r"official|according\s+to|upstream|vendor|advertised|claimed|leaderboard|blog\s*post|"
    r"reported\s+(?:by|in))\b",
    re.IGNORECASE,
)


# a source's word right before its own figure ('1.42 vs advertised 6.30', 'the claimed 3.1'):
# that figure set apart as the source's, the rest of the text still the paste's own runs
_SOURCE_FIGURE = re.compile(
    r"\b(?:advertised|claimed|published|official|upstream)\s+[~≈]?\d+(?:\.\d+)?\s*%?", re.I
)


def another_source(text: str) -> bool:
    """Whether the text names a source of figures other than the paste's own runs (a source
    named only right before its own figure, ``_SOURCE_FIGURE``, is none)."""
    return _ANOTHER_SOURCE.search(_SOURCE_FIGURE.sub(" ", text)) is not None


# a paper's text or notes on one: its own tables and figures referred to by number ('(Table
# 6)', 'Table 1:', 'Figure 3'), citations ('Kwon et al.', 'Appendix A.2')
_PAPER_MARK = re.compile(
    r"\(Tables?\s+\d+\)|^\W*(?:L\d+:\s*)?Table\s+\d+[.:]|\bet\s+al\.|\bAppendix\s+[A-Z0-9]|"
    r"\b(?:Figures?|Fig\.)\s*\d+\b",
    re.M,
)
PAPER_RULE = (
    "named in a paper's text (its numbered tables or figures, citations): the engine its "
    "experiments ran on; the figures are the paper's own metrics, their convention its own"
)


def own_metric(tool: str, body: str) -> bool:
    """Whether ``body`` prints an acceptance figure under the tool's own namespaced metric name
    ('sglang:spec_accept_length', 'vllm:spec_decode_num_accepted_tokens'): the engine's line."""
    return re.search(rf"(?<![\w-]){re.escape(tool)}:\w*accept", body, re.I) is not None


def paper_text(text: str) -> bool:
    """Whether the paste is a paper's text or notes on one (``_PAPER_MARK``)."""
    return _PAPER_MARK.search(text) is not None


# (its version field too: '**vLLM version**: 0.8.5')
_OLD_VLLM = re.compile(r"\bvllm[\s=:*_`-]*(?:version[\s=:*_`-]*)?v?0\.[0-8](?!\d)", re.IGNORECASE)


# a sentence or a list item whose subject is a tool that logged something in the runs ('- vLLM
# warned that this model does not support ...', 'SGLang logged a fallback to ...'): the tool's
# own output relayed, so the tool ran them (never 'reported by' or 'in', a source cited)
_LOGGED_BY = re.compile(
    r"(?:^[ \t>]*(?:(?:[-*\u2022+]|\d{1,2}[.)])[ \t]+)?|[.!?][ \t]+)(?:the[ \t]+)?[*_`]*"
    r"(?P<v>[A-Za-z][\w.-]{1,24})[*_`]*(?:[ \t]+(?:server|engine|runtime))?[ \t]+"
    r"(?:warned|logged|printed|emitted|reported)\b(?![ \t]+(?:by|in)\b)",
    re.MULTILINE | re.IGNORECASE,
)
_LOGGED_WORDS = ("warned", "logged", "printed", "emitted", "reported")


# a lead-in line saying the run's engine reported what follows ('The runtime reported low
# acceptance during the gate:', 'vLLM logged:', 'the server printed these stats:')
_REPORTED_BELOW = re.compile(
    r"(?:^|\s)(?:the\s+)?[*_`]*(?P<v>[A-Za-z][\w.-]{1,24})[*_`]*\s+(?:reported|logged|printed)\b"
    r"[^:\n]*:[ \t]*$",
    re.IGNORECASE,
)


def reported_below(line: str, tool: str) -> bool:
    """Whether ``line``, right above a list, says the run's engine (``tool``, or the runtime,
    the server, the engine) reported what follows: its own figures, relayed."""
    if not any(w in line.lower() for w in ("reported", "logged", "printed")):
        return False
    m = _REPORTED_BELOW.search(line)
    if m is None or another_source(line):
        return False
    v = m.group("v").lower()
    return v in ("runtime", "server", "engine") or tools_named(m.group("v")) == [tool]


def served(text: str) -> set[str]:
    """The tools the paste names as the server of its runs (each phrase naming one tool):
    'serving ... in vLLM 0.17.1', a setup item '* vLLM 0.17.1, v1 engine', a recipe's field
    'min_vllm_version: "0.12.0"', a sentence or an item whose subject is the tool logging in
    the runs ('- vLLM warned that ...')."""
    out: set[str] = set()
    low = text.lower()
    if any(w in low for w in ("serv", "deploy", "host", "enabl")):
        for m in _SERVING.finditer(text):
            if _VERSUS_WORDS.search(text, max(0, m.start() - 30), m.start()):
                continue  # 'unlike serving in SGLang': the other side of a comparison
            # the sentence's own words: a full stop ends it, a version's dots do not
            rest = re.split(r"\.(?!\d)", m.group("rest"), maxsplit=1)[0]
            for p in _SERVED_IN.finditer(rest):
                named = tools_named(p.group("v"))
                if len(named) == 1 and not _VERSUS_WORDS.search(rest[: p.start()]):
                    out.add(named[0])
                    break
    for m in (*_SETUP_ITEM.finditer(text), *_VERSION_FIELD.finditer(text)):
        named = tools_named(m.group("v"))
        if len(named) == 1:
            out.add(named[0])
    out |= required(text)
    if any(w in low for w in _LOGGED_WORDS):
        # the tool the subject of what was logged in the runs ('vLLM warned that ...')
        for m in _LOGGED_BY.finditer(text):
            named = tools_named(m.group("v"))
            if len(named) == 1:
                out.add(named[0])
    if any(w in low for w in ("serv", "deploy", "host")):
        # the container image of the deployment, named for its engine ('image
        # `vllm-qwen3:fp8-a1b2`', 'image: vllm/vllm-openai:v0.11.0'): that engine serves it
        for m in _IMAGE.finditer(text):
            named = tools_named(m.group("v"))
            if len(named) == 1:
                out.add(named[0])
    if "vllm" in out and _OLD_VLLM.search(text):
        out.discard("vllm")  # vLLM before 0.9 printed its length without the bonus token
    return out


# SGLang's own names for its speculative settings, set to a number ('--speculative-num-steps 3',
# 'speculative-eagle-topk=8', '"speculative_num_steps": 3'): no other engine takes them (vLLM
# names 'num_speculative_tokens'; LMDeploy shares only 'speculative-num-draft-tokens')
_SGLANG_FLAGS = re.compile(
    r"speculative[-_](?:num[-_]steps|eagle[-_]topk)\b[\"'`]?\s*(?:[:=]\s*|\s+)[\"'`]?\d",
    re.IGNORECASE,
)
# SGLang's launch flag putting attention data-parallel ('--enable-dp-attention', a switch: no
# value), spelt so by no other engine (vLLM takes '--data-parallel-size' alone; TensorRT-LLM's
# option is 'enable_attention_dp'): the server the paste launched or reports on is SGLang's
_SGLANG_DP_ATTENTION = re.compile(r"(?<![\w-])--enable-dp-attention(?![\w-])", re.IGNORECASE)


# llama.cpp's own speculative flags set to a value ('--spec-type draft-mtp' or another of its
# speculation types, '--spec-draft-n-max 2', '--spec-draft-p-min 0.5', '--spec-ngram-mod-n-match 12'; its older '--draft-max 8',
# '--draft-p-min 0.6'): no other engine takes them (vLLM and SGLang spell 'speculative', MLX
# '--num-draft-tokens')
_LLAMACPP_FLAGS = re.compile(
    r"(?<![\w-])--(?:spec-type[ =](?:draft|ngram|mtp|eagle)[\w-]*|"
    r"spec-(?:draft|ngram)-[a-z][\w-]*[ =][\w.-]|draft-(?:max|min|p-min)[ =]\d)",
    re.IGNORECASE,
)
# llama.cpp's bug-report form (its repository's issue template, kept by its forks): a heading of
# the form's field for the ggml backends used ('### GGML backends'), another of its fields (the
# version, the first bad commit, the operating systems) beside it; a heading alone, or prose
# naming GGML backends, is no form
_LLAMACPP_FORM = re.compile(r"^#{2,4}[ \t]+GGML backends[ \t]*$", re.MULTILINE | re.IGNORECASE)
_LLAMACPP_FORM_FIELD = re.compile(
    r"^#{2,4}[ \t]+(?:Name and Version|First Bad Commit|Operating systems|Git commit)[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


def flagged(text: str) -> set[str]:
    """The tool whose own server flags the paste sets (SGLang's speculative settings and its
    data-parallel attention switch; llama.cpp's speculative flags), or whose bug-report form it
    fills (llama.cpp's)."""
    low = text.lower()
    out: set[str] = set()
    if "speculative" in low and _SGLANG_FLAGS.search(text):
        out.add("sglang")
    if "--enable-dp-attention" in low and _SGLANG_DP_ATTENTION.search(text):
        out.add("sglang")
    if ("--spec-" in low or "--draft-" in low) and _LLAMACPP_FLAGS.search(text):
        out.add("llamacpp")
    if "ggml backends" in low and _LLAMACPP_FORM.search(text) and _LLAMACPP_FORM_FIELD.search(text):
        out.add("llamacpp")
    return out


def declared(text: str) -> set[str]:
    """The tools the paste's backend or engine fields name (one field naming one tool each)."""
    out: set[str] = set()
    fields = list(_DECLARED.finditer(text))
    if "框架" in text or "引擎" in text or "后端" in text:
        fields += _DECLARED_ZH.finditer(text)
    for m in fields:
        named = tools_named(m.group("v"))
        if len(named) == 1:
            out.add(named[0])
    return out


# a sentence saying what measured the figures ('Benchmarked with our SGLang fork', 'numbers
# measured on vLLM 0.11', 'results from llama-server', 'metrics scraped from vLLM's /metrics'):
# the tool whose metrics they are, a fork keeping its upstream's definitions
_MEASURED = re.compile(
    r"\b(?:benchmark(?:ed|s)?|measured|served|evaluated|profiled|tested|numbers|results|figures|"
    r"metrics|measurements|runs?|ran)\s+(?:(?:are|were|is|was|all|here|above|below|run|done|"
    r"collected|taken|obtained|scraped|pulled|read|gathered|recorded|exported|logged|"
    r"extracted|fetched|queried|polled)\s+){0,3}"
    r"(?:with|on|using|via|from|through|under|by)\s+"
    r"(?:(?:our|the|a|an|upstream|stock|patched|local|own)\s+)*(?P<v>(?:[^\n.;,()]|\.(?=\w)){1,40})",
    re.IGNORECASE,
)


# a sentence saying which engine the run is ('this is the **vLLM stack** — vLLM 0.12 with ...',
# 'these runs are on the SGLang engine', "it's the llama.cpp build"): the subject the paste's
# own run ('this', 'these', 'it', perhaps 'row', 'run(s)', 'number(s)'), a copula, then one tool's
# name (perhaps its version) and a word for its software (stack, engine, backend, runtime,
# server, build), as the engine field ('Engine: vLLM') says it. Not a possessive or a trace
# after it ('the vLLM stack's fault', 'the vLLM stack trace'), nor a negation, a question or a
# condition ('this is not ...', 'is this the ...?', 'if this is the ...': _IDENTITY_HEDGE)
_IDENTITY = re.compile(
    r"(?<![\w'’])(?:this|these|it)(?:\s+(?:row|rows|run|runs|number|numbers|one))?"
    r"(?:\s+(?:is|are|was|were)|['’]s)(?:\s+all)?(?:\s+(?:on|from))?"
    r"\s+(?:(?:the|an?|our|my|plain|stock|upstream)\s+)?[*_`]{0,2}(?P<v>[A-Za-z][\w.+-]{1,24})"
    r"[*_`]{0,2}(?:\s+v?\d+(?:\.\d+){0,3})?[*_`]{0,2}\s+[*_`]{0,2}"
    r"(?:stack|engine|backend|runtime|server|build)\b(?![*_`]{0,2}(?:['’]s\b|\s+trace))",
    re.IGNORECASE,
)
# the end of the sentence after it ('0.12.1' holds no end): a '?' makes it a question
_SENTENCE_END = re.compile(r"[.!?](?!\w)|\n")
_IDENTITY_WORDS = (" stack", " engine", " backend", " runtime", " server", " build")
# words before the subject in its clause making the sentence no statement of the run's engine
_IDENTITY_HEDGE = re.compile(
    r"\b(?:if|whether|unless|suppose|assuming|maybe|perhaps|wonder|not)\b", re.I
)


def identified(text: str) -> set[str]:
    """The tools a sentence of the text says the run is (``_IDENTITY``), each naming one."""
    low = text.lower()
    if not any(w in low for w in _IDENTITY_WORDS):
        return set()
    out: set[str] = set()
    for m in _IDENTITY.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?;:\n")
        stop = _SENTENCE_END.search(text, m.end())
        if _IDENTITY_HEDGE.search(text, start + 1, m.start()) or (
            stop is not None and stop.group() == "?"
        ):
            continue
        named = tools_named(m.group("v"))
        if len(named) == 1:
            out.add(named[0])
    return out


def measured_with(text: str) -> set[str]:
    """The tools the paste says measured its figures (each such phrase naming one tool; SGLang
    where the paste names its own benchmark script, _OWN_BENCH; the tool a sentence says the
    run is, ``identified``)."""
    return _measured_phrases(text) | identified(text)


def _measured_phrases(text: str) -> set[str]:
    low = text.lower()
    if not any(
        w in low
        for w in (
            "bench",
            "measure",
            "served",
            "evaluat",
            "profil",
            "tested",
            "numbers",
            "results",
            "figures",
            "metrics",
            "run",
            "ran ",
        )
    ):
        return set()
    out: set[str] = set()
    for m in _MEASURED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not text[line_start : m.start()].strip(" #>*_`-") and _HOW_TO.match(
            text[line_start : m.end()]
        ):
            continue  # a title of what to do ('Run with vLLM', '## Serving with SGLang')
        # the tool before a comparison ('on H100 vs vLLM' names the compared one, not the
        # measuring one); a phrase naming two tools ('on SGLang and vLLM') decides nothing
        v = m.group("v")
        before = _VERSUS_WORDS.split(v, maxsplit=1)[0]
        named = tools_named(before)
        if len(named) == 1 and len(tools_named(v)) == 1:
            out.add(named[0])
    if "bench_sglang_eagle" in low and _OWN_BENCH.search(text):
        out.add("sglang")
    return out


# SGLang's own speculative benchmark named as what ran ('Canonical benchmark:
# `benchmark/mtbench/bench_sglang_eagle.py`', 'python3 bench_sglang_eagle.py --num-questions
# 80'): its lines print the server's accept length, output tokens over verify steps
_OWN_BENCH = re.compile(r"(?:^|[\s/`])bench_sglang_eagle\.py\b(?![^\n]*\b(?:vs\.?|versus)\b)")


_VERSUS_WORDS = re.compile(r"\b(?:vs\.?|versus|than|compared|unlike|against|instead|not)\b", re.I)


# a tool named as where a feature comes from ('a scheduler added in SGLang 0.5', 'added in
# vLLM 0.9', 'supported since llama.cpp b4000'): what the tool offers, not what printed figures
_FEATURE_ORIGIN = re.compile(
    r"\b(?:introduced|added|shipped|landed|merged|released|supported|enabled)\s+"
    r"(?:(?:first|only|already|recently|natively)\s+)?(?:in|since|with|by)\s+"
    r"(?:(?:the|upstream|recent|newer)\s+)*$",
    re.IGNORECASE,
)
# a figure's line: a number left once tool names and their versions ('vLLM 0.11') are gone
_TOOL_VERSION = re.compile(
    r"(?:\bsglang|\bvllm|llama\.cpp|\btrtllm|\btensorrt[-_ ]?llm)[\s-]*v?\d+(?:\.\d+)*",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
# a line below the figures that says where they came from ('Numbers measured on vLLM 0.11',
# 'Served by our SGLang server'); a title of what to do next ('Usage with vLLM', 'Run with
# SGLang', 'Serving with vLLM', 'How to deploy') is the next section's
_SOURCE_BELOW = re.compile(
    r"\b(?:measured|benchmarked|obtained|collected|reported|printed|produced|logged|tested|"
    r"evaluated|profiled|served|ran|(?:numbers|figures|results|output|outputs|metrics|"
    r"measurements)(?:\s+(?:are|were|is|was))?)\s+(?:\w+\s+){0,3}?(?:with|on|using|by|from|in|"
    r"of|through|via)\b",
    re.IGNORECASE,
)
_HOW_TO = re.compile(
    r"^[\s#>*_`-]*(?:usage|use|using|run|running|serve|serving|deploy(?:ing|ment)?|launch(?:ing)?|"
    r"install(?:ing|ation)?|inference|quick\s*start|getting\s+started|how\s+to|example)\b",
    re.IGNORECASE,
)


def _says_source(line: str) -> bool:
    """Whether a line below the figures says which tool measured or printed them."""
    return not _HOW_TO.match(line) and bool(measured_with(line) or _SOURCE_BELOW.search(line))


def attributing_text(block_lines: list[str], heading: str) -> tuple[str, str]:
    """The text of a block and of its heading whose tool names may attribute the block's
    figures to a tool: a name is evidence that the figures came from that tool only where it
    stands at or above them (the block's title, its heading, prose before or beside the
    figures, a printout's own marks). Left out: the block's lines below its last figure (a
    following section's title, 'Usage with vLLM', says how to run a model, not what printed the
    figures above it), unless such a line says the figures were measured or printed there
    ('Numbers measured on vLLM 0.11'); and anywhere, a name after words that give a feature's
    origin ('a scheduler added in SGLang 0.5'), which mention the tool, not the run."""
    last = max(
        (i for i, t in enumerate(block_lines) if _DIGIT.search(_TOOL_VERSION.sub(" ", t))),
        default=len(block_lines) - 1,
    )
    kept = block_lines[: last + 1] + [
        t for t in block_lines[last + 1 :] if not tools_named(t) or _says_source(t)
    ]
    return without_origins("\n".join(kept)), without_origins(heading)


_ORIGIN_WORDS = (
    "introduced",
    "added",
    "shipped",
    "landed",
    "merged",
    "released",
    "support",
    "enabled",
)


# a model made for a tool ('a draft trained to accelerate org/model-7B with speculative
# decoding in vLLM', 'a head built for serving in SGLang', 'designed for use with vLLM'): where the
# model is meant to run, not what printed its figures (a card's summary names no printer)
_PURPOSE = re.compile(
    r"\b(?:trained|built|designed|made|meant|intended|tuned|optimi[sz]ed|distilled|packaged)\s+"
    r"(?:(?:specifically|primarily|mainly|only)\s+)?(?:to|for)\s+"
    r"(?:accelerat|speed\w*\s+up|serv|use\b|usage|run\b|running|deploy|inference|speculat)"
    r"(?:[^.;!?\n]|\.(?=\S)){0,90}?"
    r"\b(?:in|with|on|under|for|by)\s+(?:the\s+)?[*_`]{0,2}$",
    re.IGNORECASE,
)
_PURPOSE_WORDS = (
    "trained",
    "built",
    "designed",
    "made",
    "meant",
    "intended",
    "tuned",
    "optimi",
    "distilled",
    "packaged",
)


def without_origins(text: str) -> str:
    """``text`` with each tool name that follows words giving a feature's origin, or the tool a
    model is made for (``_PURPOSE``), blanked."""
    low = text.lower()
    purpose = any(w in low for w in _PURPOSE_WORDS)
    if not purpose and not any(w in low for w in _ORIGIN_WORDS):
        return text
    spaced = _CJK_CHAR.sub(" ", text) if _CJK_CHAR.search(text) else text
    cut: list[tuple[int, int]] = []
    for tool, pat in _MARKS:
        src = spaced if tool in _ENGINES else text
        for m in pat.finditer(src):
            line_start = src.rfind("\n", 0, m.start()) + 1
            if _is_name(src, m) and (
                _FEATURE_ORIGIN.search(src, max(line_start, m.start() - 60), m.start())
                or (purpose and _PURPOSE.search(src, max(line_start, m.start() - 140), m.start()))
            ):
                cut.append((m.start(), m.end()))
    for a, b in sorted(cut, reverse=True):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


# a figure said measured on, with or in a serving engine, the engine's name alone (a version
# may follow) and then the clause's end or the next run ('~3 on llama.cpp vs ~5.5 on vLLM',
# '2.9 with SGLang, 3.4 with vLLM 0.11'): not a model id, a style or a possessive after it
# ('with vLLM-style prompts', 'on SGLang's docs' are no engine of the figure)
_ON_ENGINE = re.compile(
    r"(?<![\w.])(?P<val>[~≈]?\d+(?:\.\d+)?)\s*%?[*`]{0,2}\s*"
    r"(?:(?:tokens?|tok)(?:/(?:step|round))?\s+)?"
    r"(?:on|with|in|under|using|via)\s+(?:the\s+)?[*`]{0,2}(?P<name>[A-Za-z][\w.+-]*?)"
    r"(?:\s+v?\d+(?:\.\d+)+)?[*`]{0,2}"
    r"(?=\s*(?:$|[,;:)—–]|\.(?!\w)|(?:vs\.?|versus|and|but|while|whereas|with|compared)\b))",
    re.I,
)
_RUNTIMES = _ENGINES | {
    "fastdeploy",
    "mlx",
    "lmdeploy",
    "tgi",
    "exllama",
    "ollama",
    "mlc",
    "tokenspeed",
    "sparkinfer",
}


def figure_engines(line: str) -> dict[int, str]:
    """Where a line compares figures each said measured on its own serving engine (two
    engines or more, ``_ON_ENGINE``): each figure's start mapped to its engine; else empty."""
    low = line.lower()
    if not any(w in low for w in (" on ", " with ", " in ", " under ", " using ", " via ")):
        return {}
    out: dict[int, str] = {}
    for m in _ON_ENGINE.finditer(line):
        name = m.group("name")
        tool = next(
            (
                t
                for t, pat in _MARKS
                if t in _RUNTIMES and (n := pat.match(name)) is not None and n.end() == len(name)
            ),
            None,
        )
        if tool is not None:
            out[m.start("val")] = tool
    return out if len(set(out.values())) >= 2 else {}


def figure_engine(line: str, values: list[str]) -> str | None:
    """The one engine a record's figures (their printed values) are each said measured on in
    a line comparing engines (:func:`figure_engines`), every place the line prints them; None
    when any place of them is no such figure."""
    return _one_engine(figure_engines(line), line, values, "[~≈]?")


# a measurement a sentence gives to a printer of its own, no tool ('the bench's own capture
# agrees: ...', 'the client's own counters say'): the figures after it in that sentence are
# that printer's, whatever tool the block names (the engine's own words, 'the server's own
# log', 'SGLang's own metrics', are the tool's)
_OWN_MEASURE = re.compile(
    r"\b(?P<who>[A-Za-z][\w-]*)'s\s+own\s+(?:[\w-]+\s+){0,2}?(?:captures?|outputs?|logs?|reports?|"
    r"counters?|metrics?|measurements?|numbers|figures|stats|statistics|tall(?:y|ies))\b",
    re.I,
)
_THE_TOOL_ITSELF = frozenset(
    ("engine", "server", "runtime", "framework", "backend", "tool", "model", "target", "draft")
)
# a sentence's end ('. ' before a capital, a mark or a code span; never a decimal point)
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s+[A-Z*`\[(])")
OWN_MEASURE_RULE = "a measurement of its own printed the figures (the sentence says so)"


def own_measure(line: str, values: list[str]) -> bool:
    """Whether every place ``line`` prints each of ``values`` lies in a sentence that gives
    the measurement, before the value, to a printer of its own that is no tool
    (``_OWN_MEASURE``): the tool named over the block decides none of their conventions."""
    if "'s own" not in line.lower():
        return False
    owned: list[tuple[int, int]] = []  # (from the phrase, to the sentence's end)
    for m in _OWN_MEASURE.finditer(line):
        if m.group("who").lower() in _THE_TOOL_ITSELF or _named(m.group("who")):
            continue
        stop = _SENTENCE_BREAK.search(line, m.end())
        owned.append((m.end(), stop.start() if stop is not None else len(line)))
    if not owned:
        return False
    seen = False
    for val in values:
        v = val.strip().strip("*`~≈ ").rstrip("%").strip()
        if not v:
            continue
        for p in re.finditer(r"(?<![\w.])[~≈]?" + re.escape(v) + r"(?![\w.]?\d)", line):
            if not any(a <= p.start() < b for a, b in owned):
                return False
            seen = True
    return seen
