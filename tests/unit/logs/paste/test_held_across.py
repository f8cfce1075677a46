"""A figure said to hold approximately ('stays ~3.2', 'remains around 70%') right before another
quantity's change ('..., drafted tokens balloon', '... while throughput collapses'): what did not
change between the settings compared, said of them all, no run's own record. Held at an exact
value, or with no change after it, it is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HELD = ["stays ~{v}", "remains ~{v}", "stays around {v}", "remained about {v}", "holds ≈{v}"]
_CHANGES = [
    ", drafted tokens balloon",
    ", the drafted count explodes",
    " while throughput collapses",
    "; proposed tokens doubled",
    " and the ratio falls",
]
_NAMES = ["accepted per round", "mean acceptance length", "accept length", "tokens per step"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    held=st.sampled_from(_HELD),
    change=st.sampled_from(_CHANGES),
    value=st.integers(15, 60),
    lead=st.sampled_from(["", "With the cutoff at zero the drafter never stops, so "]),
)
def test_a_level_held_against_a_change_is_no_record(
    read: Read, name: str, held: str, change: str, value: int, lead: str
) -> None:
    line = f"{lead}{name} {held.format(v=f'{value / 10:.1f}')}{change}.\n"
    assert read(line).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    held=st.sampled_from(["stays at {v}", "stays ~{v}", "stays around {v}"]),
    tail=st.sampled_from([" over the whole run.", " across the hour.", "."]),
    value=st.integers(15, 60),
)
def test_a_level_held_alone_is_read(
    read: Read, name: str, held: str, tail: str, value: int
) -> None:
    v = round(value / 10, 1)
    recs = read(f"{name} {held.format(v=f'{v:.1f}')}{tail}\n").records
    assert [r.printed_length for r in recs] == [v]


def test_an_exact_level_against_a_change_is_read(read: Read) -> None:
    recs = read("accept length stays at 2.8 while throughput collapses.\n").records
    assert [r.printed_length for r in recs] == [2.8]
