"""Ranked lists in prose: configurations named one after another, each with its value, in a
sentence that names the one acceptance figure ('topk=8 scored highest at 3.50, topk=4 at 3.00
and topk=1 at 2.75 (mean acceptance length)', 'EAGLE-3 reached 3.1, followed by MTP (2.6) and
n-gram (1.8)'): one record per configuration, its name kept. Without the figure's name in the
sentence, or beside another measure, a goal or statistics, nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["EAGLE-3", "MTP", "n-gram", "Medusa", "HASS", "DFlash", "lookahead", "topk=8", "topk=4"]
_ITEM = ["{n} ({v})", "{n} at {v}", "{n} reached {v}", "{n} with {v}", "{n} scored {v}"]
_JOIN = [", ", ", followed by ", " and ", ", then ", ", while "]


@st.composite
def _ranking(draw: st.DrawFn) -> tuple[list[str], list[float], str, bool]:
    n = draw(st.integers(2, 4))
    names = draw(st.permutations(_NAMES))[:n]
    rate = draw(st.booleans())
    if rate:
        vals = sorted(
            draw(st.lists(st.integers(20, 95), min_size=n, max_size=n, unique=True)), reverse=True
        )
        shown = [f"{v}%" for v in vals]
        figures = [v / 100 for v in vals]
    else:
        vals = sorted(
            draw(st.lists(st.integers(110, 600), min_size=n, max_size=n, unique=True)), reverse=True
        )
        shown = [f"{v / 100:.2f}" for v in vals]
        figures = [v / 100 for v in vals]
    parts = [
        draw(st.sampled_from(_ITEM)).format(n=n, v=v) for n, v in zip(names, shown, strict=True)
    ]
    text = parts[0]
    for p in parts[1:]:
        text += draw(st.sampled_from(_JOIN)) + p
    return names, figures, text, rate


def _labelled(text: str) -> list[tuple[str, float | None]]:
    out = []
    for r in read_paste(text).records:
        lab = dict(r.labels)
        name = lab.get("config") or next(f"{k}={v}" for k, v in r.labels if k != "config")
        out.append((name, r.printed_rate if r.printed_rate is not None else r.printed_length))
    return out


@settings(max_examples=examples(60), deadline=None)
@given(ranking=_ranking(), where=st.sampled_from(["before", "after"]))
def test_a_ranked_list_gives_one_record_per_configuration(
    ranking: tuple[list[str], list[float], str, bool], where: str
) -> None:
    names, figures, listed, rate = ranking
    metric = "draft acceptance rate" if rate else "mean acceptance length"
    text = (
        f"On MT-bench, ranked by {metric}: {listed}.\n"
        if where == "before"
        else f"On MT-bench, {listed} ({metric}).\n"
    )
    got = _labelled(text)
    assert [n for n, _ in got] == names
    assert [round(v or -1, 6) for _, v in got] == [round(f, 6) for f in figures]
    assert all(r.accept_length is None for r in read_paste(text).records)


def test_the_examples_of_the_docs() -> None:
    text = (
        "Among the settings, topk=8 scored highest at 3.50, topk=4 at 3.00 and topk=1 at 2.75 "
        "(mean acceptance length).\n"
    )
    assert _labelled(text) == [("topk=8", 3.5), ("topk=4", 3.0), ("topk=1", 2.75)]
    text = "The acceptance length ranking: EAGLE-3 reached 3.1, followed by MTP (2.6) and n-gram (1.8).\n"
    assert _labelled(text) == [("EAGLE-3", 3.1), ("MTP", 2.6), ("n-gram", 1.8)]


@settings(max_examples=examples(40), deadline=None)
@given(ranking=_ranking())
def test_negative_control_without_the_figure_named_nothing(
    ranking: tuple[list[str], list[float], str, bool],
) -> None:
    _, _, listed, _ = ranking
    assert read_paste(f"On MT-bench, {listed}.\n").records == ()


def test_negative_controls_other_measures_goals_statistics() -> None:
    for text in (
        "EAGLE-3 reached 3.1, followed by MTP (2.6) and n-gram (1.8) in speedup; the acceptance "
        "length improved too.\n",
        "EAGLE-3 reached 3.1x, followed by MTP (2.6x) and n-gram (1.8x); acceptance length "
        "was not logged.\n",
        "We target an acceptance length of EAGLE-3 3.1, MTP 2.6 and n-gram 1.8.\n",
        "Acceptance length improved after upgrading vllm 0.6.3, sglang 0.4.1 and torch 2.5.\n",
        "The acceptance rate was measured with top_p 0.9 and min_p 0.05 on chat.\n",
        "Acceptance length on A100 (80GB), H100 (80GB) and L40S (48GB) alike.\n",
    ):
        assert read_paste(text).records == (), text
    # statistics of one figure are one record, never configurations
    got = read_paste("Acceptance length  p50 2.41, min 1.80, max 3.20\n").records
    assert [r.printed_length for r in got] == [2.41]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["long", "long summary", "free-form", "short chat"]),
    rank=st.sampled_from(["", "lowest ", "last "]),
)
def test_an_item_named_in_several_words_after_the_join(lead: str, rank: str) -> None:
    text = (
        "Mean acceptance length by prompt kind: tables came first at 3.20, math at 2.70, and "
        f"{lead} answers {rank}at 1.90.\n"
    )
    assert _labelled(text) == [("tables", 3.2), ("math", 2.7), (f"{lead} answers", 1.9)]


def test_words_after_the_join_that_name_nothing_stay_out() -> None:
    # a stop word or a preposition among the words: the item is another sentence's, unread
    text = "Mean acceptance length: tables at 3.20, math at 2.70, and for the rest at 1.90.\n"
    assert _labelled(text) == [("tables", 3.2), ("math", 2.7)]
    text = "Mean acceptance length: tables at 3.20, math at 2.70, and in short answers 1.90.\n"
    assert _labelled(text) == [("tables", 3.2), ("math", 2.7)]
    # three words after the join: no ranked item
    text = (
        "Mean acceptance length: tables at 3.20, math at 2.70, and very long free answers 1.90.\n"
    )
    assert _labelled(text) == [("tables", 3.2), ("math", 2.7)]


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(40, 95),
    b=st.integers(10, 39),
    vs=st.sampled_from(["vs.", "vs", "versus"]),
    tail=st.sampled_from(["", ", on one GPU"]),
)
def test_two_runs_set_against_each_other_with_vs(a: int, b: int, vs: str, tail: str) -> None:
    text = (
        f"Our head reaches a high acceptance rate (chat 0.{a} {vs} Medusa 0.{b}{tail}), while "
        "the later drafts fall off.\n"
    )
    assert _labelled(text) == [("chat", a / 100), ("Medusa", b / 100)]


def test_vs_in_another_measure_names_nothing() -> None:
    text = "Our head is faster (chat 2.10 vs. Medusa 1.60 in speedup) than before.\n"
    assert _labelled(text) == []
