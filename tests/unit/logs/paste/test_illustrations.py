"""Counts in prose illustrating what code does (a generic subject, `a value that ... had 1/48
tokens accepted`; a supposition, `suppose a draft of 5 where 3 are accepted`, `e.g. if 2/4
tokens are accepted`) are no run: no record. Prose reporting a run is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    subject=st.sampled_from(
        ["A value that", "An entry that", "A candidate which", "One continuation that"]
    ),
    a=st.integers(1, 20),
    b=st.integers(30, 64),
    c=st.integers(21, 29),
)
def test_counts_of_a_generic_subject_are_no_record(subject: str, a: int, b: int, c: int) -> None:
    text = (
        "The n-gram cache picks the continuation seen most often, never the best accepted. "
        f"{subject} appeared 10 times but only had {a}/{b} tokens accepted was preferred over "
        f"one with {c}/{b} accepted.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(["Suppose", "Imagine", "E.g. if", "For example, if", "Say"]),
    a=st.integers(1, 4),
)
def test_counts_in_a_supposition_are_no_record(opener: str, a: int) -> None:
    text = (
        f"{opener} {a}/5 draft tokens are accepted in a round, the verify step commits "
        f"{a + 1} tokens and the draft restarts from there. Acceptance drives the speedup.\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_a_run_reported_in_prose_is_read() -> None:
    got = read_paste("With the new head we saw 45/48 tokens accepted on MT-Bench.\n").records
    assert [r.accepted_tokens for r in got] == [45]


def test_negative_control_an_example_of_a_run_is_read() -> None:
    text = "For example, EAGLE-3 on MT-Bench reached an acceptance length of 3.2.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.2]


def test_negative_control_if_over_a_past_run_is_read() -> None:
    text = "If we drop k to 3, the acceptance rate was 71% on the same prompts.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.71]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["If we enable", "If I switch to", "**If we turn on", "if we use"]),
    draft=st.sampled_from(["EAGLE-3", "the MTP head", "n-gram drafting"]),
    v=st.integers(110, 590),
)
def test_a_bare_if_over_the_writers_own_setup_is_a_run(lead: str, draft: str, v: int) -> None:
    # the writer's own setup in the present tense: what they measured, not an illustration
    got = read_paste(f"{lead} {draft}, the accept length is {v / 100:.2f} on MT-Bench.\n")
    assert [r.printed_length for r in got.records] == [v / 100]


def test_negative_control_a_bare_if_with_no_one_running_it_stays_an_illustration() -> None:
    got = read_paste("If 2/4 tokens are accepted, the acceptance rate is 50%.\n")
    assert got.records == ()


# a worked example: an example's mark, round counts and the share they give ('For example, the
# acceptance rate is 90% when 90 of 100 drafts are accepted'); an assumption in Chinese
# ('假设 3 步 MTP 的接受率为 0.8'); a number a formula's term stands for ('1 表示 ...')
_EXAMPLE_MARKS = ["For example,", "For instance,", "E.g.", "e.g.", "例如：", "比如，"]


@settings(max_examples=examples(30), deadline=None)
@given(
    mark=st.sampled_from(_EXAMPLE_MARKS),
    whole=st.sampled_from([10, 100, 1000]),
    tenths=st.integers(1, 9),
    as_pct=st.booleans(),
    order=st.booleans(),
)
def test_a_worked_example_of_round_counts_is_no_record(
    mark: str, whole: int, tenths: int, as_pct: bool, order: bool
) -> None:
    a = whole * tenths // 10
    share = f"{tenths * 10}%" if as_pct else f"0.{tenths}"
    counts = f"{a} of {whole} drafts are accepted"
    said = (
        f"the acceptance rate is {share} when {counts}"
        if order
        else f"if {counts}, the acceptance rate is {share}"
    )
    text = f"The acceptance rate is accepted drafts over drafted tokens.\n{mark} {said}.\n"
    assert read_paste(text).records == ()


def test_a_worked_example_in_chinese_is_no_record() -> None:
    text = (
        "接受率定义为被接受的 draft token 数除以 draft token 总数。\n"
        "例如：Draft 预测 100 次，有 90 次被 Target 接受，接受率为 90%。\n"
    )
    assert read_paste(text).records == ()


def test_an_assumption_in_chinese_is_no_record() -> None:
    assert (
        read_paste("MTP 的收益分析。\n\n假设 3 步 MTP 的接受率为 0.8，则收益如下。\n").records == ()
    )


def test_a_number_a_term_stands_for_is_no_value_of_the_line_before() -> None:
    text = (
        "平均接受长度 = 1 + p1 + p1p2 + p1p2p3\n"
        "- pk 是第 k 步的接受率\n"
        "1 表示：无论如何，至少能确认 1 个 token\n"
    )
    assert read_paste(text).records == ()
    assert (
        read_paste("- p_k is the draft acceptance rate\n1 means the target's own token\n").records
        == ()
    )


def test_negative_control_an_example_of_a_run_told_in_the_past_is_read() -> None:
    text = (
        "EAGLE-3 draft, greedy.\n\n"
        "For example, the Q8 draft accepted 41 of 100 drafts, an acceptance rate of 41%.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.41


def test_negative_control_a_measured_rate_with_round_counts_is_read() -> None:
    text = "EAGLE-3 draft, greedy.\n\nOn MT-bench 90 of 100 drafts were accepted, an acceptance rate of 90%.\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.9


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(30, 90),
    length=st.floats(1.5, 4.5).map(lambda x: round(x, 1)),
    modal=st.sampled_from(
        ["would produce", "would need to produce", "would yield", "would emit roughly"]
    ),
)
def test_an_outcome_in_the_conditional_is_no_record(rate: int, length: float, modal: str) -> None:
    text = (
        f"A tiny draft beside a large target with {rate}% acceptance {modal} {length} tokens "
        "per step on average, which is where the chain starts to pay off.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    rate=st.sampled_from(["100%", "90%", "0.75"]), name=st.sampled_from(["AL", "Acceptance Rate"])
)
def test_an_acceptance_figure_set_as_a_condition_is_no_record(rate: str, name: str) -> None:
    assert read_paste(f"# Speedup of the chart if the draft {name} = {rate}\n").records == ()
    text = f"How would throughput change if the {name.lower()} were {rate} for k=4?\n"
    assert read_paste(text).records == ()


def test_negative_control_a_measured_figure_beside_a_conditional_is_read() -> None:
    # a run told in the past keeps its figure, even with a modal in the sentence
    text = "On our box the acceptance rate was 64%, which would give about 3x on longer prompts.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]
    text = "The small draft achieved 100% acceptance, just what the large target would generate.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [1.0]
    text = "My draft could only achieve an acceptance length of 2.61 on chat prompts.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.61]
    text = "Low speedup even if the acceptance rate is 80% on code prompts.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.8]


@settings(max_examples=examples(30), deadline=None)
@given(
    words=st.sampled_from(
        ["guaranteed", "guaranteed to be", "necessarily", "by construction", "by design"]
    ),
    fig=st.sampled_from(["0%", "100%", "1.0", "0.0%"]),
)
def test_a_figure_the_design_fixes_is_no_record(words: str, fig: str) -> None:
    # certainty words right before the figure: what the layout fixes, no run measured it
    text = f"Older configs spent the last slot of each block on a draft with {words} {fig} acceptance.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_figure_after_which_guaranteed_comes_is_read() -> None:
    text = "Acceptance rate was 72% on our chat set, though nothing is guaranteed on code.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.72]
    text = "We measured a 0% acceptance by the third block; the cause is not guaranteed to be the head.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.0]


# --- two unnamed things set against each other by their acceptance (notrun._GENERIC_PAIR) ------

_KINDS = ["draft", "draft model", "small drafter", "speculator head"]
_VERBS = ["beats", "outruns", "loses to", "is slower than", "crushes"]


@settings(max_examples=examples(60), deadline=None)
@given(
    first=st.sampled_from(_KINDS),
    second=st.sampled_from(_KINDS),
    verb=st.sampled_from(_VERBS),
    a=st.integers(51, 97),
    b=st.integers(20, 50),
    cost=st.integers(1, 30),
    pct=st.booleans(),
    adjective_form=st.booleans(),
)
def test_two_unnamed_things_compared_by_acceptance_are_no_record(
    first: str,
    second: str,
    verb: str,
    a: int,
    b: int,
    cost: int,
    pct: bool,
    adjective_form: bool,
) -> None:
    fa = f"{a}%" if pct else f"0.{a}"
    fb = f"{b}%" if pct else f"0.{b}"
    other = f"a {fb} acceptance {second}" if adjective_form else f"a {second} with {fb} acceptance"
    text = (
        "The gain per round grows with the acceptance and shrinks with the draft's cost. "
        f"A {first} with {fa} acceptance and {cost}% relative cost {verb} {other} "
        "at a tenth of the cost, so neither figure decides alone.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


def test_negative_control_one_unnamed_thing_with_a_figure_is_read() -> None:
    text = "A draft model with 68% acceptance is what the new head gives on the chat set.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.68]


@settings(max_examples=examples(30), deadline=None)
@given(
    told=st.sampled_from(
        [
            "A draft with {a}% acceptance reached 2.9 tokens a step, a draft with {b}% acceptance 2.1",
            "In our runs a draft with {a}% acceptance beats a draft with {b}% acceptance",
            "We found a draft with {a}% acceptance beats a draft with {b}% acceptance",
            "Our draft with {a}% acceptance beats a draft with {b}% acceptance",
        ]
    ),
    a=st.integers(51, 97),
    b=st.integers(20, 50),
)
def test_negative_control_compared_drafts_of_a_run_are_read(told: str, a: int, b: int) -> None:
    text = told.format(a=a, b=b) + " on the code set.\n"
    rates = sorted(r.printed_rate for r in read_paste(text).records if r.printed_rate is not None)
    assert a / 100 in rates


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(["If", "Suppose", "Assume", "Imagine", "E.g. if"]),
    name=st.sampled_from(
        [
            "each verify step emits {v} tokens",
            "every round produces {v} tokens",
            "tokens per step is {v}",
            "the tokens/step reach {v}",
        ]
    ),
    v=st.decimals(min_value="1.01", max_value="4.99", places=2).map(str),
    then=st.sampled_from(
        ["speculation costs more than it saves", "the draft pays for itself", "decode is 2x"]
    ),
)
def test_tokens_a_step_in_a_supposition_are_no_record(
    opener: str, name: str, v: str, then: str
) -> None:
    # the tokens a step emits named in a supposition: what a length would be, no run
    text = f"{opener} {name.format(v=v)}, {then}.\n"
    got = read_paste(text)
    assert got.records == ()


def test_negative_control_tokens_a_step_of_a_run_is_read() -> None:
    text = "On the chat set we measured 2.41 tokens per step with the new head.\n"
    assert [r.accept_length for r in read_paste(text).records] == [2.41]
