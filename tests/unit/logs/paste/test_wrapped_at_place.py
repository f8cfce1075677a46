"""A sentence naming an acceptance figure wrapped by hand right after a value and the preposition
of where it was measured (`... is 2.6 on` / `chat and 2.1 on code.`): one sentence, its next
values read with the figure's name (interpret._open_where). A next line opening its own item,
row or heading, or a line ending elsewhere, is not joined."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(
    ["Accept length (mean tokens emitted per target forward)", "Tokens per step", "Accept length"]
)
_PREP = st.sampled_from(["on", "for", "with"])


@given(name=_NAME, prep=_PREP, a=st.integers(15, 59), b=st.integers(15, 59))
def test_the_wrapped_sentences_values_are_read(
    read: Read, name: str, prep: str, a: int, b: int
) -> None:
    text = f"Results\n{name} is {a / 10:.1f} {prep}\nthe chat set and {b / 10:.1f} {prep} the code set.\n"
    got = read(text).records
    assert sorted(r.printed_length for r in got) == sorted([a / 10, b / 10])


@given(name=_NAME, a=st.integers(15, 59), b=st.integers(15, 59))
def test_a_list_item_below_is_its_own(read: Read, name: str, a: int, b: int) -> None:
    # (the next line a bullet: its value no continuation of the line above)
    text = f"Results\n{name} is {a / 10:.1f} on\n- the chat set, and {b / 10:.1f} on the code set\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [a / 10]
