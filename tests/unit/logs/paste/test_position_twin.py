"""A per-position table with no title at all ('| K | P0 | P1 | ... |' alone in its block, often
the first table of a paste cut above its heading) whose header is, cell for cell, the header of
a per-position table the paste reads beside its K sweep ('**Per-position acceptance**'): the
same printer's table, so the same figure, one record a row with its rates, no length. Another
header, a table under a title of its own, or a twin that was never read leave it unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

# the read pair: a sweep of one rate a K, and per-position rates whose mean is that rate
_RUN_POSITIONS = {2: ["82", "62"], 3: ["81", "61", "43"], 4: ["80", "60", "42", "30"]}
_RUN_ACCEPT = {2: "72.0%", 3: "61.7%", 4: "53.0%"}


def _positions(rows: dict[int, list[str]], pos: str, width: int, k_name: str = "K") -> str:
    return pipe_table(
        [k_name, *(pos.format(i) for i in range(width))],
        [[str(k), *(f"{p}%" for p in ps), *["-"] * (width - len(ps))] for k, ps in rows.items()],
    )


def _paste(untitled: str, pos: str = "P{}", width: int = 4, title: str = "") -> str:
    sweep = pipe_table(
        ["K", "tok/s", "TPOT", "Accept"],
        [[str(k), str(240 - 9 * k), f"{3.1 + 0.2 * k:.2f}ms", a] for k, a in _RUN_ACCEPT.items()],
    )
    return (
        f"{title}{untitled}\n</details>\n\n<details>\n<summary>Plain EAGLE3 (code set)</summary>\n\n"
        f"{sweep}\n**Per-position acceptance**\n\n{_positions(_RUN_POSITIONS, pos, width)}"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.lists(st.integers(55, 75), min_size=3, max_size=3),
    pos=st.sampled_from(["P{}", "pos {}", "Position {}"]),
    width=st.integers(4, 6),
)
def test_an_untitled_twin_is_read_one_record_a_row(first: list[int], pos: str, width: int) -> None:
    # falling rates a row, K = 2..4, as the untitled table's run printed them
    rows = {k: [str(first[k - 2] - 12 * i) for i in range(k)] for k in (2, 3, 4)}
    recs = read_paste(_paste(_positions(rows, pos, width), pos, width)).records
    twins = [r for r in recs if r.accept_length is None]
    assert [r.per_position for r in twins] == [
        tuple(int(p) / 100 for p in rows[k]) for k in (2, 3, 4)
    ]
    assert all(r.printed_length is None and r.printed_rate is None for r in twins)
    assert [r.labels for r in twins] == [(("k", str(k)),) for k in (2, 3, 4)]
    assert len([r for r in recs if r.accept_length is not None]) == 3  # the sweep's rows


_ROWS = {2: ["70", "50"], 3: ["69", "49", "31"], 4: ["68", "48", "30", "18"]}


def test_another_header_is_no_twin() -> None:
    # one column fewer than the read table: another printer's layout
    recs = read_paste(_paste(_positions(_ROWS, "P{}", 4), "P{}", 5)).records
    assert all(r.accept_length is not None for r in recs)


def test_a_table_under_a_title_of_its_own_is_no_twin() -> None:
    recs = read_paste(
        _paste(_positions(_ROWS, "P{}", 4), title="Draft latency share (%)\n\n")
    ).records
    assert all(r.accept_length is not None for r in recs)


def test_a_twin_never_read_titles_nothing() -> None:
    # the titled table's rows miss the sweep's rates: it is read for no row, so names nothing
    text = _positions(_ROWS, "P{}", 4) + "\n\n**Per-position acceptance**\n\n"
    text += _positions({2: ["90", "10"], 3: ["91", "11", "1"]}, "P{}", 4)
    assert read_paste(text).records == ()
