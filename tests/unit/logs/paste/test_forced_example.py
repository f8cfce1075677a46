"""An acceptance figure given as an example after `e.g.` or `for example`, in a paste about a knob
that forces acceptance (`SGLANG_SIMULATE_ACC_LEN`, a forced or requested AL), is a value the
knob may be set to, shown for its use: no record (notrun.example_marks). Without such a knob, or
with the writer's own run told in the example, the figure is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_TOPICS = [
    "This change lets the bench force acceptance from a flag.",
    "## Forced-acceptance mode\nThe harness replays a pinned AL per workload.",
    "Runs set `MYENGINE_SIMULATE_ACC_LEN` so every engine drafts alike.",
    "The engine reads `FORCE_NUM_ACCEPTED_DRAFTS` at start-up.",
]
# (the example's sentence, with the length to set and the value one less)
_EXAMPLES = [
    "It counts draft tokens only, so set it to the target AL minus 1, e.g. AL {v} → `{w}`.",
    "Give it the length to replay (e.g. acceptance length {v}); drafts then follow it.",
    "The value is a length, for example an accept length of {v}, read once at start-up.",
    "Pass what the run should show, e.g., AL = {v} -> {w} drafted tokens kept.",
]
_LENGTHS = st.integers(150, 580).map(lambda x: round(x / 100, 2))


@settings(max_examples=examples(40), deadline=None)
@given(topic=st.sampled_from(_TOPICS), ex=st.sampled_from(_EXAMPLES), v=_LENGTHS)
def test_an_example_setting_in_a_paste_about_a_forcing_knob_is_no_run(
    topic: str, ex: str, v: float
) -> None:
    text = f"{topic}\n\n{ex.format(v=v, w=round(v - 1, 2))} The rest is drawn per step.\n"
    assert not read_paste(text).records, text


@settings(max_examples=examples(30), deadline=None)
@given(
    topic=st.sampled_from(_TOPICS),
    rate=st.integers(30, 95),
    pct=st.booleans(),
)
def test_an_example_rate_for_the_knob_is_no_run_either(topic: str, rate: int, pct: bool) -> None:
    shown = f"{rate}%" if pct else f"0.{rate}"
    text = f"{topic}\n\nPass the rate to reach, for example an accept rate of {shown}, and go.\n"
    assert not read_paste(text).records, text


@settings(max_examples=examples(30), deadline=None)
@given(ex=st.sampled_from(_EXAMPLES), v=_LENGTHS)
def test_the_same_example_without_a_forcing_knob_is_read_as_before(ex: str, v: float) -> None:
    # no knob named: an example may be a run's figure, left to the other rules
    text = f"We tuned the draft head for chat.\n\n{ex.format(v=v, w=round(v - 1, 2))}\n"
    got = [r.printed_length for r in read_paste(text).records]
    assert got and got[0] == v, text


@settings(max_examples=examples(30), deadline=None)
@given(topic=st.sampled_from(_TOPICS), v=_LENGTHS)
def test_the_writers_own_run_as_an_example_is_read(topic: str, v: float) -> None:
    # a knob named, but the example tells a run the writer measured: read
    for own in (
        f"With the knob unset, acceptance varies, e.g. we measured AL {v} on the coding set.\n",
        f"With the knob unset, acceptance varies, for example I got an AL of {v} on code.\n",
        # (the writer's run told on the example's line: the line is read)
        f"With the knob off we measured AL {v}; set it to AL minus 1, e.g. AL 3.5 -> 2.5.\n",
    ):
        text = f"{topic}\n\n{own}"
        got = [r.printed_length for r in read_paste(text).records]
        assert got and got[0] == v, text
