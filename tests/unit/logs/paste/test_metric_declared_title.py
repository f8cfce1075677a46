"""A sentence within three lines above a table declaring the metric the results report ('The
primary metric is accept length - the mean tokens a step.'): the figure it names is the table's
title (reader._metric_declared), its plain columns that figure's. Near misses: a metric of
another measure, a heading between the sentence and the table, the sentence further up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import reader
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["The primary metric is", "Our main metric is", "The reported metric was", "Metric is"]
_NAMES = ["accept_length", "acceptance length", "accept length", "mean acceptance length"]
_AFTERS = [" - the mean tokens a step.", " (tokens per verify).", ", higher is better.", "."]
_BETWEEN = ["", "Runs used the stock bench script on one node.\n"]


def _table(rows: list[tuple[str, float, float]]) -> str:
    return pipe_table(
        ["task", "round one", "round two"], [[t, f"{a:.3f}", f"{b:.3f}"] for t, a, b in rows]
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    name=st.sampled_from(_NAMES),
    after=st.sampled_from(_AFTERS),
    between=st.sampled_from(_BETWEEN),
    data=st.data(),
)
def test_a_declared_metric_titles_the_table_below(
    read: Read, lead: str, name: str, after: str, between: str, data: st.DataObject
) -> None:
    rows = [
        (task, data.draw(st.integers(1100, 3900)) / 1000, data.draw(st.integers(1100, 3900)) / 1000)
        for task in ("quiz-a", "proofs", "dialog")[: data.draw(st.integers(2, 3))]
    ]
    text = f"Results\n{lead} {name}{after}\n{between}{_table(rows)}"
    got = read(text).records
    assert sorted(r.printed_length for r in got) == sorted(v for _, a, b in rows for v in (a, b))


def test_the_name_alone_is_taken() -> None:
    assert reader._metric_declared("The primary metric is accept_length - mean") == "accept_length"
    assert reader._metric_declared("Our metric is acceptance length, higher is better.") == (
        "acceptance length"
    )
    assert reader._metric_declared("The primary metric is throughput (tok/s).") is None
    assert reader._metric_declared("The metric is acceptance.") is None  # too loose a name
    assert reader._metric_declared("Acceptance length is our metric.") is None


def test_another_measure_declared_reads_nothing(read: Read) -> None:
    text = "The primary metric is decode speed.\n" + _table(
        [("quiz-a", 2.4, 2.5), ("proofs", 2.6, 2.7)]
    )
    assert read(text).records == ()


def test_a_heading_between_or_a_sentence_further_up_titles_nothing(read: Read) -> None:
    table = _table([("quiz-a", 2.4, 2.5), ("proofs", 2.6, 2.7)])
    text = "The primary metric is accept length.\n### Memory use\n" + table
    assert read(text).records == ()
    far = "The primary metric is accept length.\nOne.\nTwo more words.\nThree here.\n" + table
    assert read(far).records == ()
