"""A fraction of counts printed with thousands separators after an acceptance key ('Acceptance:
3,412/4,801 (0.711 overall)'): read as the plain fraction is, one record whose rate is the
quotient (its convention unknown: no normalised length). A comma that is no thousands separator
('1,2/3', 'k=1,2,4') keeps its old reading: no count is made of a list."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _sep(n: int) -> str:
    return f"{n:,}"


@settings(max_examples=examples(25), deadline=None)
@given(
    drafted=st.integers(1000, 999_999),
    share=st.integers(20, 95),
    key=st.sampled_from(["Acceptance", "Draft acceptance", "acceptance rate", "MTP acceptance"]),
    spaced=st.booleans(),
    note=st.sampled_from(["", " ({r:.3f} aggregate)", " ({r:.3f} overall)", ", over 3 runs"]),
)
def test_separated_fraction_one_record(
    drafted: int, share: int, key: str, spaced: bool, note: str
) -> None:
    accepted = drafted * share // 100
    slash = " / " if spaced else "/"
    tail = note.format(r=accepted / drafted)
    text = (
        "Draft-model run on one GPU, greedy.\n\n"
        "- Baseline: 40.2 tok/s\n"
        "- Speculative: 71.9 tok/s\n"
        f"- {key}: {_sep(accepted)}{slash}{_sep(drafted)}{tail}\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    (r,) = got
    assert r.first_line == 5
    assert r.accept_length is None and r.printed_length is None
    assert r.printed_rate == pytest.approx(accepted / drafted)


@pytest.mark.parametrize(
    ("line", "rate"),
    [
        ("Acceptance: 1,705/2,374 (0.718 aggregate), range 0.46-0.93", 1705 / 2374),
        ("Acceptance: 12,345 / 67,890", 12345 / 67890),
        ("acceptance rate: 3,001/4,000,000", 3001 / 4_000_000),
    ],
)
def test_separated_fractions(line: str, rate: float) -> None:
    got = read_paste(f"Two runs, same prompts.\n\n- {line}\n").records
    assert [r.printed_rate for r in got] == [pytest.approx(rate)]
    assert got[0].accept_length is None


def test_counts_named_by_their_noun() -> None:
    got = read_paste("Accepted tokens: 2,048/3,072\n").records
    assert len(got) == 1
    assert (got[0].accepted_tokens, got[0].drafted_tokens) == (2048, 3072)
    assert got[0].accept_rate == pytest.approx(2 / 3, abs=1e-6)


@pytest.mark.parametrize(
    "line",
    [
        "acceptance: 1,2/3",  # a decimal comma over a bound: as before, never a count
        "accept rate: 1/2,34",  # no thousands group: the denominator is not 234
        "accept rate: 4/1,2345",  # a group of four digits is no thousands group
    ],
)
def test_commas_that_are_no_separators(line: str) -> None:
    got = read_paste(line + "\n").records
    assert all(r.drafted_tokens is None and r.accepted_tokens is None for r in got)
    assert all(r.printed_rate != pytest.approx(1 / 234) for r in got)
    assert all(r.accept_length is None for r in got)


def test_a_list_of_k_is_no_fraction() -> None:
    got = read_paste("Sweep k=1,2,4 with acceptance 0.71/0.62/0.55\n").records
    assert all(r.drafted_tokens is None for r in got)
    assert all(r.accept_length is None for r in got)
