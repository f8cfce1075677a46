"""Lookahead decoding's compression ratio in a header-led list: a line naming a tuple of a
setting and ``compression_ratio`` (``# results: (skip_layers, compression_ratio)``,
``(window, compression ratio)``), then one ``key: value`` line per run under it (``# 0: 1.84
(baseline)``, ``# 22(all): 1.34``), commented as the header is or not.

Lookahead decoding (and the other n-gram / Jacobi decoders) report their speed-up as a
compression ratio: the tokens generated divided by the decoding steps, so tokens a step. Each
line is read as one record, the header's first name its label (``skip_layers=0``) and the
value its printed length. A paste does not say whether its ratio is the tool's own
(generated / steps, the target's token counted) or a tokens-per-forward figure of another
script, so the convention is unknown and no normalised length is given.

A paste may instead name the ratio by a symbol it defines (``Define `S` (step compression
ratio) = number of AR steps divided by number of lookahead steps``) and state it by that
symbol (``speedup 1.3x; S=1.52x``, ``(S=1.8)``): each value so stated is a record. Where the
definition is the quotient of autoregressive steps (one token each) over the paste's own
steps, the ratio is the tokens a step emits, the target's own token counted: the normalised
length is the value. The name alone (``S`` (step compression ratio)) leaves it undecided, as
above. A value in a hypothetical (``if S = 2``), in a formula (``S = (f - 1 + E) / f``,
``S^2``) or below 1 is no record.

Only where the paste speaks of speculation (vocab.SPECULATIVE: lookahead, draft, n-gram, ...)
and of no other compression (a KV cache, a prompt, a model's weights, a text or a file
compressed: those ratios are no tokens a step), and only when every value of the list is at
least 1 (a step emits at least one token). Lines between the runs that hold no value
(``# ...``) are skipped; anything else ends the list.

Pure: lines in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.alpha import hypothetical_before
from specdiag.core.logs.paste.model import (
    BONUS_UNKNOWN,
    INCLUDED,
    SUMMARY,
    UNDECIDED,
    Decision,
    PasteRecord,
    blank_record,
)

Line = tuple[int, str]

_COMMENT = r"(?P<mark>\s*(?:#+|//|--)?)"
_RATIO_NAME = r"compression[ _-]?ratio"
# '(skip_layers, compression_ratio)': the setting's name, then the ratio's
_HEADER = re.compile(
    r"^" + _COMMENT + r"[^()\n]{0,60}?\(\s*[`'\"]?(?P<key>[A-Za-z][\w .-]{0,30}?)[`'\"]?\s*,\s*"
    r"[`'\"]?(?P<name>" + _RATIO_NAME + r")[`'\"]?\s*\)\s*:?\s*$",
    re.I,
)
# '# 0: 1.84 (baseline)', '# 22(all): 1.34'
_ROW = re.compile(
    r"^" + _COMMENT + r"\s*(?P<k>[\w.-]{1,20})(?:\s*\((?P<tag>[^()]{1,20})\))?\s*[:=]\s*"
    r"(?P<v>\d{1,3}(?:\.\d+)?)(?![\d.%])\s*(?:\([^()]{0,40}\))?\s*$"
)
_ELLIPSIS = re.compile(r"^" + _COMMENT + r"\s*(?:\.{2,}|…)\s*$")
# another compression: a ratio of bytes or weights, no tokens a step
_OTHER = re.compile(
    r"kv[-_ ]?cache|\bcache\s+compression|compress(?:ed|ing|ion)?\s+(?:the\s+)?(?:kv|cache|"
    r"prompts?|context|weights?|models?|texts?|files?|images?|data)\b|"
    r"(?:prompt|context|model|weight|text|file|image|data|token|lossless|lossy)\s+compression|"
    r"\b(?:gzip|zstd|zlib|lz4|brotli|bzip2|xz|llmlingua|quantiz\w*|prun(?:e|ed|ing))\b",
    re.I,
)
# a symbol named the (step) compression ratio beside it, in brackets either way ('`S` (step
# compression ratio)', 'step compression ratio (S)')
_RATIO_PROSE = r"(?:step\s+)?compression\s+ratio"
_SYMBOL = r"[`*$]{0,2}(?P<%s>[A-Za-z][A-Za-z0-9_]{0,3})[`*$]{0,2}"
_SYMBOL_DEF = re.compile(
    _SYMBOL % "sym" + r"\s*\(\s*(?:the\s+)?" + _RATIO_PROSE + r"\s*\)|"
    r"\b" + _RATIO_PROSE + r"\s*\(\s*" + _SYMBOL % "sym2" + r"\s*\)",
    re.I,
)
# the definition as autoregressive steps (one token each) over the paste's own steps
_AR_OVER_STEPS = re.compile(
    r"\b(?:AR|auto-?regressive)\s+(?:decoding\s+)?steps\b[^.;\n]{0,24}?(?:divided\s+by|/|÷|\bover)"
    r"\s+(?:the\s+)?(?:number\s+of\s+)?[\w-]+\s+(?:decoding\s+)?steps\b",
    re.I,
)
_SYMBOL_VALUE = (
    r"(?<![\w.]){sym}[`*$]{{0,2}}\s*(?:=|≈|:)\s*(?P<v>\d{{1,2}}(?:\.\d+)?)(?P<x>\s*[x×](?!\w))?"
)
# a formula after the value ('S = 2 * f')
_FORMULA_AFTER = re.compile(r"\s*(?:[-+*/^·]|\*\*)\s*[\w(]")
SYMBOL_RULE = "a symbol the paste defines as the step compression ratio: its values as stated"
MIN_RUNS = 2  # a list: at least two lines under the header
RULE = (
    "lookahead decoding's compression ratio under a '(setting, compression_ratio)' header: "
    "tokens generated / decoding steps, one record a line"
)


def records(lines: list[Line], text: str) -> list[PasteRecord]:
    """One record per run line under a ``(setting, compression_ratio)`` header, and per value
    stated by a symbol the paste defines as that ratio (module rules); none where the paste names no speculation or names another compression."""
    if "compression" not in text.lower() or V.SPECULATIVE.search(text) is None:
        return []
    if _OTHER.search(text) is not None:
        return []
    out: list[PasteRecord] = []
    i = 0
    while i < len(lines):
        head = _HEADER.match(lines[i][1])
        i += 1
        if head is None:
            continue
        commented = bool(head.group("mark").strip())
        key, name = head.group("key").strip(), head.group("name")
        run: list[PasteRecord] = []
        values: list[float] = []
        while i < len(lines):
            ln, t = lines[i]
            if not t.strip():
                break
            if _ELLIPSIS.match(t):
                i += 1
                continue
            m = _ROW.match(t)
            if m is None or bool(m.group("mark").strip()) != commented:
                break
            i += 1
            label = m.group("k") + (f"({m.group('tag')})" if m.group("tag") else "")
            value = float(m.group("v"))
            values.append(value)
            run.append(
                dataclasses.replace(
                    blank_record(
                        SUMMARY,
                        "unknown",
                        RULE,
                        "key-value",
                        (ln, ln),
                        labels=((key, label),),
                        fields=((name, m.group("v")),),
                        notes=(
                            f"{BONUS_UNKNOWN}: the paste does not define its compression ratio"
                            " (generated tokens / decoding steps in lookahead decoding's own"
                            " output): no normalised accept length is given",
                        ),
                        conventions=UNDECIDED,
                    ),
                    printed_length=value,
                )
            )
        if len(run) >= MIN_RUNS and min(values) >= 1.0:
            out.extend(run)
    return sorted(out + symbol_records(lines, text), key=lambda r: r.first_line)


def _defined_symbol(text: str) -> tuple[str, bool] | None:
    """The symbol the paste defines as the step compression ratio, and whether it defines it
    as autoregressive steps over its own (the tokens a step emits)."""
    for m in _SYMBOL_DEF.finditer(text):
        sym = m.group("sym") or m.group("sym2")
        if sym.lower() in ("the", "a", "an", "its", "our"):
            continue
        line_end = text.find("\n", m.end())
        rest = text[m.end() : line_end if line_end >= 0 else len(text)]
        return sym, _AR_OVER_STEPS.search(rest) is not None
    return None


def symbol_records(lines: list[Line], text: str) -> list[PasteRecord]:
    """One record per value the paste states by the symbol it defines as the step compression
    ratio (module rules)."""
    found = _defined_symbol(text)
    if found is None:
        return []
    sym, quotient = found
    pat = re.compile(_SYMBOL_VALUE.format(sym=re.escape(sym)))
    bonus = (
        Decision(INCLUDED, "defined: autoregressive steps (one token each) over the paste's steps")
        if quotient
        else UNDECIDED
    )
    note = () if quotient else (f"{BONUS_UNKNOWN}: the paste names the ratio, not its quotient",)
    out: list[PasteRecord] = []
    for ln, t in lines:
        for m in pat.finditer(t):
            v = float(m.group("v"))
            if v < 1.0 or hypothetical_before(t, m.start()) or _FORMULA_AFTER.match(t, m.end()):
                continue
            rec = blank_record(
                SUMMARY,
                "unknown",
                SYMBOL_RULE,
                "prose",
                (ln, ln),
                fields=((sym, m.group(0)[m.start("v") - m.start() :].strip()),),
                notes=note,
            )
            out.append(
                dataclasses.replace(
                    rec,
                    printed_length=v,
                    accept_length=v if quotient else None,
                    bonus=bonus,
                )
            )
    return out
