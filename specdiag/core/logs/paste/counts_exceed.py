"""A block whose accepted tokens outnumber its drafted tokens: no run printed it.

A draft token is accepted only after it was drafted, so a run's total of accepted draft tokens
never exceeds its total of drafted ones. A block (a fence's lines, or a paragraph outside fences) that states both totals as key-value
lines
('Total drafted tokens: 12,000' and 'Accepted tokens: 19,800'), the accepted one the larger, is
made up (a guide's sketch of an output file, numbers chosen to look right): every figure of it
is unread (the lines above a blank line inside the fence too), shown as not understood, no
record from that block.

Only totals decide: the drafted key names a total or a past participle ('total draft tokens',
'drafted tokens', 'draft tokens total', 'num_drafted_tokens'), never a bare 'draft tokens: 4'
(a setting, the drafts a step); the accepted key names accepted tokens and no bonus or target
token counted in ('accepted tokens incl. bonus', 'accepted + bonus', 'emitted'). Each key
once in the block, each value a whole number (thousands may be grouped by commas), the drafted
one 16 or more (a smaller one may be a setting). Where any of
that fails, or accepted is no more than drafted, the block is read as before.
"""

from __future__ import annotations

import re

# a whole number, its thousands perhaps grouped by commas
_COUNT = r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]*\d)(?!\s*%)"
_SEP = r"[ _-]*"
# a total of drafted tokens named
_DRAFTED = re.compile(
    r"^[\s>*_`#-]*(?:"
    r"(?:total|sum|overall|all|num|number[ _]of)" + _SEP + r"(?:draft(?:ed)?|proposed|speculated)"
    r"|(?:num" + _SEP + r")?(?:drafted|proposed|speculated)"
    r"|draft(?=" + _SEP + r"tokens?" + _SEP + r"(?:total|count|sum))"
    r")" + _SEP + r"(?:draft" + _SEP + r")?tokens?"
    r"(?:" + _SEP + r"(?:total|count|sum))?[*_`]*\s*[:=]\s*[*_`]*" + _COUNT,
    re.IGNORECASE,
)
_ACCEPTED = re.compile(
    r"^[\s>*_`#-]*(?:(?:total|sum|overall|all|num|number[ _]of)" + _SEP + r")?"
    r"accepted" + _SEP + r"(?:draft" + _SEP + r")?tokens?"
    r"(?:" + _SEP + r"(?:total|count|sum))?[*_`]*\s*[:=]\s*[*_`]*" + _COUNT,
    re.IGNORECASE,
)
# fewer drafted tokens than this may be a setting (the drafts a step), no run's total
_FEWEST = 16
# a count that holds the target's own tokens
_WITH_BONUS = re.compile(r"bonus|incl|emitted|generated|target|\+", re.I)


def _one(pat: re.Pattern[str], lines: list[str]) -> int | None:
    """The count of the one line of ``lines`` matching ``pat``, else None."""
    got = [m for t in lines if (m := pat.match(t)) is not None and not _WITH_BONUS.search(t)]
    if len(got) != 1 or any(_WITH_BONUS.search(t) for t in lines if pat.match(t)):
        return None
    return int(got[0].group("n").replace(",", ""))


def exceeded(lines: list[str]) -> tuple[int, int] | None:
    """(accepted, drafted) where a block states one total of drafted tokens and one of accepted
    tokens and the accepted one is the larger; else None."""
    low = "\n".join(lines).lower()
    if "accepted" not in low or not any(w in low for w in ("draft", "proposed", "speculated")):
        return None
    drafted = _one(_DRAFTED, lines)
    accepted = _one(_ACCEPTED, lines)
    if drafted is None or accepted is None or accepted <= drafted or drafted < _FEWEST:
        return None
    return accepted, drafted


_FENCE = re.compile(r"^\s*(?:```|~~~)")


def regions(lines: list[tuple[int, str]]) -> dict[int, tuple[int, int]]:
    """The line numbers of each region of the paste (a fenced block's lines, or outside fences a
    paragraph: a run of lines with no blank one) whose totals are impossible (``exceeded``),
    each mapped to its (accepted, drafted): blank lines inside a fence split no region."""
    if not any("ccepted" in t for _, t in lines):
        return {}
    out: dict[int, tuple[int, int]] = {}
    region: list[tuple[int, str]] = []
    fenced = False

    def close() -> None:
        if region and (over := exceeded([t for _, t in region])) is not None:
            out.update((ln, over) for ln, _ in region)
        region.clear()

    for ln, t in lines:
        if _FENCE.match(t):
            close()
            fenced = not fenced
        elif not t.strip() and not fenced:
            close()
        else:
            region.append((ln, t))
    close()
    return out


def reason(counts: tuple[int, int]) -> str:
    accepted, drafted = counts
    return (
        f"{accepted} tokens accepted of {drafted} drafted: more accepted than drafted, no run "
        "printed these figures (a made-up example): no record"
    )
