"""A paste setting the draft tokens per step to a placeholder letter ('"num_speculative_tokens":
N') whose rows set that letter ('MTP, n=2'): each row's own k, so a length above it counts the
bonus token, and the rest of that length's series follows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_HEAD = (
    "Tried the draft head on a small box.\n\n"
    "```\n"
    '--speculative-config \'{{"method":"eagle3","num_speculative_tokens":{var}}}\'\n'
    "```\n\n"
    "| Run | tok/s | Mean acceptance length |\n"
    "|---|---|---|\n"
    "| plain | 21.0 | — |\n"
)


def _table(var: str, label: str, rows: list[tuple[int, float]]) -> str:
    body = "".join(f"| eagle, {label}={k} | {30 + k}.0 | {v:.2f} |\n" for k, v in rows)
    return _HEAD.format(var=var) + body


def test_each_rows_own_k_decides_and_the_series_follows() -> None:
    got = read_paste(_table("N", "n", [(1, 1.7), (2, 2.3), (4, 2.9)])).records
    assert [r.accept_length for r in got] == [1.7, 2.3, 2.9]
    assert "its label sets (1)" in got[0].bonus.rule
    assert got[2].bonus.rule.startswith("the paste's other lengths of this name")


def test_placeholder_in_a_long_flag() -> None:
    text = (
        "Sweep: `--speculative-num-steps <S>` on our own server script.\n\n"
        "| Run | speed | accept len |\n|---|---|---|\n"
        "| S=1 | 31 | 1.62 |\n| S=3 | 40 | 2.48 |\n"
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [1.62, 2.48]
    assert "its label sets (1)" in got[0].bonus.rule


def test_another_letter_in_the_labels_is_no_k() -> None:
    # the flag's placeholder is N, the rows set a batch size b: nothing ties b to the drafts
    got = read_paste(_table("N", "b", [(1, 1.7), (2, 2.3), (4, 2.9)])).records
    assert [r.printed_length for r in got] == [1.7, 2.3, 2.9]
    assert all(r.accept_length is None for r in got)


def test_no_placeholder_no_k() -> None:
    # the flag sets a number that differs from the rows' n: a stated k of 4 decides nothing
    # here (no length passes 4), and 'n=1' is no draft count without a placeholder
    got = read_paste(_table("4", "n", [(1, 1.7), (2, 2.3), (4, 2.9)])).records
    assert all(r.accept_length is None for r in got)


def test_lengths_under_every_k_decide_nothing() -> None:
    got = read_paste(_table("N", "n", [(2, 1.7), (3, 2.3), (4, 2.9)])).records
    assert all(r.accept_length is None for r in got)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(1, 8), min_size=2, max_size=4, unique=True),
    st.integers(1, 99),
    st.sampled_from(["N", "n", "<N>", "{n}"]),
)
def test_a_length_above_any_rows_k_decides_the_series(ks: list[int], frac: int, var: str) -> None:
    ks = sorted(ks)
    # the first row's length passes its k, the others stay at or under theirs
    rows = [
        (k, round(k + frac / 100 if i == 0 else 1 + (k - 1) * 0.8, 2)) for i, k in enumerate(ks)
    ]
    got = read_paste(_table(var, "n", rows)).records
    assert [r.printed_length for r in got] == [v for _, v in rows]
    assert [r.accept_length for r in got] == [v for _, v in rows]
