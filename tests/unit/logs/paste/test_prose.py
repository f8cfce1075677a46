"""Prose: sentences, bullets and changes (from/to, arrows, vs); hedge words, bounds and ranges that
are no measurement; restated figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import (
    MARKUP,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read

_BOUNDS = ["≥ ", ">= ", "> ", "at least ", "above ", "over ", "more than ", "up to ", "< "]

_NAMES = st.sampled_from(["acceptance length", "accept length", "acc len", "accept_len"])


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=50, max_value=950),
    st.integers(min_value=50, max_value=950),
    st.sampled_from(["on the random set", "with greedy sampling", ""]),
)
def test_a_rate_versus_another_after_a_qualifier(read: Read, a: int, b: int, qual: str) -> None:
    text = (
        f"Synthetic tokens hurt speculation: {a / 10:.2f} % draft acceptance {qual} versus "
        f"{b / 10:.2f} % on chat prompts."
    ).replace("  ", " ")
    got = read(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [
        round(a / 1000, 6),
        round(b / 1000, 6),
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=100, max_value=9000), st.integers(min_value=1, max_value=99)
        ),
        min_size=1,
        max_size=3,
    )
)
def test_bullets_of_worked_out_shares_under_an_accept_rate_sentence(
    read: Read,
    runs: list[tuple[int, int]],
) -> None:
    """'- Main: 81.71 t/s (3045 / 3744 = 81.33%)' under a sentence naming the accept rate."""
    shown = [(d * p // 100, d) for d, p in runs]
    bullets = "".join(
        f"- build {i}: {50 + i}.25 t/s ({a} / {d} = {100 * a / d:.2f}%)\n"
        for i, (a, d) in enumerate(shown)
    )
    text = "Both builds give about the same accept rate on one test:\n" + bullets
    got = read(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == shown
    assert all(r.accept_length is None for r in got)


def test_a_worked_out_share_without_an_acceptance_word_is_not_read() -> None:
    text = "Cache hits on one test:\n- build 1: 50.25 t/s (3045 / 3744 = 81.33%)\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=300, max_value=990),
    st.integers(min_value=1, max_value=150),
    st.sampled_from(["+/-", "±", "+-"]),
)
def test_a_speed_measured_at_a_rate_under_a_sentence_naming_it(
    read: Read, tenths: int, spread: int, pm: str
) -> None:
    """'10.0 +/- 0.4 t/s @ 88.2% +/- 9.7%' under '... now gives a sane accept rate:': the rate
    after '@' is read with its spread; a speed cell without one is not a rate."""
    text = (
        "Tried on a second model, it now gives a sane accept rate:\n\n"
        "| Mode | Value |\n|---|---:|\n"
        f"| baseline smoke | `12.3 {pm} 0.2 t/s` |\n"
        f"| fixed, `--draft-max 1` | `9.8 {pm} 0.3 t/s @ {tenths / 10:.1f}% {pm} {spread / 10:.1f}%` |\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(tenths / 1000, 6)]


def test_speeds_under_a_title_naming_the_rate_are_not_rates() -> None:
    text = (
        "Throughput at the same accept rate:\n\n"
        "| Mode | Value |\n|---|---:|\n| a | 12.3 t/s |\n| b | 14.1 t/s |\n"
    )
    assert read_paste(text).records == ()


def test_a_figure_that_changed_gives_two_records() -> None:
    text = (
        "After retraining, model A's mean acceptance length went from 1.92 to 2.64, "
        "while model B's improved from 1.40 to 2.31.\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [1.92, 2.64, 1.40, 2.31]
    # a 'from .. to' without an acceptance figure is not read
    assert not read_paste("Latency went from 120 to 80 ms after the upgrade.\n").records


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["drops", "falls", "rises", "goes", "went", "climbed"]),
    st.sampled_from(["about ", "roughly ", "around ", "~", ""]),
    st.sampled_from(["about ", "nearly ", ""]),
    st.integers(min_value=110, max_value=480),
    st.integers(min_value=100, max_value=480),
    st.sampled_from(["`mean_accept_len`", "our accept length", "the acceptance length"]),
)
def test_a_hedged_change_after_a_verb_gives_two_records(
    verb: str, h1: str, h2: str, a: int, b: int, name: str
) -> None:
    """'the accept length drops from about 2.7 to 1.0': each side perhaps hedged, still the
    run's two values; the same hedged change of another measure, or under a condition, is none."""
    text = f"After the upgrade {name} {verb} from {h1}{a / 100:.2f} to {h2}{b / 100:.2f}.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 100, b / 100], text
    other = f"After the upgrade our latency {verb} from {h1}{a} to {h2}{b} ms.\n"
    assert not read_paste(other).records
    wished = f"If the acceptance length {verb} from {h1}{a / 100:.2f} to {h2}{b / 100:.2f}, fine.\n"
    assert not read_paste(wished).records


