"""`MTP D1` (`mtp_d1`, `MTP-D1`): MTP's depth written as D and its number, as `MTP-1` or
`depth=1` is; a depth of one drafts one token a step, so a rate of the run in the same block is
the accepted drafts a step and the length is 1 + rate. A deeper D (`MTP D3`) proves nothing, and
D beside another word (`model D1`, `MTP dropped 1`) is no depth."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.one_draft import said_max_one
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["MTP D1", "mtp_d1", "MTP-D1", "MTP d1", "mtp-d1"]),
    rate=st.integers(30, 95),
    pct=st.booleans(),
    where=st.sampled_from(["key", "sentence"]),
)
def test_a_depth_of_one_gives_the_length(
    read: Read, name: str, rate: int, pct: bool, where: str
) -> None:
    assert said_max_one(name) is not None
    value = f"{rate}%" if pct else f"0.{rate}"
    text = "Speculative decoding on the small target.\n\n" + (
        f"- {name} accept rate: {value}\n"
        if where == "key"
        else f"Runs with {name}, greedy.\n- acceptance rate: {value}\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)]
    assert got[0].accept_length == pytest.approx(1 + rate / 100)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["MTP D3", "mtp_d2", "model D1", "MTP dropped 1", "MTP D1/D2"]),
    rate=st.integers(30, 95),
)
def test_negative_control_no_depth_of_one(read: Read, name: str, rate: int) -> None:
    text = f"Speculative decoding.\n\nRuns with {name}, greedy.\n- acceptance rate: 0.{rate}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)]
    assert got[0].accept_length is None


def test_the_example_of_the_docs(read: Read) -> None:
    got = read("Speculative decoding.\n\n- MTP D1 accept rate: 0.74\n").records
    assert [r.accept_length for r in got] == [pytest.approx(1.74)]
