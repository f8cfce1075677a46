"""A table under a caption saying its figures were taken while the draft trained ('Acceptance by
draft position at training time (held-out split).', 'Accept rate during training:') holds the
draft's training estimates, no run: no record. The same table under a caption saying the draft
was served after training, trained on some data, a validation split alone, or training set
against a served run ('during training vs at inference') is read as it is under a plain
caption."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBJECTS = ["Per-position acceptance", "Acceptance by draft position", "Accept rate", "Draft τ"]
_TRAINING = ["at training time", "during training", "while training", "during the training run"]
_AFTER = [" (held-out split).", ":", ".", " (val set)", ""]
_NEAR = [
    "{s} after training{a}",
    "{s} on the validation split{a}",
    "{s}, draft trained on chat logs{a}",
    "{s} during training vs at inference{a}",
    "{s}: training-time estimate compared with served runs{a}",
]


def _table(values: list[int], pipe: bool) -> str:
    if pipe:
        rows = [f"| {i + 1} | 0.{v:02d} |" for i, v in enumerate(values)]
        return "\n".join(["| position | acceptance rate |", "|---|---|", *rows])
    rows = [f"{i} 0.{v:02d} 0.{max(v - 5, 10):02d}" for i, v in enumerate(values)]
    return "\n".join(["pos accept_rate cond_rate", *rows])


def _figures(read: Read, text: str) -> list[tuple[tuple[float, ...], float | None]]:
    return [(r.per_position, r.printed_rate) for r in read(text).records]


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    when=st.sampled_from([*_TRAINING, "training-time"]),
    after=st.sampled_from(_AFTER),
    values=st.lists(st.integers(20, 95), min_size=2, max_size=6),
    pipe=st.booleans(),
    blank=st.booleans(),
)
def test_a_table_captioned_at_training_time_is_no_record(
    read: Read,
    subject: str,
    when: str,
    after: str,
    values: list[int],
    pipe: bool,
    blank: bool,
) -> None:
    caption = (
        f"{when.capitalize()} {subject.lower()}{after}"
        if when == "training-time"
        else (f"{subject} {when}{after}")
    )
    table = _table(values, pipe)
    sep = "\n\n" if blank else "\n"
    # (the same table under a plain caption is read: the caption alone decides)
    assert _figures(read, f"{subject}{after}{sep}{table}\n")
    reading = read(f"{caption}{sep}{table}\n")
    assert reading.records == ()
    assert any("training time" in b.reason for b in reading.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(_SUBJECTS),
    near=st.sampled_from(_NEAR),
    after=st.sampled_from(_AFTER),
    values=st.lists(st.integers(20, 95), min_size=2, max_size=6),
    pipe=st.booleans(),
)
def test_a_caption_not_saying_training_time_reads_the_table(
    read: Read, subject: str, near: str, after: str, values: list[int], pipe: bool
) -> None:
    table = _table(values, pipe)
    plain = _figures(read, f"{subject}{after}\n\n{table}\n")
    assert plain
    assert _figures(read, f"{near.format(s=subject, a=after)}\n\n{table}\n") == plain
