"""A value with a pooling word alone closing its clause ('the short arm ran 40.2 at 0.77
aggregate.'), after an acceptance figure of the same block qualified by the same word
('acceptance 0.4-0.9 (0.71 aggregate from the logs)'): the same figure of another run, its own
record. Another pooling word, another kind of value (a percentage after a share of one), a
clause naming another measure, or no acceptance figure so qualified before it: no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.integers(40, 95),
    second=st.integers(40, 95),
    word=st.sampled_from(["aggregate", "pooled", "overall"]),
    percent=st.booleans(),
    wrap=st.booleans(),
    lead=st.sampled_from(["at", "with"]),
    tail=st.sampled_from([".", ", a bit slower.", ")", ""]),
)
def test_the_second_run_is_read(
    first: int, second: int, word: str, percent: bool, wrap: bool, lead: str, tail: str
) -> None:
    v1 = f"{first}%" if percent else f"0.{first:02d}"
    v2 = f"{second}%" if percent else f"0.{second:02d}"
    sep = "\n" if wrap else " "
    text = (
        f"**Setup:** four cards, depth 3, acceptance 30-99 ({v1} {word} from the logs).{sep}"
        f"The depth 2 arm (from the launch script) measured 40.2 {lead} {v2} {word}{tail}\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [first / 100, second / 100]


def test_near_misses_read_no_second_record() -> None:
    base = "**Setup:** four cards, depth 3, acceptance 30-99 (0.71 aggregate from the logs). "
    for later in (
        "The depth 2 arm measured 40.2 at 0.77 overall.",  # another pooling word
        "The depth 2 arm measured 40.2 at 77% aggregate.",  # a percentage after a share
        "The depth 2 arm had its throughput at 0.77 aggregate.",  # another measure
        "The depth 2 arm measured 40.2 at 0.77 aggregate speedup.",  # a noun after it
    ):
        got = read_paste(base + later + "\n").records
        assert [r.printed_rate for r in got] == [0.71], later


def test_no_qualified_acceptance_before_reads_nothing() -> None:
    for text in (
        "The depth 2 arm measured 40.2 at 0.77 aggregate.\n",
        "Acceptance was 0.71 on code. The depth 2 arm measured 40.2 at 0.77 aggregate.\n",
    ):
        got = read_paste(text).records
        assert all(r.printed_rate != 0.77 for r in got), text
