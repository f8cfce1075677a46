"""A one-letter symbol the prose defines for an acceptance figure ('acceptance length (a)')
then set to values ('a = 3.50') is that figure, one record per value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["acceptance length", "mean accept length", "acceptance rate"]),
    sym=st.sampled_from(["a", "L", "α", "`a`"]),
    values=st.lists(st.integers(12, 48), min_size=1, max_size=4),
    joined=st.booleans(),
)
def test_a_defined_symbol_set_to_values(
    name: str, sym: str, values: list[int], joined: bool
) -> None:
    rate = "rate" in name
    shown = [f"{v * 2}%" if rate else f"{v / 10:.2f}" for v in values]
    bare = sym.strip("`")
    items = [f"• task {i}: {bare} = {s}. Notes on task {i}." for i, s in enumerate(shown)]
    body = (" " if joined else "\n").join(items)
    text = f"Draft model on a laptop. We tracked the {name} ({sym}) per workload:\n{body}\n"
    got = read_paste(text).records
    if rate:
        assert [r.printed_rate for r in got] == [v * 2 / 100 for v in values]
    else:
        assert [r.printed_length for r in got] == [v / 10 for v in values]
        assert all(r.accept_length is None for r in got)


def test_negative_control_an_undefined_symbol_is_not_read() -> None:
    text = "Draft model on a laptop, acceptance was fine.\n• SQL: a = 2.85. • Math: a = 3.40.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_symbol_used_before_its_definition_is_not_read() -> None:
    text = (
        "Speculative decoding: SQL got a = 2.85 there.\n\n"
        "Later we call the acceptance length (a) by its letter.\n"
    )
    assert read_paste(text).records == ()
