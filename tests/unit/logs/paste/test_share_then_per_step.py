"""An acceptance cell holding a rate with the counts it divides, then tokens per verify step
named by their unit after a comma ('61% (122/200), 2.22 tok/forward'): one record of that
column or row, the rate and its counts, and the tokens per step as the length (the target's
own token counted, by the unit's name). A dash with zero counts ('— (0/0)') is no record; a
speed ('tok/s') or counts that do not give the rate make the cell no such pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples


def _transposed(cell: str) -> str:
    return (
        "## Decode results\n\n"
        "| | draft off | draft on |\n"
        "|---|---|---|\n"
        "| decode speed | 11.2 tok/s | 15.8 tok/s |\n"
        f"| MTP acceptance | — (0/0) | {cell} |\n"
        "| cache hit rate | 91.0% | 88.4% |\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    forwards=st.integers(20, 900),
    k=st.integers(1, 4),
    share=st.integers(5, 95),
    unit=st.sampled_from(["tok/forward", "tokens/step", "tok/cycle", "tokens per step"]),
    bold=st.booleans(),
    sep=st.sampled_from([", ", "; "]),
)
def test_rate_with_counts_then_tokens_per_step_is_one_record(
    forwards: int, k: int, share: int, unit: str, bold: bool, sep: str
) -> None:
    drafted = forwards * k
    accepted = max(1, drafted * share // 100)
    per = (forwards + accepted) / forwards
    cell = f"{100 * accepted / drafted:.0f}% ({accepted}/{drafted}){sep}{per:.2f} {unit}"
    if bold:
        cell = f"**{cell}**"
    got = read_paste(_transposed(cell)).records
    assert len(got) == 1
    r = got[0]
    assert ("column", "draft on") in r.labels
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted
    assert r.printed_length is not None and abs(r.printed_length - round(per, 2)) < 1e-9
    assert r.bonus.value == INCLUDED and r.accept_length == r.printed_length


def test_in_a_table_of_runs_by_rows() -> None:
    text = (
        "MTP runs\n\n| run | acceptance | decode |\n|---|---|---|\n"
        "| k=2 | 61% (122/200), 2.22 tok/forward | 40 tok/s |\n"
        "| k=3 | 50% (150/300), 2.50 tok/forward | 44 tok/s |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.22, 2.5]
    assert [r.accepted_tokens for r in got] == [122, 150]


def test_negative_control_a_speed_after_the_rate_is_no_length() -> None:
    got = read_paste(_transposed("45% (90/200), 2.35 tok/s")).records
    assert all(r.printed_length is None for r in got)


def test_negative_control_counts_that_do_not_give_the_rate() -> None:
    got = read_paste(_transposed("45% (120/200), 2.35 tok/forward")).records
    assert all(r.printed_length is None for r in got)


def test_negative_control_a_dash_with_zero_counts_is_no_record() -> None:
    text = (
        "| | draft off | draft on |\n|---|---|---|\n"
        "| MTP acceptance | — (0/0) | — (0/0) |\n"
        "| decode speed | 11.2 tok/s | 11.0 tok/s |\n"
    )
    assert not read_paste(text).records
