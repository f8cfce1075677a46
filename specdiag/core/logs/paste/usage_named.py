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

The code may be Python pasted without a fence ('Usage with vLLM' over `from vllm import LLM` and
`llm = LLM(...)`): where the first line after the usage sentence is an import, the statements
from there (an import, an assignment, a call, a comment; the lines inside a bracket they open;
blank lines between them) are the usage's code. A line naming acceptance ends it.

A note after it may name the tool again to set it apart from the figures: 'Note: the SGLang
release we point to verifies drafts greedily, so acceptance can look lower there. All figures
above were computed by our own evaluation harness.' A note line
(opening on 'Note', 'NB', 'Caveat', 'Warning', 'Disclaimer') one sentence of which says the
figures above were measured (computed, obtained, evaluated) with or by something naming no tool,
its sentences naming the tool saying no measuring, tells that the tool is not what measured
them: it names the tool as no run, and it is no printout of the command above it (it speaks of
the figures above). A note saying the figures were measured with the tool, a note of no such
sentence, or a measuring sentence not pointing above leave the tool named as before.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import python_code as PY
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
# a word of measuring (a sentence saying where figures were measured)
_MEASURING_WORDS = r"measur|benchmark|reproduc|evaluat|profil|\btest(?:ed|ing)?\b"
_MEASURING = re.compile(_MEASURING_WORDS, re.I)
# a sentence that says where figures were measured, or names acceptance itself
_MEASURED = re.compile(_MEASURING_WORDS + r"|accept|τ|\bAL\b", re.I)
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
_NOTE = re.compile(r"^\s*[*_>]*\s*(?:note|nb|caveat|warning|disclaimer)\b", re.I)
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+(?=\s|$)|$)")
# a sentence saying the figures above were measured some way ('The lengths shown above were
# computed by our own harness.'): the way named after the verb
_MEASURED_ABOVE = re.compile(
    r"\babove\b.*?\b(?:were|was|are|is)\s+(?:all\s+)?(?:measured|computed|obtained|evaluated|"
    r"collected)\s+(?:with|using|by|via|through|under)\b",
    re.I,
)


def _usage_line(t: str, tool: str) -> bool:
    """Whether ``t`` tells how to use the model with ``tool``: a usage phrase, the tool named
    after it and not before it, no measuring or acceptance word."""
    if _MEASURED.search(t):
        return False
    return any(
        tool in T.tools_named(t[m.end() :]) and tool not in T.tools_named(t[: m.start()])
        for m in _USAGE.finditer(t)
    )


def _measured_otherwise(t: str, tool: str) -> bool:
    """Whether the line ``t`` is a note saying the figures above were measured with something
    that names no tool, its sentences naming ``tool`` measuring nothing ('Note: the <tool>
    release we point to verifies drafts greedily ... All figures above were computed by our own
    evaluation harness.'): the tool set apart from the figures, no run of it."""
    if not _NOTE.match(t):
        return False
    sentences = [m.group(0) for m in _SENTENCE.finditer(t)]
    if not any(_MEASURED_ABOVE.search(s) and not T.tools_named(s) for s in sentences):
        return False
    return not any(_MEASURING.search(s) for s in sentences if tool in T.tools_named(s))


def _python_end(lines: list[Line], j: int) -> int:
    """The index after the Python source that opens on an import at ``lines[j]``, pasted
    without a fence: its statements, the lines inside the brackets they open, and blank lines
    between them (a line naming acceptance, or any other line, ends it)."""
    end = j
    depth = 0
    k = j
    while k < len(lines):
        t = lines[k][1].strip()
        if not t:
            k += 1
            continue  # (a blank line: the source goes on only where a statement follows)
        if _ACCEPT.search(t) or not (depth > 0 or PY.statement(t)):
            break
        depth = max(0, depth + PY.depth_change(t))
        k += 1
        end = k
    return end


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
        if j < len(lines) and PY.imports(lines[j][1].strip()):
            # (Python pasted without a fence: its statements to the last one)
            end = _python_end(lines, j)
            span.update(range(j, end))
            j = end
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
        if not _named_below(lines[j:], tool):
            spans |= span
        i = max(j, i + 1)
    return spans


def _named_below(rest: list[Line], tool: str) -> bool:
    """Whether a line of ``rest`` names acceptance before the next markdown heading: a figure
    below the command, in its section, perhaps the command's printout (not a note saying the
    figures above were measured otherwise: it speaks of those figures)."""
    for _, t in rest:
        if _HEADING.match(t):
            return False
        if _ACCEPT.search(t) and not _measured_otherwise(t, tool):
            return True
    return False


def only_in_usage(lines: list[Line], tool: str) -> bool:
    """Whether every line of the paste naming ``tool`` is a sentence telling how to use the
    model with it or a line of the command right after such a sentence (or a note setting the
    tool apart from the figures, measured otherwise: one usage line at least)."""
    naming = [i for i, (_, t) in enumerate(lines) if tool in T.tools_named(t)]
    if not naming:
        return False
    spans = _usage_spans(lines, tool)
    return any(i in spans for i in naming) and all(
        i in spans or _measured_otherwise(lines[i][1], tool) for i in naming
    )


RULE = "no tool named but {tool} as how to run the model (a usage sentence and its command)"
