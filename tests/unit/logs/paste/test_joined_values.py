"""A figure's name, then runs' values joined by `and`, the clause ending after the last
(joined_values.py): `a mean accepted length of 58.5 and 59.0 tokens, roughly ...` is one record
a value, wrapped after the `and` too; a list going on into a word, a range's ends, one run's
positions or values of two kinds read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import joined_values as JV
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import PasteReading
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_NAMES = [
    "mean accepted length",
    "acceptance length",
    "average accept length",
    "accept length",
]
_RATE_NAMES = ["acceptance rate", "draft acceptance rate", "accept rate", "mean acceptance rate"]
_ENDS = [
    ".",
    ", on the same prompts.",
    "; both runs used greedy decoding.",
    " — both at temperature 0.",
]


def _listed(values: list[str]) -> str:
    return ", ".join(values[:-1]) + " and " + values[-1]


@st.composite
def _runs(draw: st.DrawFn) -> tuple[str, list[float], bool]:
    """(name, printed values, lengths?) of two to four runs, written alike."""
    lengths = draw(st.booleans())
    n = draw(st.integers(2, 4))
    if lengths:
        name = draw(st.sampled_from(_LENGTH_NAMES))
        nums = draw(st.lists(st.integers(105, 690), min_size=n, max_size=n, unique=True))
        return name, [x / 100 for x in nums], True
    name = draw(st.sampled_from(_RATE_NAMES))
    nums = draw(st.lists(st.integers(101, 989), min_size=n, max_size=n, unique=True))
    return name, [x / 1000 for x in nums], False


def _printed(values: list[float], lengths: bool, pct: bool) -> list[str]:
    if lengths:
        return [f"{v:.2f}" for v in values]
    return [f"{v * 100:.1f}%" for v in values] if pct else [f"{v:.3f}" for v in values]


@settings(max_examples=examples(60), deadline=None)
@given(
    runs=_runs(),
    sep=st.sampled_from([" of ", " was ", " were ", ": "]),
    pct=st.booleans(),
    unit=st.sampled_from(["", " tokens", " tokens/step"]),
    end=st.sampled_from(_ENDS),
    wrapped=st.booleans(),
)
def test_values_joined_by_and_after_one_name_are_a_record_each(
    read: Read,
    runs: tuple[str, list[float], bool],
    sep: str,
    pct: bool,
    unit: str,
    end: str,
    wrapped: bool,
) -> None:
    name, values, lengths = runs
    printed = _printed(values, lengths, pct)
    listed = _listed(printed)
    if wrapped:
        listed = listed.replace(" and ", " and\n", 1)
    text = (
        "We measured two runs of speculative decoding on our prompts; they gave a "
        f"{name}{sep}{listed}{unit if lengths else ''}{end}\n"
    )
    recs = read(text).records
    if lengths:
        assert [r.printed_length for r in recs] == pytest.approx(values)
        assert all(r.accept_length is None for r in recs)  # (the convention: unknown)
    else:
        assert [r.printed_rate for r in recs] == pytest.approx(values)


def _before(text: str, monkeypatch: pytest.MonkeyPatch) -> PasteReading:
    with monkeypatch.context() as m:
        m.setattr(JV, "hinted", lambda low: False)
        m.setattr(JV, "open_list", lambda t, nxt: False)
        return read_paste(text)


def _figures(r: PasteReading) -> list[tuple[float | None, float | None]]:
    return [(x.printed_length, x.printed_rate) for x in r.records]


@settings(max_examples=examples(60), deadline=None)
@given(
    runs=_runs(),
    pct=st.booleans(),
    shape=st.sampled_from(["word after", "range", "positions", "two kinds", "respectively"]),
    end=st.sampled_from(_ENDS),
)
def test_near_misses_read_as_before(
    runs: tuple[str, list[float], bool], pct: bool, shape: str, end: str
) -> None:
    name, values, lengths = runs
    printed = _printed(values[:2], lengths, pct)
    if shape == "word after":
        listed = f"of {_listed(printed)} on chat"  # (the words after decide whose values)
    elif shape == "range":
        listed = f"between {_listed(printed)}"  # (a range's ends)
    elif shape == "positions":
        name = "per-position " + name  # (one run's positions)
        listed = f"of {_listed(printed)}"
    elif shape == "two kinds":
        other = "61.5%" if lengths else "2.41"
        listed = f"of {printed[0]} and {other}"
    else:
        listed = f"of {_listed(printed)} respectively"
    text = f"We measured two runs of speculative decoding; they gave a {name} {listed}{end}\n"
    now = read_paste(text)
    with pytest.MonkeyPatch.context() as mp:
        assert _figures(now) == _figures(_before(text, mp))


def test_the_wrap_joins_only_inside_such_a_list() -> None:
    assert JV.open_list("with a mean accepted length of 58.5 and", "59.0 tokens, roughly")
    assert not JV.open_list("with a mean accepted length of 58.5 and", "the rest, roughly")
    assert not JV.open_list("with a throughput of 58.5 and", "59.0 tokens, roughly")
