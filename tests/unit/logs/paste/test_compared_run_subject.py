"""A compared tool's figure in a clause of its own ('Mainline SGLang gets 3.12.') beside the
poster's run in a paste that launches another engine: the compared figure is labelled by its
clause's subject with no convention (a quoted or compared run, not the launched engine's
printing), and the tool named only so is no printer of the poster's figure, which the launch
then decides. A tool that is no clause's subject of a bare value decides as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.evidence import SUBJECT_RUN_RULE
from tests.support.examples import examples

_LAUNCH = {
    "vllm": "vllm serve Org/Model-9B --speculative-config '{\"num_speculative_tokens\": 4}'",
    "sglang": "python -m sglang.launch_server --model Org/Model-9B --speculative-num-steps 4",
}
_NAME = {"vllm": "vLLM", "sglang": "SGLang"}


def _paste(ran: str, other: str, mine: str, theirs: str, ours: str, verb: str) -> str:
    return (
        "## How to run\n\n"
        f"```\n{_LAUNCH[ran]}\n```\n\n"
        "## Result\n\n"
        f"{ours} {verb} AL {mine}. {_NAME[other]} {verb} {theirs} (within noise here).\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    ran=st.sampled_from(["vllm", "sglang"]),
    mine=st.sampled_from(["2.71", "3.05", "2.18"]),
    theirs=st.sampled_from(["2.77", "3.12", "2.09"]),
    ours=st.sampled_from(["This branch", "Our patch", "The new path"]),
    verb=st.sampled_from(["gets", "reaches", "got", "achieved"]),
)
def test_the_compared_clause_is_its_subjects_and_the_launch_decides_the_rest(
    ran: str, mine: str, theirs: str, ours: str, verb: str
) -> None:
    other = "sglang" if ran == "vllm" else "vllm"
    recs = read_paste(_paste(ran, other, mine, theirs, ours, verb)).records
    by_value = {r.printed_length: r for r in recs}
    assert set(by_value) == {float(mine), float(theirs)}
    own, compared = by_value[float(mine)], by_value[float(theirs)]
    assert own.tool == ran
    assert own.accept_length == float(mine)
    assert compared.tool == other
    assert compared.accept_length is None


@settings(max_examples=examples(20), deadline=None)
@given(
    ran=st.sampled_from(["vllm", "sglang"]),
    theirs=st.sampled_from(["2.77", "3.12"]),
    named=st.sampled_from(["{v} AL on average", "{v} accept length", "an AL of {v}"]),
)
def test_the_figures_name_beside_the_compared_value(ran: str, theirs: str, named: str) -> None:
    # the figure's name before or after the compared value ('gets 3.12 AL on average', 'gets
    # an AL of 3.12') keeps the clause a run of its own: its subject's, no convention
    other = "sglang" if ran == "vllm" else "vllm"
    text = (
        f"```\n{_LAUNCH[ran]}\n```\n\n"
        f"This branch gets AL 2.40, and {_NAME[other]} gets {named.format(v=theirs)}.\n"
    )
    by_value = {r.printed_length: r for r in read_paste(text).records}
    assert set(by_value) == {2.40, float(theirs)}
    assert by_value[2.40].tool == ran
    assert (by_value[float(theirs)].tool, by_value[float(theirs)].accept_length) == (other, None)


@settings(max_examples=examples(20), deadline=None)
@given(
    ran=st.sampled_from(["vllm", "sglang"]),
    theirs=st.sampled_from(["27.7", "31.2"]),
)
def test_a_tool_that_is_no_bare_values_subject_labels_nothing(ran: str, theirs: str) -> None:
    # near miss: the compared value carries another measure's unit ('31.2 tok/s on average'),
    # so the clause is no acceptance run of its own; the subject rule labels nothing (the
    # block's tool decides as before)
    other = "sglang" if ran == "vllm" else "vllm"
    text = (
        f"```\n{_LAUNCH[ran]}\n```\n\n"
        f"This branch gets AL 2.40, and {_NAME[other]} gets {theirs} tok/s on average.\n"
    )
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [2.40]
    assert all(r.tool_rule != SUBJECT_RUN_RULE for r in recs)
