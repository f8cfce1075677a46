"""A bare `accept` column filled only on the rows that drafted (a whole `K`) and a placeholder
on the rows without drafts (`K` a placeholder) is the acceptance rate; on a row naming MTP the
bare `K` is its depth, so the length is 1 + K x rate (drafted_rows.py). Near misses: no row
without drafts, a share on an undrafted row, a label without MTP, a K past a fixed chain."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DASHES = ("-", "—", "n/a")
_METHODS = ("MTP", "base + MTP", "ckpt-b + MTP", "MTP head")
_PLAIN = ("base", "ckpt-b", "no spec")


def _table(rows: list[tuple[str, str, str, str]], k_name: str = "K") -> str:
    head = f"| run | {k_name} | tok/s | accept |\n|---|---|---:|---:|\n"
    return head + "".join(f"| {a} | {k} | {s} | {r} |\n" for a, k, s, r in rows)


@st.composite
def _runs(draw: st.DrawFn) -> tuple[list[tuple[str, str, str, str]], list[tuple[int, float]]]:
    rows: list[tuple[str, str, str, str]] = []
    truth: list[tuple[int, float]] = []
    dash = draw(st.sampled_from(_DASHES))
    rows.append((draw(st.sampled_from(_PLAIN)), dash, f"{draw(st.integers(5, 40))}.1", dash))
    for _ in range(draw(st.integers(2, 4))):  # (a column of shares: two values at least)
        k = draw(st.integers(1, 4))
        rate = draw(st.integers(200, 900)) / 1000
        rows.append((draw(st.sampled_from(_METHODS)), str(k), "22.5", f"{rate:.3f}"))
        truth.append((k, rate))
    if draw(st.booleans()):
        rows.append(("later run", "1/2/3", "pending", ""))
    return rows, truth


@settings(max_examples=examples(30), deadline=None)
@given(runs=_runs())
def test_rates_of_drafting_rows_give_one_plus_k_times_rate(
    read: Read, runs: tuple[list[tuple[str, str, str, str]], list[tuple[int, float]]]
) -> None:
    rows, truth = runs
    # (rates rising with k make 1 + k x rate no length: interpret._k_rates_rise)
    by_k: dict[int, list[float]] = {}
    for k, r in truth:
        by_k.setdefault(k, []).append(r)
    ks = sorted(by_k)
    assume(all(max(by_k[b]) <= min(by_k[a]) for a, b in zip(ks, ks[1:], strict=False)))
    records = read(_table(rows)).records
    assert [r.printed_rate for r in records] == pytest.approx([r for _, r in truth])
    assert [r.accept_length for r in records] == pytest.approx([1 + k * r for k, r in truth])


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_runs(),
    near=st.sampled_from(("no undrafted row", "share on undrafted", "no MTP label", "K past")),
)
def test_near_misses_give_no_length(
    read: Read,
    runs: tuple[list[tuple[str, str, str, str]], list[tuple[int, float]]],
    near: str,
) -> None:
    rows, truth = runs
    # (one draft a step proves 1 + rate whatever the label: one_draft.py)
    assume(near != "no MTP label" or all(k > 1 for k, _ in truth))
    if near == "no undrafted row":
        rows = rows[1:]
    elif near == "share on undrafted":
        a, k, s, _r = rows[0]
        rows[0] = (a, k, s, "0.950")
    elif near == "no MTP label":
        rows = [(("draft run" if k[:1].isdigit() else a), k, s, r) for a, k, s, r in rows]
    else:
        rows = [(a, ("12" if k.isdigit() else k), s, r) for a, k, s, r in rows]
    records = read(_table(rows)).records
    assert all(r.accept_length is None for r in records)
    if near in ("no undrafted row", "share on undrafted"):
        # (a bare accept column of fractions nothing calls acceptance: no rate)
        assert all(r.printed_rate is None for r in records)
