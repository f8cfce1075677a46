"""An accept length the paste defines in words, as a quotient of what a step emits over the
steps, and what the definition says it counts.

    Live `accept len`: accepted draft tokens plus one target token per verification,
    divided by the number of verifications.

The numerator names the accepted tokens; the denominator the verify steps (verifications,
steps, rounds, cycles, forward passes). One token more per step (the target's own, the bonus:
'plus one target token per verification', '+ 1') counts the bonus; accepted draft tokens alone
over the steps leave it out; accepted tokens without 'draft' (which some count with the
target's own token and some without), or no quotient at all, decide nothing. A definition is
no measurement: it gives no record of its own, only the name (the lengths stated after it
without their name are that length) and, where it says, the bonus convention.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED

# a length's name, then what defines it (the words before the name, at most two, are read
# apart: 'live `accept len`')
_NAME = re.compile(r"(?<![\w-])[`*]{0,2}" + V.LENGTH_NAME_RE + r"[`*]{0,2}(?![\w-])", re.I)
_DEFINES = re.compile(
    r"(?:\s*\([^()\n]{1,16}\))?"  # its short name in brackets ('acceptance length (AL) — ...')
    r"(?:\s*(?::|=|—)|\s+(?:is\s+)?(?:defined|computed|calculated|measured)\s+as\b|\s+is\b|"
    r"\s+means\b|\s+equals\b)\s*(?P<def>(?:[^.;\n]|\.(?=[A-Za-z_])){8,240}?)(?=\.(?:\s|$)|;|\n|$)",
    re.I,
)
# ... or a bracket right after the name glossing it, perhaps after a symbol and a dash, colon or
# comma ('accept length (EAGLE τ — mean tokens emitted per target forward)'): the gloss defines it
_GLOSSED = re.compile(
    r"\s*\((?:[^()\n]{0,24}?\s*(?:—|–|:|,)\s*)?(?P<def>[^()\n]{8,160})\)",
    re.I,
)
_WORDS_BEFORE = re.compile(r"(?:[A-Za-z][\w-]{0,30}\s+){0,2}$")
_ACCEPTED = re.compile(
    r"\baccepted\s+(?:(?P<draft>draft(?:ed)?|speculative|proposed)\s+)?(?:tokens?|drafts?)\b|"
    r"\b(?P<drafts>accepted\s+drafts?)\b",
    re.I,
)
_STEPS = (
    r"(?:verifications?|verify\s+steps?|(?:decode|draft|verification|verify|target|spec(?:ulative)?)"
    r"\s+steps?|steps?|rounds?|cycles?|forward(?:\s+pass(?:es)?|s)?|iter(?:ation)?s?|passes)\b"
)
_OVER = re.compile(
    r"(?:divided\s+by|/|÷|\bover|\baveraged\s+over)\s+(?:the\s+)?(?:total\s+)?"
    r"(?:(?:number|count|num)\s+of\s+)?(?:[\w-]+\s+){0,2}?" + _STEPS,
    re.I,
)
# one token more per step: the target's own (the bonus)
_PLUS_ONE = re.compile(
    r"(?:\bplus|\+|\band)\s+(?:one|1|the|a|an)\s+"
    r"(?:(?:extra|bonus|target|target-model|target's|verified|verifier|verifier's|sampled|"
    r"corrected|resampled|own)\s+)*(?:model(?:'s)?\s+)?(?:token|bonus)\b|"
    r"\+\s*1\b(?!\s*[./\d])",
    re.I,
)
# the tokens a step emits (generates, produces, commits): the accepted drafts and the target's
# own token ('the mean number of tokens emitted per target verification step')
# (the participle before the tokens too: 'committed tokens per draft/verify step'; a step named
# by its two halves joined by a slash, a hyphen or 'and' is one step: 'draft/verify step')
_EMITTED = re.compile(
    r"(?:\btokens?\s+(?:emitted|generated|produced|committed|output|decoded)|"
    r"\b(?:emitted|committed|decoded)\s+tokens?)\s+(?:per|each|every|a)\s+"
    r"(?:draft(?:ing)?(?:\s*[/+]\s*|\s+and\s+)(?=verif)|[\w-]+\s+){0,2}?" + _STEPS,
    re.I,
)
# ... or the quotient of the tokens output less the first token (which prefill made, no step)
# over the steps: '(output tokens - prefill first tokens) / decode rounds', 'generated tokens
# minus the first token, divided by the number of decode steps' (without the first token taken
# off, the quotient counts one token no step emitted: nothing decided)
_OUTPUT_OVER = re.compile(
    r"\b(?:(?:output|generated|emitted|committed|decoded|completion)\s+tokens?|"
    r"tokens?\s+(?:output|generated|emitted|committed|decoded))\b"
    r"\s*(?:-|−|–|\bminus)\s*(?:the\s+)?(?:(?:prefill(?:ed)?|first|initial)\s+){1,3}tokens?\b"
    r"\s*\)?\s*,?\s*"
    r"(?:/|÷|\bdivided\s+by|\bover)\s+(?:the\s+)?(?:total\s+)?"
    r"(?:(?:number|count|num)\s+of\s+)?(?:[\w-]+\s+){0,2}?" + _STEPS,
    re.I,
)
# the step named by its draft and verify halves: no drafts counted
_DRAFT_VERIFY = re.compile(r"\bdraft(?:ing)?(?:\s*[/+-]\s*|\s+and\s+|-and-)verif", re.I)
_LEFT_OUT = re.compile(
    r"\b(?:excluding|without|not\s+counting|minus|leaving\s+out)\s+(?:the\s+)?"
    r"(?:bonus|target(?:'s)?\s+(?:own\s+)?token)",
    re.I,
)


@dataclasses.dataclass(frozen=True)
class Definition:
    """A length the paste defines: its key, the bonus the definition decides (INCLUDED,
    EXCLUDED, or None: not said), and the definition's words."""

    key: C.Key
    bonus: str | None
    words: str


