"""Runs of values joined by '/': a rate per draft position (named so, or proved by the line's
tokens per step), and a run worked out to its mean ('a / b / c / d = 83.5% avg')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table
from tests.unit.logs.paste.pipeline import Read

# falling rates by position, in thousandths
_FALLING = (
    st.lists(st.integers(min_value=50, max_value=990), min_size=2, max_size=6)
    .map(lambda xs: sorted(set(xs), reverse=True))
    .filter(lambda xs: len(xs) >= 2)
)


def _shown(rates: list[int], percent: bool, sep: str) -> str:
    return sep.join(f"{r / 10:.1f}" if percent else f"{r / 1000:.3f}" for r in rates)


@settings(max_examples=examples(60), deadline=None)
@given(
    _FALLING,
    st.booleans(),
    st.sampled_from(["/", " / "]),
    st.sampled_from(["acceptance rate", "accept rate", "接受率", "受理率", "draft acceptance"]),
    st.sampled_from(["tok/step", "tokens/step", "accept length", "接受长度", "AL"]),
    st.sampled_from(["{}", "**{}**", "`{}`"]),
)
def test_a_run_of_rates_proved_per_position_by_the_tokens_per_step(
    rates: list[int], percent: bool, sep: str, name: str, length_name: str, mark: str
) -> None:
    """'接受率 72.3/53.2/39.6、tok/step 2.65': 1 + the sum is the line's length, so the run is
    one rate per draft position and the length counts the target's token."""
    length = 1 + sum(r / 1000 for r in rates)
    text = (
        f"After the fix the draft ({len(rates)} MTP heads) measured {name} "
        f"{mark.format(_shown(rates, percent, sep))}, {length_name} {length:.3f} on long prompts.\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].per_position == tuple(r / 1000 for r in rates)
    assert got[0].printed_length == round(length, 3)
    assert got[0].accept_length == round(length, 3)


@settings(max_examples=examples(40), deadline=None)
@given(
    _FALLING,
    st.booleans(),
    st.sampled_from(
        [
            "per-position acceptance rate",
            "acceptance rate by position",
            "three-position accept rate",
            "positional acceptance",
            "acceptance rate at each depth",
        ]
    ),
)
def test_a_run_of_rates_named_per_position(
    read: Read, rates: list[int], percent: bool, name: str
) -> None:
    text = f"MTP on the chat set: {name} {_shown(rates, percent, ' / ')} (greedy).\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].per_position == pytest.approx(tuple(r / 1000 for r in rates))


@settings(max_examples=examples(40), deadline=None)
@given(_FALLING, st.sampled_from(["acceptance rate", "accept rate"]), st.integers(1, 30))
def test_a_run_without_position_words_or_identity_is_not_taken_for_positions(
    rates: list[int], name: str, off: int
) -> None:
    """'acceptance rate 72.3/53.2/39.6, tok/step 2.70': the sum does not give the length, so
    nothing says the run is per position (three datasets, three runs, ...)."""
    length = 1 + sum(r / 1000 for r in rates) + off / 10
    text = f"We saw {name} {_shown(rates, True, '/')}, tok/step {length:.2f}.\n"
    for r in read_paste(text).records:
        assert r.per_position == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(min_value=500, max_value=990), min_size=2, max_size=5),
    st.integers(min_value=1, max_value=5),
    st.sampled_from(["markdown", "tsv", "box"]),
    st.sampled_from(["{} avg", "**{} avg**", "{}", "**{}**", "{} mean"]),
)
def test_a_table_cell_worked_out_to_its_mean(
    per_class: list[int], k: int, layout: str, mark: str
) -> None:
    """'91.2 / 76.4 / 78.0 / 88.2 = 83.5% avg' under 'accept', k stated in the header: one
    rate, the mean; with k drafts a step the length is 1 + k x rate."""
    vals = [x / 10 for x in per_class]
    mean = round(sum(vals) / len(vals), 1)
    cell = " / ".join(f"{v:.1f}" for v in vals) + " = " + mark.format(f"{mean:.1f}%")
    header = [f"measurement (k={k} greedy, {len(vals)} prompt classes)", "accept"]
    text = render_table(layout, header, [["verify path", cell]])
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(mean / 100)
    assert got[0].statistic == "mean"
    assert got[0].accept_length is not None
    assert abs(got[0].accept_length - (1 + k * mean / 100)) < 1e-6


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=500, max_value=990), min_size=2, max_size=5),
    st.integers(min_value=15, max_value=80),
)
def test_a_run_whose_result_is_no_mean_is_not_read(per_class: list[int], off: int) -> None:
    vals = [x / 10 for x in per_class]
    wrong = sum(vals) / len(vals) - off / 10
    cell = " / ".join(f"{v:.1f}" for v in vals) + f" = {wrong:.1f}%"
    text = render_table("markdown", ["run (k=2)", "accept"], [["chat", cell]])
    assert all(r.printed_rate is None for r in read_paste(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.integers(min_value=500, max_value=990), min_size=2, max_size=5),
    st.sampled_from(["accuracy", "top-1 acc of the head", "throughput", "hit rate"]),
)
def test_runs_of_other_figures_stay_unread(per_class: list[int], name: str) -> None:
    vals = [x / 10 for x in per_class]
    mean = sum(vals) / len(vals)
    run = " / ".join(f"{v:.1f}" for v in vals)
    text = f"EAGLE head training: {name} {run} = {mean:.1f}% avg, and {name} {run} per epoch.\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(50), deadline=None)
