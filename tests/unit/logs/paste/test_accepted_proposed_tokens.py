"""Accepted proposed tokens a step (`mean accepted proposed tokens per cycle`, `per request-cycle`)
are accepted drafts (the target proposes none): the bonus left out, the length 1 + the value;
before, the name's tail `tokens per cycle` read them as tokens a step, the target's token
counted (a false convention). Values joined by `/` whose configurations' list opens the next
line (`... 2.91 / 2.64 for` / `B8/B4; ...`) are read as written on one line. Near misses:
`accepted tokens per cycle` (no word of drafts: undecided as before), a list of
configurations of another count."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@given(
    stat=st.sampled_from(["Mean", "Average", "Avg"]),
    noun=st.sampled_from(["cycle", "step", "round", "request-cycle", "request-step"]),
    value=st.integers(105, 690),
)
def test_accepted_proposed_tokens_leave_the_bonus_out(
    read: Read, stat: str, noun: str, value: int
) -> None:
    text = f"Block size study.\n{stat} accepted proposed tokens per {noun} is {value / 100:.2f}.\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(value / 100)]
    assert [r.accept_length for r in got] == [pytest.approx(1 + value / 100)]


@given(
    vals=st.lists(st.integers(105, 690), min_size=2, max_size=4),
    prep=st.sampled_from(["for", "at"]),
)
def test_configurations_on_the_next_line(read: Read, vals: list[int], prep: str) -> None:
    labs = "/".join(f"B{4 * (i + 1)}" for i in range(len(vals)))
    text = (
        "Block size study.\n"
        "Mean accepted draft tokens per cycle is "
        + " / ".join(f"{v / 100:.3f}" for v in vals)
        + f" {prep}\n{labs}; these come from one sample each.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(v / 100) for v in vals]
    assert [r.accept_length for r in got] == [pytest.approx(1 + v / 100) for v in vals]
    assert [dict(r.labels).get("config") for r in got] == labs.split("/")


def test_accepted_tokens_without_proposed_stay_undecided(read: Read) -> None:
    # (accepted tokens a step: some tools count the target's own token among them)
    text = "Block size study.\nMean accepted tokens per cycle is 4.10.\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [4.1]
    assert [r.accept_length for r in got] == [None]


def test_configurations_of_another_count_stay_on_their_line(read: Read) -> None:
    text = (
        "Block size study.\n"
        "Mean accepted draft tokens per cycle is 4.100 / 3.900 / 3.200 for\n"
        "B16/B12; the third was a rerun.\n"
    )
    got = read(text).records
    assert all(dict(r.labels).get("config") is None for r in got)
