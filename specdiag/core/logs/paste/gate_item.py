"""A list item titled as a gate lists what a run must show to pass it: `2. **Ship gate**:
checksums match, p99 under 40 ms, accept length ≈ 2.4, one warm-up` (`リリースゲート`, `上線の門`,
`第二关卡` alike). Its figures are the values the check compares with, no
run's measurement: blanked (spaces, the same length) on the item's lines, its first and the
indented lines it is wrapped over, as a task-list item's requirement is (criterion.py).

Read so only where the title (a bullet's or a number's words before `:`, `—` or ` - `, perhaps
in bold) ends on the gate's word (`gate`, perhaps numbered, `Gate 2`; `ゲート`, `関門`, a `門` of
no other word, `关卡`) and the item lists conditions (two separators or more after the title:
`,`, `;`, `、`). Left as before: a gate of a model (`MoE gate`, `router gate`, `forget gate`), a
title ending on another word (`Gate results`, `専門`, `入門`), an item of one or two clauses, or an
item reporting the gate's outcome or a measurement (`passed`, `failed`, `measured`, `OK`, `✅`,
`合格`, `通過`, `実測`, `通过`).

Pure: a block's lines in, lines out; gated by a substring test on the block.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

# a list item's opening: its indent, its marker, its title (perhaps in bold), the title's end
_ITEM = re.compile(
    r"^(?P<indent>\s*)(?:[-*+•]|\d{1,2}[.)])\s+[*_]{0,2}(?P<title>[^:*_\n—–]{1,40}?)[*_]{0,2}\s*"
    r"(?::|—|–|\s-\s)"
)
_ANY_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s")
# the gate's word ending the title; a model's gate before it is no check
_GATE = re.compile(
    r"(?:(?<![\w-])gates?(?:\s*#?\d{1,2})?|(?<![\w-])gate\s*#?\d{1,2}\s+\w+|ゲート|関門|关卡|"
    r"(?<![専部入名一家同肛])門)\s*$",
    re.I,
)
_MODEL_GATE = re.compile(
    r"\b(?:moe|router|routing|expert|experts|attention|forget|input|output|update|reset|logic|"
    r"glu|swiglu|mixture)\s+gates?\b",
    re.I,
)
# what says the gate was run: its outcome or a measurement
_RESULT = re.compile(
    r"\b(?:pass(?:ed|es)?|fail(?:ed|s|ing)?|met|cleared|ok|measured|observed|got|results?)\b|"
    r"[✅❌✓✗✔]|合格|通過|通った|クリア|実測|測定|結果|通过|实测|结果",
    re.I,
)
_SEPARATOR = re.compile(r"[,;、；，]")
_FIGURE = re.compile(r"\d+(?:\.\d+)?\s*%?")
_HINT = re.compile(r"gate|ゲート|関門|关卡|門", re.I)


def hinted(body: str) -> bool:
    """Whether a block may hold such an item (a cheap test first)."""
    return _HINT.search(body) is not None


def _blanked(text: str, start: int) -> str:
    return text[:start] + _FIGURE.sub(lambda f: " " * len(f.group()), text[start:])


def blank(blk: list[Line]) -> list[Line]:
    """``blk`` with the figures of each gate item blanked, on its first line after the title and
    on the indented lines it continues over."""
    out = list(blk)
    i = 0
    while i < len(out):
        m = _ITEM.match(out[i][1])
        if m is None:
            i += 1
            continue
        title = m.group("title").strip()
        j = i + 1
        indent = len(m.group("indent"))
        while j < len(out):
            t = out[j][1]
            if not t.strip() or len(t) - len(t.lstrip()) <= indent or _ANY_ITEM.match(t):
                break
            j += 1
        after = "\n".join([out[i][1][m.end() :], *(t for _, t in out[i + 1 : j])])
        if (
            _GATE.search(title) is not None
            and _MODEL_GATE.search(title) is None
            and len(_SEPARATOR.findall(after)) >= 2
            and _RESULT.search(title + "\n" + after) is None
        ):
            out[i] = (out[i][0], _blanked(out[i][1], m.end()))
            for k in range(i + 1, j):
                out[k] = (out[k][0], _blanked(out[k][1], 0))
        i = j
    return out
