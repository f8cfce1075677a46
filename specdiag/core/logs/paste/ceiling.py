"""An accept length's symbol said to equal the draft tokens a step plus one: `perfect prediction
(τ = γ+1)`, `AL_max = k + 1`, `1 ≤ τ ≤ K+1`, `τ ∈ [1, γ+1]`. Where every draft is accepted the
step emits its k drafts and the target's own token, so a length that reaches k + 1 counts that
token, the bonus: the paste's lengths printed under the same symbol count it too.

Only the symbol the statement names decides (a `τ` statement decides the `τ` figures, not an
`acceptance rate` or an `AL` printed elsewhere); the right side must be the draft count's
symbol plus one and nothing more (`τ = (1 - α^(γ+1)) / (1 - α)`, `AL = k + 1.5` or a term of a
larger expression state no such bound). A length below 1 is left as it was.

Pure: the paste's text in, the symbols it bounds out; one search of the paste, gated by `+`.
"""

from __future__ import annotations

import re

# the length's symbol or name, its family ('tau' is 'τ')
_SYMBOLS = {"τ": "τ", "tau": "τ", "al": "al"}
_LEN = r"(?:τ|tau|(?-i:AL)|accept(?:ance|ed)?[ _-]?len(?:gth)?|acc[ _-]?len)"
# the draft tokens a step by a symbol or a setting's name
_K = (
    r"(?:γ|gamma|k|K|n|N|d|depth|num[_ ]spec(?:ulative)?[_ ]tokens|n[_ ]?spec|draft[_ ]len|"
    r"n[_ ]?draft)"
)
_STATED = re.compile(
    r"(?<![\w\\-])(?:max(?:imum)?[ _])?(?P<sym>" + _LEN + r")(?:_?\{?max\}?)?(?![\w-])\s*"
    r"(?:=|≤|<=|⩽|∈\s*\[\s*1\s*,)\s*(?:[\[(]\s*)?" + _K + r"\s*\+\s*1(?!\w|\.\d)(?!\s*[*/^×·÷(])",
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
    return out


_FIELD_SYMBOL = re.compile(r"(?<![\w-])" + _LEN + r"(?![\w-])", re.I)


def families_in(name: str) -> set[str]:
    """The length families a field's name holds ('ms ÷ τ': {'τ'})."""
    return {family(m.group(0)) for m in _FIELD_SYMBOL.finditer(name)}
