"""A figure's change whose two values are each measured at a setting of their own
(`interpret._SETTING_AT_A`): 'from X at <setting> to Y at <setting>', the same preposition after
both values: two records, before and after. Whole values, a unit after the second value or a
setting said of the first value alone are no such change."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = st.sampled_from(["draft-len", "k", "batch size", "max draft", "n_spec"])
_PREPS = st.sampled_from(["at", "with", "for", "under"])
_VERBS = st.sampled_from(["falls", "fell", "drops", "went", "climbs", "rose"])
_SEPS = st.sampled_from([" ", "=", " = "])


@settings(max_examples=40, deadline=None)
@given(
    a=st.integers(300, 990),
    b=st.integers(300, 990),
    setting=_SETTINGS,
    prep=_PREPS,
    verb=_VERBS,
    sep=_SEPS,
    s1=st.integers(1, 8),
    s2=st.integers(9, 64),
)
def test_a_change_at_two_settings_is_two_runs(
    a: int, b: int, setting: str, prep: str, verb: str, sep: str, s1: int, s2: int
) -> None:
    text = (
        f"Overall acceptance {verb} from {a / 10:.1f}% {prep} {setting}{sep}{s1} "
        f"to {b / 10:.1f}% {prep} {setting}{sep}{s2}.\n"
    )
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == pytest.approx([a / 1000, b / 1000])


def test_lengths_at_two_settings(read: Read) -> None:
    text = "Mean acceptance length went from 2.64 with draft 3 to 3.05 with draft 6 on code.\n"
    assert [r.printed_length for r in read(text).records] == [2.64, 3.05]


def test_whole_values_at_two_settings_are_none(read: Read) -> None:
    # (whole values beside settings: counts as likely as lengths, no change read this way)
    text = "accept length went from 2 at k=1 to 3 at k=2 in the sweep\n"
    assert read(text).records == ()


def test_a_unit_after_the_second_value_is_another_measure(read: Read) -> None:
    text = "Draft acceptance went from 0.71 at batch 1 to 48.5 tok/s at batch 16.\n"
    assert [r.printed_rate for r in read(text).records] == []


def test_a_setting_said_of_the_first_value_alone_is_no_change(read: Read) -> None:
    text = "Draft acceptance fell from 71.5% at depth 2 to 60.5%, throughput flat.\n"
    assert read(text).records == ()
