"""A table row labelled by its command's flags ('`--spec eagle --draft-tokens 4`'): the engine's
flag of the draft tokens per step sets the row's k, so a length of 1 + k x the row's rate counts
the target's token (bonus included). Also a length cell's unit per round in Chinese ('3.1
tok/轮'), read as 'tok/round'. Near misses: the length off both 1 + k x rate and k x rate, a
label with no draft-count flag."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_FLAG = st.sampled_from(["--draft-tokens", "--num-draft-tokens", "--draft_tokens"])
_UNIT = st.sampled_from(["", " tok/轮", " tokens/轮", " tok/步"])
_HEAD = st.sampled_from(
    [
        ("配置", "接受率", "接受长度"),
        ("config", "acceptance rate", "accept length"),
    ]
)
_ROWS = st.lists(
    st.tuples(st.integers(2, 8), st.integers(3000, 9500)),
    min_size=2,
    max_size=3,
    unique_by=lambda r: r[0],
)


def _table(head: tuple[str, str, str], rows: list[tuple[str, float, str]]) -> str:
    out = [f"| {head[0]} | {head[1]} | {head[2]} |", "|---|---|---|"]
    out += [f"| `{lab}` | {rate * 100:.2f}% | {length} |" for lab, rate, length in rows]
    return "### MTP speculative decoding\n\n" + "\n".join(out) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(flag=_FLAG, unit=_UNIT, head=_HEAD, rows=_ROWS)
def test_a_flag_label_decides_the_bonus(
    flag: str, unit: str, head: tuple[str, str, str], rows: list[tuple[int, int]]
) -> None:
    cells = [
        (f"--spec mtp {flag} {k}", r / 10000, f"{1 + k * r / 10000:.2f}{unit}") for k, r in rows
    ]
    recs = [r for r in read_paste(_table(head, cells)).records if r.printed_length is not None]
    want = [round(1 + k * r / 10000, 2) for k, r in rows]
    assert [r.printed_length for r in recs] == [pytest.approx(w) for w in want]
    assert [r.accept_length for r in recs] == [pytest.approx(w) for w in want]


@settings(max_examples=examples(30), deadline=None)
@given(flag=_FLAG, head=_HEAD, rows=_ROWS, off=st.floats(0.3, 0.6))
def test_a_length_off_the_rate_is_left_undecided(
    flag: str, head: tuple[str, str, str], rows: list[tuple[int, int]], off: float
) -> None:
    lengths = [1 + k * r / 10000 + off for k, r in rows]
    # (a length above its k counts the bonus by another rule, above_max.py: never drawn)
    assume(all(v < k for (k, _), v in zip(rows, lengths, strict=False)))
    cells = [
        (f"--spec mtp {flag} {k}", r / 10000, f"{v:.2f}")
        for (k, r), v in zip(rows, lengths, strict=False)
    ]
    recs = read_paste(_table(head, cells)).records
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(head=_HEAD, rows=_ROWS, unit=_UNIT)
def test_a_label_without_a_draft_flag_is_left_undecided(
    head: tuple[str, str, str], rows: list[tuple[int, int]], unit: str
) -> None:
    cells = [
        (f"--spec mtp --batch {k}", r / 10000, f"{1 + k * r / 10000:.2f}{unit}") for k, r in rows
    ]
    recs = read_paste(_table(head, cells)).records
    assert all(r.accept_length is None for r in recs)
