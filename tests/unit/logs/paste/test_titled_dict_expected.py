"""A title line opening a block over a JSON body or a dict ('# Expected numbers for easy inputs:'
right over 'table = {...}', no blank line between): the block's own title, read as a heading
above it would be (reader: _illustrative / _generic on the block's first line). Expected,
typical or hypothetical figures give no record; a title naming no such thing, or the title in a
block of its own, reads as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MARKED = st.sampled_from(
    [
        "# Expected results for short chat turns:",
        "## Expected results (e.g. a greeting)",
        "# Typical values on a mid-range card:",
        "# Hypothetical numbers for a toy drafter",
    ]
)
_KEYS = st.sampled_from(["acceptance_rate", "accept_rate", "draft_acceptance_rate"])


def _body(key: str, rates: list[float], assigned: bool) -> str:
    rows = ",\n".join(
        f'    "cfg_{i}": {{"tok_s": {40 + 9 * i}, "{key}": {r:.2f}}}' for i, r in enumerate(rates)
    )
    return ("sweep = {\n" if assigned else "{\n") + rows + "\n}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    title=_MARKED,
    key=_KEYS,
    rates=st.lists(st.floats(0.3, 0.95), min_size=2, max_size=4),
    assigned=st.booleans(),
)
def test_a_marked_title_opening_the_block_gives_no_record(
    read: Read, title: str, key: str, rates: list[float], assigned: bool
) -> None:
    got = read(f"{title}\n{_body(key, rates, assigned)}")
    assert got.records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    title=st.sampled_from(["# Results on our box:", "## Measured on two GPUs", "# Sweep"]),
    key=_KEYS,
    rates=st.lists(st.floats(0.3, 0.95), min_size=2, max_size=4),
    assigned=st.booleans(),
)
def test_negative_control_another_title_reads_as_before(
    read: Read, title: str, key: str, rates: list[float], assigned: bool
) -> None:
    body = _body(key, rates, assigned)
    assert len(read(f"{title}\n{body}").records) == len(read(body).records) > 0


def test_negative_control_the_title_in_its_own_block_as_before(read: Read) -> None:
    text = "# Expected results for short chat turns:\n\n" + _body(
        "acceptance_rate", [0.7, 0.6], False
    )
    assert read(text).records == ()
