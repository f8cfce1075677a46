"""Two runs' values after one verb of arrival, joined by a slash (`interpret._SLASH_NEXT`): `the
accept length sits at 3.10 / 3.14` over two settings is one figure of two runs, each its own
record, as a table's `2.22 / 2.25` cell is. A whole number after the slash (`2.5 / 4`, the most
a step can reach), values of two forms (decimals against none, a share against a plain
number), a third value (`2.1 / 2.2 / 2.3`) or a name holding a slash itself read no second
run."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read as _Read

_VERBS = st.sampled_from(["stays at", "settles at", "remains at", "sits at", "reaches"])
_TAILS = st.sampled_from(
    ["", " on both sets", " (`~90%` of the best run)", ", close to the single-corpus run"]
)


def _two(lo: int, hi: int) -> st.SearchStrategy[tuple[int, int]]:
    return st.tuples(st.integers(lo, hi), st.integers(lo, hi))


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=_VERBS,
    tail=_TAILS,
    pair=_two(110, 780),
    ticks=st.booleans(),
    spaced=st.booleans(),
)
def test_two_lengths_joined_by_a_slash_are_two_runs(
    read: _Read, verb: str, tail: str, pair: tuple[int, int], ticks: bool, spaced: bool
) -> None:
    a, b = (f"{x / 100:.2f}" for x in pair)
    q = "`" if ticks else ""
    sep = " / " if spaced else "/"
    text = (
        "Served by our engine with the drafter on.\n\n"
        f"With 3 or 6 extra indexes, the accept length {verb} {q}{a}{q}{sep}{q}{b}{q}{tail}.\n"
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [float(a), float(b)]


@settings(max_examples=examples(30), deadline=None)
@given(verb=_VERBS, pair=_two(5, 95))
def test_two_shares_joined_by_a_slash_are_two_runs(
    read: _Read, verb: str, pair: tuple[int, int]
) -> None:
    a, b = (f"{x}.5%" for x in pair)
    text = f"Across both prompt sets the draft acceptance rate {verb} {a} / {b}, as hoped.\n"
    got = [r.printed_rate for r in read(text).records]
    assert got == [float(a[:-1]) / 100, float(b[:-1]) / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=_VERBS,
    first=st.integers(110, 390),
    second=st.sampled_from(["4", "5", "2.6", "61%", "2.61 / 2.70"]),
)
def test_negative_control_a_maximum_or_another_form_is_no_second_run(
    read: _Read, verb: str, first: int, second: str
) -> None:
    a = f"{first / 100:.2f}"
    text = f"With the new index, the accept length {verb} {a} / {second} on the chat set.\n"
    got = [r.printed_length for r in read(text).records]
    assert got[:1] == [float(a)]
    assert len(got) == 1


def test_negative_control_a_slashed_name_reads_no_pair(read: _Read) -> None:
    text = "With the new index, the acceptance rate/length stays at 0.61 / 2.40 on chat.\n"
    got = read(text).records
    assert [r.printed_length for r in got if r.printed_length is not None] != [0.61, 2.4]
    assert len([r for r in got if r.printed_rate is not None]) <= 1
