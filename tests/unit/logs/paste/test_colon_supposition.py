"""A supposition opening after a colon in lower case ('In figures: if the draft offers 200
tokens and 150 pass, the rate is 75%') is a sentence of its own, read as one opening with 'If':
a worked example, no record. A colon before a run told in the past or by the writer ('On our
box: if we turn it on, acceptance was 64%') keeps its record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEADS = ["Put in numbers:", "In figures:", "A quick sum:", "To make it concrete:"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    word=st.sampled_from(["if", "suppose", "imagine"]),
    whole=st.sampled_from([100, 200, 1000]),
    share=st.integers(5, 95),
    subject=st.sampled_from(["your acceptance rate is", "the acceptance rate is", "acceptance ="]),
)
def test_a_supposition_after_a_colon_is_no_record(
    lead: str, word: str, whole: int, share: int, subject: str
) -> None:
    kept = whole * share // 100
    text = (
        "What the draft acceptance rate means\n\n"
        f"{lead} {word} the small model proposes {whole} tokens and the big one keeps {kept} "
        f"of them, {subject} {100 * kept / whole:g}%. The rest are thrown away.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["On our box:", "Result:", "Tested today:"]),
    share=st.integers(5, 95),
)
def test_a_run_after_a_colon_keeps_its_record(lead: str, share: int) -> None:
    for said in (
        f"{lead} we turned EAGLE on and the draft acceptance rate was {share}%.",
        f"{lead} the draft acceptance rate is {share}% on our chat set.",
        f"{lead} if we enable EAGLE, the draft acceptance rate was {share}%.",
    ):
        got = read_paste(said + "\n").records
        assert [r.printed_rate for r in got] == [share / 100], said