def test_a_rate_before_its_noun() -> None:
    text = "- counters after the run: `drafts=900`, `hits=720` -> **80.0% acceptance**\n"
    (r,) = read_paste("MTP k=2 on our fork\n" + text).records
    assert r.printed_rate == 0.8 and r.accept_length is None
    assert not read_paste("The plan got 80% acceptance from reviewers.\n").records


def test_reported_as() -> None:
    (r,) = read_paste(
        "In their table the average acceptance length is reported as 3.05 for the chat set.\n"
    ).records
    assert r.printed_length == 3.05


def test_a_typical_value_or_a_range_is_no_measurement() -> None:
    text = (
        "A small draft proposes a few tokens and the target verifies them in one pass.\n"
        "Typical acceptance: 55–85%. Net speedup: 1.4–2.2x.\n"
        "\n"
        "- Drag the acceptance rate from 20% to 90% to see the speedup change.\n"
        "- Expected accept length = 3.1 with a good draft.\n"
        "- Draft acceptance is usually 0.6 - 0.8 on chat.\n"
        "- between 50% and 70% acceptance on code\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(_BOUNDS),
    st.integers(min_value=30, max_value=95),
    st.sampled_from(["{b}{v}% acceptance", "acceptance rate {b}{v}%", "accept length {b}{l}"]),
    st.sampled_from(["- [ ] 2x decode speedup at {x} on chat", "Goal: {x} for the new draft."]),
)
def test_a_bound_is_no_measurement(bound: str, v: int, shape: str, line: str) -> None:
    """'2x speedup at >= 60% acceptance', 'accept length of at least 2.5': a threshold or a goal
    names no figure that was read; the same sentence without the bound gives one."""
    figure = shape.format(b=bound, v=v, l=f"{v / 20:.2f}")
    assert read_paste(line.format(x=figure) + "\n").records == ()
    plain = shape.format(b="", v=v, l=f"{v / 20:.2f}")
    measured = f"- measured: {plain} on chat\n"
    assert len(read_paste(measured).records) == 1, measured


