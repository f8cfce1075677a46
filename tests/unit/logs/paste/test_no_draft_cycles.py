"""A stats block counting, beside its steps, the cycles that drafted nothing (`no_draft=N`,
`undrafted: N`; no_draft_cycles.py): accepted drafts over those steps is a mean over cycles,
some of them plain decode steps, so no acceptance length: the printed figure and the rate are
kept, the length left undecided. A count of zero, a count in another block, or a count of no
fewer cycles than the steps leave the length decided as before (accepted / steps: one more)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NO_DRAFT = ("no_draft={n}", "no-draft={n}", "undrafted: {n}", "no_drafts = {n}")


def _block(steps: int, drafted: int, accepted: int, second: str, gap: bool) -> str:
    first = (
        f"steps={steps} drafted={drafted} accepted={accepted} "
        f"acceptance_rate={100 * accepted / drafted:.2f}% mean_accepted={accepted / steps:.3f}"
    )
    sep = "\n\n" if gap else "\n"
    return f"Stats of the run:\n\n```\n{first}{sep}{second}\n```\n"


_COUNTS = st.tuples(st.integers(70, 400), st.integers(20, 59), st.integers(30, 90))


@settings(max_examples=examples(40), deadline=None)
@given(counts=_COUNTS, form=st.sampled_from(_NO_DRAFT), share=st.integers(10, 90))
def test_steps_counting_undrafted_cycles_give_no_length(
    read: Read, counts: tuple[int, int, int], form: str, share: int
) -> None:
    steps, per_drafted, per_accepted = counts
    drafted = max(2, steps * per_drafted // 100)
    accepted = max(1, drafted * per_accepted // 100)
    n = max(1, min(steps - 1, steps * share // 100))
    got = read(_block(steps, drafted, accepted, "hits=9 " + form.format(n=n), False)).records
    assert len(got) == 1
    assert got[0].printed_length == round(accepted / steps, 3)
    assert got[0].accept_length is None
    assert got[0].accept_rate is not None


@settings(max_examples=examples(40), deadline=None)
@given(
    counts=_COUNTS,
    form=st.sampled_from(_NO_DRAFT),
    case=st.sampled_from(("zero", "apart", "all")),
)
def test_no_undrafted_cycle_told_of_these_steps_keeps_the_length(
    read: Read, counts: tuple[int, int, int], form: str, case: str
) -> None:
    steps, per_drafted, per_accepted = counts
    drafted = max(2, steps * per_drafted // 100)
    accepted = max(1, drafted * per_accepted // 100)
    n = {"zero": 0, "apart": steps // 2, "all": steps}[case]
    text = _block(steps, drafted, accepted, "hits=9 " + form.format(n=n), case == "apart")
    got = read(text).records
    printed = [r.printed_length for r in got if r.printed_length is not None]
    assert printed == [round(accepted / steps, 3)]
    r = next(r for r in got if r.printed_length is not None)
    # accepted / steps: the bonus left out, one more
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + r.printed_length)) < 1e-6
