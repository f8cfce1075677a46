"""A tool's output introduced as a test fixture, a mock or dummy data (fixtures.py): no record.
`Example output:` alone still introduces a user's own run."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.fixtures import _typed_run, mark
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


def _summary(prefill_ms: str, decode_ms: str, length: str, draft_ms: str) -> str:
    return (
        "=== Draft model run: summary ===\n"
        f"  Prefill         : 96 tokens | {prefill_ms} ms\n"
        f"  Decode          : 80 tokens | {decode_ms} ms\n"
        "  Max draft tokens: 4\n"
        f"  Mean accept len : {length}\n"
        f"  Draft time      : {draft_ms} ms\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    start=st.integers(1, 5),
    down=st.booleans(),
    prefill=st.sampled_from(["123.45", "345.67", "4567.8"]),
)
def test_typed_placeholder_numbers_are_no_run(
    read: Read, start: int, down: bool, prefill: str
) -> None:
    # a person filling an example types runs of digits: three in a block are no measurement
    digits = [(start + (-i if down else i)) % 10 for i in range(4)]
    length = f"{digits[0]}.{''.join(map(str, digits[1:]))}"
    got = read(_summary(prefill, "6789.01", length, "12.345"))
    assert got.records == ()
    assert any("placeholder" in b.reason for b in got.unread)


@settings(max_examples=examples(30), deadline=None)
# (a typed run itself, '2.345' or '2.109' counting down through 0, is the placeholder test's)
@given(length=st.integers(1200, 3900).filter(lambda n: not _typed_run(f"{n / 1000:.3f}")))
def test_measured_figures_beside_one_typed_number_are_read(read: Read, length: int) -> None:
    # one or two runs of digits (a seed 1234, a port) are typed settings, not a placeholder block
    value = f"{length / 1000:.3f}"
    got = read(_summary("123.45", "6351.07", value, "14.882") + "  seed: 1234\n")
    assert [r.printed_length for r in got.records] == [float(value)]


def test_a_typed_run_is_four_steps_of_one() -> None:
    assert [_typed_run(n) for n in ("2.345", "5678.90", "54.321", "0.1234")] == [True] * 4
    assert [_typed_run(n) for n in ("2.346", "234", "1.111", "2.468")] == [False] * 4
