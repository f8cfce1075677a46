"""A length printed before its name right after a verb of losing, gaining, dropping, shedding or
adding ('the old ids lost ~0.2 accept length on the big model') says by how much the figure
changed, no run's level: no record, on one line or the verb ending the line above the value.
The same value after another verb ('reached', 'measured'), or after 'dropped to' (where the
figure went), is a run's length as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ["lost", "loses", "gained", "gains", "dropped", "drops", "shed", "added", "adds"]
_HEDGES = ["", "only ", "about ", "roughly ", "another "]
_NAMES = ["accept length", "acceptance length", "AL", "acc len", "tokens per step"]
_WHERE = ["", " on the large target", " for chat prompts", " across the suite"]
_SUBJECTS = ["The old layer ids", "Quantising the head", "The patch", "Our draft"]


@settings(max_examples=examples(60), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    verb=st.sampled_from(_VERBS),
    hedge=st.sampled_from(_HEDGES),
    approx=st.sampled_from(["", "~", "≈"]),
    hundredths=st.integers(5, 150),
    name=st.sampled_from(_NAMES),
    where=st.sampled_from(_WHERE),
    wrapped=st.booleans(),
)
def test_a_change_of_length_gives_no_record(
    read: Read,
    subject: str,
    verb: str,
    hedge: str,
    approx: str,
    hundredths: int,
    name: str,
    where: str,
    wrapped: bool,
) -> None:
    value = f"{hundredths / 100:.2f}"
    if wrapped:
        # (the verb closing a wrapped line, the amount opening the next)
        body = f"{subject} with EAGLE speculative decoding {verb}\n{value} {name}{where}."
    else:
        body = f"{subject} with EAGLE speculative decoding {verb} {hedge}{approx}{value} {name}{where}."
    assert read(f"# Draft layer fix\n\n{body}\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    verb=st.sampled_from(["reached", "measured", "got", "dropped to", "fell to", "settled at"]),
    hundredths=st.integers(120, 480),
    name=st.sampled_from(["accept length", "acceptance length", "AL"]),
    where=st.sampled_from(_WHERE),
)
def test_a_level_after_another_verb_is_read(
    read: Read, subject: str, verb: str, hundredths: int, name: str, where: str
) -> None:
    value = f"{hundredths / 100:.2f}"
    text = f"# Draft layer fix\n\n{subject} with EAGLE speculative decoding {verb} {value} {name}{where}.\n"
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]
