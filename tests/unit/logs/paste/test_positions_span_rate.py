"""A figure of draft positions from one on, or of a span of them, named after acceptance in
prose ('acceptance at position 1+ (~30% per step)', 'at positions 2-4 (40%)', 'at depth 2 and
up'): those positions' figure (interpret._POSITIONS_TAIL), never the run's acceptance rate; a
bare figure of the run's acceptance beside it is still read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SPANS = ["position 1+", "positions 2-4", "position 1 and up", "depth 2 and beyond", "pos 3+"]


@settings(max_examples=examples(20), deadline=None)
@given(span=st.sampled_from(_SPANS), pct=st.integers(5, 60), length=st.integers(110, 300))
def test_a_span_of_positions_gives_no_rate(read: Read, span: str, pct: int, length: int) -> None:
    text = (
        "MTP speculative decoding keeps a good acceptance at position 0, but the chain breaks "
        f"at {span} (~{pct}% conditional per step). Mean acceptance length {length / 100:.2f} "
        "with 4 speculative tokens.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(length / 100)]
    assert all(r.printed_rate is None for r in got)


def test_the_runs_rate_is_still_read(read: Read) -> None:
    text = "MTP speculative decoding: the acceptance rate is 43% over the whole run.\n"
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(0.43)]
