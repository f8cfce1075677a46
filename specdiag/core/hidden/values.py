"""Served hidden-state numbers given as text (``compare-hidden --values``): parse them strictly
(the forms and rules: docs/compare-hidden.md).

The parser runs in time linear in the text: arrays are found by their brackets, and a name is
read backwards from the bracket over its own characters only (a regular expression that tries
a name at every position rescans long runs of letters from every start: quadratic).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from specdiag.core.files import FileKind, read_text_bounded
from specdiag.errors import UsageError

MAX_SNIPPETS = 1000  # each snippet is searched through the whole training tensor
FLOAT32_MAX = 3.4028234663852886e38
EXAMPLE = 'e.g. --values "0.0295, -0.0113, 0.0841" or --values "hs_first5=[0.0295, -0.0113, ...]"'


@dataclass(frozen=True)
class ValueSnippet:
    """Numbers copied from a server log or debugger: ``hs_first5=[0.0295, -0.0113, ...]``."""

    name: str
    values: tuple[float, ...]
    print_tolerance: tuple[float, ...]  # half a unit in the last printed digit, per value


# unambiguous (no two adjacent digit runs), so a failing match costs linear time
_NUMBER = re.compile(
    r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?|[-+]?nan|[-+]?inf(?:inity)?", re.I
)
_SEPARATORS = re.compile(r"[\s,;()\[\]]+")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
_NAME_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")


def _tolerance(token: str) -> float:
    """Half a unit in the last printed digit of ``token`` (0.0295 -> 5e-5, 1.5e-02 -> 5e-4)."""
    mant, _, exp = token.lower().lstrip("+-").partition("e")
    if not (mant[:1].isdigit() or mant.startswith(".")):
        return 0.0  # nan / inf
    decimals = len(mant.split(".", 1)[1]) if "." in mant else 0
    digits = exp.lstrip("+-")
    if not exp:
        e = 0
    elif len(digits) > 6:  # 0e9999999: clamped below (and int() of 5,000 digits would fail)
        e = -(10**6) if exp.startswith("-") else 10**6
    else:
        e = int(exp)
    # a zero printed with a huge exponent must not overflow the tolerance
    return 0.5 * 10.0 ** max(-320, min(38, e - decimals))


def _numbers(body: str, where: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Every token of ``body`` is a number; anything else is a UsageError naming it."""
    vals: list[float] = []
    tols: list[float] = []
    for token in _SEPARATORS.split(body):
        if not token:
            continue
        if not _NUMBER.fullmatch(token):
            if token.strip(".") == "" or token == "…":
                raise UsageError(
                    f"--values {where}: the printed tensor is summarised ({token}): values are "
                    "missing in the middle",
                    hint="print it in full (torch.set_printoptions(profile='full')) or give the "
                    "first values only",
                )
            raise UsageError(
                f"--values {where}: {token[:40]!r} is not a number",
                hint=EXAMPLE + " (digits without _ separators)",
            )
        v = float(token)
        if math.isinf(v) and "inf" not in token.lower():
            raise UsageError(
                f"--values {where}: {token[:40]} overflows a float",
                hint="hidden states are far below 3.4e38 (the float32 limit): check the number",
            )
        if math.isfinite(v) and abs(v) > FLOAT32_MAX:
            raise UsageError(
                f"--values {where}: {token[:40]} lies beyond the float32 range (3.4e38)",
                hint="hidden states are far below that: check the number",
            )
        vals.append(v)
        tols.append(_tolerance(token))
    return tuple(vals), tuple(tols)


def _name_before(text: str, bracket: int, floor: int) -> str | None:
    """The ``name=`` / ``name:`` (optionally ``tensor(``) right before ``text[bracket]``.

    Scans backwards over the name's own characters only, never before ``floor`` (the end of
    the previous array), so every character is visited a bounded number of times.
    """
    i = bracket
    if text.endswith("tensor(", floor, i):
        i -= len("tensor(")
    while i > floor and text[i - 1].isspace():
        i -= 1
    if i <= floor or text[i - 1] not in "=:":
        return None
    i -= 1
    while i > floor and text[i - 1].isspace():
        i -= 1
    end = i
    while i > floor and text[i - 1] in _NAME_CHARS:
        i -= 1
    # the name starts at its first letter or underscore (digits, dots and dashes cannot start it)
    while i < end and text[i] not in _NAME_START:
        i += 1
    return text[i:end] if i < end else None


def _arrays(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """(named arrays as (name, body), unnamed bracketed bodies), in one left-to-right pass."""
    named: list[tuple[str, str]] = []
    plain: list[str] = []
    pos = 0
    floor = 0
    while True:
        i = text.find("[", pos)
        if i < 0:
            break
        close = text.find("]", i + 1)
        if close < 0:
            break
        name = _name_before(text, i, floor)
        if name is not None:
            named.append((name, text[i + 1 : close]))
            pos = floor = close + 1
            continue
        inner = text.rfind("[", i + 1, close)
        if inner < 0:  # an innermost [...] without a name
            plain.append(text[i + 1 : close])
            pos = close + 1
        else:
            pos = inner  # a nested bracket: look again from the innermost one
    return named, plain


def parse_values(text: str) -> tuple[ValueSnippet, ...]:
    """Parse ``--values`` (or ``@FILE``): one snippet per named (or bracketed) array, or one for
    a plain list; bracketed text without numbers (``[rank0]``) is log decoration, skipped."""
    if text.startswith("@"):
        text = read_text_bounded(text[1:], what="--values @FILE", kind=FileKind.TEXT)
    snippets: list[ValueSnippet] = []
    named, plain = _arrays(text)
    if named:
        for name, body in named:
            if _has_number(body):
                vals, tols = _numbers(body, name)
                snippets.append(ValueSnippet(name, vals, tols))
    elif plain:
        # [rank0], [INFO 2024-...]: log decoration, not numbers
        for i, body in enumerate(b for b in plain if _has_number(b) and not _is_label(b)):
            vals, tols = _numbers(body, f"values[{i}]")
            snippets.append(ValueSnippet(f"values[{i}]", vals, tols))
    else:
        vals, tols = _numbers(text, "list")
        if vals:
            snippets.append(ValueSnippet("values", vals, tols))
    if not snippets:
        raise UsageError("--values holds no numbers", hint=EXAMPLE)
    if len(snippets) > MAX_SNIPPETS:
        raise UsageError(
            f"--values holds {len(snippets)} arrays, more than {MAX_SNIPPETS}",
            hint="each array is searched through the whole training tensor: give the few "
            "lines that print the hidden states of one request",
        )
    return tuple(snippets)


def _has_number(body: str) -> bool:
    """Whether an array body holds any number token (``[rank0]`` and ``[]`` do not)."""
    return any(_NUMBER.fullmatch(t) for t in _SEPARATORS.split(body) if t)


def _is_label(body: str) -> bool:
    """A bracketed label such as ``[rank 0]``: its first token is a word, not a number."""
    first = next((t for t in _SEPARATORS.split(body) if t), "")
    return bool(first) and not _NUMBER.fullmatch(first) and first[0].isalpha()
