"""A `throughput / figure` pair naming the figure (`12.4 tok/s / 0.52 acceptance`), then another
run's pair set against it (`against`, `vs`, `versus`, `compared to`; a label of one or two words,
perhaps possessive, the unit perhaps left out): the later value is the same figure, a record of
its own. A later value followed by another word, of another kind, or no later pair: as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(100, 999),
    b=st.integers(100, 999),
    join=st.sampled_from(["against", "vs", "versus", "compared to"]),
    label=st.sampled_from(["depth 2's", "draft-b", "tuned head's", "run 7"]),
    unit=st.sampled_from(["tok/s", "t/s"]),
    repeat_unit=st.booleans(),
    pct=st.booleans(),
)
def test_later_pair_takes_the_name(
    read: Read, a: int, b: int, join: str, label: str, unit: str, repeat_unit: bool, pct: bool
) -> None:
    va, vb = (f"{a / 10:.1f}%", f"{b / 10:.1f}%") if pct else (f"0.{a}", f"0.{b}")
    later_unit = f" {unit}" if repeat_unit else ""
    text = f"The old default ran slower (11.20 {unit} / {va} acceptance {join} {label} 14.05{later_unit} / {vb}).\n"
    got = [r.printed_rate for r in read(text).records]
    want = [a / 1000, b / 1000]
    assert len(got) == 2 and all(
        g is not None and abs(g - w) < 1e-9 for g, w in zip(got, want, strict=True)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(100, 999),
    tail=st.sampled_from(["0.61 hit rate", "2.40", "61%"]),
)
def test_later_pair_of_another_shape_takes_nothing(read: Read, a: int, tail: str) -> None:
    text = f"Old default: 11.20 tok/s / 0.{a} acceptance against draft-b 14.05 / {tail}.\n"
    got = [r.printed_rate for r in read(text).records]
    assert len(got) == 1 and got[0] is not None and abs(got[0] - a / 1000) < 1e-9
