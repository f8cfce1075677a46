"""A table's heading naming the breakdown its rows give between the subject and the figure's
name ('## SetX Per-Category AR (second pass)', '### acceptance length by task'): the heading
without the breakdown names the figure, one record a cell. A heading of another measure, or
one naming only the breakdown ('Results by dataset'), titles nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_BREAKDOWNS = ["Per-Category", "per-task", "Per Dataset", "by category", "by domain"]


def _heading(subject: str, breakdown: str, figure: str, aside: str, after: bool) -> str:
    words = [subject, figure, breakdown] if after else [subject, breakdown, figure]
    return "## " + " ".join(w for w in words if w) + (f" ({aside})" if aside else "")


@settings(max_examples=examples(40), deadline=None)
@given(
    subject=st.sampled_from(["", "QuizSet", "Chat-Eval"]),
    breakdown=st.sampled_from(_BREAKDOWNS),
    figure=st.sampled_from(["AR", "acceptance length", "Accept Length"]),
    aside=st.sampled_from(["", "second pass", "online check"]),
    after=st.booleans(),
    cells=st.lists(st.lists(st.integers(150, 690), min_size=2, max_size=3), min_size=2, max_size=4),
)
def test_the_figure_named_around_a_breakdown_titles_the_table(
    read: Read,
    subject: str,
    breakdown: str,
    figure: str,
    aside: str,
    after: bool,
    cells: list[list[int]],
) -> None:
    width = min(len(r) for r in cells)
    header = ["Category", *(f"ckpt-{i + 1}" for i in range(width))]
    rows = [[f"cat{j}", *(f"{v / 100:.2f}" for v in r[:width])] for j, r in enumerate(cells)]
    text = _heading(subject, breakdown, figure, aside, after) + "\n\n" + pipe_table(header, rows)
    recs = read(text).records
    want = [round(v / 100, 2) for r in cells for v in r[:width]]
    assert [r.printed_length for r in recs] == want
    assert all(r.accept_length is None for r in recs)  # nothing decides the bonus


@settings(max_examples=examples(20), deadline=None)
@given(
    heading=st.sampled_from(
        [
            "## QuizSet Per-Category throughput (second pass)",
            "## Results by dataset",
            "## Per-task latency",
            "## Per-Category scores",
        ]
    ),
)
def test_a_breakdown_of_another_measure_titles_nothing(read: Read, heading: str) -> None:
    rows = [["cat0", "4.10", "4.30"], ["cat1", "3.20", "3.50"]]
    text = heading + "\n\n" + pipe_table(["Category", "ckpt-1", "ckpt-2"], rows)
    assert read(text).records == ()
