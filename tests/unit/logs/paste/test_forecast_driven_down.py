"""A figure named after a verb of the future and one moving it down, then `to` and its value
(`raw prompts would collapse acceptance to ~1`, `a longer context will cut the accept length
to 1.4`), is a forecast as the verbs moving it up are (forecast.py `driven_to`): where a
change is said to bring the figure, no run. The same verbs in the past are a run's result,
read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MODAL = st.sampled_from(["would", "will", "should", "'d", "is likely to"])
_VERB = st.sampled_from(["collapse", "drop", "cut", "lower", "reduce", "pull", "halve"])
_NAME = st.sampled_from(["acceptance", "the accept length", "the mean acceptance length"])
_BEFORE = st.sampled_from(["", "~", "about ", "roughly "])


@settings(max_examples=examples(40), deadline=None)
@given(modal=_MODAL, verb=_VERB, name=_NAME, before=_BEFORE, v=st.integers(100, 190))
def test_a_figure_driven_down_in_the_future_is_no_record(
    read: Read, modal: str, verb: str, name: str, before: str, v: int
) -> None:
    text = (
        "- The chat template is applied on every request "
        f"(raw prompts {modal} {verb} {name} to {before}{v / 100:.2f}).\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(modal=_MODAL, verb=_VERB, v=st.integers(5, 60))
def test_a_share_driven_down_in_the_future_is_no_record(
    read: Read, modal: str, verb: str, v: int
) -> None:
    text = f"Dropping the template {modal} {verb} draft acceptance to {v}% on chat.\n"
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(["collapsed", "dropped", "cut", "lowered", "reduced", "halved"]),
    v=st.integers(110, 190),
)
def test_the_past_is_a_run_and_read(read: Read, verb: str, v: int) -> None:
    text = f"Raw prompts {verb} the accept length to {v / 100:.2f} on the chat split.\n"
    assert [r.printed_length for r in read(text).records] == [round(v / 100, 2)], text
