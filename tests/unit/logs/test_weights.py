"""The weighted mean of SGLang Decode batch lines: each line weighs its batch size.

SGLang's ``accept len`` on a Decode batch line is the interval's accepted tokens over the batch
sizes summed over its decode steps (the request-steps). Pooling lines into one accept length
therefore weighs each line by its request-steps; the line prints the last step's batch size
(``#running-req``), exact at ``--decode-log-interval 1``.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs import fast
from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.batch import RecordBatch
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.scan import Scanner
from specdiag.core.logs.summary import Dist
from tests.support.examples import examples


def line(sec: int, running: int, length: str, rank: str = "") -> str:
    return (
        f"[2026-11-29 08:40:{sec:02d}{rank}] Decode batch, #running-req: {running}, #token: 900, "
        f"token usage: 0.01, accept len: {length}, accept rate: 0.50, cuda graph: True, "
        "gen throughput (token/s): 100.00, #queue-req: 0"
    )


def sources() -> list[bool]:
    return [False, True] if fast._native is not None else [False]


def accept_length(text: str, compiled: bool) -> Dist:
    """The accept length of the one SGLang series in ``text``, read by one record source."""
    with mock.patch.dict(os.environ, {fast.ENV_FORCE_PYTHON: "" if compiled else "1"}):
        assert fast.available() == compiled
        a = LogAnalyzer()
        a.scan("x.log", io.BytesIO(text.encode()))
        d = a.report().summary["sglang"].stats.accept_length
    assert d is not None
    return d


def _python(parser: LineParser, sink: Callable[[RecordBatch], None]) -> Scanner:
    return Scanner(parser, sink)


def _compiled(parser: LineParser, sink: Callable[[RecordBatch], None]) -> Scanner:
    return Scanner(parser, sink, compiled=fast.Compiled(parser))


@pytest.mark.parametrize("compiled", sources())
def test_weighted_mean_is_the_request_step_mean(compiled: bool) -> None:
    # interval 1 (one decode step per line): line A, 1 request that accepted 3 tokens; line B,
    # 7 requests that accepted 14 tokens together. SGLang prints accepted / request-steps.
    acc_a, steps_a = 3, 1 * 1
    acc_b, steps_b = 14, 7 * 1
    text = line(1, 1, f"{acc_a / steps_a:.2f}") + "\n" + line(2, 7, f"{acc_b / steps_b:.2f}") + "\n"
    d = accept_length(text, compiled)
    assert d.mean == pytest.approx((3.0 + 2.0) / 2)  # the mean of lines: 2.5
    assert d.weighted_mean == pytest.approx((acc_a + acc_b) / (steps_a + steps_b))  # 17 / 8


def test_batch_size_is_read_into_the_record() -> None:
    for compiled in sources():
        batches: list[RecordBatch] = []
        parser = LineParser(source="x.log")
        src = (_compiled if compiled else _python)(parser, batches.append)
        src.feed((line(1, 7, "2.00") + "\n" + line(2, 0, "2.00") + "\n").encode())
        src.close()
        recs = [r for b in batches for r in b.records()]
        assert [r.batch_size for r in recs] == [7, 0]


def test_a_line_of_no_batch_weighs_nothing() -> None:
    # "#running-req: 0" (nothing running when the line was printed): no weight, so the
    # weighted mean is the other line's value
    text = line(1, 0, "3.00") + "\n" + line(2, 5, "2.00") + "\n"
    for compiled in sources():
        assert accept_length(text, compiled).weighted_mean == pytest.approx(2.0)


@settings(deadline=None, max_examples=examples(40))
@given(
    st.integers(1, 512),
    st.lists(st.integers(100, 600), min_size=1, max_size=40),
    st.sampled_from(["", " TP0", " DP1 TP1"]),
)
def test_equal_batch_sizes_weighted_mean_is_the_mean(
    running: int, lengths: list[int], rank: str
) -> None:
    text = "".join(
        line(i % 60, running, f"{x / 100:.2f}", rank) + "\n" for i, x in enumerate(lengths)
    )
    for compiled in sources():
        d = accept_length(text, compiled)
        assert d.weighted_mean == d.mean  # exact sums: the same rational, rounded once
