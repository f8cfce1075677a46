"""A rate of exactly zero said in a sentence first, then shown by the one run printing it below
(a summary's '**Problem**: the head got 0% acceptance ...' over a table whose 'Before' column
prints 0%): that run told before it is shown, no record of its own. A zero sentence alone, two
zero runs below (which one it tells is not said), a short key-value zero line or a later
non-zero run leave it a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import through_logs

_SAID = [
    "**Starting point**: the quantised draft head got {z} acceptance rate with speculation on.",
    "At first the quantised draft head had a draft acceptance of {z} on every prompt we tried.",
    "Problem: our drafter scored {z} acceptance on the eval prompts whatever we set the k to.",
]
_ZEROS = ["0%", "0.0%", "0.00"]


def _table(zero: str, after: int, transposed: bool) -> str:
    if transposed:
        return (
            "| Metric | Old head | New head |\n|---|---|---|\n"
            f"| Acceptance rate | {zero} | {after}.4% |\n| Decode tok/s | 31.0 | 47.5 |\n"
        )
    return (
        "| Head | Acceptance rate | Decode tok/s |\n|---|---|---|\n"
        f"| old head | {zero} | 31.0 |\n| new head | {after}.4% | 47.5 |\n"
    )


def _rates(text: str) -> list[float | None]:
    return sorted((r.printed_rate or 0.0) for r in through_logs(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(
    said=st.sampled_from(_SAID),
    zero=st.sampled_from(_ZEROS),
    after=st.integers(40, 90),
    transposed=st.booleans(),
    between=st.sampled_from(["\n", "\n## Results\n\n", "\nAfter retraining:\n\n"]),
)
def test_a_zero_told_above_its_run_is_that_run(
    said: str, zero: str, after: int, transposed: bool, between: str
) -> None:
    text = said.format(z=zero) + "\n" + between + _table(zero, after, transposed)
    assert _rates(text) == [0.0, (after + 0.4) / 100]


@settings(max_examples=examples(20), deadline=None)
@given(said=st.sampled_from(_SAID), zero=st.sampled_from(_ZEROS), after=st.integers(40, 90))
def test_two_zero_runs_below_leave_the_sentence(said: str, zero: str, after: int) -> None:
    # which of the two zero runs it tells is not said: a record of its own
    table = (
        "| Head | Acceptance rate | Decode tok/s |\n|---|---|---|\n"
        f"| old head | {zero} | 31.0 |\n| fp16 head | {zero} | 30.2 |\n"
        f"| new head | {after}.4% | 47.5 |\n"
    )
    text = said.format(z=zero) + "\n\n" + table
    assert _rates(text) == [0.0, 0.0, 0.0, (after + 0.4) / 100]


def test_near_misses_stay_records() -> None:
    table = _table("0%", 61, False)
    # the sentence alone
    assert _rates(_SAID[1].format(z="0%") + "\n") == [0.0]
    # a short key-value line of zero: a tool's output, not a sentence
    assert _rates("acceptance: 0%\n\n" + table) == [0.0, 0.0, 0.614]
    # no zero below: the sentence's run is its own
    other = table.replace("| 0% |", "| 12.0% |")
    assert _rates(_SAID[0].format(z="0%") + "\n\n" + other) == [0.0, 0.12, 0.614]
    # the zero said after another non-zero sentence figure: the zero sentence still tells the
    # one zero run; the other sentence stays
    text = "Later the draft acceptance rose to 33% with a longer warm-up.\n\n" + table
    assert _rates(text) == [0.0, 0.33, 0.614]
