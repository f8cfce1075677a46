"""A change in a bracket after the figure's name, and values no rate can take under a rate's
name (rate_changes.py): `better acceptance rate with the fused head (about 4 -> 4.6)` is two
lengths, printed 4.0 and 4.6, convention unknown; `(about 50% -> 57%)` two rates. No name, a
condition, another measure, whole or mixed values: none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SAID = "Trained the draft head twice, once with the fused features.\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    before=st.integers(11, 60),
    gain=st.integers(1, 20),
    arrow=st.sampled_from(["->", "→", "=>"]),
    hedge=st.sampled_from(["about ", "~", "roughly ", ""]),
    tool=st.sampled_from(["", " on vLLM", " on SGLang"]),
)
def test_plain_values_above_one_under_a_rate_are_lengths(
    read: Read, before: int, gain: int, arrow: str, hedge: str, tool: str
) -> None:
    a, b = before / 10, (before + gain) / 10
    text = (
        f"{_SAID}We only see a gain in acceptance rate{tool} with the fused head "
        f"({hedge}{a:.1f} {arrow} {b:.1f}), none from the longer schedule.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([a, b])
    assert all(r.accept_length is None and r.printed_rate is None for r in got)


@pytest.mark.parametrize(
    ("values", "rates"),
    [("about 50% -> 57%", [0.5, 0.57]), ("0.50 → 0.57", [0.5, 0.57]), ("62 -> 71", [0.62, 0.71])],
)
def test_shares_stay_rates(values: str, rates: list[float]) -> None:
    text = f"{_SAID}The acceptance rate with the fused head ({values}) beat the plain head.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx(rates)
    assert all(r.printed_length is None for r in got)


def test_a_length_named_changes_in_brackets() -> None:
    text = f"{_SAID}The acceptance length improved with the fused head (from 4.1 to 4.6).\n"
    assert [r.printed_length for r in read_paste(text).records] == [4.1, 4.6]


def test_a_verbs_change_under_a_rate_is_lengths_too() -> None:
    text = f"{_SAID}The acceptance rate went from 5 to 5.7 with the fused head.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [5.0, 5.7]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    before=st.integers(60, 95),
    drop=st.integers(5, 40),
    owner=st.sampled_from(["ours: ", "mine: ", ""]),
    where=st.sampled_from([" at pos-1", " at position 2", " at pos 3", ""]),
)
def test_an_owner_and_a_position_in_the_bracket(
    read: Read, before: int, drop: int, owner: str, where: str
) -> None:
    # whose run it was and the draft position the two were measured at: two rates all the same
    text = (
        f"{_SAID}Ours shows a similar acceptance-rate decline ({owner}{before}.0%→"
        f"{before - drop}.5%{where}), just later in the context.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx(
        [before / 100, (before - drop + 0.5) / 100]
    )
    assert all(r.printed_length is None and r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    before=st.integers(60, 95),
    drop=st.integers(5, 40),
    owner=st.sampled_from(["yours: ", "Yours: ", "theirs: ", "yours:"]),
    where=st.sampled_from([" at pos-1", " at position 2", ""]),
    arrow=st.sampled_from(["→", " -> ", "->"]),
)
def test_a_quoted_owners_change_is_no_record(
    read: Read, before: int, drop: int, owner: str, where: str, arrow: str
) -> None:
    # 'yours:' / 'theirs:' quote the other party's figures beside the poster's own: no record
    text = (
        f"{_SAID}We see the same acceptance-rate slide ({owner}{before}.0%{arrow}"
        f"{before - drop}.5%{where}) with a shorter draft.\n"
    )
    assert not read(text).records


@pytest.mark.parametrize(
    "line",
    [
        # another measure's decline, its owner said
        "Ours shows a similar throughput decline (yours: 88.0%→61.5% at pos-1).",
        # a position list, no one position
        "Ours shows a similar acceptance-rate decline (yours: 88.0%→61.5% at pos-1 or pos-2).",
        # an owner that is no run's ('see: ...')
        "Ours shows a similar acceptance-rate decline (see: 88.0%→61.5%).",
    ],
)
def test_no_record_near_misses_of_owner_and_position(line: str) -> None:
    assert not read_paste(f"{_SAID}{line}\n").records


@pytest.mark.parametrize(
    "line",
    [
        "We only see a gain with the fused head (about 5 -> 5.7).",  # no figure named
        "If the acceptance rate rises with the fused head (about 5 -> 5.7) we ship it.",
        "The acceptance rate with the fused head (about 5 -> 5.7) beat the 3% baseline.",
        "The acceptance rate with the fused head (about 5 -> 6) beat the plain head.",
        "The acceptance rate with the fused head (about 0.5 -> 5.7) beat the plain head.",
        "Acceptance was flat, but throughput with the fused head (about 5 -> 5.7) was not.",
        "The acceptance length with the fused head (about 50% -> 57%) beat the plain head.",
        "The acceptance length with the fused head (about 4-5) beat the plain head.",
    ],
)
def test_no_record(line: str) -> None:
    assert not read_paste(f"{_SAID}{line}\n").records


_PERCENT_SAID = [
    "| run | tok/s | acceptance rate (%) |\n|---|---|---|\n| baseline head | 88 | 47.5 |\n\n",
    "| run | tok/s | accept rate [%] |\n|---|---|---|\n| baseline head | 88 | 47.5 |\n\n",
    "Draft acceptance rate: 47.5 on the code split.\n\n",  # a plain rate no length can be
]


@settings(max_examples=examples(20), deadline=None)
@given(
    said=st.sampled_from(_PERCENT_SAID),
    before=st.integers(11, 60),
    gain=st.integers(1, 20),
    verb=st.booleans(),
)
def test_the_paste_writing_rates_without_percent_keeps_them_rates(
    read: Read, said: str, before: int, gain: int, verb: bool
) -> None:
    # the paste's own rates are percentages without '%': 5.2 -> 6.8 under a rate's name are too
    a, b = before / 10, (before + gain) / 10
    change = (
        f"After the fix the acceptance rate went from {a:.1f} to {b:.1f} on the chat split.\n"
        if verb
        else f"A gain in acceptance rate with the fused head (about {a:.1f} -> {b:.1f}).\n"
    )
    got = read(_SAID + said + change).records
    assert [r.printed_rate for r in got[-2:]] == pytest.approx([a / 100, b / 100])
    assert all(r.printed_length is None and r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "said",
    [
        "Acceptance rate on the code split: 47.5%.\n\n",  # rates written with '%': no evidence
        "Draft acceptance rate: 12.5 on the code split.\n\n",  # a plain value a length may be
        "| run | tok/s | hit rate (%) |\n|---|---|---|\n| baseline head | 88 | 47.5 |\n\n",
    ],
)
def test_no_percent_evidence_keeps_lengths(said: str) -> None:
    got = read_paste(
        _SAID + said + "After the fix the acceptance rate went from 5.2 to 6.8 on the chat split.\n"
    ).records
    assert [r.printed_length for r in got[-2:]] == pytest.approx([5.2, 6.8])
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(
    low=st.integers(12, 50),
    gain=st.integers(1, 30),
    up=st.booleans(),
    name=st.sampled_from(["acceptance length", "MTP acceptance length", "accept rate"]),
    aux=st.sampled_from(["", "then ", "has "]),
)
def test_a_bare_bracket_after_a_verb_of_change_is_before_and_after(
    low: int, gain: int, up: bool, name: str, aux: str
) -> None:
    a, b = low / 10, (low + gain) / 10
    verb = (
        {"": "rises", "then ": "rose", "has ": "risen"}
        if up
        else {"": "falls", "then ": "fell", "has ": "dropped"}
    )
    if not up:
        a, b = b, a
    text = f"{_SAID}With the rebuilt image the {name} {aux}{verb[aux]} ({a:.1f} to {b:.1f}).\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([a, b])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        # against the verb's way: a range written low to high
        "With the rebuilt image the acceptance length falls (2.4 to 2.9).",
        "With the rebuilt image the acceptance length rises (2.9 to 2.4).",
        # no verb of change, or one of no way
        "With the rebuilt image the acceptance length (2.4 to 2.9) is fine.",
        "With the rebuilt image the acceptance length varies (2.4 to 2.9).",
        "With the rebuilt image the acceptance length changes (2.4 to 2.9).",
        # another measure's change
        "With the rebuilt image acceptance holds and the throughput rises (24 to 29).",
        # a goal
        "If the acceptance length rises (2.4 to 2.9) we keep the image.",
    ],
)
def test_no_record_bare_bracket_near_misses(line: str) -> None:
    assert not read_paste(f"{_SAID}{line}\n").records


@settings(max_examples=examples(40), deadline=None)
@given(
    before=st.integers(40, 95),
    drop=st.integers(5, 30),
    hedge=st.sampled_from(["", "~", "≈"]),
    then=st.sampled_from(["", " before", " chat before", " earlier"]),
    now=st.sampled_from(["", " now", " today"]),
    arrow=st.sampled_from(["→", " -> "]),
)
def test_each_end_hedged_or_told_when(
    read: Read, before: int, drop: int, hedge: str, then: str, now: str, arrow: str
) -> None:
    # each end perhaps approximate, perhaps told when it was ('0.61 before -> 0.42 now')
    text = (
        f"{_SAID}The open issue is chat acceptance regressing against the older build "
        f"({hedge}0.{before}{then}{arrow}{hedge}0.{before - drop}{now}).\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([before / 100, (before - drop) / 100])


@settings(max_examples=examples(30), deadline=None)
@given(
    before=st.integers(40, 95),
    low=st.integers(5, 20),
    width=st.integers(1, 9),
    hedge=st.sampled_from(["", "~"]),
    dash=st.sampled_from(["–", "-"]),
    words=st.sampled_from([("", ""), (" chat before", " now")]),
    head=st.sampled_from(
        [
            "The open issue is chat acceptance regressing against the older build",
            "The acceptance rate fell",
        ]
    ),
)
def test_an_end_that_is_a_range_is_no_figure(
    read: Read,
    before: int,
    low: int,
    width: int,
    hedge: str,
    dash: str,
    words: tuple[str, str],
    head: str,
) -> None:
    # '(0.61 -> 0.10-0.15)': the start is read, the range is no figure (never its low end)
    then, now = words
    text = (
        f"{_SAID}{head} "
        f"({hedge}0.{before}{then} → {hedge}0.{low:02d}{dash}0.{low + width:02d}{now}).\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([before / 100])


@pytest.mark.parametrize(
    "line",
    [
        # another measure's change, each end told when
        "Throughput regressed against the older build (41 before -> 30 now).",
        # a range in a bracket alone, no change
        "The acceptance rate sits in a band (0.40 - 0.55) on chat.",
        # the time words of a condition
        "If the acceptance rate drops (0.61 before -> 0.42 now) we revert.",
    ],
)
def test_no_record_when_near_misses(line: str) -> None:
    assert not read_paste(f"{_SAID}{line}\n").records