def test_a_measured_change_is_still_read_beside_a_range() -> None:
    text = (
        "The speculative accept length improved from 1.92 to 2.61 after the fix, and the\n"
        "draft acceptance rate was 0.58 on the chat set.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got[:2]] == [1.92, 2.61]
    assert got[-1].printed_rate == 0.58


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["BS per DP", "batch size", "bs", "concurrency", "max batch"]),
    st.integers(min_value=2, max_value=256),
    st.sampled_from(["at", "with", "for"]),
    st.sampled_from(["=", " ", ": "]),
)
def test_a_value_bound_to_a_setting_is_not_the_acceptance(
    setting: str, n: int, qualifier: str, sep: str
) -> None:
    """'the acceptance length at `BS per DP = 32` was worse': the 32 is the batch size's."""
    if sep == ": " and setting not in ("BS per DP", "max batch"):
        sep = "="
    text = (
        f"With MTP on, the speculative acceptance length {qualifier} `{setting}{sep}{n}` was "
        f"worse than {qualifier} `{setting}{sep}2`.\n"
    )
    if sep == ": ":
        return  # 'length at X: n' is ambiguous; not asserted either way
    assert [r.printed_length for r in read_paste(text).records] == []


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(["接受长度", "接收长度", "accept length", "平均接受长度"]),
    st.sampled_from(["提升到", "提高到", "降低到", "到", "至", "增加至"]),
    st.sampled_from(["", "`", "**"]),
    st.integers(min_value=110, max_value=480),
    st.integers(min_value=110, max_value=480),
)
def test_chinese_prose_from_to(name: str, to: str, mark: str, a: int, b: int) -> None:
    """'accept length 从 1.62 提升到 2.40': the CJK words for the figure and for from/to."""
    x, y = a / 100, b / 100
    text = (
        "验证：单卡，MTP 草稿模型，`num_steps=3`，固定 16 个请求。\n"
        f"按同一口径统计的 {name} 从 {mark}{x:.2f}{mark} {to} {mark}{y:.2f}{mark}（变化明显）。\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [x, y], text
    assert all(r.accept_length is None for r in got)


def test_chinese_average_and_rate() -> None:
    text = "EAGLE 草稿：平均接受长度为 2.63，接受率：71.5%。\n"
    (r,) = read_paste(text).records
    assert r.printed_length == 2.63 and r.printed_rate == 0.715


@settings(max_examples=examples(60), deadline=None)
@given(
    _NAMES,
    st.lists(
        st.sampled_from(["`kernel A`", "kernel B", "**fused**", "`ref + ref`"]),
        unique=True,
        min_size=0,
        max_size=3,
    ),
    st.lists(st.integers(min_value=105, max_value=560), min_size=2, max_size=4),
    st.sampled_from(["-", "*", "1."]),
    st.sampled_from(["`", "", "**"]),
)
def test_values_in_bullets_under_prose_naming_the_figure(
    name: str, parents: list[str], vals: list[int], mark: str, q: str
) -> None:
    """A list of 'label: value' bullets (nested under configuration bullets or not) after prose
    that names one figure: each leaf is a record of that figure."""
    # the list is a block of its own: only the prose above it names the figure
    lines = [f"We saw a lower {name} with the new kernel at large batch.", "Measured:", ""]
    want = []
    groups = parents or [""]
    for g in groups:
        if g:
            lines.append(f"{mark} {g}")
        for i, v in enumerate(vals):
            pad = "  " if g else ""
            lines.append(f"{pad}{mark} {q}batch = {2 ** (i + 1)}{q}: {q}{v / 100:.2f}{q}")
            want.append(v / 100)
    text = "\n".join(lines) + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == want, text
    assert all(r.accept_length is None for r in got)
    if parents:
        assert got[0].labels[0] == ("group", C._MARKUP.sub("", parents[0]).strip())


def test_a_bullet_list_of_settings_or_of_two_figures_is_not_read() -> None:
    settings_list = (
        "The acceptance length depends on these:\n\n- steps: 3\n- topk: 1.5\n- draft: 4.0\n"
    )
    assert read_paste(settings_list).records == ()
    whole = "The acceptance length at these batch sizes:\n\n- batch 4: 2\n- batch 8: 3\n"
    assert read_paste(whole).records == ()
    two = "Acceptance length and accept rate went down:\n\n- run A: 2.31\n- run B: 2.12\n"
    assert read_paste(two).records == ()
    sampling = "The acceptance rate depends on sampling:\n\n- top_p: 0.95\n- min_p: 0.05\n"
    assert read_paste(sampling).records == ()


def test_the_measured_value_beside_a_range_is_read() -> None:
    text = "- winner: N=3, MTP draft acceptance 0.61–0.97 (0.84 aggregate) on mixed prompts\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.84
    (m,) = read_paste("- EAGLE draft acceptance rate 55%-90% (mean 71%) across prompts\n").records
    assert m.printed_rate == 0.71


def test_prose_restating_a_table_cell_with_a_drafted_setting() -> None:
    text = (
        "| n | acceptance (old) | acceptance (new) |\n| --: | --: | --: |\n"
        "| 1 | 81.5% | 100% |\n| 2 | 62.0% | 88.4% |\n\n"
        "After the change the acceptance rate for one drafted token is 100%, even for 3 drafted tokens.\n"
    )
    assert len(read_paste(text).records) == 4


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=110, max_value=500),
    st.integers(min_value=110, max_value=500),
    st.sampled_from(
        ["accept lengths ({} vs {})", "accept length: {} vs. {}", "acc len {} versus {}"]
    ),
)
def test_values_compared_with_vs(a: int, b: int, shape: str) -> None:
    x, y = a / 100, b / 100
    text = (
        "Sending requests directly I see lower EAGLE "
        + shape.format(f"{x:.2f}", f"{y:.2f}")
        + ".\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [x, y]


def test_target_model_and_as_expected_are_still_measurements() -> None:
    (r,) = read_paste("EAGLE-3 run: target model acceptance rate: 0.64\n").records
    assert r.printed_rate == 0.64
    (s,) = read_paste("As expected, the speculative accept length was 2.7 on code.\n").records
    assert s.printed_length == 2.7


def test_a_setting_word_in_another_clause_keeps_a_measured_change() -> None:
    text = "After setting topk=1 and a sweep, the accept length went from 1.90 to 2.55.\n"
    assert [r.printed_length for r in read_paste(text).records] == [1.9, 2.55]


@settings(max_examples=examples(40), deadline=None)
@given(
    drafts=st.integers(2, 999),
    share=st.floats(0.01, 1.0),
    bold=st.booleans(),
    space=st.booleans(),
    form=st.sampled_from(["count_share", "share_after"]),
)
def test_a_verdict_cell_in_prose_gives_a_rate_per_row(
    drafts: int, share: float, bold: bool, space: bool, form: str
) -> None:
    acc = max(1, min(drafts, round(drafts * share)))
    pct = f"{100 * acc / drafts:.0f}{' ' if space else ''}%"
    verdict = (
        f"{drafts} drafts, {'**' if bold else ''}{acc} accepted ({pct}){'**' if bold else ''}"
        " -- the mechanism is healthy"
        if form == "count_share"
        else f"{drafts} drafts, {pct} accepted, decode collapses to **21.06**"
    )
    rows = [
        ["0.6B dense on CPU", "10.9 ms", "**dead.** At k=3 it costs more than it saves"],
        ["`ngram-mod`, defaults", "--", "**0 drafts.** n_min is a MINIMUM LENGTH, not a start"],
        ["`ngram-map-k`, `n 8 m 12`", "--", verdict],
    ]
    got = read_paste(
        render_table("markdown", ["candidate", "per draft token", "verdict"], rows)
    ).records
    assert len(got) == 1, got
    (r,) = got
    assert r.first_line == r.last_line == 5
    assert r.printed_rate is not None and abs(r.printed_rate - acc / drafts) < 0.006
    assert r.accept_length is None
    if form == "count_share":
        assert r.accepted_tokens == acc and r.steps is None  # a draft may be several tokens


@settings(max_examples=examples(40), deadline=None)
@given(
    before=st.integers(12, 79),
    after=st.integers(10, 79),
    arrow=st.sampled_from([" to ", " -> ", " → "]),
    full=st.sampled_from(["acceptance length", "accept length", "accept_len"]),
    launch=st.sampled_from(
        [
            "python3 -m sglang.launch_server \\\n  --model some/model \\\n  --port 30000",
            "vllm serve some/model --speculative-config '{}'",
            "",
        ]
    ),
)
def test_acc_x_to_y_under_the_full_name_of_the_figure(
    before: int, after: int, arrow: str, full: str, launch: str
) -> None:
    a, b = before / 10, after / 10
    text = (
        f"Enabling the cache hurts {full}. In our real workloads the drop is roughly "
        f"acc {a:.1f}{arrow}{b:.1f}, which degrades throughput.\n"
    )
    if launch:
        text += "\n## server side\n\n```\n" + launch + "\n```\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(a, 1), round(b, 1)]
    if launch:
        # the user's prose about the server the paste launches follows that server's convention
        assert all(r.accept_length == r.printed_length for r in got), got[0].tool_rule
    else:
        assert all(r.accept_length is None for r in got)


def test_acc_x_to_y_is_not_read_as_acceptance_without_its_full_name_or_beside_accuracy() -> None:
    assert read_paste("The drop is roughly acc 3.2 to 2.3 after the change.\n").records == ()
    text = "acceptance length is fine, but gsm8k accuracy fell: acc 0.85 to 0.80\n"
    assert [r.printed_length for r in read_paste(text).records] == []
    both = "acceptance length and acceptance rate both fell, acc 3.2 to 2.3\n"
    assert read_paste(both).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(11, 59),
    b=st.integers(11, 59),
    verb=st.sampled_from(["went", "dropped", "improved", "rose"]),
    arrow=st.sampled_from(["to", "→", "->"]),
)
def test_a_change_wrapped_between_from_and_to(a: int, b: int, verb: str, arrow: str) -> None:
    text = f"After the fix the acceptance length {verb} from {a / 10:.1f}\n{arrow} {b / 10:.1f} on chat.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 10, b / 10]


