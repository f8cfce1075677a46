"""A figure of an indefinite subject opening its sentence or list item, judged in the present
for what such a value means ('An acceptance length of 3.9 is bad news', '- A draft acceptance
rate of 71% is healthy'), is guidance on values, no run: no record. An owned or definite
subject, a past 'was', or a run's verb before the subject keeps the figure a record."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAME = st.sampled_from(
    [
        ("acceptance length", "length"),
        ("MTP acceptance length", "length"),
        ("mean accept length", "length"),
        ("draft acceptance rate", "rate"),
        ("acceptance rate", "rate"),
    ]
)
_ARTICLE = st.sampled_from(["A", "An", "a", "an"])
_OPEN = st.sampled_from(["", "- ", "* ", "3. ", "Rule of thumb. ", "**"])
_ADJ = st.sampled_from(["", "a steady ", "about ", "~"])
_JUDGEMENT = st.sampled_from(
    [
        "is bad news",
        "is good news",
        "is healthy",
        "is unhealthy",
        "is usually a red flag",
        "would be suspicious",
        "is a warning sign",
        "is too good to be true",
    ]
)
_TAIL = st.sampled_from(["", ", not a good result", " for a small drafter", "**: check it"])


def _value(kind: str, n: int) -> tuple[str, float]:
    if kind == "length":
        v = 1 + n / 100
        return f"{v:.2f}", round(v, 2)
    return f"{n % 99 + 1}%", (n % 99 + 1) / 100


def _figures(text: str) -> list[float]:
    out: list[float] = []
    for r in read_paste(text).records:
        f = r.printed_length if r.printed_length is not None else r.printed_rate
        if f is not None:
            out.append(round(f, 4))
    return out


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAME,
    art=_ARTICLE,
    lead=_OPEN,
    adj=_ADJ,
    judge=_JUDGEMENT,
    tail=_TAIL,
    n=st.integers(10, 400),
)
def test_a_value_judged_for_its_meaning_is_no_record(
    name: tuple[str, str], art: str, lead: str, adj: str, judge: str, tail: str, n: int
) -> None:
    text_name, kind = name
    assume(not (art.lower() == "a" and text_name[0] in "aeiou"))
    assume(not (art.lower() == "an" and text_name[0] not in "aeiou"))
    shown, _ = _value(kind, n)
    close = "**" if lead == "**" else ""
    text = f"{lead}{art} {text_name} of {adj}{shown}{close} {judge}{tail}.\n"
    assert _figures(text) == []


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAME,
    subject=st.sampled_from(
        [
            "Our {name} of {v} {judge}",
            "The {name} of {v} {judge}",
            "We saw an {name} of {v}, which {judge}",
            "An {name} of {v} was bad news for this run",
            "An {name} of {v} is what we measured",
        ]
    ),
    judge=_JUDGEMENT,
    n=st.integers(10, 400),
)
def test_negative_control_a_run_s_figure_judged_is_read(
    name: tuple[str, str], subject: str, judge: str, n: int
) -> None:
    text_name, kind = name
    assume(not judge.startswith("would"))  # 'would be' is what a value would mean, as before
    shown, value = _value(kind, n)
    text = subject.format(name=text_name, v=shown, judge=judge) + ".\n"
    assert _figures(text) == [value]
