"""A tuning target (thresholds._TUNED_SPAN): a setting that should, must or can be tuned, set or
chosen so (that) an acceptance figure is (about) a value, or an instruction opening a sentence
(`Tune ... so ...`): the value aimed at, no measured figure and no record. A past tense with its
subject (`we tuned k so the rate was 41%`), a setting's value with no `so` clause, or a figure
outside the span are read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import thresholds as TH
from tests.support.examples import examples

_MODALS = ("should be", "must be", "can be", "needs to be", "has to be", "ought to be")
_VERBS = ("tuned", "set", "chosen", "adjusted", "picked", "calibrated")
_SETTINGS = ("the draft depth", "k", "the spread of the proposals", "gamma")
_NAMES = ("acceptance rate", "mean acceptance rate", "accept length", "AL", "acceptance")
_LINKS = ("is about", "is", "stays near", "lands at", "is roughly", "sits around", "is ~")


def _value(name: str, v: int) -> str:
    return f"{v / 10 + 1:.1f}" if name in ("accept length", "AL") else f"{v}%"


@settings(max_examples=examples(50), deadline=None)
@given(
    modal=st.sampled_from(_MODALS),
    verb=st.sampled_from(_VERBS),
    setting=st.sampled_from(_SETTINGS),
    that=st.booleans(),
    name=st.sampled_from(_NAMES),
    link=st.sampled_from(_LINKS),
    v=st.integers(11, 89),
)
def test_a_tuning_target_is_no_record(
    modal: str, verb: str, setting: str, that: bool, name: str, link: str, v: int
) -> None:
    so = "so that" if that else "so"
    line = f"For a greedy draft, {setting} {modal} {verb} {so} the {name} {link} {_value(name, v)}."
    out = TH.blank(line)
    assert len(out) == len(line) and _value(name, v) not in out
    assert read_paste(line + "\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(("Tune", "Set", "Choose", "Adjust")),
    setting=st.sampled_from(_SETTINGS),
    name=st.sampled_from(_NAMES),
    v=st.integers(11, 89),
)
def test_an_instruction_to_tune_is_no_record(verb: str, setting: str, name: str, v: int) -> None:
    line = f"Drafts are cheap. {verb} {setting} so the {name} is about {_value(name, v)}."
    assert read_paste(line + "\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    subject=st.sampled_from(("we", "I", "the team")),
    verb=st.sampled_from(_VERBS),
    setting=st.sampled_from(_SETTINGS),
    v=st.integers(11, 89),
)
def test_near_miss_a_past_tuning_is_read(subject: str, verb: str, setting: str, v: int) -> None:
    line = f"With the EAGLE draft {subject} {verb} {setting} so the acceptance rate was {v}%.\n"
    assert [r.printed_rate for r in read_paste(line).records] == [v / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    modal=st.sampled_from(_MODALS),
    verb=st.sampled_from(_VERBS),
    k=st.integers(2, 8),
    v=st.integers(11, 89),
)
def test_near_miss_a_setting_without_a_so_clause_keeps_the_figure(
    modal: str, verb: str, k: int, v: int
) -> None:
    line = f"The draft depth {modal} {verb} to {k}; the acceptance rate was {v}% on chat.\n"
    assert [r.printed_rate for r in read_paste(line).records] == [v / 100]


def test_a_measured_figure_beside_a_target_is_read() -> None:
    line = "Acceptance rate: 58%. The depth should be tuned so the acceptance rate is about 70%.\n"
    assert [r.printed_rate for r in read_paste(line).records] == [0.58]
