"""A setting's values joined by `/`, then figures in as many values joined by `/`: one record
per setting value, labelled by it (slash_settings.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import slash_settings as SS
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Reran the sweep on the fixed build.\n\n"


def test_one_record_per_setting_value(read: Read) -> None:
    text = _LEAD + (
        "Llama-3.1-8B on MT-Bench at concurrency 1 / 4 / 16: acceptance 2.91 / 2.88 / 2.70, "
        "throughput 121 / 410 / 1180 tok/s.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.91, 2.88, 2.70]
    assert [dict(r.labels).get("concurrency") for r in got] == ["1", "4", "16"]
    assert all(r.accept_length is None for r in got)  # no tool, no identity


def test_each_list_is_split_in_the_settings_order() -> None:
    out = SS.rewrite("batch size 1 / 8: acceptance length 2.41 / 2.30, latency 12 / 19 ms")
    assert out == (
        "batch size=1: acceptance length 2.41, latency 12 ms; "
        "batch size=8: acceptance length 2.30, latency 19 ms"
    )


@pytest.mark.parametrize(
    "line",
    [
        # a list of another count: which value is whose is not told
        "at concurrency 1 / 8 / 32: acceptance 2.91 / 2.88",
        # no acceptance figure among the lists
        "at concurrency 1 / 8 / 32: throughput 121 / 410 / 1180 tok/s",
        # a setting that is no knob, without '='
        "prompts 100 / 200 / 300: acceptance 2.91 / 2.88 / 2.70",
        # the setting's list goes on into a range
        "at concurrency 1 / 8 / 32-64: acceptance 2.91 / 2.88 / 2.70",
    ],
)
def test_lines_the_rule_does_not_fit_stay_as_they_are(line: str) -> None:
    assert SS.rewrite(line) == line


def test_a_list_of_another_count_is_not_split_into_runs() -> None:
    """Negative control: three settings, two values: no record per setting is made up."""
    got = read_paste(_LEAD + "At concurrency 1 / 8 / 32: acceptance 2.91 / 2.88.\n").records
    assert len(got) <= 1


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(["concurrency", "batch size", "k", "temperature"]),
    st.sampled_from(["acceptance length", "accept length", "mean acceptance length"]),
    st.lists(st.integers(min_value=110, max_value=690), min_size=2, max_size=5),
    st.booleans(),
)
def test_every_setting_value_gets_its_own_value(
    knob: str, name: str, cents: list[int], with_speed: bool
) -> None:
    n = len(cents)
    setting = " / ".join(str(2**i) for i in range(n))
    vals = " / ".join(f"{c / 100:.2f}" for c in cents)
    speed = ", throughput " + " / ".join(str(100 * (i + 1)) for i in range(n)) + " tok/s"
    line = f"Same draft, {knob} {setting}: {name} {vals}{speed if with_speed else ''}.\n"
    got = read_paste(_LEAD + line).records
    assert [r.printed_length for r in got] == [c / 100 for c in cents]
    assert [dict(r.labels).get(knob) for r in got] == [str(2**i) for i in range(n)]
