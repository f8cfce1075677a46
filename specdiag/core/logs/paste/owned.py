"""A serving engine named as the owner of a component of its own.

'vLLM's PagedAttention', 'vLLM的PagedAttention技术', 'SGLangのRadixAttention': the engine's
name, a possessive ('s, 的, の) and one CamelCase name of a component that is no speculation
(no draft, EAGLE, Medusa, MTP, n-gram, lookahead) and no printer (no logger, metrics, stats,
bench, report). The text speaks of that component (an industry overview, another technique's
speedup), not of the run whose acceptance figures the paste prints: the name attributes no
figure to the engine. A name right before its figures or its run ('vLLM's EAGLE-3 run',
'SGLang's MetricsLogger prints') still does.

So does an engine named only as the source of code the paste's own program took or matched:
'ported from vLLM', 'copied from SGLang's sampler', 'matching vllm's eagle_head.py default',
'to match SGLang's behaviour'. The program printing the figures is the paste's own, the
engine's file, default or implementation only what it copied. An object naming a figure or a
result ('matching vLLM's 2.31', 'matches SGLang's acceptance length') is the engine's own
measurement: the name is kept.

And so does an engine named only as the origin of a technique the paste's own program borrowed:
'the TensorRT-LLM MTP policy', 'vLLM's acceptance heuristic', 'the SGLang playbook', 'an
SGLang-style scheduler', 'as vLLM does', 'inspired by SGLang'. A policy, kernel or
playbook is an idea the paste's program took, not the program that measured or printed its
figures. The engines listed together after a copying verb ('borrowed from the A/B/C playbook',
'ported from A and B') are each only that source.
"""

from __future__ import annotations

import re

_OWNER = re.compile(
    r"(?<![A-Za-z0-9./_-])(?P<t>(?i:vllm|sglang|llama\.cpp|tensorrt[-_ ]?llm|trt-?llm))"
    r"(?:'s|’s|的|の)\s?(?P<n>[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)(?![A-Za-z0-9_-])"
)
_SPECULATION_OR_PRINTER = re.compile(
    r"spec|eagle|medusa|mtp|draft|gram|lookahead|decod|accept|log|metric|stat|bench|print|report",
    re.I,
)
_MARKS = ("'s", "’s", "的", "の")
_ENGINE = r"(?P<t>(?i:vllm|sglang|llama\.cpp|tensorrt[-_ ]?llm|trt-?llm))"
# (through or via the engine's backend or kernels; or the engine's kernels of an operation)
_KERNEL_BACKEND = re.compile(
    r"(?i:\b(?:through|via)\s+(?:the\s+)?)"
    + _ENGINE
    + r"(?i:\s+(?:attention|mla|mha|moe|gemm|sampling))?(?i:\s+(?:backends?|kernels?)\b)"
    r"|(?<![A-Za-z0-9./_-])"
    + _ENGINE.replace("?P<t>", "?P<u>")
    + r"(?i:\s+(?:attention|mla|mha|moe|gemm|sampling)\s+(?:backends?|kernels?)\b)"
)


