"""A figure a tutorial or a guide is said to report (``the vendor tutorial lists 55%
acceptance``), in a paste holding its own run's figure too: the source's figure, no record.
The writer's own run after such a source (``following the guide we measured``) stays."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OWN = "On the dev board with drafts on: accept rate {own}\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    own=st.integers(30, 90),
    theirs=st.integers(30, 90),
    source=st.sampled_from(
        [
            "The vendor tutorial lists {v} ms latency / {r} accept for its build.",
            "The official guide reports {v} tok/s and an accept rate of {r} on that card.",
            "The same tutorial shows {v} tok/s / {r} accept rate with drafting enabled.",
        ]
    ),
)
def test_a_tutorials_figure_is_no_record(read: Read, own: int, theirs: int, source: str) -> None:
    text = _OWN.format(own=f"0.{own}") + source.format(v=own + 7, r=f"0.{theirs}") + "\n"
    got = read(text)
    assert [r.printed_rate for r in got.records] == [own / 100]


@settings(max_examples=examples(20), deadline=None)
@given(own=st.integers(30, 90), theirs=st.integers(30, 90))
def test_our_run_after_the_guide_stays(read: Read, own: int, theirs: int) -> None:
    text = (
        _OWN.format(own=f"0.{own}")
        + f"Following the guide, we measured an accept rate of 0.{theirs} on the second board.\n"
    )
    got = read(text)
    assert sorted(r.printed_rate or 0 for r in got.records) == sorted([own / 100, theirs / 100])
