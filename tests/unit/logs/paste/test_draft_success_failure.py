"""A line naming drafts that counts their successes and failures (`Draft results: Success 97,
Failure 3`, `drafting success=97 fail=3`) is one record of accepted and rejected drafted
tokens: rate successes / (successes + failures), no length (a step's drafts are not told).
Successes and failures on a line naming no draft (a build, a test run) are no acceptance."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    ok=st.integers(40, 900),
    bad=st.integers(1, 300),
    lead=st.sampled_from(["Draft results example:", "draft stats -", "Drafting:", "Drafts"]),
    form=st.sampled_from(
        ["Success {a}, Failure {r}", "success={a} fail={r}", "successes: {a} / failures: {r}"]
    ),
    above=st.booleans(),
)
def test_draft_successes_and_failures(
    read: Read, ok: int, bad: int, lead: str, form: str, above: bool
) -> None:
    line = f"{lead} {form.format(a=ok, r=bad)}"
    text = ("Speculative decoding with an MTP head:\n" if above else "") + line + "\n"
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].accepted_tokens == ok and recs[0].drafted_tokens == ok + bad
    assert recs[0].accept_rate == pytest.approx(ok / (ok + bad), abs=1e-3)
    assert recs[0].accept_length is None


@pytest.mark.parametrize(
    "line",
    [
        "Build results: Success 40, Failure 2",
        "Unit tests: success=118 fail=3",
    ],
)
def test_successes_of_no_draft(read: Read, line: str) -> None:
    assert read(f"Speculative decoding is on.\n{line}\n").records == ()
