"""A table laid out by the training's epochs or steps ('Accept length on the val split, by
training epoch:') holds the trainer's estimates of the draft, a checkpoint a row, no run: no
record, the table set aside. So is a bare table of single-spaced columns under a caption saying
training time (a header of words over rows of numbers, which no table reader finds): its header
is never joined to its first row as a figure named by the header. The same bare table under a
caption saying no training time is not set aside as a training's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBJECTS = ["Accepted length", "Mean accept length", "Acceptance length", "Draft τ"]
_WHERE = ["", " on the held-out split", " on the val set", " (eval prompts)"]
_BY = [
    "by training epoch",
    "per training epoch",
    "after each training epoch",
    "by training step",
    "every training step",
]
_NOT_TRAINING = ["by checkpoint", "by prompt length", "per dataset", "by batch size"]
_COUNTERS = ["epoch", "step", "ckpt"]
_NAMES = ["accepted length", "accept length", "mean acceptance length", "acc len"]
_TRAINING_REASON = "training time"


def _bare(counter: str, name: str, values: list[int]) -> str:
    rows = [f"{i + 1} {v / 1000:.3f}" for i, v in enumerate(values)]
    return "\n".join([f"{counter} {name}", *rows])


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    where=st.sampled_from(_WHERE),
    by=st.sampled_from(_BY),
    counter=st.sampled_from(_COUNTERS),
    name=st.sampled_from(_NAMES),
    values=st.lists(st.integers(1200, 6500), min_size=2, max_size=9),
    blank=st.booleans(),
)
def test_a_bare_table_by_training_epoch_is_set_aside(
    read: Read,
    subject: str,
    where: str,
    by: str,
    counter: str,
    name: str,
    values: list[int],
    blank: bool,
) -> None:
    sep = "\n\n" if blank else "\n"
    reading = read(f"{subject}{where}, {by}:{sep}{_bare(counter, name, values)}\n")
    assert reading.records == ()
    header = 3 if blank else 2
    assert any(
        _TRAINING_REASON in b.reason and b.first_line == header and b.last_line > header
        for b in reading.ignored
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    by=st.sampled_from(_BY),
    values=st.lists(st.integers(20, 95), min_size=2, max_size=6),
)
def test_a_table_by_training_epoch_is_no_record(
    read: Read, subject: str, by: str, values: list[int]
) -> None:
    rows = [f"| {i + 1} | 0.{v:02d} |" for i, v in enumerate(values)]
    table = "\n".join(["| checkpoint | acceptance rate |", "|---|---|", *rows])
    # (the same table under a plain caption is read: the caption alone decides)
    assert read(f"{subject}:\n{table}\n").records
    reading = read(f"{subject}, {by}:\n{table}\n")
    assert reading.records == ()
    assert any(_TRAINING_REASON in b.reason for b in reading.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    where=st.sampled_from(_WHERE),
    by=st.sampled_from(_NOT_TRAINING),
    counter=st.sampled_from(_COUNTERS),
    name=st.sampled_from(_NAMES),
    values=st.lists(st.integers(1200, 6500), min_size=2, max_size=9),
    ragged=st.booleans(),
)
def test_a_bare_table_under_another_caption_is_not_a_trainings(
    read: Read,
    subject: str,
    where: str,
    by: str,
    counter: str,
    name: str,
    values: list[int],
    ragged: bool,
) -> None:
    table = _bare(counter, name, values)
    if ragged:
        # (under a training caption, a row of another width is no bare table either)
        table += " 7"
        by = "by training epoch"
    reading = read(f"{subject}{where}, {by}:\n\n{table}\n")
    assert not any(_TRAINING_REASON in b.reason for b in reading.ignored)
