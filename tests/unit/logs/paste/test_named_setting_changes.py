"""A change of an acceptance figure qualified by a setting whose values are names ('draft
acceptance in greedy mode climbs from 0.52 to 0.58', interpret._named_setting_qualifies): the
setting tells where the figure was measured, it takes no number, so the two values are the
figure's, two records. A setting of numbers closing the qualifier ('at batch size',
'with temperature') or whole numbers on either side keep the phrase no acceptance change."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Two draft heads for a 7B model on one card, batch 1.\n\n"
_NAMES = [("acceptance rate", False), ("decode acceptance", False), ("mean accept length", True)]
_QUALIFIERS = ["in", "on", "for", "with"]
_SETTINGS = [
    "greedy mode",
    "the code task",
    "mixed precision",
    "the math benchmark",
    "chat scenario",
]
_VERBS = ["climbs", "went", "improved", "drops", "rose"]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    qualifier=st.sampled_from(_QUALIFIERS),
    setting=st.sampled_from(_SETTINGS),
    verb=st.sampled_from(_VERBS),
    a=st.integers(21, 79),
    b=st.integers(21, 79),
    percent=st.booleans(),
    aside=st.booleans(),
)
def test_a_change_qualified_by_a_setting_of_names_reads_both_values(
    read: Read,
    name: tuple[str, bool],
    qualifier: str,
    setting: str,
    verb: str,
    a: int,
    b: int,
    percent: bool,
    aside: bool,
) -> None:
    words, length = name
    if length:
        first, second = f"{1 + a / 50:.2f}", f"{1 + b / 50:.2f}"
        want = [round(1 + a / 50, 2), round(1 + b / 50, 2)]
    else:
        first, second = (f"{a}.5%", f"{b}.5%") if percent else (f"0.{a}", f"0.{b}")
        want = [(a + 0.5) / 100, (b + 0.5) / 100] if percent else [a / 100, b / 100]
    tail = " (+12% over the old head)" if aside else ""
    text = f"The new head's {words} {qualifier} {setting} {verb} from {first} to {second}{tail}.\n"
    got = read(_INTRO + text).records
    if length:
        assert [r.printed_length for r in got] == want
    else:
        assert [round(r.printed_rate or -1, 6) for r in got] == [round(w, 6) for w in want]


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from(["batch size", "temperature", "request rate"]),
    verb=st.sampled_from(_VERBS),
    a=st.integers(1, 9),
)
def test_a_setting_of_numbers_keeps_its_values(read: Read, setting: str, verb: str, a: int) -> None:
    # the values after a setting that takes numbers are the setting's, never the figure's
    text = f"Acceptance rate at {setting} {verb} from {a}.0 to {a + 1}.5 in this sweep.\n"
    assert [r.printed_rate for r in read(_INTRO + text).records] == []


def test_whole_numbers_are_no_figures_of_the_change(read: Read) -> None:
    # a named setting, but whole numbers on both sides: no measured rate of either run
    text = "Acceptance in greedy mode went from 1 to 4 draft tokens per step over the week.\n"
    assert all(r.printed_rate is None for r in read(_INTRO + text).records)
