"""Approximate values of one figure in one paragraph, each with its run's qualifier, joined by a
contrast and a hedge ('an acceptance rate in the range of 0.8 in mainline, but only around 0.5
in the fork'): one record each (a rate: no normalised length without k and the convention).
'in the range of X' with one number is an approximate value; 'X-Y', 'X to Y' is a range and no
record. A value after the contrast of another kind than the first (a whole number after a
percentage) is no value of that figure (a rate's own sentence setting one draft a step still gives
1 + rate)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _rates(text: str, read: Read = read_paste) -> list[float | None]:
    got = read(text).records
    assert all(r.accept_length is None for r in got)
    return [r.printed_rate for r in got]


def test_three_approximate_rates_of_a_paragraph(read: Read) -> None:
    text = (
        "With one drafted token (`--draft-max 1`) the MTP acceptance rate is in the range of "
        "0.86 in llama.cpp and also in the fork. With 3 drafted tokens I see an acceptance rate "
        "in the range of 0.7 in llama.cpp, but only around 0.45 in the fork. Something goes "
        "wrong past the first draft.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [0.86, 0.7, 0.45]
    # the first sentence's own maximum of one gives its rate 1 + rate (one_draft.py), as
    # approximate as the rate; the other sentence's three drafted tokens decide nothing
    assert [r.accept_length for r in got] == [pytest.approx(1.86), None, None]


@pytest.mark.parametrize(
    ("text", "rates"),
    [
        ("With MTP I see an acceptance rate in the range of 0.82 on chat.\n", [0.82]),
        ("With MTP I see an acceptance rate in the range of 0.8-0.9 on chat.\n", []),
        ("With MTP I see an acceptance rate in the range 0.8 to 0.9 on chat.\n", []),
        ("With MTP the acceptance rate is between 0.8 and 0.9 on chat.\n", []),
        ("With MTP the acceptance rate ranges between 85% and 90% on chat.\n", []),
        ("With MTP the acceptance rate: between **61%** and **70%**.\n", []),
        ("Between restarts the MTP acceptance rate is 61% on chat.\n", [0.61]),
        (
            "With MTP the acceptance rate is about 0.8 in mainline, but only around 0.5-0.6 in "
            "the fork.\n",
            [0.8],
        ),
        (
            "With MTP the acceptance rate is about 0.8 in mainline, but around 0.5 to 0.6 in "
            "the fork.\n",
            [0.8],
        ),
        ("EAGLE acceptance rate of roughly 70% on chat, but only 2 on code.\n", [0.7]),
        ("EAGLE acceptance rate of roughly 70% on chat, but only 52% on code.\n", [0.7, 0.52]),
    ],
)
def test_ranges_and_other_kinds_stay_no_record(read: Read, text: str, rates: list[float]) -> None:
    assert _rates(text, read) == rates


_HEDGES = ["", "only ", "just ", "around ", "about ", "roughly ", "only around ", "~"]
_JOINS = [", but ", ", while ", ", whereas ", ", and ", " and ", ", yet "]
_WHERE = ["in mainline", "on chat", "for the fork", "with greedy sampling", "(k=2)"]


@settings(max_examples=examples(80), deadline=None)
@given(
    name=st.sampled_from(["acceptance rate", "accept rate", "draft acceptance rate"]),
    lead=st.sampled_from(["in the range of ", "around ", "about ", "is ", "of roughly "]),
    hedge=st.sampled_from(_HEDGES),
    join=st.sampled_from(_JOINS),
    where=st.lists(st.sampled_from(_WHERE), min_size=2, max_size=2, unique=True),
    percent=st.booleans(),
    vals=st.lists(st.integers(11, 98), min_size=2, max_size=2, unique=True),
    ranged=st.booleans(),
)
def test_approximate_values_joined_by_a_contrast(
    name: str,
    lead: str,
    hedge: str,
    join: str,
    where: list[str],
    percent: bool,
    vals: list[int],
    ranged: bool,
) -> None:
    shown = [f"{v}%" if percent else f"0.{v:02d}" for v in vals]
    second = shown[1]
    if ranged:  # a range: a low and a high end
        high = min(vals[1] + 5, 99)
        second = f"{vals[1]}-{high}%" if percent else f"0.{vals[1]:02d}-0.{high:02d}"
    text = (
        f"With MTP speculative decoding I see an {name} {lead}{shown[0]} {where[0]}"
        f"{join}{hedge}{second} {where[1]}.\n"
    )
    want = [v / 100 for v in (vals[:1] if ranged else vals)]
    assert _rates(text) == pytest.approx(want)


def test_a_long_line_of_such_runs_reads_each_value_once() -> None:
    run = "an acceptance rate in the range of 0.8 in mainline, but only around 0.5 in the fork "
    # (120 runs, 240 figures: under the cap on a line's figures, test_long_lines.py)
    text = "With MTP speculative decoding I see " + run * 120 + ".\n"
    got = _rates(text)
    assert 0 < len(got) <= 240  # (never more records than values: no value read twice)
    assert set(got) <= {0.8, 0.5}


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(150, 290),
    b=st.integers(150, 290),
    unit=st.sampled_from(["tokens per step", "tokens/step", "tok/step", "tokens per round"]),
    again=st.booleans(),
    lead=st.sampled_from(["", "With a draft of 3 tokens, "]),
)
def test_a_length_with_its_unit_then_another_runs_value(
    read: Read, a: int, b: int, unit: str, again: bool, lead: str
) -> None:
    # the length's unit between the first value and its run: each run's value a record of the
    # same figure, the unit no figure of its own (no tokens-per-step name deciding the bonus)
    va, vb = f"{a / 100:.2f}", f"{b / 100 + 0.005:.3f}"
    text = (
        f"{lead}our head reaches a mean acceptance length of {va} {unit} on set A and {vb}"
        f"{' ' + unit if again else ''} on the harder set B.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [float(va), float(vb)]
    assert all(r.accept_length is None for r in got)


def test_negative_control_a_unit_and_no_second_run(read: Read) -> None:
    # the unit with one run: one record; a value of another measure after it: none of its own
    (r,) = read("The head reaches an acceptance length of 2.41 tokens per step on set A.\n").records
    assert r.printed_length == 2.41 and r.accept_length is None
    (r,) = read(
        "The head reaches an acceptance length of 2.41 on set A, and the other run 2.9 tokens "
        "per step.\n"
    ).records
    # (two figures in one record: the one's name decides nothing of the other)
    assert r.printed_length == 2.41 and r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(31, 79),
    b=st.integers(12, 30),
    bracket=st.sampled_from(["", " (88-97 tok/s)", " (a short prompt)"]),
    wrap=st.booleans(),
    hedge=st.sampled_from(["", "about ", "roughly "]),
)
def test_a_value_named_tokens_per_step_then_more_runs(
    read: Read, a: int, b: int, bracket: str, wrap: bool, hedge: str
) -> None:
    # the value first, its name after it, each run's value after the run (a bracket of the
    # run's own after it), the line perhaps wrapped by hand before the first run
    va, vb = f"{a / 10:.1f}", f"{b / 10:.1f}"
    sep = "\n" if wrap else " "
    text = (
        f"Steps follow the text: {hedge}{va} tokens per step{sep}on templated output{bracket}, "
        f"{hedge}{vb} on free chat (40 tok/s).\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [float(va), float(vb)]


def test_negative_a_throughput_after_a_value_named_tokens_per_step(read: Read) -> None:
    # a throughput of the other run is no length of it; a whole number after a decimal neither
    for second in ("41.5 tok/s on the other card", "3 on the other card"):
        got = read(f"Our box gives 2.9 tokens per step on the first card, {second}.\n").records
        assert [r.printed_length for r in got] == [2.9]
    # a wrapped line whose next line starts a new sentence is not joined
    got = read("Our box gives 2.9 tokens per step\nOn the other card we saw 3.1 s latency.\n")
    assert [r.printed_length for r in got.records] == [2.9]


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(15, 95), min_size=2, max_size=4, unique=True),
    wrap=st.booleans(),
)
def test_a_list_of_runs_each_with_its_share_in_brackets(
    read: Read, rates: list[int], wrap: bool
) -> None:
    # the figure named in the first bracket, the next runs' brackets the share alone
    items = [f"{50 + i}.5 over {32 * 4**i} tokens ({r}%)" for i, r in enumerate(rates)]
    items[0] = items[0].replace(f"({rates[0]}%)", f"({rates[0]}% acceptance)")
    body = ", ".join(items[:-1]) + ", and " + items[-1]
    if wrap:  # (wrapped by hand before the last bracket)
        cut = body.rindex(" (")
        body = body[:cut] + "\n" + body[cut + 1 :]
    got = read(f"The same build measures {body}. Quote the longest run.\n").records
    assert [r.printed_rate for r in got] == [r / 100 for r in rates]
    assert all(r.accept_length is None for r in got)


def test_negative_brackets_of_other_shares_or_no_named_first(read: Read) -> None:
    # no figure named in the first bracket: nothing; a bracket holding words beside the share
    # is no share of the figure
    assert not read("It runs 50.5 over 32 tokens (91%), 48.0 over 128 (74%).\n").records
    got = read("It runs 50.5 over 32 tokens (91% acceptance), 48.0 over 128 (74% GPU busy).\n")
    assert [r.printed_rate for r in got.records] == [0.91]
