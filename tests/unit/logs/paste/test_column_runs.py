"""A per-position table beside the lengths table of the same drafters ('| Position | draft A |
draft B |' rows 0..3 next to '| Subset | draft A | draft B |' ending in an 'Average' row): the
position rows are no records of their own; where 1 + the sum of a column's per-position rates
is that column's Average length (within the printed rounding), the column's lengths count the
bonus token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_POSITIONS_A = ["0.6120", "0.3310", "0.1705", "0.0862"]
_POSITIONS_B = ["0.6402", "0.3587", "0.1911", "0.1004"]


def _paste(avg_a: str, avg_b: str, names: tuple[str, str] = ("draft A", "draft B")) -> str:
    lengths = pipe_table(
        ["Subset", "draft A", "draft B"],
        [["Chat", "2.150", "2.240"], ["Code", "2.250", "2.340"], ["**Average**", avg_a, avg_b]],
    )
    positions = pipe_table(
        ["Position", *names],
        [[str(i), a, b] for i, (a, b) in enumerate(zip(_POSITIONS_A, _POSITIONS_B, strict=True))],
    )
    return (
        "### Acceptance lengths\n\nk=4 draft tokens, 40 prompts per subset.\n\n"
        + lengths
        + "\n### Per-position acceptance rates (mean over subsets)\n\n"
        + positions
    )


def test_the_positions_decide_the_columns(read: Read) -> None:
    # 1 + 0.6120 + 0.3310 + 0.1705 + 0.0862 = 2.1997; 1 + ... (B) = 2.2904
    recs = read(_paste("2.200", "2.290")).records
    assert len(recs) == 6  # the lengths only: the position rows are no records
    assert [r.accept_length for r in recs] == [2.15, 2.24, 2.25, 2.34, 2.2, 2.29]
    assert all(r.bonus.value == INCLUDED for r in recs)
    assert recs[4].per_position == tuple(float(x) for x in _POSITIONS_A)


def test_an_identity_that_fails_decides_nothing() -> None:
    recs = read_paste(_paste("2.310", "2.290")).records
    a = [r for r in recs if dict(r.labels).get("column") == "draft A"]
    assert all(r.accept_length is None for r in a if r.printed_length is not None)
    # the failed column's positions stay their own record; the other column is decided
    assert any(r.per_position and r.printed_length is None for r in a)
    b = [r for r in recs if dict(r.labels).get("column") == "draft B"]
    assert [r.accept_length for r in b] == [2.24, 2.34, 2.29]


def test_the_sum_alone_decides_no_bonus() -> None:
    # an Average equal to the sum without the target's token: not this identity
    recs = read_paste(_paste("1.200", "1.290")).records
    assert not any(r.bonus.value == INCLUDED for r in recs)


def test_columns_of_other_names_are_not_joined() -> None:
    recs = read_paste(_paste("2.200", "2.290", names=("draft C", "draft D"))).records
    assert not any(r.bonus.value == INCLUDED for r in recs)
    assert sum(1 for r in recs if r.per_position and r.printed_length is None) == 2


@settings(max_examples=examples(50), deadline=None)
@given(
    first=st.integers(3000, 9000),
    decay=st.integers(30, 80),
    n=st.integers(2, 6),
)
def test_generated_positions(first: int, decay: int, n: int) -> None:
    rates = [first * (decay / 100) ** i / 10000 for i in range(n)]
    shown = [f"{r:.4f}" for r in rates]
    avg = f"{1 + sum(float(s) for s in shown):.3f}"
    text = (
        "Acceptance lengths:\n"
        + pipe_table(["Dataset", "draft A"], [["math", "2.404"], ["Average", avg]])
        + "\nPer-position acceptance rates:\n"
        + pipe_table(["Position", "draft A"], [[str(i), s] for i, s in enumerate(shown)])
    )
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [2.404, float(avg)]
    assert [r.accept_length for r in recs] == [2.404, float(avg)]
