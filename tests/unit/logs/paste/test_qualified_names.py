"""Figures named with their workload after the name in a metrics table (qualified.py): `AL chat |
3.10` and `Avg accept chat | ~55%` are one run's length and rate, the workload a label; a
heading's bare `n=N` is the draft tokens per step only where 1 + N x rate gives the length
(drafts.n_in_heading), an approximate rate taken at its printed rounding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.drafts import n_in_heading
from specdiag.core.logs.paste.qualified import split_name
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_WORKLOADS = ["chat", "Code", "math", "HumanEval", "GSM8K", "MT-Bench"]


def _metrics(heading: str, rows: list[list[str]]) -> str:
    return heading + "\n\n" + pipe_table(["Metric", "Value"], rows)


@settings(max_examples=examples(25), deadline=None)
@given(
    n=st.integers(3, 9),
    pct=st.integers(35, 85),
    workload=st.sampled_from(_WORKLOADS),
    approx=st.sampled_from(["", "~"]),
)
def test_heading_n_proves_the_bonus(
    read: Read, n: int, pct: int, workload: str, approx: str
) -> None:
    length = round(1 + n * pct / 100 + 0.01, 2)  # 1 + n x rate within the rate's rounding
    text = _metrics(
        f"## Serving bench at n={n} (TP=2, 2x L40S)",
        [
            [f"{workload} wall TPS", "**141.2** (2.1x over no-spec)"],
            [f"AL {workload}", f"{length:.2f}"],
            [f"Avg accept {workload}", f"{approx}{pct}%"],
            ["VRAM", "~20.1 GB/card"],
        ],
    )
    got = read(text).records
    assert len(got) == 1
    (r,) = got
    assert r.printed_length == pytest.approx(length)
    assert r.printed_rate == pytest.approx(pct / 100)
    assert r.accept_length == pytest.approx(length)
    assert ("dataset", workload) in r.labels
    if approx:
        assert "approximate" in r.bonus.rule


def test_no_identity_reads_the_record_undecided(read: Read) -> None:
    text = _metrics(
        "## Serving bench at n=7",
        [["AL chat", "3.40"], ["Avg accept chat", "~60%"]],
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(3.40) and r.accept_length is None


@pytest.mark.parametrize(
    "heading",
    [
        "## Serving bench at n=64 prompts",  # a count of prompts
        "## Serving bench, n=8 samples",
        "## Serving bench",  # no n at all
        "## Serving bench at n=4/8",  # a list
        "Serving bench at n=8",  # no markdown heading
    ],
)
def test_n_that_is_no_k(read: Read, heading: str) -> None:
    text = _metrics(heading, [["AL chat", "5.80"], ["Avg accept chat", "60%"]])
    assert all(r.accept_length is None for r in read(text).records)


def test_n_in_heading() -> None:
    assert n_in_heading("## Bench at shipped n=7 (TP=2)") == 7
    assert n_in_heading("## bench n = 5") == 5
    assert n_in_heading("## n=5 and n=7") is None
    assert n_in_heading("## max_n=7") is None
    assert n_in_heading("## n=1") is None
    assert n_in_heading("## n=2.5") is None


@pytest.mark.parametrize(
    "rows",
    [
        # one qualified row: nothing proves the word a workload
        [["AL code", "5.23"], ["VRAM", "22 GB"]],
        # two workloads: two runs in one column
        [["AL code", "5.23"], ["Avg accept chat", "60%"]],
        # a state's code and an HTTP status: no acceptance figure
        [["AL code", "35"], ["Accept code", "406"]],
    ],
)
def test_not_qualified_runs(read: Read, rows: list[list[str]]) -> None:
    text = _metrics("## Results", rows)
    got = read(text).records
    assert not any(("dataset", w) in r.labels for r in got for w in ("code", "chat"))
    assert all(r.accept_length is None for r in got)


def test_split_name() -> None:
    assert split_name("AL code", "5.23") == ("AL", "code")
    assert split_name("Avg accept code", "~60%") == ("acceptance rate", "code")
    # 'accept' over a value that is no percentage: an HTTP accept code, a count
    assert split_name("Avg accept code", "406") is None
    assert split_name("Al code", "5.23") is None  # 'AL' only in capitals
    assert split_name("Peak memory code", "5.23") is None
