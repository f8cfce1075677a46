"""Blockwise decoding's block efficiency (`Block Eff.`, `Block efficiency`: the tokens one
target call yields) is a length whose convention the name leaves open, read as a table's
length column only in a paste that speaks of speculation or acceptance; a row printing no
figure (`N/A`) gives no record, and a change after a cell's value (`3.40 (+9.0%)`) is no
figure of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _table(head: str, cells: list[str], above: str) -> str:
    rows = "".join(f"| method-{i} | {c} | {100 + i}.5 |\n" for i, c in enumerate(cells))
    return f"{above}\n\n| Method | {head} | Speed (tok/s) |\n|---|---|---|\n{rows}"


@settings(max_examples=examples(25), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 600), min_size=1, max_size=5),
    head=st.sampled_from(["Block Eff.", "Block efficiency", "**Block Eff.**"]),
    change=st.booleans(),
    na=st.booleans(),
)
def test_a_block_efficiency_column_is_a_length_of_unknown_convention(
    read, lengths: list[int], head: str, change: bool, na: bool
) -> None:
    cells = [f"{v / 100:.2f}" + (" (+9.0%)" if change and i else "") for i, v in enumerate(lengths)]
    if na:
        cells.insert(1, "N/A")
    text = _table(head, cells, "Our drafter with a tree of draft tokens, verified in blocks:")
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert all(r.accept_length is None for r in got)


def test_block_efficiency_beside_no_speculation_is_no_length(read) -> None:
    assert (
        read(_table("Block Eff.", ["1.93", "1.41"], "KV cache allocators compared:")).records == ()
    )
    # a share is never a length
    text = _table("Block efficiency", ["96.1%", "61.0%"], "Speculative decoding runs:")
    assert all(r.printed_length is None for r in read(text).records)
