"""Counts a JSON object lists one a repetition (interpret._each_counts): `accepted_each` beside
`proposed_each` (`_per_run`, `_by_trial` alike), lists of one length of whole numbers, give the
object's record, its counts summed over the repetitions; an arm that drafted nothing, lists of
two lengths, more accepted than drafted, or one list alone give none."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUFFIXES = ["_each", "_per_run", "_by_trial", "_per_rep"]
_ACCEPTED = ["accepted", "accepted_tokens", "num_accepted"]
_DRAFTED = ["proposed", "drafted", "draft_tokens", "num_draft_tokens"]


@st.composite
def _arm(draw: st.DrawFn, reps: int) -> tuple[list[int], list[int]]:
    drafted = draw(st.lists(st.integers(50, 3000), min_size=reps, max_size=reps))
    accepted = [draw(st.integers(0, d)) for d in drafted]
    return accepted, drafted


@settings(max_examples=examples(40), deadline=None)
@given(
    reps=st.integers(1, 5),
    arms=st.integers(1, 3),
    suffix=st.sampled_from(_SUFFIXES),
    acc_name=st.sampled_from(_ACCEPTED),
    dra_name=st.sampled_from(_DRAFTED),
    drafted_first=st.booleans(),
    data=st.data(),
)
def test_counts_listed_a_repetition_are_summed(
    read: Read,
    reps: int,
    arms: int,
    suffix: str,
    acc_name: str,
    dra_name: str,
    drafted_first: bool,
    data: st.DataObject,
) -> None:
    body: dict[str, object] = {"seed": 7, "arms": {}}
    want = []
    for n in range(arms):
        acc, dra = data.draw(_arm(reps))
        fields = [(acc_name + suffix, acc), (dra_name + suffix, dra)]
        if drafted_first:
            fields.reverse()
        body["arms"][f"arm{n}"] = {"tok_per_s": 12.5 + n, **dict(fields)}  # type: ignore[index]
        want.append((sum(acc), sum(dra)))
    text = json.dumps(body, indent=1) + "\n"
    got = [(r.accepted_tokens, r.drafted_tokens) for r in read(text).records]
    assert got == want, text


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(["nothing drafted", "lengths differ", "more accepted", "one list"]),
    suffix=st.sampled_from(_SUFFIXES),
)
def test_lists_that_measure_nothing_give_no_record(read: Read, case: str, suffix: str) -> None:
    acc, dra = [40, 41, 39], [300, 310, 305]
    if case == "nothing drafted":
        acc, dra = [0, 0, 0], [0, 0, 0]
    elif case == "lengths differ":
        dra = dra[:2]
    elif case == "more accepted":
        acc = [40, 400, 39]
    arm: dict[str, object] = {"tok_per_s": 11.0, "accepted" + suffix: acc}
    if case != "one list":
        arm["proposed" + suffix] = dra
    text = json.dumps({"arms": {"only": arm}}, indent=1) + "\n"
    assert read(text).records == (), text
