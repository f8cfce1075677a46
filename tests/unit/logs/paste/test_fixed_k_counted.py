"""A paste naming no tool that sets vLLM's num_speculative_tokens once and prints a rate with its
own accepted / drafted token counts, the drafted count a whole multiple of that k
(fixed_k._counted): the length is 1 + k x accepted / drafted, and the same measure's other value
on that line ('up from 7.5% before') takes 1 + k x rate. A drafted count off the multiple, a k of
1, a tool named that is not vLLM, a draft maximum, or a rate without counts on another line decide
nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = ["`num_speculative_tokens={k}`", "`--num-speculative-tokens {k}`"]


def _paste(setting: str, acc: int, dra: int, before: str, verb: str = "up from") -> str:
    share = f"{100 * acc / dra:.2f}"
    return (
        f"Second pass of the 80-prompt set after the cache patch. L4, a 0.6B draft, {setting}, "
        "temperature 0.\n\n"
        f"**Draft acceptance (256 tokens each):** {share}% ({acc}/{dra} draft tokens accepted), "
        f"{verb} {before}% before the patch.\n\n"
        "**Throughput:** 812 tok/s against 1040 tok/s without speculation.\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    setting=st.sampled_from(_SETTINGS),
    k=st.integers(2, 7),
    steps=st.integers(900, 5000),
    share=st.floats(0.2, 0.9),
    before=st.integers(100, 1900),
    verb=st.sampled_from(["up from", "down from"]),
)
def test_counts_on_the_multiple_take_the_k(
    read: Read, setting: str, k: int, steps: int, share: float, before: int, verb: str
) -> None:
    dra = k * steps
    acc = int(dra * share)
    b = f"{before / 100:.2f}"
    got = read(_paste(setting.format(k=k), acc, dra, b, verb)).records
    assert len(got) == 2
    lengths = sorted(r.accept_length or 0 for r in got)
    assert lengths == pytest.approx(sorted([1 + k * acc / dra, 1 + k * float(b) / 100]), abs=1e-6)
    assert all(r.bonus.value == "included" for r in got)


def test_the_example_of_the_rule_table(read: Read) -> None:
    got = read(_paste(_SETTINGS[0].format(k=3), 4230, 9000, "6.10")).records
    assert sorted(r.accept_length or 0 for r in got) == pytest.approx([1.183, 2.41])


@given(k=st.integers(2, 7), steps=st.integers(900, 5000), off=st.integers(1, 6))
@settings(max_examples=examples(20), deadline=None)
def test_a_drafted_count_off_the_multiple_decides_nothing(
    read: Read, k: int, steps: int, off: int
) -> None:
    dra = k * steps + off % (k - 1) + 1  # (1 to k - 1 past the multiple)
    got = read(_paste(_SETTINGS[0].format(k=k), dra // 2, dra, "5.00")).records
    assert got and all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "swap",
    [
        # another tool named: its num_speculative_tokens is not vLLM's fixed depth
        ("L4, a 0.6B draft", "SGLang on an L4, a 0.6B draft"),
        # a draft maximum beside it: a step may draft fewer
        ("temperature 0", "`--draft-max 3`, temperature 0"),
        # an n-gram proposer: a match may be shorter than k
        ("a 0.6B draft", "an n-gram proposer"),
    ],
)
def test_near_misses_decide_nothing(read: Read, swap: tuple[str, str]) -> None:
    text = _paste(_SETTINGS[0].format(k=3), 4230, 9000, "6.10").replace(*swap)
    got = read(text).records
    assert got and all(r.accept_length is None or "multiple of k" not in r.bonus.rule for r in got)


def test_a_lone_rate_on_another_line_stays_unknown(read: Read) -> None:
    text = _paste(_SETTINGS[0].format(k=3), 4230, 9000, "6.10") + (
        "\n**Draft acceptance, the older build:** 12.40%.\n"
    )
    got = read(text).records
    lone = [
        r for r in got if r.accepted_tokens is None and "12.4" in " ".join(v for _, v in r.fields)
    ]
    assert lone and all(r.accept_length is None for r in lone)


def test_another_drafted_count_off_the_multiple_leaves_both(read: Read) -> None:
    text = _paste(_SETTINGS[0].format(k=3), 4230, 9000, "6.10") + (
        "\n**Draft acceptance, second node:** 44.00% (3961/9002 draft tokens accepted).\n"
    )
    got = read(text).records
    assert got and all(r.accept_length is None for r in got)


def test_a_k_as_a_sums_term_decides_nothing(read: Read) -> None:
    text = _paste("`1 + num_speculative_tokens = 4`", 4230, 9000, "6.10")
    got = read(text).records
    assert got and all(r.accept_length is None for r in got)
