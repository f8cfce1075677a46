"""A table whose only acceptance word is a column headed by the bare word ('| Acceptance |'),
in a document whose prose never speaks of speculative decoding (no draft, no speculative
method, no accept length, no verify step, no bonus, no target model) nor of a language model's
decoding or serving (no tool, no decode speed, no sampler, no model): the word is some other
thing's acceptance (patches, forms, papers), no record. The same table in a paste naming
speculation, alone with no prose, or a column naming speculation's figure, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_TITLES = ["## Run summary", "Nightly results", "## Regression report"]


def _rows(counts: list[tuple[int, int]]) -> list[list[str]]:
    return [
        [f"set-{i}", "42", f"{a}/{n} ({100 * a / n:.2f}%)", f"{10 + i}.5"]
        for i, (a, n) in enumerate(counts)
    ]


_COUNTS = st.lists(
    st.integers(20, 5000).flatmap(lambda n: st.tuples(st.integers(1, n), st.just(n))),
    min_size=1,
    max_size=4,
)


@settings(max_examples=examples(50), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    header=st.sampled_from(["Acceptance", "acceptance", "ACCEPTANCE"]),
    layout=st.sampled_from(["markdown", "box"]),
    counts=_COUNTS,
)
def test_a_bare_acceptance_column_without_speculation_is_no_record(
    title: str, header: str, layout: str, counts: list[tuple[int, int]]
) -> None:
    table = render_table(layout, ["Dataset", "Seed", header, "Median time (ms)"], _rows(counts))
    text = (
        f"{title}\n\nEach row below links the files that back the published numbers.\n\n{table}\n"
    )
    got = read_paste(text)
    assert not got.records


@settings(max_examples=examples(40), deadline=None)
@given(
    context=st.sampled_from(
        [
            "Draft model: a 0.5B head, verify every step.",
            "Speculative decoding with an EAGLE head.",
            "MTP runs against the target model.",
        ]
    ),
    counts=_COUNTS,
)
def test_negative_control_the_same_table_in_a_paste_naming_speculation_is_read(
    context: str, counts: list[tuple[int, int]]
) -> None:
    table = render_table("markdown", ["Dataset", "Seed", "Acceptance", "Time (ms)"], _rows(counts))
    got = read_paste(f"{context}\n\n{table}\n").records
    # (the share printed at two decimals of a percent: 1/160 prints 0.62%, read 0.0062)
    assert len(got) == len(counts)
    assert all(
        abs((r.printed_rate or 0) - a / n) <= 0.00005 + 1e-12
        for r, (a, n) in zip(got, counts, strict=True)
    )


def test_negative_control_an_acceptance_rate_column_without_speculation_stays() -> None:
    table = render_table("markdown", ["k", "Acceptance rate", "tok/s"], [["2", "71.3%", "402"]])
    assert [r.printed_rate for r in read_paste(table).records] == [0.713]


def test_negative_control_the_table_alone_without_prose_is_read() -> None:
    table = render_table("markdown", ["Dataset", "Seed", "Acceptance"], [["set-a", "7", "41/50"]])
    assert [r.printed_rate for r in read_paste(table).records] == [0.82]


def test_negative_control_a_decoding_word_in_the_document_leaves_it_read() -> None:
    table = render_table(
        "markdown", ["Arm", "Decode tok/s", "Acceptance"], [["arm-a", "41.5", "41/50"]]
    )
    text = f"Each row below links the files that back the published numbers.\n\n{table}"
    assert [r.printed_rate for r in read_paste(text).records] == [0.82]
