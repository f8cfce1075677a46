"""A threshold set against a measured value right after it (`the break-even acceptance at k=5 is
0.62, against a measured 0.58`; `vs. the observed 58%`, `compared to an actual 0.66`): the
threshold is no run, the measured value is the run's, one rate record under the figure's name.
A threshold's clause may hold the run's setting (`at k=5`, `` at `n_draft=3` ``) and stays a
threshold. A value after the threshold that is not said measured (`against 0.58 last week`)
stays unread; a run's value beside a threshold named after it is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "Speculative decoding with a small draft model.\n\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    noun=st.sampled_from(
        ["break-even acceptance", "acceptance threshold", "break-even accept rate"]
    ),
    setting=st.sampled_from(["", " at k=4", " at the default `k=5`", " for `n_draft=3`"]),
    contrast=st.sampled_from(
        ["against a measured", "vs. the observed", "versus our measured", "compared to an actual"]
    ),
    need=st.integers(50, 90),
    got=st.integers(20, 49),
    pct=st.booleans(),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_the_measured_value_after_a_threshold_is_the_run(
    noun: str, setting: str, contrast: str, need: int, got: int, pct: bool, bullet: str
) -> None:
    def show(v: int) -> str:
        return f"{v}%" if pct else f"0.{v:02d}"

    text = _HEAD + f"{bullet}The {noun}{setting} is {show(need)}, {contrast} {show(got)}.\n"
    recs = read_paste(text).records
    assert [r.printed_rate for r in recs] == [got / 100]
    assert all(r.printed_length is None for r in recs)


def test_the_measured_value_through_the_logs(read: Read) -> None:
    text = _HEAD + "- break-even acceptance at k=5 is **0.83**, against a measured **0.79**;\n"
    assert [r.printed_rate for r in read(text).records] == [0.79]


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from([" at k=5", " at `k=3`", ""]),
    need=st.integers(50, 90),
)
def test_negative_control_a_threshold_alone_is_no_record(setting: str, need: int) -> None:
    text = _HEAD + f"The break-even acceptance{setting} is 0.{need}.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_value_not_said_measured_stays_unread() -> None:
    text = _HEAD + "The break-even acceptance is 0.62, against 0.58 last week.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_run_above_the_threshold_is_read() -> None:
    text = _HEAD + "With k=5 the acceptance was 0.62, well above the break-even.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.62]
