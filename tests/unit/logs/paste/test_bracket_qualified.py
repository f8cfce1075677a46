"""A figure's name, a bracketed qualifier of words, then its value with no separator
(bracket_qualified.py): read as the key-value line it is; a bracket of a unit or a digit, a
multiplier or another measure's name are not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_LENGTHS = st.sampled_from(["mean acceptance length", "Accept length", "avg accept len"])
_QUALS = st.sampled_from(["offline", "held-out set", "greedy", "served live"])
_LEADS = st.sampled_from(["", "SetB ", "Long prompts "])
_TAILS = st.sampled_from(["", " notes/7", " (see run log)", " on the chat split"])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_LENGTHS,
    qual=_QUALS,
    lead=_LEADS,
    tail=_TAILS,
    value=st.integers(1050, 6400),
)
def test_a_qualified_length_is_read(
    read, name: str, qual: str, lead: str, tail: str, value: int
) -> None:
    text = (
        f"Draft head for speculative decoding\n\n{lead}{name} ({qual}) {value / 1000:.3f}{tail}\n"
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [value / 1000]


@settings(max_examples=examples(20), deadline=None)
@given(qual=_QUALS, value=st.integers(12, 95))
def test_a_qualified_rate_is_read(read, qual: str, value: int) -> None:
    text = f"Draft head for speculative decoding\n\naccept rate ({qual}) {value}%\n"
    got = [r.printed_rate for r in read(text).records]
    assert got == [value / 100]


@settings(max_examples=examples(20), deadline=None)
@given(
    line=st.sampled_from(
        [
            "serving speedup (offline) {v}x",
            "decode throughput (offline) {v}",
            "acceptance length (offline) {v}x faster",
            "accept length (k4) {v}",
        ]
    ),
    value=st.integers(105, 290),
)
def test_negative_control_no_figure_or_no_qualifier(read, line: str, value: int) -> None:
    text = "Draft head for speculative decoding\n\n" + line.format(v=f"{value / 100:.2f}") + "\n"
    assert [r.printed_length for r in read(text).records if r.printed_length] == []
