"""A table under a sentence saying which way its figure is better (better_title.py): the
figure that sentence names is the table's, a column of changes in % is not; a sentence naming
another measure, or 'lower ... is better', gives the table nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_SENTENCES = st.sampled_from(
    [
        "Runs use greedy decoding and a 10-token block. Higher {n} is better.",
        "All numbers: one card, greedy ({n}: higher is better).",
        "Greater {n} is better; the same verifier everywhere.",
    ]
)
_NAMES = st.sampled_from(["accepted length", "acceptance length", "mean accept length"])
_TITLES = st.sampled_from(["Held-out splits", "Evaluation sets", "Per-domain results"])


def _table(rows: list[tuple[str, int, int]]) -> str:
    out = ["| Split | Stock head | Tuned head | Delta |", "|---|---|---|---|"]
    for lab, a, b in rows:
        out.append(f"| {lab} | {a / 1000:.3f} | {b / 1000:.3f} | +{round(100 * (b - a) / a)}% |")
    return "\n".join(out) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    sentence=_SENTENCES,
    name=_NAMES,
    title=_TITLES,
    vals=st.lists(st.integers(1500, 5900), min_size=4, max_size=6),
)
def test_the_better_sentence_names_the_tables_figure(
    read, sentence: str, name: str, title: str, vals: list[int]
) -> None:
    labs = ["alpha", "beta", "gamma"]
    rows = [(labs[i], vals[2 * i], vals[2 * i + 1]) for i in range(len(vals) // 2)]
    text = "A draft head for speculative decoding.\n" + sentence.format(n=name) + "\n"
    text += title + "\n" + _table(rows)
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 1000 for row in rows for v in row[1:]]
    assert all(r.accept_length is None for r in read(text).records)


@settings(max_examples=examples(20), deadline=None)
@given(
    sentence=st.sampled_from(
        [
            "Higher throughput is better.",
            "Lower accepted length is better here.",
            "Higher throughput and accepted length are better.",
            "The tuned head is better.",
        ]
    ),
    vals=st.lists(st.integers(1500, 5900), min_size=4, max_size=4),
)
def test_negative_control_no_one_acceptance_figure_named(
    read, sentence: str, vals: list[int]
) -> None:
    rows = [("alpha", vals[0], vals[1]), ("beta", vals[2], vals[3])]
    text = "A draft head for speculative decoding.\n" + sentence + "\nHeld-out splits\n"
    text += _table(rows)
    assert not [r for r in read(text).records if r.printed_length is not None]
