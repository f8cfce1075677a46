"""A table under a title naming its one figure gives that figure to its numeric columns, but
never to a column its header names as another measure (`Tok/s`, `Speed`, `Latency (ms)`,
`Throughput`; `interpret._titled`): those are that measure's values. The figure's own columns
(configurations, data sets) are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_TITLES = st.sampled_from(["Draft acceptance on the support set:", "### Acceptance rate"])
_OTHER = st.sampled_from(["Tok/s", "Speed", "Latency (ms)", "Throughput", "decode t/s"])


@settings(max_examples=30, deadline=None)
@given(title=_TITLES, other=_OTHER, speeds=st.lists(st.integers(120, 900), min_size=2, max_size=4))
def test_another_measures_column_is_not_the_titles_figure(
    title: str, other: str, speeds: list[int]
) -> None:
    rows = "".join(f"| setup-{i} | {v / 10:.1f} | fine |\n" for i, v in enumerate(speeds))
    text = f"{title}\n\n| Setup | {other} | Notes |\n|---|---|---|\n{rows}"
    assert read_paste(text).records == ()


def test_the_titles_own_columns_beside_a_speed_are_read(read: Read) -> None:
    text = (
        "### Acceptance rate\n\n| Setup | chat | tok/s |\n|---|---|---|\n"
        "| k=2 | 0.73 | 61 |\n| k=3 | 0.62 | 57 |\n"
    )
    assert [r.printed_rate for r in read(text).records] == pytest.approx([0.73, 0.62])
