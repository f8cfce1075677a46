"""A quality gate's acceptance (gated.py): a report that measures the error of the predictions
it accepted, in a paste never speaking of speculation, holds no draft's acceptance; the same
rate without the error, or beside a speculative word, is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import gated as GT
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_ERROR_LINES = st.sampled_from(
    [
        "- Accepted MAE: {e:.3f} mm",
        "Worst accepted error: {e:.2f} deg",
        "- Accepted >5 mm failures: 0",
        "RMSE on accepted readings: {e:.2f}",
        "accepted rmse = {e:.3f}",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    err=_ERROR_LINES,
    e=st.floats(0.1, 30.0),
    rate=st.floats(0.0, 1.0),
    err_first=st.booleans(),
    decoder=st.booleans(),
)
def test_a_gate_measuring_accepted_errors_is_no_draft_acceptance(
    err: str, e: float, rate: float, err_first: bool, decoder: bool
) -> None:
    head = "## Validation (float model)\n" + ("- Decoder: argmax\n" if decoder else "")
    lines = [err.format(e=e), f"- Acceptance rate: {rate:.4f}", "- Outliers: 3"]
    if not err_first:
        lines = lines[1:2] + lines[:1] + lines[2:]
    got = read_paste(head + "\n".join(lines) + "\n")
    assert got.records == ()


def test_negative_control_the_rate_alone_is_read() -> None:
    text = "## Validation (float model)\n- Acceptance rate: 0.7400\n- Outliers: 3\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.74]


def test_negative_control_a_speculative_paste_keeps_its_rate() -> None:
    text = (
        "## Draft model run\n- Accepted MAE: 1.2 mm\n- Draft acceptance rate: 0.7400\n"
        "- Speculative tokens: 4\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.74]


def test_accepted_tokens_are_no_error_measure() -> None:
    assert GT.gated("Accepted tokens: 1200\nAccepted drafts 300\nerror rate 2%") is None
    assert GT.gated("loss of accepted tokens") is None
    assert GT.gated("Accepted MAE: 4.1") == "Accepted MAE"
