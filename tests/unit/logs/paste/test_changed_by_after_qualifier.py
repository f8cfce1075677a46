"""A figure's name, a qualifier ('on agent turns', 'for chat'), then a verb of change right before
the value (a hedge or 'by' between: 'dipped about 4%', 'dropped by 3%'): the value is by how much
the figure changed, no level of it: no record (as without the qualifier). A verb with 'to' or
'at' ('dropped to 41%') gives where it went, and a plain verb ('was 41%') its value: read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_QUALIFIED = [
    "acceptance on agent turns",
    "draft acceptance for long prompts",
    "acceptance rate in chat",
]
_VERBS = ["dipped about", "dropped by", "fell roughly", "rose", "improved about", "declined by"]
_LEAD = "Speculative decoding with an EAGLE draft, k=4.\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(_QUALIFIED), verb=st.sampled_from(_VERBS), v=st.integers(1, 15))
def test_a_change_after_a_qualified_name_is_no_record(
    read: Read, name: str, verb: str, v: int
) -> None:
    text = f"{_LEAD}The cache helped less, because {name} {verb} {v}%.\n"
    assert read(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["acceptance on agent turns", "acceptance rate in chat"]),
    verb=st.sampled_from(["dropped to", "was", "settled at", "fell to about"]),
    v=st.integers(30, 90),
)
def test_a_level_after_a_qualified_name_is_read(read: Read, name: str, verb: str, v: int) -> None:
    # ('draft acceptance for long prompts dropped to 30%' is read by no reader yet: left out)
    text = f"{_LEAD}On the second run {name} {verb} {v}%.\n"
    assert [r.printed_rate for r in read(text).records] == [v / 100]
