"""Two readings of a figure's value in prose (interpret.py): a number that opens a Markdown
heading before an accept length's name numbers its section and is no value; a ranked list of
compared methods, each with its value in brackets, after a mean of accepted tokens per step
gives one record a method, a length whose convention no word decides."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ("accept length", "acceptance length", "Accept Length", "avg accept length")
_TAILS = ("differences", "on the long prompts", "notes", "by batch size", "")
_METHODS = ("Medusa", "Lookahead", "PLD", "Hydra", "EAGLE-2", "REST", "SpS")
_UNITS = ("mean accepted tokens per step", "average accepted tokens per step")
_COMPARE = ("well above", "higher than", "clearly higher than", "ahead of")


def _lengths(text: str) -> list[float]:
    return [r.printed_length for r in read_paste(text).records if r.printed_length is not None]


@given(
    st.integers(1, 6),
    st.integers(1, 12),
    st.integers(1, 9),
    st.sampled_from(_NAMES),
    st.sampled_from(_TAILS),
)
@settings(max_examples=examples(30), deadline=None)
def test_heading_section_number_is_no_value(
    depth: int, major: int, minor: int, name: str, tail: str
) -> None:
    text = f"{'#' * depth} {major}.{minor} {name} {tail}".rstrip() + "\n\nSome words follow.\n"
    assert _lengths(text) == []


@given(st.integers(11, 79), st.sampled_from(_NAMES))
@settings(max_examples=examples(30), deadline=None)
def test_value_inside_heading_still_read(tenths: int, name: str) -> None:
    v = tenths / 10
    assume(v >= 1.1)
    text = f"## Run B reached {v:.1f} {name}\n"
    assert _lengths(text) == [v]


@given(
    st.lists(st.integers(11, 79), min_size=3, max_size=3, unique=True),
    st.lists(st.sampled_from(_METHODS), min_size=2, max_size=2, unique=True),
    st.sampled_from(_UNITS),
    st.sampled_from(_COMPARE),
)
@settings(max_examples=examples(30), deadline=None)
def test_compared_methods_bracketed_after_accepted_per_step(
    tenths: list[int], methods: list[str], unit: str, compare: str
) -> None:
    own, a, b = (t / 10 for t in tenths)
    text = (
        f"Our drafter reaches {own:.1f} {unit}, {compare} "
        f"{methods[0]} ({a:.1f}) and {methods[1]} ({b:.1f}).\n"
    )
    recs = read_paste(text).records
    assert sorted(r.printed_length for r in recs) == sorted([own, a, b])
    assert all(r.accept_length is None for r in recs)


@given(
    st.lists(st.integers(11, 79), min_size=3, max_size=3, unique=True),
    st.lists(st.sampled_from(_METHODS), min_size=2, max_size=2, unique=True),
    st.sampled_from(("mean drafted tokens per step", "mean proposed tokens per step")),
)
@settings(max_examples=examples(30), deadline=None)
def test_compared_methods_of_drafted_tokens_unread(
    tenths: list[int], methods: list[str], unit: str
) -> None:
    own, a, b = (t / 10 for t in tenths)
    text = f"Ours drafts {own:.1f} {unit}, more than {methods[0]} ({a:.1f}) and {methods[1]} ({b:.1f}).\n"
    assert not {a, b} & set(_lengths(text))
