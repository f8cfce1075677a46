"""A run named by its figure ('the 64.2% acceptance run', 'that 2.85 accept length setup') points
back at a run the paste already told: where an earlier record prints that value, the sentence
adds no record. A value no earlier record prints, or the figure's name with no run's noun after
it, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_DET = st.sampled_from(["the", "that", "your"])
_NOUN = st.sampled_from(["run", "result", "setup", "config", "checkpoint"])
_ASK = st.sampled_from(
    [
        "Could you post the prompt set behind {ref}?",
        "Which target quant gave {ref}? I'd like to rerun it.",
    ]
)


def _top(rate: int, length: float | None) -> str:
    lines = [f"- {rate / 10:.1f}% draft acceptance"]
    if length is not None:
        lines.append(f"- {length:.2f} accepted tokens per verification round")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    rate=st.integers(300, 980),
    length=st.one_of(st.none(), st.floats(1.5, 5.0)),
    det=_DET,
    noun=_NOUN,
    ask=_ASK,
    name=st.sampled_from(["acceptance", "draft acceptance", "accept rate"]),
)
def test_run_named_by_earlier_figure_adds_nothing(
    read, rate: int, length: float | None, det: str, noun: str, ask: str, name: str
) -> None:
    ref = f"{det} {rate / 10:.1f}% {name} {noun}"
    recs = read(_top(rate, length) + "\n" + ask.format(ref=ref) + "\n").records
    assert [round(r.printed_rate or 0, 6) for r in recs] == [rate / 1000]


@settings(max_examples=examples(25), deadline=None)
@given(
    rate=st.integers(300, 900),
    other=st.integers(1, 60),
    det=_DET,
    noun=_NOUN,
    miss=st.sampled_from(["value", "noun"]),
)
def test_other_value_or_no_run_noun_still_read(
    read, rate: int, other: int, det: str, noun: str, miss: str
) -> None:
    said = rate + other if miss == "value" else rate
    tail = f" {noun}" if miss == "value" else " was what we measured again"
    sentence = f"We also saw {det} {said / 10:.1f}% acceptance{tail} on the second box."
    recs = read(_top(rate, None) + "\n" + sentence + "\n").records
    assert sorted(round(r.printed_rate or 0, 6) for r in recs) == sorted([rate / 1000, said / 1000])
