"""A table a web page copied with single spaces between its cells (tables._spaced_table): a
header of words over rows of words then numbers, a bracket and a unit joined to the word
before ('Target (params) ... Speed tok/s' over 'big (1B) ... 11.5'), or rows of a label of up
to three words, numbers and the rest of the line as one cell ('ChatSet 2.91 3.12 draft-b
+7.2%', which configuration wins by how much), the whole block. One record a row; near misses
(counts that differ, a header holding a number or ending a sentence, prose) are no table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste, tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Speculative decoding on a small board, greedy decoding.\n\n"
_WORDS = ["chat", "math", "long", "short", "recall", "story", "quiz", "plan", "sort"]
_NAMES = ["Target", "Draft", "Mode"]
# (header cell, row cell) of the columns beside accepted/step: a unit joined to its figure
_MORE = [("Speed tok/s", "{v:.1f} tok/s"), ("Latency ms", "{v:.1f}"), ("Speed", "{v:.1f}")]


def _grid(text: str) -> list[tables.Grid]:
    return tables.find(list(enumerate(text.splitlines(), 1)))[0]


@settings(max_examples=examples(60), deadline=None)
@given(
    joined=st.booleans(),
    label_words=st.integers(1, 3),
    more=st.lists(st.sampled_from(range(len(_MORE))), max_size=3),
    rest=st.booleans(),
    data=st.data(),
)
def test_either_shape_reads_one_record_a_row(
    read: Read, joined: bool, label_words: int, more: list[int], rest: bool, data: st.DataObject
) -> None:
    # words then numbers (a cell a word, two numbers or more); or a label of one to three words
    # (one cell) then numbers and maybe the rest of the line, two rows or more
    if not (joined and rest):
        more = more or [0]  # (three cells or more)
    lengths = data.draw(st.lists(st.integers(110, 480), min_size=2 if joined else 1, max_size=5))
    labels = data.draw(
        st.lists(
            st.lists(st.sampled_from(_WORDS), min_size=label_words, max_size=label_words),
            min_size=len(lengths),
            max_size=len(lengths),
        )
    )
    names = ["Task"] if joined else _NAMES[:label_words]
    head = [*names, "accepted/step", *(_MORE[m][0] for m in more)]
    head += ["Winner"] if joined and rest else []
    rows = []
    for i, (a, words) in enumerate(zip(lengths, labels, strict=True)):
        cells = [*words, f"{a / 100:.2f}", *(_MORE[m][1].format(v=10 + i + m) for m in more)]
        cells += [f"draft-{'ab'[i % 2]} +{i + 1}.5%"] if joined and rest else []
        rows.append(" ".join(cells))
    table = " ".join(head) + "\n" + "\n".join(rows) + "\n"
    (g,) = _grid(table)
    assert g.header == [head]
    assert [c[: len(names)] for _, c in g.rows] == (
        [[" ".join(w)] for w in labels] if joined else labels
    )
    got = read(_INTRO + table).records
    assert [r.printed_length for r in got] == [a / 100 for a in lengths]
    assert all(r.structure == "spaced table" and r.accept_length is None for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(
    values=st.lists(
        st.tuples(st.integers(150, 500), st.integers(150, 500)), min_size=2, max_size=5
    ),
    diff=st.booleans(),
    image=st.booleans(),
)
def test_a_spaced_table_under_its_figures_title_reads_every_cell(
    read: Read, values: list[tuple[int, int]], diff: bool, image: bool
) -> None:
    def table(pairs: list[tuple[int, int]]) -> str:
        rows = [
            f"{_WORDS[i]}Set {a / 100:.2f} {b / 100:.2f}"
            + (
                f" draft-{'b' if b >= a else 'a'} +{abs(b - a) / min(a, b) * 100:.1f}%"
                if diff
                else ""
            )
            for i, (a, b) in enumerate(pairs)
        ]
        return (
            "Benchmark draft-a draft-b"
            + (" Difference" if diff else "")
            + "\n"
            + "\n".join(rows)
            + "\n"
        )

    pic = "image\n\n" if image else ""
    speeds = [(20000 + a, 20000 + b) for a, b in values]
    text = (
        "Two draft heads compared, batch size 1.\n\nThroughput Comparison\n\n"
        + pic
        + table(speeds)
        + "\nAverage Acceptance Length\n\n"
        + pic
        + table(values)
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [x / 100 for ab in values for x in ab]
    assert all(r.accept_length is None for r in got)


def test_near_misses_are_no_table() -> None:
    for text in (
        # a header of more words than the rows have cells: its columns are not known
        "Target Draft mean accept length speed\nbig small 2.41 11.2\n",
        # a header holding a number, or ending a sentence
        "Target Draft top 5 accept length\nbig small 2.41 11.2\n",
        "We measured these:\nx 1.5 2.5\ny 2.0 2.1\n",
        # one number a row, its words each a cell
        "Target Draft accepted/step\nbig small 2.41\nbig tiny 2.30\n",
        # a label's row alone, or one of another shape below it
        "Set a b Difference\nx 1.5 2.5 b +6.0%\n",
        "Set a b Difference\nx 1.5 2.5 b +6.0%\ny 2.0 b +5.0%\n",
        # a label's rows spaced wider in places: the spaces tell the columns (aligned columns)
        "Set a b Difference\nx  1.5 2.5 b +6.0%\ny  2.0 2.1 b +5.0%\n",
        # prose
        "The runs were short\nwe saw 1.5 then 2.5 at most\nand 2.0 later\n",
        # a label's rows under a line that does not open the block (a command's flags)
        "serve --model m \\\n--dtype auto \\\n--memory-share 0.9 \\\n--parallel-size 8 \\\n",
    ):
        assert all(g.structure != "spaced table" for g in _grid(text)), text
        assert all(r.structure != "spaced table" for r in read_paste(_INTRO + text).records)
    # a row ending in another number of numbers ends the table
    text = (
        "Target Draft Mode accepted/step speed\nbig small greedy 2.41 11.2\nbig 1 1.9 2.41 11.2\n"
    )
    (g,) = _grid(text)
    assert [c for _, c in g.rows] == [["big", "small", "greedy", "2.41", "11.2"]]


def test_a_list_of_key_value_bullets_under_a_title_is_no_table() -> None:
    # a title of three words over '- name: value rest' bullets: a list, not a table copied with
    # single spaces (its rows would split '0 / 120 or so' into cells and lose the hedge)
    text = "EAGLE draft, k=2\n- acceptance rate: 0 / 120 or so\n- throughput: 41.2 tok/s\n"
    got = read_paste(text).records
    assert all("table" not in r.structure for r in got)
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(["Draft acceptance per step", "### Draft acceptance per step"]),
    key=st.sampled_from(["Step:", "Draft step =", "Pos:"]),
    n=st.integers(2, 5),
)
def test_key_value_rows_and_a_heading_are_no_spaced_table(
    read: Read, title: str, key: str, n: int
) -> None:
    # 'Step: 0 1 2' is a key and its values, and a markdown heading a title: no header over
    # rows (whose cells would give the title's 'acceptance' column a 0 of the steps' row)
    text = f"{title}\n{key} " + " ".join(map(str, range(n))) + "\nRun 0.9 0.8" + " 0.7" * (n - 2)
    assert all(g.structure != "spaced table" for g in _grid(text))
    assert all("spaced" not in r.structure for r in read(text + "\n").records)
    # the same rows without the key's colon under a plain title are a table, as before
    plain = "Mode acceptance rate\nbase 0.61 0.52\nwide 0.66 0.58\n"
    assert [g.structure for g in _grid(plain)] == ["spaced table"]
