"""A pipe table of a baseline's bare speeds beside speculative methods' speeds measured at a
share (`| 41.2 t/s | 55.0 t/s @ 68.4% |`), in a paste naming speculation but never the word
acceptance: the shares are the methods' acceptance rates (at_baseline.py), one record a cell.
A baseline printing a share too, no baseline column, or a paste naming no speculation: none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.at_baseline import speeds_at_shares
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_INTRO = "This change adds a {m} drafter to the server; it is not tuned yet.\n\n"
_BASE = ["Baseline", "autoregressive", "no spec", "Vanilla", "baseline"]
_METHODS = [["MTP", "DFlash"], ["EAGLE3"], ["n-gram", "MTP", "Medusa"]]
_UNITS = ["t/s", "tok/s", "tps"]
_MARK = ["", "`", "**"]


def _cell(speed: float, unit: str, mark: str, share: float | None) -> str:
    at = f" @ {share:.1f}%" if share is not None else ""
    return f"{mark}{speed:.1f} {unit}{at}{mark}"


@settings(max_examples=examples(40), deadline=None)
@given(
    base=st.sampled_from(_BASE),
    methods=st.sampled_from(_METHODS),
    unit=st.sampled_from(_UNITS),
    mark=st.sampled_from(_MARK),
    n_rows=st.integers(1, 3),
    shares=st.lists(st.integers(200, 950), min_size=9, max_size=9, unique=True),
    speeds=st.lists(st.integers(100, 3000), min_size=12, max_size=12),
)
def test_the_shares_of_the_methods_are_rates(
    base: str,
    methods: list[str],
    unit: str,
    mark: str,
    n_rows: int,
    shares: list[int],
    speeds: list[int],
) -> None:
    rows, want = [], []
    for i in range(n_rows):
        row = [f"model-{i}", _cell(speeds[4 * i] / 10, unit, mark, None)]
        for j, _ in enumerate(methods):
            s = shares[3 * i + j] / 10
            row.append(_cell(speeds[4 * i + j + 1] / 10, unit, mark, s))
            want.append(round(s / 100, 4))
        rows.append(row)
    text = _INTRO.format(m=methods[0]) + pipe_table(["Model", base, *methods], rows)
    assert speeds_at_shares(text)
    got = [round(r.printed_rate, 4) for r in read_paste(text).records if r.printed_rate is not None]
    assert sorted(got) == sorted(want)
    assert all(r.accept_length is None for r in read_paste(text).records)


def _table(base_share: bool = False, base: str = "Baseline") -> str:
    b = "`40.5 t/s @ 91.0%`" if base_share else "`40.5 t/s`"
    return pipe_table(
        ["Model", base, "MTP"],
        [["model-a", b, "`52.3 t/s @ 66.6%`"], ["model-b", "`12.0 t/s`", "`20.1 t/s @ 70.2%`"]],
    )


def test_negative_control_a_baseline_with_a_share_too(read: Read) -> None:
    text = _INTRO.format(m="MTP") + _table(base_share=True)
    assert not speeds_at_shares(text)
    assert not read(text).records


def test_negative_control_no_baseline_column(read: Read) -> None:
    text = _INTRO.format(m="MTP") + _table(base="Run A")
    assert not speeds_at_shares(text)
    assert not read(text).records


def test_negative_control_no_speculation_named(read: Read) -> None:
    text = "CPU load while serving, two builds.\n\n" + _table().replace("MTP", "Patched")
    assert not speeds_at_shares(text)
    assert not read(text).records
