"""A figure the prose says is never reached (`we will never get AR=1`, `you cannot reach 100%
acceptance`, `won't hit an accept length of 5`) is a bound no run reaches: no record. A line
that also prints a measured value, or prose reporting a figure reached, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NEGATION = st.sampled_from(
    ["will never", "can never", "cannot", "can't", "won't", "do not", "never", "did not"]
)
_VERB = st.sampled_from(["get", "reach", "see", "hit", "achieve", "attain"])
_FIGURE = st.sampled_from(
    [
        ("AR={v}", "rate"),
        ("an acceptance rate of {v}", "rate"),
        ("{p}% acceptance", "pct"),
        ("accept length {L}", "length"),
        ("an accept length of {L}", "length"),
        ("tau={L}", "length"),
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(
    lead=st.sampled_from(["In real use", "With this draft", "Honestly", "Sadly, in production"]),
    subject=st.sampled_from(["we", "you", "a small draft", "the pair"]),
    neg=_NEGATION,
    verb=_VERB,
    figure=_FIGURE,
    v=st.sampled_from(["1", "0.99", "0.9"]),
    p=st.integers(90, 100),
    length=st.sampled_from(["5", "6.0", "4.5"]),
)
def test_a_figure_never_reached_is_no_record(
    lead: str,
    subject: str,
    neg: str,
    verb: str,
    figure: tuple[str, str],
    v: str,
    p: int,
    length: str,
) -> None:
    said = figure[0].format(v=v, p=p, L=length)
    text = (
        "Speculative decoding notes for the draft model.\n\n"
        f"{lead}, {subject} {neg} {verb} {said} since the window is finite.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


def test_the_bound_is_no_record_through_the_logs(read: Read) -> None:
    text = "Draft notes.\n\nIn practice you will never get AR=1 since n is finite.\n"
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["got", "reached", "measured", "saw"]),
    value=st.sampled_from(["2.41", "3.05", "1.87"]),
)
def test_negative_control_a_figure_reached_is_read(verb: str, value: str) -> None:
    text = f"Speculative decoding on the draft: we {verb} an accept length of {value}.\n"
    assert [r.printed_length for r in read_paste(text).records] == [float(value)]


def test_negative_control_a_measured_value_beside_the_bound_keeps_the_line() -> None:
    # (two figures on the line: the rule does not mark it; the line reads as it did)
    text = "We never got an accept length of 2.5, only 1.9 on the chat prompts.\n"
    assert read_paste(text).records != ()


def test_negative_control_not_before_another_verb_is_no_bound() -> None:
    text = "Not bad: the draft reached an accept length of 3.2 on MT-bench.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.2]
