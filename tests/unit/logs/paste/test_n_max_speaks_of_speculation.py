"""llama.cpp's draft maximum by its short name (`n-max`, `n_max`) is a word of speculative
decoding (reader._SPEC_CONTEXT): a table whose only acceptance word is a bare `Acceptance` column
is read where the paste names that setting, even with no model or decoding word anywhere. The
same table without it (or with a longer word, `n-maximum`) is acceptance in another meaning, as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

# a line of prose (six words at least) above the table, naming no model nor decoding
_LEAD = "## Numbers from readers\n\nTried it on your own box? Send us a new row.\n\n"


def _table(setting: str, rows: list[tuple[int, int]]) -> str:
    head = f"| Card | Before | After | {setting} | Acceptance |\n|---|---|---|---|---|\n"
    return head + "".join(
        f"| box {i} | {20 + i}.0 | {30 + i}.5 | {k} | {r / 100:.2f} |\n"
        for i, (k, r) in enumerate(rows)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from(["n-max", "n_max", "N-max"]),
    rows=st.lists(st.tuples(st.integers(1, 6), st.integers(30, 95)), min_size=1, max_size=5),
)
def test_a_table_naming_n_max_is_read(read, setting: str, rows: list[tuple[int, int]]) -> None:
    text = _LEAD + _table(setting, rows)
    got = read(text).records
    assert [r.printed_rate for r in got] == [r / 100 for _, r in rows]


def test_without_the_setting_the_bare_column_is_another_meaning(read) -> None:
    rows = [(2, 61), (3, 55)]
    for setting in ("Tier", "n-maximum"):
        text = _LEAD + _table(setting, rows)
        assert read(text).records == ()
