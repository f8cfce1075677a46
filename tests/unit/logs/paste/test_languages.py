"""Labels in other languages and scripts: Chinese, Japanese and Korean names of the accept length
and rate, full-width digits and punctuation, and a statistic word (max, min, mean) between the
name and its figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FULL = str.maketrans("0123456789.%:/", "０１２３４５６７８９．％：／")

# (the name of the accept length, the name of the rate, what joins a name to its value)
_LANGS = {
    "zh": (
        ["接受长度", "平均接受长度", "接收长度"],
        ["接受率", "平均接受率"],
        ["为", "：", " ", "是"],
    ),
    "ja": (
        ["受理長", "平均受理長", "受け入れ長"],
        ["受理率", "受け入れ率", "受容率"],
        ["は", "：", " "],
    ),
    "ko": (
        ["수락 길이", "평균 수락 길이", "수락길이"],
        ["수락률", "수용률", "수락율"],
        ["은 ", ": ", " "],
    ),
}
_FILLER = {
    "zh": ("我们在 gsm8k 上测试了 EAGLE3 草稿模型，", "，结果还行。"),
    "ja": ("EAGLE3 のドラフトモデルを gsm8k で評価しました。", "でした。"),
    "ko": ("EAGLE3 드래프트 모델을 gsm8k에서 평가했습니다. ", " 입니다."),
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(sorted(_LANGS)),
    st.data(),
    st.integers(min_value=110, max_value=690),
    st.integers(min_value=5, max_value=95),
    st.booleans(),
)
def test_a_length_and_a_rate_named_in_chinese_japanese_or_korean(
    read: Read, lang: str, data: st.DataObject, hundredths: int, pct: int, fullwidth: bool
) -> None:
    lengths, rates, joins = _LANGS[lang]
    ln = data.draw(st.sampled_from(lengths))
    rn = data.draw(st.sampled_from(rates))
    j1, j2 = data.draw(st.sampled_from(joins)), data.draw(st.sampled_from(joins))
    a, b = f"{hundredths / 100:.2f}", f"{pct}%"
    if fullwidth:
        a, b = a.translate(_FULL), b.translate(_FULL)
    head, tail = _FILLER[lang]
    text = f"{head}{ln}{j1}{a}，{rn}{j2}{b}{tail}\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].printed_length == hundredths / 100
    assert got[0].printed_rate == round(pct / 100, 6)
    assert got[0].accept_length is None  # no tool named: the convention stays unknown


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        [
            ("接受长度 最大 {}", "max"),
            ("接受长度最小{}", "min"),
            ("accept length max {}", "max"),
            ("수락 길이 최대 {}", "max"),
            ("受理長 最大 {}", "max"),
            ("acceptance length min {}", "min"),
            ("接受长度 平均 {}", "average"),
            ("max acceptance length {}", "max"),
            ("min accept len: {}", "min"),
        ]
    ),
    st.integers(min_value=105, max_value=590),
)
def test_a_statistic_word_between_the_name_and_the_figure(
    shape: tuple[str, str], hundredths: int
) -> None:
    """'接受长度 最大 1.86': the largest length seen, read with its statistic, never another number."""
    fmt, stat = shape
    text = "I trained a QwQ draft model, " + fmt.format(f"{hundredths / 100:.2f}") + ", puzzling\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [hundredths / 100]
    assert got[0].statistic == stat
    assert got[0].accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(
        ["接受长度 最大 {}", "accept length max {}", "max draft tokens {}", "最大长度 {}"]
    ),
    st.integers(min_value=2, max_value=16),
)
def test_a_whole_maximum_is_a_setting_not_a_figure(fmt: str, n: int) -> None:
    """'accept length max 5', '最大长度 2048': a bound a run is configured with."""
    text = "EAGLE3 speculative decoding config: " + fmt.format(n) + "\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["训练准确率", "准确率", "正解率", "정확도", "Acc"]),
    st.integers(min_value=50, max_value=99),
)
def test_accuracy_in_another_language_is_no_acceptance(name: str, pct: int) -> None:
    text = f"EAGLE3 草稿模型训练 5 个 epoch，{name}为 0.{pct}，loss 1.2。\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(
        [
            "每步 token 数",
            "每步token",
            "每步生成 token 数",
            "ステップあたりのトークン数",
            "단계당 토큰 수",
        ]
    ),
    st.integers(min_value=110, max_value=590),
)
def test_tokens_per_step_named_in_another_language(name: str, hundredths: int) -> None:
    """Tokens per verify step count the target's own token by their name."""
    v = hundredths / 100
    text = f"MTP 投机解码实测：{name} {v:.2f}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v]
    assert got[0].accept_length == v


