"""A figure said to hold across settings, then groups of a label and values joined by '/'
(kept_lists.py): 'Accept length held steady: Head-A 2.810 / 2.774; Head-B at equal load 3.41 /
3.37 (bs≈8), 3.52 / 3.49 (bs≈64).' gives one record a value. Near misses: no verb of state before
the colon, lists of different counts, whole numbers (counts), a line not opening on the figure's
name: the line is read as before (never a record a value of these lists)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["Accept length", "Acceptance length", "Mean acceptance length", "Acceptance"]
_VERBS = ["is preserved", "was unchanged", "held steady", "stays flat", "remained stable"]
_LABELS = ["Head-A", "Draft v2 at equal load", "Chain-4", "the tuned head"]
_NOTES = ["", " (bs≈8)", " (long prompts)"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    verb=st.sampled_from(_VERBS),
    width=st.integers(2, 4),
    data=st.data(),
)
def test_each_value_of_the_lists_is_a_record(
    read: Read, name: str, verb: str, width: int, data: st.DataObject
) -> None:
    n_groups = data.draw(st.integers(1, 3))
    labels = data.draw(st.lists(st.sampled_from(_LABELS), min_size=n_groups, max_size=n_groups))
    groups, lengths = [], []
    for lab in labels:
        lists = []
        for _ in range(data.draw(st.integers(1, 2))):
            vals = [data.draw(st.integers(1500, 5800)) / 1000 for _ in range(width)]
            lengths.extend(vals)
            note = data.draw(st.sampled_from(_NOTES))
            lists.append(" / ".join(f"{v:.3f}" for v in vals) + note)
        groups.append(f"{lab} " + ", ".join(lists))
    text = f"{name} {verb}: " + "; ".join(groups) + ". All runs finished.\n"
    got = read(text).records
    assert sorted(r.printed_length or 0 for r in got) == pytest.approx(sorted(lengths))
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        # lists of different counts: not the same settings compared
        "Accept length held steady: Head-A 2.810 / 2.774; Head-B 3.41 / 3.37 / 3.30.",
        # whole numbers joined by '/': counts
        "Acceptance held steady: Head-A 94/118; Head-B 88/120.",
        # no verb of state: the key-value reader's own line
        "Speed went up: Head-A 2.810 / 2.774; Head-B 3.41 / 3.37.",
    ],
)
def test_other_shapes_give_no_record_a_value(read: Read, line: str) -> None:
    got = read(line + "\n").records
    assert len(got) <= 1
