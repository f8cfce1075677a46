"""Verbs of change and arrival in prose (arrival.py): where a figure went is a value a run
printed (`the accepted length has reached 3.6 tokens`, `decreased to about **3.3**`); a verb of
change before `from X to Y` gives two runs (`goes up from 0.6 to 0.9`); a change alone, a
target, a condition, a bound or a range is no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Speculative decoding with the EAGLE-3 draft, greedy, one GPU.\n\n"

_LENGTH_NAMES = ["the accepted length", "the acceptance length", "mean accept length", "the AL"]
_RATE_NAMES = ["the acceptance rate", "draft acceptance", "the mean draft acceptance rate"]
# (auxiliary and verb), as a sentence reports where the figure went
_ARRIVALS = [
    "reached",
    "has reached",
    "has now reached",
    "hit",
    "decreased to",
    "dropped to",
    "has dropped back down to",
    "went up to",
    "goes down to",
    "had already climbed to",
    "has risen to",
    "fell sharply to",
    "rose by 0.2 to",
    "settled at",
    "stays at",
    "hovered around",
    "finally recovered to",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    verb=st.sampled_from(_ARRIVALS),
    hedge=st.sampled_from(["", "about ", "roughly ", "~", "only "]),
    bold=st.sampled_from(["", "**"]),
    hundredths=st.integers(110, 790),
    tail=st.sampled_from(["", " tokens", " on GSM8K", " after the fix"]),
)
def test_a_length_where_it_went_is_one_record(
    read: Read, name: str, verb: str, hedge: str, bold: str, hundredths: int, tail: str
) -> None:
    value = f"{hundredths / 100:.2f}"
    text = f"{_LEAD}After half an epoch, {name} {verb} {hedge}{bold}{value}{bold}{tail}.\n"
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100)
    assert r.accept_length is None  # no tool, no identity: convention unknown


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_RATE_NAMES),
    verb=st.sampled_from(_ARRIVALS),
    pct=st.integers(5, 95),
)
def test_a_rate_where_it_went_is_one_record(read: Read, name: str, verb: str, pct: int) -> None:
    text = f"{_LEAD}On the code set {name} {verb} {pct}% with k=4.\n"
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(pct / 100)


def test_a_second_run_in_the_next_sentence_is_a_record_of_its_own() -> None:
    text = (
        f"{_LEAD}I observed that the acceptance length was around **5.9** on English prompts.\n"
        "However, with the prompts in German, the acceptance length decreased to about **3.1**.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [5.9, 3.1]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "change",
    [
        "goes up",
        "went down",
        "has gone up",
        "dropped sharply",
        "improves",
        "climbed back",
        "has fallen",
    ],
)
def test_a_verb_of_change_before_from_to_gives_the_runs_before_and_after(change: str) -> None:
    text = (
        f"{_LEAD}For the two-layer MTP head the acceptance rate {change} from 0.55 to 0.85 on "
        "n = 3 when switching from `top-k = 1` to `top-k = 8`.\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.55, 0.85]


@pytest.mark.parametrize(
    "sentence",
    [
        # a range, not a change
        "the acceptance rate ranges from 0.55 to 0.85 across prompts",
        "the acceptance rate varies from 0.55 to 0.85 across prompts",
        "the acceptance rate stays between 0.55 and 0.85",
        "the acceptance rate sits at 0.55-0.85",
        # a change alone: no value arrived at
        "the acceptance length improves by 0.3 with the new head",
        "the acceptance rate is up 12% on chat",
        "the acceptance length went up by 0.4",
        # a target, an expectation
        "the accept length should reach 3.0",
        "the accept length needs to reach 3.0 to pay off",
        "the accept length is expected to reach 3.0",
        "we want the accept length to reach 3.0",
        # a condition: what would be
        "if the accept length collapsed to 1.0, nothing in CI would notice",
        "Suppose the acceptance rate drops to 40%; then decode slows down",
        "if the acceptance rate goes up from 0.6 to 0.9, decode would be 30% faster",
        # a bound, a share of something else
        "the acceptance rate rose to over 80%",
        "the acceptance rate dropped to 40% of the baseline",
        "the acceptance rate climbed to at least 0.7",
    ],
)
def test_no_record_for_a_range_a_change_alone_a_target_a_condition_or_a_bound(
    sentence: str,
) -> None:
    got = read_paste(f"{_LEAD}With the EAGLE-3 draft, {sentence}.\n").records
    assert got == (), sentence


def test_another_measure_changing_in_the_next_clause_is_not_the_figure() -> None:
    text = (
        f"{_LEAD}The acceptance rate went from 0.61 to 0.72, while throughput went from 40 to "
        "61 tok/s.\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.61, 0.72]


def test_a_measured_value_beside_a_conditional_elsewhere_is_still_read() -> None:
    text = (
        f"{_LEAD}The accept length has reached 3.4 on MT-bench. If it drops to 2.0 again, "
        "I will reopen the issue.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.4]


@pytest.mark.parametrize(
    "switch",
    ["switching from `top-k = 1` to `top-k = 8`", "going from k=2 to k=4", "from topk=1 -> topk=8"],
)
def test_a_setting_switched_between_the_two_runs_labels_neither(switch: str) -> None:
    text = f"{_LEAD}The acceptance rate goes up from 0.55 to 0.85 on n = 3 when {switch}.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.55, 0.85]
    for r in got:
        assert not any(
            name.replace(" ", "").replace("-", "") in ("topk", "k") for name, _ in r.labels
        )


def test_a_condition_is_looked_for_within_a_bounded_reach() -> None:
    # a run-on line of thousands of figures stays linear: the condition is read within a
    # clause's reach before the figure, not from the start of an unpunctuated line
    near = "if the accept length dropped to 1.0"
    assert A.conditional(near, near.index("1.0"))
    far = "if " + "and the draft was fine " * 40 + "the accept length dropped to 1.0"
    assert not A.conditional(far, far.index("1.0"))


_ARRIVAL_PIECES = (
    "the accept length",
    "AL",
    "acceptance rate",
    "x" * 49,
    " ",
    "  ",
    "\t",
    "\n",
    ", then",
    "has reached",
    "dropped to",
    "rose by 0.3 to",
    "stays at",
    "stays",
    "remained",
    "≈",
    "was stable at",
    "is stuck at",
    "starts at",
    "to",
    "about",
    "~",
    "**",
    "2.9",
    "61%",
    "0.5.1",
    "2x",
    "of the baseline",
    "-",
    "\u00a0",
    "H\u0130T",
)


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_ARRIVAL_PIECES), max_size=14))
def test_arrivals_are_the_patterns_matches(pieces: list[str]) -> None:
    # arrival.arrivals tries the pattern only before a verb of arrival: the same matches
    text = " ".join(pieces) if len(pieces) % 2 else "".join(pieces)
    got = [(m.span(), m.groupdict()) for m in A.arrivals(text)]
    assert got == [(m.span(), m.groupdict()) for m in A.ARRIVED.finditer(text)]


@pytest.mark.parametrize(
    "text",
    [
        "MTP drafting, K pinned to 2: tok/round came out bit-identical at 2.44 in all four runs.",
        "MTP drafting, K pinned to 2: tok/round\ncame out at 2.44 in all four runs.",
        "MTP drafting, K pinned to 2: tokens per round came out the same at 2.44 on both arms.",
    ],
)
def test_where_a_measurement_came_out(text: str) -> None:
    (r,) = read_paste(text + "\n").records
    assert r.printed_length == pytest.approx(2.44)


def test_a_speed_that_came_out_is_no_length() -> None:
    assert read_paste("MTP drafting, K=2: decode came out at 2.4x faster.\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    verb=st.sampled_from(["stays", "stayed", "remains", "remained", "hovers", "sat"]),
    mark=st.sampled_from(["~", "≈", "~ ", "≈ "]),
    tenths=st.integers(11, 79),
)
def test_a_level_held_marked_approximate_needs_no_preposition(
    name: str, verb: str, mark: str, tenths: int
) -> None:
    # 'stays ~4.5': the approximate mark stands where 'at' would
    text = f"{_LEAD}With full blocks {name} {verb} {mark}{tenths / 10:.1f} and the rest grows.\n"
    (r,) = read_paste(text).records
    assert r.printed_length == pytest.approx(tenths / 10)


@pytest.mark.parametrize(
    "sentence",
    [
        "the acceptance length stays 3.5 tokens longer",  # no mark: not read as a level
        "the acceptance rate stays ~0.55-0.85",  # a range
        "if the acceptance rate stays ~0.6, decode would win",  # a condition
    ],
)
def test_a_level_held_without_its_mark_or_as_a_range_or_a_condition_is_no_record(
    sentence: str,
) -> None:
    assert read_paste(f"{_LEAD}With the EAGLE-3 draft, {sentence}.\n").records == ()


@settings(max_examples=examples(25), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    verb=st.sampled_from(["fell to", "dropped to", "reached", "settled at"]),
    a=st.integers(12, 60),
    b=st.integers(12, 60),
    vs=st.sampled_from(["against", "vs", "versus", ", versus"]),
    other=st.sampled_from([" for the matched head", " on the old image", ""]),
)
def test_another_runs_value_after_versus(
    name: str, verb: str, a: int, b: int, vs: str, other: str
) -> None:
    text = f"{_LEAD}After the merge {name} {verb} {a / 10:.2f} {vs} {b / 10:.2f}{other}.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([a / 10, b / 10])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        "After the merge the acceptance length fell to 2.64 against 8 requests.",  # a count
        "After the merge the acceptance length fell to 2.64 against 38.10 tok/s.",  # a unit
        "After the merge the acceptance length fell to 2.64 vs 71% for the old head.",  # a rate
    ],
)
def test_no_second_value_after_versus(line: str) -> None:
    assert [r.printed_length for r in read_paste(f"{_LEAD}{line}\n").records] == [2.64]


@settings(max_examples=examples(25), deadline=None)
@given(
    lo=st.integers(20, 45),
    width=st.integers(5, 30),
    single=st.integers(50, 90),
    range_first=st.booleans(),
    dash=st.sampled_from(["-", "–", " - "]),
    pct=st.booleans(),
)
def test_a_change_with_a_range_at_one_end_reads_the_other_end(
    lo: int, width: int, single: int, range_first: bool, dash: str, pct: bool
) -> None:
    def fmt(n: int) -> str:
        return f"{n}%" if pct else f"{n / 100:.2f}"

    rng = f"{fmt(lo)}{dash}{fmt(lo + width)}"
    one = f"~{fmt(single)}"
    a, b = (rng, one) if range_first else (one, rng)
    text = f"{_LEAD}After the patch the draft acceptance went from {a} to {b} on chat.\n"
    assert [r.printed_rate for r in read_paste(text).records] == pytest.approx([single / 100])


def test_a_change_with_a_label_after_its_first_value_wrapped_by_hand() -> None:
    text = (
        f"{_LEAD}The cache was rebuilt each round, which is why acceptance fell from 71.4%\n"
        "standalone to 30.5% in the loop.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == pytest.approx([0.714, 0.305])


@pytest.mark.parametrize(
    "line",
    [
        "After the patch the draft acceptance went from 40%-55% to 61%-70% on chat.",  # ranges
        "After the patch the acceptance length went from 2 tokens to 3 tokens.",  # whole values
        "After the patch the acceptance length went from 2.5 ms to 3.5 ms.",  # another measure
    ],
)
def test_no_record_for_ranges_at_both_ends_or_a_word_after_a_whole_value(line: str) -> None:
    assert not read_paste(f"{_LEAD}{line}\n").records
