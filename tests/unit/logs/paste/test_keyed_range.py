"""A key-value line whose whole value is a range of one acceptance figure (keyed_range.py):
``Mean acceptance length: ~2.6-2.8`` has no figure of its own, no record (before: a record of
neither length nor rate, the range in a note); a value of the figure after it reads as before.
Near misses read as before: a key naming a planned figure
(``Expected ...``), a key whose tail alone names the figure (``Target acceptance rate``), a
range with words after it, a range the figure cannot be, a range running downwards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_KEYS = ["Mean acceptance length", "accept length", "Avg accept len", "AL"]
_RATE_KEYS = ["Acceptance rate", "accept rate", "Draft acceptance rate"]
_ABOVE = [
    "Observed server metrics while the suite ran:\n\n",
    "Draft run with MTP, early requests only:\n\n",
]
_JOINERS = ["-", "–", " - ", " to "]


def _line(key: str, sep: str, bullet: bool, bold: bool, lo: str, hi: str, joiner: str) -> str:
    k = f"**{key}**" if bold else key
    return f"{'- ' if bullet else ''}{k}{sep}{lo}{joiner}{hi}"


@st.composite
def _ranges(draw: st.DrawFn) -> tuple[str, str, str, bool]:
    """(key, low, high, is a length): a length from 1.1 to 7 or a rate as a fraction or a
    share, low below high by at least one printed unit."""
    if draw(st.booleans()):
        lo = draw(st.integers(11, 60))
        hi = draw(st.integers(lo + 1, 70))
        return draw(st.sampled_from(_LENGTH_KEYS)), f"{lo / 10:.1f}", f"{hi / 10:.1f}", True
    lo = draw(st.integers(20, 90))
    hi = draw(st.integers(lo + 1, 99))
    if draw(st.booleans()):
        return draw(st.sampled_from(_RATE_KEYS)), f"{lo}%", f"{hi}%", False
    return draw(st.sampled_from(_RATE_KEYS)), f"0.{lo:02d}", f"0.{hi:02d}", False


@settings(max_examples=examples(60), deadline=None)
@given(
    rng=_ranges(),
    sep=st.sampled_from([": ", " = ", ":  "]),
    bullet=st.booleans(),
    bold=st.booleans(),
    approx=st.booleans(),
    joiner=st.sampled_from(_JOINERS),
    above=st.sampled_from(_ABOVE),
    speed=st.booleans(),
)
def test_a_keyed_range_gives_no_record(
    read: Read,
    rng: tuple[str, str, str, bool],
    sep: str,
    bullet: bool,
    bold: bool,
    approx: bool,
    joiner: str,
    above: str,
    speed: bool,
) -> None:
    key, lo, hi, _ = rng
    if approx:
        lo = "~" + lo
    line = _line(key, sep, bullet, bold, lo, hi, joiner)
    body = ("Avg generation throughput: 41.3 tok/s\n" if speed else "") + line + "\n"
    assert read(above + body).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(11, 40),
    gap=st.integers(1, 9),
    after=st.integers(11, 60),
    above=st.sampled_from(_ABOVE),
)
def test_a_single_value_after_the_range_reads_as_before(
    read: Read, lo: int, gap: int, after: int, above: str
) -> None:
    text = (
        above
        + f"Mean acceptance length: {lo / 10:.1f}-{(lo + gap) / 10:.1f}\n"
        + f"Mean acceptance length: {after / 10:.1f}\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(after / 10)]


@pytest.mark.parametrize(
    "line",
    [
        "Expected acceptance length: 2.5-3.0",  # a planned figure
        "Acceptance length (assumed): 2.5-3.0",
        "Target acceptance rate: 0.55-0.62",  # only the key's tail names the figure
        "Mean acceptance length: 2.6-2.8 tok/s",  # words after the range
        "Mean acceptance length: 2.8-2.6",  # running downwards
        "Acceptance rate: 1.2-1.4",  # no rate, no share
        "Mean acceptance length: 0.4-0.8",  # no length counts below one token
    ],
)
def test_near_misses_stay_unread(read: Read, line: str) -> None:
    got = read("Observed server metrics while the suite ran:\n\n" + line + "\n").records
    assert got == ()
