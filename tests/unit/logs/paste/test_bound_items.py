"""An item (a list item, else a paragraph) saying its figures are bounds for the writer's case
('treat them as upper bounds', 'these are lower bounds') quotes them as a ceiling or a floor: no
record; an item with the writer's own run in it (a first person) is read as before, and so are
the other items of the list."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    value=st.integers(150, 480),
    said=st.sampled_from(
        ["treat them as upper bounds", "these are upper bounds", "take both as lower bounds"]
    ),
)
def test_an_item_saying_its_figures_are_bounds_gives_no_record(value: int, said: str) -> None:
    text = (
        "- The head is one decoder layer; it reuses the embedding.\n"
        f"- Acceptance: one server reports an accept length of {value / 100:.2f} on a larger\n"
        f"  card at batch 1. Both are higher-precision numbers: {said}.\n"
        "- The local fork has no drafting path yet.\n"
    )
    assert read_paste(text).records == ()


def test_the_writers_own_figure_said_to_bound_another_case_is_read() -> None:
    text = "- On our box we measured an accept length of 2.40; treat them as upper bounds.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.4]


def test_the_other_items_are_read() -> None:
    text = (
        "- One server reports an accept length of 3.30: treat them as upper bounds.\n"
        "- Our run: accept length 2.10 over 400 prompts.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.1]


def test_a_first_person_opening_the_sentence_keeps_the_item() -> None:
    # 'We' and 'Our' at a sentence's start are the writer's own run as 'we' and 'our' are
    for own in ("We measured an accept length of 2.40", "Our box: accept length 2.40"):
        text = f"- {own}. Treat them as upper bounds for the larger card.\n"
        assert [r.printed_length for r in read_paste(text).records] == [2.4], own


def test_a_country_named_us_is_no_first_person() -> None:
    text = (
        "- US-East replicas: one server reports an accept length of 3.30. These are upper "
        "bounds.\n"
        "- Accept length 2.10 over 400 prompts on the local box.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.1]
