"""Lines of one key and its colon each, the values padded into a column after the keys
('Accept length:      2.41'): the grid of aligned columns reads no cell there, so the lines are
key-value lines (reader._fields_rows), each read as such (before: shown as a table of which no
cell was read). A table of plain cells under a header, read as a table, is left as it was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATE_KEYS = ("Draft acceptance rate", "Acceptance rate", "Spec decode acceptance")


def _padded(pairs: list[tuple[str, str]], bullet: str) -> str:
    width = max(len(k) for k, _ in pairs) + 3
    return "\n".join(f"{bullet}{(k + ':').ljust(width)}{v}" for k, v in pairs)


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_RATE_KEYS),
    rate=st.integers(min_value=300, max_value=950),
    lo=st.integers(min_value=150, max_value=300),
    order=st.permutations(range(3)),
    bullet=st.sampled_from(("", "  ")),
)
def test_padded_key_lines_are_read_as_key_value_lines(
    read: Read, key: str, rate: int, lo: int, order: list[int], bullet: str
) -> None:
    # lines of ranges (spreads over requests: no figure of their own) beside the run's rate,
    # every value padded to one column after the keys
    lines = [
        ("Mean acceptance length", f"{lo / 100:.2f} - {(lo + 20) / 100:.2f}  (of 4)"),
        ("Per-position acceptance", f"0.8{lo % 10} - 0.9{lo % 10}, 0.6{lo % 7} - 0.7{lo % 7}"),
        (key, f"{rate / 10:.1f}%  (whole run)"),
    ]
    pairs = [lines[i] for i in order]
    text = "Speculative decoding run, one draft model, greedy.\n\n" + _padded(pairs, bullet) + "\n"
    reading = read(text)
    got = [r.printed_rate for r in reading.records]
    assert len(got) == 1 and got[0] is not None and abs(got[0] - rate / 1000) < 1e-9, text
    assert not any("no cell read" in b.reason for b in reading.unread), text


def test_a_table_of_plain_cells_under_a_header_stays_a_table(read: Read) -> None:
    text = (
        "Speculative decoding runs, one draft model.\n\n"
        "setting   tok/s   accept length\n"
        "greedy    51.0    2.40\n"
        "sampled   47.5    2.12\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.4, 2.12], text
    assert {r.structure for r in got} == {"aligned columns"}, text


def test_one_keyed_line_among_cells_leaves_the_grid_unread(read: Read) -> None:
    """A grid whose rows are not every one a key and its colon ('run a   2.4   3.1') is no run
    of key-value lines: the padded-keys rule does not take it."""
    from specdiag.core.logs.paste import reader as RD

    blk = [(1, "Accept length:   2.41"), (2, "run b    2.52    3.10")]
    assert not RD._fields_rows(blk, 1, 2)
    assert RD._fields_rows([(1, "Accept length:   2.41"), (2, "Rate:   61%")], 1, 2)
