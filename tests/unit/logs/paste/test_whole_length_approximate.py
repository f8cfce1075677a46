"""A whole accept length before its name only as an approximation (interpret._LENGTH_FIRST): '~2 avg
accept length', '≈ 4 tokens/step' are a length each; a bare whole number before the name ('3
accept length', a count) or an approximate speed ('~30 tokens/s') is none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    sign=st.sampled_from(["~", "≈ ", "**~", "≈"]),
    value=st.integers(2, 9),
    name=st.sampled_from(["avg accept length", "accept length", "acceptance length", "AL"]),
    lead=st.sampled_from(["The draft head is accurate (", "With MTP we get ", "- EAGLE-3: "]),
)
def test_an_approximate_whole_length_before_its_name(
    read: Read, sign: str, value: int, name: str, lead: str
) -> None:
    close = "**" if sign.startswith("**") else ""
    text = f"Speculative decoding notes.\n\n{lead}{sign}{value}{close} {name} on chat.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [float(value)]


@pytest.mark.parametrize(
    "line",
    [
        "We get 3 accept length on chat.",  # a bare whole number: no approximation said
        "We get ~30 tokens/s on chat.",  # a speed
        "We get ~3 draft tokens accepted on chat.",  # no length's name after it
    ],
)
def test_near_misses_no_whole_length(read: Read, line: str) -> None:
    got = read("Speculative decoding notes.\n\n" + line + "\n").records
    assert all(r.printed_length is None for r in got)
