"""A party named by its proper name as the subject of a verb of reporting (relayed.py,
``_named_party``): a company's, a lab's or a project's figures (`Corvina reports the following
acceptance lengths:` over a table, `Tamlo Labs claimed 64% acceptance`), told by a page holding no
first person, are relayed, no record. Stay read: a tool as the subject (its printing), a common
subject opening the sentence (`The server reports`, `Grafana reports`), a verb of getting, a
first person in the party's paragraph, an acronym (`MTP reports`), a noun (`... reports from`)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADS = st.sampled_from(["Cor", "Tam", "Vel", "Zun", "Mar", "Quo", "Bri", "Ost"])
_TAILS = st.sampled_from(["vina", "lo", "dex", "aro", "kesh", "ubi", "tera", "win"])
_SECOND = st.sampled_from(["", " Labs", " Research", " Systems", " Group", " Cloud"])
_VERBS = st.sampled_from(["reports", "reported", "claims", "claimed", "published", "lists"])
_TASKS = st.lists(
    st.sampled_from(["Chat", "Code", "Math", "Summaries", "Agents", "Retrieval"]),
    min_size=2,
    max_size=4,
    unique=True,
)
_LENGTHS = st.integers(150, 690)


@st.composite
def _party(draw: st.DrawFn) -> str:
    """A proper name of one or two capitalised words, no tool's and no common word."""
    return draw(_HEADS) + draw(_TAILS) + draw(_SECOND)


def _table(lead: str, tasks: list[str], lengths: list[int]) -> str:
    rows = "".join(f"| {t} | {v / 100:.2f} |\n" for t, v in zip(tasks, lengths, strict=False))
    return f"{lead}\n\n| Task | Acceptance length |\n|---|---|\n{rows}"


def _article(lead: str, tasks: list[str], lengths: list[int]) -> str:
    return (
        "The new drafter predicts a whole block at once and verifies it in one pass.\n\n"
        + _table(lead, tasks, lengths)
        + "\nA higher length means fewer passes of the target for the same text.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    party=_party(),
    verb=_VERBS,
    tasks=_TASKS,
    lengths=st.lists(_LENGTHS, min_size=4, max_size=4),
    opener=st.sampled_from(["", "- ", "> "]),
)
def test_a_named_partys_reported_table_is_relayed(
    read: Read, party: str, verb: str, tasks: list[str], lengths: list[int], opener: str
) -> None:
    assume(not tools.tools_named(party))
    lead = f"{opener}{party} {verb} the following acceptance lengths across its task suites:"
    text = _article(lead, tasks, lengths)
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(party=_party(), verb=_VERBS, rate=st.integers(12, 97), prior=st.booleans())
def test_a_named_partys_reported_rate_in_prose_is_relayed(
    read: Read, party: str, verb: str, rate: int, prior: bool
) -> None:
    assume(not tools.tools_named(party))
    before = "The drafter ships next month. " if prior else ""
    text = f"Drafting news\n\n{before}{party} {verb} {rate}% draft acceptance on a 9B model.\n"
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(
        ["vLLM", "SGLang", "The server", "Grafana", "This", "The dashboard", "Profiling", "MTP"]
    ),
    verb=_VERBS,
    tasks=_TASKS,
    lengths=st.lists(_LENGTHS, min_size=4, max_size=4),
)
def test_a_tool_or_a_common_subject_reporting_stays_read(
    read: Read, subject: str, verb: str, tasks: list[str], lengths: list[int]
) -> None:
    lead = f"{subject} {verb} the following acceptance lengths across the task suites:"
    text = _article(lead, tasks, lengths)
    assert len(read(text).records) == len(tasks), text


@settings(max_examples=examples(30), deadline=None)
@given(
    party=_party(),
    tasks=_TASKS,
    lengths=st.lists(_LENGTHS, min_size=4, max_size=4),
    how=st.sampled_from(["getting", "own", "inside", "noun"]),
)
def test_a_verb_of_getting_or_the_writers_own_stays_read(
    read: Read, party: str, tasks: list[str], lengths: list[int], how: str
) -> None:
    assume(not tools.tools_named(party))
    lead = {
        # a verb of getting: a run told, no report
        "getting": f"{party} gets the following acceptance lengths across its task suites:",
        # the writer's own run in the party's paragraph
        "own": f"{party} reports these; we reran every suite on our box and got the following"
        " acceptance lengths:",
        # a noun, no verb of reporting ('reports from the field')
        "noun": f"{party} reports from the field give the following acceptance lengths:",
        # the name inside the sentence, not its subject
        "inside": f"Run against the {party} drafter, the task suites gave the following"
        " acceptance lengths:",
    }[how]
    text = _article(lead, tasks, lengths)
    assert len(read(text).records) == len(tasks), text
