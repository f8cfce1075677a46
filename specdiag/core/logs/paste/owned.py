"""A serving engine named as the owner of a component of its own.

'vLLM's PagedAttention', 'vLLM的PagedAttention技术', 'SGLangのRadixAttention': the engine's
name, a possessive ('s, 的, の) and one CamelCase name of a component that is no speculation
(no draft, EAGLE, Medusa, MTP, n-gram, lookahead) and no printer (no logger, metrics, stats,
bench, report). The text speaks of that component (an industry overview, another technique's
speedup), not of the run whose acceptance figures the paste prints: the name attributes no
figure to the engine. A name right before its figures or its run ('vLLM's EAGLE-3 run',
'SGLang's MetricsLogger prints') still does.
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


def blanked(text: str) -> str:
    """``text`` with each engine name that owns a component of its own (the module's rule)
    blanked (same length)."""
    owned = any(m in text for m in _MARKS)
    # (a substring test, no lowered copy: this runs on every text asked for its tools)
    kernels = any(w in text for w in ("ackend", "ACKEND", "ernel", "ERNEL"))
    if not owned and not kernels:
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
    cut.sort()
    for a, b in reversed(cut):
        text = text[:a] + " " * (b - a) + text[b:]
    return text
