"""A section whose markdown heading names its figure as published (by the repository or page
the section quotes), with no word of the paste's own run in the heading: the source's figures
quoted, no record; a heading setting the published figure beside the paste's own run is read as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PUBLISHED_HEADINGS = [
    "## Lead 3 — `org/fast-mtp`: published MTP acceptance",
    "### Published acceptance length of the upstream draft",
    "## Piste 1 — `org/fast-mtp` : longueur d'acceptation publiée",
    "## Pista 1: longitud de aceptación publicada",
    "## Spur 1: veröffentlichte Akzeptanzlänge",
]


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_PUBLISHED_HEADINGS), st.integers(min_value=150, max_value=450))
def test_a_section_headed_as_published_gives_no_record(
    read: Read, heading: str, hundredths: int
) -> None:
    text = (
        f"{heading}\n\n**Figure** (README, section 2): mean accepted length "
        f"{hundredths / 100:.2f} tokens on their bench, EAGLE with 3 steps, served by SGLang.\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(min_value=150, max_value=450))
def test_a_published_heading_beside_our_run_is_read(read: Read, hundredths: int) -> None:
    text = (
        "## Our run vs the published acceptance length\n\n"
        f"We measured a mean accepted length of {hundredths / 100:.2f} on our bench.\n"
    )
    assert len(read(text).records) == 1


def test_a_heading_without_published_is_read(read: Read) -> None:
    text = "## Lead 3 — `org/fast-mtp`: MTP acceptance\n\nmean accepted length 2.57 tokens\n"
    assert len(read(text).records) == 1
