"""A bare 'avg accept' fraction on a later line of a key-value run whose earlier lines print the
run's verify steps, its accepted count and its rate: where it is accepted / steps within its
rounding it is accepted drafts per step (the bonus left out), the same run's, not a second rate
opening a run of its own. A value that is not accepted / steps, or a percentage, is left as it
was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _paste(steps: int, drafted: int, accepted: int, avg: str, layout: int) -> str:
    rate = f"{100 * accepted / drafted:.2f}%"
    if layout == 0:
        body = [
            f"* **Rounds:** {steps}",
            f"* **Drafted:** {drafted} | **Accepted:** {accepted}",
            f"* **Acceptance rate:** {rate} *(Avg accept: {avg})*",
        ]
    elif layout == 1:
        body = [
            f"- cycles: {steps}",
            f"- drafted: {drafted}",
            f"- accepted: {accepted}",
            f"- accept rate: {rate} | avg accept: {avg}",
        ]
    else:
        body = [
            f"steps: {steps}, proposed: {drafted}",
            f"accepted: {accepted}",
            f"accept rate: {rate}; avg accept: {avg}",
        ]
    return "Draft statistics of one run:\n\n" + "\n".join(body) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    # (a two-digit 'steps: 40' beside 'proposed' reads as a setting: SGLang's draft steps)
    steps=st.integers(100, 3000),
    share=st.integers(5, 90),
    per_step=st.sampled_from([0.5, 2, 3]),
    layout=st.integers(0, 2),
)
def test_avg_accept_equal_to_accepted_per_step_joins_the_run(
    steps: int, share: int, per_step: float, layout: int
) -> None:
    # (drafts as many as the steps would make accepted / steps the rate itself: not told apart)
    drafted = int(steps * per_step)
    accepted = max(1, drafted * share // 100)
    if accepted >= steps:
        accepted = steps - 1
    per = accepted / steps
    got = read_paste(_paste(steps, drafted, accepted, f"{per:.3f}", layout)).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length is not None and abs(r.printed_length - round(per, 3)) < 1e-9
    assert r.accept_length is not None and abs(r.accept_length - (1 + per)) < 6e-4


@settings(max_examples=examples(20), deadline=None)
@given(steps=st.integers(100, 3000), share=st.integers(10, 90), layout=st.integers(0, 2))
def test_negative_control_another_value_is_no_per_step_figure(
    steps: int, share: int, layout: int
) -> None:
    drafted = steps * 2
    accepted = max(1, drafted * share // 100)
    # a value far from accepted / steps (a rate of some other count)
    off = min(0.99, accepted / steps / 2 + 0.05)
    if abs(off - accepted / steps) < 0.01:
        return
    got = read_paste(_paste(steps, drafted, accepted, f"{off:.3f}", layout)).records
    assert all(
        r.printed_length is None or abs(r.printed_length - round(off, 3)) > 1e-9 for r in got
    )


def test_negative_control_a_percentage_stays_a_rate() -> None:
    got = read_paste(_paste(185, 370, 63, "34.1%", 1)).records
    assert all(r.printed_length != 0.341 for r in got)
