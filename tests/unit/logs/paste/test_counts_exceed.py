"""A block whose total of accepted draft tokens exceeds its total of drafted ones
(counts_exceed.py) was printed by no run: its figures are unread, shown as not understood, no
record from it. Accepted no more than drafted, a bare 'draft tokens' setting, or a count with
the bonus in it reads the block as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import counts_exceed as CE
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_DRAFTED = st.sampled_from(
    ["Total Draft Tokens", "drafted tokens", "total_drafted_tokens", "Draft tokens total"]
)
_ACCEPTED = st.sampled_from(
    ["Total Accepted Tokens", "accepted tokens", "num_accepted_tokens", "Accepted draft tokens"]
)
_SEP = st.sampled_from([": ", " = ", ":   "])


def _grouped(n: int, commas: bool) -> str:
    return f"{n:,}" if commas else str(n)


def _block(dk: str, ak: str, sep: str, drafted: str, accepted: str, length: str) -> str:
    return (
        "## Reading the output\n\n"
        "The metrics file holds:\n\n"
        "```\n"
        f"Mean acceptance length{sep}{length}\n"
        f"{dk}{sep}{drafted}\n"
        f"{ak}{sep}{accepted}\n"
        "```\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    dk=_DRAFTED,
    ak=_ACCEPTED,
    sep=_SEP,
    drafted=st.integers(100, 500_000),
    more=st.integers(1, 400_000),
    commas=st.booleans(),
    length=st.integers(120, 390),
)
def test_more_accepted_than_drafted_is_no_record(
    dk: str, ak: str, sep: str, drafted: int, more: int, commas: bool, length: int
) -> None:
    text = _block(
        dk,
        ak,
        sep,
        _grouped(drafted, commas),
        _grouped(drafted + more, commas),
        f"{length / 100:.2f}",
    )
    got = read_paste(text)
    assert got.records == ()
    assert got.unread


@settings(max_examples=examples(30), deadline=None)
@given(
    dk=_DRAFTED,
    ak=_ACCEPTED,
    sep=_SEP,
    drafted=st.integers(100, 500_000),
    share=st.integers(0, 100),
    commas=st.booleans(),
)
def test_no_more_accepted_than_drafted_is_no_such_block(
    dk: str, ak: str, sep: str, drafted: int, share: int, commas: bool
) -> None:
    accepted = drafted * share // 100
    lines = [f"{dk}{sep}{_grouped(drafted, commas)}", f"{ak}{sep}{_grouped(accepted, commas)}"]
    assert CE.exceeded(lines) is None


@settings(max_examples=examples(20), deadline=None)
@given(
    drafted=st.sampled_from(
        [
            "Draft tokens: {d}",
            "num_draft_tokens = {d}",
            "Total draft tokens: {d}%",
            "Total draft tokens: {d}.5",
        ]
    ),
    accepted=st.sampled_from(
        [
            "Accepted tokens: {a}",
            "Accepted tokens (incl. bonus): {a}",
            "Accepted + bonus tokens: {a}",
            "Total accepted tokens: {a}",
        ]
    ),
    d=st.integers(2, 9),
    a=st.integers(20, 900),
)
def test_near_misses_are_no_such_block(drafted: str, accepted: str, d: int, a: int) -> None:
    # a setting (the drafts a step), a percent, a decimal, or an accepted count with the bonus
    # in it: no impossible pair of totals
    lines = [drafted.format(d=d), accepted.format(a=a)]
    assert CE.exceeded(lines) is None


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(200, 900),
    d=st.integers(1000, 9000),
    bonus=st.sampled_from(["Accepted tokens incl. bonus", "Emitted accepted tokens"]),
)
def test_a_count_with_the_bonus_beside_a_true_pair_still_reads(a: int, d: int, bonus: str) -> None:
    lines = [f"Total drafted tokens: {d}", f"Accepted tokens: {a}", f"{bonus}: {d + a}"]
    assert CE.exceeded(lines) is None
