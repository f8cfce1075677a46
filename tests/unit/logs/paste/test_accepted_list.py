"""A verb of acceptance over a list of shares (`accepted_list.py`): `accepted 71.2% chat, 64.0%
code and 58.5% math drafts` is three runs, a rate each labelled by its subset; `accepted
66.1%, 60.4% and 55.0% respectively` three runs with no subsets. A list whose shares have no
subsets and no `respectively`, a subset naming another measure or a comparison (`12% faster`),
a repeated subset, a condition before the verb or a value that is no share read no list."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBSETS = ["chat", "code", "math", "long-context", "summaries", "tool use", "agentic traces"]
_NOUNS = st.sampled_from(["", " drafts", " draft tokens", " tokens"])


@st.composite
def _items(draw: st.DrawFn) -> list[tuple[int, str]]:
    n = draw(st.integers(2, 6))
    subsets = draw(st.permutations(_SUBSETS))[:n]
    # (one share said twice on a line is one figure told twice: the shares differ)
    shares = draw(st.lists(st.integers(100, 999), min_size=n, max_size=n, unique=True))
    return list(zip(shares, subsets, strict=True))


def _joined(parts: list[str], oxford: bool) -> str:
    if len(parts) == 2:
        return f"{parts[0]} and {parts[1]}"
    return ", ".join(parts[:-1]) + ("," if oxford else "") + f" and {parts[-1]}"


@settings(max_examples=examples(60), deadline=None)
@given(
    items=_items(),
    noun=_NOUNS,
    oxford=st.booleans(),
    lead=st.sampled_from(["the wide block", "- width 3", "Run B on the drafter"]),
)
def test_shares_with_their_subsets_are_a_run_each(
    read: Read, items: list[tuple[int, str]], noun: str, oxford: bool, lead: str
) -> None:
    said = _joined([f"{x / 10:.1f}% {s}" for x, s in items], oxford)
    text = f"Measured on the speculative path.\n\n{lead} accepted {said}{noun}.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 1000) for x, _ in items]
    assert [dict(r.labels).get("subset") for r in got] == [s for _, s in items]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    shares=st.lists(st.integers(100, 999), min_size=2, max_size=6, unique=True),
    oxford=st.booleans(),
    comma=st.booleans(),
)
def test_shares_mapped_by_respectively_are_a_run_each(
    read: Read, shares: list[int], oxford: bool, comma: bool
) -> None:
    said = _joined([f"{x / 10:.1f}%" for x in shares], oxford)
    text = (
        "Measured on the speculative path.\n\n"
        f"The narrow block accepted {said}{',' if comma else ''} respectively.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 1000) for x in shares]


@settings(max_examples=examples(40), deadline=None)
@given(
    shares=st.lists(st.integers(100, 999), min_size=2, max_size=4),
    shape=st.sampled_from(
        [
            "It accepted {a} chat, {b} faster than before.",
            "It accepted {a} chat and {b} chat.",
            "If it accepted {a} chat and {b} code, we would ship.",
            "It would have accepted {a} chat and {b} code.",
            "It accepted {a} chat and {b} more tokens.",
        ]
    ),
)
def test_negative_control_no_list_of_runs(read: Read, shares: list[int], shape: str) -> None:
    a, b = (f"{x / 10:.1f}%" for x in shares[:2])
    text = f"Measured on the speculative path.\n\n{shape.format(a=a, b=b)}\n"
    assert len(read(text).records) <= 1


def test_negative_control_no_subsets_and_no_respectively_is_no_list(read: Read) -> None:
    text = "Measured on the speculative path.\n\nIt accepted 61.0%, 55.5% and 40.0%.\n"
    assert len(read(text).records) <= 1
