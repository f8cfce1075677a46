"""Per-position rates in a bracket right after an acceptance figure's value, the bracket naming
them by position alone (`mean accept length ~3.1 (per-position ~0.85 / 0.61 / 0.40)`): that
run's breakdown by position, one record (figure_positions.py). The figure before it may be a
range (no length then, the positions still one record) or one value (the same record, with its
length). A bracket after another measure, a per-position list as a clause of its own, rising
rates or a value above 1 stay as before (nothing read from the list)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABEL = st.sampled_from(["per-position", "per position", "by position", "positional", "per-pos"])
_NAME = st.sampled_from(
    ["mean acceptance length", "avg accept length", "acceptance length", "mean AL"]
)
_UNIT = st.sampled_from(["", " tokens/step", " tok/step"])
_MARK = st.sampled_from(["", "**"])
_HEDGE = st.sampled_from(["", "~", "≈"])
_SEP = st.sampled_from([" / ", "/", ", "])


def _falling(n: int, top: int, drops: list[int]) -> list[int]:
    out = [top]
    for d in drops[: n - 1]:
        out.append(max(out[-1] - d, 1))
    return out


def _identities(rates: list[int]) -> tuple[float, ...]:
    """The lengths the rates' own identities give (their sum, or the chained products of the
    rates read as conditional, with the target's token or without): a value there is decided
    by those older rules, so the generators keep away from them."""
    rs = [r / 100 for r in rates]
    chain, p = 0.0, 1.0
    for r in rs:
        p *= r
        chain += p
    return 1 + sum(rs), 1 + chain, sum(rs), chain


def _clear(value: float, rates: list[int]) -> bool:
    return all(abs(value - x) > 0.06 for x in _identities(rates))


_RATES = st.builds(
    _falling,
    st.integers(2, 5),
    st.integers(60, 95),
    st.lists(st.integers(5, 25), min_size=4, max_size=4),
)


@settings(max_examples=examples(40), deadline=None)
@given(
    label=_LABEL,
    name=_NAME,
    unit=_UNIT,
    mark=_MARK,
    hedge=_HEDGE,
    sep=_SEP,
    rates=_RATES,
    lo=st.integers(180, 280),
    width=st.integers(1, 4),
)
def test_a_bracket_after_a_range_is_one_record_of_positions(
    read: Read,
    label: str,
    name: str,
    unit: str,
    mark: str,
    hedge: str,
    sep: str,
    rates: list[int],
    lo: int,
    width: int,
) -> None:
    assume(_clear(lo / 100, rates) and _clear((lo + 10 * width) / 100, rates))
    listed = sep.join(f"{r / 100:.2f}" for r in rates)
    text = (
        "## Summary\n\n"
        f"Checked on one node, TP=4: {name} {mark}~{lo / 100:.1f}–{(lo + 10 * width) / 100:.1f}"
        f"{unit}{mark} ({label} {hedge}{listed}).\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].per_position == tuple(r / 100 for r in rates), text
    assert got[0].printed_length is None and got[0].accept_length is None, text


@settings(max_examples=examples(30), deadline=None)
@given(label=_LABEL, unit=_UNIT, rates=_RATES, v=st.integers(180, 380))
def test_a_bracket_after_one_value_joins_its_record(
    read: Read, label: str, unit: str, rates: list[int], v: int
) -> None:
    assume(_clear(v / 100, rates))
    listed = " / ".join(f"{r / 100:.2f}" for r in rates)
    text = f"On the chat set: mean acceptance length {v / 100:.2f}{unit} ({label} {listed}).\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].per_position == tuple(r / 100 for r in rates), text
    assert got[0].printed_length == round(v / 100, 2), text


@settings(max_examples=examples(30), deadline=None)
@given(label=_LABEL, rates=_RATES, v=st.integers(40, 400))
def test_a_bracket_after_another_measure_is_not_read(
    read: Read, label: str, rates: list[int], v: int
) -> None:
    listed = " / ".join(f"{r / 100:.2f}" for r in rates)
    text = f"Checked on one node: decode throughput {v} tok/s ({label} {listed}).\n"
    assert all(not r.per_position for r in read(text).records), text


@settings(max_examples=examples(30), deadline=None)
@given(label=_LABEL, rates=_RATES, lo=st.integers(180, 280))
def test_a_list_as_its_own_clause_is_not_read(
    read: Read, label: str, rates: list[int], lo: int
) -> None:
    listed = " / ".join(f"{r / 100:.2f}" for r in rates)
    text = (
        f"- Mean acceptance length ~{lo / 100:.1f}–{(lo + 40) / 100:.1f} over the sweep; "
        f"{label} ~{listed}.\n"
    )
    assert all(not r.per_position for r in read(text).records), text


@settings(max_examples=examples(30), deadline=None)
@given(
    label=_LABEL,
    rates=st.lists(st.integers(10, 95), min_size=2, max_size=4, unique=True).map(sorted),
    lo=st.integers(180, 280),
    above=st.booleans(),
)
def test_rising_rates_or_a_value_above_one_are_not_read(
    read: Read, label: str, rates: list[int], lo: int, above: bool
) -> None:
    values = [f"{r / 100:.2f}" for r in rates]
    if above:
        values = [f"{r / 100:.2f}" for r in sorted(rates, reverse=True)]
        values[0] = "1.40"
    text = (
        f"Checked on one node: mean acceptance length ~{lo / 100:.1f}–{(lo + 20) / 100:.1f} "
        f"({label} {' / '.join(values)}).\n"
    )
    assert all(not r.per_position for r in read(text).records), text
