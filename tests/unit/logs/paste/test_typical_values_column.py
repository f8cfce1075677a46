"""A column of an accept length printing a range in one cell ('4.5–5.0 tokens', '~1.8 (k=1)
to ~3.5 (k=3)') beside approximations in others ('~3 tokens'): a guide's typical values per
method, no run measured; its approximate cells give no record. Approximations in a column
without a range (a summary of a paper's table, '~4.04') stay records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_RANGES = ["{a}–{b} tokens", "{a}-{b}", "~{a} (k=1) to ~{b} (k=4)", "{a} to {b}"]


@settings(max_examples=examples(60), deadline=None)
@given(
    approx=st.lists(st.integers(15, 60), min_size=1, max_size=4),
    lo=st.integers(20, 40),
    width=st.integers(2, 15),
    form=st.sampled_from(_RANGES),
    mark=st.sampled_from(["~", "≈", "~ "]),
    unit=st.sampled_from(["", " tokens"]),
    where=st.integers(0, 4),
    header=st.sampled_from(["Avg. Accept Length", "Typical acceptance length", "τ"]),
)
def test_approximations_beside_a_range_are_typical_values(
    approx: list[int],
    lo: int,
    width: int,
    form: str,
    mark: str,
    unit: str,
    where: int,
    header: str,
) -> None:
    rows = [[f"method-{i}", f"{mark}{v / 10:g}{unit}", "1.5–2×"] for i, v in enumerate(approx)]
    span = form.format(a=f"{lo / 10:.1f}", b=f"{(lo + width) / 10:.1f}")
    rows.insert(min(where, len(rows)), ["method-r", span, "2–3×"])
    text = pipe_table(["Method", header, "Speedup"], rows)
    assert not read_paste(text).records


@settings(max_examples=examples(40), deadline=None)
@given(values=st.lists(st.integers(150, 560), min_size=2, max_size=5))
def test_negative_control_approximations_without_a_range_stay_records(values: list[int]) -> None:
    rows = [[f"method-{i}", f"~{v / 100:.2f}", "~2.1"] for i, v in enumerate(values)]
    text = pipe_table(["Method", "Avg. Accept Length", "Speed-up"], rows)
    assert [r.printed_length for r in read_paste(text).records] == [v / 100 for v in values]


def test_negative_control_exact_cells_beside_a_range_stay_records() -> None:
    rows = [["method-a", "2.84", "1.9×"], ["method-b", "3.1–3.4", "2.2×"]]
    text = pipe_table(["Method", "Avg. Accept Length", "Speedup"], rows)
    assert [r.printed_length for r in read_paste(text).records if r.printed_length] == [2.84]


@settings(max_examples=examples(40), deadline=None)
@given(values=st.lists(st.integers(30, 99), min_size=2, max_size=5), where=st.integers(0, 4))
def test_negative_control_a_rate_column_of_approximations_beside_a_range_stays_records(
    values: list[int], where: int
) -> None:
    # measured rates written loosely ('~0.82', '~0.91–0.92') are no guide's typical lengths
    rows = [[f"workload-{i}", f"~{v / 100:.2f}"] for i, v in enumerate(values)]
    rows.insert(min(where, len(rows)), ["workload-r", "~0.61–0.63"])
    text = pipe_table(["Workload", "Draft accept"], rows)
    got = [r.printed_rate for r in read_paste(text).records if r.printed_rate is not None]
    assert got == [v / 100 for v in values]


@settings(max_examples=examples(40), deadline=None)
@given(
    exact=st.lists(st.integers(15, 45), min_size=3, max_size=6),
    approx=st.integers(20, 50),
    lo=st.integers(12, 30),
    mark=st.sampled_from(["~", "≈"]),
    order=st.randoms(use_true_random=False),
)
def test_a_run_table_with_a_few_loose_cells_keeps_them(
    exact: list[int], approx: int, lo: int, mark: str, order: object
) -> None:
    # exact cells outnumbering the loose ones: a run's measured table, one approximate cell and
    # one range written loosely; the approximation is a record, the range a record of no figure
    rows = [[f"prompt-{i}", f"{20 + i}.5", f"{v / 10:.1f}"] for i, v in enumerate(exact)]
    rows.append(["prompt-x", "40-44", f"{mark}{approx / 10:.1f}"])
    rows.append(["prompt-y", "18-21", f"{lo / 10:.1f}-{(lo + 3) / 10:.1f}"])
    order.shuffle(rows)  # type: ignore[attr-defined]
    text = pipe_table(["Content", "tok/s", "mean accept length"], rows)
    got = [r.printed_length for r in read_paste(text).records]
    want = [None if "-" in r[2] else float(r[2].lstrip("~≈")) for r in rows]
    assert got == want


def test_negative_control_a_guide_with_one_exact_cell_stays_typical() -> None:
    # loose cells as many as the exact ones: still a guide's typical values, its loose cells none
    rows = [["plain", "1.40", "1×"], ["lookup", "~2 tokens", "1.3×"], ["tree", "3.1–3.6", "2.5×"]]
    text = pipe_table(["Method", "Avg. Accept Length", "Speedup"], rows)
    assert [r.printed_length for r in read_paste(text).records] == [1.4]
