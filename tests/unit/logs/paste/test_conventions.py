"""Conventions decided by evidence: bonus token counted or not, rate per draft or per output
token, the tool that measured the figures, the draft length k."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.evidence import MAX_ACCEPT_LENGTH
from tests.support.examples import examples
from tests.support.pastes import (
    pipe_table,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read


def _rising(draw: st.DrawFn, n: int, start: float) -> list[float]:
    vals, v = [], start
    for _ in range(n):
        vals.append(round(v, 2))
        v += draw(st.integers(0, 40)) / 100
    return vals


@st.composite
def _k_table(draw: st.DrawFn) -> tuple[str, list[int], list[list[float]]]:
    ks = sorted(draw(st.sets(st.integers(1, 8), min_size=2, max_size=6)))
    ncols = draw(st.integers(1, 3))
    series = []
    for _ in range(ncols):
        vals = _rising(draw, len(ks), draw(st.integers(105, 190)) / 100)
        # every length at most K + 1: a step emits its drafts and the target's own token
        series.append([min(v, k + 1) for v, k in zip(vals, ks, strict=True)])
    kname = draw(st.sampled_from(["K", "k", "**K**", "`k`"]))
    names = [f"Draft {c}" for c in "ABC"[:ncols]]
    outer = draw(st.booleans())
    metric = draw(st.sampled_from(["AL", "Accept length", "acceptance length", "τ"]))
    if draw(st.booleans()):
        header = [kname] + [f"{metric} ({n})" for n in names]
        text = pipe_table(
            header, [[str(k)] + [f"{s[i]:.2f}" for s in series] for i, k in enumerate(ks)], outer
        )
    else:
        # a spanning title row over the drafts' columns, the K header in the second row
        top = " | ".join([""] + [metric] + [""] * (ncols - 1))
        second = " | ".join([kname] + names)
        body = "\n".join(
            " | ".join([str(k)] + [f"{s[i]:.2f}" for s in series]) for i, k in enumerate(ks)
        )
        text = f"{top}\n{' | '.join(['--'] * (ncols + 1))}\n{second}\n{body}\n"
    return text, ks, series


_LENGTH_TABLE = pipe_table(
    ["Dataset", "Baseline tok/s", "Accept Rate", "Accept Length"],
    [["HumanEval", "130.2", "57.1%", "3.42"], ["MT-Bench", "129.2", "47.9%", "2.88"]],
)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(1, 50_000),
    st.integers(1, 5000),
    st.sampled_from(["Mean acceptance length", "accept length", "avg_accept_len", "AL"]),
    st.sampled_from([": ", " = ", " is "]),
    st.booleans(),
)
def test_key_value_counts_decide_the_bonus(
    read: Read, accepted: int, steps: int, key: str, sep: str, wrap: bool
) -> None:
    """1 + accepted / steps printed: bonus included; accepted / steps printed: excluded."""
    for bonus in (True, False):
        printed = round((1 if bonus else 0) + accepted / steps, 2)
        if printed < 0.01 or printed > MAX_ACCEPT_LENGTH:  # above it: no length (evidence.py)
            continue
        value_line = f"{key}{sep}{printed:.2f}"
        if wrap:
            value_line = f"{key}\n  {sep.strip() or ':'} {printed:.2f}"
        text = (
            f"Number of accepted tokens: {accepted:,}\nNumber of draft proposals: {steps:,}\n"
            f"{value_line}\n"
        )
        got = read(text)
        assert len(got.records) == 1, text
        r = got.records[0]
        assert r.accepted_tokens == accepted and r.steps == steps
        if abs(accepted / steps - round(accepted / steps, 2)) < 1e-12 and False:
            pass
        assert r.bonus.value == ("included" if bonus else "excluded"), (text, r.bonus)
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + accepted / steps)) <= 0.0051


def test_tokens_per_step_next_to_accepted_per_step() -> None:
    got = read_paste("avg_tok/step: 3.18, accepted/steps: 2.18\n")
    (r,) = got.records
    assert r.accept_length == 3.18 and r.bonus.rule.startswith("identity")


def test_accept_ratio_over_output_tokens() -> None:
    got = read_paste(
        '{"accept_ratio": 0.25, "num_accepted_tokens": 250, "num_output_tokens": 1000, ...}'
    )
    (r,) = got.records
    assert r.rate_basis.value == "per_output_token"
    assert r.accept_length is not None and abs(r.accept_length - 1 / 0.75) < 1e-6


def test_unknown_convention_claims_no_normalised_length() -> None:
    (r,) = read_paste("| Dataset | AL |\n|---|---|\n| mtbench | 3.1 |\n").records
    assert r.printed_length == 3.1 and r.accept_length is None and r.bonus.value == "unknown"


def test_a_tool_named_elsewhere_decides_no_convention() -> None:
    text = "Unlike vLLM, our fork prints this:\n\n| steps | acc len |\n|---|---|\n| 3 | 2.1 |\n"
    (r,) = read_paste(text).records
    assert r.tool == "unknown" and r.tool_rule.startswith("a tool named only beside a contrast")
    assert r.bonus.value == "unknown" and r.accept_length is None
    far = "We run vLLM elsewhere.\n\nline\n\nline\n\nline\n\nline\n\n" + text.split("\n\n")[1]
    (r,) = read_paste(far).records
    assert r.tool_rule == "the only tool named in the paste" and r.accept_length is None


def test_a_tool_named_beside_the_figures_still_counts() -> None:
    text = (
        "vLLM 0.9 serve, EAGLE-3:\n"
        "| Checkpoint | MT-bench (τ) |\n"
        "|---|---|\n"
        "| ours | 2.64 |\n"
        "Note: vLLM drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.tool for r in got] == ["vllm"]


def test_a_tool_named_before_the_metric_tells_the_tool() -> None:
    text = (
        "NVIDIA AIPerf | Server Metrics: Speculative Decoding\n"
        "| Metric | mean | min | max | p50 | p90 |\n|---|---|---|---|---|---|\n"
        "| SGLang Spec Accept Rate (%) | 61.3 | 40.0 | 78.7 | 62.0 | 71.3 |\n"
        "| SGLang Spec Accept Length | 2.84 | 2.20 | 3.36 | 2.86 | 3.14 |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.tool_rule == "the metric's name"
    assert r.accept_length == 2.84 and r.printed_rate == 0.613


def test_share_from_draft_gives_the_length_through_one_target_token_per_step() -> None:
    text = (
        "| num_draft_tokens | tokens from draft | from draft % |\n|---|---|---|\n"
        "| 4 | 298 | 58.2% |\n"
    )
    (r,) = read_paste(text).records
    assert ("num draft tokens", "4") in r.labels and r.accepted_tokens == 298
    assert r.rate_basis.value == "per_output_token"
    assert r.accept_length is not None and abs(r.accept_length - 1 / (1 - 0.582)) < 1e-6


def test_a_model_id_does_not_name_the_tool() -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.tools_named("the AL of `lmsys/sglang-EAGLE3-LLaMA3.1-Instruct-8B` is 3.1") == []
    assert T.tools_named("served by SGLang 0.5") == ["sglang"]
    assert T.tools_named("see https://github.com/sgl-project/sglang/blob/main/README.md") == [
        "sglang"
    ]
    # a link to a pull request names a project discussed, not the tool (links.py)
    assert T.tools_named("see https://github.com/sgl-project/sglang/pull/1") == []
    (r,) = read_paste("the AL of `lmsys/sglang-EAGLE3-LLaMA3.1-Instruct-8B` is 3.115\n").records
    assert r.printed_length == 3.115 and r.accept_length is None


def test_a_comparison_of_configurations_still_names_the_tool() -> None:
    head = "With SGLang and PD on, the accept length dropped compared to when only MTP is on.\n\n"
    table = "|  | MTP only | PD+MTP |\n| --- | --- | --- |\n| Accept length | 3.05 | 2.11 |\n"
    got = read_paste(head + table).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 3.05), ("sglang", 2.11)]
    other = "Our fork prints the accept length compared to vLLM:\n\n" + table
    assert all(r.accept_length is None for r in read_paste(other).records)


def test_a_link_to_the_tools_source_decides_its_conventions() -> None:
    text = (
        "I see lower EAGLE accept lengths (3.10 vs 2.95) over plain requests.\n\n"
        "I changed [the benchmark](https://github.com/sgl-project/sglang/blob/main/bench.py).\n"
    )
    got = read_paste(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 3.1), ("sglang", 2.95)]
    named = text.replace("https://github.com/sgl-project/sglang/blob/main/bench.py", "sglang")
    assert all(r.accept_length is None for r in read_paste(named).records)


def test_a_prose_length_follows_the_identity_of_the_pastes_table() -> None:
    text = (
        "The draft's mean acceptance length is **2.95** over all subsets.\n\n"
        "| subset | acceptance_length | pos_0 | pos_1 | pos_2 |\n| --- | --- | --- | --- | --- |\n"
        "| code | 3.100 | 90.0% | 70.0% | 50.0% |\n| chat | 2.800 | 80.0% | 60.0% | 40.0% |\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (2.95, 2.95),
        (3.1, 3.1),
        (2.8, 2.8),
    ]
    assert got[0].bonus.rule.startswith("the paste's other records")


def test_sglangs_line_shape_quoted_in_prose_names_it() -> None:
    text = (
        "- **MTP profile**: `accept_length=2.91 / max 4` averaged over 120 server "
        "`Decode batch ... accept len: Y` lines\n"
    )
    (r,) = read_paste(text).records
    assert (r.tool, r.printed_length, r.accept_length) == ("sglang", 2.91, 2.91)


def test_the_sections_heading_names_the_tool_of_its_blocks() -> None:
    text = (
        "## Results (MT-Bench, one GPU, SGLang + FlashInfer)\n\n"
        "| Batch | Metric | Baseline | EAGLE-3 |\n|---|---|---|---|\n"
        "| 1 | TPOT (ms) | 8.0 | 5.9 |\n| 1 | Throughput | 120.3 | 160.2 |\n"
        "| 32 | Throughput | 250.1 | 430.9 |\n| 64 | Throughput | 300.5 | 480.0 |\n\n"
        "Acceptance rate: 41.0% | Acceptance length: 2.5\n"
    )
    (r,) = read_paste(text).records
    assert (r.tool, r.accept_length) == ("sglang", 2.5)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(
        ["Average accept length", "Accept length", "Mean acceptance length", "AL"]
    ),
    definition=st.sampled_from(
        ["tokens per verify step", "tokens per step", "tokens per forward", "emitted per verify"]
    ),
    bold=st.booleans(),
    rows=st.integers(1, 4),
    form=st.sampled_from(["({})", ", {}", " — {}", " [{}]"]),
)
def test_a_title_defining_its_length_as_tokens_per_step(
    read: Read, name: str, definition: str, bold: bool, rows: int, form: str
) -> None:
    title = name + form.format(definition)
    title = f"**{title}**" if bold else f"#### {title}"
    body = render_table(
        "markdown",
        ["TP \\ Concurrency", "1", "8"],
        [[str(2**i), f"{3 + i / 10:.2f}", f"{3.05 + i / 10:.2f}"] for i in range(rows)],
    )
    got = read(title + "\n" + body)
    assert len(got.records) == 2 * rows
    for r in got.records:
        assert r.accept_length == r.printed_length, r.bonus
        assert r.bonus.value == "included"


def test_a_length_with_a_unit_in_brackets_stays_undecided() -> None:
    got = read_paste(
        "**Average accept length (tokens)**\n"
        + render_table("markdown", ["TP", "1"], [["1", "3.10"]])
    )
    (r,) = got.records
    assert r.printed_length == 3.1 and r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    field=st.sampled_from(["Backend", "**Backend:**", "Engine", "inference engine", "Server"]),
    spelling=st.sampled_from(["llamacpp/vulkan", "llama.cpp (b6000)", "llamacpp", "`llama.cpp`"]),
    sep=st.sampled_from([":", " ="]),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_a_backend_field_names_the_tool_whose_conventions_hold(
    field: str, spelling: str, sep: str, bullet: str
) -> None:
    key = field if field.endswith(":**") else field + sep
    text = (
        f"{bullet}{key} {spelling}\n- Model: some-model-Q4\n\n## Summary\n\nIt dropped.\n\n"
        "## Measurements\n\n"
        + render_table(
            "markdown", ["Request", "Acceptance", "Mean len"], [["task 1", "94.6%", "3.65"]]
        )
    )
    (r,) = read_paste(text).records
    assert r.tool == "llamacpp" and r.accept_length == 3.65, (r.tool_rule, r.bonus)
    assert "backend or engine field" in r.tool_rule


def test_without_a_backend_field_or_with_two_tools_nothing_is_decided() -> None:
    table = render_table(
        "markdown", ["Request", "Acceptance", "Mean len"], [["task 1", "94.6%", "3.65"]]
    )
    # a tool named in passing, in no field: no convention
    (r,) = read_paste(table + "\nUnrelated: we moved off llamacpp last week.\n").records
    assert r.accept_length is None
    # the field names one tool, the paste another as well: no convention either
    text = "- Backend: llamacpp\n- compared with vLLM\n\n" + table
    (r,) = read_paste(text).records
    assert r.accept_length is None


def test_a_launch_command_does_not_decide_a_client_scripts_lines() -> None:
    text = (
        "```\npython3 -m sglang.launch_server --model m --speculative-algo EAGLE3 \\\n"
        "    --speculative-num-steps 8 \\\n    --tp 8\n```\nw/o spec:\n```\n"
        "my_client.py: 80 prompts, 88.61 tok/s\n```\n"
        "EAGLE3:\n```\nmy_client.py: 80 prompts, 234.54 tok/s, accept length 5.88\n```\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 5.88 and r.accept_length is None
    # SGLang's own benchmark script's line ('#questions: N, Throughput: ..., Acceptance length')
    # is SGLang's figure (output tokens / verify steps): test_tool_marks.py


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["AL", "Accept length", "acceptance length", "τ", "Mean acc len"]),
    says=st.sampled_from(
        [
            ("(incl. bonus)", "included"),
            ("(including the bonus token)", "included"),
            ("(+1 bonus)", "included"),
            ("(bonus included)", "included"),
            ("w/o bonus", "excluded"),
            ("(excl. bonus)", "excluded"),
            ("(bonus token excluded)", "excluded"),
        ]
    ),
    value=st.integers(101, 700),  # (a length counting the bonus is 1 or more)
)
def test_a_header_saying_whether_the_bonus_is_counted(
    name: str, says: tuple[str, str], value: int
) -> None:
    words, way = says
    v = value / 100
    got = read_paste(
        render_table("markdown", ["config", f"{name} {words}"], [["eagle3", f"{v:.2f}"]])
    ).records
    (r,) = got
    assert r.printed_length == v and r.bonus.value == way
    assert r.accept_length == (round(v, 6) if way == "included" else round(v + 1, 6))


def test_a_header_naming_both_ways_decides_nothing() -> None:
    for words in ("(with and without bonus)", "(with/without bonus)"):
        (r,) = read_paste(
            render_table("markdown", ["config", f"AL {words}"], [["eagle3", "2.50"]])
        ).records
        assert r.accept_length is None


@settings(max_examples=examples(60), deadline=None)
@given(case=_k_table())
def test_a_length_above_the_rows_bare_k_counts_the_bonus(
    case: tuple[str, list[int], list[list[float]]],
) -> None:
    text, ks, series = case
    got = read_paste("Sweep over the draft length:\n\n" + text).records
    want = sorted(v for s in series for v in s)
    assert sorted(r.printed_length or 0 for r in got) == want
    above = any(v > k for s in series for v, k in zip(s, ks, strict=True))
    for r in got:
        if above:
            # a length above its row's K decides its column; the other columns follow
            assert r.accept_length == r.printed_length or r.accept_length is None
        else:
            assert r.accept_length is None
    if above:
        decided = [r for r in got if r.accept_length is not None]
        assert decided and all(r.bonus.value == "included" for r in decided)


def test_a_bare_k_that_is_no_draft_length_decides_nothing() -> None:
    # a length above K + 1: the K is something else (a context length in thousands)
    ctx = pipe_table(["K", "AL"], [["1", "2.60"], ["2", "2.70"], ["4", "2.71"]])
    # lengths that fall as K grows: no draft length either
    falling = pipe_table(["K", "AL"], [["2", "2.40"], ["3", "2.31"], ["4", "2.20"]])
    # one K only: nothing tells what it is
    single = pipe_table(["K", "AL"], [["2", "2.40"], ["2", "2.45"]])
    for text in (ctx, falling, single):
        got = read_paste("Results:\n\n" + text).records
        assert got and all(r.accept_length is None for r in got), text


def test_a_vllm_release_before_0_9_keeps_its_own_convention() -> None:
    text = "On vLLM 0.8.5 the mean acceptance length was 1.9 with 3 speculative tokens.\n"
    (r,) = read_paste(text).records
    assert r.tool == "vllm" and r.accept_length is None
    text = "On vLLM 0.11.0 the mean acceptance length was 2.9 with 3 speculative tokens.\n"
    (r,) = read_paste(text).records
    assert r.tool == "vllm" and r.accept_length == 2.9


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["Acceptance length", "Mean accept length", "AL"]),
    note=st.sampled_from(
        [
            ("(bonus token included)", True),
            ("(incl. bonus)", True),
            ("[including the bonus token]", True),
            (", counting the bonus token", True),
            ("(w/o bonus)", False),
            ("(bonus excluded)", False),
            (", not counting the bonus token", False),
            ("(excl. bonus)", False),
        ]
    ),
    v=st.integers(110, 600),
)
def test_what_a_length_counts_said_right_after_its_value(
    name: str, note: tuple[str, bool], v: int
) -> None:
    text, included = note
    (r,) = read_paste(f"{name}: {v / 100:.2f} {text}.\n".replace(" ,", ",")).records
    assert r.printed_length == v / 100
    assert r.accept_length == pytest.approx(v / 100 + (0 if included else 1))


def test_a_note_on_the_bonus_that_names_both_or_another_sentence_decides_nothing() -> None:
    for text in (
        "Acceptance length: 2.41 (with and without bonus)\n",
        "Acceptance length: 2.41 (with/without bonus: 2.41/1.41)\n",
        "Acceptance length: 2.41. The bonus token is counted in the throughput.\n",
    ):
        assert all(r.accept_length is None for r in read_paste(text).records), text


@settings(max_examples=examples(40), deadline=None)
@given(steps=st.integers(1, 8), topk=st.sampled_from([1, 4, 8]), length=st.integers(110, 900))
def test_sglangs_num_steps_is_the_draft_depth(steps: int, topk: int, length: int) -> None:
    flags = (
        f"--speculative-num-steps {steps} --speculative-eagle-topk {topk} "
        f"--speculative-num-draft-tokens {steps + 1}"
    )
    # (the user's prose about the run: SGLang's own flags say SGLang served it, its convention
    # decides, as a launch command's does: test_tool_marks.py)
    text = f"with {flags} I get accept len {length / 100:.2f}\n"
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100 and r.accept_length == length / 100
    # a table below the flags may be a client script's: only its value decides it, a step
    # accepting at most num_steps drafts (a length above it counts the target's token)
    text = f"run with {flags}:\n\n| prompt set | accept len |\n|---|---|\n| chat | {length / 100:.2f} |\n"
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100
    assert r.accept_length == (length / 100 if length / 100 > steps else None)


@settings(max_examples=examples(60), deadline=None)
@given(
    k=st.integers(1, 8),
    steps=st.integers(200, 60_000),
    per=st.integers(5, 95),
    kname=st.sampled_from(["mtp_k={}", "k={}", "num_speculative_tokens={}", "`mtp_k={}`"]),
    name=st.sampled_from(["Mean accepted tokens / forward", "accepted tokens per step"]),
    bonus=st.booleans(),
)
def test_counts_and_the_pastes_k_decide_over_the_name(
    k: int, steps: int, per: int, kname: str, name: str, bonus: bool
) -> None:
    drafted = steps * k
    accepted = drafted * per // 100
    mean = accepted / steps + (1 if bonus else 0)
    text = (
        f"Run with the same draft ({kname.format(k)}).\n\n"
        "| Metric | ours |\n|---|---|\n"
        f"| Draft acceptance rate | {100 * accepted / drafted:.2f}% ({accepted}/{drafted}) |\n"
        f"| {name} | {mean:.2f} |\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == round(mean, 2)
    # 1 + accepted / (drafted / k) is the printed figure: the bonus counted, whatever the name
    want = round(mean, 2) if bonus else round(round(mean, 2) + 1, 6)
    assert r.accept_length == pytest.approx(want)
    # (a mean below 1 is decided by its value first: the same reading)
    assert r.bonus.rule.startswith("identity") or (
        round(mean, 2) < 1 and r.bonus.rule.startswith("value:")
    )


def test_a_k_the_paste_states_twice_differently_decides_nothing_by_counts() -> None:
    text = (
        "Two runs, k=3 and k=4.\n\n| Metric | ours |\n|---|---|\n"
        "| Draft acceptance rate | 59.70% (85964/144000) |\n| Mean accepted tokens / forward | 2.79 |\n"
    )
    (r,) = read_paste(text).records
    assert not r.bonus.rule.startswith("identity")


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(1, 6),
    flag=st.sampled_from(
        ["--speculative-num-steps {}", "--num-speculative-tokens {}", "`mtp_k={}`", "k={}"]
    ),
    lengths=st.lists(st.integers(105, 700), min_size=1, max_size=4),
)
def test_a_length_above_the_k_the_paste_states_decides_its_name(
    k: int, flag: str, lengths: list[int]
) -> None:
    text = f"Served with {flag.format(k)}.\n\n" + "".join(
        f"- run {i}, concurrency {2**i}: 190.09 output tok/s, accept length {v / 100:.2f}.\n"
        for i, v in enumerate(lengths)
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    above = any(v / 100 > k for v in lengths)
    assert all(
        (r.accept_length == r.printed_length) if above else r.accept_length is None for r in got
    )


def test_two_stated_ks_decide_nothing() -> None:
    text = "Tried k=3 and k=5.\n\n- accept length 3.40\n- accept length 2.90\n"
    assert all(r.accept_length is None for r in read_paste(text).records)


@settings(max_examples=examples(60), deadline=None)
@given(
    kname=st.sampled_from(["k={}", "nst={}", "gamma={}", "num_spec_tokens={}", "K = {}"]),
    k=st.integers(1, 8),
    rates=st.lists(st.integers(50, 900), min_size=1, max_size=3),
    pct=st.sampled_from(["%", "", "last"]),
    bold=st.booleans(),
    data=st.data(),
)
def test_one_plus_draft_tokens_times_rate_decides_the_bonus(
    kname: str, k: int, rates: list[int], pct: str, bold: bool, data: st.DataObject
) -> None:
    # rates in tenths of a percent, printed with one decimal; lengths rounded to two
    lengths = [round(1 + k * r / 1000, 2) for r in rates]
    cells_r = [f"{r / 10:.1f}" + ("%" if pct == "%" else "") for r in rates]
    if pct == "last":
        cells_r[-1] += "%"
    cells_l = [f"{v:.2f}" for v in lengths]
    if bold:
        cells_l[-1], cells_r[-1] = f"**{cells_l[-1]}**", f"**{cells_r[-1]}**"
    label = kname.format(k) + " " + data.draw(st.sampled_from(["greedy", "probabilistic", ""]))
    header = [
        "configuration",
        f"mean acceptance length ({len(rates)} samples)",
        "avg draft acceptance rate",
    ]
    row = [label.strip(), " / ".join(cells_l), " / ".join(cells_r)]
    if len(rates) == 1 and pct == "":
        return  # a lone bare number above 1 is read as a percentage only with a note
    got = read_paste(pipe_table(header, [row]))
    assert [r.printed_length for r in got.records] == lengths
    assert [r.accept_length for r in got.records] == lengths
    assert all(r.bonus.rule.startswith("identity:") for r in got.records)


def test_when_one_plus_k_times_rate_misses_nothing_is_decided() -> None:
    got = read_paste(
        pipe_table(["config", "accept length", "accept rate"], [["k=5", "2.90", "22.9%"]])
    )
    assert [r.printed_length for r in got.records] == [2.9]
    assert got.records[0].accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(
        ["Benchmarked with", "Numbers measured on", "Results are from", "Served by"]
    ),
    det=st.sampled_from(["our ", "the ", "upstream ", ""]),
    tool=st.sampled_from([("SGLang", "sglang"), ("vLLM", "vllm"), ("llama.cpp", "llamacpp")]),
    tail=st.sampled_from([" fork (org/repo, commit 63291f7)", " 0.11", " server", ""]),
    trainer=st.booleans(),
)
def test_the_tool_the_paste_says_measured_its_figures(
    verb: str, det: str, tool: tuple[str, str], tail: str, trainer: bool
) -> None:
    lines = ["EAGLE3 draft model card", "B=1 (single request)", _LENGTH_TABLE.strip()]
    if trainer:
        lines.append("Trained via SpecForge, 3 epochs.")
    lines.append(f"{verb} {det}{tool[0]}{tail}. Metrics from server-side Prometheus.")
    got = read_paste("\n".join(lines) + "\n")
    assert {r.tool for r in got.records} == {tool[1]}
    assert [r.accept_length for r in got.records] == [3.42, 2.88]


def test_a_tool_only_trained_with_or_compared_with_decides_nothing() -> None:
    for said in ("Trained with SGLang and SpecForge.", "Compared with vLLM, ours is faster."):
        got = read_paste("EAGLE3 draft on SpecForge\n" + _LENGTH_TABLE + said + "\n")
        assert all(r.accept_length is None for r in got.records)


@settings(max_examples=examples(50), deadline=None)
@given(
    v=st.integers(105, 590),
    say=st.sampled_from(
        [
            "So with their method, the accept length should +1",
            "to compare, our numbers need to add 1",
            "the acceptance lengths above would be plus one",
        ]
    ),
    why=st.sampled_from(
        [
            "Other benchmarks also count the token generated by the base (target) model.",
            "They count the bonus token.",
            "Their tool counts tokens from the target model as well.",
        ]
    ),
    approx=st.booleans(),
)
def test_the_paste_says_its_lengths_lack_the_targets_token(
    v: int, say: str, why: str, approx: bool
) -> None:
    val = f"~{v / 100:.2f}" if approx else f"{v / 100:.2f}"
    text = (
        "Results on MT-bench (80 questions)\n"
        f"- Accept length for setup 1: {val}\n\n"
        f"Update: my numbers differ from other benchmarks. {why}\n{say}\n"
    )
    got = read_paste(text)
    assert [r.accept_length for r in got.records] == [round(v / 100 + 1, 6)]
    assert got.records[0].bonus.value == "excluded"


def test_plus_one_without_the_targets_token_or_both_ways_decides_nothing() -> None:
    base = "- Accept length for setup 1: 2.99\n\n"
    for said in (
        "the accept length should +1 next release",  # no word on which token
        "They count the bonus token, so the accept length should +1; "
        "or the accept length should -1 by their other method.",
    ):
        got = read_paste(base + said + "\n")
        assert [r.accept_length for r in got.records] == [None]


@settings(max_examples=examples(50), deadline=None)
@given(
    subject=st.sampled_from(["The accept length here", "Our numbers", "AL above", "These lengths"]),
    verb=st.sampled_from(
        [
            ("does not count the bonus token", "excluded"),
            ("excludes the bonus", "excluded"),
            ("never counts the target's own token", "excluded"),
            ("include the target model's own token", "included"),
            ("counts the bonus token", "included"),
        ]
    ),
    v=st.integers(105, 590),
)
def test_the_paste_says_how_its_lengths_count(subject: str, verb: tuple[str, str], v: int) -> None:
    text = f"- accept length: {v / 100:.2f} on chat\n\n{subject} {verb[0]}.\n"
    got = read_paste(text)
    lengths = [r.accept_length for r in got.records]
    assert lengths == [round(v / 100 + (1 if verb[1] == "excluded" else 0), 6)]


def test_a_sentence_on_another_tools_count_decides_nothing() -> None:
    text = "- accept length: 2.41 on chat\n\nour numbers differ from SpecBench, which counts the bonus token.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(
        ["Benchmarks were run on", "Tested on", "We ran with", "Numbers collected on", "Served by"]
    ),
    tool=st.sampled_from([("SGLang", "sglang"), ("vLLM", "vllm"), ("llama.cpp", "llamacpp")]),
)
def test_measuring_phrases_and_comparisons(verb: str, tool: tuple[str, str]) -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.measured_with(f"{verb} {tool[0]} 0.5 on 8xH100.") == {tool[1]}
    assert T.measured_with(f"{verb} H100 vs {tool[0]}.") == set()
    assert T.measured_with(f"{verb} SGLang and vLLM.") == set()


@pytest.mark.parametrize(
    ("line", "tool"),
    [
        ("docker run --gpus all -p 8000:8000 vllm/vllm-openai:v0.11.0 --model m", "vllm"),
        ("docker run --rm --ipc=host lmsysorg/sglang:v0.5.4 python3 -m x", "sglang"),
        ("docker run -p 8080:8080 ghcr.io/ggml-org/llama.cpp:server -m m.gguf", "llamacpp"),
    ],
)
def test_a_server_image_started_with_docker_decides_the_users_prose(line: str, tool: str) -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.launched(line) == {tool}
    text = f"```\n{line}\n```\n\nThe mean acceptance length was 2.41 on chat.\n"
    got = read_paste(text)
    assert [(r.tool, r.printed_length) for r in got.records] == [(tool, 2.41)]


def test_rounds_and_accepted_over_drafted_decide_the_bonus() -> None:
    text = (
        "| task | rounds | accepted | a.len |\n"
        "|------|--------|----------|-------|\n"
        "| chat |    100 |  150/240 |  2.50 |\n"
    )
    (r,) = read_paste(text).records
    assert (r.steps, r.accepted_tokens, r.drafted_tokens) == (100, 150, 240)
    assert r.accept_length == 2.5 and r.bonus.rule.startswith("identity: printed length = 1 +")


def test_a_bench_only_field_tells_the_tool() -> None:
    text = (
        "| Metric | spec off | spec on |\n"
        "|---|---|---|\n"
        "| Total generated tokens (retokenized) | 4000 | 4002 |\n"
        "| Accept length | - | 3.05 |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.accept_length == 3.05


def test_a_length_above_k_counts_the_bonus_and_the_column_follows() -> None:
    text = (
        "| setup | tok/s | accept-len |\n"
        "|---|---|---|\n"
        "| baseline | 30.0 | — |\n"
        "| draft `k=1` | 35.1 | 1.80 |\n"
        "| draft `k=6` | 40.2 | 3.40 |\n"
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [1.8, 3.4]
    assert got[0].bonus.rule.startswith("value: a length above the draft tokens per step")
    assert got[1].bonus.rule.startswith("the column's other rows decide it")


def test_a_length_within_k_decides_nothing() -> None:
    text = "| setup | accept-len |\n|---|---|\n| draft `k=4` | 3.40 |\n| draft `k=6` | 3.90 |\n"
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


@given(
    k=st.integers(min_value=1, max_value=8),
    length=st.floats(min_value=1.0, max_value=9.0).map(lambda x: round(x, 2)),
)
@settings(max_examples=examples(60), deadline=None)
def test_the_k_rule_claims_only_a_length_above_k(k: int, length: float) -> None:
    text = f"| setup | accept-len |\n|---|---|\n| draft `k={k}` | {length:.2f} |\n"
    (r,) = read_paste(text).records
    if length > k + 0.005:
        assert r.accept_length == length and r.bonus.value == "included"
    elif length >= k:
        assert r.accept_length in (None, length)
    else:
        assert r.accept_length is None and r.bonus.value == "unknown"


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(["SpecForge", "SGLang", "vLLM", "llama.cpp"]),
    pointer=st.sampled_from(
        [
            "Scripts available at {t}.",
            "Eval code is in the {t} repo.",
            "Weights hosted on HF, recipes from {t}.",
            "See {t} for the benchmark scripts.",
        ]
    ),
    v=st.integers(150, 450),
)
def test_a_tool_named_only_as_where_scripts_are_decides_nothing(
    tool: str, pointer: str, v: int
) -> None:
    text = (
        "Evaluation on MT-Bench, 80 prompts.\n"
        + pointer.format(t=tool)
        + "\n"
        + pipe_table(["BS", "accept length"], [["1", f"{v / 100:.2f}"]])
    )
    (r,) = read_paste(text).records
    assert r.tool == "unknown"
    assert r.accept_length is None


def test_a_tool_that_ran_beside_a_pointer_still_decides() -> None:
    table = pipe_table(["BS", "accept length"], [["1", "2.41"]])
    for lead in ("Served with SGLang; scripts available at SpecForge.", "SGLang results:"):
        (r,) = read_paste(lead + "\n" + table).records
        assert r.tool == "sglang", lead
        assert r.accept_length == 2.41


def test_the_pointer_check_reads_the_paste_once_per_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    # (it read every line of the paste again for every record: 250 KiB of tables took minutes)
    from specdiag.core.logs.paste import reader

    calls: list[str] = []
    real = reader._only_as_pointer

    def counted(lines: list[tuple[int, str]], tool: str) -> bool:
        calls.append(tool)
        return real(lines, tool)

    monkeypatch.setattr(reader, "_only_as_pointer", counted)
    blocks = [
        f"SGLang run {i}:\n" + pipe_table(["BS", "accept length"], [["1", f"{2 + i / 100:.2f}"]])
        for i in range(1, 41)
    ]
    got = read_paste("\n\n".join(blocks)).records
    assert len(got) == 40
    assert calls == ["sglang"]


@settings(max_examples=examples(40), deadline=None)
@given(
    al=st.integers(150, 450),
    other=st.integers(150, 450),
    gap=st.sampled_from(["\n", "\nPer-category results\n", "\n\n"]),
)
def test_a_baseline_at_one_decides_the_pastes_other_lengths_of_that_name(
    al: int, other: int, gap: str
) -> None:
    metrics = pipe_table(
        ["Metric", "Baseline", "Ours"],
        [["Throughput (tok/s)", "304.9", "371.9"], ["Accept Length", "1.000", f"{al / 100:.3f}"]],
    )
    cats = pipe_table(["Category", "Accept Length"], [["Writing", f"{other / 100:.3f}"]])
    got = read_paste(metrics + gap + cats).records
    # (the baseline's 1.000 decides, and is no record: it measured no speculation)
    assert [r.accept_length for r in got] == [al / 100, other / 100]
    assert got[-1].bonus.rule.startswith("the paste's other records")


@settings(max_examples=examples(40), deadline=None)
@given(
    without=st.sampled_from(["w/o EAGLE", "without MTP", "w/o spec", "without DFlash", "w/o SD"]),
    with_=st.sampled_from(["w/ EAGLE", "with MTP", "EAGLE-3", "DFlash"]),
    al=st.integers(120, 480),
    transposed=st.booleans(),
)
def test_the_run_without_the_method_at_one_decides_the_bonus(
    without: str, with_: str, al: int, transposed: bool
) -> None:
    if transposed:
        text = pipe_table(["", without, with_], [["Accept Length", "1.00", f"{al / 100:.2f}"]])
    else:
        text = pipe_table(["run", "Accept Length"], [[without, "1.00"], [with_, f"{al / 100:.2f}"]])
    got = read_paste(text).records
    # the run without the method decides, and is no record of its own
    assert [r.accept_length for r in got] == [al / 100]


def test_a_run_at_one_that_names_no_run_without_drafts_decides_nothing() -> None:
    text = pipe_table(["run", "Accept Length"], [["w/o tuning", "1.00"], ["tuned", "2.40"]])
    assert all(r.accept_length is None for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(1, 6),
    steps=st.integers(50, 3000),
    share=st.integers(5, 95),
    flag=st.sampled_from(["--mtp {k}", "--num-speculative-tokens {k}", "mtp_k={k}"]),
    extra=st.sampled_from([0, 1]),
)
def test_counts_with_the_stated_k_give_the_length_whatever_the_printed_figure_counts(
    k: int, steps: int, share: int, flag: str, extra: int
) -> None:
    proposed = steps * k
    acc = proposed * share // 100
    printed = round(1 + extra + acc / steps, 2)
    text = (
        f"launched with `{flag.format(k=k)}`\n\n"
        f"INFO MTP Stats: proposed={proposed}, accepted={acc}, "
        f"acceptance_rate={100 * acc / proposed:.2f}%, avg_tokens/step={printed:.2f}\n"
    )
    (r,) = read_paste(text).records
    assert r.accept_length == pytest.approx(1 + acc / steps, abs=0.006)
    assert r.bonus.rule.startswith("identity:")


_PER_STEP_NAMES = ["avg_tok/step", "tokens per step", "mean tokens per forward", "avg tokens/step"]
_STEPS_NAMES = ["steps", "verify steps", "drafts", "num_verify_steps"]


def _per_step_paste(layout: str, name: str, steps_name: str, acc: int, steps: int, v: str) -> str:
    if layout == "equals":
        return f"spec stats: accepted={acc} {steps_name.replace(' ', '_')}={steps} {name}={v}\n"
    if layout == "lines":
        return f"Accepted tokens: {acc:,}\n{steps_name.capitalize()}: {steps:,}\n{name}: {v}\n"
    if layout == "commas":
        return f"accepted {acc}, {steps_name} {steps}, {name} {v}\n"
    return render_table(
        layout, ["run", "accepted", steps_name, name], [["a", str(acc), str(steps), v]]
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    acc=st.integers(0, 40_000),
    steps=st.integers(65, 8000),  # (a bare "steps" of 64 or fewer is a configuration)
    name=st.sampled_from(_PER_STEP_NAMES),
    steps_name=st.sampled_from(_STEPS_NAMES),
    layout=st.sampled_from(["equals", "lines", "commas", "markdown", "aligned"]),
    truth=st.sampled_from(["included", "excluded", "neither"]),
    off=st.integers(30, 70),
)
def test_tokens_per_step_against_the_counts_beside_it(
    read: Read,
    acc: int,
    steps: int,
    name: str,
    steps_name: str,
    layout: str,
    truth: str,
    off: int,
) -> None:
    """A figure named tokens per step beside accepted and steps counts: 1 + accepted / steps
    equal to it proves the bonus counted, accepted / steps proves it left out (whatever the
    name), neither claims no convention and no normalised length."""
    per = acc / steps
    if per > 7:
        return
    printed = {"included": 1 + per, "excluded": per, "neither": 1 + per + off / 100}[truth]
    if printed < 0.01:
        return
    text = _per_step_paste(layout, name, steps_name, acc, steps, f"{printed:.2f}")
    got = read(text)
    assert len(got.records) == 1, text
    (r,) = got.records
    assert (r.accepted_tokens, r.steps, r.printed_length) == (acc, steps, round(printed, 2)), text
    if truth == "neither":
        assert r.bonus.value == "unknown" and r.accept_length is None, (text, r.bonus)
        assert r.bonus.rule.startswith("identity failed: tokens per step")
        return
    assert r.bonus.value == truth and r.bonus.rule.startswith("identity: tokens per step"), text
    assert r.accept_length is not None and abs(r.accept_length - (1 + per)) <= 0.0051


def test_tokens_per_step_without_counts_keeps_its_name() -> None:
    """No counts beside it: the name decides (a negative control of the identities)."""
    (r,) = read_paste("avg_tok/step: 2.90\n").records
    assert r.accept_length == 2.9 and r.bonus.rule.startswith("name:")
    # a drafted count is no verify step count: it proves nothing of a figure per step
    (r,) = read_paste("accepted=1200 drafted=3000 avg_tok/step=2.90\n").records
    assert r.accept_length == 2.9 and r.bonus.rule.startswith("name:")


def test_output_tokens_over_steps_decide_tokens_per_step() -> None:
    (r,) = read_paste("output tokens: 2,200, verify steps: 1,000, tokens per step: 2.20\n").records
    assert r.bonus.rule == "identity: tokens per step = output tokens / steps"
    assert r.accept_length == 2.2 and r.pooling.value == "pooled"
    (r,) = read_paste("output tokens: 2,200, verify steps: 1,000, tokens per step: 1.90\n").records
    assert r.bonus.value == "unknown" and r.accept_length is None


def test_accepted_per_step_against_the_counts() -> None:
    (r,) = read_paste("accepted: 1200, steps: 1000, accepted per step: 1.20\n").records
    assert r.bonus.value == "excluded" and r.accept_length == 2.2
    (r,) = read_paste("accepted: 1200, steps: 1000, accepted per step: 2.20\n").records
    assert r.bonus.value == "included" and r.accept_length == 2.2
    assert r.bonus.rule == "identity: accepted per step = 1 + accepted / steps"
    (r,) = read_paste("accepted: 1200, steps: 1000, accepted per step: 1.70\n").records
    assert r.bonus.value == "unknown" and r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 9),
    over=st.lists(st.integers(5, 90), min_size=2, max_size=3),
    head=st.sampled_from(["MTP steps={k}", "MTP num_steps={k}", "EAGLE3 steps={k}"]),
)
def test_a_column_of_mtp_steps_proves_the_bonus_by_a_value_above_k(
    k: int, over: list[int], head: str
) -> None:
    # 'MTP steps=k' names the draft head's steps a column ran with: a length above k must
    # count the target's own token
    vals = [k + o / 100 for o in over]
    rows = "".join(f"| task{i} | {v:.2f} |\n" for i, v in enumerate(vals))
    text = f"### Acceptance length\n\n| Workload | {head.format(k=k)} |\n|---|---|\n{rows}"
    got = read_paste(text).records
    assert [r.accept_length for r in got] == pytest.approx(vals)


def test_steps_alone_or_values_within_k_decide_nothing() -> None:
    rows = "| task0 | 3.40 |\n| task1 | 3.62 |\n"
    alone = f"### Acceptance length\n\n| Workload | steps=3 |\n|---|---|\n{rows}"
    assert [r.accept_length for r in read_paste(alone).records] == [None, None]
    within = f"### Acceptance length\n\n| Workload | MTP steps=4 |\n|---|---|\n{rows}"
    assert [r.accept_length for r in read_paste(within).records] == [None, None]
