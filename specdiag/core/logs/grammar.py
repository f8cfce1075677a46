"""The tolerant field grammar: statistics fields found by name, in any order, behind any prefix.

The third step of reading a line (after finding candidate lines and classifying the layout:
docs/logs.md, Code): :func:`clean` removes quoting (markdown ``>``, backticks, HTML tags and
entities, table bars) and :func:`fields` finds every ``key: value`` / ``key = value`` pair, maps
each key through :data:`SYNONYMS` to a canonical field (:class:`F`) and ignores what it does not
know. Values keep their text, so a field present but unreadable is reported as unread, with its
line, never guessed. Pure; never raises on any input.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache

from specdiag.core.textenum import TextEnum


class F(TextEnum):
    """Canonical statistics fields."""

    LENGTH = "accept_length"  # tokens per verify step (the engine's own convention)
    RATE = "accept_rate"  # accepted / proposed drafts (a fraction or a percentage)
    PER_POSITION = "per_position"  # per-position acceptance rates (a list)
    ACCEPTED = "accepted"  # accepted draft tokens
    DRAFTED = "drafted"  # proposed draft tokens
    STEPS = "steps"  # verify steps (drafts)
    EMITTED = "emitted"  # emitted tokens (bonus included)
    K = "k"  # draft tokens per step (num speculative tokens)
    THROUGHPUT = "throughput"


# Keys after :func:`norm_key` (lower case, '_' and '-' as spaces, '#' and units in parentheses
# dropped). A key not here is looked up again without a leading avg/average/mean/overall/spec.
_TABLE = {  # the canonical field: its printed keys, "|"-separated
    F.LENGTH: (
        "accept len|accept length|acceptance length|acceptance len|accepted length|"
        "acc len|acc length|mean len|mean acc len|al|accept length per step|"
        "acceptance length per step|tokens per step|accepted tokens per step|"
        "token acceptance length|token acceptance lengths|token accept length"
    ),
    F.RATE: (
        "accept rate|acceptance rate|draft acceptance rate|draft acceptance|"
        "draft accept rate|draft acceptance ratio|acc rate|accept ratio|"
        "acceptance ratio|dar"
    ),
    F.PER_POSITION: (
        "per position acceptance rate|per position acceptance rates|"
        "per position acceptance|per position accept rate|acceptance rate per position|"
        "acceptance rates per position|acceptance per position|acc per pos|acc rate/pos|"
        "acc rate per pos"
    ),
    F.ACCEPTED: (
        "accepted|accepted tokens|accepted draft tokens|accepted drafts|"
        "num accepted tokens|num accepted draft tokens|number of accepted tokens|"
        "total accepted draft tokens|total accepted tokens|n accept|n accepted|"
        "n draft accepted|draft n accepted|acc tokens|correct drafts|num correct drafts|"
        "accept token num|draft accepted"
    ),
    F.DRAFTED: (
        "drafted|drafted tokens|draft tokens|num draft tokens|num drafted tokens|"
        "number of draft tokens|total draft tokens|n drafted|generated|gen tokens|"
        "proposed drafts|num proposed drafts|draft n|draft token num|total draft"
    ),
    F.STEPS: (
        "drafts|num drafts|number of drafts|verify steps|verify ct|num spec steps|"
        "spec steps|gen drafts|cycles|verify cycles|draft cycles|spec cycles"
    ),
    F.EMITTED: "emitted tokens|number of emitted tokens|num emitted tokens|emitted",
    F.K: (
        "number of speculative tokens|num speculative tokens|num spec tokens|"
        "speculative tokens|n draft"
    ),
    F.THROUGHPUT: "gen throughput|accepted throughput",
}
SYNONYMS: dict[str, F] = {k: f for f, keys in _TABLE.items() for k in keys.split("|")}
_FILLERS = ("avg ", "average ", "mean ", "overall ", "spec ", "speculative ", "total ")

_TAG = re.compile(r"<[^<>]{0,200}>")
_QUOTE = re.compile(r"^(?:\s*(?:>|[-*+]\s|\|)\s*)+")
_UNIT = re.compile(r"\s*\([^()]*\)")
_SPACES = re.compile(r"\s+")
_DOUBLED = re.compile(r"\b([a-z]{3,})(?: \1\b)+")
# key, separator, value (a number with an optional %, a parenthesised or bracketed list, or a
# word value), then more comma-separated numbers (a list continues)
_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
PAIR = re.compile(
    r"(?P<key>[A-Za-z#][A-Za-z0-9_#()/%.\- ]{0,80}?)\s*[:=]\s*"
    r"(?P<val>\((?P<paren>[^()]{0,4000})\)|\[(?P<brack>[^\[\]]{0,4000})\]"
    r"|(?P<num>" + _NUM + r")\s*(?P<pct>%)?(?P<more>(?:\s*,\s*" + _NUM + r"(?![\w.]*\s*[:=]))*)"
    r"|(?P<word>nan|inf|True|False|N/A|n/a))",
    re.IGNORECASE,
)
_KEY_SPLIT = re.compile(r"[.,;|\]}>]\s+|\s-\s|\s{2,}|^.*\]\s*")


def clean(text: str) -> str:
    """A line without its quoting: markdown '>' and list bullets, backticks, HTML tags and
    entities, table bars, surrounding quotes, bold markers around the whole line."""
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    text = text.replace("`", "")
    if text[:1] in (">", " ", "\t", "|", "-", "*", "+"):
        text = _QUOTE.sub("", text)
    return text.strip().strip("|*").strip()  # (bold markup around a whole line too)


def norm_key(key: str) -> str:
    """'#mean acc len' -> 'mean acc len'; 'Acceptance rate (%)' -> 'acceptance rate'."""
    k = _KEY_SPLIT.split(key)[-1] if any(c in key for c in ".,;|]}>-") else key
    k = k.lower().replace("_", " ").replace("-", " ").replace("#", " ")
    if "(" in k:
        k = _UNIT.sub("", k)
    k = _DOUBLED.sub(r"\1", k)  # 'number of draft tokens tokens' (older vLLM V0 releases)
    return _SPACES.sub(" ", k).strip()


@lru_cache(maxsize=4096)
def canonical(key: str) -> F | None:
    """The canonical field of a printed key, or None (an unknown field is ignored)."""
    k = norm_key(key)
    for _ in range(4):  # the key, then without up to three leading fillers
        f = SYNONYMS.get(k)
        if f is not None or not k.startswith(_FILLERS):
            return f
        k = k.split(" ", 1)[1]  # (each filler is one word and its space)
    return None


@dataclass(frozen=True)
class Field:
    """One ``key: value`` pair as printed."""

    key: str  # the key, verbatim
    text: str  # the value, verbatim
    field: F | None  # its canonical field (None: unknown, ignored)
    percent: bool  # the value or the key says '%'


def number(text: str | None) -> float | None:
    """A printed value as a number (a percentage stays as printed; NaN is none), or None."""
    try:
        v = float((text or "").strip().rstrip("%"))
    except ValueError:
        return None
    return None if v != v else v


def integer(text: str | None) -> int | None:
    """A printed count ('12', '12.0'), or None."""
    t = (text or "").strip()
    try:
        return int(t[:-2] if t.endswith(".0") else t)
    except ValueError:
        return None


def fields(text: str) -> list[Field]:
    """Every ``key: value`` / ``key = value`` pair of a (cleaned) line, in order."""
    out: list[Field] = []
    for m in PAIR.finditer(text):
        key = m.group("key")
        num = m.group("num")
        if num is not None:
            value = num + m.group("more")
        else:  # a word, or a list without its parentheses or brackets
            value = m.group("word") or m.group("val")[1:-1]
        pct = bool(m.group("pct")) or "%" in key
        out.append(Field(key.strip(), value, canonical(key), pct))
    return out


def by_field(found: list[Field]) -> dict[F, Field]:
    """The first pair of each canonical field."""
    return {f.field: f for f in reversed(found) if f.field is not None}


def mentions_statistics(found: list[Field]) -> bool:
    """Whether a line carries an acceptance figure (a length, a rate, or accepted counts)."""
    return any(f.field in (F.LENGTH, F.RATE, F.ACCEPTED, F.PER_POSITION) for f in found)
