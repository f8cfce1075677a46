"""A bare 'accept' column ('Accept', 'Mean accept') of numbers only a length can be, the run
without drafts holding a placeholder ('—', '-', 'n/a') in it: that row has no figure, the other
rows are lengths of unknown convention (before: the placeholder left the whole table unread).
'Acc' alone, fractions or percentages beside the placeholder, are read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _table(name: str, dash: str, lengths: list[float], at: int) -> str:
    rows = [f"| cfg-{i} | {30 + i}.5 | {x:.2f} |" for i, x in enumerate(lengths)]
    rows.insert(at, f"| target only | 25.0 | {dash} |")
    return "\n".join([f"| Method | Gen TPS | {name} |", "|---|---|---|", *rows]) + "\n"


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(("Accept", "Mean accept", "avg accept")),
    dash=st.sampled_from(("—", "-", "n/a", "---", "–")),
    lengths=st.lists(st.floats(1.2, 9.0), min_size=1, max_size=4),
    at=st.integers(0, 4),
)
def test_placeholder_row_has_no_figure(name: str, dash: str, lengths: list[float], at: int) -> None:
    at = min(at, len(lengths))
    recs = read_paste(_table(name, dash, lengths, at)).records
    assert [r.printed_length for r in recs] == [round(x, 2) for x in lengths]
    assert all(r.accept_length is None for r in recs)


def test_near_misses() -> None:
    # 'Acc' alone (accuracy as often), and fractions beside the dash: no length read
    assert not [
        r for r in read_paste(_table("Acc", "—", [2.41, 3.05], 0)).records if r.printed_length
    ]
    text = "| Method | Gen TPS | Accept |\n|---|---|---|\n| target only | 25.0 | — |\n| a | 30.5 | 0.66 |\n"
    assert all(r.printed_length is None for r in read_paste(text).records)
