"""A rate of exactly zero in a sentence of prose wrapped at a width: the reader joins the
wrapped lines, so the record's lines may stop above the line printing the zero; the zero's
checks (exact, not hedged, nothing accepted) read the lines the sentence wraps onto too, and
the length is 1 (no draft accepted). A hedged zero on the wrapped line ('~0 %', 'near 0%')
still gives none."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ZEROS = ["0 %", "0%", "0.0%"]
_LEAD = (
    "The fused kernel ran the whole verify window as one batch of separate queries and "
    "applied no causal mask between the drafted positions of a step, so the speculative "
    "draft acceptance dropped to {z} on every prompt we tried with it."
)


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_ZEROS), st.integers(56, 90))
def test_a_wrapped_sentences_zero(read: Read, zero: str, width: int) -> None:
    body = textwrap.fill(_LEAD.format(z=zero), width=width, break_long_words=False)
    text = "## Dead ends\n\n### The fused kernel\n\n" + body + "\n"
    recs = read(text).records
    assert [r.accept_length for r in recs] == [1.0]


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(["~0 %", "near 0%", "about 0%"]), st.integers(56, 90))
def test_a_hedged_zero_on_a_wrapped_line_gives_none(read: Read, zero: str, width: int) -> None:
    body = textwrap.fill(_LEAD.format(z=zero), width=width, break_long_words=False)
    text = "## Dead ends\n\n### The fused kernel\n\n" + body + "\n"
    assert all(r.accept_length is None for r in read(text).records)
