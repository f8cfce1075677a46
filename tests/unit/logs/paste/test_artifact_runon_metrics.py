"""A third party's measuring told in prose run on from a title line (relayed.py), a bound figure
called an artifact (misreported.py) and an acceptance rate among people's work metrics (reader's
work items): no record. The writer's own run, a figure said to be no artifact, a build's
artifact and a table of decoding figures stay read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TASKS = st.lists(
    st.sampled_from(["SQL", "chat", "prose", "math", "summaries", "code"]),
    min_size=3,
    max_size=3,
    unique=True,
)
_LENGTHS = st.lists(st.integers(105, 480), min_size=3, max_size=3, unique=True)


def _runon(subject: str, tasks: list[str], lengths: list[int]) -> str:
    a, b, c = (f"{v / 100:.2f}" for v in lengths)
    return (
        "Draft gains on a laptop: acceptance varies by task\n"
        f"{subject} a small draft against a 7B target on three tasks. Mean acceptance lengths "
        f"differed by task: {tasks[0]} scored {a}, {tasks[1]} {b}, and {tasks[2]} {c}.\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    subject=st.sampled_from(
        ["A developer ran", "One tester benchmarked", "Several users tested", "Someone measured"]
    ),
    tasks=_TASKS,
    lengths=_LENGTHS,
)
def test_a_third_party_run_on_from_a_title_is_relayed(
    read: Read, subject: str, tasks: list[str], lengths: list[int]
) -> None:
    text = _runon(subject, tasks, lengths)
    assert read(text).records == (), text


@settings(max_examples=examples(25), deadline=None)
@given(
    subject=st.sampled_from(["I ran", "We benchmarked", "I tested"]),
    tasks=_TASKS,
    lengths=_LENGTHS,
)
def test_the_writers_own_run_on_from_a_title_stays_read(
    read: Read, subject: str, tasks: list[str], lengths: list[int]
) -> None:
    text = _runon(subject, tasks, lengths)
    got = sorted(r.printed_length for r in read(text).records if r.printed_length is not None)
    assert got == sorted(v / 100 for v in lengths), text


_BOUNDS = st.sampled_from([("0%", 0.0), ("100%", 1.0)])


@settings(max_examples=examples(25), deadline=None)
@given(
    bound=_BOUNDS,
    shape=st.sampled_from(
        [
            "The {v} acceptance is flagged as a possible {w} artifact, so none was measured.",
            "That {v} acceptance rate was likely an artefact of the {w} build.",
            "## Withdrawn: the {v} acceptance artifact",
            "- Its {v} draft acceptance is {w} artifact territory: it is an artifact.",
        ]
    ),
    word=st.sampled_from(["layout", "weight-order", "counter", "rounding"]),
)
def test_a_bound_called_an_artifact_is_no_record(
    read: Read, bound: tuple[str, float], shape: str, word: str
) -> None:
    text = "MTP draft on a 4B target, k=1\n\n" + shape.format(v=bound[0], w=word) + "\n"
    assert read(text).records == (), text


@settings(max_examples=examples(25), deadline=None)
@given(
    bound=_BOUNDS,
    shape=st.sampled_from(
        [
            "The {v} acceptance is not an artifact: the {w} drafts were all rejected.",
            "Acceptance was {v} in the {w} run; the log was uploaded as a CI artifact.",
            "Draft acceptance rate: {v} (the {w} run log is a build artifact)",
        ]
    ),
    word=st.sampled_from(["layout", "weight-order", "counter", "rounding"]),
)
def test_a_bound_beside_no_artifact_claim_stays_read(
    read: Read, bound: tuple[str, float], shape: str, word: str
) -> None:
    text = "MTP draft on a 4B target, k=1\n\n" + shape.format(v=bound[0], w=word) + "\n"
    rates = [r.printed_rate for r in read(text).records]
    assert rates == [bound[1]], text


def _box(rate: int, other: str, value: int) -> str:
    return (
        "## Dashboard\n\n```\n$ tool stats\n"
        "┏━━━━━━━━━━━━━━━━━━┳━━━━━━━━━┓\n"
        "┃ Metric           ┃ Value   ┃\n"
        "┡━━━━━━━━━━━━━━━━━━╇━━━━━━━━━┩\n"
        f"│ Acceptance Rate  │ {rate:>2}.0%   │\n"
        f"│ {other:<16} │ {value:<7} │\n"
        "│ Error Rate       │ 2.5%    │\n"
        "└──────────────────┴─────────┘\n```\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    rate=st.integers(10, 99),
    other=st.sampled_from(["Productivity", "Engagement", "Retention", "Churn", "Satisfaction"]),
    value=st.integers(1, 999),
)
def test_acceptance_among_peoples_work_metrics_is_another_meaning(
    read: Read, rate: int, other: str, value: int
) -> None:
    text = _box(rate, other, value)
    assert read(text).records == (), text


@settings(max_examples=examples(25), deadline=None)
@given(
    rate=st.integers(10, 99),
    other=st.sampled_from(["Decode tok/s", "Draft tokens"]),
    value=st.integers(1, 999),
)
def test_acceptance_among_decoding_figures_stays_read(
    read: Read, rate: int, other: str, value: int
) -> None:
    text = _box(rate, other, value)
    assert [r.printed_rate for r in read(text).records] == [rate / 100], text
