"""A figure's name carried along `speedup / figure` pairs (slash_carry.py): `code 2.04x decode /
68.1% acceptance and chat 1.37x / 44.9%` is two records, the second named by the first. A
speedup alone, a later pair naming another measure or of another kind carries nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.slash_carry import rewrite
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Draft head on the M-series laptop, greedy, one request at a time.\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.lists(st.integers(50, 950), min_size=2, max_size=4, unique=True),
    name=st.sampled_from(["acceptance", "acceptance rate", "draft acceptance"]),
    joiner=st.sampled_from([" and ", ", ", "; "]),
    tail=st.sampled_from([".", ", but the rest regressed.", ""]),
)
def test_later_pairs_take_the_first_pairs_name(
    read: Read, tenths: list[int], name: str, joiner: str, tail: str
) -> None:
    labels = ["code", "chat", "math", "summaries"]
    pairs = [f"{labels[i]} {1 + i / 4:.2f}x / {t / 10:.1f}%" for i, t in enumerate(tenths)]
    pairs[0] = pairs[0].replace("x /", "x decode /") + f" {name}"
    text = f"{_LEAD}The split by task was wide: {joiner.join(pairs)}{tail}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([t / 1000 for t in tenths])
    assert all(r.accept_length is None for r in got)


def test_lengths_carry_alike() -> None:
    text = f"{_LEAD}Per task: code 2.04x / 3.10 accept length and chat 1.37x / 2.41.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.10, 2.41]


@pytest.mark.parametrize(
    "line",
    [
        "Per task: code 2.04x / 1.37x and chat 1.50x / 1.20x.",  # speedups alone
        "Per task: code 2.04x decode / 1.8x prefill and chat 1.50x / 1.2x.",
        "Per task: code 2.04x / 68.1% acceptance and chat 1.37x / 40% hit rate.",
        "Per task: code 2.04x / 3.10 accept length and chat 1.37x / 45%.",
        "Per task: code 2.04x / 68.1% and chat 1.37x / 44.9%.",  # no figure named
    ],
)
def test_nothing_carried(line: str) -> None:
    assert rewrite(line) == line


def test_speedups_alone_are_no_record() -> None:
    assert not read_paste(f"{_LEAD}Per task: code 2.04x / 1.37x and chat 1.50x / 1.20x.\n").records
