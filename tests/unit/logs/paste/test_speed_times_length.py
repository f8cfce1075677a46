"""A speed worked out as the plain speed times the paste's printed length ('11.3 tok/s × 2.57
≈ 29 tok/s', speed_times.py): each pass emits the length's tokens, the target's own among them,
so the paste's lengths count it. A product off the result, a speedup's `x`, a multiplier the
paste prints as no length or `1 + L` leave them undecided, as before; the formula is no record."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SENTENCES = [
    "The draft head drafts four tokens a pass with an average acceptance length of {L} tokens.",
    "With drafts on, the run held a mean acceptance length of {L}.",
]


def _formula(shape: str, s: str, length: str, r: str) -> str:
    return {
        "plain": f"Decode with drafts = {s} tok/s × {length} ≈ {r} tok/s",
        "latex": (
            f"$$\\text{{Accelerated Decode}} = {s}\\text{{ tok/s}} \\times {length} "
            f"\\approx {r}\\text{{ tok/s}}$$"
        ),
        "length first": f"so the speed is about {length} × {s} tok/s = {r} tok/s",
        "range": f"Decode with drafts = {s} tok/s × {length} ≈ {r}–{float(r) + 7.5:.1f} tok/s",
    }[shape]


def _product(speed: int, length: int) -> str | None:
    """speed (tenths) x length (hundredths) to one decimal; None on a half-way point."""
    thousandths = speed * length
    if thousandths % 100 == 50:
        return None
    return f"{round(thousandths / 1000, 1):.1f}"


def _paste(sentence: str, length: str, formula: str) -> str:
    return (
        "## Speed on one card\n\n"
        "Plain decoding is bound by memory bandwidth.\n\n"
        f"- {sentence.format(L=length)}\n"
        f"  {formula}\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    sentence=st.sampled_from(_SENTENCES),
    shape=st.sampled_from(["plain", "latex", "length first", "range"]),
    speed=st.integers(80, 600),
    length=st.integers(115, 480),
)
def test_a_speed_times_the_length_counts_the_target_token(
    read: Read, sentence: str, shape: str, speed: int, length: int
) -> None:
    r = _product(speed, length)
    assume(r is not None)
    assert r is not None
    text = _paste(
        sentence,
        f"{length / 100:.2f}",
        _formula(shape, f"{speed / 10:.1f}", f"{length / 100:.2f}", r),
    )
    got = read(text).records
    assert [x.printed_length for x in got] == [length / 100]
    assert [x.accept_length for x in got] == [length / 100]
    assert all("tok/s" in x.bonus.rule for x in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    sentence=st.sampled_from(_SENTENCES),
    miss=st.sampled_from(["off", "speedup", "other factor", "one plus"]),
    speed=st.integers(80, 600),
    length=st.integers(115, 480),
)
def test_negative_control_other_formulas_leave_the_length_undecided(
    read: Read, sentence: str, miss: str, speed: int, length: int
) -> None:
    s, lng = f"{speed / 10:.1f}", f"{length / 100:.2f}"
    if miss == "off":
        # a result a third above the product: no product of the two
        formula = f"Decode with drafts = {s} tok/s × {lng} ≈ {speed * length * 4 / 3000:.1f} tok/s"
    elif miss == "speedup":
        formula = f"Decode with drafts = {s} tok/s × {lng}x ≈ {speed * length / 1000:.1f} tok/s"
    elif miss == "other factor":
        # a factor the paste prints as no length (a concurrency scaling)
        factor = length + 37
        formula = (
            f"Batch of four = {s} tok/s × {factor / 100:.2f} ≈ {speed * factor / 1000:.1f} tok/s"
        )
    else:
        formula = f"Decode with drafts = {s} tok/s × (1 + {lng}) ≈ {speed * (100 + length) / 1000:.1f} tok/s"
    got = read(_paste(sentence, lng, formula)).records
    assert [x.printed_length for x in got] == [length / 100]
    assert [x.accept_length for x in got] == [None]
