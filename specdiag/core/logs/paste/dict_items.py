"""A Python dict printed with ``repr``, whole or as its items alone, read as JSON is.

    'acceptance_at_token_0': 0.61, 'acceptance_at_token_1': 0.38, 'acceptance_at_token_2': 0.2

A test or a script printing its results dict (``print(metrics)``), or a user copying the items
out of it, gives single-quoted keys: no JSON. The text is read as a Python literal
(``ast.literal_eval``: literals only, never evaluated), then by the JSON reader's rules
(``interpret.json_records``): a key naming a draft position (``acceptance_at_token_2``,
``acceptance_rate_pos_1``) is that position's rate, the positions counted from the key's own
index; whether the rates are conditional or cumulative is not told, so no length is claimed.

Tolerated: ``...`` for items left out (``{'acceptance_at_token_0': 0.61, ...}``, a value
``'spec': ...``) and the items without their braces, a title before them on the line
(``New results: 'acceptance_at_token_0': ...``). The items must be one run of ``'key': value``
pairs joined by commas; anything else (code, a call, a set) is not a literal and gives nothing.
A dict holding no acceptance figure (configuration values alone) gives no record, as a JSON
body does.

Pure: text in, a dict or None out.
"""

from __future__ import annotations

import ast
import re

# a dict opened by a quoted key ('{'text': ...')
_BRACED = re.compile(r"\{\s*'[^'\n]{1,80}'\s*:")
# the first of a run of quoted keys without braces ('results: 'acc_0': 0.61, 'acc_1': 0.38')
_ITEM = re.compile(r"(?:^|(?<=[\s:(]))'[A-Za-z_][\w .-]{0,80}'\s*:\s*(?=\S)", re.M)
_ELLIPSIS = r"(?:\.\.\.|…)"
_MAX = 200_000


def _repaired(text: str) -> str:
    """A dict's text with its '...' placeholders removed ('..., ...}', '..., 'k': 1',
    ''k': ...' a value left out, None)."""
    t = re.sub(r":\s*" + _ELLIPSIS, ": None", text)
    t = re.sub(r",\s*" + _ELLIPSIS + r"\s*(?=[}\]])", "", t)
    t = re.sub(r"(?<=[\[{,])\s*" + _ELLIPSIS + r"\s*,", " ", t)
    return re.sub(r"(?<=[\[{])\s*" + _ELLIPSIS + r"\s*(?=[}\]])", "", t)


def _literal(text: str) -> dict[object, object] | None:
    if len(text) > _MAX:
        return None
    for t in (text, _repaired(text)):
        try:
            doc = ast.literal_eval(t)
        except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
            continue
        return doc if isinstance(doc, dict) else None
    return None


# a line whose key-value items stand bare ('name: tau=2.9', 'loss 0.41 acc=0.7'): no dict
_BARE_ITEM = re.compile(r"(?<![\w'\"])[A-Za-z_]\w{0,40}=[-+]?(?:\d|\.\d)")


def one_line(block: list[tuple[int, str]]) -> int | None:
    """The index of the one line of a block (three lines at least) that prints a whole dict
    ('{' opening a quoted key, its '}' on the same line), where two other lines or more print
    bare items of their own ('name: tau=2.9') and no other line holds a brace: a log whose
    line of results is a dict among lines of their own. None otherwise."""
    if len(block) < 3:
        return None
    dicts = [i for i, (_, t) in enumerate(block) if _BRACED.search(t) and t.rstrip().endswith("}")]
    if len(dicts) != 1:
        return None
    i = dicts[0]
    others = [t for j, (_, t) in enumerate(block) if j != i]
    if any("{" in t or "}" in t for t in others):
        return None
    return i if sum(1 for t in others if _BARE_ITEM.search(t)) >= 2 else None


def load(text: str) -> dict[object, object] | None:
    """The dict a block prints: its first '{' opening a quoted key to its last '}', else its
    quoted items without braces (from the first to the end of the block, a trailing '...' or
    comma dropped); None when neither is a literal dict."""
    m = _BRACED.search(text)
    end = text.rfind("}")
    if m is not None and end > m.start():
        doc = _literal(text[m.start() : end + 1])
        if doc is not None:
            return doc
    if "{" in text or "}" in text:
        return None  # braces that are no dict literal: code, a format string
    m = _ITEM.search(text)
    if m is None:
        return None
    rest = text[m.start() :]
    # the items to the block's end, else to their line's end (prose may follow them)
    for body in (rest, rest.split("\n", 1)[0]):
        body = re.sub(r"[\s,]*(?:" + _ELLIPSIS + r"[\s,]*)?$", "", body.strip())
        doc = _literal("{" + body + "}")
        if doc is not None:
            return doc
    return None