def test_a_wrapped_span_of_years_is_no_change_of_a_figure() -> None:
    assert read_paste("The acceptance tests ran from 2019\nto 2021 on the old rig.\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(11, 59),
    b=st.integers(11, 59),
    name=st.sampled_from(["acceptance length", "acc len", "AL", "accept length"]),
    arrow=st.sampled_from(["->", "→", "=>"]),
)
def test_a_change_with_an_arrow_after_the_figure(a: int, b: int, name: str, arrow: str) -> None:
    text = f"the drop in {name} is roughly {a / 10:.1f} {arrow} {b / 10:.1f} in production\n"
    assert [r.printed_length for r in read_paste(text).records] == [a / 10, b / 10]


@settings(max_examples=examples(60), deadline=None)
@given(
    quote=st.sampled_from(["", "> ", "> > "]),
    name=st.sampled_from(["mean acceptance length", "accept length", "average acceptance length"]),
    first=st.integers(150, 600),
    second=st.integers(110, 600),
    verb=st.sampled_from(["printed", "gave", "got", "was", "reached"]),
    tail=st.sampled_from([", which I guess is the other convention.", ".", "; odd."]),
    subject=st.sampled_from(["Same head on the older build", "The other draft", "Run two"]),
)
def test_the_paragraph_after_a_named_length_states_another_without_the_name(
    quote: str, name: str, first: int, second: int, verb: str, tail: str, subject: str
) -> None:
    text = (
        f"{quote}With our draft head we got a {name} of {first / 100:.2f} on MT-Bench.\n\n"
        f"{subject} {verb} {second / 100:.2f}{tail}\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [first / 100, second / 100]
    assert all(r.accept_length is None for r in got)  # nothing decides the convention


def test_no_restated_length_without_a_named_one_or_with_another_measure() -> None:
    for text in (
        # the paragraph before names no length
        "We ran the draft on MT-Bench overnight.\n\nThe older build printed 1.9, sadly.\n",
        # another measure in the clause
        "We got a mean acceptance length of 2.9.\n\nThe older build's speedup was 1.9.\n",
        # a paragraph between them
        "We got a mean acceptance length of 2.9.\n\nThanks!\n\nThe older build printed 1.9.\n",
    ):
        got = read_paste(text).records
        assert 1.9 not in [r.printed_length for r in got], text


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["improved", "increased", "went", "dropped"]),
    adverb=st.sampled_from(["", " drastically", " slightly", " significantly"]),
    a=st.integers(11, 60),
    b=st.integers(11, 60),
    tool=st.sampled_from(["", " on vLLM", " on SGLang"]),
)
def test_accepted_tokens_changing_between_decimals_is_an_undecided_length(
    verb: str, adverb: str, a: int, b: int, tool: str
) -> None:
    text = f"After the fix{tool}, the accepted tokens {verb}{adverb} from {a / 10:.1f} to {b / 10:.1f}.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 10, b / 10]
    # a count's name, not the tool's length: neither the words nor the tool decide the bonus
    assert all(r.accept_length is None for r in got)


