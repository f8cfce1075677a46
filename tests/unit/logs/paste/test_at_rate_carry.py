"""A figure's name carried along a list of `speed at rate` items (at_rate_carry.py): `structured
92.8 tok/s at 94% acceptance, code 83.2 at 100%, prose 28.3 at 24%` is a rate an item, in bold
and wrapped by hand too; a first item without the speed's unit or the figure's name, or a later
value another word follows, read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import at_rate_carry as ARC
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import PasteReading
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ["structured", "code-pattern", "prose", "math", "chat", "json", "summaries", "RAG"]
_UNITS = ["tok/s", "t/s", "tokens/s", "tps"]
_NAMES = ["acceptance", "draft acceptance", "acceptance rate", "draft acceptance rate"]


@st.composite
def _items(draw: st.DrawFn) -> tuple[list[str], list[float]]:
    """(items, rates) of two to four workloads, the first naming the unit and the figure."""
    n = draw(st.integers(2, 4))
    labels = draw(st.lists(st.sampled_from(_LABELS), min_size=n, max_size=n, unique=True))
    speeds = draw(st.lists(st.integers(50, 1500), min_size=n, max_size=n, unique=True))
    pct = draw(st.booleans())
    if pct:
        rates = [
            x / 100
            for x in draw(st.lists(st.integers(5, 100), min_size=n, max_size=n, unique=True))
        ]
        shown = [f"{round(r * 100)}%" for r in rates]
    else:
        rates = [
            x / 100 for x in draw(st.lists(st.integers(5, 99), min_size=n, max_size=n, unique=True))
        ]
        shown = [f"{r:.2f}" for r in rates]
    unit, name = draw(st.sampled_from(_UNITS)), draw(st.sampled_from(_NAMES))
    bold = draw(st.sampled_from(["", "**"]))
    items = [f"{labels[0]} {bold}{speeds[0] / 10:.1f} {unit} at {shown[0]} {name}{bold}"]
    for lab, sp, sh in zip(labels[1:], speeds[1:], shown[1:], strict=True):
        u = f" {unit}" if draw(st.booleans()) else ""
        items.append(f"{lab} {bold}{sp / 10:.1f}{u} at {sh}{bold}")
    return items, rates


def _listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + (", " if len(items) > 2 else " and ") + items[-1]


@settings(max_examples=examples(60), deadline=None)
@given(items=_items(), wrap=st.integers(0, 30))
def test_later_items_take_the_first_items_figure(
    read: Read, items: tuple[list[str], list[float]], wrap: int
) -> None:
    its, rates = items
    listed = _listed(its)
    spaces = [i for i, c in enumerate(listed) if c == " "]
    if wrap:  # (wrapped by hand somewhere in the list)
        at = spaces[wrap % len(spaces)]
        listed = listed[:at] + "\n" + listed[at + 1 :]
    text = f"Measured on the same engine with speculative decoding on:\n{listed}.\n"
    recs = read(text).records
    assert [r.printed_rate for r in recs] == pytest.approx(rates)
    assert all(r.accept_length is None and r.printed_length is None for r in recs)


def _before(text: str) -> PasteReading:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ARC, "rewrite", lambda t: t)
        mp.setattr(ARC, "joined", lambda lines: lines)
        return read_paste(text)


def _figures(r: PasteReading) -> list[tuple[float | None, float | None]]:
    return [(x.printed_length, x.printed_rate) for x in r.records]


@settings(max_examples=examples(60), deadline=None)
@given(
    items=_items(),
    shape=st.sampled_from(["no unit", "no name", "word after"]),
)
def test_near_misses_read_as_before(items: tuple[list[str], list[float]], shape: str) -> None:
    its, _ = items
    first = its[0]
    if shape == "no unit":
        for u in _UNITS:
            first = first.replace(f" {u} at ", " at ")
    elif shape == "no name":
        for n in sorted(_NAMES, key=len, reverse=True):
            if first.rstrip("*").endswith(n):
                first = first.replace(" " + n, "", 1)
                break
    else:
        its = [its[0]] + [f"{x} of peak" for x in its[1:]]
    text = f"Measured on the same engine with speculative decoding on:\n{_listed([first] + its[1:])}.\n"
    assert _figures(read_paste(text)) == _figures(_before(text))


def test_the_name_is_written_after_each_later_value() -> None:
    assert ARC.rewrite("code 92.8 tok/s at 94% acceptance, chat **83.2 at 71%**.") == (
        "code 92.8 tok/s at 94% acceptance, chat **83.2 at 71% acceptance**."
    )
    assert ARC.rewrite("code 92.8 at 94% acceptance, chat 83.2 at 71%.") == (
        "code 92.8 at 94% acceptance, chat 83.2 at 71%."
    )
