"""Runs each printing a length beside an acceptance rate, no k stated, every length k x rate for
the one whole k fitting them all (none 1 + k x rate): two readings fit the same arithmetic, the
accepted drafts a step with a per-draft rate (bonus excluded) or the tokens a step with a rate
defined as the length over k (SGLang's older accept rate, bonus included). The identity alone
leaves the convention unknown (the printed length kept, the normalised one null); a rate proved
per draft apart from the length (its accepted / drafted counts) decides it, bonus excluded
(k_rate_readings.py, reader._one_k_fits). 1 + k x rate decides as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_RATE_HEADS = ["Accept Rate", "Acceptance rate", "Accept%", "Acceptance Rate (%)"]
_LENGTH_HEADS = ["Accept Length", "Acceptance length", "Mean accept length", "Avg accept len"]


def _table(heads: list[str], rows: list[list[str]]) -> str:
    out = "Draft head results on four benchmarks, each served against the target model.\n\n"
    out += "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


def _lengths(k: int, rates: list[int], bonus: int) -> list[str]:
    # a rate in tenths of a percent: k x rate has three decimals, printed with two
    return [f"{bonus + k * r / 1000:.2f}" for r in rates]


def _k_rates(k: int, least: int = 1100) -> st.SearchStrategy[tuple[int, list[int]]]:
    # a real paste: no length on the rounding's half-way point, every tokens-a-step reading at
    # least 1 (a length below 1 is bonus-excluded by its value: not two readings); rates apart
    rate = st.integers(-(-least // k), 950).filter(lambda r: (k * r) % 10 != 5)
    return st.tuples(st.just(k), st.lists(rate, min_size=3, max_size=5, unique=True))


_K_RATES = st.integers(2, 8).flatmap(_k_rates)


@settings(max_examples=examples(40), deadline=None)
@given(
    k_rates=_K_RATES,
    rate_head=st.sampled_from(_RATE_HEADS),
    length_head=st.sampled_from(_LENGTH_HEADS),
    speed=st.booleans(),
)
def test_lengths_k_times_the_rate_leave_the_convention_unknown(
    read, k_rates: tuple[int, list[int]], rate_head: str, length_head: str, speed: bool
) -> None:
    k, rates = k_rates
    lengths = _lengths(k, rates, 0)
    rows = []
    for i, (r, ln) in enumerate(zip(rates, lengths, strict=True)):
        cells = [f"bench-{chr(97 + i)}", f"{r / 10:.1f}%", ln]
        rows.append([cells[0], f"{120 + 7 * i}.4", *cells[1:]] if speed else cells)
    heads = ["Dataset", *(["Eagle3 tok/s"] if speed else []), rate_head, length_head]
    got = read(_table(heads, rows)).records
    assert [r.printed_length for r in got] == [float(x) for x in lengths]
    # never a convention: bonus excluded (k x rate the accepted drafts) and bonus included
    # (the rate the length over k) both fit
    assert all(r.accept_length is None for r in got)
    assert all(r.bonus.value == "unknown" for r in got)


def test_the_two_readings_are_told(read) -> None:
    # 3.42 = 6 x 0.571, 3.77 = 6 x 0.629, 2.88 = 6 x 0.479, 3.10 = 6 x 0.517 within rounding
    rows = [
        ["HumanEval", "57.1%", "3.42"],
        ["Terminal", "62.9%", "3.77"],
        ["MT-Bench", "47.9%", "2.88"],
        ["SWE", "51.7%", "3.10"],
    ]
    got = read(_table(["Dataset", "Accept Rate", "Accept Length"], rows)).records
    assert [r.printed_length for r in got] == [3.42, 3.77, 2.88, 3.10]
    assert [r.accept_length for r in got] == [None] * 4
    assert all(r.bonus.rule.startswith("two readings fit") for r in got)
    assert all("k = 6" in r.bonus.rule for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(3, 6).flatmap(_k_rates), b=st.integers(3, 6).flatmap(_k_rates))
def test_arms_each_k_times_the_rate_leave_it_unknown(
    read, a: tuple[int, list[int]], b: tuple[int, list[int]]
) -> None:
    (ka, ra), (kb, rb) = a, b
    assume(ka != kb)
    head = "| arm | ms/tok | acceptance | accept len |\n| --- | --- | --- | --- |\n"
    rows = [
        f"| {arm}_{'abcdef'[i]} | {50 + i}.0 | {r / 10:.1f} % | {ln} |"
        for arm, k, rates in (("wide", ka, ra), ("slim", kb, rb))
        for i, (r, ln) in enumerate(zip(rates, _lengths(k, rates, 0), strict=True))
    ]
    got = read("Arms of the same draft head.\n\n" + head + "\n".join(rows) + "\n").records
    assert len(got) == len(ra) + len(rb)
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(k_rates=_K_RATES, drafted=st.integers(2000, 20000))
def test_counts_proving_the_rate_per_draft_decide_it(
    read, k_rates: tuple[int, list[int]], drafted: int
) -> None:
    # the rate is accepted / drafted tokens (the counts' identity): k x rate is the accepted
    # drafts a step, the bonus token left out
    k, rates = k_rates
    drafted -= drafted % 1000  # (the counts' quotient exactly the printed rate)
    rows = [
        [f"run-{chr(97 + i)}", str(r * drafted // 1000), str(drafted), f"{r / 10:.1f}%", ln]
        for i, (r, ln) in enumerate(zip(rates, _lengths(k, rates, 0), strict=True))
    ]
    heads = ["Method", "Accepted", "Drafted", "Accept%", "Accept length"]
    got = read(_table(heads, rows)).records
    want = [float(x) for x in _lengths(k, rates, 0)]
    assert [r.printed_length for r in got] == want
    assert all(r.rate_basis.value == "per_draft_token" for r in got)
    # (another k fitting by chance too leaves it undecided, never wrong)
    assert all(r.accept_length in (None, round(p + 1, 6)) for r, p in zip(got, want, strict=True))
    if all(r.accept_length is not None for r in got):
        assert all(r.bonus.value == "excluded" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    k_rates=st.integers(2, 8).flatmap(lambda k: _k_rates(k, 150)),
    length_head=st.sampled_from(_LENGTH_HEADS),
)
def test_negative_control_one_plus_k_times_the_rate_decides_as_before(
    read, k_rates: tuple[int, list[int]], length_head: str
) -> None:
    k, rates = k_rates
    lengths = _lengths(k, rates, 1)
    rows = [
        [f"bench-{chr(97 + i)}", f"{r / 10:.1f}%", ln]
        for i, (r, ln) in enumerate(zip(rates, lengths, strict=True))
    ]
    got = read(_table(["Dataset", "Accept Rate", length_head], rows)).records
    want = [float(x) for x in lengths]
    assert [r.printed_length for r in got] == want
    assert all(r.accept_length in (None, p) for r, p in zip(got, want, strict=True))
    assert not any(r.bonus.rule.startswith("two readings fit") for r in got)


def test_negative_control_counts_against_the_rate_decide_nothing(read) -> None:
    # the counts' quotient is not the printed rate (900 / 2000 = 45%, printed 57.1%): no basis
    rows = [
        ["run-a", "900", "2000", "57.1%", "3.42"],
        ["run-b", "900", "2000", "62.9%", "3.77"],
        ["run-c", "900", "2000", "47.9%", "2.88"],
    ]
    heads = ["Method", "Accepted", "Drafted", "Accept%", "Accept length"]
    got = read(_table(heads, rows)).records
    assert all(r.accept_length is None for r in got)


def test_negative_control_two_runs_decide_nothing(read) -> None:
    rows = [["HumanEval", "57.1%", "3.42"], ["MT-Bench", "47.9%", "2.88"]]
    got = read(_table(["Dataset", "Accept Rate", "Accept Length"], rows)).records
    assert [r.accept_length for r in got] == [None, None]
