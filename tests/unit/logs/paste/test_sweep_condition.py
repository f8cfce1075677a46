"""A sentence opening with several values of an acceptance figure joined by '/' as its
condition, then an outcome worked from them (an arrow, 'would', 'gives'): what-ifs put into an
estimate, no record; a run's own figures joined by '/' after their setting are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    values=st.lists(st.sampled_from(["2.0", "2.5", "3.0", "3.5", "4.0"]), min_size=2, max_size=4),
    lead=st.sampled_from(["At accept", "- at an AL of", "Assuming acceptance length", "With tau"]),
    unit=st.sampled_from([" tokens/step", "", " tok/step"]),
    outcome=st.sampled_from(
        ["→ 4.1 / 3.4 ms a token", "-> 1.8x / 2.2x decode", "this would give 1.7x"]
    ),
)
def test_what_ifs_of_acceptance_are_no_run(
    values: list[str], lead: str, unit: str, outcome: str
) -> None:
    text = (
        "Plan for the next probe.\n"
        "- Cost: verify 7.5 ms + draft 1 ms a step.\n"
        f"  {lead} {' / '.join(values)}{unit} {outcome}.\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_one_value_is_left_to_the_other_rules() -> None:
    got = read_paste(
        "Bench notes.\n- At accept length 2.84 tokens/step -> 1.9x decode on our H100 box.\n"
    ).records
    assert [r.printed_length for r in got] == [2.84]


def test_negative_control_a_settings_sweep_is_read() -> None:
    got = read_paste(
        "Bench notes.\nat concurrency 1 / 8 / 32: acceptance length 2.91 / 2.88 / 2.70, "
        "throughput 120 / 690 / 1480 tok/s\n"
    ).records
    assert sorted(r.printed_length or 0 for r in got) == [2.70, 2.88, 2.91]
