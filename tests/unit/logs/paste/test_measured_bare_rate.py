"""A rate said measured with no measure's name before it (bare_rate.py): in a paste naming
speculation and acceptance and no other rate, `the corrected <run> rate of 0.41` is the
acceptance rate (a record, no length). And a thing said to be `not a measurement but a policy`
(a mechanism) is no word on the paste's figures (reader._NO_MEASUREMENT); `not a measurement`
alone or `but an estimate` still is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import bare_rate as BR
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MEASURING = st.sampled_from(["corrected", "measured", "observed", "re-measured", "actual"])
_RUN = st.sampled_from(["", "Model-7 ", "v2.1 ", "run4 "])
_METHOD = st.sampled_from(["the EAGLE head", "the MTP drafter", "speculative decoding"])
_ACCEPT = st.sampled_from(
    [
        "Drafts past the third position are rarely accepted.",
        "The accept rate dashboard was wrong before the fix.",
        "It stays out of the full-accept regime.",
    ]
)


def _value(share: int, percent: bool) -> str:
    return f"{share / 10:.1f}%" if percent else f"{share / 1000:.3f}"


@settings(max_examples=examples(25), deadline=None)
@given(
    measuring=_MEASURING,
    run=_RUN,
    method=_METHOD,
    accept=_ACCEPT,
    share=st.integers(50, 990),
    percent=st.booleans(),
    verb=st.sampled_from(["of", "was", "is"]),
)
def test_the_measured_rate_is_read(
    read: Read,
    measuring: str,
    run: str,
    method: str,
    accept: str,
    share: int,
    percent: bool,
    verb: str,
) -> None:
    value = _value(share, percent)
    text = (
        f"Review of {method} after the counter fix. {accept}\n\n"
        f"With the fix, the {measuring} {run}rate {verb} {value} and the step budget moves "
        "down a notch.\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(share / 1000, 4)]
    assert got[0].accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        # another rate named in the paste: its bare rates are not said to be acceptance's
        "EAGLE drafts accepted often. The measured rate of 0.61 held; the learning rate was 3e-4.",
        "MTP drafts accepted often. The measured rate of 0.61 held; request rate 8/s.",
        # no measuring word, no speculation, no acceptance named
        "EAGLE drafts accepted often. A rate of 0.61 would be enough.",
        "Our accepted orders: the measured rate of 0.61 held over the quarter.",
        "The EAGLE head: the measured rate of 0.61 held over the quarter.",
        # a range, a product, a value over 1, a unit after it
        "EAGLE drafts accepted often. If re-run, the measured rate of 0.50-0.53 holds.",
        "EAGLE drafts accepted often. The measured rate of 1.4x over the baseline.",
        "EAGLE drafts accepted often. The measured rate of 3.2 tok/s is low.",
    ],
)
def test_near_misses_read_no_rate(read: Read, text: str) -> None:
    assert all(r.printed_rate is None for r in read(text).records)


def test_the_rewrite_names_the_acceptance() -> None:
    line = "at the corrected Model-7 rate of 0.412 the band drops"
    assert BR.rewrite(line) == "at the corrected Model-7 acceptance rate of 0.412 the band drops"
    assert BR.rewrite("the measured rate of 0.41-0.44") == "the measured rate of 0.41-0.44"


@settings(max_examples=examples(15), deadline=None)
@given(
    noun=st.sampled_from(["policy", "heuristic", "scheduling rule", "design"]),
    share=st.integers(300, 900),
)
def test_a_mechanism_not_a_measurement_keeps_the_figures(read: Read, noun: str, share: int) -> None:
    text = (
        f"**Item C.** The step bands are not a measurement but a {noun} tuned by hand.\n\n"
        f"Measured after the fix: draft acceptance rate {share / 10:.1f}% on the chat set.\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(share / 1000, 4)]


@pytest.mark.parametrize(
    "said",
    [
        "This is not a measurement, only the reasoning.",
        "The table is not a measurement but an estimate from the paper.",
    ],
)
def test_a_paste_disclaiming_its_figures_still_gives_none(read: Read, said: str) -> None:
    text = f"{said}\n\nDraft acceptance rate 61.5% on the chat set.\n"
    assert not read(text).records
