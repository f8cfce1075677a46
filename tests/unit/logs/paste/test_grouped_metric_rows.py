"""A table of metrics as rows grouped by configuration (section_k.py, tables._JOINED_FIGURES):
each group's first row names its configuration, the rows under it leave that cell empty, and a
row of figures joined by a middle dot or a slash (`5120 · 3.41`) is a row of its own, never the
wrapped rest of the row above. Each group x each value column is a run; a group's label stating
k gives its lone rate 1 + k x rate where the paste decides rates are per drafted token (another
group's length = 1 + k x rate, or vLLM named as the tool). No such proof, a draft maximum in the
label, or two k's there leave the rate alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["**Base-7B + head-x**", "**org/tiny-drafter.v2**", "**Mixer-20B draft**"]
_ARMS = [("before", "after"), ("main", "patched"), ("old", "new")]
_SEPS = [" · ", " / ", "·"]


def _paste(
    label: str,
    rates: tuple[int, int],
    other_rates: tuple[int, int],
    other_lengths: tuple[str, str] | None,
    arms: tuple[str, str],
    sep: str,
    prose: str = "",
) -> str:
    a, b = arms
    rows = [
        [label, "acceptance rate", f"{rates[0] / 10000:.4f}", f"{rates[1] / 10000:.4f}"],
        [
            "",
            f"batch tok/s{sep}bs1 ms/tok",
            f"61{rates[0] % 90}{sep}3.5{rates[0] % 9}",
            f"60{rates[1] % 90}{sep}3.6{rates[1] % 9}",
        ],
        [
            _NAMES[2] + " (other box)",
            "acceptance rate",
            f"{other_rates[0] / 10000:.4f}",
            f"{other_rates[1] / 10000:.4f}",
        ],
    ]
    if other_lengths is not None:
        rows.append(["", "mean acceptance len", *other_lengths])
    rows.append(["", f"batch tok/s{sep}bs1 ms/tok", f"5820{sep}1.89", f"5811{sep}1.90"])
    table = pipe_table(["Model / config", "Metric", a, b], rows)
    return f"### Results\n\n{prose}\n\n{table}"


_rates = st.tuples(st.integers(1500, 6000), st.integers(1500, 6000))


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES[:2]),
    k=st.integers(2, 6),
    rates=_rates,
    other=_rates,
    arms=st.sampled_from(_ARMS),
    sep=st.sampled_from(_SEPS),
)
def test_a_groups_k_with_another_groups_identity(
    read: Read,
    name: str,
    k: int,
    rates: tuple[int, int],
    other: tuple[int, int],
    arms: tuple[str, str],
    sep: str,
) -> None:
    lengths = (f"{1 + k * other[0] / 10000:.3f}", f"{1 + k * other[1] / 10000:.3f}")
    label = f"{name} k={k} (dense, 1 card)"
    got = read(_paste(label, rates, other, lengths, arms, sep)).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 10000) for x in (*rates, *other)]
    assert [r.accept_length for r in got[:2]] == [pytest.approx(1 + k * x / 10000) for x in rates]
    assert [r.accept_length for r in got[2:]] == [pytest.approx(float(x)) for x in lengths]
    # the negative control: the other group prints no length, no tool named: rates alone
    got = read(_paste(label, rates, other, None, arms, sep)).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 10000) for x in (*rates, *other)]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES[:2]),
    k=st.integers(2, 6),
    rates=_rates,
    other=_rates,
    arms=st.sampled_from(_ARMS),
)
def test_a_groups_k_under_vllms_rate(
    name: str, k: int, rates: tuple[int, int], other: tuple[int, int], arms: tuple[str, str]
) -> None:
    prose = "Acceptance from the vLLM spec-decode counters, per drafted token."
    text = _paste(f"{name} k={k}", rates, other, None, arms, " · ", prose)
    got = read_paste(text).records
    assert [r.accept_length for r in got[:2]] == [pytest.approx(1 + k * x / 10000) for x in rates]
    assert all(r.accept_length is None for r in got[2:])  # (no k of their own)


_NEAR_MISSES = [
    # a draft maximum beside it: a step may draft fewer
    "{name} k={k} n_max={j}",
    # two k's in the label: whose runs are whose is unsaid
    "{name} k={k} and k={j}",
    # a listed k
    "{name} k={k}/{j}",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    near=st.sampled_from(_NEAR_MISSES),
    name=st.sampled_from(_NAMES[:2]),
    kj=st.lists(st.integers(2, 6), min_size=2, max_size=2, unique=True),
    rates=_rates,
    other=_rates,
    arms=st.sampled_from(_ARMS),
)
def test_near_miss_labels_decide_nothing(
    near: str,
    name: str,
    kj: list[int],
    rates: tuple[int, int],
    other: tuple[int, int],
    arms: tuple[str, str],
) -> None:
    k, j = kj
    prose = "Acceptance from the vLLM spec-decode counters."
    text = _paste(near.format(name=name, k=k, j=j), rates, other, None, arms, " · ", prose)
    got = read_paste(text).records
    assert [r.printed_rate for r in got[:2]] == [pytest.approx(x / 10000) for x in rates]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(rates=_rates, arms=st.sampled_from(_ARMS), k=st.integers(2, 6))
def test_a_wrapped_cell_of_words_still_joins(
    rates: tuple[int, int], arms: tuple[str, str], k: int
) -> None:
    # a row continuing the label above in words (no figure joined): the label's rest, merged
    a, b = arms
    rows = [
        ["acceptance rate", f"{rates[0] / 10000:.4f}", f"{rates[1] / 10000:.4f}"],
        ["(post-warmup)", "", ""],
        [
            "mean acceptance len",
            f"{1 + k * rates[0] / 10000:.3f}",
            f"{1 + k * rates[1] / 10000:.3f}",
        ],
    ]
    got = read_paste(f"Run at k={k}:\n\n" + pipe_table(["Metric", a, b], rows)).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 10000) for x in rates]
    assert len(got) == 2
