"""A key-value line whose key opens on the run without drafts before the figure's name
(`Baseline avg_accept_len = 1`, `Baseline (no spec) AL: 1.00`, `基线时 ...`) prints that run's one
token a step: no record, as a baseline row of a table is none. Another run's key, or a baseline's
key printing another value, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["Baseline", "Baseline (no spec)", "Vanilla", "baseline（无投机）时"]),
    name=st.sampled_from(["avg_accept_len", "mean accept length", "AL"]),
    sep=st.sampled_from([" = ", ": "]),
    one=st.sampled_from(["1", "1.0", "1.00"]),
)
def test_a_baseline_key_at_one_is_no_record(lead: str, name: str, sep: str, one: str) -> None:
    text = f"Notes on the draft heads.\n\n- {lead} {name}{sep}{one}\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    lead=st.sampled_from(["Head-B", "MTP", "EAGLE"]),
    value=st.integers(110, 490),
)
def test_another_runs_key_is_read(lead: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    text = f"Notes on the draft heads.\n\n- {lead} avg_accept_len = {v}\n"
    assert [r.printed_length for r in read_paste(text).records] == [float(v)]


def test_a_baseline_key_at_another_value_is_read() -> None:
    text = "Notes on the draft heads.\n\n- Baseline avg_accept_len = 1.85\n"
    assert [r.printed_length for r in read_paste(text).records] == [1.85]
