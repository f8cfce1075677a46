"""A summary table's row measured over one prompt ('| prompts |' holding 1), then a per-prompt
table whose row prints the same acceptance figure and another of the summary row's measurements
alike (its tok/s): that one prompt's run told again, one record (the summary's, noting it). Over
more prompts, or with another measurement that differs, the per-prompt row is a run of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(n: int, rate: int, speed: int, row_speed: int, count_name: str) -> str:
    return (
        "# Draft bench\n\n"
        f"| suite | {count_name} | tok/s | acceptance |\n|---|---:|---:|---:|\n"
        f"| quick | {n} | {speed / 100:.2f} | {rate / 100:.2f} |\n\n"
        "## Per prompt\n\n"
        "| prompt id | tok/s | acceptance |\n|---|---:|---:|\n"
        f"| quick-essay-0a1b | {row_speed / 100:.2f} | {rate / 100:.2f} |\n"
    )


_COUNTS = st.sampled_from(["prompts", "#prompts", "Prompts", "prompts (n)"])


@settings(max_examples=examples(25), deadline=None)
@given(rate=st.integers(20, 95), speed=st.integers(900, 9000), count_name=_COUNTS)
def test_the_one_prompts_row_is_the_summarys_run(
    read: Read, rate: int, speed: int, count_name: str
) -> None:
    records = read(_paste(1, rate, speed, speed, count_name)).records
    assert [r.printed_rate for r in records] == [rate / 100]
    assert any("restated" in n for n in records[0].notes)


@settings(max_examples=examples(25), deadline=None)
@given(
    rate=st.integers(20, 95),
    speed=st.integers(900, 9000),
    n=st.integers(1, 9),
    count_name=_COUNTS,
    other=st.booleans(),
)
def test_more_prompts_or_another_speed_is_a_run_of_its_own(
    read: Read, rate: int, speed: int, n: int, count_name: str, other: bool
) -> None:
    row_speed = speed + 37 if other or n == 1 else speed
    n = n if not other else max(n, 1)
    if n == 1 and not other:
        row_speed = speed + 37
    records = read(_paste(n, rate, speed, row_speed, count_name)).records
    assert [r.printed_rate for r in records] == [rate / 100, rate / 100]