def test_accepted_tokens_changing_between_counts_is_no_length() -> None:
    text = "the accepted tokens increased from 1200 to 1500 after the fix\n"
    assert all(r.printed_length is None for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    noun=st.sampled_from(
        ["tokens/round", "tok/cycle", "tokens per round", "tokens/forward", "token/forward"]
    ),
    rate=st.integers(30, 95),
    length=st.integers(120, 600),
    wrap=st.booleans(),
)
def test_a_value_before_its_step_unit_in_prose(
    noun: str, rate: int, length: int, wrap: bool
) -> None:
    head = "  the rows reproduce the block-3 rows in the docs"
    tail = f"(0.{rate} accept, {length / 100:.3f} {noun} on code) to three places"
    text = head + ("\n  " if wrap else " ") + tail
    got = read_paste("```\nVerdict: measured\n" + text + "\n```\n")
    assert [r.printed_length for r in got.records] == [length / 100]
    assert got.records[0].accept_length == length / 100


@settings(max_examples=examples(30), deadline=None)
@given(
    noun=st.sampled_from(["Tokens per round", "tokens per step", "tok/cycle"]),
    op=st.sampled_from(["+", "×", "*", "-"]),
    tick=st.sampled_from(["`", ""]),
    first=st.sampled_from(["1", "2"]),
)
def test_the_first_term_of_a_formula_is_no_value(noun: str, op: str, tick: str, first: str) -> None:
    text = (
        "`accept_rate` is accepted over drafted tokens in the speculative run. "
        f"{noun} is {tick}{first} {op} accept_rate × (block − 1){tick} only for a fixed block.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(
        ["mean acceptance length", "accept length", "avg acceptance length", "AL"]
    ),
    hedge=st.sampled_from(["only", "just", "roughly", "barely", "still", "merely"]),
    v=st.integers(105, 790),
    mark=st.sampled_from(MARKUP),
    tail=st.sampled_from([" on GSM8K (k=5, 2×8 H20)", "", " with the new head", "."]),
    prefix=st.sampled_from(["[Perf][Spec Decode] Model-X draft ", "Our run: ", ""]),
)
def test_a_hedge_word_between_a_name_and_its_value(
    name: str, hedge: str, v: int, mark: str, tail: str, prefix: str
) -> None:
    text = f"{prefix}{name} {hedge} {mark.format(f'{v / 100:.2f}')}{tail}\n"
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [v / 100]


def test_a_hedge_word_before_a_bound_or_a_count_is_no_figure() -> None:
    assert read_paste("accept length only above 2.5 counts as healthy\n").records == ()
    assert read_paste("mean acceptance length only 32 queries in\n").records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    acc=st.integers(5, 690),
    k=st.integers(7, 15),
    noun=st.sampled_from(
        ["drafted tokens", "draft tokens", "proposed tokens", "speculative tokens"]
    ),
    per=st.sampled_from(
        ["per round", "per step", "per verify step", "per cycle", "each round", "per forward"]
    ),
    after=st.sampled_from([" live (the vendor reports 3.75)", ".", " on code", ""]),
    order=st.sampled_from(
        [
            "{a} of {k} {noun} accepted {per}",
            "{a} of {k} {noun} are accepted {per}",
            "accepts {a} out of {k} {noun} {per}",
            "accepted on average {a} of {k} {noun} {per}",
        ]
    ),
)
def test_a_mean_of_accepted_drafts_per_step_of_k(
    acc: int, k: int, noun: str, per: str, after: str, order: str
) -> None:
    a = acc / 100
    said = order.format(a=f"{a:.2f}", k=k, noun=noun, per=per)
    text = f"It is correct and reaches the vendor's acceptance figure: {said}{after}\n"
    got = read_paste(text)
    assert len(got.records) == 1
    r = got.records[0]
    assert r.accept_length == round(1 + a, 6)
    assert r.bonus.value == "excluded"


