"""SpecForge's convention is its benchmark output's (fixed lines and tables, bonus included): a
figure of the user's prose in a paste naming SpecForge is not shown to be that output (a
paraphrase, a server's log, a training metric), so it stays undecided (evidence._OUTPUT_ONLY)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    v=st.integers(110, 590),
    sentence=st.sampled_from(
        [
            "My own draft could only reach an AL of {v} with the same settings.",
            "With SpecForge the average accepted token length is only {v} on chat.",
            "On my machine the acceptance length was {v} with the same settings.",
        ]
    ),
)
def test_prose_naming_specforge_decides_nothing(read: Read, v: int, sentence: str) -> None:
    text = "## SpecForge: draft quality question\n\n" + sentence.format(v=f"{v / 100:.2f}") + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100]
    assert got[0].accept_length is None


@pytest.mark.parametrize(
    "body",
    [
        # the benchmark's own line, and a results table under a heading naming SpecForge
        "Average Output throughput: 151.20 token/s\nAverage Accept length: 3.180\n",
        "| Dataset | Accept Length | Throughput |\n|---|---|---|\n| mtbench | 3.18 | 151.2 |\n",
    ],
)
def test_its_benchmark_output_keeps_the_convention(body: str) -> None:
    # (read_paste: the logs pipeline's line scanner reads the benchmark's own lines itself)
    got = read_paste("## SpecForge benchmark, EAGLE-3 draft\n\n" + body).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.18, 3.18)]
