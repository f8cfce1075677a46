"""Values in a bullet list whose figure is named only by the prose above it.

    The acceptance length got worse at large batch size.
    Before this PR:
    - `backend A`
      - `batch 32`: `2.27`
      - `batch 2`: `2.41`

Each leaf ('label: value') is one record of the one acceptance metric the lines above name;
the bullets it sits under are its configuration. Read only when every leaf holds one bare
value the metric can take, no leaf's label is itself a known key (a list of settings such as
'steps: 3' is configuration, not figures), and the lines above name exactly one metric.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.text import Line

BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+•]|\d{1,2}[.)])\s+(?P<text>\S.*)$")
# a line whose label is marked as a name, bold or code, without a bullet ('**H100, k=3**: 2.7',
# '`4x B200` = 2.41'): a list item all the same
MARKED = re.compile(
    r"^(?P<indent>)\s*(?P<text>(?:\*\*[^*\n]{1,60}\*\*|`[^`\n]{1,60}`|__[^_\n]{1,60}__)"
    r"\s*(?::|=|→|->)\s*\S.*)$"
)
# (a closing period or semicolon after the value, as a sentence's list writes it: '- chat: 2.7.')
LEAF = re.compile(
    r"^(?P<label>[^:]+?)\s*(?::|→|->|=)\s*(?P<val>[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2})"
    r"\s*[.;]?\s*$"
)
_LEAF = LEAF

# a leaf of a change ('thinking off: 3.94 → 3.84', '**2.10 -> 2.35**.'): the figure before and
# after, two records; only after a colon (an arrow alone may part the label from its value)
_CHANGE_LEAF = re.compile(
    r"^(?P<label>[^:]+?)\s*:\s*(?P<a>[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2})\s*(?:→|->)\s*"
    r"(?P<b>[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2})\s*[.;]?\s*$"
)
# the two sides of a change a heading names ('..., baseline → patched:'): one or two words each
_SIDES = re.compile(
    r"(?:^|[,(]\s*)(?P<a>[A-Za-z][\w.+-]*(?:\s[\w.+-]+)?)\s*(?:→|->)\s*"
    r"(?P<b>[A-Za-z][\w.+-]*(?:\s[\w.+-]+)?)\s*\)?\s*:?\s*$"
)

# a leaf of counts under a rate's name ('business prompts: 5 / 624', '... : 12 / 80 (15%)',
# '... : 0 / 40 accepted tokens'): accepted over drafted, a share after them only where it is
# their ratio at its printed precision
_COUNTS_LEAF = re.compile(
    r"^(?P<label>[^:]+?)\s*:\s*(?P<val>\d+\s*/\s*\d+)(?![\d.])(?P<tail>[^:]{0,60})$"
)
_COUNTS_SHARE = re.compile(
    r"^\s*(?:,\s*|\(\s*)(?:(?:around|about|roughly|approx\.?|approximately|~|≈)\s*)?"
    r"(?P<p>\d+(?:\.\d+)?)\s*%\s*\)?\s*[.;]?\s*$",
    re.I,
)
# the counts' noun after them ('accepted tokens'); a position 0 only of nothing accepted (none
# accepted at the first draft position is none accepted at all, whatever the depth)
_COUNTS_NOUN = re.compile(
    r"^\s+(?:(?P<pos>pos(?:ition)?[- _]?0)\s+)?(?:draft\s+)?accepted(?:\s+draft)?\s+tokens?\s*[.;]?\s*$",
    re.I,
)
# a setting given its value inside a label ('chat, max_tokens=64'): the run's configuration
_ASSIGNED = re.compile(r"[\w.-]+\s*=\s*[\w.-]+")


def _counts_leaf(text: str) -> re.Match[str] | None:
    """A leaf printing accepted over drafted counts (``_COUNTS_LEAF``) whose tail is nothing,
    their share (agreeing) or their noun; None otherwise."""
    m = _COUNTS_LEAF.match(text)
    if m is None:
        return None
    a, n = (int(x) for x in m.group("val").split("/"))
    if not 0 <= a <= n or n == 0:
        return None
    tail = m.group("tail")
    if not tail.strip(" .;"):
        return m
    if (sh := _COUNTS_SHARE.match(tail)) is not None:
        p = C.value(sh.group("p") + "%")
        ok = p is not None and abs(100 * a / n - p.number) <= C.half_unit(p.decimals) + 1e-9
        return m if ok else None
    if (noun := _COUNTS_NOUN.match(tail)) is not None:
        return m if noun.group("pos") is None or a == 0 else None
    return None


def counts_listed(blk: list[Line]) -> bool:
    """Whether every line of a block is a list item, two or more of them leaves of counts
    (``_counts_leaf``), and every other item holds no digit (a configuration's name or words)."""
    n = 0
    for _, t in blk:
        m = item(t.expandtabs(4))
        if m is None:
            return False
        text = m.group("text").strip()
        if _counts_leaf(text) is not None:
            n += 1
        elif re.search(r"\d", text):
            return False
    return n >= 2


# a plain 'label: value' line, a list item only under a title line of its own block
# ('Acceptance length by category' / 'coding: 3.41' / 'math: 3.20')
PLAIN = re.compile(
    r"^(?P<indent>)\s*(?P<text>[A-Za-z][\w .()/+-]{0,40}?\s*[:=]\s*[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2})\s*$"
)


# a title of values that are no measurement ('Acceptance rate targets', 'expected AL')
_NOT_FIGURES = re.compile(
    r"\b(?:targets?|goals?|expected|thresholds?|minimum|maximum|min|max|required|limits?|"
    r"settings?|config(?:uration)?s?|theoretical|simulated|hypothetical)\b",
    re.I,
)


def item(t: str, plain: bool = False) -> re.Match[str] | None:
    """A bullet, or a line whose label is marked as a name (or, ``plain``, any 'label: value'
    line)."""
    return BULLET.match(t) or MARKED.match(t) or (PLAIN.match(t) if plain else None)


def titled(blk: list[Line]) -> bool:
    """Whether a block is a title line naming one figure, without a value, over two or more
    plain 'label: value' lines."""
    return (
        len(blk) >= 3
        and not re.search(r"\d", blk[0][1])
        and _NOT_FIGURES.search(blk[0][1]) is None
        and metric_named(blk[0][1]) is not None
        and all(PLAIN.match(t) for _, t in blk[1:])
    )


# the metric names prose uses, and which metric each is
_NAMES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        C.LENGTH,
        re.compile(r"\baccept(?:ance|ed)?[ _-]?len(?:gths?)?\b|\bacc\.?[ _]?len\b|\bAL\b|τ", re.I),
    ),
    (C.RATE, re.compile(r"\b(?:draft |token )?accept(?:ance)?[ _-]?rates?\b", re.I)),
    (C.TOK_PER_STEP, re.compile(r"\btok(?:ens)?(?:/| per )(?:step|verify|iteration)\b", re.I)),
)