def test_a_mean_of_accepted_drafts_without_its_step_is_not_read() -> None:
    text = "reaches the vendor's figure: 3.20 of 7 drafted tokens accepted (NVIDIA reports 3.75)\n"
    got = read_paste(text)
    assert all(r.accepted_tokens is None and r.accept_length is None for r in got.records)


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["accepted", "accepts", "we accept about", "accepted ~"]),
    unit=st.sampled_from(["tokens per step", "tokens/step", "tokens per round", "tok/cycle"]),
    v=st.integers(110, 590),
)
def test_accepted_tokens_per_step_is_a_length_left_undecided(verb: str, unit: str, v: int) -> None:
    # EAGLE's τ, 'tokens accepted per cycle', counts the target's own token; others do not
    got = read_paste(
        f"The draft {verb}{'' if verb.endswith('~') else ' '}{v / 100:.2f} {unit} on average.\n"
    )
    assert [r.printed_length for r in got.records] == [v / 100]
    assert got.records[0].accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    v=st.integers(110, 590),
    noun=st.sampled_from(["accepted tokens", "accepted drafts", "draft tokens accepted"]),
    per=st.sampled_from(["per step", "/step", "per round", "per verify step"]),
)
def test_a_mean_accepted_per_step_before_its_name(v: int, noun: str, per: str) -> None:
    got = read_paste(
        f"MTP head: an average of {v / 100:.2f} {noun}{' ' if per[0] != '/' else ''}{per}.\n"
    )
    r = got.records[0]
    assert r.printed_length == v / 100
    if "draft" in noun:
        assert r.accept_length == round(1 + v / 100, 6)
    else:
        assert r.accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    cut=st.integers(0, 3),
    fence=st.booleans(),
    rate=st.integers(300, 900),
    length=st.integers(120, 600),
    indent=st.sampled_from(["", "  ", "\t"]),
)
def test_a_parenthesis_wrapped_over_lines(
    cut: int, fence: bool, rate: int, length: int, indent: str
) -> None:
    words = [f"(0.{rate} accept,", f"{length / 100:.3f}", "tokens/round", "on code)"]
    head = "the MTP rows reproduce the block-3 rows " + " ".join(words[: cut + 1])
    tail = " ".join(words[cut + 1 :]) + " to three places"
    body = f"{head}\n{indent}{tail}\n"
    got = read_paste(f"```\n{body}```\n" if fence else body)
    assert [r.printed_length for r in got.records] == [length / 100]


def test_a_parenthesis_left_open_without_a_figure_joins_nothing() -> None:
    text = "the rows (see the table\nbelow) are fine\naccept length: 2.41\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.41]


@settings(max_examples=examples(30), deadline=None)
@given(p=st.integers(100, 9999), name=st.sampled_from(["Accepted draft tokens", "accepted tokens"]))
def test_accepted_tokens_as_a_percentage_in_prose(p: int, name: str) -> None:
    got = read_paste(f"{name}: {p / 100:.2f}%\n")
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [p / 10000]


@settings(max_examples=examples(30), deadline=None)
@given(
    dash=st.sampled_from(["—", "–"]),
    name=st.sampled_from(["Acceptance rate", "accept length", "Mean acceptance length"]),
    v=st.integers(30, 95),
)
def test_a_dash_between_a_name_and_its_value(dash: str, name: str, v: int) -> None:
    rate = "rate" in name
    shown = f"{v}.5%" if rate else f"{v / 20:.2f}"
    got = read_paste(f"{name} {dash} {shown} on chat\n")
    figs = [r.printed_rate if rate else r.printed_length for r in got.records]
    assert [round(f or 0, 6) for f in figs] == [round((v + 0.5) / 100 if rate else v / 20, 6)]


def test_a_target_model_line_is_no_goal() -> None:
    got = read_paste("Target: Llama-3.1-8B, accept length: 2.41\n")
    assert [r.printed_length for r in got.records] == [2.41]


