"""A JSON object's mean of tokens a step under a script's own name ('avg_emit', 'AL_raw_mean_committed'),
equal to the object's tokens count over its steps count at its printed precision: tokens per
step, the target's own token counted, the counts with it (json_per_step.py). A mean that is not
that quotient, a name without a mean word, or counts that are not whole decide nothing."""

from __future__ import annotations

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MEANS = ["avg_emit", "AL_raw_mean_committed", "mean_tok", "avgCommitTokens", "average_commit"]
_TOKENS = ["tokens", "total_tokens", "n_tokens"]
_STEPS = ["steps", "total_steps", "n_steps", "rounds"]


def _body(obj: dict[str, object], nested: bool, indent: bool) -> str:
    doc: object = {"run": "r7", "per_prompt": [{"i": 0, "spec": obj}]} if nested else obj
    return json.dumps(doc, indent=2 if indent else None) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    steps=st.integers(8, 400),
    per=st.integers(110, 700),
    mean=st.sampled_from(_MEANS),
    tok=st.sampled_from(_TOKENS),
    stp=st.sampled_from(_STEPS),
    digits=st.sampled_from([2, 3, 4, 12]),
    accepted=st.booleans(),
    nested=st.booleans(),
    indent=st.booleans(),
)
def test_a_mean_equal_to_tokens_over_steps_is_tokens_per_step(
    read: Read,
    steps: int,
    per: int,
    mean: str,
    tok: str,
    stp: str,
    digits: int,
    accepted: bool,
    nested: bool,
    indent: bool,
) -> None:
    tokens = steps * per // 100
    value = round(tokens / steps, digits)
    assume(value > 1.05)
    obj: dict[str, object] = {tok: tokens, stp: steps, "temperature": 0}
    # (an acceptance field beside it: the object speaks of acceptance)
    if accepted:
        obj["accepted"] = tokens - steps
    else:
        obj["accept_rate"] = 0.5
    obj[mean] = value
    records = read(_body(obj, nested, indent)).records
    assert len(records) == 1
    r = records[0]
    assert r.printed_length == value
    assert r.accept_length is not None and abs(r.accept_length - value) < 1e-6
    assert r.output_tokens == tokens and r.steps == steps


@settings(max_examples=examples(15), deadline=None)
@given(
    steps=st.integers(8, 400),
    per=st.integers(110, 700),
    off=st.sampled_from([0.37, -0.21, 1.0]),
    mean=st.sampled_from(_MEANS),
)
def test_a_mean_that_is_not_the_quotient_is_not_read(
    read: Read, steps: int, per: int, off: float, mean: str
) -> None:
    tokens = steps * per // 100
    value = round(tokens / steps + off, 3)
    assume(1.1 < value < 16)
    obj = {"tokens": tokens, "steps": steps, "accepted": tokens - steps, mean: value}
    assert all(r.printed_length is None for r in read(_body(obj, False, True)).records)


def test_a_quotient_under_a_name_without_a_mean_word_is_not_read(read: Read) -> None:
    obj = {"tokens": 90, "steps": 25, "accepted": 65, "tok_ratio": 3.6, "emit": 3.6}
    assert all(r.printed_length is None for r in read(_body(obj, False, True)).records)


def test_a_known_length_is_kept_as_printed(read: Read) -> None:
    # a length of a known name: the counts check it, the script's own mean adds nothing
    obj = {"tokens": 90, "steps": 25, "accept_length": 3.6, "avg_emit": 3.6}
    records = read(_body(obj, False, True)).records
    assert [r.printed_length for r in records] == [3.6]
