"""A cell's value with the subset or condition it was measured on in brackets after it, one or
two words of letters (`3.41 (chat)`, `**2.87** (code set)`, `64% (greedy)`): that run's figure,
read as a plain cell (cells._labelled). Words saying it was not measured (`(est)`, `(target)`),
was measured in another state or convention (`(no bonus)`, `(baseline)`, `(broken)`), more than
two words or a bracket holding a figure leave the cell unread as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.unit.logs.paste.pipeline import Read

_LABEL = st.sampled_from(["chat", "narr", "code set", "greedy", "long-context", "Math", "摘要"])
_NOT_RUN = st.sampled_from(
    [
        "est",
        "estimated",
        "target",
        "theoretical",
        "no bonus",
        "excl bonus",
        "baseline",
        "broken",
        "projected",
        "max",
        "paper",
        "off",
        "AR",
        "vanilla",
    ]
)


@given(label=_LABEL, v=st.integers(120, 690), bold=st.booleans(), bracket=st.booleans())
def test_a_labelled_value_is_the_cells_figure(
    label: str, v: int, bold: bool, bracket: bool
) -> None:
    num = f"{v / 100:.2f}"
    cell = (f"**{num}**" if bold else num) + (f" [{label}]" if bracket else f" ({label})")
    got = C.value(cell)
    assert got is not None and got.number == round(v / 100, 2)


@given(label=_NOT_RUN, v=st.integers(120, 690))
def test_a_bracket_saying_no_run_leaves_the_cell(label: str, v: int) -> None:
    assert C.value(f"{v / 100:.2f} ({label})") is None


@given(v=st.integers(120, 690), words=st.sampled_from(["a b c", "three long words", "2 runs"]))
def test_longer_or_counted_brackets_leave_the_cell(v: int, words: str) -> None:
    assert C.value(f"{v / 100:.2f} ({words})") is None


@given(label=_LABEL, a=st.integers(150, 390), b=st.integers(150, 390))
def test_a_table_reads_labelled_lengths(read: Read, label: str, a: int, b: int) -> None:
    text = (
        "| Setup | Tok/s | AL | Notes |\n| --- | ---: | ---: | --- |\n"
        f"| depth 3 | 88.1 | **{a / 100:.2f}** ({label}) | fine |\n"
        f"| depth 4 | 91.4 | {b / 100:.2f} | fine |\n"
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [round(a / 100, 2), round(b / 100, 2)]


def test_a_target_cell_is_no_record(read: Read) -> None:
    text = (
        "| Setup | Tok/s | AL | Notes |\n| --- | ---: | ---: | --- |\n"
        "| depth 3 | 88.1 | 3.40 (target) | planned |\n"
    )
    assert [r.printed_length for r in read(text).records] == []
