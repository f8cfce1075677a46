"""A level a figure remains at (arrival._ARRIVED_AT, _AUX): 'remains at', 'remained at' read as
'stays at' is (the value the run printed), an adverb of constancy between the name and the verb
('consistently', 'persistently', 'still', 'always') as 'now' or 'then' is. A target ('should
remain at'), a share of something else ('at 40% of the baseline') or a range's low end stay
none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = st.sampled_from(
    ["The draft acceptance rate", "Our MTP head's acceptance rate", "Draft acceptance"]
)
_VERBS = st.sampled_from(["remains at", "remained at", "stays at", "remains around"])
_ADVERBS = st.sampled_from(["", "consistently ", "persistently ", "still ", "always "])


@settings(max_examples=examples(60), deadline=None)
@given(
    name=_NAMES,
    verb=_VERBS,
    adverb=_ADVERBS,
    pct=st.integers(0, 95),
    bold=st.booleans(),
    tail=st.sampled_from(["", " after the patch", " on every request we sent"]),
)
def test_a_share_a_figure_remains_at_is_read(
    name: str, verb: str, adverb: str, pct: int, bold: bool, tail: str
) -> None:
    v = f"**{pct}%**" if bold else f"{pct}%"
    text = f"We serve with speculative decoding.\n\n{name} {adverb}{verb} {v}{tail}.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [pct / 100]
    if pct == 0 and "around" not in verb:
        assert got[0].accept_length == 1.0  # nothing accepted: the target's token alone
    if pct == 0 and "around" in verb:
        # an approximate zero ('around 0%') is no proof that nothing was accepted: no length
        assert got[0].accept_length is None


def test_negative_control_a_target_is_no_figure() -> None:
    text = "With speculative decoding the draft acceptance rate should remain at 60% or more.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_share_of_something_else_is_no_figure() -> None:
    text = "With speculative decoding the draft acceptance rate remains at 40% of the baseline.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_range_low_end_is_no_figure() -> None:
    text = "With speculative decoding the draft acceptance rate remains at 55-85% all day.\n"
    assert read_paste(text).records == ()
