"""A figure named after a verb of the future and one of moving it, then `to` and its value (`the
wider head should lift the accept length to ~2.7`), is a forecast: where a change is said to
bring the figure, no run (forecast.py `driven_to`). The same shape in the past (`lifted the
accept length to 2.7`) is a run's result, read as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_MODAL = st.sampled_from(["should", "will", "would", "'ll", "is expected to", "is going to"])
_VERB = st.sampled_from(["push", "raise", "lift", "bring", "boost", "take"])
_NAME = st.sampled_from(["acceptance", "the accept length", "mean acceptance length", "its AL"])
_BEFORE = st.sampled_from(["", "~", "about ", "the ~", "roughly "])


@given(modal=_MODAL, verb=_VERB, name=_NAME, before=_BEFORE, v=st.integers(150, 790))
def test_a_figure_driven_to_a_value_in_the_future_is_no_record(
    read: Read, modal: str, verb: str, name: str, before: str, v: int
) -> None:
    text = (
        "## Next steps\n"
        f"Swapping in the wider head {modal} {verb} {name} to {before}{v / 100:.2f} on the "
        "chat split.\n"
    )
    assert read(text).records == ()


@given(modal=_MODAL, verb=_VERB, v=st.integers(30, 95))
def test_a_share_driven_to_in_the_future_is_no_record(
    read: Read, modal: str, verb: str, v: int
) -> None:
    text = f"A cleaner tokenizer {modal} {verb} draft acceptance to {v}% next week.\n"
    assert read(text).records == ()


@given(
    verb=st.sampled_from(["pushed", "raised", "lifted", "brought", "took"]),
    before=_BEFORE,
    v=st.integers(150, 790),
)
def test_the_past_is_a_run_and_read(read: Read, verb: str, before: str, v: int) -> None:
    text = f"Swapping in the wider head {verb} the accept length to {before}{v / 100:.2f}.\n"
    assert [r.printed_length for r in read(text).records] == [round(v / 100, 2)]


def test_a_measured_figure_beside_the_forecast_is_kept(read: Read) -> None:
    text = (
        "The accept length is 2.41 on the current head.\n"
        "\n"
        "The wider head should raise the accept length to ~2.9 later.\n"
    )
    assert [r.printed_length for r in read(text).records] == [2.41]
