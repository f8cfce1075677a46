"""A measured figure in brackets after a bound's values (`the draft acceptance floor for int4
raised: 30% -> 35% (measured ~38%)`): the values between the figure's name and the bracket are
the bound's (the name is a threshold's, a floor's, a target's), so the bracket is the run's
figure, one record; the bound's values are no records. A bracket saying the bound's own value
(`(was 33%)`) or a goal (`(target 40%)`) reads nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["Acceptance rate", "Draft acceptance rate", "acceptance"]
_BOUNDS = ["threshold", "floor", "bar", "cutoff"]
_LABELS = ["int4", "fp16 variant", "w8a8", "the q4 build"]
_VERBS = ["achieves", "measured", "observed", "got", "reached"]
_ARROWS = ["->", "→", "to"]


def _line(name: str, bound: str, label: str, a: int, b: int, arrow: str, aside: str) -> str:
    return (
        "## Tests\n\nExtend the e2e accuracy test with new variants.\n"
        f"{name} {bound} for {label} raised: {a}% {arrow} {b}% ({aside})\n"
        "Scores on the eval set are close for all variants.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    bound=st.sampled_from(_BOUNDS),
    label=st.sampled_from(_LABELS),
    verb=st.sampled_from(_VERBS),
    arrow=st.sampled_from(_ARROWS),
    a=st.integers(20, 60),
    up=st.integers(1, 9),
    over=st.integers(1, 9),
    hedge=st.sampled_from(["~", "", "≈"]),
)
def test_the_bracket_after_a_bounds_change_is_the_run(
    name: str,
    bound: str,
    label: str,
    verb: str,
    arrow: str,
    a: int,
    up: int,
    over: int,
    hedge: str,
) -> None:
    b, v = a + up, a + up + over
    recs = read_paste(_line(name, bound, label, a, b, arrow, f"{verb} {hedge}{v}%")).records
    assert [r.printed_rate for r in recs] == [v / 100]
    assert recs[0].accept_length is None and recs[0].printed_length is None


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    bound=st.sampled_from(_BOUNDS),
    label=st.sampled_from(_LABELS),
    a=st.integers(20, 60),
    aside=st.sampled_from(["was {v}%", "target {v}%", "is {v}%", "minimum {v}%"]),
)
def test_near_misses_the_bounds_own_values_read_nothing(
    name: str, bound: str, label: str, a: int, aside: str
) -> None:
    text = _line(name, bound, label, a, a + 5, "->", aside.format(v=a + 8))
    assert read_paste(text).records == (), text