# settings a list of values may hold instead of figures (sampling and training parameters)
_SETTING_NAME = re.compile(
    r"\b(?:top[_ -]?[pk]|min[_ -]?p|temp(?:erature)?|seed|lr|learning[_ ]rate|dropout|"
    r"weight[_ ]decay|epochs?|warmup|max[_ ]tokens)\b",
    re.I,
)


# the draft tokens per step a label states ('H100, k=3', 'gamma=4')
# a setting's name with its value in a label ('thinking off, temperature 0'): the run's
# configuration, as an assignment is, not the setting the value would be
_SETTING_VALUED = re.compile(_SETTING_NAME.pattern + r"\s*[:=]?\s*\d+(?:\.\d+)?(?![\w.])", re.I)
_K_IN_LABEL = re.compile(
    r"(?<![\w-])(?:k|gamma|γ|num[_ ]spec[_ ]tokens)\s*=\s*(\d{1,2})\b(?!\s*(?:[/,]|→|->)\s*\d)",
    re.I,
)


def metric_named(text: str) -> tuple[str, str] | None:
    """(metric, name as printed) of the one acceptance metric a text names; None when it names
    none or several."""
    found = {(m, x.group(0)) for m, pat in _NAMES for x in pat.finditer(text)}
    metrics = {m for m, _ in found}
    if len(metrics) != 1:
        return None
    return next(iter(sorted(found)))


def _plausible(metric: str, v: C.Value) -> bool:
    if metric == C.RATE:
        return (v.percent and 0 < v.number <= 100) or (not v.percent and 0 < v.number < 1)
    # a length or tokens per step, printed with decimals (a whole number is a setting)
    return not v.percent and v.decimals > 0 and 1.0 <= v.number <= 16.0


def _label(text: str) -> str:
    return C._MARKUP.sub("", text).strip().rstrip(":").strip()