@given(st.sampled_from(["exactly", "only", "roughly", "nearly", "still"]))
@settings(max_examples=examples(10), deadline=None)
def test_a_hedge_word_before_the_value(word: str) -> None:
    text = (
        f"With the broken draft checkpoint the acceptance rate was {word} 3.5% for spec decoding.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.035


def test_prose_quoting_a_table_figure_is_no_second_record() -> None:
    text = (
        "| setup | accept-len |\n"
        "|---|---|\n"
        "| draft `k=2` | 2.40 |\n"
        "\n"
        "**Worth noting.** At `k=2`, accept-len 2.40 is 80% of the maximum of 3.0.\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.structure) for r in got] == [(2.4, "markdown table")]
    # a prose figure the table did not print is its own record
    other = text.replace("accept-len 2.40 is", "the old draft's accept-len was 1.90, ")
    assert [r.printed_length for r in read_paste(other).records] == [2.4, 1.9]


def test_a_length_stated_again_without_its_name() -> None:
    text = (
        "The released draft reaches 3.10 accept length (AL) on MT-Bench with 4 steps. "
        "My own draft could only achieve 2.64. Odd.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.1, 2.64]
    stat = "Our speculative draft gets an average acceptance length 2.2 on chat, and on math it is 2.9 median.\n"
    got = read_paste(stat).records
    assert [(r.printed_length, r.statistic) for r in got] == [(2.2, None), (2.9, "median")]


def test_a_bare_value_of_another_measure_is_not_a_length() -> None:
    text = (
        "The speculative draft reaches 3.10 accept length (AL). The speedup was 1.8. "
        "Its version is 2.1, and it took 4.5 s.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.1]
    # nothing named a length before: a bare 'is 2.4' is not read
    assert not read_paste("With speculative decoding the draft is 2.4.\n").records


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["The accept length", "acceptance length", "AL", "mean acceptance rate"]),
    verb=st.sampled_from(["went up", "improved", "dropped", "fell", "changed", "jumped"]),
    delta=st.booleans(),
    bracket=st.booleans(),
    arrow=st.sampled_from(["→", "->", " → ", " -> ", "=>"]),
    a=st.integers(110, 480),
    b=st.integers(110, 480),
)
def test_a_change_after_a_verb_gives_two_records(
    name: str, verb: str, delta: bool, bracket: bool, arrow: str, a: int, b: int
) -> None:
    rate = "rate" in name
    fa, fb = (f"{a / 5:.1f}%", f"{b / 5:.1f}%") if rate else (f"{a / 100:.2f}", f"{b / 100:.2f}")
    by = f" by {abs(b - a) / 100:.2f}" if delta else ""
    change = f"({fa}{arrow}{fb})" if bracket else f"{fa}{arrow}{fb}"
    got = read_paste(f"{name} {verb}{by} {change} after the fix.\n").records
    want = [a / 500, b / 500] if rate else [a / 100, b / 100]
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    assert seen == pytest.approx(want)


def test_a_change_of_another_measure_gives_nothing() -> None:
    for text in ("throughput went up 120→180 tok/s", "TTFT improved by 20 (120 → 100)"):
        assert read_paste(text + "\n").records == (), text


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["AL:", "Mean accept length", "accept rate", "acceptance length ="]),
    n=st.integers(2, 4),
    prep=st.sampled_from(["for", "on", "at", "with"]),
    label=st.sampled_from(["k = ", "k=", "batch size ", "", "draft len "]),
    data=st.data(),
)
def test_values_listed_with_their_configurations_after_them(
    name: str, n: int, prep: str, label: str, data: st.DataObject
) -> None:
    rate = "rate" in name
    vals = [data.draw(st.integers(110, 480)) for _ in range(n)]
    shown = [f"{v / 5:.1f}%" if rate else f"{v / 100:.2f}" for v in vals]
    labs = [str(2 * i + 3) for i in range(n)] if label else ["chat", "code", "math", "qa"][:n]
    text = f"{name} {' / '.join(shown)} {prep} {label}{' / '.join(labs)}\n"
    got = read_paste(text).records
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    assert seen == pytest.approx([v / 500 if rate else v / 100 for v in vals]), text
    assert [r.labels[-1][1] for r in got] == labs


def test_configurations_listed_for_another_count_of_values_or_another_measure() -> None:
    for text in ("AL: 3.1 / 2.9 for k = 3 / 5 / 7", "speedup 2.1 / 1.8 for k = 3 / 5"):
        got = read_paste(text + "\n").records
        assert len(got) <= 1, text


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["The acceptance length is", "accept rate", "AL:", "Mean accept length"]),
    word=st.sampled_from(["down from", "up from", "dropping from", "falling from"]),
    sep=st.sampled_from([", ", " (", "; "]),
    a=st.integers(110, 480),
    b=st.integers(110, 480),
)
def test_a_figure_then_its_value_before_the_change(
    name: str, word: str, sep: str, a: int, b: int
) -> None:
    rate = "rate" in name
    fa, fb = (f"{a / 5:.1f}%", f"{b / 5:.1f}%") if rate else (f"{a / 100:.2f}", f"{b / 100:.2f}")
    close = ")" if sep == " (" else ""
    got = read_paste(f"{name} {fa}{sep}{word} {fb}{close} before the upgrade.\n").records
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    assert seen == pytest.approx([a / 500, b / 500] if rate else [a / 100, b / 100])


