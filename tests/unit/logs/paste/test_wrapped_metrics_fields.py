"""An engine's statistics line quoted without its log prefix and broken after its commas (each
line but the last ends with ',', the next opens with a 'Name: number' field): read as the one
line it was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _broken(positions: list[int], rate_tenths: int) -> tuple[str, float]:
    length = round(1 + sum(positions) / 1000, 2)
    text = (
        "After the fix the server printed:\n\n```\n"
        f"SpecDecoding metrics: Mean acceptance length: {length:.2f},\n"
        "Per-position acceptance rate: " + ", ".join(f"{p / 1000:.3f}" for p in positions) + ",\n"
        f"Avg Draft acceptance rate: {rate_tenths / 10:.1f}%\n```\n"
    )
    return text, length


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=950), min_size=2, max_size=5),
    st.integers(min_value=100, max_value=900),
)
def test_a_metrics_line_broken_after_its_commas(
    read: Read, positions: list[int], rate_tenths: int
) -> None:
    text, length = _broken(sorted(positions, reverse=True), rate_tenths)
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].tool == "vllm"
    assert got[0].printed_length == length
    assert got[0].accept_length == length  # 1 + the per-position rates: the bonus counted


def test_a_line_not_ending_in_a_comma_is_not_joined_to_the_next(read: Read) -> None:
    """Without the trailing comma the next line is a line of its own: the prose's 'Note: 3'
    never becomes a field of the engine's line."""
    text = (
        "```\nSpecDecoding metrics: Mean acceptance length: 2.41, Accepted: 141 tokens, "
        "Drafted: 200 tokens, Per-position acceptance rate: 0.800, 0.610, "
        "Avg Draft acceptance rate: 70.5%\nNote: 3 runs were averaged\n```\n"
    )
    got = read(text).records
    assert all(r.printed_length in (None, 2.41) for r in got)
