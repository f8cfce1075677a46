"""A setting named for MTP's drafted tokens ('MTP_TOKENS=2', 'mtp_tokens=3', 'NUM_MTP_TOKENS=2',
'--mtp-tokens 4') states k, the draft tokens per step (``interpret.k_stated``), where the paste
sets one value: a length above k proves the target's own token counted, and a length equal to 1
+ k x the row's draft acceptance rate ('草稿接受率') proves it too. Two values set, no k."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_SETTINGS = st.sampled_from(
    [
        "MTP_TOKENS={k} ./scripts/run_bench.sh",
        "export MTP_TOKENS={k}",
        "python bench.py --mtp-tokens {k}",
        "python bench.py --mtp_tokens={k}",
        "NUM_MTP_TOKENS={k} bash serve.sh",
        "- 草稿：`mtp_tokens={k}`",
    ]
)


@pytest.mark.parametrize(
    ("text", "k"),
    [
        ("MTP_TOKENS=2 ./run.sh", 2),
        ("--mtp-tokens 3", 3),
        ("num_mtp_tokens=4", 4),
        ("MTP_TOKENS=2 then MTP_TOKENS=3", None),
        ("MAX_MTP_TOKENS_SEEN=2", None),
    ],
)
def test_k_stated(text: str, k: int | None) -> None:
    assert I.k_stated(text) == k


def _paste(setting: str, header: list[str], rows: list[list[str]]) -> str:
    return (
        "复现命令：\n\n```bash\n"
        + setting
        + "\n```\n\n当前结果：\n\n"
        + pipe_table(["方法", "decode tok/s", *header], rows)
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    setting=_SETTINGS,
    k=st.integers(2, 5),
    above=st.lists(st.integers(1, 900), min_size=2, max_size=3),
)
def test_lengths_above_k_count_the_bonus(setting: str, k: int, above: list[int]) -> None:
    lengths = [k + a / 1000 for a in above]
    rows = [[f"方法{i}", f"{150 + i}.2", f"{v:.3f}"] for i, v in enumerate(lengths)]
    got = read_paste(_paste(setting.format(k=k), ["平均接受长度"], rows)).records
    assert [r.accept_length for r in got] == [pytest.approx(v) for v in lengths]


@settings(max_examples=examples(25), deadline=None)
@given(
    setting=_SETTINGS,
    k=st.integers(2, 5),
    pcts=st.lists(st.integers(2000, 4500), min_size=2, max_size=3),
)
def test_one_plus_k_times_the_draft_rate(setting: str, k: int, pcts: list[int]) -> None:
    # lengths at or below k: only the identity 1 + k x rate decides them
    rates = [p / 10000 for p in pcts]
    rows = [
        [f"方法{i}", f"{140 + i}.5", f"{1 + k * r:.3f}", f"{r * 100:.2f}%"]
        for i, r in enumerate(rates)
    ]
    got = read_paste(_paste(setting.format(k=k), ["平均接受长度", "草稿接受率"], rows)).records
    assert [r.printed_rate for r in got] == [pytest.approx(r) for r in rates]
    assert [r.accept_length for r in got] == [pytest.approx(round(1 + k * r, 3)) for r in rates]


def test_negative_control_two_values_set_no_k() -> None:
    rows = [["方法0", "150.2", "2.548"], ["方法1", "151.0", "1.900"]]
    text = _paste("MTP_TOKENS=2 ./a.sh\nMTP_TOKENS=3 ./a.sh", ["平均接受长度"], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.548, 1.9]
    assert [r.accept_length for r in got] == [None, None]


def test_negative_control_lengths_at_most_k_without_a_rate() -> None:
    rows = [["方法0", "150.2", "1.840"], ["方法1", "151.0", "1.960"]]
    got = read_paste(_paste("MTP_TOKENS=2 ./a.sh", ["平均接受长度"], rows)).records
    assert [r.accept_length for r in got] == [None, None]


@pytest.mark.parametrize(
    ("text", "k"),
    [
        # SGLang's EAGLE settings as a triple: the steps are the draft depth
        ("measured with topk=1, num_steps=3, num_draft_tokens=4.", 3),
        ("(bs=4, steps=2, topk=1, num_draft_tokens=3)", 2),
        # steps alone, or the triple's parts on other lines: training steps, no k
        ("trained with num_steps=5 and lr=2e-5", None),
        ("steps=3 topk=1\nnum_draft_tokens=4", None),
        # two triples of different depths: no one k
        (
            "topk=1, num_steps=3, num_draft_tokens=4 vs topk=1, num_steps=5, num_draft_tokens=6",
            None,
        ),
    ],
)
def test_k_from_sglangs_settings_triple(text: str, k: int | None) -> None:
    assert I.k_stated(text) == k


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 5),
    top=st.integers(5, 40),
    vals=st.lists(st.integers(130, 199), min_size=2, max_size=4),
)
def test_a_table_under_the_triple_past_its_depth_counts_the_bonus(
    k: int, top: int, vals: list[int]
) -> None:
    above = f"{k + top / 100:.3f}"
    cells = [f"{k - 1 + v / 200:.3f}" for v in vals] + [above]
    rows = [[f"set{i}", c] for i, c in enumerate(cells)]
    head = (
        f"The metric is the mean accept length, topk=1, num_steps={k}, num_draft_tokens={k + 1}.\n"
    )
    got = read_paste(head + pipe_table(["Benchmark", "Acc Len"], rows)).records
    assert [r.accept_length for r in got] == [float(c) for c in cells]
    # without the triple nothing decides the convention
    got = read_paste(
        "The metric is the mean accept length.\n" + pipe_table(["Benchmark", "Acc Len"], rows)
    ).records
    assert all(r.accept_length is None for r in got)
