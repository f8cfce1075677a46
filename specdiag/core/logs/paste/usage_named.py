"""A serving engine named only to say how to run the model, not as what measured its figures.

A model card reports a figure (a draft reaching an accept length of 2.4 at three steps) and then
says how to use the model: 'You can use this draft in SGLang with the command below', 'Use this
head in SGLang with:', 'To run it with vLLM:', 'The head can be integrated with TensorRT-LLM', a
launch command after it. The
engine named there is where a reader may run the model, not where the figure was measured: its
printing convention decides nothing. A paste naming a tool only in such sentences and in the
command lines right after them (a fence's lines, or lines of a command: a program, flags, a line
continued with a backslash) is left with no tool, its figures' convention undecided.

Not such a sentence: one that says the figures were measured, benchmarked, evaluated or
reproduced there, or one naming acceptance itself; the tool named before the usage verb ('SGLang
users can run it'), which may be the subject of a run. Not such a command: a line naming
acceptance (a printout's own line); and a command with acceptance named below it, in its
markdown section, may be the run that printed it: no usage.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as T

Line = tuple[int, str]

_VERB = r"(?:use|run|serve|deploy|launch|load|try|start|integrate|host)"
# a sentence telling how to use the model: a reader who can use it, 'to run it with ...',
# something that can be used or integrated, a usage title
_USAGE = re.compile(
    r"\b(?:you|users?|one|anyone|readers?)\s+(?:can|could|may|should)\s+"
    r"(?:(?:also|easily|now|then|directly|simply)\s+)?" + _VERB + r"\b"
    r"|(?:^|[.!?:;]\s+|\b(?:and|or)\s+)[\s#>*_`-]*to\s+" + _VERB + r"\s+"
    r"(?:it|this|them|th(?:is|ese)\s+\w+|the\s+\w+(?:\s+\w+)?)\b"
    r"|\b(?:can|could|may)\s+be\s+(?:(?:easily|directly|seamlessly|readily)\s+)?"
    r"(?:integrated|used|served|deployed|run|launched|loaded|hosted)\b"
    # the imperative, its object the model ('Use this draft head in SGLang with:')
    r"|(?:^|[.!?:;]\s+)[\s#>*_`-]*" + _VERB + r"\s+(?:this|these|the|our)\s+"
    r"(?:[\w.-]+\s+){0,3}?(?:model|head|draft|checkpoint|weights|module)s?\b"
    r"|^[\s#>*_`-]*(?:usage|how\s+to\s+" + _VERB + r")\b",
    re.IGNORECASE,
)
# a sentence that says where figures were measured, or names acceptance itself
_MEASURED = re.compile(
    r"measur|benchmark|reproduc|evaluat|profil|\btest(?:ed|ing)?\b|accept|τ|\bAL\b", re.I
)
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# a command's line: a program (perhaps after a prompt and settings of the environment), a flag,
# or a line continued with a backslash
_COMMAND = re.compile(
    r"^\s*(?:\$\s+)?(?:[A-Z_][A-Z0-9_]*=\S*\s+)*"
    r"(?:python3?|vllm|sglang|docker|trtllm-\w+|llama-\w+|\./\S+|bash|sh|pip3?|uv|torchrun"
    r"|mpirun|lmdeploy|ollama|curl)(?![\w-])"
    r"|^\s*--?[A-Za-z]"
    r"|\\\s*$"
)
_ACCEPT = re.compile(r"accept|τ", re.I)
_HEADING = re.compile(r"^\s*#{1,6}\s")


def _usage_line(t: str, tool: str) -> bool:
    """Whether ``t`` tells how to use the model with ``tool``: a usage phrase, the tool named
    after it and not before it, no measuring or acceptance word."""
    if _MEASURED.search(t):
        return False
    return any(
        tool in T.tools_named(t[m.end() :]) and tool not in T.tools_named(t[: m.start()])
        for m in _USAGE.finditer(t)
    )


def _usage_spans(lines: list[Line], tool: str) -> set[int]:
    """The indices of ``lines`` in a usage sentence naming ``tool`` or in the command right
    after it (blank lines before the command skipped; a fence's lines to its end). A command
    with a line naming acceptance below it in its section (perhaps its printout) is the run's:
    no usage span."""
    spans: set[int] = set()
    i = 0
    while i < len(lines):
        if not _usage_line(lines[i][1], tool):
            i += 1
            continue
        span = {i}
        j = i + 1
        while j < len(lines) and not lines[j][1].strip():
            j += 1
        fenced = False
        while j < len(lines):
            t = lines[j][1]
            if _FENCE.match(t):
                span.add(j)
                j += 1
                if fenced:
                    break
                fenced = True
                continue
            if _ACCEPT.search(t) or not (fenced or _COMMAND.search(t)):
                break
            span.add(j)
            j += 1
        if not _named_below(lines[j:]):
            spans |= span
        i = max(j, i + 1)
    return spans


def _named_below(rest: list[Line]) -> bool:
    """Whether a line of ``rest`` names acceptance before the next markdown heading: a figure
    below the command, in its section, perhaps the command's printout."""
    for _, t in rest:
        if _HEADING.match(t):
            return False
        if _ACCEPT.search(t):
            return True
    return False


def only_in_usage(lines: list[Line], tool: str) -> bool:
    """Whether every line of the paste naming ``tool`` is a sentence telling how to use the
    model with it or a line of the command right after such a sentence."""
    naming = [i for i, (_, t) in enumerate(lines) if tool in T.tools_named(t)]
    if not naming:
        return False
    spans = _usage_spans(lines, tool)
    return bool(spans) and all(i in spans for i in naming)


RULE = "no tool named but {tool} as how to run the model (a usage sentence and its command)"
