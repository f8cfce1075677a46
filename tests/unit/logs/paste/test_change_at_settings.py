"""A figure's change in a bracket after its name, each end measured at its own setting
(`Acceptance length rises with the block (coding/medium 5.71 at b8 → 7.27 at b15)`): two runs,
a record each (before: nothing read). Near misses: the same setting at both ends, a setting
after one end alone, or a bracket after another measure's name leave the sentence as before
(nothing read)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(
    ["Acceptance length", "The accept length", "Mean acceptance length", "Average accept length"]
)
_SETTINGS = st.sampled_from(
    [("b4", "b8"), ("b8", "b15"), ("ctx 4k", "ctx 32k"), ("bs 1", "bs 16"), ("depth 3", "depth 5")]
)
_SUBSETS = st.sampled_from(["", "coding/medium ", "chat ", "math-hard "])
_ARROWS = st.sampled_from(["→", "->"])


def _paste(sentence: str) -> str:
    return (
        "### Block size sweep\n\n"
        f"{sentence} because the drafter saturates a narrow block. Prose wants small blocks.\n"
    )


@given(
    name=_NAMES,
    settings=_SETTINGS,
    subset=_SUBSETS,
    arrow=_ARROWS,
    a=st.integers(120, 800),
    b=st.integers(120, 800),
)
def test_each_end_at_its_setting_is_a_run(
    read: Read,
    name: str,
    settings: tuple[str, str],
    subset: str,
    arrow: str,
    a: int,
    b: int,
) -> None:
    assume(a != b)
    sa, sb = settings
    text = _paste(
        f"{name} changes with the block ({subset}{a / 100:.2f} at {sa} {arrow} {b / 100:.2f} at {sb})"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)]
    assert all(r.accept_length is None for r in got)  # the convention is unsaid


@given(name=_NAMES, settings=_SETTINGS, a=st.integers(120, 800), b=st.integers(120, 800))
def test_the_same_setting_at_both_ends_reads_nothing(
    read: Read, name: str, settings: tuple[str, str], a: int, b: int
) -> None:
    assume(a != b)
    s = settings[0]
    got = read(_paste(f"{name} changes ({a / 100:.2f} at {s} → {b / 100:.2f} at {s})")).records
    assert got == ()


@given(settings=_SETTINGS, a=st.integers(120, 800), b=st.integers(120, 800))
def test_a_setting_after_one_end_alone_reads_nothing(
    read: Read, settings: tuple[str, str], a: int, b: int
) -> None:
    assume(a != b)
    sa, _ = settings
    got = read(_paste(f"Acceptance length changes ({a / 100:.2f} at {sa} → {b / 100:.2f})"))
    assert [r.printed_length for r in got.records] in (
        [],
        [pytest.approx(a / 100), pytest.approx(b / 100)],
    )


@given(settings=_SETTINGS, a=st.integers(120, 800), b=st.integers(120, 800))
def test_another_measure_reads_nothing(
    read: Read, settings: tuple[str, str], a: int, b: int
) -> None:
    assume(a != b)
    sa, sb = settings
    text = _paste(f"Throughput rises with the block ({a / 10:.1f} at {sa} → {b / 10:.1f} at {sb})")
    assert read(text).records == ()
