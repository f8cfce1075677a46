"""A number with a thousands suffix before what a prompt or window is counted in ('~3K input',
'1.5k prompt tokens', '32k context') is the input's size, never an acceptance figure, even
right after a figure's name and a separator ('... length (+5%) on SetB (~3K input)'); and a
signed change in brackets after a figure's name ('rate (+8%)', 'length (+4–9%)') is how much it
moved, never the unit of the value read after it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["acceptance length", "accept length", "acceptance rate", "accept rate"]
_NOUNS = ["input", "inputs", "input tokens", "prompt tokens", "context", "token context", "ctx"]


def _figures(read: Read, text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read(text).records]


@pytest.mark.parametrize(
    "sentence",
    [
        "Reuse lifts acceptance rate (+9–15%) and acceptance length (+4–8%) on SetA "
        "(~3K input) and SetB (~1.5K input), where the prefix is long.",
        "The acceptance length (+7%) on RepoTask (~16k context) beats the baseline.",
        "Across runs the accept length grew on LongSet (~2k prompt tokens).",
    ],
)
def test_an_input_size_after_a_figure_is_no_figure(read: Read, sentence: str) -> None:
    assert read(sentence + "\n").records == ()


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        # the figure's own value beside an input size is read as before
        ("acceptance length: 2.64 (~3K input)", [(2.64, None)]),
        ("On SetA (~3K input) the acceptance length is 2.41.", [(2.41, None)]),
        ("acceptance length ~2.6", [(2.6, None)]),
        # a signed change in the name's bracket is no unit: the value after it as printed
        ("acceptance rate (+8%): 0.73", [(None, 0.73)]),
        ("acceptance rate (+4–9%) was 0.61", [(None, 0.61)]),
        ("acceptance rate (-3%) is 55%", [(None, 0.55)]),
        # a unit's bracket is still a unit
        ("acceptance rate (%): 73", [(None, 0.73)]),
    ],
)
def test_near_misses_read_as_before(
    read: Read, sentence: str, want: list[tuple[float | None, float | None]]
) -> None:
    assert _figures(read, sentence + "\n") == want


def test_signed_changes_alone_stay_unread(read: Read) -> None:
    text = "The pool improves acceptance rate (+12%) and acceptance length (+6%) on the code set.\n"
    assert read(text).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    lo=st.integers(1, 20),
    span=st.integers(1, 15),
    size=st.sampled_from(["1", "2", "4", "8", "1.2", "3.5", "16", "32"]),
    suffix=st.sampled_from(["K", "k"]),
    noun=st.sampled_from(_NOUNS),
    approx=st.sampled_from(["~", "≈", ""]),
    dataset=st.sampled_from(["SetA", "RepoBench", "Long-QA", "CodeMix"]),
)
def test_generated_sizes_after_changes_are_never_read(
    name: str, lo: int, span: int, size: str, suffix: str, noun: str, approx: str, dataset: str
) -> None:
    text = (
        f"Reuse consistently improves {name} (+{lo}–{lo + span}%) on {dataset} "
        f"({approx}{size}{suffix} {noun}), where the context repeats.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["acceptance rate", "accept rate"]),
    change=st.integers(1, 30),
    sign=st.sampled_from(["+", "-"]),
    value=st.integers(5, 95),
    sep=st.sampled_from([": ", " was ", " is "]),
)
def test_generated_signed_change_brackets_are_no_unit(
    name: str, change: int, sign: str, value: int, sep: str
) -> None:
    text = f"{name} ({sign}{change}%){sep}0.{value:02d}\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(value / 100)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["acceptance length", "accept length"]),
    value=st.integers(110, 480),
    size=st.sampled_from(["2", "4", "1.5"]),
    noun=st.sampled_from(_NOUNS),
)
def test_generated_value_beside_a_size_still_read(
    name: str, value: int, size: str, noun: str
) -> None:
    text = f"{name}: {value / 100:.2f} (~{size}K {noun})\n"
    (r,) = read_paste(text).records
    assert r.printed_length == pytest.approx(value / 100)
