"""'采纳率' / '接纳率' (adoption rate) and '命中率' (hit rate) are the acceptance rate only beside
speculative decoding: Copilot's code suggestions, proposals, recruiting and caches have their
own adoption and hit rates."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.zhcontext import contextual
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _rates(read: Read, text: str) -> list[float | None]:
    return [r.printed_rate for r in read(text).records]


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("MTP 投机解码测试：采纳率 72.5%，TPS 提升 1.8 倍。\n", 0.725),
        ("用 draft model 跑 gsm8k，采纳率为 61%。\n", 0.61),
        ("EAGLE-3 推测解码\n并发 4 时采纳率 0.58，单并发 TPS 更高。\n", 0.58),  # same paragraph
        ("开启 MTP 后 draft token 接纳率 66%。\n", 0.66),
        ("MTP 命中率 85%，比 EAGLE 略低。\n", 0.85),
        # decode-speed figures on the line: no other adoption is measured there
        ("tpot：50ms->62ms；TPS：24 tokens/s (数据集：gsm8k，并发：1，采纳率~45%)\n", 0.45),
    ],
)
def test_adoption_rate_beside_speculation_is_the_acceptance_rate(
    read: Read, text: str, rate: float
) -> None:
    got = read(text).records
    assert [r.printed_rate for r in got] == [rate]
    assert all(r.accept_length is None for r in got)  # a rate alone: no length


@pytest.mark.parametrize(
    "text",
    [
        "Copilot 的代码建议采纳率 35%，比上个月高。\n",
        "本季度提案采纳率 40%，MTP 项目组最高。\n",  # a proposal's adoption, MTP a team's name
        "招聘 offer 采纳率 72%。\n",
        "前缀缓存命中率 85%，MTP 开启。\n",  # a prefix cache's hit rate
        "KV cache 命中率 91%。\n",
        "代码补全采纳率 28%，tokens/s 不变。\n",
        "团队周报：采纳率 40%。\n",  # no context at all
        "投机解码项目周会\n\n本月采纳率 40%。\n",  # speculation only in another paragraph
        "单元测试通过率 98%，MTP 开启。\n",  # a pass rate is not read
    ],
)
def test_negative_control_other_meanings(read: Read, text: str) -> None:
    assert _rates(read, text) == []


def test_hit_rate_needs_speculation_on_its_own_line() -> None:
    lines = ["MTP 配置如下", "命中率 85%"]
    assert contextual(lines) == lines


@settings(max_examples=examples(40), deadline=None)
@given(
    word=st.sampled_from(["采纳率", "接纳率"]),
    pct=st.integers(1, 99),
    spec=st.sampled_from(["MTP", "投机解码", "draft model", "EAGLE-3", "推测解码"]),
    other=st.sampled_from(["Copilot", "代码建议", "提案", "招聘", "前缀缓存"]),
)
def test_generated_context_decides(word: str, pct: int, spec: str, other: str) -> None:
    assert [r.printed_rate for r in read_paste(f"{spec} 测试，{word} {pct}%。\n").records] == [
        pct / 100
    ]
    assert read_paste(f"{other} {word} {pct}%。\n").records == ()
    assert read_paste(f"{spec} 与 {other}：{word} {pct}%。\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    pct=st.integers(1, 99),
    hits=st.sampled_from(
        ["enables prefix caching", "after a prefix cache hit", "缓存命中后重算", "cache hits"]
    ),
)
def test_hit_rate_in_a_paste_about_cache_hits_is_the_caches(
    read: Read, pct: int, hits: str
) -> None:
    """The paste speaks of a cache's hits elsewhere: 命中率 beside MTP in a table header is
    the cache's hit rate (no record); the same lines without that sentence read the rate."""
    table = f"| 场景（并发 64 + MTP） | 命中率 |\n|---|---|\n| 复跑 | {pct}.0% |\n"
    assert _rates(read, f"This change {hits}.\n\n{table}") == []
    assert _rates(read, f"This change adds a test.\n\n{table}") == [pytest.approx(pct / 100)]
