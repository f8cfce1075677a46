"""A glossary item defining a bare column name as the accepted over the drafted tokens (`- **acc**
— counter deltas: accepted / draft tokens`, `interpret._glossed_rates`): the table's column of
that name is the acceptance rate, one record a filled row. A glossary item saying something
else (`accepted tokens per second`), a quotient of other counts (`accepted / total requests`),
or no glossary leave a bare `acc` column unread as before (alone it may be an accuracy)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["acc", "accept", "acc."])
_MARKS = st.sampled_from([("**", "**"), ("`", "`"), ("__", "__")])
_DASHES = st.sampled_from(["—", "–", "-", ":"])
_QUOTIENTS = st.sampled_from(
    ["accepted / draft tokens", "accepted/drafted", "accepted draft tokens / draft tokens"]
)
_SHARES = st.lists(st.integers(1000, 9999), min_size=2, max_size=5, unique=True)


def _table(name: str, shares: list[int]) -> str:
    rows = "\n".join(f"| arm {i} | {20 + i}.5 | 0.{x:04d} |" for i, x in enumerate(shares))
    return f"| run | tok/s | {name} |\n|---|---:|---:|\n| base | 11.0 | - |\n{rows}\n"


@settings(max_examples=examples(50), deadline=None)
@given(
    name=_NAMES,
    marks=_MARKS,
    dash=_DASHES,
    quotient=_QUOTIENTS,
    wrapped=st.booleans(),
    shares=_SHARES,
)
def test_a_glossed_bare_column_is_the_acceptance_rate(
    read: Read,
    name: str,
    marks: tuple[str, str],
    dash: str,
    quotient: str,
    wrapped: bool,
    shares: list[int],
) -> None:
    open_, close = marks
    gap = "\n  " if wrapped else " "
    gloss = (
        f"How the columns count:\n\n- {open_}tok/s{close} {dash} tokens over wall time.\n"
        f"- {open_}{name}{close} {dash} the run's counter deltas:{gap}{quotient}.\n\n"
    )
    got = read(gloss + _table(name, shares)).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 10_000) for x in shares]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    said=st.sampled_from(
        [
            "accepted tokens per second",
            "accepted / total requests",
            "the share of answers judged right",
        ]
    ),
    shares=_SHARES,
)
def test_negative_control_another_gloss_leaves_the_column_unread(
    read: Read, name: str, said: str, shares: list[int]
) -> None:
    gloss = f"How the columns count:\n\n- **{name}** — {said}.\n\n"
    assert read(gloss + _table(name, shares)).records == ()
