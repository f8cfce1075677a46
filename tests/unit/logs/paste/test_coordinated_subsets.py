"""One figure's plain values on several subsets, the name written once after the first value
(`we measured 0.66 accept rate for code and 0.49 for prose`, `2.37 accept length on chat, 2.11 on
code and 1.95 on math`): one record a subset, labelled by it. Before, the first value was not
read and the second was read under the words `accept rate for code and`, unlabelled. Near misses:
one value alone, values of two kinds, a setting's value before the name (`T=0.7 accept rate ...`),
a subset naming another measure, the same subset twice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SUBSETS = ["code", "prose", "math", "long docs", "agent turns", "chat"]
_JOIN = st.sampled_from([" and ", ", ", ", and ", "; "])


@given(
    lead=st.sampled_from(["we measured ", "The head gets ", "Measured: ", ""]),
    name=st.sampled_from(["accept rate", "acceptance", "acceptance rate", "draft acceptance"]),
    prep=st.sampled_from(["for", "on", "in"]),
    join=_JOIN,
    subsets=st.lists(st.sampled_from(_SUBSETS), min_size=2, max_size=4, unique=True),
    data=st.data(),
)
def test_shares_on_subsets_are_a_record_each(
    read: Read,
    lead: str,
    name: str,
    prep: str,
    join: str,
    subsets: list[str],
    data: st.DataObject,
) -> None:
    rates = data.draw(st.lists(st.integers(10, 99), min_size=len(subsets), max_size=len(subsets)))
    parts = [f"0.{rates[0]:02d} {name} {prep} {subsets[0]}"] + [
        f"0.{r:02d} {prep} {s}" for r, s in zip(rates[1:], subsets[1:], strict=True)
    ]
    text = f"Speculative decoding with a small draft.\n{lead}{join.join(parts)}.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 100) for r in rates]
    assert [dict(r.labels).get("subset") for r in got] == subsets
    assert all(r.accept_length is None for r in got)


@given(
    prep=st.sampled_from(["for", "on"]),
    lengths=st.lists(st.integers(105, 690), min_size=2, max_size=3),
)
def test_lengths_on_subsets_are_a_record_each(read: Read, prep: str, lengths: list[int]) -> None:
    subsets = _SUBSETS[: len(lengths)]
    parts = [f"{lengths[0] / 100:.2f} accept length {prep} {subsets[0]}"] + [
        f"{v / 100:.2f} {prep} {s}" for v, s in zip(lengths[1:], subsets[1:], strict=True)
    ]
    text = f"Speculative decoding run.\n{' and '.join(parts)}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(v / 100) for v in lengths]
    assert [dict(r.labels).get("subset") for r in got] == subsets


@pytest.mark.parametrize(
    "line",
    [
        "T=0.7 accept rate for chat and 0.6 for math",  # a setting's value before the name
        "0.71 accept rate for chat, 0.58 for chat",  # the same subset twice
        "0.71 accept rate for chat and 0.58 for throughput",  # another measure
        "2.41 accept length on chat and 0.5 on code",  # two kinds
    ],
)
def test_near_misses_get_no_subset_labels(read: Read, line: str) -> None:
    got = read(f"Speculative decoding run.\n{line}\n").records
    assert all(dict(r.labels).get("subset") is None for r in got)


def test_one_value_alone_is_left_as_before(read: Read) -> None:
    got = read("Speculative decoding run.\n0.71 accept rate for chat\n").records
    assert got == ()


def test_percentages_read_as_before(read: Read) -> None:
    got = read("Speculative decoding run.\nwe measured 71% accept rate for chat and 58% for math\n")
    assert [r.printed_rate for r in got.records] == [0.71, 0.58]
