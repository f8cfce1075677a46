"""A lead line ending on a colon that credits the line under it to another's source (a project's
README, its official or self-reported figures; no first person in the lead) makes that line's
figures the source's, set against the paste's own run: no record, where the paste holds a figure
of its own. A lead of the writer's own run, a lead not ending on a colon, or a first person on
the figures' line keep them read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.cited import sourced_lead
from tests.support.examples import examples

_OWN = "## Our run\n\nOn our box the head gave AL 3.40 on the chat set.\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Upstream official numbers (`other-proj/README.md`, eight cards):",
            "Their self-reported figures:",
            "From the project README:",
            "对方官方数字（`other-proj/README.md`）：",
            "自报数字（不是同一个 benchmark）：",
        ]
    ),
    value=st.integers(150, 690),
)
def test_the_line_under_a_sourced_lead_is_no_record(lead: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    text = _OWN + f"{lead}\n210.5 tok/s (chat, AL {v}), 244.0 tok/s (code, AL {v})\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.4]


def test_a_lead_of_ones_own_run_keeps_its_figures() -> None:
    for lead in (
        "Our numbers with the official checkpoint:",
        "The README setup, measured by me:",
        "Official numbers (other-proj README), for comparison",
    ):
        assert not sourced_lead(lead), lead
    text = _OWN + "Our numbers with the official checkpoint:\n210.5 tok/s (chat, AL 2.95)\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.4, 2.95]


def test_a_first_person_on_the_figures_line_keeps_it() -> None:
    text = _OWN + "Their official numbers:\nwe reproduced 210.5 tok/s (chat, AL 2.95)\n"
    assert 2.95 in [r.printed_length for r in read_paste(text).records]


def test_alone_the_sourced_figures_stay_reported_runs() -> None:
    text = "Their official numbers (`other-proj/README.md`):\n210.5 tok/s (chat, AL 2.95)\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.95]
