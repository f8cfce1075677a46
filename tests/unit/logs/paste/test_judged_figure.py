"""A figure judged as a kind of rate ('A 0.57 acceptance rate is fair, ...') right after a run
printed that figure is the run judged again: one record; alone, or beside another value, it
stays a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import judged as JG
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_RUN = st.sampled_from(
    [
        "I measured about {pct}% draft acceptance with the 1B drafter on a 4090.",
        "On my box the small draft kept roughly {pct}% of its tokens (acceptance rate {pct}%).",
        "Result: the draft acceptance rate came out at {pct}% over 300 prompts.",
    ]
)
_JUDGE = st.sampled_from(
    [
        "- A {frac} acceptance rate is decent, but the pair is far from aligned.",
        "  • An {pct}% draft acceptance looks healthy for a model this small.",
        "Nothing else changed. A {frac} acceptance rate seems low for a same-family pair.",
        "Speed is up; a {pct}% acceptance rate was enough to pay for the drafting.",
    ]
)


def _rates(text: str) -> list[float]:
    return [round(r.printed_rate or 0.0, 4) for r in read_paste(text).records]


@settings(max_examples=examples(60), deadline=None)
@given(run=_RUN, judge=_JUDGE, p=st.integers(21, 89), gap=st.sampled_from(["\n", "\n\n"]))
def test_a_judged_figure_restating_one_run_is_no_second_record(
    run: str, judge: str, p: int, gap: str
) -> None:
    pct, frac = str(p), f"0.{p}"
    text = (
        run.format(pct=pct)
        + gap
        + "Notes on the result:"
        + gap
        + judge.format(pct=pct, frac=frac)
        + "\n"
    )
    assert _rates(text) == [p / 100]


@settings(max_examples=examples(30), deadline=None)
@given(judge=_JUDGE, p=st.integers(21, 89))
def test_negative_control_a_judged_figure_alone_is_read(judge: str, p: int) -> None:
    text = "Notes on the result:\n" + judge.format(pct=str(p), frac=f"0.{p}") + "\n"
    assert _rates(text) == [p / 100]


@settings(max_examples=examples(30), deadline=None)
@given(run=_RUN, judge=_JUDGE, p=st.integers(21, 80), d=st.integers(3, 9))
def test_negative_control_a_judged_figure_of_another_value_is_read(
    run: str, judge: str, p: int, d: int
) -> None:
    q = p + d
    text = run.format(pct=str(p)) + "\n\n" + judge.format(pct=str(q), frac=f"0.{q}") + "\n"
    assert sorted(_rates(text)) == [p / 100, q / 100]


def test_negative_control_two_runs_of_the_value_leave_the_judgement_read() -> None:
    text = (
        "Chat prompts: the draft acceptance rate came out at 62% over 200 prompts.\n\n"
        "Code prompts: the draft acceptance rate came out at 62% over 150 prompts.\n\n"
        "- A 0.62 acceptance rate is decent for this pair.\n"
    )
    assert _rates(text) == [0.62, 0.62, 0.62]


def test_negative_control_the_runs_own_rate_with_an_article_is_read() -> None:
    # 'with a 62% acceptance rate we ...': the writer's second run, no judgement
    text = (
        "The first draft model reached a 62% acceptance rate on the chat set.\n\n"
        "With a 62% acceptance rate we also saw the second draft model win on code.\n"
    )
    assert len(read_paste(text).records) == 2


def test_the_judged_pattern_is_linear_on_a_long_line() -> None:
    import time

    line = "- a 1 " * 2000 + "accept"
    best = 1.0
    for _ in range(3):
        t = time.perf_counter()
        list(JG._JUDGED.finditer(line))
        best = min(best, time.perf_counter() - t)
    assert best < 0.05


# a figure opening its sentence with no article, judged by a verb of seeming, after a record
# printing both the run's figures (its share at more decimals, its length beside it)
_BARE_JUDGE = st.sampled_from(
    [
        "{pct}% acceptance rate sounds good, but the drafting costs too much here.",
        "- {pct}% draft acceptance looks fine on paper; the speed says otherwise.",
        "Nothing else changed. {pct}% acceptance feels high for a head this small.",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(judge=_BARE_JUDGE, p=st.integers(21, 89), tenth=st.integers(1, 4))
def test_a_bare_figure_judged_restates_the_run_printing_both_figures(
    judge: str, p: int, tenth: int
) -> None:
    rate = p + tenth / 10
    text = (
        f"Measured on the service: {rate:.1f}% acceptance rate "
        f"(mean acceptance length: {1 + rate / 100:.2f}).\n\n"
        "Why it stays off:\n\n" + judge.format(pct=str(p)) + "\n"
    )
    assert _rates(text) == [round(rate / 100, 4)]


@settings(max_examples=examples(30), deadline=None)
@given(p=st.integers(21, 89), verb=st.sampled_from(["is", "was", "stays"]))
def test_negative_control_a_bare_figure_told_as_a_run_is_read(p: int, verb: str) -> None:
    # without the article only a verb of seeming judges: '61% acceptance was ...' tells a run
    text = (
        f"Measured on the service: {p}.2% acceptance rate (mean acceptance length: "
        f"{1 + p / 100:.2f}).\n\n"
        f"{p}% acceptance rate {verb} what the second box gave on the code prompts.\n"
    )
    assert len(read_paste(text).records) == 2
