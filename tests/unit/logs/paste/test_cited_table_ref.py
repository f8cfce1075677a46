"""A figure its sentence credits to a source's table, figure or section named before it ('in
Table 2 of your paper, the mean accepted length is 2.71'), with no first person in the sentence,
is that source's figure quoted: no record, alone in the paste too. The writer's own run ('we
measured', 'in Table 2 of our paper'), a figure only said to be reported ('is reported as 1.0 in
the server log'), or a source with no table, figure or section reference keep it read (cited.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_REF = st.sampled_from(
    [
        "in Table {n} of your paper, ",
        "In Fig. {n} of the authors' report, ",
        "According to Figure {n} in their preprint, ",
        "Section {n} of the tech report states that ",
        "the paper's Table {n} says ",
    ]
)
_NAME = st.sampled_from(["the mean acceptance length is", "the accept length reaches", "AL ="])
_LEAD = st.sampled_from(["", "Quick question. ", "Thanks for the release. "])


def _length(a: int, b: int) -> str:
    return f"{a}.{b:02d}"


@settings(max_examples=examples(60), deadline=None)
@given(
    ref=_REF,
    name=_NAME,
    lead=_LEAD,
    n=st.integers(1, 9),
    a=st.integers(2, 5),
    b=st.integers(11, 99),
)
def test_a_figure_of_a_sources_table_is_quoted(
    read: Read, ref: str, name: str, lead: str, n: int, a: int, b: int
) -> None:
    line = f"{lead}{ref.format(n=n)}{name} {_length(a, b)}.\n"
    assert [x.printed_length for x in read("# A question\n\n" + line).records] == []


@settings(max_examples=examples(40), deadline=None)
@given(
    ref=st.sampled_from(["in Table {n} of our paper, ", "after reading Table {n} of the paper, "]),
    own=st.sampled_from(["we measured", "I got"]),
    n=st.integers(1, 9),
    a=st.integers(2, 5),
    b=st.integers(11, 99),
)
def test_negative_control_first_person_stays(
    read: Read, ref: str, own: str, n: int, a: int, b: int
) -> None:
    line = f"{ref.format(n=n)}{own} a mean acceptance length of {_length(a, b)}.\n"
    assert [x.printed_length for x in read("# A result\n\n" + line).records] == [
        float(_length(a, b))
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    line=st.sampled_from(
        [
            "we measured it and the mean accept length is reported as {v}.",
            "The mean accept length is reported as {v} in the server log.",
            "The mean accept length is reported as {v} by sglang.",
            "In the paper, the mean acceptance length is {v}.",
            "Table {n} below: the mean acceptance length is {v}.",
        ]
    ),
    n=st.integers(1, 9),
    a=st.integers(2, 5),
    b=st.integers(11, 99),
)
def test_negative_control_no_reference_or_a_printer_stays(
    read: Read, line: str, n: int, a: int, b: int
) -> None:
    v = _length(a, b)
    text = "# A result\n\n" + line.format(v=v, n=n) + "\n"
    assert [x.printed_length for x in read(text).records] == [float(v)]