def test_down_from_another_measure_is_no_second_record() -> None:
    got = read_paste("The acceptance length is 1.12, down from 2x speedup\n").records
    assert [r.printed_length for r in got] == [1.12]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["acceptance", "acceptance rate:", "accept rate", "draft acceptance"]),
    unit=st.sampled_from(["tokens/step", "tokens per step", "tok/round", "tokens per verify step"]),
    v=st.integers(110, 480),
)
def test_a_rates_name_over_tokens_per_step_is_no_rate(name: str, unit: str, v: int) -> None:
    (r,) = read_paste(f"Speculative decoding: {name} {v / 100:.2f} {unit} avg\n").records
    assert r.printed_rate is None
    assert (r.printed_length, r.accept_length) == (v / 100, None)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["The accept_len", "acceptance length", "the accept rate", "AL"]),
    verb=st.sampled_from(
        ["drops to", "falls to", "rises to", "stays at", "reaches", "went back to"]
    ),
    v=st.integers(110, 480),
)
def test_a_figures_value_after_a_verb_of_where_it_went(name: str, verb: str, v: int) -> None:
    rate = "rate" in name
    shown = f"{v / 5:.1f}%" if rate else f"{v / 100:.2f}"
    (r,) = read_paste(f"With MTP {name} {verb} {shown} at 32K tokens.\n").records
    got = r.printed_rate if rate else r.printed_length
    assert got == pytest.approx(v / 500 if rate else v / 100)


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 7),
    v=st.integers(10, 99),
    tilde=st.booleans(),
)
def test_a_length_with_its_maximum_in_brackets_and_the_stated_k(
    k: int, v: int, tilde: bool
) -> None:
    length = round(k + v / 100, 2)
    t = "~" if tilde else ""
    text = f"MTP (`num_speculative_tokens={k}`): unchanged acceptance length ({t}{length} of {k + 1}).\n"
    (r,) = read_paste(text).records
    assert (r.printed_length, r.accept_length, r.max_length) == (length, length, k + 1)


def test_standard_decoding_at_one_says_the_lengths_count_the_targets_token() -> None:
    text = "The accept_len drops to 1.57, barely above standard decoding (1.0).\n"
    (r,) = read_paste(text).records
    assert r.accept_length == 1.57
    (r,) = read_paste("The accept_len drops to 1.57.\n").records
    assert r.accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(2, 4),
    name=st.sampled_from(["committed tokens per verify", "tokens per step", "accept length"]),
    prep=st.sampled_from(["at depths", "for k =", "on runs"]),
    bold=st.booleans(),
    data=st.data(),
)
def test_values_then_the_figures_name_then_their_configurations(
    n: int, name: str, prep: str, bold: bool, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(110, 480)) for _ in range(n)]
    b = "**" if bold else ""
    shown = " / ".join(f"{v / 100:.2f}" for v in vals)
    labs = "/".join(str(i + 1) for i in range(n))
    got = read_paste(f"Depth chaining measures {b}{shown} {name}{b} {prep} {labs}.\n").records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    assert [r.labels[-1][1] for r in got] == [str(i + 1) for i in range(n)]


@settings(max_examples=examples(30), deadline=None)
@given(
    method=st.sampled_from(["MTP", "EAGLE", "DFlash", "Medusa", "n-gram", "lookahead"]),
    noun=st.sampled_from(["draft acceptance", "acceptance", "acceptance rate"]),
    pct=st.integers(0, 99),
)
def test_a_share_before_its_name_with_the_drafting_method_between(
    read: Read, method: str, noun: str, pct: int
) -> None:
    # 'the Q4 file gives 0% MTP draft acceptance': the method names whose acceptance it is
    text = f"The quantised file gives {pct}% {method} {noun} after the re-export.\n"
    (r,) = read(text).records
    assert r.printed_rate == pct / 100, text
    assert r.accept_length == (1.0 if pct == 0 else None)  # no draft accepted: 1 whatever k


@pytest.mark.parametrize(
    "text",
    [
        # an inference from other figures, not a measured share
        "The claim that 2.1 positions a token implies ~0% MTP acceptance is wrong.\n",
        "That ratio implied 5% acceptance, which the logs do not show.\n",
        # a share of another figure after the method's name
        "We see 60% MTP speedup over the plain run.\n",
    ],
)
def test_a_share_before_a_method_that_is_no_acceptance(text: str) -> None:
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    noun=st.sampled_from(["token/forward", "token/step", "token per forward"]),
    drafted=st.integers(12, 60),
    hundredths=st.integers(1, 9),
)
def test_a_singular_step_unit_after_zero_accepted_prints_the_runs_length(
    noun: str, drafted: int, hundredths: int
) -> None:
    # a program's two lines of one run: no draft accepted, then the tokens per forward of the
    # whole run printed by it (the printed figure, not the computed 1, is the run's length)
    text = (
        "Short prompt:\n\n"
        f"Draft acceptance 0% (0/{drafted}) -> speculation off\n"
        f"90 tokens in 30.00s (3.00 tok/s) | speculation 1.0{hundredths} {noun}\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (1 + hundredths / 100, 1 + hundredths / 100)
    ]


@pytest.mark.parametrize("unit", ["token/s", "token/sec", "tokens"])
def test_a_singular_speed_is_no_step_unit(unit: str) -> None:
    text = "Short prompt: draft acceptance 40% (12/30), speed 1.35 " + unit + "\n"
    assert all(r.printed_length is None for r in read_paste(text).records)
