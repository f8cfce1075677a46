"""A paragraph naming the accept length with no figure of it ('the mean accept length script'),
then a paragraph stating a decimal after a reporting verb with a shortened name or none ('the
mean length came out ... the result was 2.4.'): that length, one record. A clause naming another
measure, a figure in no length's range, or no length named before: no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMING = [
    # a reply quoting the comment it answers, under the thread's byline
    "alice · comment · 2024-01-02\n"
    "> You can dump the runs to a file and compute the mean accept length yourself.",
    "bob wrote:\n> Is there a script that averages the acceptance length over all turns?",
    "> You can dump the runs to a file and compute the mean accept length yourself.",
]


@settings(max_examples=examples(30), deadline=None)
@given(naming=st.sampled_from(_NAMING), tenths=st.integers(11, 60))
def test_a_length_stated_after_its_name(read: Read, naming: str, tenths: int) -> None:
    said = f"{tenths / 10:.1f}"
    text = f"{naming}\n\nI used my own script to average the length, but the result was {said}.\n"
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(tenths / 10)


@pytest.mark.parametrize(
    "text",
    [
        # another measure in the clause
        _NAMING[0] + "\n\nI measured it again, and the speedup was 2.4.\n",
        # no length named before
        "You can dump the runs to a file and compute it yourself.\n\nThe result was 2.4.\n",
        # a figure no length takes
        _NAMING[0] + "\n\nI did, and the result was 0.4.\n",
    ],
)
def test_no_length_without_its_name_before(read: Read, text: str) -> None:
    assert read(text).records == ()
