"""α, the acceptance rate of speculative-decoding writing (Leviathan et al.: the expected share
of draft tokens the target accepts), measured in prose: `measuring an untrained draft against
distilgpt2 gives alpha ≈ 0.01`, `we measured α = 0.62 on MT-bench`, `alpha came out at 0.58`.

A rate record (no length: the drafts per step are not told), only where a measuring verb
stands with the symbol (before it: ``gives``, ``gave``, ``measured``, ``got``, ``observed``,
``yields``, ``obtained``; or between it and the value: ``is``, ``was``, ``came out at``,
``measured``, ``sits at``), or as a field (``alpha=0.95``, ``α: 0.62``) on a line that names a
speculative arm (``mtp128: ... alpha=0.95``: vocab.SPECULATIVE) or prints the counts it divides
(``accepted=3 total=4 alpha=0.750``: one accepted count, one of the drafts proposed, ``total``,
``drafted`` or ``proposed``, the field their quotient within its rounding), the value is a rate (a fraction up to 1, or a percentage), and the
paste speaks of speculation somewhere (:func:`record_named` lets the reader drop it
otherwise). Never in a hypothetical or an example (``if alpha = 0.8``, ``assuming α is 0.7``,
``say alpha is 0.9``, ``for example``, ``would``), a formula (``1 - α``, ``α^k``,
``alpha ** 2``, ``(1 - alpha^(γ+1)) / (1 - alpha)``), nor another alpha (LoRA's, a
significance level, a learning rate, a smoothing or mixing weight, a release). Pure: a line in,
spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import PasteRecord

# the field name under which such a rate is kept (a record's fields)
ALPHA_KEY = "alpha (acceptance rate)"

_SYM = r"(?<![\w^\\])[`$*]{0,2}(?P<sym>alpha|α|\\alpha)[`$*]{0,2}(?![\w^_(\[-])"
_NUM = r"(?P<v>\d*\.\d+(?:\s*%)?|\d{1,3}\s*%|[01](?![\d.]))"
_HEDGE = r"(?:(?:about|around|roughly|approximately|only|just|~|≈)\s*)?"
_VERB_BEFORE = (
    r"\b(?:gives?|gave|giving|measured?|measuring|got|gets|getting|observed?|observing|"
    r"yields?|yielded|obtained?|found|saw|reports?|reported|shows?|showed|returns?|returned)"
)
_VERB_AFTER = (
    r"(?:is|was|were|came\s+out\s+(?:at|to)|comes\s+out\s+(?:at|to)|measured(?:\s+at)?|"
    r"measures|sits\s+at|sat\s+at|reached|stays?\s+at|stayed\s+at|dropped\s+to|fell\s+to|"
    r"rose\s+to|ended\s+(?:up\s+)?at)"
)
_BEFORE = re.compile(
    _VERB_BEFORE
    + r"\s+(?:(?:an?|the|its|our|their)\s+)?(?:(?:measured|observed|empirical|mean|average|"
    r"overall|effective|per-token|token-level)\s+)?"
    + _SYM
    + r"\s*(?:=|≈|~|:|\bof\b|\bis\b|\bwas\b|\bat\b|\baround\b|\babout\b)?\s*"
    + _HEDGE
    + _NUM,
    re.I,
)
_AFTER = re.compile(_SYM + r"\s+" + _VERB_AFTER + r"\s+" + _HEDGE + _NUM, re.I)
# a bench line's field ('alpha=0.95', 'α: 0.62') beside a speculative arm named on the same line
# ('mtp128: 42.4 t/s (1.30x, alpha=0.95, ...)'): the run's measured rate
_FIELD = re.compile(_SYM + r"\s*[=:]\s*" + _NUM + r"(?![\w.])", re.I)
# a hypothetical or an example before the symbol, in its clause
_HYPOTHETICAL = re.compile(
    r"\b(?:if|suppose|supposing|assum\w*|say|imagine|let|e\.g\.|for\s+example|for\s+instance|"
    r"hypothetical\w*|would|could|might|should|whenever|expected|need|needs|"
    r"require[sd]?|at\s+least|at\s+most|above|below|threshold)\b",
    re.I,
)
_HYPOTHETICAL_AFTER = re.compile(
    r"\s*[`$*]{0,2}\s*(?:,\s*)?(?:\w+\s+){0,2}?(?:would|could|might|then)\b", re.I
)
# a formula around the value or the symbol
_OPERATOR_AFTER = re.compile(r"\s*(?:\^|\*\*|[*×·/]|[-−+]\s*[\dα(])")
_OPERATOR_BEFORE = re.compile(r"(?:[-−+*×·/^(]|\b1\s*[-−])\s*$")
_OTHER = re.compile(
    r"lora|significance|p[- ]?value|confidence|learning[ _-]?rate|\blr\b|dirichlet|smooth|"
    r"\bema\b|decay|blend|mix(?:ing|ture)?|temperature|cronbach|krippendorff|opacity|"
    r"transparen|alpha\s+(?:release|version|build|channel)|-alpha\b|\bbeta\b|focal|"
    r"elastic|regulari[sz]",
    re.I,
)


# a speculative-sampling setup in the paper's own terms (Leviathan et al.; Chen et al.): a target
# model and an approximation (or draft, small, assistant) model set side by side, and gamma, the
# drafts a step, set to a whole number ('* Target: big-model' / '* Approx: small-model' /
# '* gamma: 7'); a discount or a focal gamma is a decimal, never such a setting
_SET = r"[`*]{0,2}\s*[:=]\s*\S"
_SETUP = (
    re.compile(r"(?<![\w-])target(?:[ _-]model)?" + _SET, re.I),
    re.compile(
        r"(?<![\w-])(?:approx(?:imation)?|draft|small|assistant)(?:[ _-]model)?" + _SET, re.I
    ),
    re.compile(r"(?<![\w-])(?:gamma|γ)[`*]{0,2}\s*[:=]\s*\d{1,2}(?![\d.])", re.I),
)
# the gloss a field of such a setup is read with: the rate's own name
_GLOSS = " (acceptance rate)"


def setup(text: str) -> bool:
    """Whether ``text`` sets up speculative sampling in the paper's terms (a target and an
    approximation model, and gamma): its α fields are that setup's acceptance rate."""
    return all(p.search(text) for p in _SETUP)


