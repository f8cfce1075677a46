"""A results table whose only rate is one run's, and a breakdown elsewhere in the paste printing
that run's means: accepted drafts a step (the bonus excluded, told by the breakdown itself) and
drafted tokens a step, their quotient the table's rate within the rounding of all three figures:
one run told twice, one record (the breakdown's, its length decided). A rate the means do not
give, or a table of several rates (a sweep), stays a record of its own."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(rates: list[str], drafted: int, accepted: int, order: int, spelled: str) -> str:
    rows = "".join(
        f"| head v{i} | {400 - 10 * i} | {r} | {1.1 + i / 10:.2f}x |\n" for i, r in enumerate(rates)
    )
    results = (
        "### Runs\n\n| Setup | Decode (ms) | Accept | Gain |\n|---|---|---|---|\n"
        "| plain | 500 | --- | 1.00x |\n" + rows
    )
    items = [
        f"| {spelled} drafted tokens | {drafted / 10:.1f} |",
        f"| {spelled} accepted tokens | {accepted / 10:.1f} |",
    ]
    if order:
        items.reverse()
    breakdown = (
        "### Where the time goes\n\n| Item | Value |\n|---|---|\n"
        + "\n".join(items)
        + f"\n| Tokens gained per verify | {accepted / 10 + 1:.1f} (accepted + 1 bonus) |\n"
        "| Verify cost | 35 ms |\n"
    )
    return results + "\n" + breakdown


# (drafted, accepted) in tenths: up to 30.0 drafted a step, 0.5 to 8.0 accepted of them
_MEANS = st.tuples(st.integers(40, 300), st.integers(5, 95)).map(
    lambda t: (t[0], min(80, max(5, t[0] * t[1] // 100)))
)


@settings(max_examples=examples(40), deadline=None)
@given(means=_MEANS, order=st.integers(0, 1), spelled=st.sampled_from(["Mean", "Avg", "Average"]))
def test_the_rate_of_the_means_is_one_run(
    read: Read, means: tuple[int, int], order: int, spelled: str
) -> None:
    drafted, accepted = means
    rate = f"{100 * accepted / drafted:.1f}%"
    got = read(_paste([rate], drafted, accepted, order, spelled)).records
    assert len(got) == 1
    assert got[0].accept_length == round(accepted / 10 + 1, 6)


@settings(max_examples=examples(40), deadline=None)
@given(means=_MEANS, off=st.sampled_from([-9.0, -3.5, 2.5, 8.0]))
def test_a_rate_the_means_do_not_give_stays(read: Read, means: tuple[int, int], off: float) -> None:
    drafted, accepted = means
    share = 100 * accepted / drafted + off
    if not 0 < share < 100:
        return
    # (a share the means give within their rounding, and the share's own, is their rate: 97.5%
    # beside 3.8 of 4.0 drafted, which may be 3.85 / 3.95)
    lo, hi = (accepted - 0.5) / (drafted + 0.5), (accepted + 0.5) / (drafted - 0.5)
    assume(not lo - 0.0005 <= share / 100 <= hi + 0.0005)
    got = read(_paste([f"{share:.1f}%"], drafted, accepted, 0, "Mean")).records
    assert len(got) == 2


@settings(max_examples=examples(30), deadline=None)
@given(means=_MEANS, other=st.integers(5, 95))
def test_a_sweep_of_rates_stays_whole(read: Read, means: tuple[int, int], other: int) -> None:
    """Two rows of rates: which of them the means belong to is not told; both stay."""
    drafted, accepted = means
    rates = [f"{100 * accepted / drafted:.1f}%", f"{other}.0%"]
    got = read(_paste(rates, drafted, accepted, 0, "Mean")).records
    assert sum(1 for r in got if r.printed_rate is not None) == 2
