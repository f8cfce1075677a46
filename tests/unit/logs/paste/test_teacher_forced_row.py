"""A table row labelled as measured under teacher forcing is the head's offline match with the
target given the true prefix, no speculative run: no record. The rows run through the drafts,
a row saying it is not teacher-forced, and a caption naming teacher forcing over the whole table
are read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FORCED = ("teacher-forced top-1", "teacher forcing p1", "Teacher-Forced match (offline)")
_RUN = ("spec loop, k=1", "served drafts, k=1", "verify path (k=1)")


def _table(rows: list[tuple[str, int]]) -> str:
    body = "".join(f"| {label} | {t / 10:.1f}% |\n" for label, t in rows)
    return (
        "MTP head check, speculative decoding on the 9B target.\n\n"
        "| measurement (k=1, greedy) | accept |\n|---|---|\n" + body
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_FORCED),
    st.sampled_from(_RUN),
    st.integers(min_value=500, max_value=950),
    st.integers(min_value=500, max_value=950),
    st.booleans(),
)
def test_the_teacher_forced_row_is_no_run(
    read: Read, forced: str, run: str, a: int, b: int, forced_first: bool
) -> None:
    rows = [(forced, a), (run, b)] if forced_first else [(run, b), (forced, a)]
    text = _table(rows)
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == [round(b / 1000, 4)], text


def test_a_row_not_teacher_forced_and_a_caption_are_read(read: Read) -> None:
    text = _table([("without teacher forcing", 812), ("spec loop, k=1", 796)])
    assert [round(r.printed_rate or -1, 4) for r in read(text).records] == [0.812, 0.796], text
    caption = (
        "Qwen3-8B, teacher-forced, greedy, `K=1`.\n\n"
        "| prompt set | accept |\n|---|---|\n| chat | 81.2% |\n| code | 79.6% |\n"
    )
    assert [round(r.printed_rate or -1, 4) for r in read(caption).records] == [0.812, 0.796], (
        caption
    )


def test_negative_control_a_training_strategy_named_teacher_forcing_keeps_its_row() -> None:
    text = (
        "| Training strategy | Average Acceptance Length |\n|---|---|\n"
        "| TTT | 3.70 |\n| Teacher Forcing (TF) | 3.85 (+4.1%) |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.7, 3.85]
