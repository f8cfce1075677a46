"""A tool's output introduced as a test fixture, a mock or dummy data (fixtures.py): no record.
`Example output:` alone still introduces a user's own run."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.fixtures import mark
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTROS = [
    "Test fixture: 800 prompt tokens, {a} accepted / {r} rejected drafts. Output of `timings()`:",
    "Fixture (values made up) - the server's reply:",
    "Mock output of `get_timings` for the docs:",
    "The reply below uses dummy values:",
    "Unit-test fixture: one request with a draft model.",
]


def _json(accepted: int, drafted: int) -> str:
    return (
        '```json\n{\n  "predicted_n": 64,\n  "predicted_ms": 1500.0,\n'
        f'  "draft_n": {drafted},\n  "draft_n_accepted": {accepted}\n}}\n```\n'
    )


@settings(max_examples=examples(30), deadline=None)
@given(intro=st.sampled_from(_INTROS), accepted=st.integers(1, 60), extra=st.integers(1, 30))
def test_a_fixtures_output_is_no_run(read: Read, intro: str, accepted: int, extra: int) -> None:
    text = (
        "**Examples**\n"
        + intro.format(a=accepted, r=extra)
        + "\n"
        + _json(accepted, accepted + extra)
    )
    assert read(text).records == ()


@pytest.mark.parametrize(
    "intro",
    [
        "Example output:",
        "Example output from my box (RTX 4090, draft 0.5B):",
        "After fixing the test fixture bug I reran it; the server replied:",
    ],
)
def test_a_users_example_output_is_read(read: Read, intro: str) -> None:
    got = read(intro + "\n" + _json(40, 48)).records
    assert len(got) == 1 and got[0].accepted_tokens == 40 and got[0].drafted_tokens == 48


def test_marks() -> None:
    assert mark("Test fixture: 1000 prompt tokens") is not None
    assert mark("numbers come from the test fixture") is not None
    assert mark("a mocked server response") is not None
    assert mark("Example output:") is None
    assert mark("I fixed the fixture bug and reran") is None
    assert mark("mocking the tokenizer made the run slower") is None
    assert mark("The current dummy output norm for EAGLE is incorrect.") is None
