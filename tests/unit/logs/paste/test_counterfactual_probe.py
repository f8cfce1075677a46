"""A paragraph saying what a probe reports in the counterfactual ('it counts how often a draft
would have matched the next token'): drafts no speculative run verified, so the figures below
it, to the next markdown heading or a line saying a run was measured, give no record. Prose
telling an acceptance that was measured, or a 'would have' outcome no report counts, reads as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ("reports", "counts", "logs", "tracks", "records", "estimates", "measures")
_WHAT = ("how often", "how many times", "which", "whether")
_SUBJECTS = ("a cached-suffix draft", "the lookup guess", "each proposed token", "a proposal")
_OUTCOMES = (
    "would have matched",
    "would have been accepted",
    "would've been kept",
    "would have appeared and matched",
)


def _lines(counts: list[tuple[int, int]]) -> str:
    return "\n\n".join(
        f"probe-{i}: proposed={d} accepted={a} acceptance_rate={a / d:.3f}"
        for i, (a, d) in enumerate(counts)
    )


_COUNTS = st.lists(
    st.tuples(st.integers(5, 60), st.integers(61, 200)), min_size=1, max_size=3, unique=True
)


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(_VERBS),
    what=st.sampled_from(_WHAT),
    subject=st.sampled_from(_SUBJECTS),
    outcome=st.sampled_from(_OUTCOMES),
    counts=_COUNTS,
    gap=st.sampled_from(("", "A first pass over the repo gave:\n\n")),
)
def test_figures_below_a_counterfactual_report_give_no_record(
    read: Read,
    verb: str,
    what: str,
    subject: str,
    outcome: str,
    counts: list[tuple[int, int]],
    gap: str,
) -> None:
    body = _lines(counts)
    plain = f"Speculative decoding with a suffix drafter.\n\n{gap}{body}\n"
    assert [r.printed_rate for r in read(plain).records] == [round(a / d, 3) for a, d in counts]
    said = f"The tool {verb} {what} {subject} {outcome} the target's next token."
    got = read(f"Speculative decoding with a suffix drafter.\n\n{said}\n\n{gap}{body}\n")
    assert got.records == ()
    assert any("would" in b.reason and "text above" in b.reason for b in got.unread)


@settings(max_examples=examples(20), deadline=None)
@given(outcome=st.sampled_from(_OUTCOMES), counts=_COUNTS)
def test_a_heading_or_a_measured_run_ends_it(
    read: Read, outcome: str, counts: list[tuple[int, int]]
) -> None:
    said = f"It counts how often a proposal {outcome} the next token."
    want = [round(a / d, 3) for a, d in counts]
    for after in ("## Verified speculative run\n\n", "With verification on, we measured:\n\n"):
        text = f"Speculative decoding probe.\n\n{said}\n\n{_lines([(9, 70)])}\n\n{after}"
        text += _lines(counts) + "\n"
        assert [r.printed_rate for r in read(text).records] == want, after


def test_near_misses_read_as_before() -> None:
    body = _lines([(40, 100)])
    for above in (
        # a measured acceptance, no counterfactual
        "The server counts how many drafts were accepted by the target.",
        # a 'would have' outcome that no report counts
        "With a larger draft more tokens would have been accepted.",
        # a counterfactual of another measure
        "It reports how long the run would have taken without drafting.",
    ):
        text = f"Speculative decoding run.\n\n{above}\n\n{body}\n"
        assert [r.printed_rate for r in read_paste(text).records] == [0.4], above
