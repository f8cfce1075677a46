"""A pipe table without outer bars (`-- | --` as its rule) whose header row was copied with an
outer bar anyway (`| arm | tok/s | acceptance` over `-- | -- | --`): the empty cell outside
that bar is no column, so the header's names sit over their own columns. Near misses: a row
whose first cell is really empty (a label left blank) keeps its columns; a header whose cells
are as many as the rule's is left as it is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_INTRO = "Speculative decoding, draft model, two arms.\n\n"


@given(
    end=st.sampled_from(["lead", "trail"]),
    rule=st.sampled_from(["--", "---", ":--"]),
    rates=st.lists(st.integers(20, 95), min_size=2, max_size=4),
    extra=st.integers(0, 2),
)
def test_header_with_one_outer_bar_keeps_its_columns(
    read: Read, end: str, rule: str, rates: list[int], extra: int
) -> None:
    names = ["arm"] + [f"m{i}" for i in range(extra)] + ["tok/s", "acceptance"]
    head = " | ".join(names)
    head = f"| {head}" if end == "lead" else f"{head} |"
    lines = [head, " | ".join([rule] * len(names))]
    for i, r in enumerate(rates):
        lines.append(" | ".join([f"arm{i}"] + ["7"] * extra + [f"{40 + i}.5", f"{r}%"]))
    got = read(_INTRO + "\n".join(lines) + "\n").records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 100) for r in rates]


def test_body_row_with_an_empty_first_cell_keeps_it(read: Read) -> None:
    # every row as wide as the rule: nothing is dropped, the first column stays the label
    text = _INTRO + "arm | tok/s | acceptance\n-- | -- | --\n | 40.5 | 61%\nb | 41.5 | 72%\n"
    got = read(text).records
    assert sorted(r.printed_rate for r in got if r.printed_rate is not None) == [
        pytest.approx(0.61),
        pytest.approx(0.72),
    ]


def test_two_outer_bars_on_a_header_over_a_narrower_rule_are_not_trimmed(read: Read) -> None:
    # two cells more than the rule: no single outer bar explains it; its columns are not guessed
    text = _INTRO + "| | arm | tok/s | acceptance |\n-- | --\na | 61%\nb | 72%\n"
    got = read(text).records
    assert all(r.accept_length is None for r in got)
