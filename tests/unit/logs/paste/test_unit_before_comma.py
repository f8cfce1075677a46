"""A figure's name right after a value of its own, before a comma (`the head keeps 9
tokens/step, window grows to size≈14`), is that value's unit: the clause after the
comma takes no name from it, so its value is no acceptance figure (interpret `_key_of`). A
name before the comma with no value of its own (`Mean tokens per step, chat set: 2.9`) still
names the value after the qualifier."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_UNIT = st.sampled_from(["tokens/step", "tokens per step", "tok/step", "accepted tokens"])
# (a clause of at most four words after the comma: the shape a variant's qualifier has)
_TAIL = st.sampled_from(
    [
        "planner converges to budget≈{v}",
        "window grows to size≈{v}",
        "tree settles at width ~{v}",
        "pool shrinks to slots ≈ {v}",
    ]
)
_LEAD = st.sampled_from(["", "- **Sizing.** ", "If the ", "When the "])


@given(lead=_LEAD, unit=_UNIT, tail=_TAIL, a=st.integers(3, 14), v=st.integers(5, 30))
def test_a_value_after_a_unit_of_another_value_is_no_record(
    read: Read, lead: str, unit: str, tail: str, a: int, v: int
) -> None:
    text = f"{lead}head keeps {a} {unit}, {tail.format(v=v)}.\n"
    assert all(r.printed_length != v for r in read(text).records)


@given(
    name=st.sampled_from(["Mean tokens per step", "Accept length", "Tokens/step"]),
    qual=st.sampled_from(["chat set", "code", "the new build"]),
    v=st.integers(120, 590),
)
def test_a_name_without_a_value_still_names_the_qualified_value(
    read: Read, name: str, qual: str, v: int
) -> None:
    text = f"{name}, {qual}: {v / 100:.2f}\n"
    assert [r.printed_length for r in read(text).records] == [round(v / 100, 2)]
