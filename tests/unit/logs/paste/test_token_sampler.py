"""'sampler' is a Monte Carlo word of acceptance in another meaning, unless the text names a
language model's sampling settings beside it (top_k, top_p, min_p): then it is the token
sampler of a speculative run, and a table under it is read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TABLE = (
    "| Arm | Decode tok/s | Acceptance |\n|---|---|---|\n"
    "| cache on, {knob} unset | 41.5 | {a:.1f}% |\n"
    "| cache off, {knob} 40 | 47.0 | {b:.1f}% |\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=200, max_value=900),
    st.integers(min_value=200, max_value=900),
    st.sampled_from(["top_k", "top_p", "min_p", "top-k"]),
)
def test_a_token_sampler_beside_its_settings_leaves_the_table_read(
    read: Read, a: int, b: int, knob: str
) -> None:
    text = (
        f"The client never sent {knob}, so the sampler drew from the whole vocabulary.\n\n"
        "## Runs\n\nOne sequence, median of three.\n\n"
        + _TABLE.format(knob=knob, a=a / 10, b=b / 10)
    )
    got = read(text).records
    assert sorted(r.printed_rate or 0 for r in got) == pytest.approx(sorted([a / 1000, b / 1000]))
    assert all(r.accept_length is None for r in got)


def test_a_monte_carlo_sampler_stays_another_meaning(read: Read) -> None:
    text = (
        "The chain was slow: the sampler needed a smaller step size.\n\n"
        "## Runs\n\nOne chain, median of three.\n\n"
        + _TABLE.format(knob="thinning", a=23.4, b=31.0)
    )
    assert read(text).records == ()
