"""A length of exactly 1 in a paste saying the draft gave nothing (`the drafter contributes
nothing`, `the draft head added nothing`): no draft accepted there, so the 1 counts the target's
own token (zero_rows._NONE_ACCEPTED, as `no draft tokens are accepted`). Nothing given to a
named measure (`adds nothing to the throughput`) says nothing of the drafts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(words: str, value: str = "1.00") -> str:
    return (
        "Quantised drafter on two cards, same flags as the full-precision one.\n\n"
        f"Its accept length sat at {value} on every request: {words}.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    who=st.sampled_from(["the drafter", "the draft model", "the draft head", "the speculator"]),
    verb=st.sampled_from(["contributes", "contributed", "adds", "added"]),
)
def test_a_one_where_the_draft_gives_nothing_counts_the_target_token(
    read: Read, who: str, verb: str
) -> None:
    (r,) = read(_paste(f"{who} {verb} nothing")).records
    assert r.accept_length == 1.0


@settings(max_examples=examples(20), deadline=None)
@given(
    measure=st.sampled_from(["to the throughput", "to the speed", "for latency", "in tok/s"]),
)
def test_negative_control_nothing_to_a_measure(read: Read, measure: str) -> None:
    (r,) = read(_paste(f"the drafter adds nothing {measure}")).records
    assert r.accept_length is None


def test_negative_control_another_value(read: Read) -> None:
    (r,) = read(_paste("the drafter contributes nothing", "1.35")).records
    assert r.accept_length is None
