"""A run's heading that labels its acceptance as simulated, the label alone in brackets
('(simulated alpha)'): a simulator's output, no record anywhere in the paste; a heading setting
a simulation against a measured run, or a bracket holding more than the label, is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_RULE = "=" * 40


def _section(label: str, quality: float, rate: float, speedup: float) -> str:
    return (
        f"{_RULE}\nDRAFTED: draft_quality={quality:.2f} ({label})\n{_RULE}\n"
        f"Tokens generated: 64\nAcceptance rate:  {rate:.3f}\nSpeedup vs base:  {speedup:.2f}x\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    label=st.sampled_from(["simulated alpha", "simulated acceptance rate", "Simulated AL"]),
    runs=st.lists(
        st.tuples(st.floats(0.3, 0.9), st.floats(0.2, 0.95), st.floats(1.0, 3.0)),
        min_size=1,
        max_size=3,
    ),
)
def test_a_simulated_label_sets_the_paste_aside(
    label: str, runs: list[tuple[float, float, float]]
) -> None:
    text = "\n".join(_section(label, q, r, s) for q, r, s in runs)
    text += "\nalpha=0.50  K=4  accept length=2.40\n"
    assert read_paste(text).records == ()


def test_negative_control_without_the_label_the_runs_are_read() -> None:
    text = _section("draft head v2", 0.5, 0.612, 1.4)
    assert [r.printed_rate for r in read_paste(text).records] == [0.612]


def test_negative_control_a_label_set_against_a_measured_run_is_read() -> None:
    text = _section("simulated alpha vs measured", 0.5, 0.612, 1.4)
    assert [r.printed_rate for r in read_paste(text).records] == [0.612]
