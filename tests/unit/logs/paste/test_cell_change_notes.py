"""A cell holding a value with its spread and a bracketed note on its change against another
column ('84.0 ± 0.4 % (+1.1 pp, p=0.59, no detectable difference)'): the value, the note no figure
of its own; a bracket holding a second plain figure after the change stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(400, 990),
    b=st.integers(400, 990),
    note=st.sampled_from(
        ["p=0.41, within noise", "t-test p=0.2 — no difference", "not significant"]
    ),
)
def test_columns_of_a_transposed_table_with_a_noted_change_are_each_a_record(
    a: int, b: int, note: str
) -> None:
    text = (
        "| | cache on | cache off |\n|---|---|---|\n"
        f"| draft acceptance (n=3) | {a / 10:.1f} ± 1.2 % | {b / 10:.1f} ± 0.6 % "
        f"({(b - a) / 10:+.1f} pp, {note}) |\n"
        "| throughput | 120.5 tok/s | 180.2 tok/s |\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [a / 1000, b / 1000]


def test_a_second_plain_figure_after_the_change_is_no_note() -> None:
    assert C.value("2.61 (+0.31, 3.2)") is None
    assert C.value("2.61 (+0.31, " + "x" * 120 + ")") is None
    assert C.value("84.0 ± 0.4 % (+1.1 pp, no difference)") is not None
