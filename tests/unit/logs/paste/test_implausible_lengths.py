"""A 'length' no draft-verify step can emit (evidence.MAX_ACCEPT_LENGTH): a count, a year or
an id printed after the length's name is no record, and its lines are listed as not
understood; lengths of the largest draft trees are still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.evidence import IMPLAUSIBLE_LENGTH, MAX_ACCEPT_LENGTH
from specdiag.core.logs.paste.model import UNDECIDED, blank_record
from tests.support.examples import examples
from tests.support.pastes import printed_lengths

_NAMES = ["accept length", "τ", "Mean acceptance length", "avg_accept_len", "AL", "acc len"]


def _unread_implausible(text: str) -> list[str]:
    return [b.reason for b in read_paste(text).unread if b.reason.startswith(IMPLAUSIBLE_LENGTH)]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    sep=st.sampled_from([": ", " = ", " "]),
    value=st.one_of(
        st.integers(65, 999_999).map(lambda n: f"{n:,}"),  # a count, with thousands' commas
        st.integers(65, 999_999).map(str),
        st.integers(1990, 2030).map(str),  # a year ('Chen et al. 2023')
    ),
    tail=st.sampled_from(["", " tokens", " (request id)", " / 41,990 = 2.82"]),
)
def test_a_count_after_the_length_name_is_no_length(
    name: str, sep: str, value: str, tail: str
) -> None:
    text = f"EAGLE-3 speculative decoding run\n{name}{sep}{value}{tail}\n"
    assert all(x <= MAX_ACCEPT_LENGTH for x in printed_lengths(text)), text
    assert float(value.replace(",", "")) not in printed_lengths(text)


def test_the_line_is_listed_as_not_understood() -> None:
    text = "EAGLE-3 speculative decoding on SGLang\naccept length: 118402\n"
    assert not read_paste(text).records
    (why,) = _unread_implausible(text)
    assert "118402" in why


def test_a_year_after_the_name_is_no_length() -> None:
    text = "Mean acceptance length 2023 is defined as in the EAGLE paper.\n"
    assert 2023.0 not in printed_lengths(text)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    value=st.sampled_from(["7.5", "7.50", "12.3", "31.0", "64", "1.8", "3.05"]),
)
def test_lengths_of_the_largest_trees_are_read(name: str, value: str) -> None:
    """A 64-token tree's 7.5 (or a length of 64 itself) is still a length."""
    text = f"EAGLE tree of 64 draft tokens, SGLang\n{name}: {value}\n"
    assert printed_lengths(text) == [float(value)], text
    assert not _unread_implausible(text)


def test_counts_giving_a_length_above_the_bound_give_none() -> None:
    text = "Accepted 9000 / 9500 tokens\nDecoding steps 10.\n"
    recs = read_paste(text).records
    assert all(r.accept_length is None or r.accept_length <= MAX_ACCEPT_LENGTH + 1 for r in recs)
    assert _unread_implausible(text)


def test_other_lines_of_the_block_are_still_read() -> None:
    text = "SGLang EAGLE-3, Llama-3.1-8B\naccept length: 2.84\naccept length: 118402\n"
    assert printed_lengths(text) == [2.84]
    assert _unread_implausible(text)


def test_a_blank_record_states_no_figure() -> None:
    # the one constructor of a record without figures (model.blank_record): the implausible
    # length's record starts from it
    r = blank_record("summary", "unknown", "a rule", "prose", (3, 4), notes=("why",))
    assert (r.first_line, r.last_line, r.notes) == (3, 4, ("why",))
    figures = (r.printed_length, r.accept_length, r.printed_rate, r.accept_rate)
    counts = (r.accepted_tokens, r.drafted_tokens, r.steps, r.output_tokens)
    assert figures + counts + (r.max_length, r.statistic) == (None,) * 10
    assert r.per_position == ()
    assert {r.bonus, r.rate_basis, r.pooling} == {UNDECIDED}


@settings(max_examples=examples(20), deadline=None)
@given(
    steps=st.integers(100, 900),
    per_step=st.integers(1, 4),
    summed=st.integers(8, 40),
)
def test_a_length_above_the_rows_own_drafts_per_step_is_no_record(
    steps: int, per_step: int, summed: int
) -> None:
    # tokens of a batched verify step over many sequences: above 1 + drafted / steps
    text = (
        "MTP k=2, 24 streams x 300 tokens:\n\n"
        "| | verify steps | drafted | tok/verify |\n|---|---:|---:|---:|\n"
        f"| run | {steps} | {steps * per_step} | {summed + per_step + 0.25:.2f} |\n"
    )
    reading = read_paste(text)
    assert reading.records == ()
    assert any("drafted tokens per step" in b.reason for b in reading.unread)


def test_a_length_within_the_rows_own_drafts_per_step_is_read() -> None:
    text = (
        "MTP k=2, one stream:\n\n"
        "| | verify steps | drafted | tok/verify |\n|---|---:|---:|---:|\n"
        "| run | 400 | 800 | 2.61 |\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 2.61
