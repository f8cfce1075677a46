"""A length printed beside its run's counts where neither count identity holds (neither 1 +
accepted / steps nor accepted / steps): the paste's figures disagree, and no other figure's
identity (1 + the sum of per-position rates) decides the bonus: the length is kept as printed,
its convention unknown. Counts that agree, or no counts at all, leave the positions deciding as
before."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_POSITIONS = st.lists(st.integers(5, 95), min_size=2, max_size=5).map(
    lambda xs: sorted((x / 100 for x in xs), reverse=True)
)


def _text(positions: list[float], counts: tuple[int, int] | None, key: str) -> str:
    length = round(1 + sum(positions), 4)
    data: dict[str, object] = {key: length}
    if counts is not None:
        data = {"num_drafts": counts[1], "accepted_tokens": counts[0], **data}
    data["per_position_acceptance_rates"] = {str(i): p for i, p in enumerate(positions)}
    return (
        "Spec decode summary of the job:\n\n```json\n"
        + json.dumps({"data": data}, indent=2)
        + "\n```\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    positions=_POSITIONS,
    steps=st.integers(200, 20000),
    over=st.sampled_from([0.8, 1.5, 2.2]),
    key=st.sampled_from(["acceptance_length", "mean_acceptance_length", "accept_len"]),
)
def test_disagreeing_counts_leave_the_convention_unknown(
    read: Read, positions: list[float], steps: int, over: float, key: str
) -> None:
    length = round(1 + sum(positions), 4)
    # accepted / steps far from both the length and the length less one
    accepted = round((length + over) * steps)
    got = read(_text(positions, (accepted, steps), key)).records
    assert [r.printed_length for r in got] == [length]
    assert got[0].accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    positions=_POSITIONS,
    steps=st.integers(200, 20000),
    counted=st.booleans(),
    key=st.sampled_from(["acceptance_length", "mean_acceptance_length", "accept_len"]),
)
def test_negative_control_agreeing_or_no_counts_decide(
    read: Read, positions: list[float], steps: int, counted: bool, key: str
) -> None:
    length = round(1 + sum(positions), 4)
    counts = (round((length - 1) * steps), steps) if counted else None
    got = read(_text(positions, counts, key)).records
    assert [r.accept_length for r in got] == [length]
