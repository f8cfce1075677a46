"""A pooling word after a figure's name ('tau_overall', 'acceptance_rate_combined') names that
figure, as a mean word there does ('accept_length_mean'): read where it leads a table of metrics
as rows beside the mean over requests. A goal's word there names no figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["tau", "accept_length", "acceptance length", "AL"]),
    word=st.sampled_from(["overall", "aggregate", "combined"]),
    sep=st.sampled_from(["_", " "]),
)
def test_a_pooling_word_after_the_name_names_the_figure(name: str, word: str, sep: str) -> None:
    assert C.key(f"{name}{sep}{word}").metric == C.LENGTH


@settings(max_examples=examples(30), deadline=None)
@given(pooled=st.integers(1200, 2900), mean=st.integers(1200, 2900))
def test_the_pooled_row_is_the_printed_length(pooled: int, mean: int) -> None:
    p, m = pooled / 1000, mean / 1000
    text = (
        "### Headline over 18 requests\n\n| metric | value |\n|---|---|\n"
        "| n_requests | 18 |\n| draft_n_accepted | 910 |\n| draft_n | 7400 |\n"
        f"| **tau_overall** | **{p:.3f}** |\n| mean_tau | {m:.3f} |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [p]


def test_negative_control_a_goal_word_after_the_name_is_no_figure() -> None:
    assert C.key("accept_length_goal").metric is None
    assert C.key("tau_overall_target").metric is None
