"""Several runs' counts listed after one acceptance key, each with its share in brackets
(`accept=27/54 (50%), 41/67 (61.2%) and 37/59 (62.7%)`): one run a pair, each a record of its
accepted and drafted counts and its rate (before: the first pair alone, the others lost, a
later pair's drafted count given to the run before it). Near misses: a pair of the list whose
share its counts do not give, or a pair with no share, leave the key its first pair alone."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_PAIRS = st.lists(
    st.tuples(st.integers(1, 400), st.integers(1, 400)).map(lambda t: (t[0], t[0] + t[1])),
    min_size=2,
    max_size=5,
    unique_by=lambda p: p[0] * 1000 + p[1],
)


def _share(acc: int, drafted: int) -> str:
    return f"{100 * acc / drafted:.1f}%"


def _clear(acc: int, drafted: int) -> bool:
    """The share's rounding is clear of a half-way point (no tie at its printed precision)."""
    x = 1000 * acc / drafted
    return abs(x - round(x)) < 0.45 or abs(x - round(x)) > 0.55


def _items(pairs: list[tuple[int, int]], last_and: bool) -> str:
    shown = [f"{a}/{b} ({_share(a, b)})" for a, b in pairs]
    if last_and:
        return ", ".join(shown[:-1]) + " and " + shown[-1]
    return ", ".join(shown)


def _paste(key: str, sep: str, items: str) -> str:
    return (
        "### Sweep of the drafter on the staging box\n\n"
        f"Every request batched fine and **the drafter stayed engaged: {key}{sep}{items}** "
        "across the runs, nowhere near the collapse seen before.\n"
    )


@given(
    pairs=_PAIRS,
    key=st.sampled_from(["accept", "acceptance", "accepted"]),
    sep=st.sampled_from(["=", ": ", " = "]),
    last_and=st.booleans(),
)
def test_each_listed_pair_is_a_run(
    read: Read, pairs: list[tuple[int, int]], key: str, sep: str, last_and: bool
) -> None:
    assume(all(_clear(a, b) for a, b in pairs))
    got = read(_paste(key, sep, _items(pairs, last_and))).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == pairs
    for r, (a, b) in zip(got, pairs, strict=True):
        assert r.accept_rate == pytest.approx(round(100 * a / b, 1) / 100, abs=1e-9)
        assert r.accept_length is None  # no verify steps: the length is undecided


@given(pairs=_PAIRS, off=st.integers(5, 30), at=st.integers(1, 4))
def test_a_pair_its_share_does_not_fit_leaves_the_first_alone(
    read: Read, pairs: list[tuple[int, int]], off: int, at: int
) -> None:
    assume(all(_clear(a, b) for a, b in pairs))
    at = at % len(pairs)
    assume(at > 0)
    a, b = pairs[at]
    pct = 100 * a / b + off
    assume(pct < 100)
    shown = [f"{x}/{y} ({_share(x, y)})" for x, y in pairs]
    shown[at] = f"{a}/{b} ({pct:.1f}%)"
    got = read(_paste("accept", "=", ", ".join(shown))).records
    counted = [(r.accepted_tokens, r.drafted_tokens) for r in got if r.accepted_tokens]
    assert counted[:1] == [pairs[0]]
    # no later pair is read as this key's run
    assert all(p not in counted for p in pairs[1:])


@given(pairs=_PAIRS)
def test_pairs_with_no_share_leave_the_first_alone(
    read: Read, pairs: list[tuple[int, int]]
) -> None:
    assume(all(_clear(a, b) for a, b in pairs))
    a, b = pairs[0]
    rest = ", ".join(f"{x}/{y}" for x, y in pairs[1:])
    got = read(_paste("accept", "=", f"{a}/{b} ({_share(a, b)}), {rest}")).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got if r.accepted_tokens] == [(a, b)]