# code the paste's own program took from an engine: 'ported from vLLM', 'copied from SGLang's
# sampler', 'adapted from upstream llama.cpp' (the engine the source of the code, never the run)
_COPIED = re.compile(
    r"(?i:\b(?:ported|port|copied|copy|borrowed|adapted|taken|lifted|vendored|derived)"
    r"\s+(?:(?:straight|directly|verbatim|as-is)\s+)?from\s+(?:the\s+|upstream\s+)?)"
    + _ENGINE
    + r"(?![A-Za-z0-9_-])"
)
# a file, a default or an implementation the paste's program matched ('matching vllm's
# eagle_head.py default', 'to match SGLang's behaviour', 'mirrors vLLM'): the words after the
# engine up to the clause's end its object
_MATCHED = re.compile(
    r"(?i:\b(?:match(?:es|ed|ing)?|mirror(?:s|ed|ing)?|same\s+as|identical\s+to)"
    r"\s+(?:the\s+|upstream\s+)?)" + _ENGINE + r"(?![A-Za-z0-9_-])"
)
_CLAUSE_END = re.compile(r"[;:\n]|[.!?,](?:\s|$)")
# an engine named as the origin of a technique: its name (perhaps its possessive), at most two
# modifiers that name no run or printer ('MTP', 'acceptance', 'draft-side'), then a noun of an
# idea taken ('policy', 'playbook', 'heuristic', 'kernel'); or the engine as a style
# or model ('SGLang-style', 'vLLM-inspired', 'as vLLM does', 'inspired by SGLang', 'à la vLLM')
_TECHNIQUE_NOUN = (
    r"(?:polic(?:y|ies)|playbooks?|tricks?|techniques?|heuristics?|schemes?"
    r"|strateg(?:y|ies)|approach(?:es)?|ideas?|kernels?)"
)
_MODIFIER = (
    r"(?![\w-]*?(?i:run|serv|bench|log|metric|stat|print|report|result|output|measur))"
    r"[A-Za-z][\w-]*"
)
_CHAIN = (
    r"(?:(?i:vllm|sglang|llama\.cpp|tensorrt[-_ ]?llm|trt-?llm)"
    r"\s*(?:/|,|&|\+|(?i:,?\s*\b(?:and|or)\b))\s*)*"
)
_TECHNIQUE = re.compile(
    r"(?<![A-Za-z0-9./_-])"
    + _CHAIN
    + _ENGINE
    + r"(?:'s|’s)?(?:\s+"
    + _MODIFIER
    + r"){0,2}\s+(?i:"
    + _TECHNIQUE_NOUN
    + r")(?![\w-])"
    r"|(?<![A-Za-z0-9./_-])"
    + _ENGINE.replace("?P<t>", "?P<u>")
    + r"(?i:[- ](?:style|inspired|flavou?red)|\s+style|-like"
    # ('with SGLang like this:' is the engine and a way to run it, no style)
    r"|\s+like(?!\s+(?:this|that|these|those|so|below|above|here|the|an?|in|on|with|for|to)\b))"
    r"(?![\w-])"
    r"|(?i:\b(?:as|like)\s+(?:the\s+)?)"
    + _ENGINE.replace("?P<t>", "?P<v>")
    + r"(?i:\s+(?:does|did|do)\b)"
    r"|(?i:(?:\binspired\s+by|(?<!\w)(?:à|a)\s+la)\s+(?:the\s+)?)"
    + _ENGINE.replace("?P<t>", "?P<w>")
    + r"(?![A-Za-z0-9_-])"
)
_TECHNIQUE_QUICK = re.compile(
    r"(?i:polic|playbook|trick|techniqu|heuristic|scheme|strateg|approach|idea|kernel"
    r"|style|like|inspired|flavo|\bas\s|\bla\s)"
)
# another engine listed right after one named as a source ('the TRT-LLM/vLLM/SGLang playbook',
# 'ported from vLLM and SGLang')
_LISTED = re.compile(
    r"\s*(?:/|,|&|\+|(?i:,?\s*\b(?:and|or)\b))\s*" + _ENGINE + r"(?![A-Za-z0-9_-])"
)
_LISTED_BEFORE = re.compile(
    r"(?<![A-Za-z0-9./_-])" + _ENGINE + r"\s*(?:/|,|&|\+|(?i:,?\s*\b(?:and|or)\b))\s*$"
)
# an object naming a figure or a result ('matching vLLM's 2.31', 'matches SGLang's acceptance
# length'): the engine's own figures, which keep their engine
_FIGURE_OBJECT = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?\s*%?(?![\w.])|accept|\bacc[_ ]?len|\bAL\b|τ|tok/s|tokens?\s*(?:/|per)"
    r"|throughput|speed|latency|\bresults?\b|\bnumbers?\b|\bfigures?\b|\bscores?\b|measur",
    re.I,
)
_TAKEN_QUICK = re.compile(
    r"(?i:match|mirror|same\s+as|identical|ported|port\s|copied|copy|borrowed|adapted|taken"
    r"|lifted|vendored|derived)"
)


def _taken(text: str) -> list[tuple[int, int]]:
    """The spans of the engine names the text names only as the source of code the paste's own
    program copied or matched (_COPIED, _MATCHED): those name no printer of its figures."""
    cut: list[tuple[int, int]] = []
    for m in _COPIED.finditer(text):
        cut.append(m.span("t"))
        end = m.end()
        while (more := _LISTED.match(text, end)) is not None:
            cut.append(more.span("t"))
            end = more.end()
    for m in _MATCHED.finditer(text):
        stop = _CLAUSE_END.search(text, m.end())
        if not _FIGURE_OBJECT.search(text, m.end(), stop.start() if stop else len(text)):
            cut.append(m.span("t"))
    return cut


def _technique(text: str) -> list[tuple[int, int]]:
    """The spans of the engine names the text names only as the origin of a technique
    (``_TECHNIQUE``), with the engines listed right before such a name ('the A/B playbook')."""
    cut: list[tuple[int, int]] = []
    for m in _TECHNIQUE.finditer(text):
        group = next(g for g in ("t", "u", "v", "w") if m.group(g) is not None)
        cut.append(m.span(group))
        start = m.start(group)
        while (before := _LISTED_BEFORE.search(text, max(0, start - 60), start)) is not None:
            cut.append(before.span("t"))
            start = before.start("t")
    return cut


def blanked(text: str) -> str:
    """``text`` with each engine name that owns a component of its own, or that the paste's
    own code copied or matched (the module's rules), blanked (same length)."""
    owned = any(m in text for m in _MARKS)
    # (a substring test, no lowered copy: this runs on every text asked for its tools)
    kernels = any(w in text for w in ("ackend", "ACKEND", "ernel", "ERNEL"))
    taken = _TAKEN_QUICK.search(text) is not None
    technique = _TECHNIQUE_QUICK.search(text) is not None
    if not owned and not kernels and not taken and not technique:
        return text
    cut = [
        m.span("t")
        for m in (_OWNER.finditer(text) if owned else ())
        if not _SPECULATION_OR_PRINTER.search(m.group("n"))
    ]
    cut.extend(
        m.span("t") if m.group("t") is not None else m.span("u")
        for m in (_KERNEL_BACKEND.finditer(text) if kernels else ())
    )
    cut.extend(_taken(text) if taken else ())
    cut.extend(_technique(text) if technique else ())
    cut = sorted(set(cut))
    for a, b in reversed(cut):
        text = text[:a] + " " * (b - a) + text[b:]
    return text
