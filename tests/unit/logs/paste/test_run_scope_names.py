"""A figure's name followed by the run it was measured in ('Accepted tokens per step in that
session', 'acceptance rate on each task') is that figure's name (``cells.key``); a trailing
phrase naming anything else (a position, a head, theory) leaves the name unknown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SCOPES = st.sampled_from(
    ["in that session", "on each task", "during the run", "over this sweep", "for the benchmark"]
)


@settings(max_examples=examples(20), deadline=None)
@given(scope=_SCOPES, off=st.integers(15, 35), on=st.integers(15, 45))
def test_a_rows_name_with_its_runs_scope_is_read(scope: str, off: int, on: int) -> None:
    text = (
        "| Workload | Off | On | Change |\n|---|---:|---:|---:|\n"
        "| decode tok/s | 71.5 | 88.0 | +23% |\n"
        f"| Accepted tokens per step {scope} | {off / 10:.1f} | {on / 10:.1f} | |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [off / 10, on / 10]


@pytest.mark.parametrize(
    "name", ["accept length in theory", "acceptance rate on head 2", "acceptance rate in run 3"]
)
def test_negative_control_other_trailing_phrases_stay_unknown(name: str) -> None:
    assert C.key(name).metric is None