# a leaf changed between two values ('batch 32: improved from `2.27` to `2.52`'), read only in a
# list repeating an earlier list's shape (``shape``): the value after the change is this list's,
# the one before it the earlier list's
_FROM_TO_LEAF = re.compile(
    r"^(?P<label>[^:]+?)\s*:\s*(?:[A-Za-z]+\s+){0,2}from\s+[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2}"
    r"\s+to\s+(?P<val>[*`]{0,2}\d+(?:\.\d+)?\s*%?[*`]{0,2})\s*[.;]?$",
    re.I,
)


def shape(blk: list[Line]) -> tuple[tuple[int, str, bool], ...] | None:
    """A bullet list's shape: each item's indent, label (a leaf's words before its colon) and
    whether it is a leaf (a digit after the colon); None where a line is no item."""
    out = []
    for _, t in blk:
        m = item(t.expandtabs(4))
        if m is None:
            return None
        text = m.group("text").strip()
        label, colon, rest = text.partition(":")
        leaf = bool(colon) and re.search(r"\d", rest) is not None
        out.append((len(m.group("indent")), _label(label if leaf else text).lower(), leaf))
    return tuple(out)


def read(
    blk: list[Line],
    heading: str,
    ctx: tuple[str, str, str],
    plain: bool = False,
    changes: bool = False,
) -> list[PasteRecord]:
    """The records of a bullet list of values under the metric the heading names; [] when the
    block is no such list. ``changes``: a leaf changed between two values is read as the value
    after the change (a list repeating an earlier one's shape)."""
    named = metric_named(heading)
    if named is None or len(blk) < 2:
        return []
    metric, name = named
    key = C.key(name)
    if key.metric != metric:
        key = C.Key(metric, name.lower(), False)
    sd = (
        _SIDES.search(heading.strip().splitlines()[-1])
        if "→" in heading or "->" in heading
        else None
    )
    items: list[tuple[int, int, str]] = []  # (line, indent, text)
    for ln, t in blk:
        m = item(t.expandtabs(4), plain)
        if m is None:
            return []
        items.append((ln, len(m.group("indent")), m.group("text").strip()))
    out: list[PasteRecord] = []
    parents: list[tuple[int, str]] = []  # (indent, label) of the bullets above the current one
    for ln, indent, text in items:
        while parents and parents[-1][0] >= indent:
            parents.pop()
        leaf = _LEAF.match(text)
        changed = _CHANGE_LEAF.match(text) if leaf is None else None
        counted = False
        if changed is not None:
            leaf = changed
        elif leaf is None and changes:
            leaf = _FROM_TO_LEAF.match(text)
        if leaf is None and metric == C.RATE:
            counted = (leaf := _counts_leaf(text)) is not None
        if leaf is None:
            if re.search(r"\d", C._MARKUP.sub("", text)) and C.value(text) is not None:
                return []  # a bare value: not a configuration's name
            parents.append((indent, _label(text)))
            continue
        label = _label(leaf.group("label"))
        v = C.value(leaf.group("a" if changed is not None else "val"))
        if (
            v is None
            or not (counted or _plausible(metric, v))
            or C.key(label).metric is not None
            or _SETTING_NAME.search(_SETTING_VALUED.sub(" ", _ASSIGNED.sub(" ", label)))
        ):
            return []
        base = tuple(("group", p) for _, p in parents) + (("item", label),)
        if changed is None:
            values = [(v, leaf.group("val").strip(), base)]
        else:
            # a change: the figure before and after, each a run (the heading's sides their
            # labels where it names them)
            vb = C.value(changed.group("b"))
            if vb is None or not _plausible(metric, vb) or vb.percent != v.percent:
                return []
            sides = (sd.group("a"), sd.group("b")) if sd is not None else ("before", "after")
            values = [
                (v, changed.group("a").strip(), (*base, ("side", sides[0]))),
                (vb, changed.group("b").strip(), (*base, ("side", sides[1]))),
            ]
        for val, printed, labels in values:
            fig = E.Figures()
            fig.put(metric, val, key, printed, label)
            ks = {int(x) for _, lab in labels for x in _K_IN_LABEL.findall(lab)}
            if len(ks) == 1:
                fig.k = C.Value(float(ks.pop()), False, 0)  # 'H100, k=3': draft tokens a step
            rec = E.record(
                fig,
                kind=ctx[2],
                tool=ctx[0],
                tool_rule=ctx[1],
                structure="bullets",
                lines=(ln, ln),
                labels=labels,
            )
            if rec is None:
                return []
            out.append(rec)
    return out if len(out) >= 2 else []
