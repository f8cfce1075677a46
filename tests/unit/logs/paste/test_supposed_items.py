"""The values a supposed case lists: where a line opens by supposing a case and introduces it with
a colon ('Assume the three heads accept:', '假设各步的接受率分别为：'), the list items right under it
state the case's values, no run (``notrun.worked_case_marks``). Without the supposition, or where
the supposing line says a run was measured, the items are read."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SUPPOSE = st.sampled_from(
    [
        "Suppose the {n} draft heads have these acceptance rates:",
        "Assume the acceptance rates of the {n} steps are:",
        "Imagine {n} heads whose acceptance rates are:",
        "假设 {n} 个草稿头的接受率分别为：",
        "假如 {n} 步的接受率是：",
    ]
)
_PLAIN = st.sampled_from(
    [
        "On our bench the {n} draft heads had these acceptance rates:",
        "The acceptance rates of the {n} steps we measured:",
        "实测 {n} 个草稿头的接受率分别为：",
    ]
)
_BULLET = st.sampled_from(["- ", "* "])
_NAME = st.sampled_from(["acceptance rate of head {i}", "head {i} acceptance rate"])


def _paste(lead: str, bullet: str, name: str, rates: list[int], blank: bool) -> str:
    items = "".join(f"{bullet}{name.format(i=i + 1)}: {r}%\n" for i, r in enumerate(rates))
    gap = "\n" if blank else ""
    return (
        f"## Speculative decoding with several heads\n\n{lead.format(n=len(rates))}\n{gap}{items}"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_SUPPOSE,
    bullet=_BULLET,
    name=_NAME,
    rates=st.lists(st.integers(30, 95), min_size=2, max_size=4),
    blank=st.booleans(),
)
def test_items_under_a_supposition_are_no_run(
    lead: str, bullet: str, name: str, rates: list[int], blank: bool
) -> None:
    reading = read_paste(_paste(lead, bullet, name, rates, blank))
    assert not reading.records


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_PLAIN,
    bullet=_BULLET,
    name=_NAME,
    rates=st.lists(st.integers(30, 95), min_size=2, max_size=4, unique=True),
    blank=st.booleans(),
)
def test_items_of_a_run_are_read(
    lead: str, bullet: str, name: str, rates: list[int], blank: bool
) -> None:
    assume(len(set(rates)) == len(rates))
    reading = read_paste(_paste(lead, bullet, name, rates, blank))
    got = sorted(r.printed_rate for r in reading.records if r.printed_rate is not None)
    assert got == sorted(r / 100 for r in rates)
