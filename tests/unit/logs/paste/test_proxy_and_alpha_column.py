"""A figure named a proxy (`accept length proxy`, `mean accepted tokens per step proxy`) stands
in for the measure (a teacher-forced or training estimate): no record. A table's bare `α`
column beside a column of the draft tokens (`k`, `drafted`) is speculative decoding's
acceptance rate: a rate record a row, no length."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_EVAL = (
    "Offline estimate after training the small draft:\n\n"
    "- first-token agreement: `88.10%`\n"
    "- mean accepted tokens per draft step{proxy}: `2.4125`\n"
)


def test_a_proxy_is_no_record(read: Read) -> None:
    assert read(_EVAL.format(proxy=" proxy")).records == ()
    assert read("The accept length (proxy) came to 2.7 on the held-out set.\n").records == ()


def test_the_same_line_without_proxy_is_read(read: Read) -> None:
    assert [r.printed_length for r in read(_EVAL.format(proxy="")).records] == [2.4125]


_ALPHA = (
    "## Draft pre-check\n\n"
    "| variant | {k} | drafted | α | predicted |\n"
    "|---|--:|--:|--:|--:|\n"
    "| small draft | 2 | 120 | {a}% | 1.30× |\n"
    "| n-gram | 2 | 15 | 35.0% | 0.98× |\n"
)


def test_an_alpha_column_beside_the_drafts_is_a_rate(read: Read) -> None:
    got = read(_ALPHA.format(k="k", a="91.5")).records
    assert [(r.printed_rate, r.printed_length, r.accept_length) for r in got] == [
        (0.915, None, None),
        (0.35, None, None),
    ]


def test_an_alpha_column_without_drafts_is_not_read(read: Read) -> None:
    # (no column of draft tokens: α may be any weight)
    text = _ALPHA.format(k="k", a="91.5").replace("| drafted ", "| batches ")
    text = text.replace("| 2 |", "| 3 |").replace("| k |", "| rank |")
    assert read(text).records == ()


@given(a=st.integers(min_value=1, max_value=999))
def test_any_alpha_cell(read: Read, a: int) -> None:
    got = read(_ALPHA.format(k="k", a=f"{a / 10:.1f}")).records
    assert got and got[0].printed_rate is not None
    assert abs(got[0].printed_rate - a / 1000) < 1e-9
