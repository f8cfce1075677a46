"""A share before 'acceptance' right after a verb of costing, losing or gaining ('the int8 head
costs only ~4% acceptance') is by how much the figure changed: no record. The same share after
any other verb ('we got 64% acceptance') is a run's rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# (verbs, words between, nouns) of one language
_LANGS = [
    (
        ["costs", "loses", "lost", "gains", "gained", "adds", "shaves off"],
        ["", "only ", "about ", "just ", "versus greedy only "],
        ["acceptance", "draft acceptance"],
    ),
    (["kostet", "verliert"], ["", "nur ", "gegenüber greedy nur "], ["Akzeptanz"]),
    (["coûte", "perd"], ["", "seulement "], ["d'acceptation"]),
]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(_LANGS),
    st.data(),
    st.sampled_from(["", "~", "≈"]),
    st.integers(min_value=1, max_value=30),
)
def test_an_amount_of_change_gives_no_record(
    read: Read,
    lang: tuple[list[str], list[str], list[str]],
    data: st.DataObject,
    approx: str,
    pct: int,
) -> None:
    verb, between, noun = (data.draw(st.sampled_from(words)) for words in lang)
    text = f"MTP draft on the int8 target.\n\nSampling at temperature 1.0 {verb} {between}{approx}{pct} % {noun}.\n"
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        ["we got", "it reached", "measured", "at", "runs with", "costs 20 GB but gives"]
    ),
    st.integers(min_value=20, max_value=95),
)
def test_a_share_after_another_verb_is_read(read: Read, verb: str, pct: int) -> None:
    text = f"MTP draft on the int8 target.\n\nSampling at temperature 0 {verb} {pct}% acceptance.\n"
    recs = read(text).records
    assert len(recs) == 1 and recs[0].printed_rate is not None
    assert abs(recs[0].printed_rate - pct / 100) < 1e-9
