"""Tool lines whose words mean what the tool's source says, not what they would in prose.

Each layout below was read from the tool's own source (docs/logs.md, "Tool outputs read from
their source"); its figures are given to the key-value reader under the names of what they
count, so the conventions follow from those names and the identities, as anywhere else:

- mlx-vlm's stats line (``_format_speculative_stats``): ``Speculative decoding: X accepted
  tokens/round (A accepted drafts/round, R% of drafted, avg draft D) over N rounds``, or
  ``Speculative decoding: X accepted tokens over N rounds``. X is (accepted + rounds) / rounds:
  the tokens a round commits (the target's own one included), a mean per round even where
  ``/round`` is not printed; A the accepted drafts a round; R accepted / drafted; D the drafted
  tokens a round (a mean); N the rounds.
- mlx-vlm's server log line: ``Speculative decode: kind=K batch=B tokens=T accept=X rounds=N
  drafted=D``, X again (accepted + rounds) / rounds, D the drafted tokens of the batch.
- MLC-LLM's ``spec_decode`` metrics (``cpp/serve/metrics.cc``), as a dict or flattened on its
  ``/metrics`` page: ``accept_prob{step=i}`` is the share of verify steps whose i-th position
  was accepted, position 0 being the target's own token (always 1): step i >= 1 is draft
  position i - 1's rate, unconditional; ``accept_len{step=i}`` their running sum (the last
  step's: tokens a verify step commits); ``accept_rate{step=i}`` the conditional rate (step i
  of those that reached i - 1). On a line holding them all (the dict) the last ``accept_len``
  is read as tokens per step; else the positions are read, the sums and ratios left.

Pure: a line's text in, spans of items out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_Item = tuple[C.Key, C.Value, str, str]

_NUM = r"\d+(?:\.\d+)?"
_MLX_STATS = re.compile(
    rf"\bSpeculative decoding:\s*(?P<x>{_NUM}) accepted tokens(?:/round)?"
    rf"(?:\s*\((?P<a>{_NUM}) accepted drafts/round,\s*(?P<r>{_NUM})% of drafted,\s*"
    rf"avg draft (?P<d>{_NUM})\))?\s+over (?P<n>\d+) rounds\b"
)
_MLX_SERVER = re.compile(
    rf"\bSpeculative decode: kind=\S+ batch=\d+ tokens=\d+ accept=(?P<x>{_NUM}) "
    r"rounds=(?P<n>\d+) drafted=(?P<dt>\d+)\b"
)
_MLC = re.compile(
    r"(?<![A-Za-z0-9])accept_(?P<what>prob|len|rate)\{step=(?P<i>\d{1,2})\}['\"]?\s*[:=\t ]\s*"
    rf"(?P<v>{_NUM}(?:[eE]-?\d+)?)"
)

_TOKENS = C.Key(C.TOK_PER_STEP, "committed tokens per round", False)
_ACC = C.Key(C.ACC_PER_STEP, "accepted drafts per step", False)
_RATE = C.Key(C.RATE, "acceptance rate", True)
_K = C.Key(C.K, "avg draft tokens per round", False)
_STEPS = C.Key(C.STEPS, "rounds", False)
_DRAFTED = C.Key(C.DRAFTED, "drafted", False)

HINTS = ("Speculative decod", "accept_")


def _items(m: re.Match[str], keys: tuple[tuple[str, C.Key, str], ...]) -> list[_Item]:
    out: list[_Item] = []
    for group, k, name in keys:
        text = m.group(group)
        v = C.value(text + ("%" if k.metric == C.RATE else "")) if text is not None else None
        if v is not None:
            out.append((k, v, name, text))
    return out


def spans(text: str) -> Iterator[tuple[int, int, list[_Item]]]:
    """(start, end, items) of each tool line of the layouts above in a line's text."""
    for m in _MLX_STATS.finditer(text):
        yield (
            m.start(),
            m.end(),
            _items(
                m,
                (
                    ("x", _TOKENS, "accepted tokens/round"),
                    ("a", _ACC, "accepted drafts/round"),
                    ("r", _RATE, "% of drafted"),
                    ("d", _K, "avg draft"),
                    ("n", _STEPS, "rounds"),
                ),
            ),
        )
    for m in _MLX_SERVER.finditer(text):
        keys = (("x", _TOKENS, "accept"), ("n", _STEPS, "rounds"), ("dt", _DRAFTED, "drafted"))
        yield m.start(), m.end(), _items(m, keys)
    found = list(_MLC.finditer(text))
    if not found:
        return
    last = max((int(m.group("i")) for m in found if m.group("what") == "len"), default=None)
    for m in found:
        i, v = int(m.group("i")), C.value(m.group("v"))
        if v is None:
            continue
        if m.group("what") == "prob" and i >= 1:
            k = C.Key(C.POSITION, f"accept prob step {i}", False, position=i - 1)
            yield m.start(), m.end(), [(k, v, f"accept_prob{{step={i}}}", m.group("v"))]
        elif m.group("what") == "len" and i == last and len(found) > 1 and i >= 1:
            yield m.start(), m.end(), [(_TOKENS, v, f"accept_len{{step={i}}}", m.group("v"))]
        else:
            yield m.start(), m.end(), []
