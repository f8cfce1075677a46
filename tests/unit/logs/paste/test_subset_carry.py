"""A later percentage after a comma, `and` or `;`, followed by `on` / `for` / `in` and a subset,
takes the acceptance name the first value carried before its own subset (`70-78% acceptance on
edits, 52% on new files`): a record of its own; the first a range gives none. A later value of
another measure's subset, another word after it or a plain number takes nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    lo=st.integers(40, 69),
    hi=st.integers(70, 95),
    later=st.integers(5, 99),
    ranged=st.booleans(),
    prep=st.sampled_from(["on", "for", "in"]),
    join=st.sampled_from([", ", ", and ", " and ", "; "]),
    name=st.sampled_from(["acceptance", "draft acceptance", "acceptance rate"]),
)
def test_later_subset_takes_the_name(
    read: Read, lo: int, hi: int, later: int, ranged: bool, prep: str, join: str, name: str
) -> None:
    first = f"{lo}-{hi}%" if ranged else f"{hi}%"
    text = f"- small draft: {first} {name} {prep} code edits{join}{later}% {prep} new files\n"
    rates = [round(r.printed_rate * 100) for r in read(text).records if r.printed_rate is not None]
    assert rates == ([later] if ranged else [hi, later])


@settings(max_examples=examples(30), deadline=None)
@given(
    hi=st.integers(50, 95),
    later=st.integers(5, 49),
    tail=st.sampled_from(
        ["of requests hit the cache", "faster on new files", "at k=8", "on throughput"]
    ),
)
def test_later_value_of_another_shape_takes_nothing(
    read: Read, hi: int, later: int, tail: str
) -> None:
    text = f"- small draft: {hi}% acceptance on code edits, {later}% {tail}\n"
    rates = [round(r.printed_rate * 100) for r in read(text).records if r.printed_rate is not None]
    assert rates == [hi]
