"""Chinese words that name the acceptance rate only beside speculative decoding.

``采纳率`` (adoption rate) and ``接纳率`` are what Chinese users of a draft model or MTP write
for the acceptance rate ('MTP 采纳率 ~40%'), but the same words are GitHub Copilot's share of
code suggestions kept, a proposal's or a recruiter's adoption rate. ``命中率`` (hit rate) is an
MTP head's hit rate to some, and a prefix cache's hit rate to most. So each is read as the
acceptance rate only where its line or paragraph speaks of speculative decoding (a draft model,
MTP, EAGLE, 投机 / 推测解码) and names none of the other meanings (Copilot, code suggestions,
proposals, recruiting, a cache); ``采纳率`` and ``接纳率`` also on a line of decode-speed figures
(TPOT, tokens/s), where no other adoption is measured. ``命中率`` needs the speculative words on
its own line, never a cache word there, and never in a paste that speaks of a cache's hits
anywhere (`prefix cache hit`, `缓存命中`: a pull request on prefix caching tabulating its hit rate
beside an MTP setting). Elsewhere the words stay as written (not read).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import vocab as V

# the other adoption and hit rates (Copilot's suggestions, proposals, recruiting, caches)
_OTHER_MEANING = re.compile(
    r"copilot|代码建议|代码补全|补全|建议|提案|方案|招聘|简历|候选人|录用|offer|面试"
    r"|缓存|前缀|cache|prefix|(?<![A-Za-z])kv(?![A-Za-z])|命中缓存",
    re.I,
)
# decode-speed figures of a serving run on the line ('tpot 45ms', 'TPS 26 tokens/s')
_SERVING = re.compile(r"(?<![A-Za-z])(?:tpot|itl|tps)(?![A-Za-z])|\btok(?:en)?s?/s\b", re.I)
# a cache's hits spoken of anywhere in the paste: then its 命中率 is that cache's
_CACHE_HIT = re.compile(
    r"cach(?:e|ing)[\s_-]*hits?\b|缓存命中|命中缓存|前缀缓存|prefix[\s_-]*cach", re.I
)
_ADOPTION = ("采纳率", "接纳率")
_HIT = "命中率"
_EN = " acceptance rate "


def _paragraphs(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last + 1) of each run of non-blank lines."""
    out, start = [], None
    for i, ln in enumerate(lines):
        if ln.strip() and start is None:
            start = i
        elif not ln.strip() and start is not None:
            out.append((start, i))
            start = None
    if start is not None:
        out.append((start, len(lines)))
    return out


def contextual(lines: list[str]) -> list[str]:
    """The lines with ``采纳率`` / ``接纳率`` / ``命中率`` read as 'acceptance rate' where the
    context says speculative decoding (see the module's rules); the others as they are."""
    if not any(w in ln for ln in lines for w in (*_ADOPTION, _HIT)):
        return lines
    out = list(lines)
    cache_hits = _CACHE_HIT.search("\n".join(lines)) is not None
    for a, b in _paragraphs(lines):
        para = "\n".join(lines[a:b])
        speculative = V.SPECULATIVE.search(para) is not None
        other = _OTHER_MEANING.search(para) is not None
        for i in range(a, b):
            ln = out[i]
            if (
                any(w in ln for w in _ADOPTION)
                and not other
                and (speculative or _SERVING.search(ln) is not None)
            ):
                for w in _ADOPTION:
                    ln = ln.replace(w, _EN)
            if (
                _HIT in ln
                and not cache_hits
                and V.SPECULATIVE.search(ln) is not None
                and _OTHER_MEANING.search(ln) is None
            ):
                ln = ln.replace(_HIT, _EN)
            out[i] = ln
    return out
