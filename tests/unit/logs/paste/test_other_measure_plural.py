"""A value after a comma whose words name another measure in the plural (`..., typical speedups
of 1.7`, `..., measured latencies of 41`) is that measure's, not the acceptance named before
the comma; the singular was so already. A variant naming no measure still takes the name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    noun=st.sampled_from(["speedups", "speeds", "throughputs", "latencies"]),
    adj=st.sampled_from(["typical", "real-world", "observed"]),
    tenths=st.integers(11, 39),
)
def test_plural_other_measure_after_the_comma_is_no_rate(
    read: Read, noun: str, adj: str, tenths: int
) -> None:
    text = f"With a high acceptance rate, {adj} {noun} of {tenths / 10} are common.\n"
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(variant=st.sampled_from(["chat set", "q raw", "greedy"]), pct=st.integers(20, 95))
def test_variant_naming_no_measure_keeps_the_name(read: Read, variant: str, pct: int) -> None:
    (r,) = read(f"Mean draft acceptance rate, {variant}: {pct}%\n").records
    assert r.printed_rate is not None and abs(r.printed_rate - pct / 100) < 1e-9
