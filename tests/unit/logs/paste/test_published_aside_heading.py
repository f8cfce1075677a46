"""A markdown heading names its section's figures as published only where 'published' qualifies
them (within four words before the figure's name, 'published MTP acceptance'), names where they
were published ('published by', 'published in'), or ends the heading; a heading saying the run is
'not published' / 'unpublished', or using the word of something else the paste released ('text
is blanked in the published rows'), heads the paste's own run: its tables are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OWN = [
    "## Run B, cap on (`out-b/`; prompt text is redacted in the published rows)",
    "## Head sweep (`sweep-3/`, not published)",
    "## Head sweep, unpublished",
    "## Probe run (never published)",
    "## Batch 4 (the published logs omit the system prompt)",
]
_SOURCE = [
    "## Published acceptance length of the upstream head",
    "## `org/head-x`: published tokens/cycle figures",
    "## Figures as published by the vendor",
    "## Published",
]


def _table(values: list[int]) -> str:
    rows = "\n".join(f"| set{i} ({9 + i}) | {v / 100:.2f} |" for i, v in enumerate(values))
    return f"| set | tokens/cycle |\n|---|---:|\n{rows}\n"


_VALUES = st.lists(st.integers(120, 480), min_size=1, max_size=4)


@settings(max_examples=examples(25), deadline=None)
@given(heading=st.sampled_from(_OWN), values=_VALUES)
def test_a_heading_using_published_for_something_else_is_read(
    read: Read, heading: str, values: list[int]
) -> None:
    records = read(f"{heading}\n\n{_table(values)}").records
    assert [r.printed_length for r in records] == [v / 100 for v in values]


@settings(max_examples=examples(25), deadline=None)
@given(heading=st.sampled_from(_SOURCE), values=_VALUES)
def test_a_heading_naming_its_figures_published_gives_no_record(
    read: Read, heading: str, values: list[int]
) -> None:
    assert read(f"{heading}\n\n{_table(values)}").records == ()