def test_mean_accepted_tokens_in_japanese_are_of_unknown_convention() -> None:
    for text in (
        "平均受理トークン数: 2.41\n",
        "| モデル | 平均受理トークン数 |\n|---|---|\n| EAGLE3 | 2.41 |\n",
    ):
        got = read_paste(text).records
        assert [(r.printed_length, r.accept_length) for r in got] == [(2.41, None)]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["平均每步接受 {} 个 token", "每步接受 {} 个 token", "每步平均接受{}个token"]),
    st.integers(min_value=110, max_value=590),
)
def test_accepted_tokens_per_step_in_chinese_are_of_unknown_convention(
    fmt: str, hundredths: int
) -> None:
    """Accepted tokens per step: counted with the target's token by some, without by others."""
    v = hundredths / 100
    got = read_paste("EAGLE3 实测：" + fmt.format(f"{v:.2f}") + "\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, None)]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["tau = {}", "mean tau {}", "avg_tau: {}", "Tau: {}"]),
    st.integers(min_value=110, max_value=590),
)
def test_tau_spelled_out_beside_speculation(fmt: str, hundredths: int) -> None:
    v = hundredths / 100
    got = read_paste("EAGLE-3 draft on MT-bench, " + fmt.format(f"{v:.2f}") + "\n").records
    assert [r.printed_length for r in got] == [v]
    for other in ("Kendall tau = 0.81 between the two rankings\n", "time constant tau = 3.10 s\n"):
        assert read_paste(other).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        [
            "接受长度达到了{v}",
            "平均接受长度提升至{v}",
            "接受长度只有{v}左右",
            "接受长度大约{v}",
            "MTP的平均接受长度在{v}左右",
            "受理長は約{v}です",
            "수락 길이가 약 {v} 정도입니다",
        ]
    ),
    st.integers(min_value=110, max_value=590),
)
def test_chinese_japanese_and_korean_verbs_and_hedges_before_a_figure(
    fmt: str, hundredths: int
) -> None:
    v = hundredths / 100
    got = read_paste("EAGLE3 草稿模型：" + fmt.format(v=f"{v:.2f}") + "\n").records
    assert [r.printed_length for r in got] == [v]


@pytest.mark.parametrize(
    "text",
    [
        "ものづくり補助金の採択率は62.4%でした。\n",
        "IT導入補助金の採択率は5次募集で54.9%\n",
        "| 区分 | 採択率 |\n|---|---|\n| 通常枠 | 57.1% |\n",
        "올해 논문 채택률은 21.5% 입니다\n",
    ],
)
def test_adoption_and_approval_rates_are_no_acceptance(text: str) -> None:
    """採択率 / 채택률 are adoption rates (subsidies, papers), not speculative acceptance."""
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["SGLang", "vLLM", "llama.cpp"]),
    st.integers(min_value=110, max_value=590),
)
def test_an_engine_named_against_chinese_words(read: Read, engine: str, hundredths: int) -> None:
    """'SGLang集成MTP后...平均接受长度达到2.44': the engine is named; its convention decides."""
    v = hundredths / 100
    got = read(f"{engine}集成MTP后，平均接受长度达到{v:.2f}个令牌。\n").records
    assert [r.tool for r in got] == [engine.lower().replace(".", "")]


def test_a_training_framework_against_chinese_words_names_no_tool() -> None:
    text = "在Specforge框架下训练Qwen2.5-7B的Draft model，Acc length为1.9.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]
