"""A speed's key right after a length's value (`acc_len=3.41 tps=2.10`, `mean_len: 2.9 t/s: 41`)
is the next pair's key, no unit of the length: the length stays read. Near miss: the same word
as the value's unit (`acc_len 3.41 tps`, `accept length 2.4 tok/s`) is a speed, as before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@given(
    runs=st.lists(
        st.tuples(st.integers(20, 200), st.integers(1, 100), st.integers(110, 790)),
        min_size=2,
        max_size=5,
    ),
    speed=st.sampled_from(["tps", "t/s", "tok/s"]),
    sep=st.sampled_from(["=", ": "]),
)
def test_a_speed_key_after_the_length_leaves_it_read(
    read: Read, runs: list[tuple[int, int, int]], speed: str, sep: str
) -> None:
    lines = []
    want = []
    for i, (drafted, pct, length) in enumerate(runs):
        acc = max(1, drafted * pct // 100)
        lines.append(
            f"[{i + 1}/{len(runs)}] draft_n{sep}{drafted} accepted{sep}{acc} "
            f"acc_len{sep}{length / 100:.2f} {speed}{sep}{1 + i / 10:.2f}"
        )
        want.append(round(length / 100, 2))
    got = read("\n".join(lines) + "\n").records
    assert [r.printed_length for r in got] == [pytest.approx(w) for w in want]
    assert all(r.accept_length is None for r in got)  # (no steps, no k: convention unknown)


@pytest.mark.parametrize(
    "text",
    [
        "Chat run: acceptance 41.5 tps on the small card.\n",
        "- draft run: accept length 2.4 tok/s, output clean\n",
    ],
)
def test_the_word_as_the_values_unit_is_a_speed(read: Read, text: str) -> None:
    assert all(r.printed_length is None and r.accept_rate is None for r in read(text).records)
