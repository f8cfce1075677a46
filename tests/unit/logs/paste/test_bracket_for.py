"""Another run's value of a figure in a bracket after it (`~1.6–1.8 accepted drafts per step on
chat (2.45 for the old head), ~0.7 on math`; bracket_for.py): the bracket's value is a record
of its own, in the order written, of the same measure; where the sentence's other value decides
the measure's bonus by itself (accepted per step below 1), the bracket's value follows. A
bracket of another measure (a unit, a multiplier), of a value alone, or words naming no
acceptance figure before it give no record of the bracket."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OWN = ("accepted tokens per round", "accepted tokens per cycle")
_SAID = ("accepted drafts per step",)
_OTHERS = ("the old head", "v2", "the 0.3 release", "pair B")
_SETS = (("chat", "math"), ("code", "prose"))


def _text(lo: int, hi: int, name: str, sets: tuple[str, str], v: int, other: str, w: int) -> str:
    return (
        "# Drafter comparison\n\n"
        f"Drafting got worse: ~{lo / 10:.1f}–{hi / 10:.1f} {name} on {sets[0]} "
        f"({v / 100:.2f} for {other}), ~{w / 10:.1f} on {sets[1]}.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    lo=st.integers(11, 30),
    span=st.integers(1, 4),
    name=st.sampled_from(_OWN),
    sets=st.sampled_from(_SETS),
    v=st.integers(105, 390),
    other=st.sampled_from(_OTHERS),
    w=st.integers(1, 9),
)
def test_a_bracket_value_below_one_s_sibling_follows_it(
    read: Read, lo: int, span: int, name: str, sets: tuple[str, str], v: int, other: str, w: int
) -> None:
    got = read(_text(lo, lo + span, name, sets, v, other, w)).records
    assert [r.printed_length for r in got] == [v / 100, w / 10]
    # the value below 1 counts no target token; the bracket's, of the same measure, neither
    assert [r.accept_length for r in got] == [round(v / 100 + 1, 6), round(w / 10 + 1, 6)]


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(11, 30),
    name=st.sampled_from(_SAID),
    v=st.integers(105, 390),
    other=st.sampled_from(_OTHERS),
    w=st.integers(1, 9),
)
def test_a_name_saying_the_bonus_decides_both_as_before(
    read: Read, lo: int, name: str, v: int, other: str, w: int
) -> None:
    got = read(_text(lo, lo + 2, name, ("chat", "math"), v, other, w)).records
    assert [r.printed_length for r in got] == [v / 100, w / 10]
    assert [r.accept_length for r in got] == [round(v / 100 + 1, 6), round(w / 10 + 1, 6)]


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(11, 30),
    v=st.integers(105, 390),
    other=st.sampled_from(_OTHERS),
    w=st.integers(1, 9),
    shape=st.sampled_from(("x", " tok/s", "", "ms")),
)
def test_a_bracket_of_another_measure_or_no_run_gives_no_record(
    read: Read, lo: int, v: int, other: str, w: int, shape: str
) -> None:
    if shape == "":
        # a value alone in the bracket: no run named
        text = (
            f"Drafting got worse: ~{lo / 10:.1f}–{lo / 10 + 0.2:.1f} accepted tokens per cycle "
            f"on chat ({v / 100:.2f}), ~{w / 10:.1f} on math.\n"
        )
    elif shape == "ms":
        # the words before name no acceptance figure
        text = (
            f"Latency: ~{lo / 10:.1f}–{lo / 10 + 0.2:.1f} ms per step on chat "
            f"({v / 100:.2f} for {other}), ~{w / 10:.1f} on math.\n"
        )
    else:
        text = (
            f"Drafting got worse: ~{lo / 10:.1f}–{lo / 10 + 0.2:.1f} accepted tokens per cycle "
            f"on chat ({v / 100:.2f}{shape} for {other}), ~{w / 10:.1f} on math.\n"
        )
    got = read(text).records
    assert v / 100 not in [r.printed_length for r in got]
