"""A one-letter symbol written right after an acceptance figure's name with no bracket ('the
acceptance length a across task types') and set to a value elsewhere in the paste ('a = 3.5'),
before or after that sentence (a title over the body defining it): that figure's value. A letter
written after another measure's name, a letter the paste never writes after a figure's name,
or a letter given two figures reads nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BODY = (
    "I logged every round on a laptop CPU. The point was to measure the {name} {sym} across "
    "three prompt kinds, not the wall time. A draft that is {sym2} times cheaper helps only "
    "when the {name} {sym} must exceed one plus the cost ratio.\n"
)


@settings(max_examples=examples(40), deadline=None)
@given(
    sym=st.sampled_from(["a", "L", "α"]),
    name=st.sampled_from(["acceptance length", "accept length", "mean acceptance length"]),
    whole=st.integers(2, 5),
    tenth=st.integers(0, 9),
    title_first=st.booleans(),
)
def test_a_symbol_named_without_a_bracket_is_the_figure(
    read: Read, sym: str, name: str, whole: int, tenth: int, title_first: bool
) -> None:
    v = f"{whole}.{tenth}"
    title = f"Small drafts on a CPU: {sym} = {v} was not enough\n"
    body = _BODY.format(name=name, sym=sym, sym2="ten")
    text = title + body if title_first else body + "\n" + title
    got = read(text).records
    assert [r.printed_length for r in got] == [float(v)]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(sym=st.sampled_from(["a", "L", "α"]), whole=st.integers(2, 5))
def test_near_misses_read_nothing(read: Read, sym: str, whole: int) -> None:
    title = f"Small drafts on a CPU: {sym} = {whole}.5 was not enough\n"
    # the letter after another measure's name
    other = f"We measured the compute ratio {sym} across three prompt kinds.\n"
    assert not read(title + other).records
    # the letter never written after any name
    plain = "We logged every round and kept the wall time of both runs.\n"
    assert not read(title + plain).records
    # the letter given two figures
    both = (
        f"We measured the acceptance length {sym} across kinds, and also the acceptance "
        f"rate {sym} across kinds.\n"
    )
    assert not read(title + both).records
