"""A figure whose sentence closes on the source it comes from (`... beat sampling at 64.3% in the
post.`, `... reported a 3.1 acceptance length in the technical report.`), no first person in the
sentence, in a paste holding the writer's own figure too: that source's figure, set against the
run, no record (cited._ATTRIBUTED_CLOSING, through cited.attributed). A rate printed as a
percentage is found attributed by its share too. Alone in the paste, told by the writer, naming
a method's origin (`as described in the paper`) or with words after the source, it is read as
before."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SOURCES = [
    "in the post",
    "in the blog post",
    "in the paper",
    "in the technical report",
    "in that thread",
    "from the original write-up",
    "in their tutorial",
]
_OWN = [
    "On my box the draft reaches an acceptance length of {v}.",
    "- we measured accept length {v} on the chat set",
    "Our run: mean acceptance length {v}.",
]
_LENGTHS = st.integers(150, 450).map(lambda x: round(x / 100, 2))
_RATES = st.integers(300, 950).map(lambda x: round(x / 10, 1))


def _lengths(text: str) -> list[float | None]:
    return [r.printed_length for r in read_paste(text).records]


@settings(max_examples=examples(40), deadline=None)
@given(
    own=st.sampled_from(_OWN),
    src=st.sampled_from(_SOURCES),
    v=_LENGTHS,
    w=_LENGTHS,
    bracket=st.booleans(),
    own_first=st.booleans(),
)
def test_a_length_whose_sentence_closes_on_its_source_is_no_run(
    own: str, src: str, v: float, w: float, bracket: bool, own_first: bool
) -> None:
    assume(v != w)
    extra = " (1.4x over plain decoding)" if bracket else ""
    quoted = f"The chain head reached an acceptance length of {w}{extra} {src}."
    lines = [own.format(v=v), quoted] if own_first else [quoted, own.format(v=v)]
    text = "\n\n".join(lines) + "\n"
    assert _lengths(text) == [v], text


@settings(max_examples=examples(40), deadline=None)
@given(
    own=st.sampled_from(_OWN),
    src=st.sampled_from(_SOURCES),
    v=_LENGTHS,
    a=_RATES,
    b=_RATES,
)
def test_rates_whose_sentence_closes_on_their_source_are_no_runs(
    own: str, src: str, v: float, a: float, b: float
) -> None:
    assume(a != b)
    quoted = f"This is why greedy at {a}% acceptance beat sampling at {b}% (1.10x vs 0.85x) {src}."
    text = f"{own.format(v=v)}\n\n{quoted}\n"
    assert _lengths(text) == [v], text


@settings(max_examples=examples(30), deadline=None)
@given(own=st.sampled_from(_OWN), v=_LENGTHS, a=_RATES)
def test_a_percentage_after_its_source_is_found_attributed_too(
    own: str, v: float, a: float
) -> None:
    # (a source named before the value: a rate printed as a percentage, matched by its share)
    text = f"In the blog post, their draft reached {a}% acceptance.\n\n{own.format(v=v)}\n"
    assert _lengths(text) == [v], text


@settings(max_examples=examples(40), deadline=None)
@given(own=st.sampled_from(_OWN), src=st.sampled_from(_SOURCES), v=_LENGTHS, w=_LENGTHS)
def test_the_writers_own_an_origin_or_an_open_clause_is_read_as_before(
    own: str, src: str, v: float, w: float
) -> None:
    assume(v != w)
    for quoted in (
        f"I got an acceptance length of {w} {src}.",  # the writer's own, told there
        f"The chain head reaches an acceptance length of {w}, as described {src}.",
        f"The chain head reaches an acceptance length of {w} {src} about drafting on code.",
        f"The chain head reaches an acceptance length of {w} in the post-training setup.",
    ):
        text = f"{own.format(v=v)}\n\n{quoted}\n"
        assert _lengths(text) == [v, w], text


@settings(max_examples=examples(30), deadline=None)
@given(src=st.sampled_from(_SOURCES), a=_RATES, b=_RATES)
def test_the_sources_figures_alone_in_the_paste_stay_reported_runs(
    src: str, a: float, b: float
) -> None:
    assume(a != b)
    text = f"This is why greedy at {a}% acceptance beat sampling at {b}% {src}.\n"
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == pytest.approx([a / 100, b / 100]), text
