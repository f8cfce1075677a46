"""Runs set against each other in brackets right after an acceptance figure's name ('the
acceptance split (the ~31% token-fed vs the ~45%-but-slower hidden-state path)'): a rate
record each, no length (split_rates.py). Another measure's bracket, a share of time, a range
or a conditional is not read."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    ("text", "rates"),
    [
        (
            "With the EAGLE3 draft the acceptance split (the ~31% token-fed vs the "
            "~45%-but-slower hidden-state path) comes from the feed alone.\n",
            [0.31, 0.45],
        ),
        (
            "Speculative decoding acceptance rate (61% greedy vs 58.5% sampled) on MT-bench.\n",
            [0.61, 0.585],
        ),
        (
            "Draft acceptance (72% chat versus 64% code versus 55% math) with the MTP head.\n",
            [0.72, 0.64, 0.55],
        ),
    ],
)
def test_each_run_in_the_bracket_is_a_rate_record(
    read: Read, text: str, rates: list[float]
) -> None:
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(x) for x in rates]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        "Speculative decoding speedup (61% vs 58%) on MT-bench.\n",
        "Speculative decoding acceptance split (61% of the time vs 58%) on MT-bench.\n",
        "Speculative decoding acceptance split (would be ~61% greedy vs 58% sampled).\n",
        "Speculative decoding acceptance (28%-40% token-fed vs 45% hidden).\n",
        "Speculative decoding acceptance (41.2 tok/s at 61% vs 38.0 tok/s at 58%).\n",
    ],
)
def test_other_brackets_are_not_read_as_runs(read: Read, text: str) -> None:
    assert read(text).records == ()