@given(
    _FALLING,
    st.sampled_from(
        [
            ("acceptance rate: ", "pos{}", ", "),
            ("accept rate — ", "position {}: ", ", "),
            ("接受率：", "第{}位 ", "，"),
            ("受理率：", "{}番目 ", "、"),
        ]
    ),
    st.sampled_from([0, 1]),
)
def test_a_rate_listed_by_named_positions(
    rates: list[int], shape: tuple[str, str, str], start: int
) -> None:
    """'acceptance rate: pos1 89.4%, pos2 77.2%', '接受率：第1位 89.4%，第2位 77.2%': one record,
    its rates by draft position (named from 0 or from 1, without a gap)."""
    lead, name, sep = shape
    if "番目" in name or "第" in name:
        start = 1
    items = sep.join(
        name.format(start + i)
        + (" " if not name.endswith((" ", "=", ": ")) else "")
        + f"{r / 10:.1f}%"
        for i, r in enumerate(rates)
    )
    got = read_paste(f"MTP on chat:\n{lead}{items}\n").records
    assert len(got) == 1
    assert got[0].per_position == pytest.approx(tuple(r / 1000 for r in rates))


def test_configurations_named_like_devices_stay_configurations() -> None:
    got = read_paste("acceptance rate: H100 61%, A100 55%\n").records
    assert [r.printed_rate for r in got] == [0.61, 0.55]
    assert all(r.per_position == () for r in got)


@pytest.mark.parametrize("sep", [" — ", ": "])
def test_a_position_number_is_never_a_rate(sep: str) -> None:
    """'accept rate — pos 0: 90.0%': the item is named 'pos 0'; 0 is no rate of 'pos'."""
    got = read_paste(f"accept rate{sep}pos 0: 90.0%, pos 1: 80.0%\n").records
    assert [r.per_position for r in got] == [pytest.approx((0.9, 0.8))]
    assert all(r.printed_rate is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        "speculative config: acceptance threshold 0.5 / 0.6 / 0.7 for the three stages\n",
        "expected acceptance rate 70/60/50 for positions 1-3 (theoretical)\n",
        "target acceptance rate 0.65 / 0.8 / 0.95 with the NUTS sampler\n",
        "accept rate changed +5% / +3% / +1% after the fix\n",
        "With EAGLE-3 the speedup went 1.8 → 2.4 from bs1 → bs8\n",
        "minimum acceptance length 1.5 / 2.0 / 2.5 at k=2/3/4 (targets)\n",
        "EAGLE head training log: acc 0.83 / 0.71 / 0.62 = 0.72 avg (top-1 accuracy per position)\n",
    ],
)
def test_runs_that_are_no_measurement(text: str) -> None:
    """Thresholds, expectations, sampler targets, deltas, speedups, minimums, training accuracy."""
    assert read_paste(text).records == ()
