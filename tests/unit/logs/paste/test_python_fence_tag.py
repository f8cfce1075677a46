"""A fence naming Python as its block's language (```` ```python ````, `py`) is the writer's word
that the block is source: with one more kind of statement (a `for ... in ...:` loop) the block's
statements (an accumulator set to zero, its sum, its division) are code, no run. A fence naming
no language, or a Python fence holding assignments alone, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.python_code import code_lines
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["mean_accept_len", "acceptance_length", "avg_al", "accept_length"])
_TAGS = st.sampled_from(["python", "py", "Python", "python3"])
_FENCES = st.sampled_from(["```", "~~~"])
# (names read alone as a length, for the near misses)
_READ_NAMES = st.sampled_from(["accept_length", "acceptance_length", "mean_acceptance_length"])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    tag=_TAGS,
    fence=_FENCES,
    start=st.sampled_from(["0", "0.0"]),
    item=st.sampled_from(["row", "rec", "sample"]),
    comment=st.booleans(),
)
def test_a_python_fenced_loop_is_source(
    read: Read, name: str, tag: str, fence: str, start: str, item: str, comment: bool
) -> None:
    body = (
        f"{name} = {start}\n\n"
        f"for {item} in rows:\n"
        + (f"    # add up every {item}'s length\n" if comment else "")
        + f"    {name} += {item}['steps'] / {item}['n'] + 1\n\n"
        f"{name} /= len(rows)\n"
    )
    text = f"Script:\n{fence}{tag}\n{body}{fence}\n"
    assert read(text).records == (), text
    lines = text.splitlines()
    assert 3 in code_lines(lines)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_READ_NAMES,
    tag=st.sampled_from(["", "text", "console", "log"]),
    fence=_FENCES,
    value=st.integers(150, 480).map(lambda v: v / 100),
    item=st.sampled_from(["row", "rec", "sample"]),
)
def test_a_loop_under_a_fence_naming_no_python_stays_read(
    read: Read, name: str, tag: str, fence: str, value: float, item: str
) -> None:
    text = f"Output:\n{fence}{tag}\nfor {item} in rows:\n{name} = {value}\n{fence}\n"
    assert [r.printed_length for r in read(text).records] == [value], text


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_READ_NAMES,
    tag=_TAGS,
    fence=_FENCES,
    value=st.integers(150, 480).map(lambda v: v / 100),
)
def test_a_python_fence_of_assignments_alone_stays_read(
    read: Read, name: str, tag: str, fence: str, value: float
) -> None:
    text = f"Result:\n{fence}{tag}\n{name} = {value}\n{fence}\n"
    assert [r.printed_length for r in read(text).records] == [value], text
