"""Another run's value of the same figure in a bracket opened by 'vs' after the first
('acceptance_rate = 18.4% (vs 15.0% with the chain)'): each its own record, as 'vs' without
the bracket is. Only a value written as the first (a share after a share, decimals after
decimals): '(vs 1.4x ...)' after a rate and '(vs 8 requests)' after a length are no run."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    first=st.integers(50, 950),
    second=st.integers(50, 950),
    sep=st.sampled_from([" = ", ": ", " "]),
    key=st.sampled_from(["acceptance_rate", "draft acceptance", "accept rate"]),
    other=st.sampled_from(["", " without the tree", " chain k=2", " for the old head"]),
    vs=st.sampled_from(["vs", "vs.", "versus"]),
    bracket=st.sampled_from(["()", "[]"]),
)
def test_bracketed_versus_is_a_second_run(
    read: Read, first: int, second: int, sep: str, key: str, other: str, vs: str, bracket: str
) -> None:
    a, b = first / 10, second / 10
    text = (
        "EAGLE tree drafting, 40 prompts:\n"
        f"  {key}{sep}{a:.1f}% {bracket[0]}{vs} {b:.1f}%{other}{bracket[1]}\n"
        "  speedup = 1.21x\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == [round(a / 100, 4), round(b / 100, 4)]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        [
            ("acceptance_rate = 41.5% (vs 1.4x for the chain)", [0.415], None),
            ("accept length: 2.37 (vs 8 requests before)", [], 2.37),
            ("acceptance_rate = 41.5% (vs 0.38 before)", [0.415], None),
        ]
    )
)
def test_bracketed_versus_of_another_kind_is_none(
    read: Read, case: tuple[str, list[float], float | None]
) -> None:
    line, rates, length = case
    got = read(f"EAGLE tree drafting:\n  {line}\n").records
    assert len(got) == 1, line
    (r,) = got
    assert ([r.printed_rate] if rates else [None]) == (rates or [None])
    assert r.printed_length == length
