"""A leaderboard copied as single-spaced text, its header of multi-word column names too long to
split a word a column ('Method Chat Set Code Set ... Mean Accepted Tokens Overall' over rows of
speedups 'N.NNx' and one plain figure): named from the right end, the plain figure the
acceptance name's column (convention unknown). Rows with two plain figures, no acceptance name
before the trailing words, or a header of twelve words or fewer stay as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TASKS = ["Open Chat", "Code Writing", "Long Document Digest", "Math Word Problems", "Tool Use"]


def _text(name: str, tasks: list[str], after: list[str], rows: list[tuple[int, list[int]]]) -> str:
    head = " ".join(["Method", *tasks, name, *after])
    lines = []
    for i, (acc, speeds) in enumerate(rows):
        left = [f"{s / 100:.2f}x" for s in speeds[: len(tasks)]]
        right = [f"{s / 100:.2f}x" for s in speeds[len(tasks) : len(tasks) + len(after)]]
        lines.append(" ".join([f"Draft{chr(65 + i)}", *left, f"{acc / 100:.2f}", *right]))
    return "Copied from a public speed board:\n\n" + head + "\n" + "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["#Mean Accepted Tokens", "Mean Accepted Tokens", "Accept Length"]),
    n_tasks=st.integers(3, 5),
    after=st.sampled_from([[], ["Overall"], ["Overall", "Median"]]),
    rows=st.lists(
        st.tuples(st.integers(120, 480), st.lists(st.integers(90, 300), min_size=7, max_size=7)),
        min_size=2,
        max_size=5,
    ),
)
def test_the_plain_column_is_the_acceptance_name(
    read: Read, name: str, n_tasks: int, after: list[str], rows: list[tuple[int, list[int]]]
) -> None:
    tasks = _TASKS[:n_tasks]
    text = _text(name, tasks, after, rows)
    if len(text.split("\n")[2].split(" ")) <= 12:
        return  # (a short header: the word-a-column reading, another rule)
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(a / 100, None) for a, _ in rows]


def test_two_plain_columns_or_no_name_stay_unread() -> None:
    rows = [(300, [150, 160, 170, 180, 190, 200, 210]), (250, [120, 130, 140, 150, 160, 170, 180])]
    # the column before the trailing words names no acceptance figure
    assert read_paste(_text("Mean Wall Time", _TASKS, ["Overall"], rows)).records == ()
    # a second plain figure in every row: which is which is not told
    text = _text("Mean Accepted Tokens", _TASKS, ["Overall"], rows).replace("1.50x", "1.50")
    text = text.replace("1.20x", "1.20")
    assert read_paste(text).records == ()
