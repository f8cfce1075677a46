"""An acceptance figure set as the premise of a worked estimate ('with K=4 and a 70% acceptance
rate, a step would emit about 2.7 tokens') is no measurement: no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(50), deadline=None)
@given(
    opener=st.sampled_from(["with K=4 and", "at", "given", "assuming", "With"]),
    figure=st.sampled_from(
        ["a {p}% acceptance rate", "an acceptance rate of {p}%", "a {p}% draft acceptance"]
    ),
    outcome=st.sampled_from(
        [
            "the server emits roughly {x} more tokens per second",
            "each step would commit {x} tokens",
            "you can expect up to {x} the throughput",
            "decoding gets ~{x} faster",
        ]
    ),
    p=st.integers(40, 95),
    x=st.sampled_from(["2x", "3x", "2.5x"]),
)
def test_a_figure_in_a_worked_estimates_premise_is_no_record(
    opener: str, figure: str, outcome: str, p: int, x: str
) -> None:
    sentence = (
        f"Speculative decoding pays off quickly: {opener} {figure.format(p=p)}, "
        f"{outcome.format(x=x)} than plain decoding.\n"
    )
    got = read_paste(sentence)
    assert got.records == ()


def test_negative_control_a_measured_outcome_is_read() -> None:
    text = "With a 72% acceptance rate, we measured 2.1x on the EAGLE-3 draft.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.72]


def test_negative_control_a_plain_statement_of_the_rate_is_read() -> None:
    text = "The EAGLE-3 draft ran at a 72% acceptance rate on MT-bench.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.72]


@settings(max_examples=examples(30), deadline=None)
@given(
    subject=st.sampled_from(["your draft model", "the drafter", "an EAGLE head"]),
    verb=st.sampled_from(["has", "reaches", "gets"]),
    p=st.integers(40, 95),
)
def test_an_if_clause_with_a_figure_before_a_hedged_outcome_is_no_record(
    subject: str, verb: str, p: int
) -> None:
    text = (
        f"Tuning tip: if {subject} {verb} a {p}% acceptance rate, about {p // 10} of every 10 "
        "proposed tokens survive verification.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    figure=st.sampled_from(["A {p}% acceptance rate", "An acceptance rate of {p}%"]),
    verb=st.sampled_from(["means", "implies"]),
    p=st.integers(40, 95),
)
def test_a_figure_whose_meaning_is_spelled_out_is_no_record(figure: str, verb: str, p: int) -> None:
    text = (
        "Glossary: the acceptance rate counts kept draft tokens over proposed ones. "
        f"{figure.format(p=p)} {verb} that most of the proposals were kept.\n"
    )
    assert read_paste(text).records == ()


def test_a_name_above_and_its_meaning_spelled_out_below_is_no_record() -> None:
    text = (
        "Definition: Acceptance rate measures how often the target agrees with the drafter.\n"
        "Example: Every proposal is checked in one pass. A 60% acceptance rate means "
        "6 of 10 drafts survive.\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_a_rate_stated_as_measured_is_read() -> None:
    text = "On our MT-bench run the EAGLE-3 draft had a 64% acceptance rate.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


@settings(max_examples=examples(40), deadline=None)
@given(
    qualifier=st.sampled_from(["a trained", "a per-head", "an", "a nominal"]),
    lo=st.integers(40, 70),
    span=st.integers(0, 15),
    subject=st.sampled_from(["the tree drafter", "our heads", "the draft"]),
    length=st.sampled_from(["2.1", "2.6", "3.0"]),
    breaks=st.booleans(),
)
def test_an_estimate_whose_premise_and_outcome_span_lines_is_no_record(
    qualifier: str, lo: int, span: int, subject: str, length: str, breaks: bool
) -> None:
    # the premise's figure a range or one value, with a word before its name; the outcome, a
    # length, hedged, may stand on the next line of the paragraph
    figure = f"0.{lo}" if span == 0 else f"~0.{lo}-0.{lo + span}"
    cut = "\n" if breaks else " "
    text = (
        "Design notes for the tree verifier.\n\n"
        f"With 48 tree nodes and {qualifier} acceptance rate of {figure} per depth,{cut}"
        f"{subject} typically accepts ~{length} tokens per verify pass. That would put{cut}"
        "decode well above the plain baseline.\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_a_measured_rate_before_a_hedged_length_is_read() -> None:
    # 'a measured acceptance rate': the writer's run, no premise
    text = (
        "With 48 tree nodes and a measured acceptance rate of 0.62 per depth, the heads\n"
        "accepted about 2.4 tokens per verify pass on our prompts.\n"
    )
    assert read_paste(text).records != ()


def test_negative_control_a_length_in_the_next_sentence_is_read() -> None:
    # the measured length in the next paragraph (one paragraph is read as one record: a
    # measured figure in the estimate's own paragraph is lost with it, never misread)
    text = (
        "With 48 tree nodes and a trained acceptance rate of ~0.6 per depth, the heads\n"
        "would accept about 2.5 tokens per pass.\n\n"
        "On MT-Bench they accepted 2.43 tokens per verify pass.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.43]


@settings(max_examples=examples(40), deadline=None)
@given(
    bullet=st.sampled_from(["- ", "  * ", "1. ", ""]),
    name=st.sampled_from(["acceptance", "draft acceptance", "acceptance rate"]),
    arrow=st.sampled_from(["→", "->", "=>", "⇒"]),
    p=st.integers(40, 95),
    x=st.sampled_from(["2x", "~3x", "2.2×"]),
)
def test_a_bare_rate_leading_by_an_arrow_to_a_speedup_is_a_rule_of_thumb(
    bullet: str, name: str, arrow: str, p: int, x: str
) -> None:
    text = f"Why the rate matters\n{bullet}{p}% {name} {arrow} {x} speedup\n"
    assert read_paste(text).records == ()


def test_negative_control_a_runs_label_before_the_arrowed_rate_is_read() -> None:
    text = "- k=3 draft on our chat set: 64% acceptance → 2.1x speedup\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


def test_negative_control_a_rate_without_an_arrow_is_read() -> None:
    text = "- 64% acceptance, 2.1x speedup on our chat set\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


def test_the_arrow_rule_of_thumb_pattern_is_linear_on_a_long_line() -> None:
    import time

    from specdiag.core.logs.paste import reader as R

    line = "- " + "7% 1 -> 2 % accept " * 500
    best = 1.0
    for _ in range(3):  # (the best of three: a loaded machine's pauses aside)
        t = time.perf_counter()
        R._LEADS.search(line)
        best = min(best, time.perf_counter() - t)
    assert best < 0.05
