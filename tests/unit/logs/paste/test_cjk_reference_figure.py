"""A figure a Chinese or Japanese sentence credits to a reference the run is set against ('A100
参考中 ... 约 3.0，当前最好约 2.64': in the A100 reference), in a paste holding its own run's
figure: the reference's figure, no run of the paste (cited.attributed, as 'in the blog post,
theirs reached 2.80' is). Alone in the paste it stays a reported run; 'for reference only'
(仅供参考) after one's own figure, and a first person between the reference and the value, keep
the record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(25), deadline=None)
@given(
    platform=st.sampled_from(["GPU", "A100", "H800 ", "CUDA "]),
    suffix=st.sampled_from(["中", "值", "数据里", ""]),
    name=st.sampled_from(["平均接受长度", "接受长度", "mean accept len "]),
    hedge=st.sampled_from(["约", "大约 ", ""]),
    own=st.integers(150, 290),
    ref=st.integers(300, 420),
    quote=st.sampled_from(["", "`"]),
)
def test_reference_figure_set_against_the_run(
    read: Read,
    platform: str,
    suffix: str,
    name: str,
    hedge: str,
    own: int,
    ref: int,
    quote: str,
) -> None:
    text = (
        "## 验证结果\n\n"
        f"- 修复后 `mean_accept_len` 达到 {quote}{own / 100:.2f}{quote}\n\n"
        "## 差距\n\n"
        f"{platform}参考{suffix} {name}{hedge}{quote}{ref / 100:.2f}{quote}，"
        f"当前最好约 {quote}{own / 100:.2f}{quote}，第三个位置仍偏低。\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(own / 100)]
    assert got[0].first_line == 3


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        # the reference's figure alone in the paste: a reported run
        ("GPU 参考中平均接受长度约 3.10。\n", [3.1]),
        # 'for reference only' after the writer's own figure
        ("- 修复前 mean_accept_len 1.92\n\n实测平均接受长度 2.64（仅供参考）。\n", [1.92, 2.64]),
        # a first person between the reference and the value: the writer's run
        (
            "- 修复前 mean_accept_len 1.92\n\n参考官方配置后，我们测得平均接受长度 2.64。\n",
            [1.92, 2.64],
        ),
    ],
)
def test_figures_that_stay(read: Read, text: str, lengths: list[float]) -> None:
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(x) for x in lengths]
