"""A speculative method as the subject of a level ('the draft head stayed at ~57% through the
week'), in a paste naming acceptance: the method's acceptance rate, its next leg ('then slid to
~33%') read as the next value. A share with a measure after it, a measure named before the
subject, or a paste never naming acceptance read nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_INTRO = (
    "## Why\n\nThe nightly job already records the MTP acceptance rate, but nothing checks it.\n\n"
)
_SUBJ = st.sampled_from(
    ["`Model-Q MTP`", "the EAGLE-3 drafter's MTP", "the draft head", "Spec decode"]
)
_VERB = st.sampled_from(["was stable at", "stayed at", "hovered around", "sat at", "was steady at"])
_TAIL = st.sampled_from(
    [" from 3/2 through 3/9", " on the old build", "", " for two weeks", " until the bump"]
)


@settings(max_examples=examples(25), deadline=None)
@given(
    subj=_SUBJ,
    verb=_VERB,
    tail=_TAIL,
    a=st.integers(40, 90),
    drop=st.integers(5, 30),
    leg=st.booleans(),
    approx=st.sampled_from(["~", "", "≈"]),
)
def test_level_of_a_method_is_its_acceptance(
    read, subj: str, verb: str, tail: str, a: int, drop: int, leg: bool, approx: str
) -> None:
    b = a - drop
    if leg and verb in ("stayed at", "hovered around"):
        # (a level held while a change follows reads nothing, as with the name written:
        # docs, 'a level held while another quantity changes')
        verb = "was stable at"
    rest = f", then dropped to {approx}{b}% last week" if leg else ""
    line = f"For instance {subj} {verb} {approx}{a}%{tail}{rest}.\n"
    recs = read(_INTRO + line).records
    want = [a / 100, b / 100] if leg else [a / 100]
    assert sorted(round(r.printed_rate or 0, 4) for r in recs) == sorted(want)
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(25), deadline=None)
@given(
    subj=_SUBJ,
    verb=_VERB,
    a=st.integers(40, 90),
    miss=st.sampled_from(["of", "unit", "measure", "unnamed"]),
)
def test_near_misses_read_nothing(read, subj: str, verb: str, a: int, miss: str) -> None:
    line = {
        "of": f"For instance {subj} {verb} {a}% of the baseline speed.",
        "unit": f"For instance {subj} {verb} {a}% GPU utilization.",
        "measure": f"For instance throughput with {subj} {verb} {a}% on the old build.",
        "unnamed": f"For instance {subj} {verb} {a}% on the old build.",
    }[miss]
    intro = (
        "## Why\n\nThe nightly job records the speed of every build.\n\n"
        if miss == "unnamed"
        else _INTRO
    )
    assert not read(intro + line + "\n").records
