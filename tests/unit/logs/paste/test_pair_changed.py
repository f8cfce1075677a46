"""Two figures changed at once, each end a pair (pair_changed.py): `went from a mean acceptance
length of 3.81 and 93.6% draft acceptance early on to 2.43 and 47.7% later` is two runs, each
with both figures, wrapped by hand too; one figure's pair, values after with a unit or of
another kind, another measure's name or a condition read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import pair_changed as PCG
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import PasteReading
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_NAMES = ["mean acceptance length", "accept length", "average acceptance length"]
_RATE_NAMES = ["draft acceptance", "acceptance rate", "draft acceptance rate"]
_WHEN = ["", " early in the run", " at the start", " on short prompts"]
_TAILS = [".", " once the long prompts arrived.", ", late in the run.", " on long prompts."]


def _item(name: str, value: str, before: bool) -> str:
    return f"a {name} of {value}" if before else f"{value} {name}"


@st.composite
def _change(draw: st.DrawFn) -> tuple[str, list[float], list[float]]:
    """(sentence, lengths, rates) of a pair of figures changed at once."""
    lengths = [
        x / 100 for x in draw(st.lists(st.integers(105, 690), min_size=2, max_size=2, unique=True))
    ]
    rates = [
        x / 1000 for x in draw(st.lists(st.integers(101, 989), min_size=2, max_size=2, unique=True))
    ]
    pct = draw(st.booleans())
    rv = [f"{r * 100:.1f}%" if pct else f"{r:.3f}" for r in rates]
    lv = [f"{x:.2f}" for x in lengths]
    ln, rn = draw(st.sampled_from(_LENGTH_NAMES)), draw(st.sampled_from(_RATE_NAMES))
    length_first = draw(st.booleans())
    first_before, second_before = draw(st.booleans()), draw(st.booleans())
    if length_first:
        one = _item(ln, lv[0], first_before)
        two = _item(rn, rv[0], second_before)
        after = f"{lv[1]} and {rv[1]}"
    else:
        one = _item(rn, rv[0], first_before)
        two = _item(ln, lv[0], second_before)
        after = f"{rv[1]} and {lv[1]}"
    when = draw(st.sampled_from(_WHEN)) if not second_before else ""
    tail = draw(st.sampled_from(_TAILS))
    sentence = f"The speculative decoding metrics went from {one} and {two}{when} to {after}{tail}"
    return sentence, lengths, rates


@settings(max_examples=examples(60), deadline=None)
@given(change=_change(), wrap=st.integers(0, 40))
def test_a_pair_changed_at_once_is_two_runs_with_both_figures(
    read: Read, change: tuple[str, list[float], list[float]], wrap: int
) -> None:
    sentence, lengths, rates = change
    start = sentence.index(" from ")
    spaces = [i for i, c in enumerate(sentence) if c == " " and i > start + 6]
    at = spaces[wrap % min(len(spaces), 12)] if wrap else None  # (wrapped by hand, or not)
    text = sentence if at is None else sentence[:at] + "\n" + sentence[at + 1 :]
    recs = read(text + "\n").records
    assert [r.printed_length for r in recs] == pytest.approx(lengths)
    assert [r.printed_rate for r in recs] == pytest.approx(rates)
    assert all(r.accept_length is None for r in recs)  # (nothing decides the convention)


def _before(text: str) -> PasteReading:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(PCG, "rewrite", lambda t: t)
        mp.setattr(PCG, "joined", lambda lines: lines)
        return read_paste(text)


def _figures(r: PasteReading) -> list[tuple[float | None, float | None]]:
    return [(x.printed_length, x.printed_rate) for x in r.records]


@settings(max_examples=examples(60), deadline=None)
@given(
    change=_change(),
    shape=st.sampled_from(["one figure", "unit after", "other kind", "other measure", "condition"]),
)
def test_near_misses_read_as_before(
    change: tuple[str, list[float], list[float]], shape: str
) -> None:
    sentence, lengths, rates = change
    if shape == "one figure":
        sentence = (
            f"The acceptance rate went from {rates[0] * 100:.1f}% and {rates[1] * 100:.1f}% "
            f"to {rates[1] * 90:.1f}% and {rates[0] * 80:.1f}%."
        )
    elif shape == "unit after":
        sentence = sentence.rsplit(" to ", 1)[0] + f" to {lengths[1]:.2f} and 41.2 tok/s."
    elif shape == "other kind":
        # (a share after a percentage: whose value it is the sentence leaves open)
        sentence = (
            f"The metrics went from a mean acceptance length of {lengths[0]:.2f} and "
            f"{rates[0] * 100:.1f}% draft acceptance to {lengths[1]:.2f} and {rates[1]:.3f}."
        )
    elif shape == "other measure":
        sentence = (
            f"The runs went from a throughput of 31.4 and {rates[0] * 100:.1f}% draft acceptance "
            f"to 22.0 and {rates[1] * 100:.1f}%."
        )
    else:
        sentence = "If " + sentence[0].lower() + sentence[1:]
    text = sentence + "\n"
    assert _figures(read_paste(text)) == _figures(_before(text))


def test_the_rewrite_spells_both_runs() -> None:
    assert PCG.rewrite(
        "went from a mean acceptance length of 3.1 and 71.5% draft acceptance to 2.4 and 48.0% later"
    ) == (
        "went mean acceptance length 3.1, draft acceptance 71.5%; mean acceptance length 2.4, "
        "draft acceptance 48.0% later"
    )
    assert PCG.rewrite("went from 3.1 and 2.9 to 2.4 and 2.2 later") == (
        "went from 3.1 and 2.9 to 2.4 and 2.2 later"
    )
