"""A vLLM paste setting num_speculative_tokens to a placeholder letter ('"num_speculative_tokens":
N') over a table of rates whose column headed by that letter (alone or as its maximum: 'n',
'N', 'n-max') holds each row's value: each row's length is 1 + k x rate, k its own cell
(placeholder_column.py). Another letter, a number set instead of the letter, a column of words,
an n-gram proposer or an approximate rate decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADS = ["n", "N", "n-max", "n_max", "N max"]


def _paste(
    var: str, head: str, rows: list[tuple[str, int, float]], method: str = "eagle3", pad: str = " "
) -> str:
    body = "".join(
        f"|{pad}{label}{pad}|{pad}{40 + k}.5{pad}|{pad}{k}{pad}|{pad}{rate:.2f}{pad}|\n"
        for label, k, rate in rows
    )
    return (
        "Served with vLLM on one card, same prompts on every side:\n\n"
        f"`vllm serve my-target --speculative-config "
        f'\'{{"method":"{method}","num_speculative_tokens":{var}}}\'`\n\n'
        f"| Side | Decode tok/s | {head} | Acceptance |\n"
        "|---|---|---|---|\n" + body
    )


_LABELS = st.sampled_from(["box-a", "second try", "cold cache", "run 7b", "warm"])


@settings(max_examples=examples(25), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    var=st.sampled_from(["N", "n", "<N>", "{n}"]),
    ks=st.lists(st.integers(1, 8), min_size=1, max_size=3, unique=True),
    rates=st.lists(st.integers(5, 95), min_size=3, max_size=3),
    labels=st.lists(_LABELS, min_size=3, max_size=3, unique=True),
    pad=st.sampled_from([" ", "  "]),
)
def test_each_row_takes_the_k_of_its_own_column(
    read: Read,
    head: str,
    var: str,
    ks: list[int],
    rates: list[int],
    labels: list[str],
    pad: str,
) -> None:
    if head.lower()[0] != var.strip("<>{}").lower():
        return
    rows = [(labels[i], k, rates[i] / 100) for i, k in enumerate(ks)]
    got = read(_paste(var, head, rows, pad=pad)).records
    assert [r.printed_rate for r in got] == pytest.approx([r for _, _, r in rows])
    assert [r.accept_length for r in got] == pytest.approx([1 + k * r for _, k, r in rows])
    assert all(r.bonus.value == "included" for r in got)


def test_a_number_set_in_the_launch_is_every_rows_k(read: Read) -> None:
    # the launch sets 4, no letter: the column is no k of it, the launch's k decides (fixed_k.py)
    got = read(_paste("4", "n", [("box-a", 2, 0.45), ("box-b", 3, 0.30)])).records
    assert [r.accept_length for r in got] == pytest.approx([2.8, 2.2])
    assert not any("letter" in r.bonus.rule for r in got)


def test_the_example_of_the_rule_table(read: Read) -> None:
    got = read(_paste("N", "n-max", [("box-a", 2, 0.61), ("box-b", 5, 0.37)])).records
    assert [r.accept_length for r in got] == pytest.approx([2.22, 2.85])


@settings(max_examples=examples(20), deadline=None)
@given(
    ks=st.lists(st.integers(1, 8), min_size=2, max_size=3, unique=True),
    rate=st.integers(5, 95),
    miss=st.sampled_from(
        [
            # another letter heads the column: nothing ties it to the drafts
            ("N", "b"),
            ("N", "m-max"),
            # a word heads the column
            ("N", "batch"),
            ("N", "nodes"),
        ]
    ),
)
def test_near_misses_decide_nothing(
    read: Read, ks: list[int], rate: int, miss: tuple[str, str]
) -> None:
    var, head = miss
    rows = [(f"side {i}", k, rate / 100) for i, k in enumerate(ks)]
    got = read(_paste(var, head, rows)).records
    assert len(got) == len(rows)
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "swap",
    [
        # an n-gram proposer: a match may be shorter than k
        ('"method":"eagle3"', '"method":"ngram"'),
        # a draft count stated elsewhere too: which k the rows ran is unsaid
        ("one card,", "one card, k=3,"),
    ],
)
def test_other_near_misses_decide_nothing(read: Read, swap: tuple[str, str]) -> None:
    text = _paste("N", "n", [("box-a", 2, 0.45), ("box-b", 4, 0.30)]).replace(*swap)
    got = read(text).records
    assert all(r.accept_length is None for r in got)


def test_an_approximate_rate_decides_nothing(read: Read) -> None:
    text = _paste("N", "n", [("box-a", 2, 0.45), ("box-b", 4, 0.30)]).replace(
        "| 0.45 |", "| ~0.45 |"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [None, pytest.approx(2.2)]
