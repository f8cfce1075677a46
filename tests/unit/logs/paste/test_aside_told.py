"""A figure named in a bracket still open before its value, told again digit for digit: in the
same run of words ('(tok/step=2.7, ...) ... and 2.7 tok/step') one record; across the paste (an
aside '(tok/step ~2.6; ...' over a later report printing 2.6) the later record alone
(aside_told.py). Values that differ, two other records printing the figure, or a figure named
otherwise on both sides stay records of their own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import aside_told as AT
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_UNITS = ["tok/step", "tokens/step", "tok/cycle"]
_LEADS = [
    "The decode figure is taken from the head's counters",
    "Estimated from the internal metrics",
    "We read it off the server's debug page",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    unit=st.sampled_from(_UNITS),
    sep=st.sampled_from(["=", ": ", " = ", " "]),
    hundredths=st.integers(150, 480),
    rate=st.integers(50, 97),
)
def test_told_again_in_one_sentence(
    read: Read, lead: str, unit: str, sep: str, hundredths: int, rate: int
) -> None:
    x = f"{hundredths / 100:.2f}"
    text = (
        f"{lead} ({unit}{sep}{x}, verify=31ms). The API shows 12 tok/s with queueing; "
        f"real decode is near 40 tok/s given the {rate}.5% accept rate and {x} {unit}.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([hundredths / 100])


@settings(max_examples=examples(40), deadline=None)
@given(
    unit=st.sampled_from(_UNITS),
    approx=st.sampled_from(["~", "", "≈"]),
    hundredths=st.integers(150, 480),
    quoted=st.booleans(),
)
def test_an_aside_before_the_report(
    read: Read, unit: str, approx: str, hundredths: int, quoted: bool
) -> None:
    x = f"{hundredths / 100:.2f}"
    mark = "> " if quoted else ""
    text = (
        f"{mark}Status: the earlier fix held, but it pushed the rates down to 70.1/51.5/38.2 "
        f"({unit} {approx}{x}; the edge over the other drafter is gone, see the old thread).\n"
        "\n## Summary\n\n"
        f"After the earlier fix the draft is still greedy, so the rates stay 70.1/51.5/38.2, "
        f"{unit} {x}. The new sampler lifts them.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([hundredths / 100])
    assert recs[0].first_line > 1
    assert any("told in passing" in n for n in recs[0].notes)


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        # another value in the same sentence: two runs
        (
            "Taken from the counters (tok/step=2.74, verify=31ms); the API shows 12 tok/s, "
            "real decode near 40 tok/s given the 86.1% accept rate and 2.91 tok/step.\n",
            [2.74, 2.91],
        ),
        # two later records printing the aside's figure: which run it tells is unsaid
        (
            "> Status: the fix pushed the rates down (tok/step ~2.59; see the old thread).\n"
            "\nRun A: tok/step 2.59.\n\nRun B: tok/step 2.59.\n",
            [2.59, 2.59, 2.59],
        ),
        # the later record prints another value: a run of its own
        (
            "> Status: the fix pushed the rates down (tok/step ~2.59; see the old thread).\n"
            "\nAfter it the draft gives acceptance 71%, tok/step 2.63.\n",
            [2.59, 2.63],
        ),
        # one value as a change's two ends inside the bracket: two runs alike
        ("Across the two builds the length held (tok/step 2.40 → 2.40), as before.\n", [2.4, 2.4]),
        # no bracket: two runs of one value stay two
        ("Run A: tok/step 2.59.\n\nRun B: tok/step 2.59.\n", [2.59, 2.59]),
    ],
)
def test_near_misses_stay(read: Read, text: str, lengths: list[float]) -> None:
    assert [r.printed_length for r in read(text).records] == pytest.approx(lengths)


def test_open_bracket() -> None:
    assert AT.open_bracket("the rates went down (tok/step")
    assert AT.open_bracket("see [mean accept len")
    assert AT.open_bracket("速度优势消失（tok/step")
    assert not AT.open_bracket("the rates (see below) went down")
    assert not AT.open_bracket("tok/step")


def test_a_full_width_bracket_is_an_aside(read: Read) -> None:
    text = (
        "> 说明：旧补丁之后速度优势消失（tok/step ~2.48。详见旧帖）。\n\n## 摘要\n\n"
        "旧补丁之后接受率 70.1/51.5/38.2、tok/step 2.48，新采样改善了它。\n"
    )
    recs = read(text).records
    assert [(r.first_line, r.printed_length) for r in recs] == [(5, 2.48)]
