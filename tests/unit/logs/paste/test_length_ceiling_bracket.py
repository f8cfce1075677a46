"""A length's name with its ceiling in a bracket right after it, the draft count plus one
(`mean accept_len (ceiling = num_steps+1 = 4)`, `acceptance length (max: k + 1)`): with every
draft accepted a step emits its drafts and the target's own token, so the lengths printed under
that name count the bonus (ceiling.bounded). Near misses: a ceiling of another size, the bracket
after another measure's name, a bracket of no ceiling word."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import ceiling
from tests.unit.logs.paste.pipeline import Read

_K = st.sampled_from(["num_steps", "k", "K", "gamma", "n_draft", "num_speculative_tokens"])
_CEIL = st.sampled_from(["ceiling", "max", "maximum", "cap", "upper bound"])
_EQ = st.sampled_from(["=", ":", " = ", ": "])
_SP = st.sampled_from(["", " "])
_NAME = st.sampled_from(["accept_len", "accept length", "acceptance length", "acc_len"])


@given(
    name=_NAME,
    word=_CEIL,
    eq=_EQ,
    k=_K,
    sp=_SP,
    top=st.one_of(st.none(), st.integers(3, 9)),
    mean=st.booleans(),
)
def test_bracketed_ceiling_bounds_the_name(
    name: str, word: str, eq: str, k: str, sp: str, top: int | None, mean: bool
) -> None:
    tail = "" if top is None else f" = {top}"
    text = f"{'mean ' if mean else ''}{name} ({word}{eq}{k}{sp}+{sp}1{tail})"
    assert set(ceiling.bounded(text)) == {"length"}


@pytest.mark.parametrize(
    "text",
    [
        "mean accept_len (ceiling = num_steps+2)",
        "mean accept_len (ceiling = num_steps)",
        "mean accept_len (ceiling = num_steps+1.5)",
        "throughput (ceiling = num_steps+1)",
        "mean accept_len (floor = num_steps+1)",
        "mean accept_len (ceiling = 2*num_steps+1)",
        "mean accept_len; ceiling = num_steps+1 elsewhere",
    ],
)
def test_near_misses_bound_nothing(text: str) -> None:
    assert ceiling.bounded(text) == {}


@given(
    values=st.lists(st.integers(120, 480), min_size=1, max_size=4, unique=True),
    steps=st.integers(2, 7),
    word=_CEIL,
    bound=st.booleans(),
)
def test_json_metric_member_decides_its_records(
    read: Read, values: list[int], steps: int, word: str, bound: bool
) -> None:
    ceiling_words = f" ({word} = num_steps+1 = {steps + 1})" if bound else f" (num_steps={steps})"
    doc = {
        "model": "small-draft",
        "metric": "mean accept_len" + ceiling_words,
        "runs": [{"checkpoint": f"ckpt_{i}", "accept_len": v / 100} for i, v in enumerate(values)],
    }
    got = read(json.dumps(doc, indent=2) + "\n").records
    assert [r.printed_length for r in got] == [pytest.approx(v / 100) for v in values]
    want = [pytest.approx(v / 100) for v in values] if bound else [None] * len(values)
    assert [r.accept_length for r in got] == want
