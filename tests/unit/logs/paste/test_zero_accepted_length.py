"""A printed length beside a count of no draft accepted: 1 + 0 / steps is 1 whatever the steps
were, so a length of 1 counts the target's own token (bonus included) and a length of 0 leaves it
out; any other length beside 0 accepted decides nothing (the figures disagree)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    drafted=st.integers(5, 99999),
    shape=st.sampled_from(
        [
            "The draft server's counter gave `0 accepted / {d} generated, mean len = {L}`.",
            "Across the windows we saw Mean acceptance length: {L}, Accepted: 0, 0.0% of {d}.",
            "our bench noted: accepted=0 drafted={d} mean_acceptance_length={L}",
            "- draft stats: 0 accepted / {d} drafted, mean acceptance length {L}",
        ]
    ),
    length=st.sampled_from(["1.00", "1.0", "1.000"]),
)
def test_a_length_of_one_beside_none_accepted_counts_the_bonus(
    drafted: int, shape: str, length: str
) -> None:
    got = read_paste("# notes\n\n" + shape.format(d=drafted, L=length) + "\n").records
    assert len(got) == 1
    assert got[0].printed_length == 1.0
    assert got[0].accept_length == 1.0
    assert "no draft accepted" in got[0].bonus.rule


def test_negative_control_another_length_beside_none_accepted_decides_nothing() -> None:
    got = read_paste(
        "# notes\n\nThe draft server's counter gave `0 accepted / 640 generated, mean len = 2.40`.\n"
    ).records
    assert [r.printed_length for r in got] == [2.4]
    assert got[0].accept_length is None


def test_negative_control_some_accepted_leaves_the_length_to_other_rules() -> None:
    got = read_paste(
        "# notes\n\nThe draft server's counter gave `3 accepted / 640 generated, mean len = 1.00`.\n"
    ).records
    assert [r.printed_length for r in got] == [1.0]
    assert got[0].accept_length is None
