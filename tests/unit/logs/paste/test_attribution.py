"""Which tool a block's figures are attributed to when the paste names a tool only to set them
apart from it ('not vLLM', 'Unlike SGLang, ...') or says the user's own program printed them;
read through the whole logs pipeline (the line scanner first, then the structure readers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths, through_logs

_TOOLS = [
    ("vLLM", "vllm"),
    ("SGLang", "sglang"),
    ("llama.cpp", "llamacpp"),
    ("TensorRT-LLM", "trtllm"),
]
_CONTRASTS = ["not {t}", "unlike {t}", "instead of {t}", "vs {t}", "rather than {t}"]
_SUBJECTS = ["My own eval script output", "Our custom server", "Numbers from our harness", "Ours"]
_LINES = [
    "Accept length: {v}",
    "mean acceptance length: {v}",
    "acc_length: {v}",
    "Average Accept length: {v}",
]


def _records(tmp: Path, text: str) -> list[PasteRecord]:
    """The paste records the logs pipeline reads from ``text`` as one input file."""
    path = tmp / "paste.txt"
    path.write_text(text)
    result = run_logs([str(path)], LogsOptions())
    return [r for _, reading in result.pastes for r in reading.records]


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    contrast=st.sampled_from(_CONTRASTS),
    subject=st.sampled_from(_SUBJECTS),
    line=st.sampled_from(_LINES),
    v=st.integers(110, 390),
    paren=st.booleans(),
)
def test_a_tool_named_only_in_contrast_is_no_attribution(
    read: Read,
    tool: tuple[str, str],
    contrast: str,
    subject: str,
    line: str,
    v: int,
    paren: bool,
) -> None:
    said = contrast.format(t=tool[0])
    heading = f"{subject} ({said}):" if paren else f"{said[0].upper()}{said[1:]}, {subject}:"
    text = f"{heading}\n{line.format(v=f'{v / 100:.2f}')}\n"
    got = read(text).records
    assert len(got) == 1
    (r,) = got
    assert r.tool == "unknown" and r.printed_length == round(v / 100, 2)
    # no tool's convention decides: the length is not normalised
    assert r.bonus.value == "unknown" and r.accept_length is None


def test_through_the_pipeline_the_line_scanner_does_not_claim_it(tmp_path: Path) -> None:
    for text in (
        "Unlike SGLang, our custom server prints this:\nAccept length: 1.70\n",
        "My own eval script output (not vLLM):\nmean acceptance length: 1.70\n",
    ):
        (r,) = _records(tmp_path, text)
        assert r.tool == "unknown" and r.accept_length is None and r.bonus.value == "unknown"


def test_negative_controls_a_tool_named_as_what_ran_still_counts() -> None:
    # no contrast: the tool named in the heading is the measured one
    (r,) = read_paste("SGLang bench_serving on H100:\nAccept length: 1.70\n").records
    assert r.tool == "sglang" and r.accept_length == 1.7
    # both sides of a comparison are named: neither is told, as before
    (r,) = read_paste("SGLang vs vLLM on our box:\nmean acceptance length: 2.00\n").records
    assert r.tool == "unknown"
    # a tool named beside a contrasted one: which ran is not told by a contrast alone
    (r,) = read_paste("vLLM 0.11 (unlike SGLang):\nmean acceptance length: 2.00\n").records
    assert r.tool == "unknown" and r.accept_length is None


# contrast words in Chinese (before the name), Japanese and Korean (after it)
_CJK_CONTRASTS = [
    "我们自己的脚本（不是{t}）：",
    "我们用自己的服务器测的，而不是 {t}：",
    "与{t}不同，我们的脚本输出：",
    "不同于 {t}，自研服务器的数字：",
    "和 {t} 相比，我们的实现：",
    "自作スクリプトの出力（{t}ではなく）：",
    "{t}とは違って、自作サーバーの数値：",
    "{t}じゃなく自前のハーネスで測定：",
    "{t}가 아니라 자체 스크립트로 측정:",
    "{t}와 달리 우리 서버 출력:",
    "{t} 대신 자체 하네스:",
]
_CJK_LINES = ["平均接受长度为 {v}", "受理長は {v}", "평균 수락 길이: {v}", "接受长度：{v}"]


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    heading=st.sampled_from(_CJK_CONTRASTS),
    line=st.sampled_from(_CJK_LINES + _LINES),
    v=st.integers(110, 390),
    same_line=st.booleans(),
)
def test_a_tool_named_only_after_a_cjk_contrast_is_no_attribution(
    tool: tuple[str, str], heading: str, line: str, v: int, same_line: bool
) -> None:
    """'不是vLLM', '而不是 SGLang', 'vLLMではなく', 'SGLang가 아니라' set the figures apart from
    the tool as 'not vLLM' does: the tool is not the record's, and its convention decides
    nothing."""
    said = heading.format(t=tool[0])
    value = line.format(v=f"{v / 100:.2f}")
    text = f"{said} {value}\n" if same_line else f"{said}\n{value}\n"
    got = read_paste(text).records
    assert len(got) == 1, text
    (r,) = got
    assert r.tool == "unknown", (text, r.tool_rule)
    assert r.printed_length == round(v / 100, 2)
    assert r.bonus.value == "unknown" and r.accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    heading=st.sampled_from(_CJK_CONTRASTS),
    line=st.sampled_from(_CJK_LINES),
    v=st.integers(110, 390),
    same_line=st.booleans(),
)
def test_a_cjk_contrast_over_lines_written_in_cjk(
    read: Read, tool: tuple[str, str], heading: str, line: str, v: int, same_line: bool
) -> None:
    """The same over figures named in Chinese, Japanese or Korean, read directly and through
    the logs pipeline (no line scanner layout spells them)."""
    said = heading.format(t=tool[0])
    value = line.format(v=f"{v / 100:.2f}")
    text = f"{said} {value}\n" if same_line else f"{said}\n{value}\n"
    got = read(text).records
    assert len(got) == 1, text
    (r,) = got
    assert r.tool == "unknown", (text, r.tool_rule)
    assert r.printed_length == round(v / 100, 2)
    assert r.bonus.value == "unknown" and r.accept_length is None


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        # no contrast: the tool named is the measured one
        ("vLLM 测得平均接受长度为 2.41\n", "vllm"),
        ("SGLangで測定した受理長は 2.41\n", "sglang"),
        ("vLLM에서 측정한 평균 수락 길이: 2.41\n", "vllm"),
        # '不同' without '与' / '和' before the name: different versions of it, no contrast
        ("vLLM不同版本下平均接受长度为 2.41\n", "vllm"),
        # both sides of a comparison named: neither told
        ("SGLang 与 vLLM 相比，平均接受长度为 2.41\n", "unknown"),
        ("SGLangはvLLMより速い。受理長は 2.41\n", "unknown"),
    ],
)
def test_negative_controls_cjk_without_a_contrast(text: str, tool: str) -> None:
    (r,) = read_paste(text).records
    assert r.tool == tool, r.tool_rule


def test_a_one_line_layout_under_a_vs_heading_through_the_pipeline() -> None:
    for text in (
        "Ours vs vLLM:\nmean acceptance length: 1.10\n",
        "Vs SGLang, ours:\nAccept length: 1.10\n",
    ):
        (r,) = through_logs(text).records
        assert r.tool == "unknown"


def test_a_one_line_layout_under_a_cjk_heading_through_the_pipeline() -> None:
    for text in (
        "vLLM测得：\nAccept length: 1.10\n",
        "我们自己的脚本（不是vLLM）：\nAccept length: 1.10\n",
    ):
        got = through_logs(text).records
        assert len(got) == 1 and got[0].tool != "sglang"


# the line scanner's one-line layouts, each with the tool whose spelling it is
_ONE_LINE_LAYOUTS = [
    ("Accept length: {v}", "SGLang", "sglang"),
    ("acc_length: {v}", "SGLang", "sglang"),
    ("Average Accept length: {v}", "SGLang", "sglang"),
    ("mean acceptance length: {v}", "vLLM", "vllm"),
    ("Acceptance rate (%): {v}", "vLLM", "vllm"),
]
# the tool named after (or, in Japanese and Korean, before) a contrast word
_ANY_CONTRAST = [
    "not {t}",
    "unlike {t}",
    "instead of {t}",
    "rather than {t}",
    "as opposed to {t}",
    "vs {t}",
    "versus {t}",
    "compared to {t}",
    "不是{t}",
    "而不是 {t}",
    "不同于{t}",
    "与{t}不同",
    "和 {t} 相比",
    "{t}ではなく",
    "{t}とは違って",
    "{t}より",
    "{t}가 아니라",
    "{t}와 달리",
    "{t}보다",
]
_ANY_SUBJECT = ["Ours", "our server", "我们的结果", "自作サーバー", "우리 서버"]


@settings(max_examples=examples(40), deadline=None)
@given(
    layout=st.sampled_from(_ONE_LINE_LAYOUTS),
    contrast=st.sampled_from(_ANY_CONTRAST),
    subject=st.sampled_from(_ANY_SUBJECT),
    form=st.sampled_from(["{s} ({c}):", "{c}, {s}:", "{s}（{c}）：", "{c}，{s}："]),
    v=st.integers(110, 390),
)
def test_a_one_line_layout_under_a_contrast_heading_is_never_that_tools(
    layout: tuple[str, str, str], contrast: str, subject: str, form: str, v: int
) -> None:
    """A one-line layout under a heading naming its own tool only after a contrast word,
    English or CJK, is never that tool's: the line scanner leaves it to the structure readers
    (the same contrast words, core/logs/contrast.py), which do not attribute it either."""
    line, name, tool = layout
    text = (
        form.format(s=subject, c=contrast.format(t=name)) + "\n" + line.format(v=f"{v / 100:.2f}")
    )
    text += "\n"
    assert line_scanner_lengths(text) == [], text
    assert all(r.tool != tool for r in through_logs(text).records), text


@pytest.mark.parametrize("layout", _ONE_LINE_LAYOUTS)
def test_negative_controls_a_one_line_layout_under_its_tool_or_beside_a_cjk_word(
    layout: tuple[str, str, str],
) -> None:
    # no contrast: the line scanner reads the layout as its tool's (its name against CJK
    # words, 'vLLM测得', too), so the property above can fail
    line, name, _ = layout
    for heading in (f"{name} results:", f"{name}测得：", f"{name} vs ours:"):
        text = f"{heading}\n{line.format(v='1.70')}\n"
        assert len(line_scanner_lengths(text)) == 1, text


def test_a_cjk_contrast_through_the_pipeline(tmp_path: Path) -> None:
    for text in (
        "我们自己的脚本（不是vLLM）：\n平均接受长度为 1.70\n",
        "SGLangではなく自作:\n受理長は 1.70\n",
    ):
        (r,) = _records(tmp_path, text)
        assert r.tool == "unknown" and r.accept_length is None and r.bonus.value == "unknown"


def test_the_users_own_script_takes_no_tools_convention() -> None:
    (r,) = read_paste("llama.cpp run, my script prints:\nacc_length: 1.70\n").records
    assert r.tool == "llamacpp" and "own script" in r.tool_rule
    assert r.bonus.value == "unknown" and r.accept_length is None
    # negative control: the user's own deployment of a tool prints that tool's figures
    (r,) = read_paste("From our own SGLang server:\nAccept length: 1.70\n").records
    assert r.tool == "sglang" and r.tool_rule == "named in the block or its heading"


@settings(max_examples=examples(30), deadline=None)
@given(
    counts=st.lists(st.integers(0, 500), min_size=2, max_size=6).filter(lambda c: sum(c) > 0),
    name=st.sampled_from(
        [
            "accepted-per-step histogram",
            "Accepted tokens distribution",
            "acceptance histogram",
            "accepted per step distribution",
            "accepted/step histogram",
        ]
    ),
    included=st.booleans(),
    heading=st.sampled_from(["My own eval script output (not vLLM):", "vLLM offline run:", ""]),
)
def test_the_histogram_decides_the_bonus_before_any_tool(
    read: Read, counts: list[int], name: str, included: bool, heading: str
) -> None:
    mean = sum(i * n for i, n in enumerate(counts)) / sum(counts)
    printed = round(mean + (1 if included else 0), 2)
    body = ", ".join(f"{i}: {n}" for i, n in enumerate(counts))
    text = f"{heading}\n{name}: {{{body}}}\nmean acceptance length: {printed:.2f}\n".lstrip()
    (r,) = read(text).records
    assert r.bonus.value == ("included" if included else "excluded")
    assert r.bonus.rule.startswith("identity")
    assert r.accept_length is not None and abs(r.accept_length - (1 + mean)) < 0.011


def test_negative_control_a_histogram_of_something_else_decides_nothing() -> None:
    text = "latency histogram: {0: 100, 1: 200, 2: 300}\nmean acceptance length: 2.33\n"
    (r,) = read_paste(text).records
    assert r.bonus.rule != "identity: printed length = the histogram's mean"


def test_specforge_pools_a_runs_requests() -> None:
    # SpecForge's benchmark divides the run's completion tokens by its verify steps
    text = "SpecForge benchmark, EAGLE-3:\n| Dataset | Accept Length |\n|---|---|\n| mtbench | 3.12 |\n"
    (r,) = read_paste(text).records
    assert r.tool == "specforge" and r.accept_length == 3.12
    assert r.pooling.value == "pooled" and "pools" in r.pooling.rule


_LAUNCH = "python3 -m sglang.launch_server --model org/target --speculative-num-steps 2\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    length=st.integers(150, 390),
    trained=st.sampled_from(
        ["was trained using the SpecForge framework", "was fine-tuned with SpecForge"]
    ),
    served=st.sampled_from(["\nThe head is served with SGLang.\n", "It was served with SGLang.\n"]),
)
def test_the_server_beside_the_framework_that_trained_the_draft(
    read: Read, length: int, trained: str, served: str
) -> None:
    # the trainer is where the draft came from: the one other tool, its server, decides
    text = (
        f"# Draft head\n\nThe head {trained} on a chat mix. With 2 steps and 3 draft tokens it "
        f"reaches an acceptance length of {length / 100:.2f}.\n" + served
    )
    (r,) = read(text).records
    assert r.tool == "sglang" and r.accept_length == length / 100, (text, r.tool_rule)


@settings(max_examples=examples(30), deadline=None)
@given(
    # (below the 2 steps: a length above them counts the bonus by its value alone)
    length=st.integers(110, 199),
    trained=st.sampled_from(
        ["was trained using the SpecForge framework", "was fine-tuned with SpecForge"]
    ),
    usage=st.sampled_from(
        [
            "Use this head in SGLang with the following command:\n" + _LAUNCH,
            "\nUse this head in SGLang with the following command:\n\n" + _LAUNCH,
        ]
    ),
)
def test_a_server_named_only_for_usage_beside_the_trainer_decides_nothing(
    read: Read, length: int, trained: str, usage: str
) -> None:
    # the server named only to say how to run the head (usage_named.py): not where the figure
    # was measured, no tool
    text = (
        f"# Draft head\n\nThe head {trained} on a chat mix. With 2 steps and 3 draft tokens it "
        f"reaches an acceptance length of {length / 100:.2f}.\n" + usage
    )
    (r,) = read(text).records
    assert r.tool == "unknown" and r.accept_length is None, (text, r.tool_rule)
    assert r.printed_length == length / 100


@pytest.mark.parametrize(
    "tail",
    [
        # two servers beside the trainer: which one measured is not told
        "Use this head in SGLang or vLLM with the commands below.\n",
        # the framework's own benchmark named: it is no trainer only
        "Use this head in SGLang; the figure is from SpecForge's bench_eagle3 script.\n",
    ],
)
def test_no_server_decided_beside_the_trainer(read: Read, tail: str) -> None:
    text = (
        "The head was trained using the SpecForge framework on a chat mix. With 2 steps it "
        "reaches an acceptance length of 2.31.\n" + tail
    )
    (r,) = read(text).records
    assert r.tool == "unknown" and r.accept_length is None, r.tool_rule
