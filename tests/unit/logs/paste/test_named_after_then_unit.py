"""A share named after its value, a comma, then a length named by its unit (`61% acceptance,
~4.2 tokens/step`): the name before the comma is the share's own, so the second value is read
by its unit (tokens a step: the target's own token counted), not as the unit of that name
(forecast.own_clause). A name before its value, with no value of its own before the comma,
still names the value its unit follows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(["acceptance", "acceptance rate", "draft acceptance", "accept rate"])
_UNIT = st.sampled_from(
    ["tokens/step", "tok/step", "tokens per step", "tokens/verify pass", "tokens per verify step"]
)
_LEAD = st.sampled_from(
    [
        "  • mirror job: {x}× ({p}% {name}, ~{v} {unit})",
        "- mirror job: {p}% {name}, {v} {unit}",
        "mirror job: {p}% {name}, ~{v} {unit}",
    ]
)


@given(
    lead=_LEAD,
    name=_NAME,
    unit=_UNIT,
    p=st.integers(40, 99),
    v=st.integers(15, 79),
    x=st.integers(110, 390),
)
def test_the_length_after_the_comma_is_read_by_its_unit(
    read: Read, lead: str, name: str, unit: str, p: int, v: int, x: int
) -> None:
    line = lead.format(x=f"{x / 100:.2f}", p=p, name=name, v=f"{v / 10:.1f}", unit=unit)
    got = read(f"Checks on the box\n\n{line}\n").records
    assert [(r.printed_rate, r.printed_length) for r in got] == [(p / 100, v / 10)]
    assert got[0].accept_length == v / 10  # tokens a step: the bonus counted


@given(unit=_UNIT, v=st.integers(15, 79))
def test_a_name_before_its_value_still_owns_the_unit(read: Read, unit: str, v: int) -> None:
    # (no value between the name and the comma: the name is the next value's, as before)
    got = read(f"Checks\n\nThe accept length, on the chat set, is {v / 10:.1f} {unit}.\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v / 10, None)]
