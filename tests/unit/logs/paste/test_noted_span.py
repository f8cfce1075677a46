"""A table cell under an acceptance column printing a range, or two values joined by one arrow,
then a note of words saying what they span (in a bracket or after a space: '1.3 → 2.6 (ramping
up)', '2.2-2.9 on long prompts'): the row's run measured with no one figure printed, a record of
no figure (no length, no rate). A bare arrowed pair stays a change (before and after, a record
each); a note holding a digit, a unit in its place ('tokens'), a side a length cannot be,
or the same cells under a speed column give no record, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_HEADERS = ("accept len", "Accept length", "mean acceptance length", "MTP accept len")
_RATE_HEADERS = ("accept rate", "Acceptance", "draft acceptance rate")
_WORDS = ("warming", "ramping up", "settling", "long copies", "the copy span", "cold cache")
_ARROWS = (" → ", "->", " -> ", " ⟶ ", "→")
_DASHES = ("-", "–", " - ", " – ")


@st.composite
def _note(draw: st.DrawFn) -> str:
    words = draw(st.sampled_from(_WORDS))
    style = draw(st.sampled_from(("bracket", "square", "on", "over", "bare")))
    if style == "bracket":
        return f" ({words})"
    if style == "square":
        return f" [{words}]"
    if style == "bare":
        return f" {words}"
    return f" {style} {words}"


@st.composite
def _pair(draw: st.DrawFn, rate: bool) -> tuple[str, str]:
    """Two distinct values of one figure as a cell prints them."""
    if rate:
        percent = draw(st.booleans())
        a, b = draw(
            st.lists(st.integers(min_value=5, max_value=95), min_size=2, max_size=2, unique=True)
        )
        return (f"{a}%", f"{b}%") if percent else (f"{a / 100:.2f}", f"{b / 100:.2f}")
    a, b = draw(
        st.lists(st.integers(min_value=11, max_value=79), min_size=2, max_size=2, unique=True)
    )
    return f"{a / 10:.1f}", f"{b / 10:.1f}"


def _paste(header: str, cells: list[str]) -> str:
    lines = ["## Runs of one copy task", "", f"| ctx | base tok/s | {header} |", "|---|---|---|"]
    for i, c in enumerate(cells):
        lines.append(f"| {8 * (i + 1)}K | {140 - 11 * i}.5 | {c} |")
    return "\n".join(lines) + "\n"


@st.composite
def _noted_cells(draw: st.DrawFn, rate: bool) -> list[str]:
    n = draw(st.integers(min_value=1, max_value=4))
    out = []
    for _ in range(n):
        a, b = draw(_pair(rate))
        if draw(st.booleans()):
            joined = f"{a}{draw(st.sampled_from(_ARROWS))}{b}"
        else:
            lo, hi = sorted((a, b), key=lambda x: float(x.rstrip("%")))
            joined = f"{lo}{draw(st.sampled_from(_DASHES))}{hi}"
        if draw(st.booleans()):
            joined = f"**{joined}**"  # the pair in bold, its note plain
        out.append(joined + draw(_note()))
    return out


@settings(max_examples=examples(40), deadline=None)
@given(st.booleans(), st.data())
def test_noted_pair_is_a_record_of_no_figure(read: Read, rate: bool, data: st.DataObject) -> None:
    header = data.draw(st.sampled_from(_RATE_HEADERS if rate else _LENGTH_HEADERS))
    cells = data.draw(_noted_cells(rate))
    text = _paste(header, cells)
    got = read(text).records
    assert len(got) == len(cells), text
    for r in got:
        assert r.printed_length is None, text
        assert r.accept_length is None, text
        assert r.printed_rate is None, text


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(_pair(False), min_size=1, max_size=3), st.sampled_from(_ARROWS))
def test_bare_arrowed_pair_stays_a_change(
    read: Read, pairs: list[tuple[str, str]], arrow: str
) -> None:
    text = _paste("accept len", [f"{a}{arrow}{b}" for a, b in pairs])
    got = read(text).records
    assert [r.printed_length for r in got] == [float(x) for p in pairs for x in p], text


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(_pair(False), min_size=1, max_size=3), st.data())
def test_near_misses_give_no_record(
    read: Read, pairs: list[tuple[str, str]], data: st.DataObject
) -> None:
    arrow = data.draw(st.sampled_from(_ARROWS))
    kind = data.draw(st.sampled_from(("digit note", "speed column", "too long", "unit")))
    if kind == "digit note":
        k = data.draw(st.integers(min_value=2, max_value=8))
        cells = [f"{a}{arrow}{b} (k={k})" for a, b in pairs]
        header = "accept len"
    elif kind == "speed column":
        cells = [f"{a}{arrow}{b}{data.draw(_note())}" for a, b in pairs]
        header = "tok/s with drafts"
    elif kind == "too long":
        cells = [f"{a}{arrow}{int(float(b) * 10) + 20}{data.draw(_note())}" for a, b in pairs]
        header = "accept len"
    else:
        # a unit after the pair ('tokens', 'Tok'), no note
        unit = data.draw(st.sampled_from(("tokens", "Tokens", "tok", "toks")))
        cells = [f"{a}{arrow}{b} {unit}" for a, b in pairs]
        header = "accept len"
    text = _paste(header, cells)
    assert read(text).records == (), text
