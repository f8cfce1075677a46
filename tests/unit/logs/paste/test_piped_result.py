"""A server's verbose line of one speculative result, a message then a `|` then its `key=value`
fields (`speculative decoding result | slot=1 accepted=A total=B ...`), is the accepted drafts
A of the B proposed: a counts record, rate A / B, no length. A message naming no speculation,
a line with no `|` message, a count above its total or two totals stay unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MESSAGE = st.sampled_from(
    [
        "speculative decoding result",
        "draft verify done",
        "spec-dec step result",
        "mtp draft accepted",
    ]
)
_DRAFTED = st.sampled_from(["total", "drafted", "proposed"])
_PREFIX = st.sampled_from(["", "VERB [ verify_slot] ", "DEBUG 12:01:07 ", "[srv] "])


def _paste(rows: list[str]) -> str:
    return (
        "Trying the draft on a repeated prompt, the server says:\n\n```\n"
        + "\n".join(rows)
        + "\n```\n"
    )


def _line(prefix: str, message: str, a: int, b: int, drafted: str, order: bool) -> str:
    counts = [f"accepted={a}", f"{drafted}={b}"]
    if not order:
        counts.reverse()
    return f'{prefix}{message} | tid="9071" id_slot=1 {counts[0]} {counts[1]} n_past=77'


@settings(max_examples=examples(50), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(1, 40), st.integers(1, 40)).map(lambda p: (min(p), max(p))),
        min_size=1,
        max_size=4,
        unique=True,
    ),
    prefix=_PREFIX,
    message=_MESSAGE,
    drafted=_DRAFTED,
    order=st.booleans(),
)
def test_a_piped_result_line_is_its_counts(
    runs: list[tuple[int, int]], prefix: str, message: str, drafted: str, order: bool
) -> None:
    rows = [_line(prefix, message, a, b, drafted, order) for a, b in runs]
    got = read_paste(_paste(rows)).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == runs
    assert [r.accept_rate for r in got] == [round(a / b, 6) for a, b in runs]
    assert all(r.printed_length is None and r.accept_length is None for r in got)


def test_the_piped_result_through_the_logs(read: Read) -> None:
    rows = ["speculative decoding result | id_slot=0 accepted=7 total=9 new_n_past=51"]
    got = read(_paste(rows)).records
    assert [(r.accepted_tokens, r.drafted_tokens, r.accept_length) for r in got] == [(7, 9, None)]


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(1, 40),
    b=st.integers(1, 40),
    message=st.sampled_from(["request finished", "batch done", "slot released"]),
)
def test_negative_control_a_message_naming_no_speculation_is_unread(
    a: int, b: int, message: str
) -> None:
    # ('total' may count requests or tokens there; 'drafted=' is read by the key-value reader
    # wherever it stands, so the near-miss is the bare 'total')
    rows = [f"{message} | id_slot=0 accepted={min(a, b)} total={max(a, b)} n_past=9"]
    assert read_paste(_paste(rows)).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(2, 40), d=st.integers(1, 30))
def test_negative_control_a_count_above_its_total_is_unread(a: int, d: int) -> None:
    rows = [f"speculative decoding result | accepted={a + d} total={a} n_past=9"]
    assert read_paste(_paste(rows)).records == ()


def test_negative_control_no_piped_message_or_two_totals_is_unread() -> None:
    for row in (
        "speculative decoding result accepted=5 total=8 n_past=9",
        "speculative decoding result | accepted=5 total=8 total=9",
    ):
        assert read_paste(_paste([row])).records == (), row
