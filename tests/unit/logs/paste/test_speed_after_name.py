"""A speed's value after an acceptance figure's name ('chat acceptance on the dual card (~38
tok/s)', the '~' before it read as a separator) is never the figure's value: no rate of 0.38.
The figure's own value beside it, or a share after the same '~', stays read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    speed=st.integers(12, 95),
    unit=st.sampled_from(["tok/s", "TPS", "t/s", "tokens/s", "tps"]),
    mark=st.sampled_from(["~", "≈"]),
    value=st.sampled_from(["", " 0.31"]),
)
def test_a_speed_after_the_name_is_no_rate(
    read: Read, speed: int, unit: str, mark: str, value: str
) -> None:
    text = f"Chat acceptance on the dual card{value} ({mark}{speed} {unit}).\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == ([0.31] if value else [])


@pytest.mark.parametrize(
    ("line", "rate"),
    [
        ("Chat acceptance on the dual card ~38%.", 0.38),
        ("Chat acceptance: ~0.38 at 40 tok/s.", 0.38),
    ],
)
def test_the_figures_own_value_stays(read: Read, line: str, rate: float) -> None:
    assert [r.printed_rate for r in read(line + "\n").records] == [rate]
