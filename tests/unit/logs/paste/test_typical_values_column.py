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