def glossed(text: str) -> str:
    """A line of a speculative-sampling setup's output with its α field (``Average alpha:
    0.40``) glossed as the acceptance rate, as a field beside a speculative arm is read; the
    line itself where it holds no such field, or another alpha, or a hypothetical."""
    if not hinted(text.lower(), text) or _OTHER.search(text) or V.SPECULATIVE.search(text):
        return text
    m = _FIELD.search(text)
    if m is None or _HYPOTHETICAL.search(_clause_before(text, m.start())):
        return text
    if _OPERATOR_AFTER.match(text, m.end()) or _OPERATOR_BEFORE.search(text[: m.start("sym")]):
        return text
    return text[: m.end("sym")] + _GLOSS + text[m.end("sym") :]


def hinted(low: str, text: str) -> bool:
    """Whether a line may hold such a rate (cheap test before the regexes)."""
    return "alpha" in low or "α" in text


def _clause_before(text: str, at: int) -> str:
    start = max(text.rfind(". ", 0, at), text.rfind(", ", 0, at), text.rfind("; ", 0, at))
    return text[start + 1 if start >= 0 else 0 : at]


def hypothetical_before(text: str, at: int) -> bool:
    """Whether the clause before ``at`` is a hypothetical or an example ('if', 'assuming')."""
    return _HYPOTHETICAL.search(_clause_before(text, at)) is not None


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of every measured α of a line: one rate item each."""
    if _OTHER.search(text):
        return
    counted = None if V.SPECULATIVE.search(text) else _counts_beside(text)
    field = (_FIELD,) if V.SPECULATIVE.search(text) or counted is not None else ()
    for pat in (_BEFORE, _AFTER, *field):
        for m in pat.finditer(text):
            v = C.value(m.group("v"))
            if v is None or (not v.percent and (v.number > 1 or v.decimals == 0 and v.number > 1)):
                continue
            if pat is _FIELD and counted is not None and not _is_share(v, counted):
                continue  # (a field beside counts it does not divide: another alpha)
            if v.percent and v.number > 100:
                continue
            if _HYPOTHETICAL.search(_clause_before(text, m.start())) or _HYPOTHETICAL.search(
                m.group(0)
            ):
                continue
            if _HYPOTHETICAL_AFTER.match(text, m.end()):
                continue
            if _OPERATOR_AFTER.match(text, m.end()) or _OPERATOR_BEFORE.search(
                text[: m.start("sym")]
            ):
                continue
            key = C.Key(C.RATE, ALPHA_KEY, v.percent)
            yield m.start(), m.end(), [(key, v, ALPHA_KEY, m.group("v").strip())]


# counts beside a bare α field on its line ('accepted=45 total=60 alpha=0.750'): the accepted
# drafts and the drafts proposed, whose quotient the field may be
_ACCEPTED_COUNT = re.compile(r"(?<![\w-])accepted\s*[=:]\s*(?P<n>\d+)(?![\d.])", re.I)
_TOTAL_COUNT = re.compile(
    r"(?<![\w-])(?:total|drafted|proposed|draft_tokens|drafts)\s*[=:]\s*(?P<n>\d+)(?![\d.])",
    re.I,
)


def _counts_beside(text: str) -> tuple[int, int] | None:
    """The accepted and proposed counts of a line printing one of each ('accepted=2 total=2'),
    the first no more than the second; else None."""
    a, t = _ACCEPTED_COUNT.findall(text), _TOTAL_COUNT.findall(text)
    if len(a) != 1 or len(t) != 1 or not 0 <= int(a[0]) <= int(t[0]) or int(t[0]) == 0:
        return None
    return int(a[0]), int(t[0])


def _is_share(v: C.Value, counts: tuple[int, int]) -> bool:
    """Whether ``v`` prints accepted / proposed of ``counts`` within its rounding."""
    share = counts[0] / counts[1] * (100 if v.percent else 1)
    return abs(share - v.number) <= C.half_unit(v.decimals)


def record_named(r: PasteRecord) -> bool:
    """Whether a record holds nothing but a rate read here (its one field, α)."""
    return bool(r.fields) and all(n == ALPHA_KEY for n, _ in r.fields)
