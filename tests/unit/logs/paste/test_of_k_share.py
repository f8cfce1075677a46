"""'acceptance (A of K, R%)': A drafts accepted on average of the K drafted per step, and their
share. Where A / K gives R (within rounding) the length is 1 + A (the bonus left out of A);
where it does not, the rate R as printed, A and K shown, the failed identity the rule, and no
normalised figure claimed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(1, 8), st.integers(1, 99)),
        min_size=1,
        max_size=4,
        unique_by=lambda x: x[0],
    ),
    shape=st.sampled_from(
        [
            "k={k}: acceptance ({a} of {k}, {p})",
            "- k={k} — acceptance ({a} of {k}, {p})",
            "K={k}  accept ({a} out of {k} drafted, {p})",
        ]
    ),
)
def test_a_share_that_agrees_gives_the_length(runs: list[tuple[int, int]], shape: str) -> None:
    lines = []
    want = []
    for k, frac in runs:
        a = round(k * frac / 100, 1)
        if a <= 0:
            continue
        pct = round(100 * a / k)
        lines.append(shape.format(k=k, a=f"{a:.1f}", p=f"{pct}%"))
        want.append((a, round(1 + a, 6), pct / 100))
    if not lines:
        return
    got = read_paste("EAGLE-3 draft budget sweep on MT-bench:\n" + "\n".join(lines) + "\n").records
    assert [
        (r.printed_length, r.accept_length, round(r.printed_rate or -1, 2)) for r in got
    ] == want
    assert all(r.bonus.value == "excluded" for r in got)


def test_the_example_of_the_docs() -> None:
    (r,) = read_paste("k=4: acceptance (2.1 of 4, 52%)\n").records
    assert (r.printed_length, r.accept_length, r.printed_rate) == (2.1, 3.1, 0.52)
    assert ("k", "4") in r.labels


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 8),
    a10=st.integers(5, 15),
    off=st.integers(8, 40),
    sign=st.sampled_from([1, -1]),
    runs=st.integers(1, 3),
)
def test_a_share_that_disagrees_is_read_with_its_identity_failed(
    k: int, a10: int, off: int, sign: int, runs: int
) -> None:
    # the line was read: the rate as printed, A and K shown, the failed identity the rule; no
    # length (A may count the bonus) and no per-draft rate (R may be another share)
    a = a10 / 10
    ps = [round(100 * a / (k + i)) + sign * off for i in range(runs)]
    if not all(0 < p <= 100 for p in ps):
        return
    lines = [f"k={k + i}: acceptance ({a:.1f} of {k + i}, {p}%)" for i, p in enumerate(ps)]
    got = read_paste("\n".join(lines) + "\n").records
    assert len(got) == runs
    for i, r in enumerate(got):
        assert (r.printed_length, r.accept_length, r.accept_rate) == (None, None, None)
        assert r.printed_rate is not None and abs(r.printed_rate - ps[i] / 100) < 1e-9
        assert r.bonus.value == "unknown" and r.bonus.rule.startswith("identity failed")
        assert r.rate_basis.value == "unknown"
        assert (f"acceptance (accepted of {k + i} drafted per step)", f"{a:.1f}") in r.fields
        assert ("k", str(k + i)) in r.labels


def test_the_disagreeing_example_of_the_docs() -> None:
    (r,) = read_paste("k=4: acceptance (2.1 of 4, 70%)\n").records
    assert (r.printed_length, r.accept_length, r.printed_rate) == (None, None, 0.7)
    assert "2.1 accepted of 4 drafted per step is 52.5%, not the printed 70%" in r.bonus.rule


def test_negative_control_more_accepted_than_drafted_claims_nothing() -> None:
    assert read_paste("k=2: acceptance (2.4 of 2, 70%)\n").records == ()


def test_negative_control_a_count_of_items_is_no_share() -> None:
    text = "Release acceptance (3 of 4 sign-offs, 75%) is due Friday.\n"
    assert read_paste(text).records == ()