def _emitted(definition: str) -> bool:
    """Whether a definition counts the tokens a step emits, drafts never named (the drafts a
    step generates are its k)."""
    definition = definition.replace("_", " ")  # (a field's name: 'avg_decoded_tokens_per_iter')
    if _EMITTED.search(definition) is None and _OUTPUT_OVER.search(definition) is None:
        return False
    return "draft" not in _DRAFT_VERIFY.sub("", definition).lower()


def _bonus(definition: str) -> str | None:
    acc = _ACCEPTED.search(definition)
    if acc is None and _emitted(definition):
        return INCLUDED  # what a step emits: the target's own token among them
    if acc is None or _OVER.search(definition, acc.end()) is None:
        return None  # no quotient of accepted tokens over the steps
    plus = _PLUS_ONE.search(definition, acc.end())
    out = _LEFT_OUT.search(definition)
    if plus is not None and out is None:
        return INCLUDED
    if out is not None and plus is None:
        return EXCLUDED
    if plus is None and (acc.group("draft") or acc.group("drafts")):
        return EXCLUDED  # accepted draft tokens over the steps: the drafts alone
    return None


def definitions(text: str) -> list[Definition]:
    """Every accept length ``text`` defines as a quotient of accepted tokens over the steps,
    in order."""
    if "acc" not in text.lower() and "AL" not in text and "τ" not in text:
        return []
    out = []
    for m in _NAME.finditer(text):
        sep = _DEFINES.match(text, m.end()) or _GLOSSED.match(text, m.end())
        if sep is None:
            continue
        d = sep.group("def")
        quotient = _ACCEPTED.search(d) is not None and _OVER.search(d) is not None
        if not (quotient or _emitted(d)) or re.search(r"\d\.\d", d):
            continue  # (a value in it: a figure worked out, read as such elsewhere)
        head = text[max(0, m.start() - 64) : m.start()]
        before = _WORDS_BEFORE.search(head)
        words = C._MARKUP.sub("", (before.group(0) if before else "") + m.group(0)).split()
        n = next(
            (n for n in range(len(words), 0, -1) if C.key(" ".join(words[-n:])).metric == C.LENGTH),
            0,
        )
        if n:
            said = " ".join(words[-n:]) + text[m.end() : sep.end()]
            out.append(Definition(C.key(" ".join(words[-n:])), _bonus(d), said.strip()))
    return out


# a formula of the paste, in code or prose, for the length: the accepted tokens plus the steps
# over the same steps ('(sum(accepted) + n_steps) / n_steps', '(n_steps + total_accepted) /
# n_steps') or one plus the accepted tokens over the steps ('1 + accepted / steps'): one token
# more a step than accepted, the target's own (a count of drafts plus the steps counted again
# would count the bonus twice); either may be a sum's call ('1 + sum(correct) / sum(verify_ct)')
_OPERAND = r"(?:[A-Za-z_]\w*\(\s*)?[A-Za-z_][\w.\[\]]*(?:\s*\))?"
_FORMULA = re.compile(
    r"\(\s*(?P<a>"
    + _OPERAND
    + r")\s*\+\s*(?P<s>[A-Za-z_]\w*(?:\.\w+)*)\s*\)\s*/\s*(?P=s)(?![ \t]*[(*/+-]|\.?\w)|"
    r"\(\s*(?P<s2>[A-Za-z_]\w*(?:\.\w+)*)\s*\+\s*(?P<a2>"
    + _OPERAND
    + r")\s*\)\s*/\s*(?P=s2)(?![ \t]*[(*/+-]|\.?\w)|"
    r"(?<![\w.])1(?:\.0+)?\s*\+\s*(?P<a3>"
    + _OPERAND
    + r")\s*/\s*(?P<s3>"
    + _OPERAND
    + r")(?![ \t]*[(*/+-]|\.?\w)"
)
# the steps' count by its name ('num_steps', 'total verify steps', 'spec_verify_ct')
_STEPS_ONLY = re.compile(
    r"^(?:(?:num|n|total|number|count|of|the|all|spec)\s+)*(?:"
    + _STEPS
    + r"\s*(?:num(?:ber)?s?|counts?|ct|cnt)?|verify\s+(?:counts?|ct|cnt))$",
    re.I,
)
# a count's name for the accepted drafts ('accepted_tokens', 'num_correct_drafts')
_ACCEPTED_COUNT = re.compile(r"accept|(?<!in)correct", re.I)


