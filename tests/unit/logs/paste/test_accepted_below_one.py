"""A mean of accepted tokens a step (window, round) whose name leaves the target's own token
unsaid ('Avg Accepted/window', 'accepted/step') is accepted drafts where it is below 1: every
step emits the target's token, so no figure counting it falls below 1; the length is 1 + it.
At 1 or above the name alone decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(name: str, value: str, ratio: str) -> str:
    return (
        "## Microbenchmark summary\n\n"
        f"| Mode | Batches | Avg Latency (s) | {name} | Acceptance Ratio |\n"
        "| --- | --- | --- | --- | --- |\n"
        f"| base | 3 | 0.4412 | {value} | {ratio} |\n"
    )


def test_a_mean_below_one_a_window_is_accepted_drafts() -> None:
    got = read_paste(_table("Avg Accepted/window", "0.52", "0.13")).records
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (0.52, 1.52, "excluded")
    ]
    assert got[0].bonus.rule.startswith("value:")


def test_negative_control_a_mean_above_one_stays_unknown() -> None:
    got = read_paste(_table("Avg Accepted/window", "1.52", "0.38")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(1.52, None)]


def test_negative_control_a_drafts_name_decides_as_before() -> None:
    # the name already leaves the target's token out
    got = read_paste("accepted draft tokens per step: 0.83\n").records
    assert [r.accept_length for r in got] == [1.83]


@settings(max_examples=examples(25), deadline=None)
@given(
    hundredths=st.integers(5, 300),
    name=st.sampled_from(["avg accepted per step", "accepted/step", "mean accepted per round"]),
)
def test_below_one_decides_at_one_or_above_nothing(hundredths: int, name: str) -> None:
    v = hundredths / 100
    got = read_paste(f"eagle run, 4 drafts a step\n{name}: {v:.2f}\n").records
    assert len(got) == 1
    r = got[0]
    if v < 1.0:
        assert r.accept_length is not None and abs(r.accept_length - (1 + v)) < 1e-6
        assert r.bonus.value == "excluded"
    else:
        assert r.accept_length is None
