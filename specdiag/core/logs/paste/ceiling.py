"""An accept length's symbol said to equal the draft tokens a step plus one: `perfect prediction
(τ = γ+1)`, `AL_max = k + 1`, `1 ≤ τ ≤ K+1`, `τ ∈ [1, γ+1]`. Where every draft is accepted the
step emits its k drafts and the target's own token, so a length that reaches k + 1 counts that
token, the bonus: the paste's lengths printed under the same symbol count it too.

Only the symbol the statement names decides (a `τ` statement decides the `τ` figures, not an
`acceptance rate` or an `AL` printed elsewhere); the right side must be the draft count's
symbol plus one and nothing more (`τ = (1 - α^(γ+1)) / (1 - α)`, `AL = k + 1.5` or a term of a
larger expression state no such bound). A length below 1 is left as it was.

The same bound told with numbers (:func:`numeric`): the draft count a step and, in the same
sentence, the length's maximum as the number one above it (`draft length 7 (maximum acceptance
length 8)`, `k=3, so the max AL is 4`): the paste's lengths under that name count the bonus.
Only where the sentence states one draft count and the maximum is that count plus one (a
maximum equal to the count, or two counts, decide nothing).

Pure: the paste's text in, the symbols it bounds out; one search of the paste, gated by `+`
(by `max` for the numbers).
"""

from __future__ import annotations

import re

# the length's symbol or name, its family ('tau' is 'τ')
_SYMBOLS = {"τ": "τ", "tau": "τ", "al": "al"}
_LEN = r"(?:τ|tau|(?-i:AL)|accept(?:ance|ed)?[ _-]?len(?:gth)?|acc[ _-]?len)"
# the draft tokens a step by a symbol or a setting's name
_K = (
    r"(?:γ|gamma|k|K|n|N|d|depth|num[_ ]spec(?:ulative)?[_ ]tokens|n[_ ]?spec|draft[_ ]len|"
    r"n[_ ]?draft|num[_ ]steps)"
)
_STATED = re.compile(
    r"(?<![\w\\-])(?:max(?:imum)?[ _])?(?P<sym>" + _LEN + r")(?:_?\{?max\}?)?(?![\w-])\s*"
    r"(?:=|≤|<=|⩽|∈\s*\[\s*1\s*,)\s*(?:[\[(]\s*)?" + _K + r"\s*\+\s*1(?!\w|\.\d)(?!\s*[*/^×·÷(])",
    re.I,
)
# the length's name with its ceiling in a bracket after it: 'mean accept_len (ceiling =
# num_steps+1)', 'AL (max: k + 1 = 5)'
_BRACKETED = re.compile(
    r"(?<![\w\\-])(?P<sym>" + _LEN + r")(?![\w-])\s*\(\s*(?:ceiling|max(?:imum)?|upper[ _-]bound|"
    r"cap|limit)\s*(?:=|:|is\b)\s*" + _K + r"\s*\+\s*1(?!\w|\.\d)(?!\s*[*/^×·÷(])",
    re.I,
)
# what before the symbol makes it a term of a larger expression ('1 - τ = ...')
_OPERATOR_BEFORE = re.compile(r"[-+*/^×·÷−]\s*$")


def family(name: str) -> str:
    """The family of a length's symbol or name ('τ', 'al', or 'length' for a spelled name)."""
    low = name.lower()
    return _SYMBOLS.get(low, "al" if name == "AL" else "length")


def bounded(text: str) -> dict[str, str]:
    """The length families the paste says reach the draft count plus one, each with the words
    that say it."""
    if "+" not in text or "1" not in text:
        return {}
    out: dict[str, str] = {}
    for m in _STATED.finditer(text):
        if _OPERATOR_BEFORE.search(text[max(0, m.start() - 3) : m.start()]):
            continue
        sym = m.group("sym")
        out.setdefault(family(sym), m.group(0))
    for m in _BRACKETED.finditer(text):
        out.setdefault(family(m.group("sym")), m.group(0))
    return out


_FIELD_SYMBOL = re.compile(r"(?<![\w-])" + _LEN + r"(?![\w-])", re.I)


def families_in(name: str) -> set[str]:
    """The length families a field's name holds ('ms ÷ τ': {'τ'})."""
    return {family(m.group(0)) for m in _FIELD_SYMBOL.finditer(name)}


# the length's maximum as a number: 'maximum acceptance length 8', 'max AL = 4', 'acceptance
# length max of 6', 'AL_max 8' (a whole number, no decimals, no unit of another measure after it)
_MAX_NUMBER = re.compile(
    r"(?<![\w\\-])(?:max(?:imum|imal)?[ _-]+(?:possible[ _-]+)?(?P<sym>" + _LEN + r")"
    r"|(?P<sym2>" + _LEN + r")(?:[ _-]?\{?max(?:imum)?\}?))(?![\w-])\s*"
    r"(?:is\s+|of\s+|=\s*|:\s*|would\s+be\s+|can\s+be\s+)?(?P<m>\d{1,2})(?![\d]|[.,]\d|\s*[x×%])",
    re.I,
)
# the draft tokens a step as a number: 'draft length 7', 'k=3', 'num_speculative_tokens: 5',
# '4 draft tokens' (never a sampler's top-k)
_K_NUMBER = re.compile(
    r"(?<![\w-])(?:draft[ _-]?(?:len(?:gth)?|tokens?|depth)|num[_ -]?spec(?:ulative)?[_ -]tokens|"
    r"n[_ ]?spec|spec(?:ulative)?[_ -]tokens|γ|gamma|k)(?![\w-])\s*(?:(?:=|:|of\b|is\b)\s*)?"
    r"(?P<n>\d{1,2})(?![\d]|[.,]\d)"
    r"|(?<![\w.,-])(?P<n2>\d{1,2})\s+draft(?:ed)?\s+tokens\b",
    re.I,
)
# the end of a sentence (the window a maximum and its draft count are read in)
_SENTENCE_END = re.compile(r"[.!?。](?:\s|$)|\n")
_WINDOW = 240  # the most characters of a sentence read on either side of a maximum


def numeric(text: str) -> dict[str, tuple[int, str]]:
    """The length families the paste says reach at most its draft count plus one, told with
    numbers in one sentence ('draft length 7 (maximum acceptance length 8)'): each with that
    maximum and the words that say it; none where two such statements disagree."""
    low = text.lower()
    if "max" not in low:
        return {}
    out: dict[str, tuple[int, str]] = {}
    clash: set[str] = set()
    for m in _MAX_NUMBER.finditer(text):
        top = int(m.group("m"))
        lo = max(0, m.start() - _WINDOW)
        before = text[lo : m.start()]
        ends = list(_SENTENCE_END.finditer(before))
        start = lo + ends[-1].end() if ends else lo
        after = _SENTENCE_END.search(text, m.end(), min(len(text), m.end() + _WINDOW))
        stop = after.start() if after else min(len(text), m.end() + _WINDOW)
        sentence = text[start : m.start()] + " " + text[m.end() : stop]
        ks = {int(k.group("n") or k.group("n2")) for k in _K_NUMBER.finditer(sentence)}
        if len(ks) != 1 or ks.pop() + 1 != top:
            continue
        fam = family(m.group("sym") or m.group("sym2"))
        words = text[start:stop].strip()[:160]
        if fam in out and out[fam][0] != top:
            clash.add(fam)
        out.setdefault(fam, (top, words))
    return {f: v for f, v in out.items() if f not in clash}
