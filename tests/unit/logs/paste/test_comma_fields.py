"""Key-value lines of several fields separated by commas ('Value: 32.4, Draft: 8, Quantization:
Q4_K_M, Accepted Rate: 58.7'): one record a line. 'Accepted Rate' is the acceptance rate's name
as web pages spell it; a value above 1 printed without '%' under a rate's name is a percentage
(the record's notes say so); 'Draft: 8' is the run's draft setting, a label, never the draft
tokens of every step (no length). HTTP headers ('Accept: text/html, Accept-Encoding: gzip') are
no acceptance figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_RATE_NAMES = st.sampled_from(
    ["Accepted Rate", "accepted rate", "Draft accepted rate", "Accept Rate", "Acceptance Rate"]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_RATE_NAMES,
    runs=st.lists(
        st.tuples(
            st.integers(1000, 9999),  # tok/s x 100
            st.integers(2, 16),  # draft setting
            st.sampled_from(["Q4_K_M", "Q5_K_M", "Q8_0", "F16"]),
            # rate x 100, a percentage without its sign (a "rate" of 1 to 16 with two decimals
            # is a length misnamed: evidence.py)
            st.integers(1700, 9900),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_comma_separated_fields_one_record_a_line(
    name: str, runs: list[tuple[int, int, str, int]]
) -> None:
    lines = [
        f"Value: {v / 100:.2f}, Draft: {d}, Quantization: {q}, {name}: {r / 100:.2f}"
        for v, d, q, r in runs
    ]
    text = "Draft model sweep, llama-speculative.\n\nTop configurations:\n" + "\n".join(lines)
    got = read_paste(text + "\n").records
    assert [r.first_line for r in got] == [4 + i for i in range(len(runs))]
    assert [r.printed_rate for r in got] == [pytest.approx(r / 10000) for *_, r in runs]
    assert all(r.accept_length is None and r.printed_length is None for r in got)
    assert [dict(r.labels).get("draft") for r in got] == [str(d) for _, d, _, _ in runs]
    assert all(any("read as a percentage" in n for n in r.notes) for r in got)


def test_the_top_configurations() -> None:
    text = (
        "Results\nAccepted rate\nThe smaller the draft, the better the accept rate.\n\n"
        "Top 2 configuration:\n"
        "Value: 30.15, Draft: 6, Quantization: Q5_K_M, Accepted Rate: 61.20\n"
        "Value: 29.90, Draft: 12, Quantization: Q5_K_M, Accepted Rate: 49.75\n"
    )
    got = read_paste(text).records
    assert [(r.first_line, r.printed_rate, r.accept_length) for r in got] == [
        (6, pytest.approx(0.612), None),
        (7, pytest.approx(0.4975), None),
    ]


def test_negative_control_http_headers() -> None:
    text = (
        "Draft request sent with:\n"
        "Accept: text/html, Accept-Encoding: gzip, Draft: 8\n"
        "Accept: application/json, Accept-Encoding: br, deflate\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_a_rate_past_one_hundred() -> None:
    text = "Top configuration:\nValue: 30.15, Draft: 6, Accepted Rate: 161.2\n"
    assert read_paste(text).records == ()
