"""Statistics lines that each print their run's per-position rates (vLLM's SpecDecoding
metrics line without its mean length): every line its own list, its own length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _line(acc: int, drafted: int, rates: list[float], avg: float) -> str:
    listed = ", ".join(f"{p:.3f}" for p in rates)
    return (
        f"Accepted throughput: {acc / 10:.2f} tokens/s, Drafted throughput: {drafted / 10:.2f} "
        f"tokens/s, Accepted: {acc} tokens, Drafted: {drafted} tokens, Per-position acceptance "
        f"rate: {listed}, Avg Draft acceptance rate: {avg:.1f}%"
    )


def test_two_statistics_lines_each_get_their_own_rates() -> None:
    from specdiag.core.logs.paste import read_paste

    rates_a = [0.702, 0.455, 0.281, 0.144]
    rates_b = [0.881, 0.690, 0.512, 0.330]
    text = (
        "Per-run statistics:\n\n"
        + _line(1582, 4000, rates_a, 100 * sum(rates_a) / 4)
        + "\n"
        + _line(2413, 4000, rates_b, 100 * sum(rates_b) / 4)
        + "\n"
    )
    got = read_paste(text).records
    assert [r.first_line for r in got] == [3, 4]
    assert [len(r.per_position) for r in got] == [4, 4]
    for r, want in zip(got, (rates_a, rates_b), strict=True):
        assert r.accept_length is not None and abs(r.accept_length - (1 + sum(want))) < 1e-6


@settings(max_examples=examples(25), deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=1, max_value=950), min_size=2, max_size=7).map(
            lambda xs: sorted(xs, reverse=True)
        ),
        min_size=2,
        max_size=4,
    ),
)
def test_every_statistics_line_is_given_one_plus_its_own_rates(
    read: Read, runs: list[list[int]]
) -> None:
    lines = []
    for milli in runs:
        rates = [m / 1000 for m in milli]
        k = len(rates)
        steps = 500
        acc = round(steps * sum(rates))
        lines.append(_line(acc, steps * k, rates, 100 * sum(rates) / k))
    got = read("\n".join(lines) + "\n").records
    assert len(got) == len(runs)
    for r, milli in zip(got, runs, strict=True):
        want = 1 + sum(milli) / 1000
        assert r.accept_length is not None and abs(r.accept_length - want) < 1e-6, r.bonus
        assert len(r.per_position) == len(milli)


def test_a_line_whose_rate_is_not_its_rates_mean_gets_no_length() -> None:
    """Negative control: the second line's printed rate disagrees with its list's mean (the
    rates are of another definition): no length for it, and the first line's list is never
    lent to it."""
    from specdiag.core.logs.paste import read_paste

    rates = [0.650, 0.400, 0.200]
    text = (
        _line(1250, 3000, rates, 100 * sum(rates) / 3)
        + "\n"
        + _line(900, 3000, [0.600, 0.300, 0.100], 71.0)
        + "\n"
    )
    got = read_paste(text).records
    assert len(got) == 2
    assert got[0].accept_length is not None and abs(got[0].accept_length - 2.25) < 1e-6
    assert got[1].accept_length is None
