"""A participle saying a figure was measured before its name ('observed
`acceptance_at_token_0`', 'measured acceptance at position 1', 'actual accept length'): the
figure, read as its name alone (a position's rate, a rate, a length). Before any other name
('observed threshold', 'measured speedup') it names nothing, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PREFIXES = ["observed", "measured", "actual", "achieved"]
_POSITION_NAMES = [
    "acceptance_at_token_{p}",
    "acceptance at position {p}",
    "acceptance at token {p}",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    prefix=st.sampled_from(_PREFIXES),
    name=st.sampled_from(_POSITION_NAMES),
    p=st.integers(0, 3),
    ticked=st.booleans(),
)
def test_a_measured_positions_name_is_that_position(
    prefix: str, name: str, p: int, ticked: bool
) -> None:
    inner = name.format(p=p)
    got = C.key(f"{prefix} `{inner}`" if ticked else f"{prefix} {inner}")
    assert (got.metric, got.position) == (C.POSITION, p)


@settings(max_examples=examples(25), deadline=None)
@given(
    prefix=st.sampled_from(_PREFIXES),
    p=st.integers(0, 1),
    rates=st.lists(st.integers(1000, 9999), min_size=2, max_size=4, unique=True),
)
def test_a_table_of_measured_position_rates_reads_each_row(
    read: Read, prefix: str, p: int, rates: list[int]
) -> None:
    rows = [f"| job-{i} | `0.{r:04d}` | `0.9` |" for i, r in enumerate(rates)]
    text = "\n".join(
        [
            "### Failing jobs",
            "",
            f"| job | {prefix} `acceptance_at_token_{p}` | threshold |",
            "|---|---|---|",
            *rows,
        ]
    )
    recs = read(text + "\n").records
    assert [r.per_position for r in recs] == [(float(f"0.{r:04d}"),) for r in rates]
    assert all(r.accept_length is None for r in recs)


def test_negative_control_a_measured_word_before_no_figure_names_nothing() -> None:
    for name in ("observed threshold", "measured speedup", "actual latency", "observed tokens"):
        assert C.key(name).metric is None, name
    # the names a configuration's reading already read stay as they were
    assert C.key("observed acceptance rate").metric == C.RATE
    assert C.key("measured accept length").metric == C.LENGTH
