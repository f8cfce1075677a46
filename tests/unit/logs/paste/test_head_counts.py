"""Accepted tokens counted per position, position 0 the target's own token at every step
(`accepted_tokens_per_head: [60, 36, 23, 9]`): where they sum to the accepted total, the first
is the steps the printed length divides by, and the rest with the rejected drafts fill every
step's drafts, the printed length counts the bonus token. Anything short of that: unknown."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.examples import examples


def _body(
    heads: list[int],
    rejected: int,
    length: float,
    broken: bool = False,
    key: str = "speculate_metrics",
) -> str:
    metrics = {
        "accepted_tokens": sum(heads),
        "rejected_tokens": rejected,
        "accept_ratio": round((sum(heads) - heads[0]) / sum(heads), 5),
        "average_accept_length": length,
        "accepted_tokens_per_head": heads,
    }
    text = json.dumps({"id": "cmpl-1", "choices": [{key: metrics}]}, indent=4)
    if broken:
        # as users paste it: a placeholder, and a comma lost between two members
        text = text.replace('"id": "cmpl-1",', '"id": "cmpl-1",\n    ...,')
        head = text.index('"accepted_tokens_per_head"')
        text = text[:head].rstrip().rstrip(",") + "\n" + " " * 16 + text[head:]
    return text + "\n"


@st.composite
def _runs(draw: st.DrawFn) -> tuple[list[int], int]:
    steps = draw(st.integers(10, 500))
    k = draw(st.integers(2, 5))
    heads = [steps]
    for _ in range(k):
        heads.append(draw(st.integers(0, heads[-1])))
    rejected = steps * k - sum(heads[1:])
    return heads, rejected


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(), broken=st.booleans())
def test_counts_that_prove_the_bonus_decide_the_printed_length(
    run: tuple[list[int], int], broken: bool
) -> None:
    heads, rejected = run
    length = sum(heads) / heads[0]
    (r,) = read_paste(_body(heads, rejected, length, broken)).records
    assert r.bonus.value == INCLUDED and "per-position counts" in r.bonus.rule
    assert r.accept_length == r.printed_length == length
    assert r.steps == heads[0]


def test_the_written_example() -> None:
    (r,) = read_paste(_body([60, 36, 23, 9], 112, 2.1333333333333333, broken=True)).records
    assert (r.bonus.value, r.accept_length, r.steps) == (INCLUDED, 2.1333333333333333, 60)


# (the negative controls under a key no tool prints: FastDeploy's own 'speculate_metrics' names
# the tool, whose documented length, output tokens / steps, counts the bonus whatever the counts)
_NEUTRAL = "spec_stats"


def test_negative_control_rejected_drafts_that_do_not_fill_the_steps() -> None:
    (r,) = read_paste(_body([60, 36, 23, 9], 100, 2.1333333333333333, key=_NEUTRAL)).records
    assert r.bonus.value == UNKNOWN and r.accept_length is None


def test_negative_control_a_length_that_is_not_accepted_over_the_first_count() -> None:
    (r,) = read_paste(_body([60, 36, 23, 9], 112, 1.8888, key=_NEUTRAL)).records
    assert r.bonus.value == UNKNOWN and r.accept_length is None


def test_negative_control_counts_that_do_not_sum_to_the_accepted_total() -> None:
    text = _body([60, 36, 23, 9], 112, 2.1333333333333333, key=_NEUTRAL).replace(
        '"accepted_tokens": 128', '"accepted_tokens": 130'
    )
    (r,) = read_paste(text).records
    assert r.bonus.value == UNKNOWN and r.accept_length is None


def test_the_same_counts_under_a_neutral_key_decide_alone() -> None:
    (r,) = read_paste(_body([60, 36, 23, 9], 112, 2.1333333333333333, key=_NEUTRAL)).records
    assert r.tool == "unknown"
    assert r.bonus.value == INCLUDED and "per-position counts" in r.bonus.rule


def test_fastdeploy_body_whose_counts_prove_nothing_keeps_the_tools_convention() -> None:
    (r,) = read_paste(_body([60, 36, 23, 9], 100, 2.1333333333333333)).records
    assert r.tool == "fastdeploy"
    assert r.bonus.value == INCLUDED and r.bonus.rule.startswith("tool:")