def formulas(text: str) -> list[str]:
    """The formulas in ``text`` giving a length as the accepted tokens plus the steps over the
    steps (the bonus counted), in order."""
    if "accept" not in text.lower() or "/" not in text:
        return []
    out = []
    for m in _FORMULA.finditer(text):
        accepted = m.group("a") or m.group("a2") or m.group("a3")
        steps = m.group("s") or m.group("s2") or m.group("s3")
        # (a sum's argument: 'sum(verify_ct)')
        name = steps.rstrip(") \t").rsplit("(", 1)[-1].rsplit(".", 1)[-1]
        if _ACCEPTED_COUNT.search(accepted) and _STEPS_ONLY.match(name.replace("_", " ").strip()):
            out.append(m.group(0))
    return out


# a formula with a symbol the clause after it names as an acceptance figure ('gain = 1 / (1 - r),
# where r = acceptance rate'): values of that symbol mapped to a result in the same block
# ('r = 0.7 -> 3.3x') are the formula worked out for chosen inputs, no run
_WHERE = re.compile(
    r"=[^=\n]*?(?<![\w.])(?P<sym>[A-Za-zα-ωτ])(?![\w.])[^=\n]*?[,;]?\s+where\s+[`$*]{0,2}"
    r"(?P=sym)[`$*]{0,2}\s*(?:=|is)\s*(?:the\s+)?(?P<name>[A-Za-z][\w -]{2,40}?)\s*(?=[.,;)\n]|$)"
)
_INPUT = r"(?<![\w.])%s\s*[=≈]\s*[~≈]?\d[\d.]*\s*%%?\s*(?:" + V.ARROW + r"|\b(?:gives|yields)\b)"
_RESULT = re.compile(r"\s*[~≈]?\d[\d.]*\s*[x×%]?")


def formula_inputs(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``lines`` with each value a formula's acceptance symbol is given and mapped to a result
    ('r = 0.7 -> 3.3x') blanked, where the block defines the symbol in the formula's 'where'
    clause; the lines as they are otherwise."""
    body = "\n".join(t for _, t in lines)
    if "where" not in body:
        return lines
    syms = {
        m.group("sym")
        for m in _WHERE.finditer(body)
        if C.key(m.group("name")).metric in C.ACCEPTANCE
    }
    if not syms:
        return lines
    out = []
    for ln, t in lines:
        for sym in syms:
            for m in reversed(list(re.finditer(_INPUT % re.escape(sym), t))):
                r = _RESULT.match(t, m.end())
                end = r.end() if r is not None else m.end()
                t = t[: m.start()] + " " * (end - m.start()) + t[end:]
        out.append((ln, t))
    return out


# an acceptance figure's name and a whole number joined by an operator, closed in a code span or
# brackets ('`AL - 1`', '(accept_len+1)', '[tau / 2]'): a formula over the figure (the bonus
# token taken off or put back), never the figure's value
_OFFSET = re.compile(
    r"(?<=[`(\[])\s?(?P<name>[A-Za-z_][\w.]*(?: [A-Za-z_][\w.]*){0,3}) ?[-+−×*/] ?\d+ ?(?=[`)\]])"
)
_OFFSET_NAME = re.compile(r"accept|\bAL\b|\bAR\b|\btau\b|τ", re.I)


def offset_expressions(blk: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``blk`` with each formula offsetting an acceptance figure's name by a whole number in a
    code span or brackets (``_OFFSET``) blanked, the line's width kept; ``blk`` itself when it
    holds none."""
    out: list[tuple[int, str]] | None = None
    for i, (ln, t) in enumerate(blk):
        if not ("`" in t or "(" in t or "[" in t):
            continue
        spans = [
            m.span()
            for m in _OFFSET.finditer(t)
            if _OFFSET_NAME.search(m.group("name").replace("_", " "))
        ]
        if not spans:
            continue
        for a, b in reversed(spans):
            t = t[:a] + " " * (b - a) + t[b:]
        if out is None:
            out = list(blk)
        out[i] = (ln, t)
    return blk if out is None else out
