"""Lines of one field each, a name written as a program's identifier and its value after a
space (`STAT MEAN_ACCEPT 1.2500`, `avg_accept 2.41`), perhaps under a common lead word: a
statistic's bare `accept` is told by its value as a keyed `mean_accept:` is (a fraction a rate,
a decimal above 1 a length of unknown convention); exactly 1 is one token a step, a length of
unknown convention, unless the field's own counts accept every draft (then the rate 1). A comment
line over such lines (`# second run`) is no table header of single-spaced cells (flat_table.py).
Near misses: `accept` in a sentence, a unit after the value, a name that is no identifier."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_STAT = st.sampled_from(["MEAN", "mean", "AVG", "avg", "average", "MEDIAN"])
_LEAD = st.sampled_from(["", "STAT ", "metric ", "RESULT "])
_ACCEPT = st.sampled_from(["ACCEPT", "accept", "ACCEPTANCE"])


@given(
    lead=_LEAD,
    stat=_STAT,
    acc=_ACCEPT,
    runs=st.lists(st.integers(101, 480), min_size=1, max_size=3),
    comment=st.sampled_from(["# run {i}", "// run {i}", "-- run {i}", ""]),
    fence=st.booleans(),
)
def test_identifier_lengths_one_record_a_run(
    read: Read, lead: str, stat: str, acc: str, runs: list[int], comment: str, fence: bool
) -> None:
    blocks = []
    for i, h in enumerate(runs):
        head = [comment.format(i=i)] if comment else []
        blocks.append(
            "\n".join(
                [
                    *head,
                    f"{lead}DECODE_TPS {60 + i}.5",
                    f"{lead}{stat}_{acc} {h / 100:.4f}",
                    f"{lead}LOSSLESS 1",
                ]
            )
        )
    body = "\n\n".join(blocks)
    text = "Speculative draft check, two builds:\n\n" + (
        f"```text\n{body}\n```\n" if fence else body + "\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(h / 100) for h in runs]
    assert all(r.accept_length is None for r in got)  # (the convention unknown)


@given(lead=_LEAD, stat=_STAT, share=st.integers(5, 95))
def test_identifier_fraction_is_a_rate(read: Read, lead: str, stat: str, share: int) -> None:
    text = f"Draft model run.\n\n{lead}{stat}_ACCEPT 0.{share:02d}00\n{lead}TPS 41.0\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(share / 100)]
    assert got[0].printed_length is None


@given(lead=_LEAD, stat=_STAT)
def test_exactly_one_is_one_token_a_step(read: Read, lead: str, stat: str) -> None:
    text = f"Draft model run.\n\n{lead}{stat}_ACCEPT 1.0000\n{lead}TPS 41.0\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(1.0)]
    assert got[0].accept_length is None and got[0].printed_rate is None


def test_exactly_one_beside_counts_accepting_every_draft_is_the_rate(read: Read) -> None:
    text = (
        "Draft model run.\n\nSTAT ROUNDS 50\nSTAT PROPOSED 150\nSTAT ACCEPTED_DRAFT 150\n"
        "STAT MEAN_ACCEPT 1.0000\n"
    )
    got = read(text).records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(1.0)
    assert got[0].accept_length == pytest.approx(4.0)  # (1 + 150 / 50)


@pytest.mark.parametrize(
    "text",
    [
        # a sentence's words, no identifier
        "With the draft on we mean accept 2.41 as good enough.\n",
        # a unit after the value: a count of something else
        "Draft model run.\n\nMEAN_ACCEPT 2.41 requests\n",
        # a value with more after it on the line
        "Draft model run.\n\nMEAN_ACCEPT 2.41 3.10\n",
        # no statistic before the bare word
        "Draft model run.\n\nMY_ACCEPT 2.41\n",
    ],
)
def test_near_misses_read_nothing(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize("mark", ["#", "##", "//", "--", ";"])
def test_a_comment_line_is_no_header(mark: str) -> None:
    from specdiag.core.logs.paste.flat_table import respaced

    rows = [(2, "chat 1.31x 2.41"), (3, "code 1.52x 2.93")]
    # a header of words over single-spaced rows, acceptance named: put back as a pipe table
    table = respaced([(1, "task speedup accept length"), *rows], lambda _: False)
    assert table[0] == (1, "| task | speedup | accept length |")
    # the same rows under a comment naming acceptance above: left as they are
    above = [(0, "STAT MEAN_ACCEPT 1.5000"), (1, f"{mark} second build")]
    assert respaced([*above, *rows], lambda _: False) == [*above, *rows]
