"""A per-position list in prose whose last value comes after 'and' ('0.82, 0.64, and 0.47',
the comma before 'and' or not): every value is a position's, so the mean of the list can be
checked against the run's printed overall rate (1 + the sum then the length). A value after
'and' that is no rate ('and 14.2 tok/s') ends the list before it, as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _falling(n: int, top: int, step: int) -> list[int]:
    """n falling rates in thousandths, from ``top`` down by ``step``."""
    return [top - i * step for i in range(n)]


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(min_value=3, max_value=5),
    top=st.integers(min_value=700, max_value=950),
    step=st.integers(min_value=40, max_value=120),
    comma=st.booleans(),
    percent=st.booleans(),
    verb=st.sampled_from(["were:", "were", "are", "="]),
)
def test_the_last_position_after_and_is_read(
    read: Read, n: int, top: int, step: int, comma: bool, percent: bool, verb: str
) -> None:
    rates = _falling(n, top, step)
    shown = [f"{r / 10:.1f}%" if percent else f"{r / 1000:.3f}" for r in rates]
    listed = ", ".join(shown[:-1]) + ("," if comma else "") + " and " + shown[-1]
    mean = sum(rates) / n / 10
    text = (
        "Reran the suite after the draft fix, 30 prompts.\n"
        f"The per-position acceptance rates {verb} {listed}, and the mean draft acceptance "
        f"rate was {mean:.2f}%.\n"
    )
    (r,) = read(text).records
    assert r.per_position == pytest.approx([x / 1000 for x in rates])
    assert r.accept_length is not None
    assert r.accept_length == pytest.approx(1 + sum(rates) / 1000)


@settings(max_examples=examples(20), deadline=None)
@given(
    top=st.integers(min_value=700, max_value=950),
    speed=st.integers(min_value=20, max_value=300),
)
def test_a_value_after_and_that_is_no_rate_ends_the_list(read: Read, top: int, speed: int) -> None:
    """'0.81, 0.66 and 41.5 tok/s': the speed is no position's; the list stops before it."""
    a, b = top / 1000, (top - 150) / 1000
    text = (
        "Reran the suite after the draft fix.\n"
        f"The per-position acceptance rates were {a:.3f}, {b:.3f} and {speed}.5 tok/s overall.\n"
    )
    (r,) = read(text).records
    assert r.per_position == pytest.approx([a, b])


def test_a_list_whose_mean_misses_the_rate_gives_no_length(read: Read) -> None:
    text = (
        "The per-position acceptance rates were 0.900, 0.700, and 0.500, "
        "and the mean draft acceptance rate was 55.0%.\n"
    )
    (r,) = read(text).records
    assert r.per_position == (0.9, 0.7, 0.5)
    assert r.accept_length is None
