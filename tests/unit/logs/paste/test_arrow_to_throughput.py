"""A value after a change's arrow that carries a throughput's or a time's unit ('acceptance
rate 0.96 → 85.8 t/s', '-> 41 tok/s', '-> 12 ms') is what the figure leads to, never the
figure's next value (interpret._ARROW_TO), as a multiplier ('-> 1.32x') is not: one record, the
figure before the arrow. A bare value after the arrow is still the next run's figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["acceptance rate", "draft acceptance rate", "accept rate"]),
    rate=st.integers(10, 99),
    speed=st.integers(1000, 15000),
    unit=st.sampled_from([" t/s", " tok/s", " tokens/s", "t/s", " tps"]),
    arrow=st.sampled_from(["→", "->"]),
    bold=st.sampled_from(["", "**"]),
)
def test_a_speed_after_the_arrow_is_no_rate(
    read: Read, name: str, rate: int, speed: int, unit: str, arrow: str, bold: str
) -> None:
    text = (
        f"On looping prompts the same setup once reached {name} "
        f"{bold}0.{rate:02d} {arrow} {speed / 100:.2f}{unit}{bold} on one card.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)]


def test_a_bare_value_after_the_arrow_is_the_next_run(read: Read) -> None:
    got = read("After the fix the acceptance rate went 0.61 → 0.72 on chat.\n").records
    assert sorted(r.printed_rate or 0 for r in got) == pytest.approx([0.61, 0.72])
