"""Bullets of accepted / drafted counts under a line naming the acceptance rate (bullets.py):
each leaf 'label: A / N' (a share after it only where it is A / N at its printed precision; the
counts' noun after them, a position 0 only of nothing accepted) is one run's rate; a label
setting a value of its own ('max_tokens=64') is the run's configuration. With one fixed
num_speculative_tokens of 1 in a paste naming no tool (fixed_k.py), each such rate gives the
length 1 + rate. Near misses: a share that is not the counts' ratio, more accepted than drafted,
a position-0 count above zero, a k of 2, a tool named."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_LEAD = "On the support-ticket prompts the acceptance rate drops:\n\n"
_BULLET = st.sampled_from(["-", "*", "•", "  -", "  •"])


def _tail(a: int, n: int, form: int) -> str:
    share = 100 * a / n
    return ["", f", around {share:.1f}%", f" ({share:.1f}%)", " accepted tokens"][form]


@settings(max_examples=50, deadline=None)
@given(
    bullet=_BULLET,
    counts=st.lists(
        st.tuples(st.integers(1, 400), st.integers(1, 900)).map(lambda t: (t[0], t[0] + t[1])),
        min_size=2,
        max_size=4,
    ),
    forms=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    words=st.booleans(),
)
def test_count_bullets_under_a_rate_are_rates(
    read: Read, bullet: str, counts: list[tuple[int, int]], forms: list[int], words: bool
) -> None:
    lines = [
        f"{bullet} tickets, max_new={i + 1}: {a} / {n}{_tail(a, n, forms[i])}"
        for i, (a, n) in enumerate(counts)
    ]
    if words:
        lines.append(f"{bullet} Short chats also looked worse than code prompts")
    recs = read(_LEAD + "\n".join(lines) + "\n").records
    assert [r.printed_rate for r in recs] == [pytest.approx(a / n) for a, n in counts]
    assert all(r.accept_length is None for r in recs)  # no depth told


@settings(max_examples=30, deadline=None)
@given(a=st.integers(1, 300), extra=st.integers(1, 600), zero_n=st.integers(5, 90))
def test_one_draft_a_step_gives_one_plus_the_rate(a: int, extra: int, zero_n: int) -> None:
    n = a + extra
    text = (
        "We run the draft head with num_speculative_tokens=1 on eight GPUs.\n\n"
        + _LEAD
        + f"- tickets, max_new=8: 0 / {zero_n} position-0 accepted tokens\n"
        f"- tickets, max_new=128: {a} / {n}, about {100 * a / n:.1f}%\n"
    )
    recs = read_paste(text).records
    assert [r.printed_rate for r in recs] == [0.0, pytest.approx(a / n)]
    assert [r.accept_length for r in recs] == [1.0, pytest.approx(1 + a / n, abs=1e-6)]


@pytest.mark.parametrize(
    "items",
    [
        # a share that is not the counts' ratio, more accepted than drafted
        ["- tickets: 12 / 80, around 40%", "- chats: 9 / 70"],
        ["- tickets: 95 / 80", "- chats: 9 / 70"],
        # a count at position 0 above zero: one position's, not the run's
        ["- tickets: 3 / 40 position-0 accepted tokens", "- chats: 9 / 70"],
        # other words after the counts
        ["- tickets: 12 / 80 requests timed out", "- chats: 9 / 70"],
    ],
)
def test_near_misses_read_no_count_list(read: Read, items: list[str]) -> None:
    recs = read(_LEAD + "\n".join(items) + "\n").records
    assert not [r for r in recs if r.structure == "bullets"]


def test_a_depth_of_two_or_a_named_tool_gives_no_length() -> None:
    body = _LEAD + "- tickets: 12 / 80\n- chats: 9 / 70\n"
    for head in (
        "We run the draft head with num_speculative_tokens=2.\n\n",
        "We run sglang's draft head with num_speculative_tokens=1.\n\n",
    ):
        recs = read_paste(head + body).records
        assert [r.printed_rate for r in recs] == [0.15, pytest.approx(9 / 70)]
        assert all(r.accept_length is None for r in recs)
