"""A German title qualifying its figure by a preposition ('Draft-Akzeptanzrate über alle
Requests', 'Akzeptanzlänge für den Chat-Datensatz') names the figure as the English title does
('... over all requests', '... for the chat set'): the table under it is read by that figure.
Without German naming acceptance (eurowords.named) the words stay as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import eurowords as EW
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["Draft-Akzeptanzrate", "Akzeptanzrate", "MTP-Akzeptanzrate"]),
    prep=st.sampled_from(["über", "für", "Über", "Für"]),
    what=st.sampled_from(["alle Requests", "den Testlauf", "drei Datensätze"]),
    values=st.lists(st.integers(300, 950), min_size=2, max_size=4),
)
def test_a_german_title_with_a_preposition_names_its_figure(
    read: Read, name: str, prep: str, what: str, values: list[int]
) -> None:
    rows = [f"| set-{i} | {v / 1000:.3f} |" for i, v in enumerate(values)]
    text = "\n".join([f"### {name} {prep} {what}", "| Lauf | Wert |", "|---|---|", *rows]) + "\n"
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == [v / 1000 for v in values], text


def test_the_prepositions_stay_where_german_names_no_acceptance() -> None:
    lines = ["Notes über alle Requests", "für den Chat"]
    assert EW.named("\n".join(lines)) is False
    assert EW.english(["Akzeptanzrate über alle Requests"]) == [
        "acceptance rate over alle Requests"
    ]
