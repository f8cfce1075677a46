"""A vLLM draft acceptance rate printed alone, in a paste whose launch sets one fixed
num_speculative_tokens (fixed_k.py): every step drafts k tokens, so the length is 1 + k x rate.
Two different k, a draft maximum, SGLang's tree flags, an n-gram proposer, an approximate rate
or another tool's rate decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.fixed_k import stated
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = [
    """--speculative-config '{{"method":"mtp","num_speculative_tokens":{k}}}'""",
    """--speculative-config '{{"method": "eagle3", "model": "org/draft", "num_speculative_tokens": {k}}}'""",
    "--num-speculative-tokens {k}",
]


def _paste(setting: str, low: str, high: str) -> str:
    return (
        "Numbers from `vllm bench serve` after three warmup passes. Random-token prompts hurt "
        f"speculation a lot: {low} % draft acceptance on `--dataset-name random` versus {high} % "
        "on real prose, same node.\n\n"
        "### Launch\n\n```\nvllm serve org/model\n--tensor-parallel-size 8\n"
        f"{setting}\n--max-num-seqs 256\n```\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    setting=st.sampled_from(_SETTINGS),
    k=st.integers(1, 7),
    low=st.integers(500, 2999),
    high=st.integers(3000, 9500),
)
def test_lone_rates_take_the_fixed_k(read: Read, setting: str, k: int, low: int, high: int) -> None:
    lo, hi = f"{low / 100:.2f}", f"{high / 100:.2f}"
    got = read(_paste(setting.format(k=k), lo, hi)).records
    lengths = sorted(r.accept_length or 0 for r in got)
    assert lengths == pytest.approx([1 + k * float(lo) / 100, 1 + k * float(hi) / 100], abs=1e-6)
    assert all(r.bonus.value == "included" for r in got)


def test_the_example_of_the_rule_table(read: Read) -> None:
    got = read(_paste(_SETTINGS[0].format(k=4), "11.96", "51.86")).records
    assert sorted(r.accept_length or 0 for r in got) == pytest.approx([1.4784, 3.0744])


@pytest.mark.parametrize(
    "launch",
    [
        # two runs of different k: which rate is whose is not said
        """--speculative-config '{"method":"mtp","num_speculative_tokens":4}'\n"""
        """--speculative-config '{"method":"mtp","num_speculative_tokens":2}'""",
        "--num-speculative-tokens 2/4",
        # an n-gram proposer may draft fewer than k a step
        """--speculative-config '{"method":"ngram","num_speculative_tokens":4,"prompt_lookup_max":4}'""",
        # a maximum (llama.cpp), SGLang's tree flags: no fixed k
        "--num-speculative-tokens 4 --draft-max 4",
        "--num-speculative-tokens 4 --speculative-num-steps 3 --speculative-eagle-topk 1",
        # k by batch size (vLLM's dynamic speculative decoding): no one k a step
        """--speculative-config '{"method":"eagle3","num_speculative_tokens":4,"""
        """"num_speculative_tokens_per_batch_size":[[1,4],[64,2]]}'""",
        # no k at all
        "--max-num-seqs 128",
    ],
)
def test_no_one_fixed_k_no_length(read: Read, launch: str) -> None:
    got = read(_paste(launch, "11.96", "51.86")).records
    assert got and all(r.accept_length is None for r in got)


def test_an_approximate_rate_takes_none(read: Read) -> None:
    text = (
        "vllm serve org/model --num-speculative-tokens 3\n\n"
        "Draft acceptance rate: ~62%\nDraft acceptance rate (prose set): 71.5%\n"
    )
    got = read(text).records
    by_rate = {round(r.printed_rate or 0, 4): r.accept_length for r in got}
    assert by_rate.get(0.62) is None
    assert by_rate[0.715] == pytest.approx(1 + 3 * 0.715)


def test_another_tools_rate_takes_none(read: Read) -> None:
    text = (
        "python -m sglang.launch_server --model org/model --speculative-algorithm EAGLE\n"
        "(vLLM comparison used num_speculative_tokens=4)\n\naccept rate: 0.71\n"
    )
    assert all(r.accept_length is None for r in read(text).records)


@pytest.mark.parametrize(
    ("text", "k"),
    [
        ("""'{"num_speculative_tokens": 5}'""", 5),
        ("num_speculative_tokens=3", 3),
        ("--num-speculative-tokens=2", 2),
        ("num_speculative_tokens=3 ... num_speculative_tokens=5", None),
        ("--num-speculative-tokens 4 with --spec-draft-n-max 4", None),
        ("--num-speculative-tokens 4, suffix decoding", None),
    ],
)
def test_stated(text: str, k: int | None) -> None:
    assert stated(text) == k


@pytest.mark.parametrize("k", [2, 3, 5])
def test_llamacpp_k_is_a_most_no_length_from_it(k: int) -> None:
    # llama.cpp's draft stops where the draft is unsure (--draft-p-min): fewer than k a step
    text = (
        "| Stack | Config | tg t/s | Accept |\n|---|---|---:|---:|\n"
        f"| llama.cpp b7100 | MTP K={k} | 20.34 | 84.1% |\n"
    )
    (r,) = read_paste(text).records
    assert r.accept_length is None
    assert r.printed_rate == pytest.approx(0.841)
